"""The fast yaku tables agree with the yaku units' predicates, and the fast fu totals with the fu
items, on every candidate of every hand of the differential sets.

The analysis picks a candidate's yaku from exact feature bits (``HAND_EXACT``, ``EXACT``) so that
no predicate runs per hand; the units' predicates are the yaku's definitions. Here each
candidate's reading is rebuilt as a full ``View`` (its chows and pungs, the concealed pungs as
the rules count them, the pinfu shape from the fu items) and every unit's predicate is asked: the
yaku it finds must be the ones the tables gave. The fu the analysis adds up as totals must be the
base plus the items ``fu.fu_items`` writes for the shown breakdown.
"""

from __future__ import annotations

import random

import pytest
from riichi_random import random_requests

from engine.core.hand import hand_from_dict
from engine.families import resolve_options
from engine.families.riichi.analysis import Candidate, analyse, fu_items_of
from engine.families.riichi.fu import fu_items
from engine.families.riichi.readings import CHOW_B, KONG_B, PAIR_B, PUNG_B, meld_info
from engine.families.riichi.yaku import (
    ALL_YAKU,
    HAND_EXACT,
    HAND_EXACT_BITS,
    KOKUSHI_IDS,
    Facts,
    View,
    hand_units_exact,
)

TABLE_CASES = [(2024, 2000, {}), (77, 500, {"double_yakuman": True}),
               (77, 500, {"open_tanyao": False, "red_fives": False}),
               (77, 500, {"renhou_as_yakuman": True, "open_pinfu_fu": False}),
               (78, 500, {"pinfu_tsumo_fu": True}),
               (79, 500, {"pinfu_tsumo_fu": True, "open_pinfu_fu": False})]


def full_view(candidate: Candidate, facts: Facts, open_blocks: tuple) -> View:
    """The reading as the predicates read it, worked out from its blocks alone."""
    reading = candidate.reading
    if candidate.seven_pairs:
        return View(reading, True, win_group=(facts.win_kind, PAIR_B))
    chows = [kind for kind, shape in reading if shape == CHOW_B]
    triplets = [kind for kind, shape in reading if shape in (PUNG_B, KONG_B)]
    concealed = [block for block in reading if block[1] in (PUNG_B, KONG_B) and block not in open_blocks]
    win_group = candidate.win_group
    assert win_group is not None
    if win_group[1] == PUNG_B and not facts.tsumo:
        # a discard opens the pung it completes, unless the tile also completes a concealed chow
        if not any(shape == CHOW_B and block not in open_blocks and kind <= facts.win_kind <= kind + 2
                   for block in reading for kind, shape in [block]):
            concealed.remove(win_group)
    items = fu_items(reading, win_group, open_blocks, facts.win_kind, facts.seat_wind,
                     facts.round_wind, facts.tsumo, facts.is_open)
    pinfu_shape = not facts.is_open and all(why == "tsumo" for _, why in items)
    chow_mask = sum(1 << kind for kind in set(chows) if kind < 27)
    pung_mask = sum(1 << kind for kind in set(triplets) if kind < 27)
    return View(reading, False, chows, triplets, len(concealed), pinfu_shape, win_group, 0,
                chow_mask, pung_mask)


def predicted(facts: Facts, view: View) -> set[str]:
    """The units whose predicates hold; a yakuman pushes out every ordinary yaku."""
    found = [unit for unit in ALL_YAKU if unit.id not in KOKUSHI_IDS and unit.applies(facts, view)]
    if any(unit.yakuman for unit in found):
        found = [unit for unit in found if unit.yakuman]
    return {unit.id for unit in found}


@pytest.mark.parametrize(("seed", "count", "overrides"), TABLE_CASES)
def test_tables_give_the_yaku_the_predicates_define(seed: int, count: int, overrides: dict) -> None:
    _, options = resolve_options("riichi", overrides)
    checked = 0
    disagreements = []
    for request in random_requests(seed, count):
        hand = hand_from_dict(request)
        melds = meld_info(hand.melds)
        analysis = analyse(hand, options, melds)
        for candidate in analysis.candidates:
            if candidate.thirteen_orphans:
                continue
            view = full_view(candidate, analysis.facts, melds.open_blocks)
            tables = {unit.id for unit, _ in candidate.yaku}
            definition = predicted(analysis.facts, view)
            checked += 1
            if tables != definition:
                disagreements.append((request["hand"], request.get("melds"), candidate.reading,
                                      sorted(tables ^ definition)))
    assert checked > count
    assert not disagreements, f"{len(disagreements)} candidates disagree: {disagreements[:3]}"


@pytest.mark.parametrize(("seed", "count", "overrides"), TABLE_CASES)
def test_fu_totals_are_the_base_plus_the_items(seed: int, count: int, overrides: dict) -> None:
    _, options = resolve_options("riichi", overrides)
    wrong = []
    for request in random_requests(seed, count):
        hand = hand_from_dict(request)
        analysis = analyse(hand, options, meld_info(hand.melds))
        facts = analysis.facts
        for candidate in analysis.candidates:
            if candidate.seven_pairs or candidate.thirteen_orphans:
                continue
            base = 20 if facts.is_open or facts.tsumo else 30
            items = fu_items_of(candidate, analysis)
            if candidate.raw_fu != base + sum(fu for fu, _ in items):
                wrong.append((request["hand"], candidate.reading, candidate.raw_fu, items))
    assert not wrong, f"{len(wrong)} candidates: {wrong[:3]}"


def test_the_tables_are_read_off_the_units() -> None:
    """Every yaku carries the bits that decide it, distinct from every other's of its kind (hand
    bits and reading bits are two spaces), and the fast path's tables hold exactly those: no yaku
    is decided by a bit written anywhere else."""
    from engine.families.riichi.yaku import EXACT, HAND_EXACT, HAND_UNITS, SET_UNITS, SITUATIONAL

    assert HAND_EXACT == {unit.id: unit.exact for unit in SITUATIONAL + HAND_UNITS}
    assert EXACT == {unit.id: unit.exact for unit in SET_UNITS}
    for units in (SITUATIONAL + HAND_UNITS, SET_UNITS):
        decided = [unit for unit in units if unit.id not in KOKUSHI_IDS]
        assert all(unit.exact for unit in decided)
        assert len({unit.exact for unit in decided}) == len(decided)


def test_hand_bits_outside_the_exact_ones_pick_no_unit() -> None:
    """The analysis keys its value cache on a hand's bits masked to ``HAND_EXACT_BITS``: every
    unit's exact bits lie inside that mask, so a hand's flag and hand units come out the same with
    or without the other bits."""
    assert all(exact & ~HAND_EXACT_BITS == 0 for exact in HAND_EXACT.values())
    rng = random.Random(5)
    top = max(HAND_EXACT.values()).bit_length() + 4
    for _ in range(3000):
        features = rng.getrandbits(top) & rng.getrandbits(top)
        assert hand_units_exact(features) == hand_units_exact(features & HAND_EXACT_BITS)



def test_the_hand_unit_groups_cover_every_hand_unit_once() -> None:
    """The flag and hand bits are generated group by group: every hand unit is in exactly one
    group, or decided apart (nine gates, thirteen orphans)."""
    from engine.families.riichi.yaku import (
        BY_ID,
        HAND_UNITS,
        HONOUR_UNITS,
        NINE_GATES,
        SHAPE_UNITS,
        WIND_UNITS,
    )

    grouped = [*HONOUR_UNITS, *WIND_UNITS, *SHAPE_UNITS, *NINE_GATES,
               *(BY_ID[name] for name in KOKUSHI_IDS)]
    assert len(grouped) == len(set(grouped))
    assert set(grouped) == set(HAND_UNITS)


@pytest.mark.parametrize(("seed", "count", "overrides"), TABLE_CASES)
def test_the_generated_hand_bits_are_the_units_that_apply(seed: int, count: int,
                                                          overrides: dict) -> None:
    """Each group's table is generated from its predicates over only what the group reads; asked
    on the hand's whole facts, every flag and hand unit's predicate gives the same bits (so no
    unit reads a fact its group's key leaves out)."""
    from engine.families.riichi.hand_facts import build_facts, units_bits
    from engine.families.riichi.yaku import HAND_UNITS, NINE_GATES, SITUATIONAL

    apart = {*NINE_GATES, *(unit for unit in HAND_UNITS if unit.id in KOKUSHI_IDS)}
    units = tuple(unit for unit in SITUATIONAL + HAND_UNITS if unit not in apart)
    _, options = resolve_options("riichi", overrides)
    wrong = []
    for request in random_requests(seed, count):
        hand = hand_from_dict(request)
        melds = meld_info(hand.melds)
        counts = [0] * 34
        present = 0
        for tile in hand.all_tiles():
            counts[tile.kind] += 1
            present |= 1 << tile.kind
        facts, bits = build_facts(hand, counts, present, melds, options)
        if bits != units_bits(units, facts):
            wrong.append((request["hand"], request.get("melds"), sorted(hand.flags)))
    assert not wrong, f"{len(wrong)} hands: {wrong[:3]}"


def test_the_keys_left_short_lose_nothing() -> None:
    """The situation key leaves out the flag options when there is no flag, and a hand without
    honour tiles skips the honour and wind tables: under every option, and for every wind,
    those would add nothing."""
    from itertools import product

    from engine.families.riichi.hand_facts import (
        _FLAG_OPTIONS,
        _situation_bits,
        probe,
        units_bits,
    )
    from engine.families.riichi.yaku import HONOUR_UNITS, WIND_UNITS

    for tsumo, is_open in product((False, True), repeat=2):
        short = _situation_bits((frozenset(), tsumo, is_open))
        for switches in product((False, True), repeat=len(_FLAG_OPTIONS)):
            assert _situation_bits((frozenset(), tsumo, is_open, *switches)) == short
    assert units_bits(HONOUR_UNITS, probe()) == 0
    for seat_wind, round_wind in product(range(27, 31), repeat=2):
        assert units_bits(WIND_UNITS, probe(seat_wind=seat_wind, round_wind=round_wind)) == 0
    # The units do read their groups' facts: the tables are not all empty.
    assert _situation_bits((frozenset({"riichi"}), False, False, True, True, False)) != 0
    assert units_bits(HONOUR_UNITS, probe(counts=[0] * 31 + [3, 3, 3])) != 0
