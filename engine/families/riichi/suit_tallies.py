"""What each suit's split brings to a Riichi reading, worked out once per split.

A reading is one split of each suit (and the honours' one reading) plus the melds. Everything the
yaku and fu of the sets need adds up over those parts: the number of chows and pungs, how many
blocks hold no terminal or honour, pairs of identical chows, concealed pungs and their fu, and the
bit masks of chow starts and pung kinds that sanshoku, ittsu and sanshoku doukou read. So each
split's share is counted once, in a cache keyed on the suit's nine counts (suits repeat across
hands far more than whole hands do), and a reading is scored by adding a few integers instead of
walking its blocks. The counters share one integer (``tally``, fields of 4 bits below the fu),
so adding two parts is one addition.

Which block the winning tile completed is a property of the split too: ``Part.wins`` holds, for
each kind of the suit, the distinct blocks holding it (the candidates for the winning set), the
chows among them, and whether a concealed pung of that kind exists. A hand reads one kind of one
suit there, so each kind's entry is worked out the first time a hand wins on it (``win_info``).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement

from engine.core.shapes import suit_splits
from engine.core.tables import Table
from engine.families.riichi.fu import BLOCK_FU
from engine.families.riichi.readings import (
    BLOCKS,
    CHOW_B,
    PAIR_B,
    PUNG_B,
    Block,
    honour_shape,
    kinds_present,
    readings_of,
    suit_shape,
)
from engine.families.riichi.yaku import block_outside, peikou_pairs

# Fields of a tally: each counter has 4 bits (a reading has at most 5 blocks); the fu come last.
T_CHOWS, T_TRIPLETS, T_INSIDE, T_PEIKOU, T_HONOURS, T_CLOSED, T_PAIRS = \
    (1 << shift for shift in range(0, 28, 4))
FIELD = 15                    # the mask of one counter once shifted down
CHOWS_AT, TRIPLETS_AT, INSIDE_AT, PEIKOU_AT, HONOURS_AT, CLOSED_AT, PAIRS_AT, FU_AT = range(0, 32, 4)
PUNGS_AT = 32                 # masks: chow starts in bits 0-26, suited pung kinds from bit 32
SUITED = (1 << 27) - 1

# (the blocks the winning kind may have completed, the chows among them, a concealed pung of it)
WinInfo = tuple[tuple[Block, ...], tuple[Block, ...], bool]


class Part:
    """One suit's split (or the honours' reading): its sorted blocks, its tally and masks, and
    the winning-set facts for each kind of the suit (None where the split holds none of it).

    A plain slotted class, not a frozen dataclass: every new suit makes one per split, and the
    frozen one's generated ``__init__`` sets each field through ``object.__setattr__``. Nothing
    changes a Part once made but the entries of ``wins`` as they are worked out."""

    __slots__ = ("blocks", "tally", "masks", "pair", "base", "wins")

    def __init__(self, blocks: tuple[Block, ...], tally: int, masks: int, pair: int, base: int,
                 wins: list) -> None:
        self.blocks = blocks
        self.tally = tally
        self.masks = masks
        self.pair = pair      # the kind of its pair, or -1
        self.base = base      # the suit's first kind
        self.wins = wins      # by offset from base: WinInfo, None (no block), or _UNKNOWN


def block_tally(kind: int, shape: int, opened: bool) -> tuple[int, int]:
    """(tally, masks) of one block: concealed pungs are closed, a meld is closed only as a
    concealed kong. Pairs count here but earn their fu per hand (it depends on the winds)."""
    tally = T_INSIDE if block_outside(kind, shape) == 0 else 0
    if kind >= 27:
        tally += T_HONOURS
    if shape == CHOW_B:
        return tally + T_CHOWS, 1 << kind
    if shape == PAIR_B:
        return tally + T_PAIRS, 0
    fu, _ = BLOCK_FU[kind * 4 + shape][opened]  # type: ignore[index]
    tally += T_TRIPLETS + (fu << FU_AT) + (0 if opened else T_CLOSED)
    return tally, (1 << (PUNGS_AT + kind)) if kind < 27 else 0


# Every meld block's (tally, masks), by kind * 4 + shape and then open (a list index per meld).
MELD_TALLY: tuple[tuple[tuple[int, int], tuple[int, int]] | None, ...] = tuple(
    (block_tally(kind, shape, False), block_tally(kind, shape, True))
    if shape != PAIR_B and (shape != CHOW_B or (kind < 27 and kind % 9 <= 6)) else None
    for kind in range(34) for shape in range(4))
# The fu a concealed pung loses when a discard completes it (it counts as open), by kind.
RON_PUNG_LOSS: tuple[int, ...] = tuple(
    BLOCK_FU[kind * 4 + PUNG_B][False][0] - BLOCK_FU[kind * 4 + PUNG_B][True][0]  # type: ignore[index]
    for kind in range(34))


# Every concealed block's (tally, masks), by kind * 4 + shape.
CLOSED_TALLY: tuple[tuple[int, int] | None, ...] = tuple(
    block_tally(kind, shape, False) if shape != CHOW_B or (kind < 27 and kind % 9 <= 6) else None
    for kind in range(34) for shape in range(4))


def make_part(blocks: tuple[Block, ...], base: int, size: int) -> Part:
    """Count one split's share of a reading (see the module docstring)."""
    tally = masks = 0
    pair = -1
    chows = []
    for kind, shape in blocks:
        block_bits, block_masks = CLOSED_TALLY[kind * 4 + shape]  # type: ignore[misc]
        tally += block_bits
        masks |= block_masks
        if shape == CHOW_B:
            chows.append(kind)
        elif shape == PAIR_B:
            pair = kind
    tally += peikou_pairs(chows) * T_PEIKOU
    return Part(blocks, tally, masks, pair, base, [_UNKNOWN] * size)


_UNKNOWN = object()   # a kind's entry in Part.wins not worked out yet


def win_info(part: Part, kind: int) -> WinInfo | None:
    """The blocks of a split that hold ``kind`` (distinct, in block order), the chows among them,
    and whether one is a concealed pung; None when no block holds it. Kept on the part."""
    found = part.wins[kind - part.base]
    if found is not _UNKNOWN:
        return found
    groups: list[Block] = []
    win_chows: list[Block] = []
    pung = False
    for block in part.blocks:
        first, shape = block
        if shape == CHOW_B:
            if first <= kind <= first + 2:
                if block not in groups:
                    groups.append(block)
                win_chows.append(block)
        elif first == kind:
            if block not in groups:
                groups.append(block)
            if shape != PAIR_B:
                pung = True
    found = part.wins[kind - part.base] = (tuple(groups), tuple(win_chows), pung) if groups else None
    return found


SuitParts = tuple[tuple[Part, ...], int, Part | None]


def suit_parts(counts: bytes, base: int) -> SuitParts:
    """(every split of one suit's nine counts as a Part, in sorted order; the kinds present as
    bits; the Part when there is exactly one). Cached per suit (``SUIT_CACHES``): the splits and
    their shares are the same in every hand."""
    splits, mask, _ = suit_shape(counts, base)
    parts = tuple(make_part(blocks, base, 9) for blocks, _ in splits)
    return parts, mask, parts[0] if len(parts) == 1 else None


def honour_part(counts: bytes) -> tuple[Part | None, int]:
    """(the honours' one reading as a Part, or None when they do not read; the kinds present)."""
    reading, mask = honour_shape(counts)
    return (None if reading is None else make_part(reading[0], 27, 7)), mask


def complete_suit_readings(size: int, honours: bool) -> dict[bytes, list[tuple[Block, ...]]]:
    """Every count vector of one suit that a winning hand's concealed tiles can hold there, with
    all its readings as sorted blocks counted from 0, in sorted order. The vectors are listed from
    the blocks up (the sums of at most four sets and one pair, chows only in a numbered suit, four
    of a kind at most); their readings are those of the one search, ``suit_splits``."""
    sets = [(offset, PUNG_B) for offset in range(size)]
    if not honours:
        sets += [(offset, CHOW_B) for offset in range(size - 2)]
    vectors: set[bytes] = set()
    for number in range(5):
        for chosen in combinations_with_replacement(sets, number):
            counts = [0] * size
            for offset, shape in chosen:
                if shape == CHOW_B:
                    counts[offset] += 1
                    counts[offset + 1] += 1
                    counts[offset + 2] += 1
                else:
                    counts[offset] += 3
            if max(counts) > 4:
                continue
            vectors.add(bytes(counts))
            for offset in range(size):
                if counts[offset] <= 2:
                    counts[offset] += 2
                    vectors.add(bytes(counts))
                    counts[offset] -= 2
    split = suit_splits.__wrapped__     # the search itself: its cache is for the hands' suits
    return {counts: [blocks for blocks, _ in readings_of(split(tuple(counts), honours), 0)]
            for counts in vectors}


@lru_cache(maxsize=1)
def _first_suit_domain() -> dict[bytes, SuitParts]:
    domain = {}
    for counts, readings in complete_suit_readings(9, False).items():
        parts = tuple(make_part(blocks, 0, 9) for blocks in readings)
        domain[counts] = (parts, kinds_present(counts, 0), parts[0] if len(parts) == 1 else None)
    return domain


def suit_domain(base: int) -> dict[bytes, SuitParts]:
    """``suit_parts`` of every complete count vector of the suit from ``base``: the first suit's
    parts moved there. A part's tally does not depend on its suit, and its masks (chow starts,
    pung kinds from ``PUNGS_AT``) and kinds present are bits by kind."""
    first = _first_suit_domain()
    if base == 0:
        return first
    moved = {block: BLOCKS[block[0] + base][block[1]] for block in
             (BLOCKS[kind][shape] for kind in range(9) for shape in (PUNG_B, PAIR_B, CHOW_B))}.__getitem__
    domain = {}
    for counts, (parts, mask, _) in first.items():
        parts = tuple(Part((*map(moved, part.blocks),), part.tally, part.masks << base,
                           part.pair + base if part.pair >= 0 else -1, base, [_UNKNOWN] * 9)
                      for part in parts)
        domain[counts] = (parts, mask << base, parts[0] if len(parts) == 1 else None)
    return domain


def honour_domain() -> dict[bytes, tuple[Part | None, int]]:
    """``honour_part`` of every complete vector of honour counts (each reads one way)."""
    return {counts: (make_part(tuple(BLOCKS[kind + 27][shape] for kind, shape in readings[0]), 27, 7),
                     kinds_present(counts, 27))
            for counts, readings in complete_suit_readings(7, True).items()}


# The parts of each suit by its nine counts (by base // 9), then the honours' by their seven: a
# hit is one subscript, three or four times a hand (``tables.Table``). Every complete vector is
# listed from the blocks up and split by the search at the first miss; the limits bound the others
# (hands that are not wins, seven pairs).
SUIT_CACHES: tuple[Table, ...] = tuple(
    Table(lambda counts, base=base: suit_parts(counts, base), 4096, lambda base=base: suit_domain(base))
    for base in (0, 9, 18)) + (Table(honour_part, 4096, honour_domain),)
_SUITS = tuple((base, SUIT_CACHES[base // 9]) for base in (18, 9, 0))
_HONOURS = SUIT_CACHES[3]


_NO_SUIT = bytes(9)
_NO_HONOURS = bytes(7)
# One reading of the concealed tiles: sorted blocks, summed tally, masks, the winning-kind facts.
Entry = tuple[tuple[Block, ...], int, int, WinInfo | None]


def concealed_entries(counts: bytes, win: int) -> tuple[list[Entry], int, int]:
    """(every reading of concealed counts as sets and exactly one pair, with its summed share;
    the kinds present as bits; the honour pair's kind or -1).

    Counts come as 34 bytes (a suit's nine slice and hash cheaply). Built back to front so each
    reading's blocks stay sorted; most suits split one way only, so those are joined straight on,
    and a list of combinations starts only at the first suit with several splits. Not cached as a
    whole: whole hands rarely repeat, suits do.
    """
    blocks: tuple[Block, ...] = ()
    tally = masks = present = 0
    win_facts: WinInfo | None = None
    honour_pair = -1
    dead = False                    # no reading; the scan goes on for the kinds present
    honour_counts = counts[27:]
    if honour_counts != _NO_HONOURS:
        honours, present = _HONOURS[honour_counts]
        if honours is None:
            dead = True
        else:
            blocks, tally, honour_pair = honours.blocks, honours.tally, honours.pair
            if win >= 27:
                # The kept entry read in place: a call only the first time (``win_info``).
                win_facts = honours.wins[win - 27]
                if win_facts is _UNKNOWN:
                    win_facts = win_info(honours, win)
    combos: list[Entry] | None = None
    win_base = win - win % 9 if win < 27 else -1
    for base, cache in _SUITS:
        key = counts[base:base + 9]
        if key == _NO_SUIT:
            continue
        parts, mask, single = cache[key]
        present |= mask
        if dead:
            continue
        if single is not None and combos is None:
            # Too many pairs is caught at the end, where every reading needs exactly one.
            blocks = single.blocks + blocks
            tally += single.tally
            masks |= single.masks
            if base == win_base:
                win_facts = single.wins[win - base]
                if win_facts is _UNKNOWN:
                    win_facts = win_info(single, win)
            continue
        if not parts:
            dead = True
            continue
        if combos is None:
            combos = [(blocks, tally, masks, win_facts)]
        on_win = base == win_base
        combos = [(part.blocks + rest, part.tally + more, part.masks | bits,
                   win_info(part, win) if on_win else info)
                  for part in parts for rest, more, bits, info in combos
                  if (part.tally + more) >> PAIRS_AT & FIELD <= 1]
    if dead:
        return [], present, honour_pair
    if combos is None:
        return ([(blocks, tally, masks, win_facts)] if tally >> PAIRS_AT & FIELD == 1 else []), \
            present, honour_pair
    return [entry for entry in combos if entry[1] >> PAIRS_AT & FIELD == 1], present, honour_pair
