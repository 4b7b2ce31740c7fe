"""MCR fans made of several chows or pungs, and the principles that limit how sets combine.

Non-separation, non-identical and account-once (Green Book; docs/rules.md) only concern the fans that combine
two to four sets (Pure Straight, Mixed Triple Chow, Double Pung, Short Straight ...). For the chows
(or the suited pungs) of a reading, ``best_set_fans`` searches every order of adding such fans,
each new fan taking at least one unused set and at most one already-used set (account-once), never
with a set that already made the same fan (non-identical), never all-used sets (non-separation),
and keeps the best total. The answer depends only on the sets' first tiles, so its caller
(``patterns._combination_entries``) caches it, with the fan of each group of sets here.
"""

from __future__ import annotations

from functools import cache
from itertools import chain, combinations, combinations_with_replacement

from engine.core.tables import Table
from engine.families.mcr.fans import FANS, ORDER

RANK = {key: index for index, key in enumerate(ORDER)}


@cache  # finite domain: 2-4 sorted chow starts; many hands share each group
def _chow_fan(firsts: tuple[int, ...]) -> str | None:
    """The fan 2, 3 or 4 chows (sorted first kinds) make together, if any."""
    suits = [first // 9 for first in firsts]
    numbers = [first % 9 for first in firsts]
    size = len(firsts)
    same_suit = len(set(suits)) == 1
    if size == 4:
        if not same_suit:
            return None
        steps = {numbers[i + 1] - numbers[i] for i in range(3)}
        if steps == {0}:
            return "quadruple_chow"
        if steps in ({1}, {2}):
            return "four_pure_shifted_chows"
        return None
    if size == 3:
        if same_suit:
            steps = (numbers[1] - numbers[0], numbers[2] - numbers[1])
            if steps == (0, 0):
                return "pure_triple_chow"
            if steps in ((1, 1), (2, 2)):
                return "pure_shifted_chows"
            if numbers == [0, 3, 6]:
                return "pure_straight"
            return None
        if len(set(suits)) == 3:
            ordered = sorted(numbers)
            if ordered == [0, 3, 6]:
                return "mixed_straight"
            if ordered[0] == ordered[2]:
                return "mixed_triple_chow"
            if ordered == [ordered[0], ordered[0] + 1, ordered[0] + 2]:
                return "mixed_shifted_chows"
        return None
    if same_suit:
        if numbers[0] == numbers[1]:
            return "pure_double_chow"
        if numbers[1] - numbers[0] == 3:
            return "short_straight"
        if numbers == [0, 6]:
            return "two_terminal_chows"
        return None
    if numbers[0] == numbers[1]:
        return "mixed_double_chow"
    return None


@cache  # finite domain: 2-4 sorted suited pung kinds; many hands share each group
def _pung_fan(firsts: tuple[int, ...]) -> str | None:
    """The fan 2, 3 or 4 suited pungs (sorted first kinds) make together, if any."""
    suits = [first // 9 for first in firsts]
    numbers = [first % 9 for first in firsts]
    size = len(firsts)
    same_suit = len(set(suits)) == 1
    if size == 4:
        if same_suit and numbers == list(range(numbers[0], numbers[0] + 4)):
            return "four_pure_shifted_pungs"
        return None
    if size == 3:
        if same_suit and numbers == list(range(numbers[0], numbers[0] + 3)):
            return "pure_shifted_pungs"
        if len(set(suits)) == 3:
            ordered = sorted(numbers)
            if ordered[0] == ordered[2]:
                return "triple_pung"
            if ordered == [ordered[0], ordered[0] + 1, ordered[0] + 2]:
                return "mixed_shifted_pungs"
        return None
    if not same_suit and numbers[0] == numbers[1]:
        return "double_pung"
    return None


def shared_best_set_fans(firsts: tuple[int, ...], chows: bool) -> tuple[tuple, tuple]:
    """``best_set_fans``, shared by the sets that differ only in which suits they are in.

    Every fan here asks only whether sets are in the same suit or in three suits, never which, so
    renaming the suits changes nothing; renaming them in order (the lowest suit present becomes
    characters, and so on) also keeps the sorted order of ``firsts``, hence every index in the
    answer. The answer is kept under that renaming."""
    return _RENAMED_BEST[_renamed(firsts), chows]


def _renamed(firsts: tuple[int, ...]) -> tuple[int, ...]:
    suits = 0
    for first in firsts:
        suits |= _SUIT_BIT[first]
    shift = _SUIT_SHIFTS[suits]
    if shift is None:
        return firsts
    return tuple([first - shift[first // 9] for first in firsts])


# Bit s for suit s by kind; by the bits of the suits present, what each suit's kinds move down by
# to rename the suits in order (None: already named in order).
_SUIT_BIT = tuple(1 << (kind // 9) for kind in range(27))
_SUIT_SHIFTS = tuple(
    None if all(suits >> s & 1 for s in range(suits.bit_count())) else
    tuple(9 * (s - [t for t in range(3) if suits >> t & 1].index(s)) if suits >> s & 1 else 0
          for s in range(3))
    for suits in range(8))


_CHOW_STARTS = tuple(suit * 9 + number for suit in range(3) for number in range(7))


def every_renamed_group() -> dict[tuple[tuple[int, ...], bool], tuple[tuple, tuple]]:
    """``best_set_fans`` of every group a reading can hold, by (renamed firsts, chows?): 2-4
    chows (the same chow up to four times) and 2-4 suited pungs of different kinds, about 20,000
    groups. A group first met by an unseen hand would run the search cold, at several times what
    it costs in this loop, so the table is filled with all of them at its first miss."""
    groups = {}
    for size in (2, 3, 4):
        for firsts in combinations_with_replacement(_CHOW_STARTS, size):
            groups[_renamed(firsts), True] = None
        for firsts in combinations(range(27), size):
            groups[_renamed(firsts), False] = None
    return {key: best_set_fans(*key) for key in groups}


_RENAMED_BEST = Table(lambda key: best_set_fans(*key), 4096, every_renamed_group)


# By number of sets: the index groups ``best_set_fans`` tries, four sets, then three, then two.
_GROUPS = tuple([*combinations(range(size), 4), *combinations(range(size), 3), *combinations(range(size), 2)]
                for size in range(5))


def best_set_fans(firsts: tuple[int, ...], chows: bool) -> tuple[tuple, tuple]:
    """The best choice of multi-set fans over sorted set firsts, under the principles.

    Returns (chosen, refused): chosen as (key, indexes) in order; refused as (key, indexes,
    principle) for the combinations a principle kept out.
    """
    found = [*map(_chow_fan if chows else _pung_fan,
                  chain(combinations(firsts, 4), combinations(firsts, 3), combinations(firsts, 2)))]
    candidates = [(key, indexes) for key, indexes in zip(found, _GROUPS[len(firsts)], strict=True) if key]
    if not candidates:
        return (), ()
    if len(candidates) == 1:   # what the search below finds when there is nothing to choose
        return tuple(candidates), ()
    chosen = tuple(candidates[index] for index in _search(candidates))
    refused = []
    for key, indexes in candidates:
        if (key, indexes) in chosen:
            continue
        refused.append((key, indexes, _why_refused(key, indexes, chosen)))
    return chosen, tuple(refused)


def _search(candidates: list[tuple[str, tuple[int, ...]]]) -> list[int]:
    """The candidates (by index, in the order added) of the best choice.

    The search adds fans in every order, each new fan taking at least one unused set and at most
    one already-used set (account-once), never with a set that already made the same fan
    (non-identical); the best total wins, ties going to the higher-ranked fans, and among equals to
    the choice met first. A choice reached again (in another order) has the same used sets and the
    same extensions as when first met, and the first meeting has already tried them all, so it
    cannot beat the best (which only a strictly better choice replaces): it is skipped.
    """
    keys = [key for key, _ in candidates]
    values = [FANS[key].value for key in keys]
    ranks = [RANK[key] for key in keys]
    masks = [sum(1 << i for i in indexes) for _, indexes in candidates]
    count = len(candidates)
    seen = {0}
    best_value = 0
    best_rank: tuple[int, ...] = ()
    best: list[int] = []

    def search(chosen: list[int], state: int, used: int, value: int) -> None:
        nonlocal best_value, best_rank, best
        if value >= best_value:
            # ranks ascending, negated: among equal totals the higher-ranked fans win
            negated = tuple([-rank for rank in sorted([ranks[index] for index in chosen])])
            if value > best_value or negated > best_rank:
                best_value, best_rank, best = value, negated, list(chosen)
        for index in range(count):
            bit = 1 << index
            if state & bit:
                continue
            mask = masks[index]
            old = mask & used
            if old:
                if old & (old - 1) or old == mask:
                    continue
                key = keys[index]
                if any(keys[other] == key and masks[other] & old for other in chosen):
                    continue
            after = state | bit
            if after in seen:
                continue
            seen.add(after)
            chosen.append(index)
            search(chosen, after, used | mask, value + values[index])
            chosen.pop()

    search([], 0, 0, 0)
    return best


def _why_refused(key: str, indexes: tuple[int, ...], chosen: tuple) -> tuple[str, str | None]:
    """The principle that refused a fan: its reason's code, and the fan it names (if any)."""
    in_fans = [(other, other_indexes) for other, other_indexes in chosen
               if set(other_indexes) & set(indexes)]
    for other, other_indexes in in_fans:
        if set(indexes) <= set(other_indexes):
            return "mcr.already_make", FANS[other].name
    covered = set()
    for _, other_indexes in chosen:
        covered |= set(other_indexes)
    if set(indexes) <= covered:
        return "mcr.sets_used", None
    if any(other == key for other, _ in in_fans):
        return "mcr.non_identical", FANS[key].name
    return "mcr.account_once", None
