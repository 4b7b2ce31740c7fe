"""The MCR counting principles applied to one reading's candidate fans.

Non-repeat: a fan drops the fans its definition implies (the ``excludes`` lists in ``fans``), read
from the highest fan down so that a dropped fan drops nothing itself; the outcome is cached on the
list of fans. Pungs of terminals or honours already counted by a wind, dragon or whole-hand fan are
trimmed. (Non-separation, non-identical and account-once are kept by ``combinations``.)
"""

from __future__ import annotations

from functools import lru_cache, reduce
from operator import itemgetter, or_

from engine.core.result import Excluded
from engine.core.shapes import (
    KNITTED_STRAIGHT,
)
from engine.core.tables import Table
from engine.families.mcr.facts import (
    _WAIT_KEYS,
    COVERS,
    EXCLUDES,
    NAMES,
    RANK,
    HandFacts,
    Raw,
    _pungs_text,
    _values_for,
)
from engine.families.mcr.reasons import why


def _apply_principles(form: str, raw: list[Raw], refused: list, facts: HandFacts,
                      search_order: tuple, terminal_pungs: int) -> tuple[int, tuple, tuple]:
    """(points, tie-break order, the ``facts.ScoredReading`` fields): the caller writes out the
    winner's items only, not those of every reading tried."""
    dropped, implied, trim, points, hog_kept, terminal_kept, order = _NON_REPEAT[
        tuple(map(_KEY, raw)), form == KNITTED_STRAIGHT and facts.no_knitted_waits, facts.value_key]
    kept = [fan for fan in raw if fan[0] not in dropped] if dropped else raw
    removed = 0
    if trim:
        if kept is raw:
            kept = list(raw)
        removed = _trim_terminal_pungs(kept)
        if removed == terminal_pungs:   # the entry is gone: the indexes in ``order`` moved
            order = None
    if hog_kept:
        points += facts.values["tile_hog"] * facts.hog_count
    if terminal_kept:
        points += facts.values["pung_of_terminals_or_honors"] * (terminal_pungs - removed)
    if not kept:
        points = 8   # Chicken Hand
    return points, search_order, (form, kept, order, implied, refused, facts.values, removed, points)


_KEY = itemgetter(0)   # a raw entry's fan key
_COUNTED = frozenset({"tile_hog", "pung_of_terminals_or_honors"})   # the fans counted more than once


def _non_repeat(keys: tuple[str, ...], no_knitted_waits: bool,
                value_key: int) -> tuple[dict[str, str], tuple[Excluded, ...], bool, int, bool, bool,
                                         tuple[int, ...] | None]:
    """What the non-repeat principle makes of these fans (``keys``, one per raw entry):

    the fans it drops (fan key -> the fan that implies it; shared, never changed) and their
    exclusions in ``keys`` order; whether Pung of Terminals or Honors is there with a kept fan that
    may account for some of its pungs; the points of the kept entries but Tile Hog and Pung of
    Terminals or Honors (counted by the caller), and whether those two are kept; the order of the
    kept entries as items (indexes among them, Green Book order), None when a fan is there twice
    (its items merge). ``value_key`` is Two Concealed Kongs' value.
    """
    present = reduce(or_, map(_BIT.__getitem__, keys), 0)
    dropped, dropped_bits = _drops(present, no_knitted_waits)
    kept_bits = present & ~dropped_bits
    trim = bool(present & _TERMINAL_PUNG_BIT and kept_bits & _COVER_BITS)
    implied: tuple[Excluded, ...] = ()
    kept = keys
    if dropped_bits:
        values = _values_for(value_key)
        implied = tuple([_implied(key, values[key], dropped[key]) for key in keys if key in dropped])
        kept = [key for key in keys if key not in dropped]
    points = sum(map(_uncounted_values(value_key).__getitem__, kept))
    order = None
    if kept_bits.bit_count() == len(kept):   # no fan twice
        order = tuple(sorted(range(len(kept)), key=list(map(RANK.__getitem__, kept)).__getitem__))
    # Most readings drop nothing: one shared empty dict and tuple instead of new ones per cached entry.
    return (dropped or _NOTHING_DROPPED, implied, trim, points,
            bool(kept_bits & _HOG_BIT), bool(kept_bits & _TERMINAL_PUNG_BIT), order)


# Keyed on which fans a reading has; many hands share the same list.
_NON_REPEAT = Table(lambda key: _non_repeat(*key), 65536)
_NOTHING_DROPPED: dict[str, str] = {}   # shared by every cached answer that drops nothing; never changed


@lru_cache(maxsize=4)
def _uncounted_values(two_concealed_kongs: int) -> dict[str, int]:
    """The fan values ``_non_repeat`` adds up: the two fans its caller counts per pung or hog are 0."""
    values = dict(_values_for(two_concealed_kongs))
    for key in _COUNTED:
        values[key] = 0
    return values


# Non-repeat reads the fans as bits, one per fan in Green Book order (the order it drops them in),
# with each fan's "do not also count" list as a mask over those bits.
_RANKED = sorted(RANK, key=RANK.__getitem__)
_BIT = {key: 1 << index for index, key in enumerate(_RANKED)}
_KEY_OF_BIT = {bit: key for key, bit in _BIT.items()}
_EXCLUDES_OF_BIT = {_BIT[key]: sum(_BIT[other] for other in EXCLUDES[key]) for key in _RANKED}
_EXCLUDING_BITS = sum(bit for bit, excludes in _EXCLUDES_OF_BIT.items() if excludes)
_NAME_OF_BIT = {_BIT[key]: NAMES[key] for key in _RANKED}
_WAIT_BITS = sum(_BIT[key] for key in _WAIT_KEYS)
_COVER_BITS = sum(_BIT[key] for key in COVERS)
_TERMINAL_PUNG_BIT = _BIT["pung_of_terminals_or_honors"]
_HOG_BIT = _BIT["tile_hog"]
# Who drops a wait fan when the option is off: not a fan's name (see ``_implied``).
_KNITTED_WAITS_OFF = "knitted_straight_waits"


def _drops(present: int, no_knitted_waits: bool) -> tuple[dict[str, str], int]:
    """The fans non-repeat drops among the ``present`` bits (fan key -> the name of the fan that
    implies it), read from the highest fan down so that a dropped fan drops nothing itself, and
    their bits. Only fans with a "do not also count" list are read."""
    dropped_bits = 0
    dropped: dict[str, str] = {}
    rest = present & _EXCLUDING_BITS
    while rest:
        bit = rest & -rest
        rest ^= bit
        if bit & dropped_bits:
            continue
        hit = _EXCLUDES_OF_BIT[bit] & present & ~dropped_bits
        if hit:
            dropped_bits |= hit
            name = _NAME_OF_BIT[bit]
            while hit:
                other = hit & -hit
                hit ^= other
                dropped[_KEY_OF_BIT[other]] = name
    if no_knitted_waits and present & _WAIT_BITS:
        waits = present & _WAIT_BITS   # named for the option even when a fan dropped them
        dropped_bits |= waits
        while waits:
            other = waits & -waits
            waits ^= other
            dropped[_KEY_OF_BIT[other]] = _KNITTED_WAITS_OFF
    return dropped, dropped_bits


@lru_cache(maxsize=4096)
def _implied(key: str, value: int, by: str) -> Excluded:
    if by == _KNITTED_WAITS_OFF:
        return Excluded(NAMES[key], value, why("mcr.implied_option_off", fan=NAMES["knitted_straight"],
                                               option=_KNITTED_WAITS_OFF))
    return Excluded(NAMES[key], value, why("mcr.implied", fan=by))


def _trim_terminal_pungs(kept: list[Raw]) -> int:
    """Pung of Terminals or Honors counts once per such pung that no kept fan accounts for;
    returns how many were accounted for elsewhere."""
    index = 0
    for entry in kept:
        if entry[0] == "pung_of_terminals_or_honors":
            break
        index += 1
    else:
        return 0
    kinds = list(entry[3])
    for fan in kept:
        covers = COVERS.get(fan[0])
        if covers is None:
            continue
        if covers == "all":
            kinds = []
        elif covers == "one":
            suited = [kind for kind in kinds if kind < 27]
            if suited:
                kinds.remove(suited[0])
        elif len(fan) > 3:
            kinds = [kind for kind in kinds if kind not in fan[3]]
    removed = len(entry[3]) - len(kinds)
    if not kinds:
        del kept[index]
    elif removed:
        kept[index] = [entry[0], len(kinds), (_pungs_text, tuple(kinds))]
    return removed
