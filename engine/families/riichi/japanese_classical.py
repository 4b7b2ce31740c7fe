"""The points-times-doubles Japanese game (preset japanese-classical): basic points x 2^doubles,
limited per payer.

Basic points (the wikidot Japanese Classical table, see docs/rules.md): 20 for winning, 2 for a
self-drawn win, 10 for a concealed hand won on a discard, 2 for a pair of dragons or of the seat
or round wind (each), 2 for an edge, closed or single wait, pungs 2/4 (simples, open/concealed)
and 4/8 (terminals and honours), kongs four times that; seven pairs 100 flat. These are fu without
the rounding and without the pinfu exceptions, so they come from the same fu items as Riichi.

Doubles are the han of the yaku the hand shares with Riichi; riichi, ippatsu and dora count only
when the table turns those options on. Seven pairs' own 2 han are not doubled again (its value is
the 100 points). V = min(limit, basic x 2^doubles rounded up to 10); there is no minimum.
"""

from __future__ import annotations

from engine.core.hand import DeclaredHand
from engine.core.result import Item, Score
from engine.core.tiles import EAST
from engine.families.riichi.analysis import Analysis, Candidate, candidate_view, fu_items_of
from engine.families.riichi.payments import classical_summary, round_up, with_counters
from engine.families.riichi.reasons import why

WINNING_POINTS = 20
SELF_DRAWN_POINTS = 2
CONCEALED_DISCARD_POINTS = 10
SEVEN_PAIRS_POINTS = 100


# Each fu item's word (``fu``) -> the code of its reason as a points item.
FU_REASONS = {"closed pung": "riichi.closed_pung", "open pung": "riichi.open_pung",
              "closed kong": "riichi.closed_kong", "open kong": "riichi.open_kong",
              "edge wait": "riichi.edge_wait", "closed wait": "riichi.closed_wait",
              "single wait": "riichi.single_wait", "yakuhai pair": "riichi.yakuhai_pair",
              "double wind pair": "riichi.double_wind_pair", "tsumo": "riichi.self_drawn",
              "open hand without fu": "riichi.open_hand_without_fu"}


def basic_points(candidate: Candidate, *, tsumo: bool, closed: bool) -> int:
    if candidate.seven_pairs:
        return SEVEN_PAIRS_POINTS
    if candidate.thirteen_orphans:
        return WINNING_POINTS + (SELF_DRAWN_POINTS if tsumo else CONCEALED_DISCARD_POINTS)
    return candidate.raw_fu


def doubles_of(candidate: Candidate, analysis: Analysis) -> list[tuple[str, int, str]]:
    """(name, doubles, why) for each yaku and dora the hand counts."""
    facts = analysis.facts
    out = []
    view = candidate_view(candidate)
    for unit, han in candidate.yaku:
        if candidate.seven_pairs and unit.id == "chiitoitsu":
            continue
        out.append((unit.name, han, unit.reason(facts, view)))
    if not candidate.yakuman:
        for name, count in (("Dora", analysis.dora), ("Aka Dora", analysis.red),
                            ("Ura Dora", analysis.ura)):
            if count:
                out.append((name, count, why("riichi.dora_switched_on")))
    return out


def hand_value(basic: int, doubles: int, options: dict) -> int:
    """V = min(limit, basic x 2^doubles rounded up to the rounding step); no minimum."""
    limit = int(options.get("limit", 500))
    value = round_up(basic * 2 ** min(doubles, 20), int(options.get("rounding", 10)))
    return min(limit, value) if limit else value


def _points_items(candidate: Candidate, analysis: Analysis, *, tsumo: bool, closed: bool) -> list[Item]:
    if candidate.seven_pairs:
        return [Item("Seven Pairs", SEVEN_PAIRS_POINTS, 1,
                     why("riichi.seven_pairs_points", points=SEVEN_PAIRS_POINTS))]
    items = [Item("Winning", WINNING_POINTS, 1, why("riichi.winning"))]
    if closed and not tsumo:
        items.append(Item("Concealed hand", CONCEALED_DISCARD_POINTS, 1,
                          why("riichi.concealed_ron")))
    if candidate.thirteen_orphans:
        if tsumo:
            items.append(Item("Self-drawn", SELF_DRAWN_POINTS, 1, why("riichi.self_drawn")))
        return items
    for points, word in fu_items_of(candidate, analysis):
        name = "Self-drawn" if word == "tsumo" else word.capitalize()
        items.append(Item(name, points, 1, why(FU_REASONS[word])))
    return items


def score_classical(hand: DeclaredHand, analysis: Analysis, options: dict) -> Score:
    facts = analysis.facts
    closed = not facts.is_open
    best: tuple[int, int, int, Candidate, list[tuple[str, int, str]]] | None = None
    for candidate in analysis.candidates:
        basic = basic_points(candidate, tsumo=facts.tsumo, closed=closed)
        doubles = doubles_of(candidate, analysis)
        count = sum(value for _, value, _ in doubles)
        value = hand_value(basic, count, options)
        if best is None or (value, basic, count) > best[:3]:
            best = (value, basic, count, candidate, doubles)
    assert best is not None
    value, basic, count, candidate, doubles = best
    items = _points_items(candidate, analysis, tsumo=facts.tsumo, closed=closed)
    items.extend(Item(name, han, 1, why("riichi.one_double" if han == 1 else "riichi.doubles",
                                        han=han, reason=reason))
                 for name, han, reason in doubles)
    limit = int(options.get("limit", 500))
    dealer = hand.seat_wind == EAST
    return Score(
        valid=True, meets_minimum=True, items=tuple(items), total=value,
        limit="limit" if limit and value >= limit else None,
        payments=with_counters(
            classical_summary(value, dealer_win=dealer, tsumo=facts.tsumo, options=options),
            hand, options),
        details={"basic_points": basic, "doubles": count},
    )
