"""The Japanese family: modern Riichi (``riichi``) and the older points-times-doubles game
(``japanese-classical``). One hand analysis (``analysis``) feeds two scoring tables.

This module is the family's public face for the registry and the table (``FAMILY``): the presets
and payment rules (data, in ``payments``), ``score_hand``, and the tenpai/waits helpers.
Riichi picks the reading worth the most points, then the most han, then the most fu (the
first such reading in sorted order on a tie), as Tenhou and the ``mahjong`` library do.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from engine.core.coded import CodedText
from engine.core.hand import DeclaredHand, Meld, parse_meld
from engine.core.result import Item, Score, invalid
from engine.core.tables import Table
from engine.core.tiles import CODE_TO_KIND, EAST, KIND_CODES, Tile, parse_tiles
from engine.families.protocol import AgreedRules, Family, Flag, PointsAndDoubles, Units
from engine.families.riichi import names, reasons
from engine.families.riichi.analysis import (
    MAX_HAN,
    Analysis,
    Candidate,
    Value,
    analyse,
    fu_texts_of,
)
from engine.families.riichi.draws import ABORTIVE_DRAWS
from engine.families.riichi.flows import FLOWS, flow_options
from engine.families.riichi.hand_facts import flag_problem
from engine.families.riichi.japanese_classical import score_classical
from engine.families.riichi.options import OPTION_SPECS
from engine.families.riichi.payments import (
    PRESETS,
    draw_payments,
    false_win_payments,
    riichi_value,
    win_payments,
    with_counters,
)
from engine.families.riichi.readings import NO_MELDS, meld_info, wait_kinds
from engine.families.riichi.readings import is_tenpai as _is_tenpai
from engine.families.riichi.reasons import why
from engine.families.riichi.standings import STANDINGS_RULES
from engine.families.riichi.suit_tallies import PUNGS_AT, SUITED
from engine.families.riichi.yaku import TEXT_OF_BLOCK, Yaku
from engine.families.settlement import minimum_line
from engine.reasons.marker import N_


def score_hand(hand: DeclaredHand, options: dict, request: Mapping[str, Any] | None = None) -> Score:
    """Score a declared win under a Japanese preset's options (see ``PRESETS``)."""
    melds = meld_info(hand.melds) if hand.melds else NO_MELDS
    if hand.flags:
        problem = flag_problem(hand, bool(melds.open_blocks))
        if problem is not None:
            return invalid(problem)
    analysis = analyse(hand, options, melds)
    if not analysis.candidates:
        return invalid("not a complete hand: no reading as four sets and a pair, seven pairs "
                       "or thirteen orphans", reason_code="score.not_a_win")
    if options.get("scoring") == "points_doubles":
        return score_classical(hand, analysis, options)
    return score_riichi(hand, analysis, options)


# -- Riichi ---------------------------------------------------------------------------------------

_TEXT_OF = TEXT_OF_BLOCK.__getitem__   # bound once, not per hand


def score_riichi(hand: DeclaredHand, analysis: Analysis, options: dict) -> Score:
    dealer = hand.seat_wind == EAST
    # The registry has checked the options' types, and the two switches only key the value table
    # by truthiness, so they are read plainly.
    minimum = options.get("minimum_han", 1)
    if minimum < 1:
        minimum = 1
    tsumo = analysis.facts.tsumo
    dora = analysis.dora + analysis.red + analysis.ura
    counted = options.get("counted_yakuman", True)
    kiriage = options.get("kiriage", False)
    best: tuple[tuple[int, ...], Candidate, int, tuple | None] | None = None
    candidates = analysis.candidates
    for candidate in candidates:
        worth = candidate.value
        if worth.han >= minimum:
            # Dora count only towards an ordinary hand that has a yaku.
            han = worth.han if worth.yakuman else worth.han + dora
            if han > MAX_HAN:
                han = MAX_HAN
            value = _RIICHI_VALUES[han, candidate.fu, worth.yakuman, dealer, tsumo, counted, kiriage]
            total = value[0]
        else:
            total, han, value = -1, worth.han, None
        if len(candidates) == 1:        # nothing to compare with
            best = ((total,), candidate, han, value)
            break
        key = (total, bool(worth.yakuman), han, candidate.fu, candidate.raw_fu)
        if best is None or key > best[0]:
            best = (key, candidate, han, value)
    assert best is not None
    _, candidate, han, value = best
    if value is None:
        return invalid("no yaku: the hand is complete but has no yaku (dora are not yaku)",
                       fu=candidate.fu, reason_code="score.no_yaku")
    total, basic, limit, payments = value
    worth = candidate.value
    items, ids, dynamic = worth.explanation or explanation(worth)
    if dynamic:
        items = _with_reasons(items, dynamic, candidate, analysis)
    if dora and not worth.yakuman:
        items += dora_items(analysis.dora, analysis.red, analysis.ura)
    # Fresh lists and dicts for the result (the cached ones are shared), made by unpacking and
    # C-level maps rather than builtin calls and comprehensions, which cost more per hand.
    details = {"basic_points": basic, "yaku": [*ids],
               "fu_items": fu_texts_of(candidate, analysis),
               "reading": [*map(_TEXT_OF, candidate.reading)]}
    # Most hands carry no counters or sticks: their payments are a plain copy, made without a call.
    payments = {**payments} if not hand.honba and not hand.riichi_sticks \
        else with_counters(payments, hand, options)
    return Score(True, True, items, total, han, candidate.fu, limit, payments, None, (), details)


# A per-hand look-up read with one subscript (``tables.Table``): few han/fu values occur, so
# each is worked out once.
_RIICHI_VALUES = Table(lambda key: riichi_value(*key), 4096)


DORA_REASONS = (("Dora", why("riichi.dora")), ("Aka Dora", why("riichi.aka_dora")),
                ("Ura Dora", why("riichi.ura_dora")))


@lru_cache(maxsize=8192)
def explained(yaku: tuple[tuple[Yaku, int], ...]
              ) -> tuple[tuple[Item, ...], tuple[str, ...], tuple[int, ...]]:
    """(items, yaku ids, positions of the items whose reason reads the hand) for a set of yaku.
    Few distinct sets occur, so each is explained once; a reason that names the hand's tiles (a
    suit, a rank, the winning tile) is left as a placeholder for ``_with_reasons``."""
    items: list[Item] = []
    dynamic = []
    for index, (unit, value) in enumerate(yaku):
        if isinstance(unit.why, str):
            items.append(Item(unit.name, value, 1, unit.why))
        else:
            items.append(Item(unit.name, value, 1, ""))
            dynamic.append(index)
    return tuple(items), tuple(unit.id for unit, _ in yaku), tuple(dynamic)


def explanation(value: Value) -> tuple[tuple[Item, ...], tuple[str, ...], tuple[int, ...]]:
    """``explained`` for a candidate's Value, kept on the value: values are shared by every
    candidate with the same yaku (``analysis._VALUES``), so each is explained once and
    found again without a lookup. A value of two parts (the hand's yaku, then the reading's) is
    explained part by part, as each part recurs far more often than the pair."""
    split = value.split
    if not split:
        value.explanation = explained(value.yaku)
        return value.explanation
    items, ids, dynamic = explained(value.yaku[:split])
    more_items, more_ids, more_dynamic = explained(value.yaku[split:])
    if more_dynamic:
        dynamic += tuple([index + split for index in more_dynamic])
    value.explanation = items + more_items, ids + more_ids, dynamic
    return value.explanation


@lru_cache(maxsize=1024)
def dora_items(dora: int, red: int, ura: int) -> tuple[Item, ...]:
    """The dora, red five and ura dora items of an ordinary hand, once per count triple."""
    return tuple(Item(name, count, 1, why)
                 for (name, why), count in zip(DORA_REASONS, (dora, red, ura), strict=True) if count)


def _with_reasons(items: tuple[Item, ...], dynamic: tuple[int, ...], candidate: Candidate,
                  analysis: Analysis) -> tuple[Item, ...]:
    """The items with the hand-specific reasons filled in. Each such reason reads one value of
    the hand (``yaku.Reason``), and few occur, so the item for a unit, its han and that value is
    made once (``_REASON_ITEMS``)."""
    filled = [*items]
    facts = analysis.facts
    masks = candidate.masks
    chows, pungs = masks & SUITED, masks >> PUNGS_AT
    yaku = candidate.value.yaku
    for index in dynamic:
        unit, value = yaku[index]
        filled[index] = _REASON_ITEMS[unit, value, unit.why.key(facts, chows, pungs)]  # type: ignore[union-attr]
    return (*filled,)


_REASON_ITEMS = Table(lambda key: Item(key[0].name, key[1], 1, key[0].why.text(key[2])), 4096)


# -- tenpai helpers -------------------------------------------------------------------------------

def waits(tiles: str | Iterable[Tile], melds: Sequence[Meld | str] = ()) -> list[str]:
    """The tile codes that complete a 13-tile hand (for draw payments and furiten warnings)."""
    tile_list = parse_tiles(tiles) if isinstance(tiles, str) else list(tiles)
    meld_list = [parse_meld(meld) if isinstance(meld, str) else meld for meld in melds]
    return [KIND_CODES[kind] for kind in wait_kinds(tile_list, meld_list)]


def is_tenpai(tiles: str | Iterable[Tile], melds: Sequence[Meld | str] = ()) -> bool:
    """Is a 13-tile hand waiting (one tile from complete, on a tile that can still come)?"""
    tile_list = parse_tiles(tiles) if isinstance(tiles, str) else list(tiles)
    meld_list = [parse_meld(meld) if isinstance(meld, str) else meld for meld in melds]
    return _is_tenpai(tile_list, meld_list)


def furiten_waits(tiles: str | Iterable[Tile], discards: str | Iterable[Tile],
                  melds: Sequence[Meld | str] = ()) -> list[str]:
    """The waits the player has already discarded: any one makes the hand furiten (no ron), and
    is the tile a sacred-discard warning names."""
    discard_list = parse_tiles(discards, check_counts=False) if isinstance(discards, str) \
        else list(discards)
    thrown = {tile.kind for tile in discard_list}
    return [code for code in waits(tiles, melds) if CODE_TO_KIND[code] in thrown]


def minimum_text(options: Mapping[str, Any], score: Mapping[str, Any]) -> CodedText:
    """Riichi needs a yaku; the points-times-doubles game (no han in its scores) has no minimum."""
    if score.get("han") is None:
        return minimum_line("minimum.none")
    return minimum_line("minimum.yaku_met" if score.get("meets_minimum") else "minimum.yaku_not_met")


# The points-times-doubles game's doubles (``japanese_classical``); its other lines are basic points.
_DOUBLES_CODES = frozenset({"riichi.one_double", "riichi.doubles"})


def agreed_rules(options: Mapping[str, Any]) -> AgreedRules:
    """Riichi: an agreed value needs its han (at least the minimum) and fu, and its limits are han
    tiers, not a figure. The points-times-doubles game: no minimum, and the limit per payer."""
    if options.get("scoring") == "han_fu":
        return AgreedRules(minimum=int(options.get("minimum_han", 1) or 0), counts_han=True)
    limit = options.get("limit")
    return AgreedRules(limit=limit if isinstance(limit, int) and limit > 0 else None)


FAMILY = Family(
    name="riichi",
    title="Japanese",
    presets=PRESETS,
    preset_titles={"riichi": N_("Riichi (modern Japanese)"),
                   "japanese-classical": N_("Japanese classical (points x doubles)")},
    option_specs=OPTION_SPECS,
    flags=(Flag("riichi", N_("Riichi"), needs_declaration=True),
           Flag("double_riichi", N_("Double riichi"), needs_declaration=True),
           Flag("ippatsu", N_("Ippatsu"), needs_declaration=True),
           Flag("rinshan", N_("Rinshan (after a kan)")), Flag("chankan", N_("Chankan (robbing a kan)")),
           Flag("haitei", N_("Haitei (last draw)")), Flag("houtei", N_("Houtei (last discard)")),
           Flag("tenhou", N_("Tenhou (dealer's first draw)")), Flag("chiihou", N_("Chiihou (first draw)"))),
    units=Units("han", "points"),
    score=score_hand,
    win_payments=win_payments,
    false_win_payments=false_win_payments,
    draw_payments=draw_payments,
    minimum_text=minimum_text,
    ready_flags=("riichi", "double_riichi"),
    counts_dora=True,
    unlisted_flags=("renhou",),
    agreed_rules=agreed_rules,
    abortive_draws=ABORTIVE_DRAWS,
    flows=FLOWS,
    flow_options=flow_options,
    points_and_doubles=PointsAndDoubles(
        plays=lambda options: options.get("scoring") == "points_doubles",
        is_double=lambda item: item.get("why_code") in _DOUBLES_CODES),
    native_names=names.name_table(),
    native_language=names.NATIVE_LANGUAGE,
    reasons=reasons.REASONS,
    standings_rules=STANDINGS_RULES,
)
