"""What a Japanese win's hand says before any reading: its facts (suits, honours, simples, the
flags and their consistency), the bits of the flag and hand yaku it has (generated from the
units' predicates), and the dora it holds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from engine.core.hand import DeclaredHand
from engine.core.tables import Table
from engine.core.tiles import EAST
from engine.families.riichi.readings import (
    MeldInfo,
)
from engine.families.riichi.yaku import (
    GREEN,
    HONOUR_UNITS,
    SHAPE_UNITS,
    SIMPLE,
    SITUATIONAL,
    WIND_UNITS,
    Facts,
    Yaku,
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
    """The hand-level facts, and the bits of the flag and hand units that apply (``Yaku.exact``;
    nine gates and thirteen orphans are decided apart). The bits come from tables generated from
    the units' predicates (``units_bits``), one per group of units and keyed by what that group
    reads; ``present`` has bit k set when kind k is in the hand."""
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
    kongs = melds.kong_count
    if flags:
        features = _SITUATION_BITS[flags, tsumo, is_open, options.get("riichi", True),
                                   options.get("ippatsu", True), options.get("renhou_as_yakuman", False)]
    else:
        features = _PLAIN_SITUATION_BITS[tsumo][is_open]
    if honors:
        features |= _HONOUR_BITS[bytes(counts[27:])] \
            | _WIND_BITS[seat_wind - 27][counts[seat_wind]][round_wind - 27][counts[round_wind]]
    # The shape key (``_shape_bits``) made by conditional additions, the cheapest form per hand.
    features |= _SHAPE_BITS[suits + (8 if honors else 0) + (16 if all_simple else 0)
                            + (32 if all_terminal_honor else 0) + (64 if green else 0)
                            + (128 if is_open else 0) + (256 if options.get("open_tanyao") else 0)
                            + (kongs << 9)]
    # Positional arguments: this runs once per hand, on the hot path.
    return Facts(counts, flags, options, tsumo, is_open, melds.any_melds, kongs, hand.win_tile.kind,
                 seat_wind, round_wind, suits, honors, all_simple, all_terminal_honor, green), features


def units_bits(units: tuple[Yaku, ...], facts: Facts) -> int:
    """The exact bits of the units whose predicates hold on ``facts``: the one definition the
    tables below are generated from."""
    bits = 0
    for unit in units:
        if unit.applies(facts, None):  # type: ignore[arg-type]
            bits |= unit.exact
    return bits


def probe(counts: list[int] | None = None, flags: frozenset[str] = frozenset(),
          options: dict[str, Any] | None = None, tsumo: bool = False, is_open: bool = False,
          kongs: int = 0, seat_wind: int = EAST, round_wind: int = EAST, suits: int = 0,
          honors: bool = False, all_simple: bool = False, all_terminal_honor: bool = False,
          green: bool = False) -> Facts:
    """Facts that hold only what one group of units reads (the rest empty), for generating that
    group's bits."""
    return Facts(counts or [0] * 34, flags, options or {}, tsumo, is_open, is_open or kongs > 0,
                 kongs, 0, seat_wind, round_wind, suits, honors, all_simple, all_terminal_honor,
                 green)


_FLAG_OPTIONS = ("riichi", "ippatsu", "renhou_as_yakuman")


def _situation_bits(key: tuple) -> int:
    """Key: (flags, tsumo, open, and with flags the three flag options). Without flags the options
    are left out of the key: no flag unit reads them then (tests/engine/riichi checks this)."""
    flags, tsumo, is_open, *switches = key
    return units_bits(SITUATIONAL, probe(flags=flags, tsumo=tsumo, is_open=is_open,
                                         options=dict(zip(_FLAG_OPTIONS, switches, strict=False))))


def _honour_bits(honours: bytes) -> int:
    return units_bits(HONOUR_UNITS, probe(counts=[0] * 27 + [*honours]))


def _wind_bits(key: tuple[int, int, int, int]) -> int:
    """Key: (seat wind, its count, round wind, its count)."""
    seat_wind, seat_count, round_wind, round_count = key
    counts = [0] * 34
    counts[seat_wind] = seat_count
    counts[round_wind] = round_count
    return units_bits(WIND_UNITS, probe(counts=counts, seat_wind=seat_wind, round_wind=round_wind))


def _shape_bits(key: int) -> int:
    """Key: suits (3 bits), honours, all simple, all terminal or honour, green, open, the open
    tanyao option, then the kongs from bit 9."""
    return units_bits(SHAPE_UNITS, probe(
        suits=key & 7, honors=bool(key >> 3 & 1), all_simple=bool(key >> 4 & 1),
        all_terminal_honor=bool(key >> 5 & 1), green=bool(key >> 6 & 1),
        is_open=bool(key >> 7 & 1), options={"open_tanyao": bool(key >> 8 & 1)}, kongs=key >> 9))


# Each group's bits by what it reads (a subscript per hand, ``tables.Table``): few values occur.
_SITUATION_BITS = Table(_situation_bits, 4096)
# The same without flags, by tsumo and then open (two subscripts, no key to build).
_PLAIN_SITUATION_BITS: tuple[tuple[int, int], ...] = tuple(
    (_situation_bits((frozenset(), tsumo, False)), _situation_bits((frozenset(), tsumo, True)))
    for tsumo in (False, True))
_HONOUR_BITS = Table(_honour_bits, 4096)
# By seat wind, its count, round wind, its count (four subscripts; every case made at import).
_WIND_BITS: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(tuple(tuple(_wind_bits((seat_wind, seat_count, round_wind, round_count))
                      for round_count in range(5)) for round_wind in range(27, 31))
          for seat_count in range(5)) for seat_wind in range(27, 31))
_SHAPE_BITS = Table(_shape_bits, 4096)


def _dora_kind(indicator: int) -> int:
    if indicator < 27:
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    if indicator < 31:
        return 27 if indicator == 30 else indicator + 1
    return 31 if indicator == 33 else indicator + 1


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
