"""Decompositions of hands into sets and pairs and the special forms, and waits."""

import pytest

from engine.core.hand import HandError, make_hand
from engine.core.shapes import KNITTED_STRAIGHT, decompose, regular_splits, waits
from engine.core.tiles import counts34, format_kinds, parse_tiles


def test_nine_gates_waits_on_all_nine():
    assert format_kinds(waits(counts34(parse_tiles("1112345678999m")))) == "123456789m"


def test_all_alternative_readings():
    # 111222333m can be three pungs or three identical chows
    readings = regular_splits(counts34(parse_tiles("11122233344455m")))
    shapes = {tuple(sorted(shape for shape, _ in r)) for r in readings}
    assert ("chow", "chow", "chow", "pair", "pung") in shapes
    assert ("pair", "pung", "pung", "pung", "pung") in shapes


@pytest.mark.parametrize("hand, form", [
    ("19m19p19s12345677z", "thirteen_orphans"),
    ("147m258p369s12345z", "honors_knitted"),
    ("11223344556677m", "seven_pairs"),
    ("147m258p369s22444z", KNITTED_STRAIGHT),
])
def test_special_forms(hand, form):
    assert form in {d.form for d in decompose(make_hand(hand))}


def test_melds_are_fixed_groups():
    hand = make_hand("123m456p789s11z", melds=["pon:555p"])
    [reading] = decompose(hand)
    assert [g.meld for g in reading.groups].count("pon") == 1 and len(reading.groups) == 5


def test_hand_errors():
    with pytest.raises(HandError, match="13 tiles"):
        make_hand("123m456p789s1122z")
    with pytest.raises(HandError, match="not a legal chi"):
        make_hand("123m456p789s11z", melds=["chi:135m"])
    with pytest.raises(HandError, match="winning tile 3z"):
        make_hand("123m456p789s1122z", win_tile="3z", melds=[]) if False else make_hand(
            "123m456p789s11222z", win_tile="3z")
    with pytest.raises(HandError, match="5 copies of"):
        make_hand("11m456p789s111z", melds=["pon:111m"])
