"""One analysis of a Japanese win, shared by both presets: every (reading, winning set) candidate
with its yaku, han, fu and dora. The presets differ only in how they value a candidate and pick
the best one (``japanese.py`` for Riichi, ``japanese_classical.py`` for doc B).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.hand import DeclaredHand
from engine.rulesets.japanese_fu import SEVEN_PAIRS_FU, FuItem, reading_fu
from engine.rulesets.japanese_shapes import (
    CHOW_B,
    PAIR_B,
    Block,
    MeldInfo,
    is_thirteen_orphans,
    meld_info,
    readings,
    win_groups,
)
from engine.rulesets.japanese_yaku import (
    BY_ID,
    HAND_UNITS,
    SET_UNITS,
    SIMPLE,
    SITUATIONAL,
    TERMINAL,
    Facts,
    View,
    Yaku,
    yaku_han,
)
from engine.tiles import counts34

MAX_HAN = 78   # six yakuman


@dataclass(slots=True)
class Candidate:
    """One way to read the win: the reading, the set the winning tile completed, and its value."""

    reading: tuple[Block, ...]
    win_group: Block | None
    yaku: list[tuple[Yaku, int]]
    han: int                      # yaku han (dora not included)
    yakuman: int                  # number of yakuman (0 for an ordinary hand)
    fu: int
    raw_fu: int
    fu_items: list[FuItem]
    seven_pairs: bool = False
    thirteen_orphans: bool = False


@dataclass(slots=True)
class Analysis:
    facts: Facts
    candidates: list[Candidate]
    dora: int
    red: int
    ura: int


def flag_problem(hand: DeclaredHand, is_open: bool) -> str | None:
    """A reason when the win's flags contradict each other or the hand (None when consistent)."""
    flags = hand.flags
    tsumo = hand.is_tsumo
    dealer = hand.seat_wind == 27
    riichi = "riichi" in flags or "double_riichi" in flags
    rules = (
        (riichi and is_open, "riichi needs a closed hand"),
        ("ippatsu" in flags and not riichi, "ippatsu needs riichi"),
        ("chankan" in flags and tsumo, "chankan is a win on another player's kong, not a tsumo"),
        ("rinshan" in flags and not tsumo, "rinshan is a self-drawn win"),
        ("haitei" in flags and not tsumo, "haitei is a self-drawn win"),
        ("houtei" in flags and tsumo, "houtei is a win on a discard"),
        ("haitei" in flags and "rinshan" in flags, "haitei and rinshan cannot both apply"),
        ("houtei" in flags and "chankan" in flags, "houtei and chankan cannot both apply"),
        ("tenhou" in flags and not dealer, "tenhou is the dealer's win"),
        ("tenhou" in flags and not tsumo, "tenhou is a self-drawn win"),
        ("tenhou" in flags and bool(hand.melds), "tenhou cannot have melds"),
        ("chiihou" in flags and dealer, "chiihou is a non-dealer's win"),
        ("chiihou" in flags and not tsumo, "chiihou is a self-drawn win"),
        ("chiihou" in flags and bool(hand.melds), "chiihou cannot have melds"),
        ("renhou" in flags and dealer, "renhou is a non-dealer's win"),
        ("renhou" in flags and tsumo, "renhou is a win on a discard"),
        ("renhou" in flags and bool(hand.melds), "renhou cannot have melds"),
    )
    for broken, reason in rules:
        if broken:
            return reason
    return None


def build_facts(hand: DeclaredHand, counts: list[int], melds: MeldInfo,
                options: dict[str, Any]) -> Facts:
    kinds = tuple(kind for kind in range(34) if counts[kind])
    suits = 0
    for kind in kinds:
        if kind < 27:
            suits |= 1 << (kind // 9)
    assert hand.win_tile is not None
    return Facts(
        counts=counts, flags=hand.flags, options=options, tsumo=hand.is_tsumo,
        is_open=melds.is_open, any_melds=melds.any_melds, kong_count=melds.kong_count,
        win_kind=hand.win_tile.kind, seat_wind=hand.seat_wind, round_wind=hand.round_wind,
        kinds=kinds, suits=suits, honors=kinds[-1] >= 27,
        all_simple=all(SIMPLE[kind] for kind in kinds),
        all_terminal_honor=all(kind >= 27 or TERMINAL[kind] for kind in kinds),
    )


def _view(reading: tuple[Block, ...], melds: MeldInfo, facts: Facts) -> View:
    """Chows, pungs and the concealed-pung count (sanankou's reading) of one reading."""
    chows: list[int] = []
    triplets: list[int] = []
    concealed_triplets: list[int] = []
    chow_on_win = False
    win = facts.win_kind
    open_blocks = melds.open_blocks
    for block in reading:
        kind, shape = block
        if shape == CHOW_B:
            chows.append(kind)
            if kind <= win <= kind + 2 and block not in open_blocks:
                chow_on_win = True
        elif shape != PAIR_B:
            triplets.append(kind)
            if block not in open_blocks:
                concealed_triplets.append(kind)
    closed = len(concealed_triplets)
    # On a discard the pung the tile completed is open, unless the tile could complete a chow.
    if not facts.tsumo and not chow_on_win and win in concealed_triplets:
        closed -= 1
    return View(reading, len(reading) == 7, chows, triplets, closed)


def candidate_view(candidate: Candidate) -> View:
    """A View of a chosen candidate, for the units' explanations."""
    chows = [kind for kind, shape in candidate.reading if shape == CHOW_B]
    triplets = [kind for kind, shape in candidate.reading if shape < PAIR_B]
    return View(candidate.reading, candidate.seven_pairs, chows, triplets, 0, False,
                candidate.win_group or (0, PAIR_B))


def _dora_kind(indicator: int) -> int:
    if indicator < 27:
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    if indicator < 31:
        return 27 if indicator == 30 else indicator + 1
    return 31 if indicator == 33 else indicator + 1


def count_dora(hand: DeclaredHand, counts: list[int], options: dict[str, Any]) -> tuple[int, int, int]:
    """(dora, red fives, ura dora) in the whole hand; ura only under riichi."""
    if not options.get("dora", True):
        return 0, 0, 0
    dora = sum(counts[_dora_kind(tile.kind)] for tile in hand.dora_indicators)
    red = 0
    if options.get("red_fives", True):
        red = sum(1 for tile in hand.all_tiles() if tile.red)
    ura = 0
    if ("riichi" in hand.flags or "double_riichi" in hand.flags) and options.get("riichi", True):
        ura = sum(counts[_dora_kind(tile.kind)] for tile in hand.ura_indicators)
    return dora, red, ura


def _value(units: list[Yaku], is_open: bool,
           options: dict[str, Any]) -> tuple[list[tuple[Yaku, int]], int, int]:
    """Yaku with their han, total han, number of yakuman; yakuman push out every other yaku."""
    if any(unit.yakuman for unit in units):
        counted = [(unit, yaku_han(unit, is_open, options)) for unit in units if unit.yakuman]
        han = sum(han for _, han in counted)
        return counted, han, min(han, MAX_HAN) // 13
    counted = [(unit, yaku_han(unit, is_open, options)) for unit in units]
    return counted, sum(han for _, han in counted), 0


def analyse(hand: DeclaredHand, options: dict[str, Any]) -> Analysis:
    """Every candidate reading of a declared hand (none when it is not a complete hand)."""
    melds = meld_info(hand.melds)
    concealed = tuple(counts34(hand.concealed))
    counts = list(concealed)
    for meld in hand.melds:
        for tile in meld.tiles:
            counts[tile.kind] += 1
    facts = build_facts(hand, counts, melds, options)
    dora, red, ura = count_dora(hand, counts, options)
    flag_units = [unit for unit in SITUATIONAL if unit.applies(facts, None)]  # type: ignore[arg-type]
    hand_units = [unit for unit in HAND_UNITS if unit.applies(facts, None)]  # type: ignore[arg-type]
    fixed = flag_units + hand_units
    seven_pairs_on = options.get("seven_pairs", True)
    open_pinfu_fu = bool(options.get("open_pinfu_fu", True))
    pinfu_tsumo_fu = bool(options.get("pinfu_tsumo_fu", False))
    candidates: list[Candidate] = []
    for reading in readings(concealed, melds):
        view = _view(reading, melds, facts)
        if view.seven_pairs and not seven_pairs_on:
            continue
        for group in win_groups(reading, melds, facts.win_kind):
            if view.seven_pairs:
                fu = raw = SEVEN_PAIRS_FU
                items: list[FuItem] = []
                view.pinfu_shape = False
            else:
                fu, raw, items = reading_fu(reading, melds, group, facts.win_kind, tsumo=facts.tsumo,
                                            seat_wind=facts.seat_wind, round_wind=facts.round_wind,
                                            open_pinfu_fu=open_pinfu_fu,
                                            pinfu_tsumo_fu=pinfu_tsumo_fu)
                view.pinfu_shape = all(reason == "tsumo" for _, reason in items) \
                    if pinfu_tsumo_fu else not items
            view.win_group = group
            units = fixed + [unit for unit in SET_UNITS if unit.applies(facts, view)]
            counted, han, yakuman = _value(units, facts.is_open, options)
            candidates.append(Candidate(reading, group, counted, han, yakuman, fu, raw, items,
                                        seven_pairs=view.seven_pairs))
    if not facts.is_open and not melds.any_melds and is_thirteen_orphans(concealed):
        thirteen = "kokushi_13_wait" if counts[facts.win_kind] == 2 else "kokushi"
        units = [BY_ID[thirteen]] + [unit for unit in flag_units if unit.yakuman]
        counted, han, yakuman = _value(units, False, options)
        candidates.append(Candidate((), None, counted, han, yakuman, 0, 0, [],
                                    thirteen_orphans=True))
    return Analysis(facts, candidates, dora, red, ura)
