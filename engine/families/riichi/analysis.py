"""One analysis of a Japanese win, shared by both presets: every (reading, winning set) candidate
with its yaku, han, fu and dora. The presets differ only in how they value a candidate and pick
the best one (``japanese.py`` for Riichi, ``japanese_classical.py`` for doc B).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.core.hand import DeclaredHand
from engine.families.riichi.fu import PAIR_FU, SEVEN_PAIRS_FU, FuItem, fu_items
from engine.families.riichi.readings import (
    CHOW_B,
    NO_MELDS,
    PAIR_B,
    Block,
    MeldInfo,
    is_thirteen_orphans,
    meld_info,
    seven_pairs,
)
from engine.families.riichi.suit_tallies import (
    CLOSED_AT,
    FIELD,
    FU_AT,
    HONOURS_AT,
    INSIDE_AT,
    MELD_TALLY,
    PEIKOU_AT,
    PUNGS_AT,
    RON_PUNG_LOSS,
    SUITED,
    TRIPLETS_AT,
    Entry,
    concealed_entries,
)
from engine.families.riichi.yaku import (
    BY_ID,
    FLAG,
    FLAG_BITS,
    GREEN,
    H_CLOSED,
    H_DAISANGEN,
    H_DAISUUSHII,
    H_GREEN,
    H_HONOURS_ONLY,
    H_KONGS,
    H_KONGS3,
    H_KONGS4,
    H_NINE_GATES,
    H_ONE_SUIT,
    H_OUTSIDE,
    H_PUNG_OF,
    H_PURE_ONE_SUIT,
    H_ROUND_PUNG,
    H_ROUND_PUNG_OF,
    H_SEAT_PUNG,
    H_SEAT_PUNG_OF,
    H_SHOUSANGEN,
    H_SHOUSUUSHII,
    H_SIMPLE,
    H_TANYAO,
    H_TERMINALS_ONLY,
    H_THREE_WIND_PUNGS,
    H_TSUMO,
    H_TWO_DRAGON_PUNGS,
    HAND_EXACT,
    NINE_GATES,
    S_CHANTA,
    S_CLOSED,
    S_DOUKOU,
    S_FOUR_TRIPLETS,
    S_IIPEIKOU,
    S_ITTSU,
    S_JUNCHAN,
    S_PINFU,
    S_RYANPEIKOU,
    S_SANANKOU,
    S_SANSHOKU,
    S_SEVEN,
    S_SUUANKOU,
    S_SUUANKOU_TANKI,
    SIMPLE,
    X_DOUBLE_RIICHI,
    X_IPPATSU,
    X_RENHOU,
    X_RENHOU_YAKUMAN,
    X_RIICHI,
    Facts,
    View,
    Yaku,
    hand_units_exact,
    set_units_exact,
    yaku_han,
)

MAX_HAN = 78   # six yakuman


@dataclass(slots=True, eq=False)
class Value:
    """A candidate's yaku with their han, the total han and the number of yakuman. Shared by every
    candidate with the same yaku (``_combined_value`` caches them), and compared and hashed by
    identity, so the caches of explained yaku key on it cheaply."""

    yaku: tuple[tuple[Yaku, int], ...]
    han: int                      # yaku han (dora not included)
    yakuman: int                  # number of yakuman (0 for an ordinary hand)


@dataclass(slots=True)
class Candidate:
    """One way to read the win: the reading, the set the winning tile completed, and its value.
    (Slots dataclasses here rather than named tuples: Python 3.11 specialises attribute reads
    of slots, not of a named tuple's fields.)"""

    reading: tuple[Block, ...]
    win_group: Block | None
    value: Value
    fu: int
    raw_fu: int
    seven_pairs: bool
    thirteen_orphans: bool
    masks: int                    # chow starts | suited pung kinds << PUNGS_AT (explanations)

    @property
    def yaku(self) -> tuple[tuple[Yaku, int], ...]:
        return self.value.yaku

    @property
    def han(self) -> int:
        return self.value.han

    @property
    def yakuman(self) -> int:
        return self.value.yakuman


@dataclass(slots=True)
class Analysis:
    facts: Facts
    candidates: list[Candidate]
    dora: int
    red: int
    ura: int
    melds: MeldInfo = NO_MELDS


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
    is_open = melds.open_blocks != ()
    features = H_TSUMO if tsumo else 0
    if not is_open:
        features |= H_CLOSED
    if flags:
        features |= _flag_features(flags, options.get("riichi", True), options.get("ippatsu", True),
                                   options.get("renhou_as_yakuman", False))
    if honors:
        features |= _honour_features(bytes(counts[27:]))
        if counts[seat_wind] >= 3:
            features |= H_SEAT_PUNG | H_SEAT_PUNG_OF[seat_wind]
        if counts[round_wind] >= 3:
            features |= H_ROUND_PUNG | H_ROUND_PUNG_OF[round_wind]
        if suits in (1, 2, 4):
            features |= H_ONE_SUIT
        elif not suits:
            features |= H_HONOURS_ONLY
    elif suits in (1, 2, 4):
        features |= H_PURE_ONE_SUIT if melds.any_melds else H_PURE_ONE_SUIT | H_NINE_GATES
    if all_simple:
        features |= H_SIMPLE
        if not is_open or options.get("open_tanyao"):
            features |= H_TANYAO
    elif all_terminal_honor:
        features |= H_OUTSIDE if honors else H_OUTSIDE | H_TERMINALS_ONLY
    if green:
        features |= H_GREEN
    kongs = melds.kong_count
    if kongs >= 3:
        features |= H_KONGS | (H_KONGS3 if kongs == 3 else H_KONGS4)
    # Positional: this runs once per hand, and keyword arguments cost a third more.
    return Facts(counts, flags, options, tsumo, is_open, melds.any_melds, kongs, hand.win_tile.kind,
                 seat_wind, round_wind, suits, honors, all_simple, all_terminal_honor, green), features


@lru_cache(maxsize=256)
def _flag_features(flags: frozenset[str], riichi: bool, ippatsu: bool, renhou_yakuman: bool) -> int:
    """The feature bits of a set of flags under the three options that switch flag yaku (few sets
    occur; a frozenset keeps its hash): each flag's own bit, and the exact bit of its unit."""
    features = 0
    for flag in flags:
        features |= FLAG_BITS.get(flag, 0)
    if riichi:
        if "double_riichi" in flags:
            features |= X_DOUBLE_RIICHI
        elif "riichi" in flags:
            features |= X_RIICHI
    if ippatsu and "ippatsu" in flags:
        features |= X_IPPATSU
    if "renhou" in flags:
        features |= X_RENHOU_YAKUMAN if renhou_yakuman else X_RENHOU
    return features


@lru_cache(maxsize=4096)
def _honour_features(honours: bytes) -> int:
    """The feature bits of the seven honour counts (all tiles): a pung of each, two dragon or
    three wind pungs, and the exact bits of the dragon and wind yaku. Honour counts repeat across
    hands, so each is worked out once."""
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
        if min(honours[4:]) >= 2:
            features |= H_SHOUSANGEN
        if dragons == 3:
            features |= H_DAISANGEN
    if winds >= 3:
        features |= H_THREE_WIND_PUNGS
        if winds == 4:
            features |= H_DAISUUSHII
        elif honours[:4].count(2) == 1:
            features |= H_SHOUSUUSHII
    return features


def fu_items_of(candidate: Candidate, analysis: Analysis) -> list[FuItem]:
    """The fu breakdown of a candidate (no base; empty for seven pairs and thirteen orphans).
    Only the shown candidate's breakdown is ever needed, so it is written on asking."""
    if candidate.seven_pairs or candidate.win_group is None:
        return []
    facts = analysis.facts
    options = facts.options
    return fu_items(candidate.reading, candidate.win_group, analysis.melds.open_blocks, facts.win_kind,
                    facts.seat_wind, facts.round_wind, facts.tsumo, facts.is_open,
                    options.get("open_pinfu_fu", True), options.get("pinfu_tsumo_fu", False))


_STRAIGHTS = tuple((1 | 1 << 3 | 1 << 6) << (9 * suit) for suit in range(3))


def candidate_view(candidate: Candidate) -> View:
    """A View of a chosen candidate, for the units' explanations (which read only what the whole
    reading holds: its chow and pung masks)."""
    masks = candidate.masks
    return View(candidate.reading, candidate.seven_pairs, [], [], 0, False,
                candidate.win_group or (0, PAIR_B), 0, masks & SUITED, masks >> PUNGS_AT)


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


# A candidate's value key: its reading's exact bits (below _OPEN), open, double yakuman on, and
# the hand's exact bits from _HAND_AT up.
_OPEN, _DOUBLE_YAKUMAN, _HAND_AT = 1 << 20, 1 << 21, 22
_SET_BITS = _OPEN - 1


@lru_cache(maxsize=4096)
def _combined_value(key: int) -> Value:
    """The value of a hand's flag and hand yaku with one reading's sets yaku, from the key made in
    ``analyse``: the sets yaku add to the others, unless a yakuman pushes out every ordinary one.
    Few sets of yaku occur, so each is valued once; one integer key hashes cheaply."""
    is_open = bool(key & _OPEN)
    options = {"double_yakuman": bool(key & _DOUBLE_YAKUMAN)}
    fixed = hand_units_exact(key >> _HAND_AT)
    extra = set_units_exact(key & _SET_BITS)
    fixed_value = _value(fixed, is_open, options) if fixed else _NO_YAKU
    if not extra:
        return Value(*fixed_value)
    extra_counted, extra_han, extra_yakuman = _value(extra, is_open, options)
    if fixed_value[2] or extra_yakuman:
        return Value(*_value(fixed + extra, is_open, options))
    return Value(fixed_value[0] + extra_counted, fixed_value[1] + extra_han, 0)


_SEVEN_PAIRS = -1               # the tally that marks the seven pairs entry


def analyse(hand: DeclaredHand, options: dict[str, Any], melds: MeldInfo | None = None) -> Analysis:
    """Every candidate reading of a declared hand (none when it is not a complete hand).

    Each reading's sets yaku and fu come from its summed per-split shares (``japanese_parts``)
    and the winning-kind facts of its splits: exact feature bits pick the yaku
    (``set_units_exact``), and the fu are added up as totals; the item by item breakdown is
    written only for the candidate that is shown (``fu_items_of``).
    """
    melds = melds or meld_info(hand.melds)
    assert hand.win_tile is not None
    win = hand.win_tile.kind
    counts = bytearray(34)
    red = 0
    for tile in hand.concealed:
        counts[tile.kind] += 1
        red += tile.red
    concealed = bytes(counts)
    # present: bit k set when kind k is held
    entries, present, honour_pair = concealed_entries(concealed, win)
    if melds.any_melds:
        present |= melds.present
        for meld in hand.melds:
            for tile in meld.tiles:
                counts[tile.kind] += 1
                red += tile.red
    facts, hand_bits = build_facts(hand, counts, present, melds, options)
    if hand.dora_indicators or hand.ura_indicators or red:
        dora, red, ura = count_dora(hand, counts, red, options)
    else:
        dora = ura = 0
    if hand_bits & H_NINE_GATES:    # the bits say the hand may be nine gates: its predicates decide
        for unit in NINE_GATES:
            if unit.applies(facts, None):  # type: ignore[arg-type]
                hand_bits |= HAND_EXACT[unit.id]
    is_open = facts.is_open
    tsumo = facts.tsumo
    # The key of a candidate's value (``_combined_value``): the hand's exact bits and the two
    # switches that change han, to which each candidate adds its reading's bits.
    hand_key = (hand_bits << _HAND_AT) | (_OPEN if is_open else 0) \
        | (_DOUBLE_YAKUMAN if options.get("double_yakuman", True) else 0)
    candidates: list[Candidate] = []
    if melds.any_melds:
        open_blocks = melds.open_blocks
        meld_tally = meld_masks = 0
        for block in melds.blocks:
            block_bits, block_masks = MELD_TALLY[block[0] * 4 + block[1]][block in open_blocks]  # type: ignore[index]
            meld_tally += block_bits
            meld_masks |= block_masks
        with_melds = []
        for blocks, tally, masks, win_info in entries:
            with_melds.append((tuple(sorted(blocks + melds.blocks)), tally + meld_tally,
                               masks | meld_masks, win_info))
        entries = with_melds
    else:
        open_blocks = ()
        pairs = seven_pairs(concealed)
        if pairs is not None:
            entries.append((pairs, _SEVEN_PAIRS, 0, None))
    if len(entries) > 1:
        entries.sort(key=_blocks_of)
    if entries:
        open_pinfu_fu = options.get("open_pinfu_fu", True)
        pinfu_tsumo_fu = options.get("pinfu_tsumo_fu", False)
        closed_bit = 0 if is_open else S_CLOSED
        pair_fu = 0
        if honour_pair >= 0:
            valued = (honour_pair >= 31) + (honour_pair == facts.seat_wind) \
                + (honour_pair == facts.round_wind)
            if valued:
                pair_fu = PAIR_FU[valued >= 2][0]
        base_fu = 20 if is_open or tsumo else 30
    for reading, tally, masks, win_info in entries:
        if tally == _SEVEN_PAIRS:
            if not options.get("seven_pairs", True):
                continue
            candidates.append(Candidate(reading, (win, PAIR_B),
                                        _combined_value(hand_key | S_SEVEN | S_CLOSED),
                                        SEVEN_PAIRS_FU, SEVEN_PAIRS_FU, True, False, 0))
            continue
        if win_info is None:
            continue
        groups, win_chows, win_pung = win_info
        closed = tally >> CLOSED_AT & FIELD
        if win_pung and not tsumo:
            # On a discard the pung the tile completed is open, unless it could complete a chow
            # (a concealed one: a chow equal to an open meld is that meld).
            for chow in win_chows:
                if chow not in open_blocks:
                    break
            else:
                closed -= 1
        chows = tally & FIELD
        triplets = tally >> TRIPLETS_AT & FIELD
        bits = closed_bit
        if chows:
            if not tally >> INSIDE_AT & FIELD:
                bits |= S_CHANTA if tally >> HONOURS_AT & FIELD else S_JUNCHAN
            peikou = tally >> PEIKOU_AT & FIELD
            if peikou:
                bits |= S_IIPEIKOU if peikou == 1 else S_RYANPEIKOU
            if chows >= 3:
                chow_mask = masks & SUITED
                if chow_mask & (chow_mask >> 9) & (chow_mask >> 18):
                    bits |= S_SANSHOKU
                if chow_mask & _STRAIGHTS[0] == _STRAIGHTS[0] or \
                        chow_mask & _STRAIGHTS[1] == _STRAIGHTS[1] or \
                        chow_mask & _STRAIGHTS[2] == _STRAIGHTS[2]:
                    bits |= S_ITTSU
        if triplets >= 3:
            pung_mask = masks >> PUNGS_AT
            if pung_mask & (pung_mask >> 9) & (pung_mask >> 18):
                bits |= S_DOUKOU
            if closed == 3:
                bits |= S_SANANKOU
            elif triplets == 4 and closed == 4 and not is_open:
                bits |= S_SUUANKOU_TANKI if counts[win] == 2 else S_SUUANKOU
            if triplets == 4:
                bits |= S_FOUR_TRIPLETS
        sets_fu = (tally >> FU_AT) + pair_fu
        for group in groups:
            kind, shape = group
            if shape == CHOW_B:
                if win == kind + 1:
                    total = sets_fu + 2                             # closed wait
                elif (win == kind + 2 and kind % 9 == 0) or (win == kind and kind % 9 == 6):
                    total = sets_fu + 2                             # edge wait
                else:
                    total = sets_fu
            elif shape == PAIR_B:
                total = sets_fu + 2                                 # single wait
            elif tsumo:
                total = sets_fu
            else:
                total = sets_fu - RON_PUNG_LOSS[kind]               # a discard opened the pung
            # Pinfu: nothing but the base (a closed hand: an open one never has the yaku).
            value = _combined_value(hand_key | bits | S_PINFU if total == 0 else hand_key | bits)
            if tsumo and (total or pinfu_tsumo_fu):
                total += 2
            if is_open and not total and open_pinfu_fu:
                total += 2
            raw = total + base_fu
            candidates.append(Candidate(reading, group, value, -(-raw // 10) * 10, raw, False, False,
                                        masks))
    if facts.all_terminal_honor and not melds.any_melds and is_thirteen_orphans(concealed):
        thirteen = "kokushi_13_wait" if counts[win] == 2 else "kokushi"
        units = [BY_ID[thirteen]] + [unit for unit in hand_units_exact(hand_bits)
                                     if unit.scope == FLAG and unit.yakuman]
        candidates.append(Candidate((), None, Value(*_value(units, False, options)), 0, 0, False,
                                    True, 0))
    return Analysis(facts, candidates, dora, red, ura, melds)


def _blocks_of(entry: Entry) -> tuple[Block, ...]:
    return entry[0]
