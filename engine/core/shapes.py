"""Every way a hand's tiles split into scoring shapes.

Rulesets never look at raw tiles to find sets: they ask here for all decompositions and score
each one (MCR's "take the highest", Riichi's best fu/han split). Regular hands are split suit by
suit with a cache keyed on the 9-count vector of one suit, so the work is shared across hands.
Each shape is decided once here: a suit's splits by ``suit_splits``, the special forms by
``special_forms``; the waits (which kinds complete a hand) are read off the same two.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import permutations, product

from engine.core.hand import DeclaredHand, Meld
from engine.core.tables import Table
from engine.core.tiles import (
    HONORS_MASK,
    NUM_KINDS,
    TERMINALS_AND_HONORS,
    TERMINALS_AND_HONORS_MASK,
    counts34,
    kind_mask,
)

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
    return tuple(_search(vec, honors, False))


class _FirstFound(Exception):
    """Ends a search that only asks for the first split."""


def _search(vec: tuple[int, ...], honors: bool, first_only: bool) -> list[SuitSplit]:
    """``suit_splits``' walk: every split in its order, or only the first (``first_only``: all a
    question "does this suit split, and with the pair?" needs, answered without keeping it)."""
    if sum(vec) % 3 == 1:
        return []
    size = len(vec)
    found: list[SuitSplit] = []
    cnt = list(vec)
    table = _KIND_CHOICES[honors]

    def walk(index: int, pair: int, groups: tuple) -> None:
        while index < size and not cnt[index]:
            index += 1
        if index == size:
            found.append((groups, pair))
            if first_only:
                raise _FirstFound
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

    try:
        walk(0, -1, ())
    except _FirstFound:
        pass
    return found


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


def decompositions_of_counts(counts: list[int], melds: tuple[Group, ...] = (),
                             *, special: bool = True) -> list[Decomposition]:
    """All readings of concealed counts plus already-formed meld groups."""
    found: list[Decomposition] = []
    for reading in regular_splits(counts):
        groups = melds + tuple(Group(shape, kind) for shape, kind in reading)
        found.append(Decomposition(REGULAR, groups))
    if not special or sum(counts) + 3 * len(melds) != 14:
        return found
    for form, kinds in special_forms(counts, held_mask(counts), len(melds)):
        if form == SEVEN_PAIRS:
            found.append(Decomposition(SEVEN_PAIRS, tuple(Group(PAIR, kind) for kind in kinds)))
        elif form == THIRTEEN_ORPHANS:
            found.append(Decomposition(THIRTEEN_ORPHANS, (Group(PAIR, kinds[0]),), TERMINALS_AND_HONORS))
        elif form == HONORS_KNITTED:
            found.append(Decomposition(HONORS_KNITTED, (), kinds))
        else:
            for reading in regular_splits(knitted_rest(counts, kinds)):
                groups = melds + tuple(Group(shape, kind) for shape, kind in reading)
                found.append(Decomposition(KNITTED_STRAIGHT, groups, kinds))
    return found


def decompose(hand: DeclaredHand, *, special: bool = True) -> list[Decomposition]:
    """Every reading of a declared hand: its melds as fixed groups, its concealed tiles split."""
    melds = tuple(meld_group(meld) for meld in hand.melds)
    return decompositions_of_counts(counts34(hand.concealed), melds, special=special)


def _kinds_of(mask: int) -> list[int]:
    return [kind for kind in range(NUM_KINDS) if mask >> kind & 1]


def _odd_kinds(counts: Sequence[int], mask: int) -> list[int]:
    """The kinds of ``mask`` held an odd number of times."""
    return [kind for kind in _kinds_of(mask) if counts[kind] & 1]


def held_mask(counts: Sequence[int]) -> int:
    """The kinds held, as bits (bit k when ``counts[k]``): what the special forms read first."""
    return kind_mask(kind for kind in range(NUM_KINDS) if counts[kind])


# -- the special forms --------------------------------------------------------------------------
# Each form is decided here once, on the concealed counts of a hand of 14 tiles (3 per meld), the
# kinds held as bits (``mask``) and the meld count: the decompositions above, MCR's light readings
# and the waits below all ask these.

def thirteen_orphans_pair(counts: Sequence[int], mask: int, meld_count: int) -> int:
    """The doubled kind of a Thirteen Orphans hand (every terminal and honour, one of them twice,
    nothing else), or -1 when the hand is not one."""
    if meld_count or mask != TERMINALS_AND_HONORS_MASK or sum(counts) != 14:
        return -1
    return next(kind for kind in TERMINALS_AND_HONORS if counts[kind] == 2)


# By the characters' nine bits of a mask: whether they hold the characters of some knitted
# sequence (every sequence has a run there: a quick no for most hands).
_KNITTED_CHARACTERS = tuple(
    any(bits & sequence_mask & 0x1FF == sequence_mask & 0x1FF for _, sequence_mask in KNITTED_SEQUENCE_MASKS)
    for bits in range(512))


def knitted_straights(mask: int, meld_count: int) -> list[tuple[int, ...]]:
    """The knitted sequences all of whose kinds are held, at most one meld."""
    if meld_count > 1 or not _KNITTED_CHARACTERS[mask & 0x1FF]:
        return []
    return [sequence for sequence, sequence_mask in KNITTED_SEQUENCE_MASKS
            if mask & sequence_mask == sequence_mask]


def special_forms(counts: Sequence[int], mask: int, meld_count: int) -> list[tuple[str, tuple[int, ...]]]:
    """The special forms a hand of 14 tiles (3 per meld) may take, each with its kinds: the one
    place they are decided.

    SEVEN_PAIRS with its pairs, four of a kind counting as two (as MCR reads it; Riichi, which
    wants seven different kinds, keeps its own test); THIRTEEN_ORPHANS with its doubled kind;
    HONORS_KNITTED (fourteen different kinds from one knitted sequence and the honours) with its
    kinds; KNITTED_STRAIGHT with each knitted sequence held whole, a Knitted Straight when the
    rest (``knitted_rest``) splits into one set and the pair, which the 14 tiles leave room for
    exactly. ``mask``: the kinds held, as bits (``held_mask``)."""
    found: list[tuple[str, tuple[int, ...]]] = []
    if not meld_count:
        distinct = mask.bit_count()
        if distinct <= 7:
            if counts.count(2) + 2 * counts.count(4) == 7:
                found.append((SEVEN_PAIRS, tuple(kind for kind in range(NUM_KINDS)
                                                 for _ in range(counts[kind] // 2))))
        elif distinct == 13:
            pair = thirteen_orphans_pair(counts, mask, 0)
            if pair >= 0:
                found.append((THIRTEEN_ORPHANS, (pair,)))
        elif distinct == 14 and any(not mask & ~(sequence_mask | HONORS_MASK)
                                    for _, sequence_mask in KNITTED_SEQUENCE_MASKS):
            found.append((HONORS_KNITTED, tuple(kind for kind in range(NUM_KINDS) if counts[kind])))
    for sequence in knitted_straights(mask, meld_count):
        found.append((KNITTED_STRAIGHT, sequence))
    return found


def knitted_rest(counts: Sequence[int], sequence: tuple[int, ...]) -> list[int]:
    """The counts less one tile of each kind of a knitted sequence."""
    rest = list(counts)
    for kind in sequence:
        rest[kind] -= 1
    return rest


# -- waits --------------------------------------------------------------------------------------
# A wait is a kind whose one more tile completes the hand (``completing_kinds``: the definition).
# Trying 34 kinds through the full decomposer is too slow for MCR, which asks whether the wait was
# unique for every hand it scores, so ``waits`` gets the same answer per suit: what each suit's
# counts can be in a complete hand (``suit_role``), and which one more tile makes them so
# (``suit_completions``), both read off ``suit_splits`` and cached by the suit's counts.

SETS_ONLY, WITH_PAIR = 1, 2


def suit_role(vec: tuple[int, ...], honors: bool) -> int:
    """SETS_ONLY when one suit's counts split into sets, WITH_PAIR into sets and one pair, 0 when
    neither: whether ``suit_splits`` finds a split (its tile count, 3n or 3n+2, says which).
    Kept in ``SUIT_ROLES``, which the per-hand callers read directly."""
    return SUIT_ROLES[vec, honors]


def _suit_role(key: tuple[tuple[int, ...], bool]) -> int:
    splits = suit_splits(*key)
    if not splits:
        return 0
    return WITH_PAIR if splits[0][1] >= 0 else SETS_ONLY


def suit_completions(vec: tuple[int, ...], honors: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The offsets whose one more tile makes this suit (sets only, sets and the pair): the
    ``suit_role`` of the suit with each tile added, a fifth of a kind included. A set spans at
    most three kinds in a row (an honour set one), so a tile with no held tile that near would be
    left alone: only the tiles near one held are tried. Kept in ``SUIT_COMPLETIONS``."""
    return SUIT_COMPLETIONS[vec, honors]


def _suit_completions(key: tuple[tuple[int, ...], bool]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    vec, honors = key
    sets_only: list[int] = []
    with_pair: list[int] = []
    after = list(vec)
    held = 0
    for offset, count in enumerate(vec):
        if count:
            held |= 1 << offset
    near = held if honors else held | held << 1 | held << 2 | held >> 1 | held >> 2
    for offset in range(len(vec)):
        if not near >> offset & 1:
            continue
        after[offset] += 1
        splits = _search(tuple(after), honors, True)    # ``suit_role``, without keeping the answer
        after[offset] -= 1
        if splits:
            (with_pair if splits[0][1] >= 0 else sets_only).append(offset)
    return tuple(sets_only), tuple(with_pair)


# By (suit counts, honours?): a finite domain (counts 0-4, a fifth tried by the waits), read with
# one subscript on the per-hand paths.
SUIT_ROLES = Table(_suit_role, 1 << 20)
SUIT_COMPLETIONS = Table(_suit_completions, 1 << 20)


_SUITS: tuple[tuple[int, int, bool], ...] = ((0, 9, False), (9, 9, False), (18, 9, False), (27, 7, True))


def _suit_vectors(counts: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The four suits' counts (characters, dots, bamboo, honours) as the caches' keys."""
    return tuple(tuple(counts[base:base + size]) for base, size, _ in _SUITS)


def _suit_roles(vectors: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    roles = SUIT_ROLES
    return tuple(roles[vector, honors] for vector, (_, _, honors) in zip(vectors, _SUITS, strict=True))


def regular_complete(counts: Sequence[int]) -> bool:
    """Whether the concealed counts split into sets and one pair (``regular_splits`` is not empty):
    every suit splits, one of them with the pair."""
    roles = _suit_roles(_suit_vectors(counts))
    return 0 not in roles and roles.count(WITH_PAIR) == 1


def regular_waits(counts: Sequence[int]) -> list[int]:
    """The kinds whose one more tile lets the concealed counts split into sets and one pair. Only
    one suit takes the tile, so the others must split already; the one that takes it must then
    make sets only or sets and the pair, whichever the others leave it."""
    vectors = _suit_vectors(counts)
    roles = _suit_roles(vectors)
    short = roles.count(0)
    if short > 1:
        return []
    pairs = roles.count(WITH_PAIR)
    found: list[int] = []
    for suit, (base, _, honors) in enumerate(_SUITS):
        role = roles[suit]
        if short and role:
            continue
        others_pairs = pairs - (role == WITH_PAIR)
        if others_pairs > 1:
            continue
        completions = SUIT_COMPLETIONS[vectors[suit], honors][0 if others_pairs else 1]
        found.extend(base + offset for offset in completions)
    return found


def special_waits(counts: Sequence[int], meld_count: int, mask: int | None = None) -> list[int]:
    """The kinds completing one of the special forms, each form tried only where the screen of
    ``may_wait_special`` lets it through. ``mask``: the kinds held, as bits. The forms without
    melds are tried kind by kind through ``special_forms``; a Knitted Straight waits on the rest's
    regular waits when a knitted sequence is held whole, or on the one kind of a sequence it
    lacks when the rest then splits."""
    if mask is None:
        mask = held_mask(counts)
    found: set[int] = set()
    after = list(counts)
    if not meld_count:
        distinct = mask.bit_count()
        # Seven Pairs (the only form of 7 kinds or fewer) holds every kind an even number of
        # times: only the one kind held an odd number of times can complete it, and only when
        # there is one. Thirteen Orphans and Honors and Knitted (12 kinds or more) hold kinds of
        # one set only, so the hand must hold none outside it already.
        if distinct <= 7:
            tried = _odd_kinds(counts, mask)
            if len(tried) != 1:
                tried = []
        elif distinct >= 12 and (not mask & ~TERMINALS_AND_HONORS_MASK or any(
                not mask & ~(sequence_mask | HONORS_MASK) for _, sequence_mask in KNITTED_SEQUENCE_MASKS)):
            tried = range(NUM_KINDS)
        else:
            tried = []
        for kind in tried:
            after[kind] += 1
            if any(form != KNITTED_STRAIGHT for form, _ in special_forms(after, mask | 1 << kind, 0)):
                found.add(kind)
            after[kind] -= 1
    if not _may_wait_knitted_straight(mask, meld_count):
        return sorted(found)
    held = knitted_straights(mask, meld_count)
    for sequence in held:
        found.update(regular_waits(knitted_rest(counts, sequence)))
    for kind in range(NUM_KINDS):
        if mask >> kind & 1:
            continue
        for sequence in knitted_straights(mask | 1 << kind, meld_count):
            if sequence not in held:
                after[kind] += 1
                if regular_complete(knitted_rest(after, sequence)):
                    found.add(kind)
                after[kind] -= 1
    return sorted(found)


# By a suit's nine bits of a mask: whether it holds at least two kinds of one knitted run (a
# knitted sequence's part in that suit), as a Knitted Straight one tile short needs in every suit.
_KNITTED_RUNS = tuple({sequence_mask >> 9 * suit & 0x1FF for _, sequence_mask in KNITTED_SEQUENCE_MASKS
                       for suit in range(3)})
_NEAR_KNITTED = tuple(any((bits & run).bit_count() >= 2 for run in _KNITTED_RUNS) for bits in range(512))


def may_wait_special(mask: int, meld_count: int) -> bool:
    """Whether 13 tiles (3 per meld) of these kinds could wait on a special form: Seven Pairs needs
    at most 7 kinds, Thirteen Orphans 12 or 13, Honors and Knitted 13 (all with no meld); a
    Knitted Straight two of a knitted run in every suit. A screen only: tests/engine/core checks
    it passes every hand with a special wait."""
    if meld_count == 0:
        distinct = mask.bit_count()
        if distinct <= 7 or distinct >= 12:
            return True
    return _may_wait_knitted_straight(mask, meld_count)


def _may_wait_knitted_straight(mask: int, meld_count: int) -> bool:
    return meld_count <= 1 and _NEAR_KNITTED[mask & 0x1FF] and _NEAR_KNITTED[mask >> 9 & 0x1FF] and \
        _NEAR_KNITTED[mask >> 18 & 0x1FF]


def waits(counts: Sequence[int], meld_count: int = 0, *, special: bool = True) -> list[int]:
    """The kinds that would complete a hand of 13 - 3*meld_count concealed tiles: four sets and a
    pair, or (with ``special``) one of the special forms above, in kind order. Equal to
    ``completing_kinds`` asking whether ``decompositions_of_counts`` finds a reading
    (tests/engine/core/test_waits.py says so over many random hands). A kind whose four copies
    are all in the hand is still listed (MCR's "unique wait" needs it); callers that forbid it
    filter."""
    found = regular_waits(counts)
    if special and sum(counts) + 3 * meld_count == 13:
        extra = special_waits(counts, meld_count)
        if extra:
            found = sorted(set(found).union(extra))
    return found


Completes = Callable[[list[int], int], bool]   # (concealed counts, meld count) -> a complete hand


def completing_kinds(counts: Sequence[int], meld_count: int, completes: Completes) -> list[int]:
    """The definition of a wait: the kinds whose one more tile makes ``completes`` true. Families
    with forms of their own (Riichi's seven different pairs) ask it with their own test."""
    found = []
    after = list(counts)
    for kind in range(NUM_KINDS):
        after[kind] += 1
        if completes(after, meld_count):
            found.append(kind)
        after[kind] -= 1
    return found
