"""Abortive draws and multiple ron claims (the Japanese sheet; the modern Riichi set)."""

from __future__ import annotations

import pytest

from engine.core.tiles import parse_tiles
from engine.families.riichi.draws import four_kongs, four_winds, nine_terminals, ron_winners, three_ron


def test_nine_terminals_modern_reading_counts_kinds():
    # 1m 9m 1p 9p 1s E S W N: nine different kinds -> may abort
    assert nine_terminals(parse_tiles("19m19p1s1234z2345m5p"), "kinds")
    # eight kinds (9m missing) -> not
    assert not nine_terminals(parse_tiles("11m19p1s1234z2345m5p"), "kinds")


def test_four_kongs():
    assert four_kongs([0, 0, 2, 3])
    assert not four_kongs([1, 1, 1, 1])          # one player: suukantsu is still possible
    assert not four_kongs([0, 1, 2])
    assert not four_kongs([0, 1, 2, 3], fourth_robbed=True)


def test_four_winds_modern_reading():
    assert four_winds(parse_tiles("3z3z3z3z"))
    assert not four_winds(parse_tiles("3z3z3z4z"))
    assert not four_winds(parse_tiles("5z5z5z5z"))    # a dragon, not a wind
    assert not four_winds(parse_tiles("1z1z1z1z"), any_call=True)


def test_multiple_ron():
    assert three_ron([1, 2, 3])
    # discarder 0, claims by 3 and 2: head bump gives it to 2 (next in turn after 0 is 1, then 2)
    assert ron_winners([3, 2], 0, "head_bump") == [2]
    assert ron_winners([3, 2], 0, "double_ron") == [2, 3]
    assert ron_winners([1, 2, 3], 0, "double_ron") == []
    with pytest.raises(ValueError):
        ron_winners([0, 1], 0, "head_bump")
