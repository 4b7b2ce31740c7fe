"""The fast waits (per suit, cached) give exactly what the definition gives: the kinds whose one
more tile lets the hand decompose. Checked over many random hands and arbitrary tiles, and the
suit classification against a plain search and the ``mahjong`` library's shanten."""

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from mcr_random import random_hands

from engine.core.hand import hand_from_dict
from engine.core.shapes import (
    PUNG,
    SETS_ONLY,
    WITH_PAIR,
    Group,
    completing_kinds,
    decompositions_of_counts,
    may_wait_special,
    regular_complete,
    regular_waits,
    special_waits,
    suit_role,
    waits,
)
from engine.core.tiles import counts34


def completes_by_decomposition(counts: list[int], meld_count: int, *, special: bool = True) -> bool:
    """The definition of a complete hand: the decomposer finds a reading (melds as fixed sets)."""
    return bool(decompositions_of_counts(counts, tuple(Group(PUNG, 0) for _ in range(meld_count)),
                                         special=special))


def defined_waits(counts: list[int], meld_count: int, *, special: bool = True) -> list[int]:
    return completing_kinds(counts, meld_count,
                            lambda after, melds: completes_by_decomposition(after, melds, special=special))


def test_waits_match_the_definition_after_removing_any_tile():
    """Random MCR hands (special forms included) less one of their tiles."""
    rng = random.Random(5)
    tried = waiting = 0
    for data in random_hands(800, seed=43):
        hand = hand_from_dict(data)
        counts = counts34(hand.concealed)
        counts[rng.choice([tile.kind for tile in hand.concealed])] -= 1
        expected = defined_waits(counts, len(hand.melds))
        assert waits(counts, len(hand.melds)) == expected, data
        assert waits(counts, len(hand.melds), special=False) == \
            defined_waits(counts, len(hand.melds), special=False), data
        tried += 1
        waiting += bool(expected)
    assert waiting == tried     # every hand less one of its tiles waits on that tile at least


POOLS = [list(range(9)), list(range(9)) + list(range(27, 34)), list(range(34)),
         [0, 3, 6, 10, 13, 16, 20, 23, 26, 27, 28, 31], [0, 8, 9, 17, 18, 26, *range(27, 34)]]


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
def test_waits_match_the_definition_on_arbitrary_tiles(example):
    counts, meld_count = example
    assert waits(counts, meld_count) == defined_waits(counts, meld_count)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(concealed_tiles())
def test_the_special_wait_screen_passes_every_special_wait(example):
    """``may_wait_special`` only rules out hands for which no tile completes a special form."""
    counts, meld_count = example
    mask = sum(1 << kind for kind in range(34) if counts[kind])
    if defined_waits(counts, meld_count) != regular_waits(counts):
        assert may_wait_special(mask, meld_count)


def test_special_waits_of_the_special_hands():
    """Every special hand of the random set, less each of its kinds, waits on that kind."""
    tried = 0
    for data in random_hands(1500, seed=53):
        hand = hand_from_dict(data)
        counts = counts34(hand.concealed)
        for kind in {tile.kind for tile in hand.concealed}:
            before = list(counts)
            before[kind] -= 1
            special = special_waits(before, len(hand.melds))
            if kind in special:
                tried += 1
                assert may_wait_special(sum(1 << k for k in range(34) if before[k]), len(hand.melds))
            assert set(special) <= set(defined_waits(before, len(hand.melds))), data
    assert tried > 100


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


def test_suit_role_matches_a_plain_search():
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
        assert suit_role(vec, honors) == expected, (vec, honors)
        for bit in checked:
            checked[bit] += bool(expected & bit)
    assert min(checked.values()) > 25      # both answers were met often enough to mean something


def test_regular_complete_agrees_with_the_mahjong_library():
    """A hand of 14 tiles splits into sets and a pair exactly when the ``mahjong`` library's
    regular shanten is -1 (complete): an oracle written by others."""
    from mahjong.shanten import Shanten

    shanten = Shanten()
    rng = random.Random(11)
    complete = 0
    for data in random_hands(1500, seed=59):
        hand = hand_from_dict(data)
        if hand.melds:
            continue
        counts = counts34(hand.concealed)
        for variant in (counts, _swap_one(counts, rng)):
            ours = regular_complete(variant)
            theirs = shanten.calculate_shanten_for_regular_hand(list(variant)) == Shanten.AGARI_STATE
            assert ours == theirs, variant
            complete += ours
    assert complete > 300


def _swap_one(counts: list[int], rng: random.Random) -> list[int]:
    """The counts with one tile changed into a neighbouring kind (often no longer complete)."""
    out = list(counts)
    kind = rng.choice([k for k in range(34) if out[k]])
    out[kind] -= 1
    target = min(33, max(0, kind + rng.choice((-1, 1))))
    if out[target] >= 4:
        target = kind
    out[target] += 1
    return out
