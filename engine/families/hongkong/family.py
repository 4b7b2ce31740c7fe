"""Hong Kong old style (Cantonese faan): the family package the preset registry loads.

Scoring: every reading of the hand is scored with the unit list in ``faan`` and the best kept.
A hand needs the minimum faan (3 by default) from its shape, honours and winning conditions;
flower faan are added only after that test. A limit hand scores its limit plus the winning
conditions. The total is capped at the limit (13). Payments: ``payout``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine.core.coded import CodedText
from engine.core.hand import DeclaredHand
from engine.core.result import Excluded, Item, Score, invalid
from engine.core.tiles import EAST, wind_letter
from engine.families import RulesError
from engine.families.flow import KEEP_ALWAYS, Flow
from engine.families.hongkong import names
from engine.families.hongkong.faan import BONUS, FAAN, LIMIT, LIMIT_CONDITIONS
from engine.families.hongkong.options import OPTION_SPECS
from engine.families.hongkong.payout import (
    PAYS_FOR_ALL,
    RESPONSIBILITY,
    SCHEDULES,
    table_points,
    win_deltas,
)
from engine.families.protocol import AgreedRules, Family, Flag, Units
from engine.families.reading import Reading, readings
from engine.families.settlement import check_win, each_pays, minimum_met_text
from engine.families.unit_reasons import REASONS as UNIT_REASONS
from engine.families.unit_reasons import why
from engine.families.units import apply_units, unit_name_table
from engine.reasons.marker import N_

UNIT = "faan"

PRESETS: dict[str, dict[str, Any]] = {
    "hongkong": {
        "min_faan": 3,                    # faan needed to win, flowers not counted
        "limit_faan": 13,                 # the most a hand scores
        "payout": "half-spicy",           # or "full-spicy" (doubling every faan)
        "discarder_pays": "all",          # "all" (全銃) or "self" (半銃: the others pay a quarter each)
        "base": 1,                        # table points per multiplier step
        "small_winds_faan": 6,            # sources: 6, 10, 13
        "all_one_suit_faan": 7,           # sources: 7, 6, 4
        "small_dragons_faan": 5,
        "great_dragons_faan": 8,          # sources: 8, 6, 13
        "small_limit_faan": 10,           # All Honours, Four Concealed Pungs, Orphans, Nine Gates
        "no_flowers_faan": 1,             # 0 switches No Flowers off
        "flower_set_replaces_seat": True,  # a flower set replaces its seat flower's faan
        "concealed_on_limit": True,       # Fully Concealed is added to a limit hand
        "false_win_penalty": None,        # to each other player; None: a self-draw at the limit
    },
}


def check_options(options: Mapping[str, Any]) -> None:
    """Values the registry's type check cannot judge."""
    if options["payout"] not in SCHEDULES:
        raise RulesError(f"option 'payout' must be one of {', '.join(SCHEDULES)}, got {options['payout']!r}")
    if options["discarder_pays"] not in RESPONSIBILITY:
        raise RulesError(
            f"option 'discarder_pays' must be 'all' or 'self', got {options['discarder_pays']!r}")
    for key in ("min_faan", "limit_faan", "base", "small_winds_faan", "all_one_suit_faan",
                "small_dragons_faan", "great_dragons_faan", "small_limit_faan", "no_flowers_faan"):
        if int(options[key]) < 0 or (key in ("limit_faan", "base") and int(options[key]) == 0):
            raise RulesError(f"option {key!r} must be a positive whole number, got {options[key]!r}")
    if int(options["min_faan"]) > int(options["limit_faan"]):
        raise RulesError("option 'min_faan' is above 'limit_faan': no hand could win")
    penalty = options.get("false_win_penalty")
    if penalty is not None and (isinstance(penalty, bool) or not isinstance(penalty, int) or penalty < 0):
        raise RulesError(f"option 'false_win_penalty' must be a whole number or null, got {penalty!r}")


def _score_reading(reading: Reading, options: Mapping[str, Any]) -> tuple[int, int, Score]:
    """(total, faan towards the minimum, the Score) of one reading."""
    earned, excluded = apply_units(FAAN, reading, options)
    limit_cap = int(options["limit_faan"])
    limits = [entry for entry in earned if entry.unit.category == LIMIT]
    if limits:
        best = max(limits, key=lambda entry: entry.points)
        keep_keys = set(LIMIT_CONDITIONS)
        if not options.get("concealed_on_limit", True):
            keep_keys.discard("fully_concealed")
        conditions = [entry for entry in earned if entry.unit.key in keep_keys]
        kept = [best] + conditions
        excluded += [Excluded(entry.item().name, entry.points, why("chinese.limit_hand", fan=best.unit.name))
                     for entry in earned if entry not in kept]
        raw = sum(entry.points for entry in kept)
        counted = raw
    else:
        kept = earned
        raw = sum(entry.points for entry in kept)
        counted = sum(entry.points for entry in kept if entry.unit.category != BONUS)
    total = min(raw, limit_cap)
    items = [entry.item() for entry in kept]
    if not any(entry.unit.category != BONUS for entry in kept):
        items.insert(0, Item("Chicken Hand 雞糊", 0, 1, why("chinese.chicken_hk")))
    details: dict[str, Any] = {"unit": UNIT, "faan": total, "counted_faan": counted,
                               "bonus_faan": raw - counted, "capped": raw > limit_cap}
    limit = limits and max(limits, key=lambda entry: entry.points).unit.name or None
    if raw >= limit_cap and not limit:
        limit = "limit"
    score = Score(True, True, tuple(items), total, limit=limit, excluded=tuple(excluded), details=details)
    return total, counted, score


def _payments(total: int, hand: DeclaredHand, options: Mapping[str, Any]) -> dict[str, int]:
    points = table_points(total, base=int(options["base"]), schedule=options["payout"])
    winner = hand.seat_wind - EAST
    if hand.is_tsumo:
        deltas = win_deltas(points, winner=winner, discarder=None)
        return {wind_letter(EAST + seat): delta for seat, delta in enumerate(deltas)}
    # The discarder's seat is not part of a hand's input: the summary names roles instead.
    discarder = (winner + 1) % 4
    deltas = win_deltas(points, winner=winner, discarder=discarder,
                        responsibility=options["discarder_pays"])
    out = {"winner": deltas[winner], "discarder": deltas[discarder]}
    others = [deltas[seat] for seat in range(4) if seat not in (winner, discarder)]
    if any(others):
        out["others"] = others[0]
    return out


def score_hand(hand: DeclaredHand, options: dict, request: Mapping) -> Score:
    """Score a declared Hong Kong win: the best reading, the minimum, the cap, the payout."""
    check_options(options)
    found = readings(hand, thirteen_orphans=True)
    if not found:
        return invalid("not a winning hand: the tiles do not make 4 sets and a pair or Thirteen Orphans")
    best = max((_score_reading(reading, options) for reading in found), key=lambda x: (x[0], x[1]))
    total, counted, score = best
    minimum = int(options["min_faan"])
    details = dict(score.details)
    details["table_points"] = table_points(total, base=int(options["base"]), schedule=options["payout"])
    if counted < minimum:
        return replace(score, meets_minimum=False, details=details,
                       reason=f"{counted} faan without flowers; a win needs at least {minimum}")
    return replace(score, details=details, payments=_payments(total, hand, options))


def win_payments(score: Score, *, winner: int, discarder: int | None, dealer: int,
                 options: dict, honba: int = 0,
                 others: Mapping[int, Score] | None = None) -> list[int]:
    """Per-seat deltas of a win. Hong Kong has no dealer premium or counters: ``dealer``,
    ``honba`` and ``others`` do not change the payment."""
    check_win(score, winner=winner, discarder=discarder)
    faan = min(int(score.total), int(options["limit_faan"]))
    points = table_points(max(faan, 0), base=int(options["base"]), schedule=options["payout"])
    return win_deltas(points, winner=winner, discarder=discarder,
                      responsibility=options.get("discarder_pays", PAYS_FOR_ALL))


def false_win_penalty(options: Mapping[str, Any]) -> int:
    """To each other player: the option, else what each would pay for a self-drawn limit hand."""
    penalty = options.get("false_win_penalty")
    if penalty is not None:
        return int(penalty)
    points = table_points(int(options["limit_faan"]), base=int(options["base"]), schedule=options["payout"])
    return -(-points // 2)


def false_win_payments(offender: int, dealer: int, options: dict) -> list[int]:
    """A false win: the offender pays the penalty to each other player."""
    return each_pays(offender, false_win_penalty(options))


def minimum_text(options: Mapping[str, Any], score: Mapping[str, Any]) -> CodedText:
    return minimum_met_text(options.get("min_faan", 3), "faan", score)


def agreed_rules(options: Mapping[str, Any]) -> AgreedRules:
    """An agreed total needs the minimum faan and is paid at most at the limit."""
    return AgreedRules(minimum=int(options["min_faan"]), limit=int(options["limit_faan"]))


# Hong Kong old style: the dealer keeps the deal after winning and the hand is replayed after a
# draw, with no counters (no streak bonus); one winner on a discard, the first in turn.
FLOW = Flow(name="hongkong", keep_on_exhaustive_draw=KEEP_ALWAYS, keep_on_abortive_draw=KEEP_ALWAYS,
            penalty_points=24)


FAMILY = Family(
    name="hongkong",
    title="Hong Kong old style (faan)",
    presets=PRESETS,
    preset_titles={"hongkong": N_("Hong Kong old style (faan)")},
    native_names=unit_name_table(names.NAMES),
    native_language=names.NATIVE_LANGUAGE,
    option_specs=OPTION_SPECS,
    flags=(Flag("last_tile", N_("Last tile of the wall")),
           Flag("kong_replacement", N_("Out with a kong replacement")),
           Flag("kong_on_kong", N_("Kong on kong")), Flag("robbing_kong", N_("Robbing the kong")),
           Flag("heaven", N_("Heaven's blessing (East)")), Flag("earth", N_("Earth's blessing"))),
    units=Units("faan", "faan"),
    score=score_hand,
    win_payments=win_payments,
    false_win_payments=false_win_payments,
    minimum_text=minimum_text,
    agreed_rules=agreed_rules,
    flows={"hongkong": FLOW},
    reasons=UNIT_REASONS,
)

__all__ = ["FAAN", "FAMILY", "PRESETS", "false_win_payments", "score_hand", "win_payments"]
