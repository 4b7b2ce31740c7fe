"""The fast MCR readings and waits give exactly what engine.core.shapes gives (the reference)."""

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from mcr_random import random_hands

from engine.core.hand import hand_from_dict
from engine.core.shapes import decompose
from engine.core.shapes import waits as reference_waits
from engine.core.tiles import counts34
from engine.families.mcr.readings import meld_sets, readings
from engine.families.mcr.waits import (
    _may_wait_special,
    is_unique_wait,
    is_unique_wait_of_regular,
    special_waits,
    waits,
)


def normalised_reference(hand):
    return sorted((found.form, tuple(sorted((group.shape, group.first, group.meld or "")
                                            for group in found.groups)))
                  for found in decompose(hand))


def normalised_fast(hand):
    out = []
    found = readings(counts34(hand.concealed), meld_sets(hand.melds))
    for form, sets, pair, pairs, _knitted, _order in found:
        groups = [(shape, first, meld or "") for shape, first, meld in sets]
        groups += [("pair", kind, "") for kind in (pairs if form == "seven_pairs" else
                                                   [pair] if pair >= 0 else [])]
        out.append((form, tuple(sorted(groups))))
    return sorted(out)


def test_readings_match_shapes_on_random_hands():
    for data in random_hands(1500, seed=41):
        hand = hand_from_dict(data)
        assert normalised_fast(hand) == normalised_reference(hand), data


def test_all_alternative_readings_are_found():
    hand = hand_from_dict({"hand": "11122233344455m", "win_tile": "5m"})
    forms = {tuple(sorted(shape for shape, _, _ in sets)) for _, sets, *_ in
             readings(counts34(hand.concealed), ())}
    assert ("chow", "chow", "chow", "pung") in forms and ("pung", "pung", "pung", "pung") in forms


def test_waits_match_shapes_after_removing_any_tile():
    rng = random.Random(5)
    for data in random_hands(800, seed=43):
        hand = hand_from_dict(data)
        counts = counts34(hand.concealed)
        kind = rng.choice([tile.kind for tile in hand.concealed])
        counts[kind] -= 1
        expected = tuple(reference_waits(counts, len(hand.melds)))
        assert waits(tuple(counts), len(hand.melds)) == expected, data
        assert is_unique_wait(tuple(counts), len(hand.melds), kind) == (expected == (kind,)), data



def test_unique_wait_of_a_regular_reading_matches_the_general_one():
    """The shortcut that reads the wait from the winning suit and a regular reading's pair only
    answers as the general check does, for every tile of the hand taken as the winning one."""
    tried = 0
    for data in random_hands(600, seed=47):
        hand = hand_from_dict(data)
        counts = counts34(hand.concealed)
        pairs = {pair for form, _, pair, *_ in readings(counts, meld_sets(hand.melds)) if form == "regular"}
        for win in {tile.kind for tile in hand.concealed}:
            before = list(counts)
            before[win] -= 1
            mask = sum(1 << kind for kind in range(34) if before[kind])
            expected = is_unique_wait(tuple(before), len(hand.melds), win)
            for pair in pairs:
                tried += 1
                assert is_unique_wait_of_regular(tuple(counts), len(hand.melds), win, pair, mask) == expected
    assert tried > 1000

POOLS = [list(range(9)), list(range(9)) + list(range(27, 34)), list(range(34)),
         [0, 3, 6, 10, 13, 16, 20, 23, 26, 27, 28, 31]]


@st.composite
def concealed_tiles(draw):
    meld_count = draw(st.sampled_from([0, 0, 1, 2, 3]))
    pool = draw(st.sampled_from(POOLS))
    size = 13 - 3 * meld_count
    kinds = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size))
    counts = [0] * 34
    for kind in kinds:
        counts[kind] += 1
    assume(max(counts) <= 4)
    return counts, meld_count


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(concealed_tiles())
def test_waits_match_shapes_on_arbitrary_tiles(example):
    counts, meld_count = example
    assert waits(tuple(counts), meld_count) == tuple(reference_waits(counts, meld_count))


def _splits_by_search(vec: tuple[int, ...], honors: bool, pair_left: bool) -> bool:
    """The definition: take the lowest kind as a pung, the pair, or (suited) the first of a chow."""
    if not any(vec):
        return not pair_left
    index = next(i for i, count in enumerate(vec) if count)
    rest = list(vec)
    if vec[index] >= 3:
        rest[index] -= 3
        if _splits_by_search(tuple(rest), honors, pair_left):
            return True
        rest[index] += 3
    if pair_left and vec[index] >= 2:
        rest[index] -= 2
        if _splits_by_search(tuple(rest), honors, False):
            return True
        rest[index] += 2
    if not honors and index <= 6 and vec[index + 1] and vec[index + 2]:
        for offset in range(3):
            rest[index + offset] -= 1
        return _splits_by_search(tuple(rest), honors, pair_left)
    return False


def test_suit_shape_matches_the_search_it_replaces():
    """``suit_shape`` reads a suit in one pass (chows begun per kind mod 3, the pair's kind from the
    offsets' sum mod 3); a search over pungs, the pair and chows defines the answer."""
    from engine.families.mcr.waits import SETS_ONLY, WITH_PAIR, suit_shape

    rng = random.Random(7)
    checked = {SETS_ONLY: 0, WITH_PAIR: 0}
    for _ in range(6000):
        honors = rng.random() < 0.3
        # up to five of a kind: the waits try a fifth tile of a kind whose four are held
        vec = tuple(rng.choice((0, 0, 0, 1, 2, 3, 4, 5)) for _ in range(7 if honors else 9))
        if sum(vec) > 15:
            continue
        expected = (SETS_ONLY if _splits_by_search(vec, honors, False) else 0) \
            | (WITH_PAIR if _splits_by_search(vec, honors, True) else 0)
        assert suit_shape(vec, honors) == expected, (vec, honors)
        for bit in checked:
            checked[bit] += bool(expected & bit)
    assert min(checked.values()) > 25      # both answers were met often enough to mean something


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(concealed_tiles())
def test_the_special_wait_screen_passes_every_special_wait(example):
    """``_may_wait_special`` only rules out tiles ``special_waits`` finds nothing for."""
    counts, meld_count = example
    mask = sum(1 << kind for kind in range(34) if counts[kind])
    if special_waits(counts, meld_count, mask):
        assert _may_wait_special(mask, meld_count)


def test_the_special_wait_screen_on_the_special_hands():
    for data in random_hands(1500, seed=53):
        hand = hand_from_dict(data)
        counts = counts34(hand.concealed)
        for kind in {tile.kind for tile in hand.concealed}:
            before = list(counts)
            before[kind] -= 1
            mask = sum(1 << k for k in range(34) if before[k])
            if special_waits(before, len(hand.melds), mask):
                assert _may_wait_special(mask, len(hand.melds)), data
