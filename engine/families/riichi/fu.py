"""Fu (minipoints) of one reading of a Riichi hand, with the item that earned each.

Rules: 20 base; +10 for a closed hand won on a discard (menzen kafu, counted in a 30 base);
wait fu 2 for an edge (12-3, 7-89), closed (1-3) or single (pair) wait; 2 per yakuhai in the pair
(4 for a double wind pair); pungs 2/4, terminal or honour pungs 4/8, kongs four times that (open /
closed); a pung completed on a discard counts as open; 2 for tsumo except for pinfu; an open hand
with no fu at all gets 2 (30 in all); seven pairs is 25 flat; the total is rounded up to 10.

Each rule is written once here. The analysis adds up each reading's fu as totals (per suit
split, ``suit_tallies``, from ``BLOCK_FU``; the wait and the closing items from ``WAIT_FU`` and
``CLOSING_FU``, tables generated from the same rules) and keeps the best; ``fu_items`` writes the
items only for the reading that is shown, and ``fu_texts``, the same walk, writes them as a
result shows them. tests/engine/riichi/test_riichi_yaku_tables.py holds the totals equal to the
base plus the items.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from typing import Generic, NamedTuple, TypeVar

from engine.families.riichi.readings import CHOW_B, KONG_B, PAIR_B, PUNG_B, Block

SEVEN_PAIRS_FU = 25
_TERMINAL_OR_HONOR = tuple(kind >= 27 or kind % 9 in (0, 8) for kind in range(34))
# (terminal or honour, kong, open) -> (fu, item)
_SET_FU = {
    (False, False, False): (4, "closed pung"), (False, False, True): (2, "open pung"),
    (False, True, False): (16, "closed kong"), (False, True, True): (8, "open kong"),
    (True, False, False): (8, "closed pung"), (True, False, True): (4, "open pung"),
    (True, True, False): (32, "closed kong"), (True, True, True): (16, "open kong"),
}

FuItem = tuple[int, str]
Word = TypeVar("Word")
# The same table by block: BLOCK_FU[kind * 4 + shape][opened] for pungs and kongs (a list index
# is cheaper than building a key per set).
BLOCK_FU: tuple[tuple[FuItem, FuItem] | None, ...] = tuple(
    (_SET_FU[(_TERMINAL_OR_HONOR[kind], shape == KONG_B, False)],
     _SET_FU[(_TERMINAL_OR_HONOR[kind], shape == KONG_B, True)]) if shape in (KONG_B, PUNG_B) else None
    for kind in range(34) for shape in range(4))
_EDGE, _CLOSED, _SINGLE = (2, "edge wait"), (2, "closed wait"), (2, "single wait")
_YAKUHAI_PAIR, _DOUBLE_WIND_PAIR = (2, "yakuhai pair"), (4, "double wind pair")
_TSUMO, _OPEN_NO_FU = (2, "tsumo"), (2, "open hand without fu")
PAIR_FU: tuple[FuItem, FuItem] = (_YAKUHAI_PAIR, _DOUBLE_WIND_PAIR)   # by "valued twice"


def base_fu(is_open: bool, tsumo: bool) -> int:
    """20 base, or 30 for a closed hand won on a discard (menzen kafu)."""
    return 20 if is_open or tsumo else 30


class FuWords(NamedTuple, Generic[Word]):
    """What a breakdown is written in: its items (``ITEMS``, (fu, why) pairs that callers add up)
    or their texts (``TEXTS``, '8 closed pung', as a result shows them). One walk over a reading
    (``_walker``) writes either, so the rules are written once."""

    edge: Word
    closed_wait: Word
    single: Word
    tsumo: Word
    open_no_fu: Word
    blocks: tuple[tuple[Word, Word] | None, ...]   # by kind * 4 + shape: (closed, opened) pungs, kongs
    pairs: tuple[Word, Word]                        # a valued pair, by "valued twice"


ITEMS: FuWords[FuItem] = FuWords(_EDGE, _CLOSED, _SINGLE, _TSUMO, _OPEN_NO_FU, BLOCK_FU, PAIR_FU)


def _text(item: FuItem) -> str:
    return f"{item[0]} {item[1]}"


# The same words as texts, made once, so every shown breakdown shares these few strings.
TEXTS: FuWords[str] = FuWords(
    *map(_text, ITEMS[:5]),
    tuple(None if pair is None else (_text(pair[0]), _text(pair[1])) for pair in BLOCK_FU),
    (_text(PAIR_FU[0]), _text(PAIR_FU[1])))
BASE_TEXTS: dict[int, str] = {base: f"{base} base" for base in (20, 30, SEVEN_PAIRS_FU)}


def _wait_words(group_kind: int, group_shape: int, win_kind: int, words: FuWords[Word]) -> list[Word]:
    """The wait's item, if any, of a hand won by ``win_kind`` on the block ``(group_kind,
    group_shape)``: an edge (12-3, 7-89) or closed (1-3) chow wait, or a single wait on the pair."""
    if group_shape == CHOW_B:
        rank = group_kind % 9
        if (rank == 0 and win_kind == group_kind + 2) or (rank == 6 and win_kind == group_kind):
            return [words.edge]
        if win_kind == group_kind + 1:
            return [words.closed_wait]
        return []
    return [words.single] if group_shape == PAIR_B else []


def pair_valued(kind: int, seat_wind: int, round_wind: int) -> int:
    """How many times a pair of ``kind`` is a yakuhai: a dragon, the seat wind, the round wind."""
    return (kind >= 31) + (kind == seat_wind) + (kind == round_wind)


def _closing_words(has_fu: bool, tsumo: bool, is_open: bool, open_pinfu_fu: bool, pinfu_tsumo_fu: bool,
                   words: FuWords[Word]) -> list[Word]:
    """The items after the sets: 2 for tsumo (not for pinfu, a hand of no fu, unless the option
    says so), and 2 for an open hand that has no fu at all (unless the option says not)."""
    items: list[Word] = []
    if tsumo and (has_fu or pinfu_tsumo_fu):
        items.append(words.tsumo)
    if is_open and not (has_fu or items) and open_pinfu_fu:
        items.append(words.open_no_fu)
    return items


def _fu(items: list[FuItem]) -> int:
    return sum(fu for fu, _ in items)


# The fast forms the analysis adds up, generated from the rules above: the wait fu by block
# (kind * 4 + shape) and the winning kind's offset in it, and the closing fu by (tsumo, open,
# open_pinfu_fu, pinfu_tsumo_fu) as (added to a hand of no fu, added to one with fu).
WAIT_FU: tuple[tuple[int, ...], ...] = tuple(
    tuple(_fu(_wait_words(kind, shape, kind + offset, ITEMS)) for offset in range(3))
    for kind in range(34) for shape in range(4))
CLOSING_FU: dict[tuple[bool, bool, bool, bool], tuple[int, int]] = {
    flags: (_fu(_closing_words(False, *flags, ITEMS)), _fu(_closing_words(True, *flags, ITEMS)))
    for flags in product((False, True), repeat=4)}


def _walker(words: FuWords[Word]) -> Callable[..., list[Word]]:
    """The walk over a reading that writes its breakdown in ``words``. The wait and closing items
    are looked up in tables made here from ``_wait_words`` and ``_closing_words`` (a lookup per
    walk instead of calls); the words are the closure's, read as fast as locals."""
    blocks, pairs = words.blocks, words.pairs
    waits = tuple(tuple(tuple(_wait_words(kind, shape, kind + offset, words)) for offset in range(3))
                  for kind in range(34) for shape in range(4))
    closings = {(has_fu, *flags): tuple(_closing_words(has_fu, *flags, words))
                for has_fu in (False, True) for flags in product((False, True), repeat=4)}

    def walk(reading: tuple[Block, ...], win_group: Block, open_blocks: tuple[Block, ...], win_kind: int,
             seat_wind: int, round_wind: int, tsumo: bool, is_open: bool, open_pinfu_fu: bool = True,
             pinfu_tsumo_fu: bool = False) -> list[Word]:
        """The fu items of a regular reading won on ``win_group`` (the base excluded), in the
        order they are shown: the wait, then each pung, kong and valued pair in reading order,
        then tsumo or the open hand's 2. The analysis adds up the same rules as totals for every
        candidate (``WAIT_FU``, ``CLOSING_FU``) and asks for the breakdown of the one it shows."""
        group_kind, group_shape = win_group
        items = [*waits[group_kind * 4 + group_shape][win_kind - group_kind]]
        # A concealed pung completed on a discard counts as open.
        ron_pung = group_shape == PUNG_B and not tsumo
        for block in reading:
            kind, shape = block
            if shape == CHOW_B:
                continue
            if shape != PAIR_B:
                opened = (ron_pung and block == win_group) or (open_blocks != () and block in open_blocks)
                items.append(blocks[kind * 4 + shape][opened])  # type: ignore[index]
            elif kind >= 27:
                valued = pair_valued(kind, seat_wind, round_wind)
                if valued:
                    items.append(pairs[valued >= 2])
        items += closings[bool(items), tsumo, is_open, bool(open_pinfu_fu), bool(pinfu_tsumo_fu)]
        return items

    return walk


fu_items: Callable[..., list[FuItem]] = _walker(ITEMS)
fu_texts: Callable[..., list[str]] = _walker(TEXTS)
