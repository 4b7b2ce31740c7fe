"""The classical game's item names built from the hand ("Concealed pung of 5 Dots") are written
from a code and its params, and read back into them: every such name of a thousand random hands
(with the flowers and prevailing-wind options) explains back to a code whose template, filled in,
is the name exactly; the engine's English names are as before."""

from __future__ import annotations

from mcr_random import random_hands

from engine.families import score_json
from engine.families.babcock.tables import BONUSES, LIMIT_HANDS
from engine.families.babcock.titles import LINES, every_line, explain_line, line

# Names that are no line built from the hand: the winner's bonuses and the limit hands.
FIXED = {*BONUSES, *LIMIT_HANDS, "Mah-Jongg", "No score", "Limit"}


def test_every_built_name_of_random_hands_reads_back() -> None:
    seen, unread = set(), []
    for hand in random_hands(1000, seed=5):
        result = score_json(dict(hand, rules="classical",
                                 options={"flowers": True, "prevailing_wind": True}))
        if not result["ok"]:
            continue
        for item in result["items"]:
            explained = explain_line(item["name"])
            if explained is None:
                if item["name"] not in FIXED:
                    unread.append(item["name"])
                continue
            seen.add(explained["code"])
            assert line(explained["code"], **explained["params"]) == item["name"]
    assert not unread, sorted(set(unread))[:10]
    assert seen == set(LINES), sorted(set(LINES) - seen)


def test_names_are_the_engines_english_as_before() -> None:
    assert line("babcock.concealed_set", shape="pung", tile_name="5 Dots") == "Concealed pung of 5 Dots"
    assert line("babcock.own_wind_set_double", honour="East", shape="pung") == "Double: own wind East pung"
    assert explain_line("Exposed kong of Red") == {"code": "babcock.exposed_set",
                                                   "params": {"shape": "kong", "tile_name": "Red"}}
    assert explain_line("Double: own Plum") == {"code": "babcock.own_flower_double",
                                                "params": {"flowers": "Plum"}}
    assert explain_line("Pair of East") == {"code": "babcock.scoring_pair", "params": {"tile_name": "East"}}
    assert explain_line("Mah-Jongg") is None and explain_line("Pung of 5p") is None
    assert len(every_line()) == 2 * 2 * 34 + 34 + 3 * 7 * 2 + 3 + 8 + 8   # sets, pairs, doubles, flowers
