"""Mahjong Competition Rules (MCR, Chinese Official): presets, scoring and payments.

The fan table (values and "do not also count" lists) is data in ``fans``; this module holds
the logic: read every decomposition, find the fans each one earns, apply the counting
principles, and keep the best reading.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.coded import CodedText
from engine.core.hand import DeclaredHand
from engine.core.result import Item, Score, invalid
from engine.core.tables import Table
from engine.core.tiles import format_kinds
from engine.families.flow import SEATING_APPENDIX4, Flow
from engine.families.mcr import names, reasons
from engine.families.mcr.facts import HandFacts, ScoredReading, reading_excluded, reading_items
from engine.families.mcr.fans import FANS
from engine.families.mcr.hand_fans import hand_facts
from engine.families.mcr.options import OPTION_SPECS
from engine.families.mcr.patterns import readings, score_reading
from engine.families.mcr.reasons import why
from engine.families.mcr.standings import STANDINGS_RULES
from engine.families.protocol import AgreedRules, Family, Flag, Units
from engine.families.settlement import check_win, each_pays, minimum_met_text
from engine.reasons.marker import N_

# Every preset lists ALL its options with their defaults (docs/rules.md).
PRESETS: dict[str, dict[str, Any]] = {
    "mcr": {
        "minimum": 8,                     # fan points needed to win, flowers not counted
        "false_win_penalty": 20,          # paid to each other player (the MCR sheet)
        "two_concealed_kongs": 8,         # 8 (Green Book 2006) or 6 (CMCR 1998)
        "melded_concealed_kongs": 6,      # one melded + one concealed kong: 6 (4 + 2) or 5
        "knitted_straight_waits": False,  # Edge/Closed/Single Wait with Knitted Straight (2006: off)
    },
    "mcr-ema": {
        "minimum": 8,
        "false_win_penalty": 10,
        "two_concealed_kongs": 8,
        "melded_concealed_kongs": 6,
        "knitted_straight_waits": False,
    },
}

BASE_PAYMENT = 8  # every loser pays this base; the discarder (or every loser on self-draw) adds F


def win_payments(score: Score, *, winner: int, discarder: int | None, dealer: int,
                 options: dict, honba: int = 0,
                 others: Mapping[int, Score] | None = None) -> list[int]:
    """Per-seat deltas for a win worth ``score.total`` = F (flowers included).

    Self-draw: every loser pays 8+F. Discard: the discarder pays 8+F, the two others 8 each.
    MCR has no dealer bonus and no counters, so ``dealer``, ``honba`` and ``others`` do not matter.
    """
    check_win(score, winner=winner, discarder=discarder)
    points = score.total
    deltas = [0, 0, 0, 0]
    for seat in range(4):
        if seat == winner:
            continue
        if discarder is None or seat == discarder:
            pay = BASE_PAYMENT + points
        else:
            pay = BASE_PAYMENT
        deltas[seat] -= pay
        deltas[winner] += pay
    return deltas


def false_win_payments(offender: int, dealer: int, options: dict) -> list[int]:
    """The false-win penalty: the offender pays the preset's penalty to each other player."""
    return each_pays(offender, int(options.get("false_win_penalty", PRESETS["mcr"]["false_win_penalty"])))


def payments_summary(total: int, win_by: str) -> dict[str, int]:
    """The readable summary in a Score: what the winner gets and what each loser pays."""
    if win_by == "tsumo":
        return {"winner": 3 * (BASE_PAYMENT + total), "others": -(BASE_PAYMENT + total)}
    return {"winner": total + 3 * BASE_PAYMENT, "discarder": -(BASE_PAYMENT + total),
            "others": -BASE_PAYMENT}


def score_hand(hand: DeclaredHand, options: dict, request: Mapping) -> Score:
    """Score a declared MCR win: the best reading of the hand, with every fan explained.

    ``request`` (the raw input object) is not needed: everything MCR reads is in ``hand``.
    """
    facts = hand_facts(hand, options)
    found = readings(hand, facts)
    if not found:
        return invalid("not a winning hand: the tiles do not make 4 sets and a pair, Seven Pairs, "
                       "Thirteen Orphans or a knitted hand", reason_code="score.not_a_win")
    best = score_reading(found[0], facts, options)
    if len(found) > 1:
        for reading in found[1:]:
            points, order_key, scored = score_reading(reading, facts, options)
            if (points, order_key) > (best[0], best[1]):
                best = (points, order_key, scored)
    return _build_score(best[2], facts, options)


def _build_score(scored: ScoredReading, facts: HandFacts, options: dict) -> Score:
    form, kept, order, implied, refused, values, removed, fan_points = scored
    items = reading_items(kept, order, values)
    excluded = reading_excluded(implied, refused, removed)
    flowers = facts.flowers
    flower_count = 0
    if flowers:
        flower_count = flowers.bit_count()
        items.append(_FLOWER_ITEMS[flowers])
    total = fan_points + flower_count
    minimum = options.get("minimum", 8)
    if minimum.__class__ is not int:
        minimum = int(minimum)
    details = {"fan_points": fan_points, "flower_points": flower_count, "form": form}
    if facts.notes:
        details["notes"] = list(facts.notes)
    if fan_points >= minimum:
        # Positional arguments (han, fu, limit and reason are None): this runs once per hand.
        return Score(True, True, tuple(items), total, None, None, None, payments_summary(total, facts.win_by),
                     None, excluded, details)
    return Score(True, False, tuple(items), total, payments={},
                 reason=f"{fan_points} fan points without flowers; a win needs at least {minimum}",
                 excluded=excluded,
                 details={**details, "reason_code": "score.below_minimum",
                          "reason_params": {"points": fan_points, "minimum": minimum}})


def _flower_item(flowers: int) -> Item:
    kinds = [kind for kind in range(flowers.bit_length()) if flowers >> kind & 1]
    count = len(kinds)
    return Item(FANS["flower_tiles"].name, 1, count,
                why("mcr.flowers" if count > 1 else "mcr.flower", count=count, tiles=format_kinds(kinds)))


_FLOWER_ITEMS = Table(_flower_item, 256)   # one per set of flower/season tiles (bit k for kind k)




def minimum_text(options: Mapping[str, Any], score: Mapping[str, Any]) -> CodedText:
    return minimum_met_text(options.get("minimum", 8), "fan", score)


def agreed_rules(options: Mapping[str, Any]) -> AgreedRules:
    """An agreed total under the minimum is no win; MCR adds fan without a limit."""
    return AgreedRules(minimum=int(options.get("minimum", 8)))


# The MCR sheet, on a declared win: "Gdy któryś z pozostałych graczy ujawni swoją rękę przed
# zweryfikowaniem zgłoszonej wygranej, popełnia przewinienie i może zostać ukarany ostrzeżeniem lub
# innymi karami." (When one of the other players reveals their hand before the declared win has
# been verified, they commit an offence and may be punished with a warning or other penalties.)
# The sheet sets no figure.
OFFENCES = {"revealed_hand": N_("revealed their hand before the declared win was verified")}

# The MCR sheet ends a hand two ways only, a win or the wall running out ("Rozgrywka może zakończyć
# się na dwa sposoby"), so an MCR table has no abortive draws; 16 hands, the seats of Appendix 4.
FLOW = Flow(name="mcr", seating=SEATING_APPENDIX4, fixed_hands=16, dealer_keeps_on_win=False)


FAMILY = Family(
    name="mcr",
    title="Chinese Official (MCR)",
    presets=PRESETS,
    preset_titles={"mcr": N_("Chinese Official (MCR)"), "mcr-ema": N_("Chinese Official, EMA penalties")},
    option_specs=OPTION_SPECS,
    flags=(Flag("last_of_kind", N_("Last tile of its kind")), Flag("last_tile", N_("Last tile of the wall")),
           Flag("kong_replacement", N_("Out with a kong replacement")),
           Flag("robbing_kong", N_("Robbing the kong"))),
    units=Units("fan", "fan"),
    score=score_hand,
    win_payments=win_payments,
    false_win_payments=false_win_payments,
    minimum_text=minimum_text,
    agreed_rules=agreed_rules,
    flows={"mcr": FLOW, "mcr-ema": FLOW},
    native_names=names.name_table(),
    native_language=names.NATIVE_LANGUAGE,
    reasons=reasons.REASONS,
    offences=OFFENCES,
    standings_rules=STANDINGS_RULES,
)
