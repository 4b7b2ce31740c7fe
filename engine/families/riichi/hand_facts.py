"""What a Japanese win's hand says before any reading: its facts (suits, honours, simples, the
flags and their consistency), the feature bits that say which hand and flag yaku are worth
checking, and the dora it holds."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, NamedTuple

from engine.core.hand import DeclaredHand
from engine.core.tables import Table
from engine.core.tiles import EAST
from engine.families.riichi.readings import (
    MeldInfo,
)
from engine.families.riichi.yaku import (
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
    SIMPLE,
    X_DOUBLE_RIICHI,
    X_IPPATSU,
    X_RENHOU,
    X_RENHOU_YAKUMAN,
    X_RIICHI,
    Facts,
)


class Situation(NamedTuple):
    """What the flags' consistency rules read of a win."""

    flags: frozenset[str]
    tsumo: bool
    dealer: bool
    melds: bool                   # any meld, concealed kongs included
    open: bool                    # an open meld


# Each flag's consistency rules: (order, broken(situation), reason). The order is the rule's place
# in one list, so several broken rules always report the same (first) reason.
_FlagRule = tuple[int, Callable[[Situation], bool], str]
_RIICHI_CLOSED: _FlagRule = (0, lambda s: s.open, "riichi needs a closed hand")
FLAG_RULES: dict[str, tuple[_FlagRule, ...]] = {
    "riichi": (_RIICHI_CLOSED,),
    "double_riichi": (_RIICHI_CLOSED,),
    "ippatsu": ((1, lambda s: "riichi" not in s.flags and "double_riichi" not in s.flags,
                 "ippatsu needs riichi"),),
    "chankan": ((2, lambda s: s.tsumo, "chankan is a win on another player's kong, not a tsumo"),
                (7, lambda s: "houtei" in s.flags, "houtei and chankan cannot both apply")),
    "rinshan": ((3, lambda s: not s.tsumo, "rinshan is a self-drawn win"),
                (6, lambda s: "haitei" in s.flags, "haitei and rinshan cannot both apply")),
    "haitei": ((4, lambda s: not s.tsumo, "haitei is a self-drawn win"),),
    "houtei": ((5, lambda s: s.tsumo, "houtei is a win on a discard"),),
    "tenhou": ((8, lambda s: not s.dealer, "tenhou is the dealer's win"),
               (9, lambda s: not s.tsumo, "tenhou is a self-drawn win"),
               (10, lambda s: s.melds, "tenhou cannot have melds")),
    "chiihou": ((11, lambda s: s.dealer, "chiihou is a non-dealer's win"),
                (12, lambda s: not s.tsumo, "chiihou is a self-drawn win"),
                (13, lambda s: s.melds, "chiihou cannot have melds")),
    "renhou": ((14, lambda s: s.dealer, "renhou is a non-dealer's win"),
               (15, lambda s: s.tsumo, "renhou is a win on a discard"),
               (16, lambda s: s.melds, "renhou cannot have melds")),
}


def _first_problem(key: tuple[frozenset[str], bool, bool, bool, bool]) -> str | None:
    situation = Situation(*key)
    first: tuple[int, str] | None = None
    for flag in situation.flags:
        for order, broken, reason in FLAG_RULES.get(flag, ()):
            if (first is None or order < first[0]) and broken(situation):
                first = (order, reason)
    return None if first is None else first[1]


# By situation (as a plain tuple, the cheapest key to make per hand): few occur, so each is
# judged once.
_FLAG_PROBLEMS = Table(_first_problem, 4096)


def flag_problem(hand: DeclaredHand, is_open: bool) -> str | None:
    """A reason when the win's flags contradict each other or the hand (None when consistent).
    Only the rules of the flags the win carries are checked."""
    flags = hand.flags
    if not flags:
        return None
    return _FLAG_PROBLEMS[flags, hand.win_by == "tsumo", hand.seat_wind == EAST, bool(hand.melds), is_open]


_SIMPLE_MASK = sum(1 << kind for kind in range(34) if SIMPLE[kind])
_GREEN_MASK = sum(1 << kind for kind in GREEN)
_HONOR_MASK = sum(1 << kind for kind in range(27, 34))


def build_facts(hand: DeclaredHand, counts: list[int], present: int, melds: MeldInfo,
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
        features |= _HONOUR_FEATURES[bytes(counts[27:])]
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
    # Positional arguments: this runs once per hand, on the hot path.
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


def _dora_kind(indicator: int) -> int:
    if indicator < 27:
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    if indicator < 31:
        return 27 if indicator == 30 else indicator + 1
    return 31 if indicator == 33 else indicator + 1


# By the seven honour counts, once each (a subscript per hand, ``tables.Table``).
_HONOUR_FEATURES = Table(_honour_features, 4096)


DORA_OF: tuple[int, ...] = tuple(_dora_kind(kind) for kind in range(34))


def count_dora(hand: DeclaredHand, counts: list[int], red: int,
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
