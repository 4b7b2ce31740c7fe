"""MCR's unique wait: whether the winning tile was the only kind the hand waited on, which its
wait fans need for every hand scored.

The waits themselves are ``engine.core.shapes``'s (``suit_role``, ``suit_completions``,
``special_waits``); this only stops at the first other kind, and for a hand already read as sets
and a pair re-reads the winning suit and the pair's suit only.
"""

from __future__ import annotations

from engine.core.shapes import (
    SUIT_COMPLETIONS,
    SUIT_ROLES,
    WITH_PAIR,
    may_wait_special,
    regular_waits,
    special_waits,
)


def is_unique_wait(counts: tuple[int, ...], meld_count: int, win: int, mask: int | None = None) -> bool:
    """Whether ``win`` is the only kind completing these 13 - 3 * melds concealed tiles
    (``mask`` as in ``special_waits``)."""
    if any(kind != win for kind in regular_waits(counts)):
        return False
    return meld_count > 1 or all(kind == win for kind in special_waits(counts, meld_count, mask))


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
    role = SUIT_ROLES[vec, honors]
    pair_suit = pair // 9 if pair < 27 else 3
    # The winning suit's completions: with the pair elsewhere, sets only; else sets and the pair.
    # Its role is 0 (only it can be completed) or WITH_PAIR (then the pair's suit, holding the
    # other pair, may be completed to sets only too).
    if role == WITH_PAIR:
        if pair_suit == suit:   # cannot happen: the suit would hold two pairs' worth of tiles
            raise AssertionError("a complete regular hand's winning suit holds a pair and the pair")
        for offset in SUIT_COMPLETIONS[vec, honors][0]:
            if base + offset != win:
                return False
        pair_base = 9 * pair_suit
        pair_honors = pair_suit == 3
        pair_vec = counts[pair_base:pair_base + (7 if pair_honors else 9)]
        for offset in SUIT_COMPLETIONS[pair_vec, pair_honors][0]:
            if pair_base + offset != win:
                return False
    elif role == 0:
        for offset in SUIT_COMPLETIONS[vec, honors][0 if pair_suit != suit else 1]:
            if base + offset != win:
                return False
    else:   # SETS_ONLY: the tile count says it cannot be (a complete suit less one tile)
        raise AssertionError("a complete regular hand less one tile left a suit of sets only")
    if meld_count <= 1 and may_wait_special(mask, meld_count):
        before = list(counts)
        before[win] -= 1
        if any(kind != win for kind in special_waits(before, meld_count, mask)):
            return False
    return True

