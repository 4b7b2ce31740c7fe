"""The tiles a 13-tile MCR hand waits on, fast: MCR's wait fans need to know whether the wait is
unique, for every hand scored, so this cannot afford to try 34 tiles through the full decomposer.

Same answer as ``engine.core.shapes.waits`` (a kind whose four copies are already in the hand is
still listed), computed per suit: each suit's count vector is classified once (can it be split
into sets only, or into sets and one pair?) and cached, so trying a tile re-reads one suit only.
Special forms (Seven Pairs, Thirteen Orphans, Honors and Knitted, Knitted Straight) are read
directly from the counts.
"""

from __future__ import annotations

from functools import cache, lru_cache

from engine.core.shapes import KNITTED_SEQUENCE_MASKS
from engine.core.tiles import HONORS, HONORS_MASK, TERMINALS_AND_HONORS, TERMINALS_AND_HONORS_MASK, kind_mask

SETS_ONLY, WITH_PAIR = 1, 2
_SUITS = ((0, 9, False), (9, 9, False), (18, 9, False), (27, 7, True))
_TH = frozenset(TERMINALS_AND_HONORS)


def suit_shape(vec: tuple[int, ...], honors: bool, added: int = -1) -> int:
    """Bit 1: the suit splits into sets only; bit 2: into sets and exactly one pair; with one more
    tile of offset ``added`` when it is not -1 (not cached here: ``_role`` and ``_completions``
    are).

    Sets hold 3n tiles and 3n+2 with a pair, so at most one bit can be set. Every chow and pung
    also holds kinds whose offsets sum to a multiple of 3, so the pair's offset p has
    2p = (the sum of every tile's offset) mod 3: only a third of the suited kinds can hold it.
    Counts may reach 5 (``_completions`` adds a fifth tile to try a kind all four of which are
    held)."""
    remainder = (sum(vec) + (added >= 0)) % 3
    if remainder == 0:
        return SETS_ONLY if _sets_only(vec, honors, -1, added) else 0
    if remainder == 1:
        return 0
    if honors:
        candidates = range(len(vec))
    else:
        weight = added if added >= 0 else 0
        for offset, count in enumerate(vec):
            weight += offset * count
        candidates = range(2 * weight % 3, len(vec), 3)
    for pair in candidates:
        if vec[pair] + (pair == added) >= 2 and _sets_only(vec, honors, pair, added):
            return WITH_PAIR
    return 0


def _sets_only(vec: tuple[int, ...], honors: bool, pair: int, added: int) -> bool:
    """Whether the counts, less two of kind ``pair`` and with one more of kind ``added`` (-1:
    none), split into chows and pungs.

    Three equal chows hold the same tiles as three pungs, so some split (if any) begins fewer than
    three chows at each kind: read from the lowest kind up, the tiles a kind has left after the
    chows begun below it make pungs, and the remainder mod 3 must begin chows. One pass, no search."""
    one_below = two_below = 0     # chows begun at the kind below, and two below
    for index, count in enumerate(vec):
        if index == pair:
            count -= 2
        if index == added:
            count += 1
        if honors:
            if count % 3:
                return False
            continue
        rest = count - one_below - two_below
        if rest < 0:
            return False
        starts = rest % 3
        if starts and index > 6:
            return False
        two_below, one_below = one_below, starts
    return True


@cache  # finite domain: at most 405,350 suit vectors (each count 0-4, 14 tiles at most)
def _role(vec: tuple[int, ...], honors: bool) -> int:
    """0: this suit cannot be part of a complete hand; SETS_ONLY or WITH_PAIR: what it supplies
    (``suit_shape`` answers only the one its tile count allows)."""
    return suit_shape(vec, honors)


@cache  # finite domain: at most 405,350 suit vectors (each count 0-4, 14 tiles at most)
def _completions(vec: tuple[int, ...], honors: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Offsets whose tile makes this suit (sets only, sets and the pair): ``suit_shape`` of the
    suit with each tile added, its tile count and offset weight worked out once for all nine."""
    remainder = (sum(vec) + 1) % 3      # the same for every tile added
    if remainder == 1:
        return (), ()
    size = len(vec)
    found = []
    weight = held = 0
    for offset, count in enumerate(vec):
        if count:
            weight += offset * count
            held |= 1 << offset
    # A tile helps only next to one held (an honour: on one held): bit o of ``near``.
    near = held if honors else held | held << 1 | held << 2 | held >> 1 | held >> 2
    for offset in range(size):
        if not near >> offset & 1:
            continue
        if remainder == 0:
            if _sets_only(vec, honors, -1, offset):
                found.append(offset)
            continue
        for pair in range(size) if honors else range(2 * (weight + offset) % 3, size, 3):
            if vec[pair] + (pair == offset) >= 2 and _sets_only(vec, honors, pair, offset):
                found.append(offset)
                break
    return (tuple(found), ()) if remainder == 0 else ((), tuple(found))


def _regular_candidates(counts) -> list[int]:
    vecs = [tuple(counts[base:base + size]) for base, size, _ in _SUITS]
    roles = [_role(vec, honors) for vec, (_, _, honors) in zip(vecs, _SUITS, strict=True)]
    result = []
    for suit, (base, _, honors) in enumerate(_SUITS):
        others = roles[:suit] + roles[suit + 1:]
        if 0 in others:
            continue
        pairs = others.count(WITH_PAIR)
        if pairs > 1:
            continue
        offsets = _completions(vecs[suit], honors)[0 if pairs else 1]
        result.extend(base + offset for offset in offsets)
    return result


def regular_waits(counts: list[int] | tuple[int, ...]) -> list[int]:
    """Kinds that complete 4 sets + pair (with the melds) from these concealed counts."""
    return sorted(_regular_candidates(counts))


def special_waits(counts: list[int] | tuple[int, ...], meld_count: int, mask: int | None = None) -> set[int]:
    """Kinds that complete one of the special forms. ``mask`` (bit k set when ``counts[k]``)
    saves recomputing it; each form is first ruled in or out on it."""
    if mask is None:
        mask = kind_mask(kind for kind in range(34) if counts[kind])
    found: set[int] = set()
    if meld_count == 0 and sum(counts) == 13:
        distinct = mask.bit_count()
        if distinct <= 7:
            odd = [kind for kind in range(34) if counts[kind] % 2]
            if len(odd) == 1:
                found.add(odd[0])                               # Seven Pairs
        if not mask & ~TERMINALS_AND_HONORS_MASK:                                 # Thirteen Orphans
            if distinct == 13:
                found.update(TERMINALS_AND_HONORS)
            elif distinct == 12 and max(counts) == 2:
                found.update(kind for kind in TERMINALS_AND_HONORS if not counts[kind])
        if distinct == 13:                                       # Honors and Knitted Tiles
            for sequence, sequence_mask in KNITTED_SEQUENCE_MASKS:
                if not mask & ~(sequence_mask | HONORS_MASK):
                    found.update(kind for kind in sequence + HONORS if not counts[kind])
    if meld_count <= 1 and _KNITTED_ROWS[mask & 0x1FF] and _KNITTED_ROWS[mask >> 9 & 0x1FF] and \
            _KNITTED_ROWS[mask >> 18 & 0x1FF]:                   # Knitted Straight
        for sequence, sequence_mask in KNITTED_SEQUENCE_MASKS:
            if (sequence_mask & ~mask).bit_count() > 1:
                continue
            missing = [kind for kind in sequence if not counts[kind]]
            rest = list(counts)
            for kind in sequence:
                if rest[kind]:
                    rest[kind] -= 1
            if missing:
                if sum(rest) % 3 == 2 and regular_complete(rest):
                    found.add(missing[0])
            else:
                found.update(regular_waits(rest))
    return found


# By a suit's 9 bits of a mask: whether it holds at least two of 147, 258 or 369, as a knitted
# straight one tile short needs in every suit (a quick no for most hands).
_KNITTED_ROWS = tuple(any((bits & 0x49 << start).bit_count() >= 2 for start in range(3))
                      for bits in range(512))


def regular_complete(counts: list[int] | tuple[int, ...]) -> bool:
    roles = [_role(tuple(counts[base:base + size]), honors) for base, size, honors in _SUITS]
    return 0 not in roles and roles.count(WITH_PAIR) == 1


@lru_cache(maxsize=65536)
def waits(counts: tuple[int, ...], meld_count: int) -> tuple[int, ...]:
    """Sorted kinds completing a hand of these concealed counts (13 - 3 * melds tiles)."""
    found = set(regular_waits(counts))
    found |= special_waits(counts, meld_count)
    return tuple(sorted(found))


def is_unique_wait(counts: tuple[int, ...], meld_count: int, win: int, mask: int | None = None) -> bool:
    """Whether ``win`` is the only kind completing these 13 - 3 * melds concealed tiles
    (``mask`` as in ``special_waits``)."""
    vecs = (counts[0:9], counts[9:18], counts[18:27], counts[27:34])
    roles = (_role(vecs[0], False), _role(vecs[1], False), _role(vecs[2], False), _role(vecs[3], True))
    zeros = roles.count(0)
    if zeros <= 1:
        pairs = roles.count(WITH_PAIR)
        for suit in range(4):
            role = roles[suit]
            if zeros and role:
                continue
            others_pairs = pairs - 1 if role == WITH_PAIR else pairs
            if others_pairs > 1:
                continue
            base = 9 * suit
            for offset in _completions(vecs[suit], suit == 3)[0 if others_pairs else 1]:
                if base + offset != win:
                    return False
    if meld_count <= 1:
        special = special_waits(counts, meld_count, mask)
        special.discard(win)
        if special:
            return False
    return True


def is_unique_wait_of_regular(counts: tuple[int, ...], meld_count: int, win: int, pair: int,
                              mask: int) -> bool:
    """``is_unique_wait`` of the hand before ``win``, for complete concealed ``counts`` (the winning
    tile included) known to read as sets and the pair ``pair``; ``mask`` as in ``special_waits``,
    of the counts before the win.

    Such a reading splits each suit into sets (and the pair's suit into sets and the pair), so
    every suit but the winning tile's keeps that role before the win: only the winning suit is
    classified again, and only the pair's suit is tried besides it. No 34-count copy is made
    unless a special form (one meld at most) has to be ruled out."""
    suit = win // 9 if win < 27 else 3
    base = 9 * suit
    honors = suit == 3
    vec = list(counts[base:base + (7 if honors else 9)])
    vec[win - base] -= 1
    vec = tuple(vec)
    role = _role(vec, honors)
    pair_suit = pair // 9 if pair < 27 else 3
    # The winning suit's completions: with the pair elsewhere, sets only; else sets and the pair.
    # Its role is 0 (only it can be completed) or WITH_PAIR (then the pair's suit, holding the
    # other pair, may be completed to sets only too).
    if role == WITH_PAIR:
        if pair_suit == suit:   # cannot happen: the suit would hold two pairs' worth of tiles
            raise AssertionError("a complete regular hand's winning suit holds a pair and the pair")
        for offset in _completions(vec, honors)[0]:
            if base + offset != win:
                return False
        pair_base = 9 * pair_suit
        pair_honors = pair_suit == 3
        for offset in _completions(counts[pair_base:pair_base + (7 if pair_honors else 9)], pair_honors)[0]:
            if pair_base + offset != win:
                return False
    elif role == 0:
        for offset in _completions(vec, honors)[0 if pair_suit != suit else 1]:
            if base + offset != win:
                return False
    else:   # SETS_ONLY: the tile count says it cannot be (a complete suit less one tile)
        raise AssertionError("a complete regular hand less one tile left a suit of sets only")
    if meld_count <= 1 and _may_wait_special(mask, meld_count):
        before = list(counts)
        before[win] -= 1
        special = special_waits(before, meld_count, mask)
        special.discard(win)
        if special:
            return False
    return True


def _may_wait_special(mask: int, meld_count: int) -> bool:
    """Whether 13 - 3 * ``meld_count`` tiles of these kinds could wait on a special form, as
    ``special_waits`` first rules each one in or out: Seven Pairs needs at most 7 kinds, Thirteen
    Orphans 12 or 13, Honors and Knitted 13 (all with no meld); a Knitted Straight two of a
    knitted row in every suit."""
    if meld_count == 0:
        distinct = mask.bit_count()
        if distinct <= 7 or distinct >= 12:
            return True
    return _KNITTED_ROWS[mask & 0x1FF] and _KNITTED_ROWS[mask >> 9 & 0x1FF] and \
        _KNITTED_ROWS[mask >> 18 & 0x1FF]
