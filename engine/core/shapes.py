"""Every way a hand's tiles split into scoring shapes.

Rulesets never look at raw tiles to find sets: they ask here for all decompositions and score
each one (MCR's "take the highest", Riichi's best fu/han split). Regular hands are split suit by
suit with a cache keyed on the 9-count vector of one suit, so the work is shared across hands.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import permutations, product

from engine.core.hand import DeclaredHand, Meld
from engine.core.tiles import HONORS, NUM_KINDS, TERMINALS_AND_HONORS, counts34, kind_mask

CHOW, PUNG, KONG, PAIR = "chow", "pung", "kong", "pair"
REGULAR = "regular"
SEVEN_PAIRS = "seven_pairs"
THIRTEEN_ORPHANS = "thirteen_orphans"
HONORS_KNITTED = "honors_knitted"        # Greater/Lesser Honors and Knitted Tiles (MCR)
KNITTED_STRAIGHT = "knitted_straight"    # knitted 147/258/369 + one set + pair (MCR)

# The six ways to give the three knitted runs 147, 258, 369 to the three suits.
KNITTED_SEQUENCES: tuple[tuple[int, ...], ...] = tuple(
    tuple(suit * 9 + start + step for suit, start in enumerate(starts) for step in (0, 3, 6))
    for starts in permutations((0, 1, 2))
)
# Each knitted sequence with its kind mask, for quick "are these tiles all from it" tests.
KNITTED_SEQUENCE_MASKS: tuple[tuple[tuple[int, ...], int], ...] = tuple(
    (sequence, kind_mask(sequence)) for sequence in KNITTED_SEQUENCES)


@dataclass(frozen=True, slots=True)
class Group:
    """One set or pair: its shape, lowest kind, and the meld it came from (None: concealed)."""

    shape: str
    first: int
    meld: str | None = None

    @property
    def is_open(self) -> bool:
        return self.meld is not None and self.meld != "ankan"

    @property
    def kinds(self) -> tuple[int, ...]:
        if self.shape == CHOW:
            return (self.first, self.first + 1, self.first + 2)
        size = {PUNG: 3, KONG: 4, PAIR: 2}[self.shape]
        return (self.first,) * size

    @property
    def is_triplet(self) -> bool:
        """Pungs and kongs count alike for most patterns."""
        return self.shape in (PUNG, KONG)


@dataclass(frozen=True, slots=True)
class Decomposition:
    """One reading of a whole hand. ``groups`` includes the melds; ``knitted`` lists the knitted
    kinds of the two knitted forms (the nine of the straight, or the 14 singles)."""

    form: str
    groups: tuple[Group, ...]
    knitted: tuple[int, ...] = ()

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(group for group in self.groups if group.shape != PAIR)

    @property
    def pair(self) -> Group | None:
        pairs = [group for group in self.groups if group.shape == PAIR]
        return pairs[0] if len(pairs) == 1 else None


def meld_group(meld: Meld) -> Group:
    shape = CHOW if meld.kind == "chi" else PUNG if meld.kind == "pon" else KONG
    return Group(shape, meld.first, meld.kind)


# The steps of the per-suit search, in the order it tries them at each tile. The codes also order
# a suit's groups by first tile (pair before pung before chow at the same tile): MCR's tie-break
# key is these codes read in that order.
STEP_PAIR, STEP_PUNG, STEP_CHOW = 0, 1, 2

SuitGroups = tuple[tuple[int, int], ...]   # sets as (offset, STEP_PUNG or STEP_CHOW), sorted
SuitSplit = tuple[SuitGroups, int]          # (sets, pair offset or -1)


def _kind_choices(index: int, count: int, pair_free: bool, honors: bool) -> tuple:
    """How the ``count`` tiles of kind ``index`` may all begin groups there, in the order the
    one-tile-at-a-time search first meets them: (chows, takes the pair, the sets added)."""
    choices = []
    for pungs in range(count // 3, -1, -1):
        for takes_pair in ((True, False) if pair_free else (False,)):
            chows = count - 3 * pungs - 2 * takes_pair
            if chows < 0 or (chows and (honors or index > 6)):
                continue
            choices.append((chows, takes_pair, ((index, STEP_PUNG),) * pungs + ((index, STEP_CHOW),) * chows))
    return tuple(choices)


# By honours?, then kind offset, count (0-5: waits try a fifth tile) and whether the pair is free.
_KIND_CHOICES = tuple(tuple(tuple(tuple(_kind_choices(index, count, pair_free, honors)
                                        for pair_free in (False, True)) for count in range(6))
                            for index in range(9)) for honors in (False, True))


@cache
def suit_splits(vec: tuple[int, ...], honors: bool) -> tuple[SuitSplit, ...]:
    """Every way to split one suit's counts into sets and at most one pair: the one search that
    every ruleset's readings are built from.

    Each split is (sets as (offset, step) sorted by offset then step, pair offset or -1), listed
    in the order a search from the lowest tile upwards, trying a pung, then the pair, then a chow
    at each tile, first meets them; a split met again by another path is not repeated. That
    order is part of the answer: MCR breaks ties by it.
    A vector holding 3n tiles only splits without a pair, 3n+2 only with one, 3n+1 not at all.
    Cached: the domain is finite (counts 0-4 over 9 or 7 kinds) and suits repeat across hands.

    The tiles of the lowest kind left all begin groups there, so a split is one choice per kind of
    how many pungs, whether the pair and how many chows begin at it; the tile-by-tile search meets
    those choices first in the order of ``_KIND_CHOICES``, which this walk follows, meeting no
    split twice.
    """
    if sum(vec) % 3 == 1:
        return ()
    size = len(vec)
    found: list[SuitSplit] = []
    cnt = list(vec)
    table = _KIND_CHOICES[honors]

    def walk(index: int, pair: int, groups: tuple) -> None:
        while index < size and not cnt[index]:
            index += 1
        if index == size:
            found.append((groups, pair))
            return
        count = cnt[index]
        cnt[index] = 0
        choices = table[index][count][pair < 0] if count <= 5 else \
            _kind_choices(index, count, pair < 0, honors)
        for chows, takes_pair, added in choices:
            if chows:
                if cnt[index + 1] < chows or cnt[index + 2] < chows:
                    continue
                cnt[index + 1] -= chows
                cnt[index + 2] -= chows
                walk(index + 1, index if takes_pair else pair, groups + added)
                cnt[index + 1] += chows
                cnt[index + 2] += chows
            else:
                walk(index + 1, index if takes_pair else pair, groups + added)
        cnt[index] = count

    walk(0, -1, ())
    return tuple(found)


def suit_steps(split: SuitSplit) -> tuple[int, ...]:
    """The step codes of a split's groups, pair included, by first tile (MCR's tie-break key)."""
    sets, pair = split
    if pair < 0:
        return tuple(step for _, step in sets)
    return tuple(step for _, step in sorted(sets + ((pair, STEP_PAIR),)))


_SHAPE_OF_STEP = {STEP_PUNG: PUNG, STEP_CHOW: CHOW}
NamedSplit = tuple[tuple[tuple[str, int], ...], int]   # sets as (shape, offset), pair or -1


@cache
def _suit_splits(counts: tuple[int, ...], honors: bool) -> tuple[NamedSplit, ...]:
    """``suit_splits`` with sets as (shape, offset), each split's sets and the splits sorted."""
    return tuple(sorted((tuple(sorted((_SHAPE_OF_STEP[step], offset) for offset, step in sets)), pair)
                        for sets, pair in suit_splits(counts, honors)))


def regular_splits(counts: list[int] | tuple[int, ...]) -> list[tuple[tuple[str, int], ...]]:
    """All ways to read 34-counts as sets plus exactly one pair (as ('pair', kind) last).

    The counts must hold 3n+2 tiles; an empty list means no regular reading exists.
    """
    if sum(counts) % 3 != 2:
        return []
    per_suit = []
    for base, honors in ((0, False), (9, False), (18, False), (27, True)):
        size = 7 if honors else 9
        splits = _suit_splits(tuple(counts[base:base + size]), honors)
        if not splits:
            return []
        per_suit.append([(tuple((shape, base + offset) for shape, offset in sets),
                          base + pair if pair >= 0 else -1) for sets, pair in splits])
    readings = []
    for combo in product(*per_suit):
        pairs = [pair for _, pair in combo if pair >= 0]
        if len(pairs) != 1:
            continue
        sets = tuple(item for sets, _ in combo for item in sets)
        readings.append(sets + ((PAIR, pairs[0]),))
    return readings


def _knitted_straight(counts: list[int], melds: tuple[Group, ...]) -> list[Decomposition]:
    found = []
    for sequence in KNITTED_SEQUENCES:
        if all(counts[kind] for kind in sequence):
            rest = list(counts)
            for kind in sequence:
                rest[kind] -= 1
            for reading in regular_splits(rest):
                groups = melds + tuple(Group(shape, kind) for shape, kind in reading)
                if len(groups) == 2:   # straight + set + pair needs exactly one set
                    found.append(Decomposition(KNITTED_STRAIGHT, groups, sequence))
    return found


def _honors_knitted(counts: list[int]) -> list[Decomposition]:
    if any(count > 1 for count in counts) or sum(counts) != 14:
        return []
    for sequence in KNITTED_SEQUENCES:
        allowed = set(sequence) | set(HONORS)
        if all(kind in allowed for kind in range(NUM_KINDS) if counts[kind]):
            kinds = tuple(kind for kind in range(NUM_KINDS) if counts[kind])
            return [Decomposition(HONORS_KNITTED, (), kinds)]
    return []


def decompositions_of_counts(counts: list[int], melds: tuple[Group, ...] = (),
                             *, special: bool = True) -> list[Decomposition]:
    """All readings of concealed counts plus already-formed meld groups."""
    found: list[Decomposition] = []
    for reading in regular_splits(counts):
        groups = melds + tuple(Group(shape, kind) for shape, kind in reading)
        found.append(Decomposition(REGULAR, groups))
    if not special:
        return found
    if not melds and sum(counts) == 14:
        if all(count in (0, 2, 4) for count in counts):
            pairs = tuple(Group(PAIR, kind) for kind in range(NUM_KINDS)
                          for _ in range(counts[kind] // 2))
            found.append(Decomposition(SEVEN_PAIRS, pairs))
        if all(counts[kind] for kind in TERMINALS_AND_HONORS) and \
                sum(counts[kind] for kind in TERMINALS_AND_HONORS) == 14:
            pair_kind = next(kind for kind in TERMINALS_AND_HONORS if counts[kind] == 2)
            found.append(Decomposition(THIRTEEN_ORPHANS, (Group(PAIR, pair_kind),),
                                       tuple(TERMINALS_AND_HONORS)))
        found.extend(_honors_knitted(counts))
    if len(melds) <= 1 and sum(counts) + 3 * len(melds) == 14:
        found.extend(_knitted_straight(counts, melds))
    return found


def decompose(hand: DeclaredHand, *, special: bool = True) -> list[Decomposition]:
    """Every reading of a declared hand: its melds as fixed groups, its concealed tiles split."""
    melds = tuple(meld_group(meld) for meld in hand.melds)
    return decompositions_of_counts(counts34(hand.concealed), melds, special=special)


Completes = Callable[[list[int], int], bool]   # (concealed counts, meld count) -> a complete hand


def waits(counts: list[int] | tuple[int, ...], meld_count: int = 0, *,
          special: bool = True, completes: Completes | None = None) -> list[int]:
    """The kinds that would complete a hand of 13 - 3*meld_count concealed tiles: the one waits
    function of the engine.

    A hand is complete when ``completes(counts, meld_count)`` says so; by default, four sets and a
    pair, or (with ``special``) one of the special shapes MCR knows. A family with its own shapes
    (Riichi's seven distinct pairs) passes its own test. A kind whose four copies are all in the
    hand is still listed (MCR's "unique wait" needs it); callers that forbid it filter.
    """
    if completes is None:
        completes = _completes_special if special else _completes_regular
    result = []
    base = list(counts)
    for kind in range(NUM_KINDS):
        base[kind] += 1
        if completes(base, meld_count):
            result.append(kind)
        base[kind] -= 1
    return result


def _completes_regular(counts: list[int], meld_count: int) -> bool:
    return bool(regular_splits(counts))


def _completes_special(counts: list[int], meld_count: int) -> bool:
    return bool(regular_splits(counts)) or bool(decompositions_of_counts(
        counts, tuple(Group(PUNG, 0) for _ in range(meld_count))))


def is_tenpai(counts: list[int] | tuple[int, ...], meld_count: int = 0) -> bool:
    return bool(waits(counts, meld_count))
