"""The Riichi yaku and yakuman as small declarative units: id, name, han closed/open, a predicate
and a one-line reason. The orchestrator (``japanese.py``) only builds the facts and applies them.

Scopes say when a unit is decided: ``flag`` units read the win's circumstances, ``hand`` units
read the tile counts (the same for every reading of the hand), ``sets`` units read one reading
(its chows, pungs, pair and the set the winning tile completed). ``han_open = 0`` means the yaku
needs a closed hand (a concealed kong keeps it closed). Yakuman have han 13 (26 for a double).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache, reduce
from operator import or_
from typing import Any

from engine.core.tiles import KIND_CODES
from engine.families.riichi.readings import BLOCKS, CHOW_B, KONG_B, PAIR_B, Block
from engine.families.riichi.reasons import why

FLAG, HAND, SETS = "flag", "hand", "sets"

SIMPLE = tuple(kind < 27 and kind % 9 not in (0, 8) for kind in range(34))
TERMINAL = tuple(kind < 27 and kind % 9 in (0, 8) for kind in range(34))
GREEN = frozenset({19, 20, 21, 23, 25, 32})
WIND_NAMES = ("East", "South", "West", "North")


@dataclass(slots=True)
class Facts:
    """What every unit may read about the whole hand (built once per hand)."""

    counts: list[int]              # count of each kind, all tiles, melds included
    flags: frozenset[str]
    options: dict[str, Any]
    tsumo: bool
    is_open: bool
    any_melds: bool
    kong_count: int
    win_kind: int
    seat_wind: int
    round_wind: int
    suits: int = 0                 # bit 0 m, 1 p, 2 s
    honors: bool = False
    all_simple: bool = False
    all_terminal_honor: bool = False
    green: bool = False


@dataclass(slots=True)
class View:
    """One reading: its blocks, chows by first kind, pungs/kongs, and the winning set's fu."""

    reading: tuple[Block, ...]
    seven_pairs: bool
    chows: list[int] = field(default_factory=list)
    triplets: list[int] = field(default_factory=list)
    closed_triplets: int = 0       # concealed pungs (as sanankou counts them) and concealed kongs
    pinfu_shape: bool = False      # no fu but the base (set by the orchestrator)
    win_group: Block = (0, PAIR_B)
    features: int = 0              # S_* bits of this reading
    chow_mask: int = 0             # bit k set when a chow starts at suited kind k
    pung_mask: int = 0             # bit k set for a pung or kong of suited kind k


Predicate = Callable[[Facts, View], bool]


@dataclass(frozen=True, slots=True)
class Reason:
    """A reason that names what the hand holds (a suit, a rank, the winning tile): ``key`` reads
    that one value from the facts and the reading's chow and pung masks (``View.chow_mask``,
    ``View.pung_mask``), and ``text`` writes the reason from it. Every hand with the same value
    gets the same text, so a result keeps each item once (``family._REASON_ITEMS``)."""

    key: Callable[[Facts, int, int], int]
    text: Callable[[int], str]

    def __call__(self, facts: Facts, view: View) -> str:
        return self.text(self.key(facts, view.chow_mask, view.pung_mask))


@dataclass(frozen=True, slots=True, eq=False)
class Yaku:
    """One yaku. Each unit is a single object compared and hashed by identity (cheap keys for the
    caches of explained results)."""

    id: str
    name: str
    han_closed: int
    han_open: int
    scope: str
    applies: Predicate
    why: str | Reason              # a fixed reason, or one that names what the hand holds
    yakuman: bool = False
    # The unit's own bits (the H_*/X_* bits of a hand, the S_* bits of a reading): the analysis
    # picks yaku by them (``hand_units_exact``, ``set_units_exact``) and no predicate runs per
    # hand. A hand's bits are generated from the predicates (``hand_facts``); a reading's are
    # worked out in ``analysis`` and held equal to the predicates by
    # tests/engine/riichi/test_riichi_yaku_tables.py.
    exact: int = 0

    def han(self, is_open: bool) -> int:
        return self.han_open if is_open else self.han_closed

    def reason(self, facts: Facts, view: View | None) -> str:
        why = self.why
        return why if isinstance(why, str) else why(facts, view)  # type: ignore[arg-type]


# -- helpers for predicates ---------------------------------------------------------------------


def _same_in_three_suits(mask: int) -> int | None:
    """The highest rank (0-8) whose bit is set in all three suits of a kind mask, if any."""
    common = mask & (mask >> 9) & (mask >> 18) & 0x1FF
    return common.bit_length() - 1 if common else None


_STRAIGHT = 1 | 1 << 3 | 1 << 6          # chows starting at ranks 1, 4 and 7


def _straight_suit(chow_mask: int) -> int | None:
    for suit in range(3):
        if (chow_mask >> (9 * suit)) & _STRAIGHT == _STRAIGHT:
            return suit
    return None


def peikou_pairs(chows: list[int]) -> int:
    """How many pairs of identical chows (by first kind) a reading holds."""
    seen: dict[int, int] = {}
    for kind in chows:
        seen[kind] = seen.get(kind, 0) + 1
    return sum(count // 2 for count in seen.values())


TERMINAL_BLOCK, HONOUR_BLOCK = 1, 2


def block_outside(kind: int, shape: int) -> int:
    """What a block holds of the outside tiles (chanta, junchan): TERMINAL_BLOCK when a
    terminal, HONOUR_BLOCK when honours, 0 when only simples."""
    last = kind + 2 if shape == CHOW_B else kind
    if TERMINAL[kind] or TERMINAL[last]:
        return TERMINAL_BLOCK
    return HONOUR_BLOCK if kind >= 27 else 0


def _outside_sets(view: View) -> tuple[int, int]:
    """(blocks with a terminal, blocks of honours) of a reading."""
    terminal = honour = 0
    for kind, shape in view.reading:
        outside = block_outside(kind, shape)
        if outside == TERMINAL_BLOCK:
            terminal += 1
        elif outside == HONOUR_BLOCK:
            honour += 1
    return terminal, honour


def _pungs_of(facts: Facts, kinds: tuple[int, ...]) -> int:
    return sum(1 for kind in kinds if facts.counts[kind] >= 3)


def _has_flag(name: str) -> Predicate:
    return lambda facts, view: name in facts.flags


def _switch(option: str, name: str) -> Predicate:
    return lambda facts, view: name in facts.flags and bool(facts.options.get(option, True))


def _pung_of(kind: int) -> Predicate:
    return lambda facts, view: facts.counts[kind] >= 3


def _is_chuuren(facts: Facts) -> bool:
    if facts.any_melds or facts.honors or facts.suits not in (1, 2, 4) or facts.all_simple:
        return False
    base = (facts.suits.bit_length() - 1) * 9
    counts = facts.counts[base:base + 9]
    need = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    extra = [count - want for count, want in zip(counts, need, strict=True)]
    return all(value >= 0 for value in extra) and sum(extra) == 1


def _nine_wait(facts: Facts) -> bool:
    return facts.counts[facts.win_kind] in (2, 4)


def _suuankou(facts: Facts, view: View) -> bool:
    if facts.is_open or view.seven_pairs:
        return False
    closed = len(view.triplets)
    if not facts.tsumo and facts.win_kind in view.triplets:
        closed -= 1
    return closed == 4


def _sanankou(facts: Facts, view: View) -> bool:
    return view.closed_triplets == 3


def _tile(kind: int) -> str:
    return KIND_CODES[kind]


def _chow_text(first: int) -> str:
    return f"{first % 9 + 1}{first % 9 + 2}{first % 9 + 3}{'mps'[first // 9]}"


# -- the units ----------------------------------------------------------------------------------

def _situational() -> list[Yaku]:
    def closed_tsumo(facts: Facts, view: View) -> bool:
        return facts.tsumo and not facts.is_open

    def plain_riichi(facts: Facts, view: View) -> bool:
        return ("riichi" in facts.flags and "double_riichi" not in facts.flags
                and bool(facts.options.get("riichi", True)))

    def renhou(as_yakuman: bool) -> Predicate:
        return lambda facts, view: ("renhou" in facts.flags
                                    and bool(facts.options.get("renhou_as_yakuman")) == as_yakuman)

    return [
        Yaku("menzen_tsumo", "Menzen Tsumo", 1, 0, FLAG, closed_tsumo,
             why("riichi.menzen_tsumo"), exact=H_TSUMO | H_CLOSED),
        Yaku("riichi", "Riichi", 1, 0, FLAG, plain_riichi, why("riichi.riichi"), exact=X_RIICHI),
        Yaku("double_riichi", "Double Riichi", 2, 0, FLAG, _switch("riichi", "double_riichi"),
             why("riichi.double_riichi"), exact=X_DOUBLE_RIICHI),
        Yaku("ippatsu", "Ippatsu", 1, 0, FLAG, _switch("ippatsu", "ippatsu"),
             why("riichi.ippatsu"), exact=X_IPPATSU),
        Yaku("rinshan", "Rinshan Kaihou", 1, 1, FLAG, _has_flag("rinshan"),
             why("riichi.rinshan"), exact=FLAG_BITS["rinshan"]),
        Yaku("chankan", "Chankan", 1, 1, FLAG, _has_flag("chankan"),
             why("riichi.chankan"), exact=FLAG_BITS["chankan"]),
        Yaku("haitei", "Haitei Raoyue", 1, 1, FLAG, _has_flag("haitei"),
             why("riichi.haitei"), exact=FLAG_BITS["haitei"]),
        Yaku("houtei", "Houtei Raoyui", 1, 1, FLAG, _has_flag("houtei"),
             why("riichi.houtei"), exact=FLAG_BITS["houtei"]),
        Yaku("renhou", "Renhou", 5, 0, FLAG, renhou(False),
             why("riichi.renhou"), exact=X_RENHOU),
        Yaku("renhou_yakuman", "Renhou (yakuman)", 13, 0, FLAG, renhou(True),
             why("riichi.renhou"), yakuman=True, exact=X_RENHOU_YAKUMAN),
        Yaku("tenhou", "Tenhou", 13, 0, FLAG, _has_flag("tenhou"),
             why("riichi.tenhou"), yakuman=True, exact=FLAG_BITS["tenhou"]),
        Yaku("chiihou", "Chiihou", 13, 0, FLAG, _has_flag("chiihou"),
             why("riichi.chiihou"), yakuman=True, exact=FLAG_BITS["chiihou"]),
    ]


def _hand_units() -> list[Yaku]:
    def tanyao(facts: Facts, view: View) -> bool:
        return facts.all_simple and (not facts.is_open or bool(facts.options.get("open_tanyao")))

    def one_suit(honours: bool) -> Predicate:
        return lambda facts, view: facts.suits in (1, 2, 4) and facts.honors == honours

    # Terminal/honour-only tiles cannot form a chow, so these read the counts alone.
    def honroutou(facts: Facts, view: View) -> bool:
        return facts.all_terminal_honor

    def tsuuiisou(facts: Facts, view: View) -> bool:
        return facts.suits == 0

    def chinroutou(facts: Facts, view: View) -> bool:
        return not facts.honors and facts.all_terminal_honor

    def ryuuiisou(facts: Facts, view: View) -> bool:
        return facts.green

    def shousangen(facts: Facts, view: View) -> bool:
        counts = facts.counts
        return (min(counts[31], counts[32], counts[33]) >= 2
                and _pungs_of(facts, (31, 32, 33)) >= 2)

    def shousuushii(facts: Facts, view: View) -> bool:
        winds = facts.counts[27:31]
        return sum(1 for c in winds if c >= 3) == 3 and sum(1 for c in winds if c == 2) == 1

    def one_suit_why(code: str) -> Reason:
        return Reason(lambda f, chows, pungs: f.suits,
                      lambda suits: why(code, suit="mps"[suits.bit_length() - 1] if suits else "z"))

    units = [
        Yaku("tanyao", "Tanyao", 1, 1, HAND, tanyao, why("riichi.tanyao"), exact=H_TANYAO),
        Yaku("honitsu", "Honitsu", 3, 2, HAND, one_suit(True),
             one_suit_why("riichi.honitsu"), exact=H_ONE_SUIT),
        Yaku("chinitsu", "Chinitsu", 6, 5, HAND, one_suit(False),
             one_suit_why("riichi.chinitsu"), exact=H_PURE_ONE_SUIT),
        Yaku("honroutou", "Honroutou", 2, 2, HAND, honroutou,
             why("riichi.honroutou"), exact=H_OUTSIDE),
        Yaku("haku", "Yakuhai (White)", 1, 1, HAND, _pung_of(31), why("riichi.pung_of", tile="5z"),
             exact=H_PUNG_OF[31]),
        Yaku("hatsu", "Yakuhai (Green)", 1, 1, HAND, _pung_of(32), why("riichi.pung_of", tile="6z"),
             exact=H_PUNG_OF[32]),
        Yaku("chun", "Yakuhai (Red)", 1, 1, HAND, _pung_of(33), why("riichi.pung_of", tile="7z"),
             exact=H_PUNG_OF[33]),
        Yaku("shousangen", "Shousangen", 2, 2, HAND, shousangen,
             why("riichi.shousangen"), exact=H_SHOUSANGEN),
        Yaku("sankantsu", "San Kantsu", 2, 2, HAND, lambda f, v: f.kong_count == 3,
             why("riichi.sankantsu"), exact=H_KONGS3),
        Yaku("kokushi", "Kokushi Musou", 13, 0, HAND, lambda f, v: False,
             why("riichi.kokushi"), yakuman=True, exact=NEVER),
        Yaku("kokushi_13_wait", "Kokushi Musou (13-sided wait)", 26, 0, HAND, lambda f, v: False,
             why("riichi.kokushi_13_wait"), yakuman=True, exact=NEVER),
        Yaku("chuuren", "Chuuren Poutou", 13, 0, HAND,
             lambda f, v: _is_chuuren(f) and not _nine_wait(f),
             why("riichi.chuuren"), yakuman=True, exact=X_CHUUREN),
        Yaku("chuuren_9_wait", "Junsei Chuuren Poutou", 26, 0, HAND,
             lambda f, v: _is_chuuren(f) and _nine_wait(f),
             why("riichi.chuuren_9_wait"), yakuman=True, exact=X_CHUUREN_9),
        Yaku("daisangen", "Daisangen", 13, 13, HAND,
             lambda f, v: _pungs_of(f, (31, 32, 33)) == 3,
             why("riichi.daisangen"), yakuman=True, exact=H_DAISANGEN),
        Yaku("shousuushii", "Shousuushii", 13, 13, HAND, shousuushii,
             why("riichi.shousuushii"), yakuman=True, exact=H_SHOUSUUSHII),
        Yaku("daisuushii", "Daisuushii", 26, 26, HAND,
             lambda f, v: _pungs_of(f, (27, 28, 29, 30)) == 4,
             why("riichi.daisuushii"), yakuman=True, exact=H_DAISUUSHII),
        Yaku("ryuuiisou", "Ryuuiisou", 13, 13, HAND, ryuuiisou,
             why("riichi.ryuuiisou"), yakuman=True, exact=H_GREEN),
        Yaku("tsuuiisou", "Tsuuiisou", 13, 13, HAND, tsuuiisou,
             why("riichi.tsuuiisou"), yakuman=True, exact=H_HONOURS_ONLY),
        Yaku("chinroutou", "Chinroutou", 13, 13, HAND, chinroutou,
             why("riichi.chinroutou"), yakuman=True, exact=H_TERMINALS_ONLY),
        Yaku("suukantsu", "Suu Kantsu", 13, 13, HAND, lambda f, v: f.kong_count == 4,
             why("riichi.suukantsu"), yakuman=True, exact=H_KONGS4),
    ]
    for index, wind in enumerate(WIND_NAMES):
        kind = 27 + index
        units.append(Yaku(f"seat_wind_{wind.lower()}", f"Yakuhai (seat wind {wind})", 1, 1, HAND,
                          (lambda k: lambda f, v: f.seat_wind == k and f.counts[k] >= 3)(kind),
                          why("riichi.seat_wind", tile=_tile(kind)), exact=H_SEAT_PUNG_OF[kind]))
        units.append(Yaku(f"round_wind_{wind.lower()}", f"Yakuhai (round wind {wind})", 1, 1, HAND,
                          (lambda k: lambda f, v: f.round_wind == k and f.counts[k] >= 3)(kind),
                          why("riichi.round_wind", tile=_tile(kind)), exact=H_ROUND_PUNG_OF[kind]))
    return units


def _set_units() -> list[Yaku]:
    def closed(predicate: Predicate) -> Predicate:
        return lambda facts, view: not facts.is_open and predicate(facts, view)

    def chanta(facts: Facts, view: View) -> bool:
        if not view.chows or facts.all_simple:
            return False
        terminal, honour = _outside_sets(view)
        return terminal + honour == 5 and terminal > 0 and honour > 0

    def junchan(facts: Facts, view: View) -> bool:
        return bool(view.chows) and not facts.all_simple and _outside_sets(view)[0] == 5

    sanshoku_why = Reason(lambda f, chows, pungs: _same_in_three_suits(chows) or 0,
                          lambda rank: why("riichi.sanshoku", ranks=f"{rank + 1}{rank + 2}{rank + 3}"))
    douko_why = Reason(lambda f, chows, pungs: _same_in_three_suits(pungs) or 0,
                       lambda rank: why("riichi.sanshoku_doukou", rank=rank + 1))

    return [
        Yaku("pinfu", "Pinfu", 1, 0, SETS, closed(lambda f, v: v.pinfu_shape),
             why("riichi.pinfu"), exact=S_PINFU | S_CLOSED),
        Yaku("chiitoitsu", "Chiitoitsu", 2, 0, SETS, lambda f, v: v.seven_pairs,
             why("riichi.chiitoitsu"), exact=S_SEVEN),
        Yaku("iipeikou", "Iipeikou", 1, 0, SETS,
             closed(lambda f, v: peikou_pairs(v.chows) == 1),
             why("riichi.iipeikou"), exact=S_IIPEIKOU | S_CLOSED),
        Yaku("ryanpeikou", "Ryanpeikou", 3, 0, SETS,
             closed(lambda f, v: peikou_pairs(v.chows) >= 2),
             why("riichi.ryanpeikou"), exact=S_RYANPEIKOU | S_CLOSED),
        Yaku("sanshoku", "Sanshoku Doujun", 2, 1, SETS,
             lambda f, v: _same_in_three_suits(v.chow_mask) is not None, sanshoku_why, exact=S_SANSHOKU),
        Yaku("ittsu", "Ittsu", 2, 1, SETS,
             lambda f, v: not f.all_simple and _straight_suit(v.chow_mask) is not None,
             Reason(lambda f, chows, pungs: _straight_suit(chows) or 0,
                    lambda suit: why("riichi.ittsu", suit="mps"[suit])), exact=S_ITTSU),
        Yaku("chanta", "Chanta", 2, 1, SETS, chanta,
             why("riichi.chanta"), exact=S_CHANTA),
        Yaku("junchan", "Junchan", 3, 2, SETS, junchan,
             why("riichi.junchan"), exact=S_JUNCHAN),
        Yaku("toitoi", "Toitoi", 2, 2, SETS, lambda f, v: len(v.triplets) == 4,
             why("riichi.toitoi"), exact=S_FOUR_TRIPLETS),
        Yaku("sanankou", "San Ankou", 2, 2, SETS, _sanankou,
             why("riichi.sanankou"), exact=S_SANANKOU),
        Yaku("sanshoku_doukou", "Sanshoku Doukou", 2, 2, SETS,
             lambda f, v: _same_in_three_suits(v.pung_mask) is not None, douko_why, exact=S_DOUKOU),
        Yaku("suuankou", "Suu Ankou", 13, 0, SETS,
             lambda f, v: _suuankou(f, v) and f.counts[f.win_kind] != 2,
             why("riichi.suuankou"), yakuman=True, exact=S_SUUANKOU | S_CLOSED),
        Yaku("suuankou_tanki", "Suu Ankou Tanki", 26, 0, SETS,
             lambda f, v: _suuankou(f, v) and f.counts[f.win_kind] == 2,
             Reason(lambda f, chows, pungs: f.win_kind,
                    lambda kind: why("riichi.suuankou_tanki", tile=_tile(kind))),
             yakuman=True, exact=S_SUUANKOU_TANKI | S_CLOSED),
    ]


# -- feature bits: what a hand and a reading have, as integers, so units are picked by bit tests --
# Each flag and hand unit has its own bits (``Yaku.exact``), set in a hand's bits when its
# predicate holds: ``hand_facts`` generates them from the predicates, group by group (below).
FLAG_NAMES = ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
              "renhou", "tenhou", "chiihou")
FLAG_BITS: dict[str, int] = {name: 1 << bit for bit, name in enumerate(FLAG_NAMES)}
# H_ONE_SUIT: honitsu; H_PURE_ONE_SUIT: chinitsu; H_OUTSIDE: honroutou; H_TSUMO | H_CLOSED:
# menzen tsumo; H_PUNG_OF: a pung of that dragon.
H_TSUMO, H_ONE_SUIT, H_OUTSIDE, H_GREEN = (1 << bit for bit in range(10, 14))
H_PUNG_OF = {kind: 1 << (20 + kind - 27) for kind in (31, 32, 33)}
H_PURE_ONE_SUIT = 1 << 27
NEVER = 1 << 30                 # decided outside the predicate loop (thirteen orphans)
# Reading features (sets scope).
# S_OUTSIDE: every block holds a terminal or honour; S_PEIKOU: some chow appears twice;
# S_SANSHOKU, S_ITTSU, S_DOUKOU, S_SANANKOU: the reading has that pattern (exact, from bit masks).
S_OUTSIDE_CHOWS, S_PEIKOU, S_SANSHOKU, S_ITTSU, S_THREE_TRIPLETS, S_FOUR_TRIPLETS, S_SEVEN, \
    S_PINFU, S_CLOSED, S_DOUKOU, S_SANANKOU = (1 << bit for bit in range(11))

# More hand bits, one unit's each (X_*: the flag's unit under the options; H_*_PUNG_OF: a pung of
# that seat or round wind). Nine gates' bits are set by its predicates, run only on the closed
# hands of one suit without honours (chinitsu's bit without melds).
(H_CLOSED, H_TANYAO, X_RIICHI, X_DOUBLE_RIICHI, X_IPPATSU, X_RENHOU, X_RENHOU_YAKUMAN,
 H_SHOUSANGEN, H_DAISANGEN, H_SHOUSUUSHII, H_DAISUUSHII, H_KONGS3, H_KONGS4, H_HONOURS_ONLY,
 H_TERMINALS_ONLY) = (1 << bit for bit in range(31, 46))
X_CHUUREN, X_CHUUREN_9 = 1 << 54, 1 << 55    # set once the nine gates predicates hold
H_SEAT_PUNG_OF = {27 + index: 1 << (46 + index) for index in range(4)}
H_ROUND_PUNG_OF = {27 + index: 1 << (50 + index) for index in range(4)}

# Exact reading bits: each is the whole condition of one sets unit once the hand-wide facts are
# known, so the analysis picks a reading's sets yaku from its bits alone (``set_units_exact``);
# the predicates stay the units' definition and write the explanations. S_IIPEIKOU: exactly one
# pair of identical chows; S_CHANTA / S_JUNCHAN: chows, every block outside, with / without an
# honour block; S_SUUANKOU(_TANKI): four concealed pungs as suu ankou counts them (single wait).
S_IIPEIKOU, S_RYANPEIKOU, S_CHANTA, S_JUNCHAN, S_SUUANKOU, S_SUUANKOU_TANKI = \
    (1 << bit for bit in range(11, 17))

SITUATIONAL: tuple[Yaku, ...] = tuple(_situational())
HAND_UNITS: tuple[Yaku, ...] = tuple(_hand_units())
SET_UNITS: tuple[Yaku, ...] = tuple(_set_units())
ALL_YAKU: tuple[Yaku, ...] = SITUATIONAL + HAND_UNITS + SET_UNITS
BY_ID: dict[str, Yaku] = {unit.id: unit for unit in ALL_YAKU}
# The fast path's tables, read off the units: each unit's exact bits by its id.
HAND_EXACT: dict[str, int] = {unit.id: unit.exact for unit in SITUATIONAL + HAND_UNITS}
EXACT: dict[str, int] = {unit.id: unit.exact for unit in SET_UNITS}
# The same as (bits, unit) pairs in unit order, for the lookups below.
_HAND_EXACT_UNITS = tuple((HAND_EXACT[unit.id], unit) for unit in SITUATIONAL + HAND_UNITS)
# Every bit some flag or hand unit's exact bits hold: the others (a pung of one honour, "a kong",
# ...) only say which predicates to run, so a hand's bits masked to these pick the same units and
# many more hands share one key of the caches built on them.
HAND_EXACT_BITS: int = reduce(or_, HAND_EXACT.values(), 0)
_SET_EXACT_UNITS = tuple((EXACT[unit.id], unit) for unit in SET_UNITS)
NINE_GATES: tuple[Yaku, ...] = (BY_ID["chuuren"], BY_ID["chuuren_9_wait"])
# The hand units by the facts their predicates read, so that each group's bits can be generated
# from its predicates once per value of those facts (``hand_facts``): the honour counts; a seat
# or round wind with its count; the hand's shape (suits, honours, simples, terminals, green,
# open, kongs, the open tanyao option). The flag units read the flags, the three flag options,
# tsumo and open. Nine gates and thirteen orphans are decided apart.
HONOUR_UNITS: tuple[Yaku, ...] = tuple(BY_ID[name] for name in (
    "haku", "hatsu", "chun", "shousangen", "daisangen", "shousuushii", "daisuushii"))
WIND_UNITS: tuple[Yaku, ...] = tuple(unit for unit in HAND_UNITS
                                     if unit.id.startswith(("seat_wind_", "round_wind_")))
SHAPE_UNITS: tuple[Yaku, ...] = tuple(BY_ID[name] for name in (
    "tanyao", "honitsu", "chinitsu", "honroutou", "ryuuiisou", "tsuuiisou", "chinroutou",
    "sankantsu", "suukantsu"))
DOUBLE_YAKUMAN = frozenset({"kokushi_13_wait", "chuuren_9_wait", "daisuushii", "suuankou_tanki"})
# Units decided outside the predicate loop (thirteen orphans has no sets to read).
KOKUSHI_IDS = ("kokushi", "kokushi_13_wait")


def yaku_han(unit: Yaku, is_open: bool, options: dict[str, Any]) -> int:
    """A unit's han for this hand, double yakuman halved when the option is off."""
    han = unit.han_open if is_open and unit.han_open else unit.han_closed
    if unit.id in DOUBLE_YAKUMAN and not options.get("double_yakuman", True):
        return 13
    return han


@lru_cache(maxsize=16384)
def hand_units_exact(features: int) -> tuple[Yaku, ...]:
    """The flag and hand units a hand with these exact bits (``HAND_EXACT``) has, in unit order:
    no predicate runs, as each bit already is its unit's whole condition."""
    return tuple([unit for exact, unit in _HAND_EXACT_UNITS if exact & ~features == 0])


@lru_cache(maxsize=1024)
def set_units_exact(bits: int) -> tuple[Yaku, ...]:
    """The sets units a reading with these exact bits (``EXACT``) has, in unit order: no
    predicate runs, as each bit already is its unit's whole condition."""
    return tuple([unit for exact, unit in _SET_EXACT_UNITS if exact & ~bits == 0])


def _block_text(block: Block) -> str:
    kind, shape = block
    if shape == CHOW_B:
        return _chow_text(kind)
    size = 2 if shape == PAIR_B else 4 if shape == KONG_B else 3
    return _tile(kind)[0] * size + _tile(kind)[1]


# Every block's text, indexed by kind * 4 + shape (a list lookup is the cheapest way to name it).
BLOCK_TEXTS: tuple[str, ...] = tuple(
    _block_text((kind, shape)) if shape != CHOW_B or (kind < 27 and kind % 9 <= 6) else ""
    for kind in range(34) for shape in range(4))


# The same by block, for naming a whole reading in one C-level map over it.
# Keyed by the shared block objects (readings.BLOCKS), so a lookup matches on identity.
TEXT_OF_BLOCK: dict[Block, str] = {BLOCKS[kind][shape]: BLOCK_TEXTS[kind * 4 + shape]
                                   for kind in range(34) for shape in range(4)
                                   if BLOCK_TEXTS[kind * 4 + shape]}
