"""One analysis of a Japanese win, shared by both presets: every (reading, winning set) candidate
with its yaku, han, fu and dora. The presets differ only in how they value a candidate and pick
the best one (``japanese.py`` for Riichi, ``japanese_classical.py`` for doc B).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.hand import DeclaredHand
from engine.rulesets.japanese_fu import BLOCK_FU, PAIR_FU, SEVEN_PAIRS_FU, FuItem, SetFu, reading_fu
from engine.rulesets.japanese_shapes import (
    CHOW_B,
    PAIR_B,
    PUNG_B,
    Block,
    MeldInfo,
    is_thirteen_orphans,
    meld_info,
    readings,
)
from engine.rulesets.japanese_yaku import (
    BY_ID,
    FLAG,
    FLAG_BITS,
    GREEN,
    H_GREEN,
    H_KONGS,
    H_NINE_GATES,
    H_ONE_SUIT,
    H_OUTSIDE,
    H_PUNG_OF,
    H_PURE_ONE_SUIT,
    H_ROUND_PUNG,
    H_SEAT_PUNG,
    H_SIMPLE,
    H_THREE_WIND_PUNGS,
    H_TSUMO,
    H_TWO_DRAGON_PUNGS,
    S_CLOSED,
    S_DOUKOU,
    S_FOUR_TRIPLETS,
    S_ITTSU,
    S_OUTSIDE_CHOWS,
    S_PEIKOU,
    S_PINFU,
    S_SANANKOU,
    S_SANSHOKU,
    S_SEVEN,
    S_THREE_TRIPLETS,
    SIMPLE,
    Facts,
    View,
    Yaku,
    hand_units_for,
    set_units_for,
    yaku_han,
)

MAX_HAN = 78   # six yakuman


@dataclass(slots=True)
class Candidate:
    """One way to read the win: the reading, the set the winning tile completed, and its value."""

    reading: tuple[Block, ...]
    win_group: Block | None
    yaku: tuple[tuple[Yaku, int], ...]
    han: int                      # yaku han (dora not included)
    yakuman: int                  # number of yakuman (0 for an ordinary hand)
    fu: int
    raw_fu: int
    fu_items: list[FuItem]
    seven_pairs: bool = False
    thirteen_orphans: bool = False
    view: View | None = None      # the reading's View, kept for the explanations (its
                                  # reading-level fields; the winning-set ones are the last tried)


@dataclass(slots=True)
class Analysis:
    facts: Facts
    candidates: list[Candidate]
    dora: int
    red: int
    ura: int


# Each flag's consistency rules: (order, broken(hand, is_open, riichi), reason). The order is the
# rule's place in one list, so several broken rules always report the same (first) reason.
_FlagRule = tuple[int, Callable[[DeclaredHand, bool, bool], bool], str]
_RIICHI_CLOSED: _FlagRule = (0, lambda hand, is_open, riichi: is_open, "riichi needs a closed hand")
FLAG_RULES: dict[str, tuple[_FlagRule, ...]] = {
    "riichi": (_RIICHI_CLOSED,),
    "double_riichi": (_RIICHI_CLOSED,),
    "ippatsu": ((1, lambda hand, is_open, riichi: not riichi, "ippatsu needs riichi"),),
    "chankan": ((2, lambda hand, is_open, riichi: hand.win_by == "tsumo",
                 "chankan is a win on another player's kong, not a tsumo"),
                (7, lambda hand, is_open, riichi: "houtei" in hand.flags,
                 "houtei and chankan cannot both apply")),
    "rinshan": ((3, lambda hand, is_open, riichi: hand.win_by != "tsumo", "rinshan is a self-drawn win"),
                (6, lambda hand, is_open, riichi: "haitei" in hand.flags,
                 "haitei and rinshan cannot both apply")),
    "haitei": ((4, lambda hand, is_open, riichi: hand.win_by != "tsumo", "haitei is a self-drawn win"),),
    "houtei": ((5, lambda hand, is_open, riichi: hand.win_by == "tsumo", "houtei is a win on a discard"),),
    "tenhou": ((8, lambda hand, is_open, riichi: hand.seat_wind != 27, "tenhou is the dealer's win"),
               (9, lambda hand, is_open, riichi: hand.win_by != "tsumo", "tenhou is a self-drawn win"),
               (10, lambda hand, is_open, riichi: bool(hand.melds), "tenhou cannot have melds")),
    "chiihou": ((11, lambda hand, is_open, riichi: hand.seat_wind == 27, "chiihou is a non-dealer's win"),
                (12, lambda hand, is_open, riichi: hand.win_by != "tsumo", "chiihou is a self-drawn win"),
                (13, lambda hand, is_open, riichi: bool(hand.melds), "chiihou cannot have melds")),
    "renhou": ((14, lambda hand, is_open, riichi: hand.seat_wind == 27, "renhou is a non-dealer's win"),
               (15, lambda hand, is_open, riichi: hand.win_by == "tsumo", "renhou is a win on a discard"),
               (16, lambda hand, is_open, riichi: bool(hand.melds), "renhou cannot have melds")),
}


def flag_problem(hand: DeclaredHand, is_open: bool) -> str | None:
    """A reason when the win's flags contradict each other or the hand (None when consistent).
    Only the rules of the flags the win carries are checked."""
    flags = hand.flags
    if not flags:
        return None
    riichi = "riichi" in flags or "double_riichi" in flags
    first: tuple[int, str] | None = None
    for flag in flags:
        for order, broken, reason in FLAG_RULES.get(flag, ()):
            if (first is None or order < first[0]) and broken(hand, is_open, riichi):
                first = (order, reason)
    return None if first is None else first[1]


_SIMPLE_MASK = sum(1 << kind for kind in range(34) if SIMPLE[kind])
_GREEN_MASK = sum(1 << kind for kind in GREEN)
_HONOR_MASK = sum(1 << kind for kind in range(27, 34))


def build_facts(hand: DeclaredHand, counts: bytearray, present: int, melds: MeldInfo,
                options: dict[str, Any]) -> tuple[Facts, int]:
    """The hand-level facts, and the feature bits that decide which flag and hand units are worth
    checking (one function, as both read the same values); ``present`` has bit k set when kind k
    is in the hand."""
    suits = (1 if present & 0x1FF else 0) | (2 if present & 0x3FE00 else 0) \
        | (4 if present & 0x7FC0000 else 0)
    assert hand.win_tile is not None
    tsumo = hand.win_by == "tsumo"
    honors = present & _HONOR_MASK != 0
    all_simple = present & ~_SIMPLE_MASK == 0
    all_terminal_honor = present & _SIMPLE_MASK == 0
    green = present & ~_GREEN_MASK == 0
    flags = hand.flags
    seat_wind = hand.seat_wind
    round_wind = hand.round_wind
    features = H_TSUMO if tsumo else 0
    if flags:
        features |= _flag_features(flags)
    if honors:
        features |= _honour_features(bytes(counts[27:]))
        if counts[seat_wind] >= 3:
            features |= H_SEAT_PUNG
        if counts[round_wind] >= 3:
            features |= H_ROUND_PUNG
        if suits in (1, 2, 4):
            features |= H_ONE_SUIT
    elif suits in (1, 2, 4):
        features |= H_PURE_ONE_SUIT if melds.any_melds else H_PURE_ONE_SUIT | H_NINE_GATES
    if all_simple:
        features |= H_SIMPLE
    elif all_terminal_honor:
        features |= H_OUTSIDE
    if green:
        features |= H_GREEN
    if melds.kong_count >= 3:
        features |= H_KONGS
    # Positional: this runs once per hand, and keyword arguments cost a third more.
    return Facts(counts, flags, options, tsumo, melds.open_blocks != (), melds.any_melds,
                 melds.kong_count, hand.win_tile.kind, seat_wind, round_wind, suits, honors,
                 all_simple, all_terminal_honor, green), features


@lru_cache(maxsize=256)
def _flag_features(flags: frozenset[str]) -> int:
    """The feature bits of a set of flags (few sets occur; a frozenset keeps its hash)."""
    features = 0
    for flag in flags:
        features |= FLAG_BITS.get(flag, 0)
    return features


@lru_cache(maxsize=4096)
def _honour_features(honours: bytes) -> int:
    """The feature bits of the seven honour counts: a pung of each, two dragon or three wind
    pungs. Honour counts repeat across hands, so each is worked out once."""
    features = dragons = winds = 0
    for offset, count in enumerate(honours):
        if count >= 3:
            features |= H_PUNG_OF[27 + offset]
            if offset >= 4:
                dragons += 1
            else:
                winds += 1
    if dragons >= 2:
        features |= H_TWO_DRAGON_PUNGS
    if winds >= 3:
        features |= H_THREE_WIND_PUNGS
    return features


def _view(reading: tuple[Block, ...], melds: MeldInfo,
          facts: Facts) -> tuple[View, list[Block], SetFu]:
    """One pass over a reading: chows, pungs, the concealed-pung count as sanankou reads it, the
    feature bits that pick which sets units to check, the blocks the winning tile may have
    completed (in order; a block equal to an open meld is that meld unless the reading holds it
    twice), and the fu its pungs, kongs and pair earn wherever the winning tile went."""
    fu_items: list[FuItem] = []
    fu_total = 0
    win_pung = -1
    chows: list[int] = []
    triplets: list[int] = []
    chow_count = triplet_count = 0          # counted here: a len() call costs more
    groups: list[Block] = []
    chow_mask = pung_mask = 0
    closed = 0
    chow_on_win = False
    win_pung_closed = False
    outside = True
    peikou = False
    win = facts.win_kind
    open_blocks = melds.open_blocks
    spare = list(open_blocks) if open_blocks else None
    for block in reading:
        kind, shape = block
        if shape == CHOW_B:
            chows.append(kind)
            chow_count += 1
            bit = 1 << kind
            if chow_mask & bit:
                peikou = True
            chow_mask |= bit
            if outside and kind % 9 not in (0, 6):
                outside = False
            on_win = kind <= win <= kind + 2
            if on_win and block not in open_blocks:
                chow_on_win = True
        else:
            on_win = kind == win
            if outside and SIMPLE[kind]:
                outside = False
            if shape != PAIR_B:
                triplets.append(kind)
                triplet_count += 1
                if kind < 27:
                    pung_mask |= 1 << kind
                if block in open_blocks:
                    item = BLOCK_FU[kind * 4 + shape][True]  # type: ignore[index]
                else:
                    closed += 1
                    if on_win:
                        win_pung_closed = True
                        if shape == PUNG_B:
                            win_pung = len(fu_items)
                    item = BLOCK_FU[kind * 4 + shape][False]  # type: ignore[index]
                fu_items.append(item)
                fu_total += item[0]
            elif kind >= 27:
                valued = (kind >= 31) + (kind == facts.seat_wind) + (kind == facts.round_wind)
                if valued:
                    item = PAIR_FU[valued >= 2]
                    fu_items.append(item)
                    fu_total += item[0]
        if spare and block in spare:
            spare.remove(block)
        elif on_win and block not in groups:
            groups.append(block)
    # On a discard the pung the tile completed is open, unless the tile could complete a chow.
    if win_pung_closed and not facts.tsumo and not chow_on_win:
        closed -= 1
    features = 0 if facts.is_open else S_CLOSED
    if chow_count:
        if outside:
            features |= S_OUTSIDE_CHOWS
        if peikou:
            features |= S_PEIKOU
        if chow_count >= 3:
            if chow_mask & (chow_mask >> 9) & (chow_mask >> 18):
                features |= S_SANSHOKU
            if _straight(chow_mask):
                features |= S_ITTSU
    if triplet_count >= 3:
        features |= S_THREE_TRIPLETS | (S_FOUR_TRIPLETS if triplet_count == 4 else 0)
        if pung_mask & (pung_mask >> 9) & (pung_mask >> 18):
            features |= S_DOUKOU
        if closed == 3:
            features |= S_SANANKOU
    seven = len(reading) == 7
    if seven:
        features |= S_SEVEN
    return (View(reading, seven, chows, triplets, closed, False, (0, PAIR_B), features,
                 chow_mask, pung_mask), groups, (fu_items, fu_total, win_pung))


def _straight(chow_mask: int) -> bool:
    return ((chow_mask & _STRAIGHTS[0]) == _STRAIGHTS[0] or (chow_mask & _STRAIGHTS[1]) == _STRAIGHTS[1]
            or (chow_mask & _STRAIGHTS[2]) == _STRAIGHTS[2])


_STRAIGHTS = tuple((1 | 1 << 3 | 1 << 6) << (9 * suit) for suit in range(3))


def candidate_view(candidate: Candidate) -> View:
    """A View of a chosen candidate, for the units' explanations (which read only what the whole
    reading holds: its chows, pungs and their masks)."""
    if candidate.view is not None:
        return candidate.view
    return View(candidate.reading, candidate.seven_pairs, [], [], 0, False,
                candidate.win_group or (0, PAIR_B))


def _dora_kind(indicator: int) -> int:
    if indicator < 27:
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    if indicator < 31:
        return 27 if indicator == 30 else indicator + 1
    return 31 if indicator == 33 else indicator + 1


DORA_OF: tuple[int, ...] = tuple(_dora_kind(kind) for kind in range(34))


def count_dora(hand: DeclaredHand, counts: bytearray, red: int,
               options: dict[str, Any]) -> tuple[int, int, int]:
    """(dora, red fives, ura dora) in the whole hand; ura only under riichi."""
    if not options.get("dora", True):
        return 0, 0, 0
    dora = 0
    for tile in hand.dora_indicators:
        dora += counts[DORA_OF[tile.kind]]
    if not options.get("red_fives", True):
        red = 0
    ura = 0
    if hand.ura_indicators and ("riichi" in hand.flags or "double_riichi" in hand.flags) \
            and options.get("riichi", True):
        for tile in hand.ura_indicators:
            ura += counts[DORA_OF[tile.kind]]
    return dora, red, ura


_NO_YAKU: tuple[tuple[tuple[Yaku, int], ...], int, int] = ((), 0, 0)


def _value(units: list[Yaku], is_open: bool,
           options: dict[str, Any]) -> tuple[tuple[tuple[Yaku, int], ...], int, int]:
    """Yaku with their han, total han, number of yakuman; yakuman push out every other yaku."""
    counted = []
    han = 0
    for unit in units:
        if unit.yakuman:
            counted = [(unit, yaku_han(unit, is_open, options)) for unit in units if unit.yakuman]
            han = sum(value for _, value in counted)
            return tuple(counted), han, min(han, MAX_HAN) // 13
        value = unit.han_open if is_open and unit.han_open else unit.han_closed
        counted.append((unit, value))
        han += value
    return tuple(counted), han, 0


def analyse(hand: DeclaredHand, options: dict[str, Any], melds: MeldInfo | None = None) -> Analysis:
    """Every candidate reading of a declared hand (none when it is not a complete hand)."""
    melds = melds or meld_info(hand.melds)
    counts = bytearray(34)
    red = 0
    for tile in hand.concealed:
        counts[tile.kind] += 1
        red += tile.red
    concealed = bytes(counts)
    found, present = readings(concealed, melds)    # present: bit k set when kind k is held
    for meld in hand.melds:
        for tile in meld.tiles:
            kind = tile.kind
            counts[kind] += 1
            present |= 1 << kind
            red += tile.red
    facts, hand_bits = build_facts(hand, counts, present, melds, options)
    if hand.dora_indicators or hand.ura_indicators or red:
        dora, red, ura = count_dora(hand, counts, red, options)
    else:
        dora = ura = 0
    fixed = []
    for unit in hand_units_for(hand_bits):
        if unit.applies(facts, None):  # type: ignore[arg-type]
            fixed.append(unit)
    # The value of a reading without sets yaku, shared by every such candidate.
    fixed_value = _value(fixed, facts.is_open, options) if fixed else _NO_YAKU
    open_pinfu_fu = options.get("open_pinfu_fu", True)
    pinfu_tsumo_fu = options.get("pinfu_tsumo_fu", False)
    is_open = facts.is_open
    tsumo = facts.tsumo
    win = facts.win_kind
    candidates: list[Candidate] = []
    for reading in found:
        view, groups, sets_fu = _view(reading, melds, facts)
        seven = view.seven_pairs
        if seven and not options.get("seven_pairs", True):
            continue
        features = view.features
        for group in groups:
            if seven:
                fu = raw = SEVEN_PAIRS_FU
                items: list[FuItem] = []
                pinfu = False
            else:
                fu, raw, items = reading_fu(sets_fu, group, win, tsumo, is_open, open_pinfu_fu,
                                            pinfu_tsumo_fu)
                pinfu = all(reason == "tsumo" for _, reason in items) if pinfu_tsumo_fu else not items
            view.pinfu_shape = pinfu
            view.win_group = group
            set_yaku = []
            for unit in set_units_for(features | S_PINFU if pinfu else features):
                if unit.applies(facts, view):
                    set_yaku.append(unit)
            if not set_yaku:
                counted, han, yakuman = fixed_value
            else:
                extra, extra_han, extra_yakuman = _value(set_yaku, is_open, options)
                if fixed_value[2] or extra_yakuman:     # yakuman push out every other yaku
                    counted, han, yakuman = _value(fixed + set_yaku, is_open, options)
                else:                   # ordinary yaku only: the sets yaku add to the fixed ones
                    counted, han, yakuman = fixed_value[0] + extra, fixed_value[1] + extra_han, 0
            candidates.append(Candidate(reading, group, counted, han, yakuman, fu, raw, items, seven,
                                        False, view))
    if facts.all_terminal_honor and not melds.any_melds and is_thirteen_orphans(concealed):
        thirteen = "kokushi_13_wait" if counts[win] == 2 else "kokushi"
        units = [BY_ID[thirteen]] + [unit for unit in fixed if unit.scope == FLAG and unit.yakuman]
        counted, han, yakuman = _value(units, False, options)
        candidates.append(Candidate((), None, counted, han, yakuman, 0, 0, [],
                                    thirteen_orphans=True))
    return Analysis(facts, candidates, dora, red, ura)
