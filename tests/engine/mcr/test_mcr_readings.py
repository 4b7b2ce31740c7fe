"""The fast MCR readings and unique wait give exactly what engine.core.shapes gives (the reference)."""

import random

from mcr_random import random_hands

from engine.core.hand import hand_from_dict
from engine.core.shapes import decompose
from engine.core.shapes import waits as reference_waits
from engine.core.tiles import counts34
from engine.families.mcr.readings import meld_sets, readings
from engine.families.mcr.waits import is_unique_wait, is_unique_wait_of_regular


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


def test_unique_wait_matches_the_waits_after_removing_any_tile():
    rng = random.Random(5)
    for data in random_hands(800, seed=43):
        hand = hand_from_dict(data)
        counts = counts34(hand.concealed)
        kind = rng.choice([tile.kind for tile in hand.concealed])
        counts[kind] -= 1
        expected = reference_waits(counts, len(hand.melds))
        assert is_unique_wait(tuple(counts), len(hand.melds), kind) == (expected == [kind]), data



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
