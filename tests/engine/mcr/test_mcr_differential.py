"""Differential test: our MCR scores against PyMahjongGB on seeded random valid hands.

Same total and the same fan multiset on every hand, after PyMahjongGB's known departures, which
``mcr_oracle`` handles one by one by name (never by loosening the comparison).
``scripts/diff_mcr.py`` runs the same check on 100,000 hands.
"""

from collections import Counter

import pytest
from mcr_oracle import compare, expected_from_oracle, oracle_fans
from mcr_random import random_hands

from engine.families import score_json
from engine.families.mcr.fans import FANS

pytest.importorskip("MahjongGB")

HANDS = 2000


@pytest.fixture(scope="module")
def hands():
    return random_hands(HANDS, seed=20261129)


def test_every_hand_agrees_with_pymahjonggb(hands):
    disagreements = []
    for data in hands:
        result = score_json(data)
        assert result["ok"] and result["valid"], (data, result)
        problem = compare(data, result)
        if problem:
            disagreements.append((data, problem))
    assert not disagreements, f"{len(disagreements)} of {HANDS}: {disagreements[:5]}"


def test_generator_covers_every_fan_form_and_flag(hands):
    """The differential test means little unless the hands reach every fan, form and flag."""
    fans, forms, flags, melds = Counter(), Counter(), Counter(), Counter()
    for data in hands:
        result = score_json(data)
        fans.update(item["name"] for item in result["items"])
        forms[result["form"]] += 1
        flags.update(data["flags"])
        melds.update(meld.split(":")[0] for meld in data["melds"])
        if data["flowers"]:
            flags["flowers"] += 1
    assert set(forms) == {"regular", "seven_pairs", "thirteen_orphans", "honors_knitted",
                          "knitted_straight"}
    assert set(flags) == {"last_tile", "last_of_kind", "kong_replacement", "robbing_kong", "flowers"}
    assert set(melds) == {"chi", "pon", "kan", "ankan", "kakan"}
    rare = {"Big Four Winds", "All Terminals", "Quadruple Chow", "Chicken Hand", "Lower Tiles",
            "Middle Tiles", "Upper Tiles", "Nine Gates", "Pure Terminal Chows", "Four Kongs",
            "Seven Shifted Pairs"}
    missing = {fan.name for fan in FANS.values()} - set(fans) - rare
    assert not missing


def test_departures_are_translated_by_name():
    # one melded and one concealed kong: PyMahjongGB's 5-point fan becomes our 4 + 2
    data = {"rules": "mcr", "hand": "123m456p11s", "melds": ["kan:7777p", "ankan:2222s"],
            "win_tile": "1s", "win_by": "ron"}
    theirs = oracle_fans(data)
    assert theirs[("Concealed Kong and Melded Kong", 5)] == 1
    expected = expected_from_oracle(theirs, Counter())
    assert expected[("Two Melded Kongs", 4)] == 1 and expected[("Concealed Kong", 2)] == 1
    assert compare(data, score_json(data)) is None
