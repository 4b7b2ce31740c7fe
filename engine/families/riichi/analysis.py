"""One analysis of a Japanese win, shared by both presets: every (reading, winning set) candidate
with its yaku, han, fu and dora. The presets differ only in how they value a candidate and pick
the best one (``family.py`` for Riichi, ``japanese_classical.py`` for the points-times-doubles game).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.core.hand import DeclaredHand
from engine.core.tables import Table
from engine.families.riichi.fu import (
    BASE_TEXTS,
    CLOSING_FU,
    PAIR_FU,
    SEVEN_PAIRS_FU,
    WAIT_FU,
    base_fu,
    fu_items,
    fu_texts,
    pair_valued,
)
from engine.families.riichi.hand_facts import (
    build_facts,
    count_dora,
)
from engine.families.riichi.readings import (
    NO_MELDS,
    PAIR_B,
    PUNG_B,
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
    H_PURE_ONE_SUIT,
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
    candidate with the same yaku (``_VALUES`` keeps them), and compared and hashed by
    identity, so the caches of explained yaku key on it cheaply."""

    yaku: tuple[tuple[Yaku, int], ...]
    han: int                      # yaku han (dora not included)
    yakuman: int                  # number of yakuman (0 for an ordinary hand)
    # Its items, yaku ids and the positions of reasons that read the hand, written the first time
    # a hand with this value is shown (``family.explanation``) and kept with the shared value.
    explanation: tuple | None = None
    # Where the reading's sets yaku start after the hand's own (0: one part only). Each part
    # recurs across many hands where their pair does not, so each is explained once.
    split: int = 0


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


def fu_items_of(candidate: Candidate, analysis: Analysis,
                walk: Callable[..., list[Any]] = fu_items) -> list[Any]:
    """The fu breakdown of a candidate (no base; empty for seven pairs and thirteen orphans), as
    items, or as texts with ``walk=fu.fu_texts``. Only the shown candidate's breakdown is ever
    needed, so it is written on asking."""
    if candidate.seven_pairs or candidate.win_group is None:
        return []
    facts = analysis.facts
    options = facts.options
    return walk(candidate.reading, candidate.win_group, analysis.melds.open_blocks, facts.win_kind,
                facts.seat_wind, facts.round_wind, facts.tsumo, facts.is_open,
                options.get("open_pinfu_fu", True), options.get("pinfu_tsumo_fu", False))


def fu_texts_of(candidate: Candidate, analysis: Analysis) -> list[str]:
    """The fu breakdown as a result shows it: the base ('30 base'; '25 base' for seven pairs,
    nothing for thirteen orphans), then the items' texts."""
    if candidate.seven_pairs:
        return [BASE_TEXTS[SEVEN_PAIRS_FU]]
    if candidate.win_group is None:
        return []
    facts = analysis.facts
    return [BASE_TEXTS[base_fu(facts.is_open, facts.tsumo)], *fu_items_of(candidate, analysis, fu_texts)]


_STRAIGHTS = tuple((1 | 1 << 3 | 1 << 6) << (9 * suit) for suit in range(3))


def candidate_view(candidate: Candidate) -> View:
    """A View of a chosen candidate, for the units' explanations (which read only what the whole
    reading holds: its chow and pung masks)."""
    masks = candidate.masks
    return View(candidate.reading, candidate.seven_pairs, [], [], 0, False,
                candidate.win_group or (0, PAIR_B), 0, masks & SUITED, masks >> PUNGS_AT)


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


def _combined_value(key: int) -> Value:
    """The value of a hand's flag and hand yaku with one reading's sets yaku, from the key made in
    ``analyse``: the sets yaku add to the others, unless a yakuman pushes out every ordinary one.
    Few sets of yaku occur, so each is valued once; one integer key hashes cheaply."""
    fixed, fixed_value = _part_value(key & ~_SET_BITS, True)
    extra, (extra_counted, extra_han, extra_yakuman) = _part_value(key & _PART_BITS, False)
    if not extra:
        return Value(*fixed_value)
    if fixed_value[2] or extra_yakuman:
        return Value(*_value(fixed + extra, bool(key & _OPEN),
                             {"double_yakuman": bool(key & _DOUBLE_YAKUMAN)}))
    return Value(fixed_value[0] + extra_counted, fixed_value[1] + extra_han, 0, None,
                 len(fixed_value[0]))


# Each value key's Value, made once (a subscript per candidate, ``tables.Table``); a bound, not a
# working set.
_VALUES = Table(_combined_value, 65536)


_PART_BITS = (1 << _HAND_AT) - 1   # a reading's bits with the two switches


@lru_cache(maxsize=16384)
def _part_value(key: int, hand: bool
                ) -> tuple[tuple[Yaku, ...], tuple[tuple[tuple[Yaku, int], ...], int, int]]:
    """The units and value of one side of a ``_combined_value`` key: the hand's flag and hand
    units (``hand``; set bits cleared) or one reading's sets units (hand bits cleared). Many hands share
    each side, so a new hand's value is mostly made of parts already valued."""
    units = hand_units_exact(key >> _HAND_AT) if hand else set_units_exact(key & _SET_BITS)
    if not units:
        return units, _NO_YAKU
    return units, _value(units, bool(key & _OPEN), {"double_yakuman": bool(key & _DOUBLE_YAKUMAN)})


_SEVEN_PAIRS = -1               # the tally that marks the seven pairs entry


def analyse(hand: DeclaredHand, options: dict[str, Any], melds: MeldInfo | None = None) -> Analysis:
    """Every candidate reading of a declared hand (none when it is not a complete hand).

    Each reading's sets yaku and fu come from its summed per-split shares (``suit_tallies``)
    and the winning-kind facts of its splits: exact feature bits pick the yaku
    (``set_units_exact``), and the fu are added up as totals; the item by item breakdown is
    written only for the candidate that is shown (``fu_items_of``).
    """
    melds = melds or meld_info(hand.melds)
    assert hand.win_tile is not None
    win = hand.win_tile.kind
    # A list, not a bytearray: Python 3.11 specialises a list's integer subscripts (read and
    # store), and red fives are rare, so they are counted by a test rather than an addition.
    counts = [0] * 34
    red = 0
    for tile in hand.concealed:
        counts[tile.kind] += 1
        if tile.red:
            red += 1
    concealed = bytes(counts)
    # present: bit k set when kind k is held
    entries, present, honour_pair = concealed_entries(concealed, win)
    if melds.any_melds:
        present |= melds.present
        for meld in hand.melds:
            for tile in meld.tiles:
                counts[tile.kind] += 1
                if tile.red:
                    red += 1
    facts, hand_bits = build_facts(hand, counts, present, melds, options)
    if hand.dora_indicators or hand.ura_indicators or red:
        dora, red, ura = count_dora(hand, counts, red, options)
    else:
        dora = ura = 0
    if hand_bits & H_PURE_ONE_SUIT and not melds.any_melds:
        # Nine gates is a closed chinitsu: there its predicates decide.
        for unit in NINE_GATES:
            if unit.applies(facts, None):  # type: ignore[arg-type]
                hand_bits |= unit.exact
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
        # Most hands hold fewer than seven pairs: their count rules out the call.
        if concealed.count(2) == 7:
            pairs = seven_pairs(concealed)
            if pairs is not None:
                entries.append((pairs, _SEVEN_PAIRS, 0, None))
    if len(entries) > 1:
        entries.sort(key=_blocks_of)
    if entries:
        closing = CLOSING_FU[tsumo, is_open, bool(options.get("open_pinfu_fu", True)),
                             bool(options.get("pinfu_tsumo_fu", False))]
        closed_bit = 0 if is_open else S_CLOSED
        pair_fu = 0
        if honour_pair >= 0:
            valued = pair_valued(honour_pair, facts.seat_wind, facts.round_wind)
            if valued:
                pair_fu = PAIR_FU[valued >= 2][0]
        base = base_fu(is_open, tsumo)
    for reading, tally, masks, win_info in entries:
        if tally == _SEVEN_PAIRS:
            if not options.get("seven_pairs", True):
                continue
            candidates.append(Candidate(reading, (win, PAIR_B),
                                        _VALUES[hand_key | S_SEVEN | S_CLOSED],
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
            if shape == PUNG_B and not tsumo:
                total = sets_fu - RON_PUNG_LOSS[kind]               # a discard opened the pung
            else:
                total = sets_fu + WAIT_FU[kind * 4 + shape][win - kind]
            # Pinfu: nothing but the base (a closed hand: an open one never has the yaku).
            value = _VALUES[hand_key | bits | S_PINFU if total == 0 else hand_key | bits]
            raw = total + closing[total != 0] + base
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
