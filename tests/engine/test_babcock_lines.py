"""The classical game's item names built from the hand ("Concealed pung of 5 Dots") are written
from a code and its params, which the item carries: every such name of a thousand random hands
(with the flowers and prevailing-wind options) comes with a code whose template, filled in with
its params, is the name exactly, and is one of ``every_line``'s; the engine's English names are as
before."""

from __future__ import annotations

from mcr_random import random_hands

from engine.families import score_json
from engine.families.babcock.tables import BONUSES, LIMIT_HANDS
from engine.families.babcock.titles import LINES, every_line, line

# Names that are no line built from the hand: the winner's bonuses and the limit hands.
FIXED = {*BONUSES, *LIMIT_HANDS, "Mah-Jongg", "No score", "Limit"}


def test_every_built_name_of_random_hands_carries_its_code() -> None:
    seen, uncoded = set(), []
    names = every_line()
    for hand in random_hands(1000, seed=5):
        result = score_json(dict(hand, rules="classical",
                                 options={"flowers": True, "prevailing_wind": True}))
        if not result["ok"]:
            continue
        for item in result["items"]:
            code = item["name_code"]
            if code is None:
                if item["name"] not in FIXED:
                    uncoded.append(item["name"])
                continue
            seen.add(code)
            assert line(code, **item["name_params"]) == item["name"]
            assert names[item["name"]] == (code, item["name_params"])
    assert not uncoded, sorted(set(uncoded))[:10]
    assert seen == set(LINES), sorted(set(LINES) - seen)


def test_names_are_the_engines_english_as_before() -> None:
    assert line("babcock.concealed_set", shape="pung", tile_name="5 Dots") == "Concealed pung of 5 Dots"
    assert line("babcock.own_wind_set_double", honour="East", shape="pung") == "Double: own wind East pung"
    assert every_line()["Exposed kong of Red"] == ("babcock.exposed_set",
                                                   {"shape": "kong", "tile_name": "Red"})
    assert every_line()["Double: own Plum"] == ("babcock.own_flower_double", {"flowers": "Plum"})
    assert "Mah-Jongg" not in every_line() and "Pung of 5p" not in every_line()
    assert len(every_line()) == 2 * 2 * 34 + 34 + 3 * 7 * 2 + 3 + 8 + 8   # sets, pairs, doubles, flowers
