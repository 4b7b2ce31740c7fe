"""The multi-set fans are shared between sets that differ only in their suits: the shared answer
(``shared_best_set_fans``) must be the answer for the sets themselves. The shared answers are
filled in for every group at once (``every_renamed_group``), which must hold every group a hand
brings."""

from __future__ import annotations

import itertools

from mcr_random import random_hands

from engine.core.hand import hand_from_dict
from engine.families import resolve_options
from engine.families.mcr import combinations as combos
from engine.families.mcr import patterns
from engine.families.mcr.combinations import best_set_fans, every_renamed_group, shared_best_set_fans

CHOW_STARTS = [suit * 9 + number for suit in range(3) for number in range(7)]


def test_every_two_or_three_chows_or_pungs():
    for size in (2, 3):
        for firsts in itertools.combinations_with_replacement(CHOW_STARTS, size):
            assert shared_best_set_fans(firsts, True) == best_set_fans(firsts, True), firsts
        for firsts in itertools.combinations(range(27), size):
            assert shared_best_set_fans(firsts, False) == best_set_fans(firsts, False), firsts


def test_every_four_chows_or_pungs():
    for firsts in itertools.combinations_with_replacement(CHOW_STARTS, 4):
        assert shared_best_set_fans(firsts, True) == best_set_fans(firsts, True), firsts
    for firsts in itertools.combinations(range(27), 4):
        assert shared_best_set_fans(firsts, False) == best_set_fans(firsts, False), firsts


def test_the_domain_holds_every_group_of_random_hands_and_only_groups_of_two_to_four():
    domain = every_renamed_group()
    assert all(2 <= len(firsts) <= 4 and list(firsts) == sorted(firsts) and firsts[-1] < 27
               for firsts, _ in domain)
    asked: list[tuple] = []
    table = combos._RENAMED_BEST

    class Recording(dict):
        def __getitem__(self, key):
            asked.append(key)
            return table[key]

    family, options = resolve_options("mcr", {})
    patterns._COMBINATION_ENTRIES.clear()   # every group goes to the table, whatever ran before
    combos._RENAMED_BEST = Recording()
    try:
        for item in random_hands(2000, 7):
            family.score(hand_from_dict(item), options, item)
    finally:
        combos._RENAMED_BEST = table
    assert len(asked) > 500
    assert all(key in domain for key in asked)
