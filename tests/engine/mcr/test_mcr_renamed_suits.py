"""The multi-set fans are shared between sets that differ only in their suits: the shared answer
(``shared_best_set_fans``) must be the answer for the sets themselves."""

from __future__ import annotations

import itertools
import random

from engine.families.mcr.combinations import best_set_fans, shared_best_set_fans

CHOW_STARTS = [suit * 9 + number for suit in range(3) for number in range(7)]


def test_every_two_or_three_chows_or_pungs():
    for size in (2, 3):
        for firsts in itertools.combinations_with_replacement(CHOW_STARTS, size):
            assert shared_best_set_fans(firsts, True) == best_set_fans(firsts, True), firsts
        for firsts in itertools.combinations(range(27), size):
            assert shared_best_set_fans(firsts, False) == best_set_fans(firsts, False), firsts


def test_random_four_chows_or_pungs():
    rng = random.Random(16)
    for _ in range(3000):
        chows = tuple(sorted(rng.choice(CHOW_STARTS) for _ in range(4)))
        assert shared_best_set_fans(chows, True) == best_set_fans(chows, True), chows
        pungs = tuple(sorted(rng.sample(range(27), 4)))
        assert shared_best_set_fans(pungs, False) == best_set_fans(pungs, False), pungs
