"""``suit_splits`` against the plain tile-by-tile search its order is defined by.

The engine walks one choice per kind (pungs, the pair, chows); the search below takes one group
at a time (a pung, then the pair, then a chow at the lowest tile left) and drops the splits it
meets again. Both must list the same splits in the same order: MCR breaks ties by that order.
"""

from __future__ import annotations

import itertools
import random

from engine.core.shapes import STEP_CHOW, STEP_PUNG, suit_splits


def searched_splits(vec: tuple[int, ...], honors: bool) -> tuple:
    size = len(vec)
    found: dict = {}
    cnt = list(vec)
    groups: list[tuple[int, int]] = []

    def walk(index: int, pair: int) -> None:
        while index < size and not cnt[index]:
            index += 1
        if index == size:
            found.setdefault((tuple(sorted(groups)), pair), None)
            return
        if cnt[index] >= 3:
            cnt[index] -= 3
            groups.append((index, STEP_PUNG))
            walk(index, pair)
            groups.pop()
            cnt[index] += 3
        if pair < 0 and cnt[index] >= 2:
            cnt[index] -= 2
            walk(index, index)
            cnt[index] += 2
        if not honors and index <= 6 and cnt[index + 1] and cnt[index + 2]:
            for offset in range(3):
                cnt[index + offset] -= 1
            groups.append((index, STEP_CHOW))
            walk(index, pair)
            groups.pop()
            for offset in range(3):
                cnt[index + offset] += 1

    if sum(vec) % 3 != 1:
        walk(0, -1)
    return tuple(found)


def test_every_small_suit_splits_as_the_search_finds():
    for honors, size in ((False, 9), (True, 7)):
        for vec in itertools.product(range(5), repeat=size):
            if sum(vec) <= 8:
                assert suit_splits.__wrapped__(vec, honors) == searched_splits(vec, honors), vec


def test_random_suits_up_to_fourteen_tiles_and_beyond_four_of_a_kind():
    rng = random.Random(16)
    for _ in range(4000):
        honors = rng.random() < 0.2
        vec = tuple(rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(7 if honors else 9))
        assert suit_splits.__wrapped__(vec, honors) == searched_splits(vec, honors), vec
    for _ in range(500):
        honors = rng.random() < 0.2
        vec = tuple(rng.choice((0, 1, 2, 5, 6, 7)) for _ in range(7 if honors else 9))
        assert suit_splits.__wrapped__(vec, honors) == searched_splits(vec, honors), vec
