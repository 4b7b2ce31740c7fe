"""How a Japanese hand may be read: sets and pair, seven distinct pairs, thirteen orphans; which
set the winning tile completed; and the waits of a 13-tile hand.

A block is a ``(kind, shape)`` pair with shapes ordered kong < pung < pair < chow, and a reading
is the sorted tuple of its blocks, melds included. Readings are listed in sorted order, which is
the order in which ties between equally valued readings are broken (the first one wins), so the
same hand always gets the same breakdown.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import compress

from engine.core.hand import Meld
from engine.core.shapes import (
    STEP_CHOW,
    STEP_PUNG,
    SuitSplit,
    completing_kinds,
    held_mask,
    regular_complete,
    suit_splits,
    thirteen_orphans_pair,
)
from engine.core.tiles import NUM_KINDS, Tile, counts34

KONG_B, PUNG_B, PAIR_B, CHOW_B = 0, 1, 2, 3
Block = tuple[int, int]

MELD_SHAPES = {"chi": CHOW_B, "pon": PUNG_B, "kan": KONG_B, "kakan": KONG_B, "ankan": KONG_B}
# Every block made once, BLOCKS[kind][shape]: readings, melds and the cached splits all share these
# tuples rather than each holding copies, so equal blocks are the same object (lookups and
# comparisons succeed on identity before comparing contents).
BLOCKS: tuple[tuple[Block, ...], ...] = tuple(
    tuple((kind, shape) for shape in (KONG_B, PUNG_B, PAIR_B, CHOW_B)) for kind in range(NUM_KINDS))
PAIR_BLOCKS: tuple[Block, ...] = tuple(BLOCKS[kind][PAIR_B] for kind in range(NUM_KINDS))


@dataclass(slots=True, eq=False)
class MeldInfo:
    """What scoring needs of the melds: their blocks, which are open, and the kongs. Read-only by
    use. A slots dataclass: its fields are read many times per hand, and Python 3.11 specialises
    reads of slots (not of a named tuple's fields). Not frozen: a frozen one's constructor sets
    each field through ``object.__setattr__``, three times the cost, once per hand with melds.
    Compared by identity (``eq=False``), which also lets ``NO_MELDS`` be a field's default."""

    blocks: tuple[Block, ...]
    open_blocks: tuple[Block, ...]
    kong_count: int
    any_melds: bool
    present: int = 0              # bit k set when kind k is in a meld

    @property
    def is_open(self) -> bool:
        return bool(self.open_blocks)


NO_MELDS = MeldInfo((), (), 0, False)


def meld_info(melds: Sequence[Meld]) -> MeldInfo:
    if not melds:
        return NO_MELDS
    blocks = []
    open_blocks = []
    kongs = present = 0
    for meld in melds:
        shape = MELD_SHAPES[meld.kind]
        tiles = meld.tiles
        if shape == CHOW_B:
            kind = min(tiles[0].kind, tiles[1].kind, tiles[2].kind)
            present |= 7 << kind
        else:
            kind = tiles[0].kind
            present |= 1 << kind
        block = BLOCKS[kind][shape]
        blocks.append(block)
        if meld.kind != "ankan":
            open_blocks.append(block)
        if shape == KONG_B:
            kongs += 1
    return MeldInfo((*blocks,), (*open_blocks,), kongs, True, present)


SuitReading = tuple[tuple[Block, ...], int]


def kinds_present(counts: bytes, base: int) -> int:
    """Bit ``base + i`` set for each offset ``i`` that one suit's counts hold."""
    mask = 0
    for offset, count in enumerate(counts):
        if count:
            mask |= 1 << (base + offset)
    return mask   # sorted blocks of one suit, number of pairs
_BLOCK_OF_STEP = {STEP_PUNG: PUNG_B, STEP_CHOW: CHOW_B}


def _suit_shape(counts: bytes, base: int) -> tuple[tuple[SuitReading, ...], int, SuitReading | None]:
    """(every split of one suit's nine counts, the kinds present as bits, the split when there is
    exactly one).

    Suits repeat across hands far more than whole hands do, so suits are the level worth caching:
    the caller (``suit_tallies.SUIT_CACHES``) keeps its shares under the same key, so this is not
    cached a second time (a second cache, smaller, only ever missed when the first did).
    """
    splits = _suit_readings(counts, base)
    return splits, kinds_present(counts, base), splits[0] if len(splits) == 1 else None


def readings_of(splits: tuple[SuitSplit, ...], base: int) -> tuple[SuitReading, ...]:
    """``engine.core.shapes.suit_splits`` answers as blocks counted from ``base``, each split's blocks
    and the splits sorted."""
    found = []
    for sets, pair in splits:
        blocks = [BLOCKS[base + offset][_BLOCK_OF_STEP[step]] for offset, step in sets]
        if pair >= 0:
            blocks.append(BLOCKS[base + pair][PAIR_B])
        found.append((tuple(sorted(blocks)), 1 if pair >= 0 else 0))
    found.sort()
    return tuple(found)


def _suit_readings(counts: bytes, base: int) -> tuple[SuitReading, ...]:
    """Every split of one suit's nine counts into chows, pungs and at most one pair."""
    return readings_of(suit_splits(tuple(counts), False), base)


def _honour_shape(counts: bytes) -> tuple[SuitReading | None, int]:
    """Honours only make pungs and pairs, so they read one way or none: (that reading if any, the
    kinds present as bits). Kept by the caller (``suit_tallies.SUIT_CACHES``), under the same key."""
    splits = readings_of(suit_splits(tuple(counts), True), 27)
    return (splits[0] if splits else None), kinds_present(counts, 27)


# Public names for the per-suit lookups (the analysis builds its per-split shares on them).
suit_shape = _suit_shape
honour_shape = _honour_shape


def seven_pairs(counts: Sequence[int]) -> tuple[Block, ...] | None:
    """Seven different pairs (four of a kind is not two pairs in Riichi): seven kinds held twice
    and the other 27 not at all, counted by the sequence's own (C) count before any loop."""
    if counts.count(2) != 7 or counts.count(0) != NUM_KINDS - 7:
        return None
    return (*compress(PAIR_BLOCKS, counts),)


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    """One of each terminal and honour plus a second of one of them, nothing else (the engine's
    one test of the form, on a concealed hand)."""
    return thirteen_orphans_pair(counts, held_mask(counts), 0) >= 0


# -- tenpai and waits ---------------------------------------------------------------------------

def completes(counts: Sequence[int], meld_count: int) -> bool:
    """Do these concealed counts (3n+2 tiles) complete a hand with ``meld_count`` melds?"""
    if regular_complete(counts):
        return True
    if meld_count == 0 and sum(counts) == 14:
        return seven_pairs(counts) is not None or is_thirteen_orphans(counts)
    return False


def wait_kinds(tiles: Iterable[Tile], melds: Sequence[Meld] = ()) -> list[int]:
    """Kinds that complete a hand of 13 - 3 x melds concealed tiles, in kind order.

    A kind whose four copies are all in the player's own hand and melds is not a wait (it cannot
    be drawn or claimed), so a hand waiting only on such a kind is not tenpai.
    """
    concealed = counts34(tiles)
    if sum(concealed) + 3 * len(melds) != 13:
        raise ValueError(f"a waiting hand has 13 tiles counting 3 per meld, got "
                         f"{sum(concealed) + 3 * len(melds)}")
    held = list(concealed)
    for meld in melds:
        for tile in meld.tiles:
            held[tile.kind] += 1
    return [kind for kind in completing_kinds(concealed, len(melds), completes) if held[kind] < 4]


def is_tenpai(tiles: Iterable[Tile], melds: Sequence[Meld] = ()) -> bool:
    """Is a 13-tile hand one tile from complete (draw payments, furiten warnings)?"""
    return bool(wait_kinds(tiles, melds))
