"""MCR fans made of several chows or pungs, and the principles that limit how sets combine.

Non-separation, non-identical and account-once (Green Book; docs/rules.md) only concern the fans that combine
two to four sets (Pure Straight, Mixed Triple Chow, Double Pung, Short Straight ...). For the chows
(or the suited pungs) of a reading, ``best_set_fans`` searches every order of adding such fans,
each new fan taking at least one unused set and at most one already-used set (account-once), never
with a set that already made the same fan (non-identical), never all-used sets (non-separation),
and keeps the best total. The answer depends only on the sets' first tiles, so it is cached.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from engine.families.mcr.fans import FANS, ORDER

RANK = {key: index for index, key in enumerate(ORDER)}


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


@lru_cache(maxsize=65536)
def best_set_fans(firsts: tuple[int, ...], chows: bool) -> tuple[tuple, tuple]:
    """The best choice of multi-set fans over sorted set firsts, under the principles.

    Returns (chosen, refused): chosen as (key, indexes) in order; refused as (key, indexes,
    principle) for the combinations a principle kept out.
    """
    finder = _chow_fan if chows else _pung_fan
    size = len(firsts)
    candidates = []
    for width in (4, 3, 2):
        for indexes in combinations(range(size), width):
            key = finder(tuple(firsts[i] for i in indexes))
            if key:
                candidates.append((key, indexes))
    if not candidates:
        return (), ()
    best: list = [(-1, ()), ()]
    # The search adds fans in every order; a set of fans reached again (in another order) has the
    # same used sets and the same extensions as when first met, and the first meeting's subtree
    # has already tried them all, so it cannot beat the best (which only a strictly better choice
    # replaces): it is skipped.
    seen: set[frozenset] = set()

    def search(chosen: list, used: int, types: dict) -> None:
        state = frozenset(chosen)
        if state in seen:
            return
        seen.add(state)
        value = sum(FANS[key].value for key, _ in chosen)
        rank = tuple(sorted(RANK[key] for key, _ in chosen))
        if (value, _neg(rank)) > best[0]:
            best[0] = (value, _neg(rank))
            best[1] = tuple(chosen)
        for key, indexes in candidates:
            if (key, indexes) in chosen:
                continue
            old = [i for i in indexes if used >> i & 1]
            if len(old) > 1 or len(old) == len(indexes):
                continue
            if old and key in types.get(old[0], ()):
                continue
            new_types = dict(types)
            for i in indexes:
                new_types[i] = new_types.get(i, ()) + (key,)
            mask = used
            for i in indexes:
                mask |= 1 << i
            chosen.append((key, indexes))
            search(chosen, mask, new_types)
            chosen.pop()

    search([], 0, {})
    chosen = best[1]
    refused = []
    for key, indexes in candidates:
        if (key, indexes) in chosen:
            continue
        refused.append((key, indexes, _why_refused(key, indexes, chosen)))
    return chosen, tuple(refused)


def _neg(rank: tuple[int, ...]) -> tuple[int, ...]:
    # Prefer, among equal totals, the choice with the higher-ranked (earlier-numbered) fans.
    return tuple(-r for r in rank)


def _why_refused(key: str, indexes: tuple[int, ...], chosen: tuple) -> str:
    in_fans = [(other, other_indexes) for other, other_indexes in chosen
               if set(other_indexes) & set(indexes)]
    for other, other_indexes in in_fans:
        if set(indexes) <= set(other_indexes):
            return f"non-repeat/non-separation: these sets already make {FANS[other].name}"
    covered = set()
    for _, other_indexes in chosen:
        covered |= set(other_indexes)
    if set(indexes) <= covered:
        return "non-separation: all its sets are already used in other fans"
    if any(other == key for other, _ in in_fans):
        return f"non-identical: a set already makes {FANS[key].name}"
    return "account-once: an unused set may combine with an already-used set only once"
