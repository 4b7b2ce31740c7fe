"""Every reading (decomposition) of an MCR hand, as light tuples the fan detectors read fast.

Same readings as ``engine.core.shapes.decompositions_of_counts``, from the same suit splits and
special forms (the property test in tests/engine/mcr/test_mcr_readings.py checks it), but without
building dataclasses per group: scoring MCR reads every decomposition of every hand, so this is
the engine's hot path. Each suit's count
vector is split once (``engine.core.shapes.suit_splits``) and its light form cached here; a hand's
regular readings are the product of its suits' splits.

A reading is ``(form, sets, pair, pairs, knitted, order)``:
``sets`` as ``(shape, first kind, meld kind or None)`` with the melds first; ``pair`` the pair's
kind (-1 if the form has none or several); ``pairs`` every pair (Seven Pairs); ``knitted`` the
knitted kinds; ``order`` the tie-break key (see ``search_order``).
"""

from __future__ import annotations

from itertools import product

from engine.core.shapes import (
    CHOW,
    HONORS_KNITTED,
    KNITTED_STRAIGHT,
    KONG,
    PAIR,
    PUNG,
    REGULAR,
    SEVEN_PAIRS,
    STEP_CHOW,
    STEP_PUNG,
    THIRTEEN_ORPHANS,
    held_mask,
    knitted_rest,
    special_forms,
    suit_splits,
    suit_steps,
)
from engine.core.tiles import TERMINALS_AND_HONORS

_SUITS = ((0, 9, False), (9, 9, False), (18, 9, False), (27, 7, True))
_MELD_SHAPES = {"chi": CHOW, "pon": PUNG, "kan": KONG, "ankan": KONG, "kakan": KONG}
_SHAPE_OF_STEP = {STEP_PUNG: PUNG, STEP_CHOW: CHOW}
# Which reading wins a tie on points: the one a search from the lowest tile upwards, trying the
# pair, then a pung, then a chow at each step, meets last (this is what PyMahjongGB keeps), so the
# order key is the step codes of the concealed groups by first tile (``engine.core.shapes.suit_steps``),
# and the larger key wins.

SuitReading = tuple[tuple, int, tuple]  # (sets, pair or -1, order steps)


def suit_readings(vec: tuple[int, ...], base: int, honors: bool) -> tuple[SuitReading, ...]:
    """All splits of one suit into sets (and one pair when its count is 2 mod 3), in the search
    order of ``engine.core.shapes.suit_splits``, as light tuples with kinds counted from ``base``.

    ``regular_readings`` keeps every answer in ``_SUIT_TABLES``: a finite domain of at most
    405,350 suit vectors (each count 0-4, 14 tiles at most)."""
    out = []
    for sets, pair in suit_splits(vec, honors):
        light = tuple([_LIGHT_SETS[step][base + offset] for offset, step in sets])
        if pair < 0:
            out.append((light, -1, tuple([step for _, step in sets])))
        else:
            out.append((light, base + pair, suit_steps((sets, pair))))
    return tuple(out)


# A concealed set's light tuple by step and first kind, made once and shared by every reading.
_LIGHT_SETS = {step: tuple((shape, kind, None) for kind in range(34))
               for step, shape in _SHAPE_OF_STEP.items()}


# Per suit: first kind, size, honours?, and the splits of its count vectors already read (the
# answers of ``suit_readings``, looked up without building an argument key).
# The last item is the suit's kinds as bits of a mask, to pass over an empty suit without slicing.
_SUIT_TABLES: tuple[tuple[int, int, bool, dict, int], ...] = tuple(
    (base, size, honors, {}, ((1 << size) - 1) << base) for base, size, honors in _SUITS)


def regular_readings(counts: list[int] | tuple[int, ...],
                     mask: int | None = None) -> list[tuple[tuple, int, tuple]]:
    """(concealed sets, pair, order) for every 4-sets-and-a-pair reading of concealed counts;
    ``mask`` (bit k set when kind k is held) saves slicing the empty suits."""
    parts = []
    pair_suits = 0
    single = True
    for base, size, honors, splits, suit_mask in _SUIT_TABLES:
        if mask is None:
            vec = tuple(counts[base:base + size])
            if not any(vec):
                continue
        elif mask & suit_mask:
            vec = tuple(counts[base:base + size])
        else:
            continue
        found = splits.get(vec)
        if found is None:
            found = splits[vec] = suit_readings(vec, base, honors)
        if not found:
            return []
        if found[0][1] >= 0:
            pair_suits += 1
        if len(found) > 1:
            single = False
        parts.append(found)
    if pair_suits != 1:
        return []
    if single:
        if len(parts) == 1:
            return [parts[0][0]]
        sets: tuple = ()
        order: tuple = ()
        pair = -1
        for (part_sets, part_pair, part_order), in parts:
            sets += part_sets
            order += part_order
            if part_pair >= 0:
                pair = part_pair
        return [(sets, pair, order)]
    out = []
    for combo in product(*parts):
        sets = ()
        order = ()
        pair = -1
        for part_sets, part_pair, part_order in combo:
            sets += part_sets
            order += part_order
            if part_pair >= 0:
                pair = part_pair
        out.append((sets, pair, order))
    return out


def meld_sets(melds) -> tuple:
    return tuple((_MELD_SHAPES[meld.kind], meld.first, meld.kind) for meld in melds)


def readings(counts: list[int], melds: tuple, mask: int | None = None) -> list[tuple]:
    """Every reading of a hand: concealed ``counts`` (34) and ``melds`` from ``meld_sets``;
    ``mask`` (bit k set when kind k is in the concealed tiles) saves recomputing it. The special
    forms are ``engine.core.shapes``'s."""
    if mask is None:
        mask = held_mask(counts)
    regular = regular_readings(counts, mask)
    if len(regular) == 1:
        sets, pair, order = regular[0]
        found = [(REGULAR, melds + sets, pair, (), (), order)]
    else:
        found = [(REGULAR, melds + sets, pair, (), (), order) for sets, pair, order in regular]
    meld_count = len(melds)
    if sum(counts) + 3 * meld_count != 14:
        return found
    for form, kinds in special_forms(counts, mask, meld_count):
        if form == KNITTED_STRAIGHT:
            for sets, pair, order in regular_readings(knitted_rest(counts, kinds)):
                found.append((KNITTED_STRAIGHT, melds + sets, pair, (), kinds, order))
        elif form == SEVEN_PAIRS:
            found.append((SEVEN_PAIRS, (), -1, kinds, (), ()))
        elif form == THIRTEEN_ORPHANS:
            found.append((THIRTEEN_ORPHANS, (), kinds[0], kinds, TERMINALS_AND_HONORS, ()))
        else:
            found.append((HONORS_KNITTED, (), -1, (), kinds, ()))
    return found

__all__ = ["PAIR", "meld_sets", "readings", "regular_readings", "suit_readings"]
