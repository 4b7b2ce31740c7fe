"""Taiwanese 16-tile mahjong (tai): the family package the preset registry loads.

A hand is five sets and a pair (17 tiles). Every reading is scored with the unit list in ``tai``
and the best kept; there is no minimum (a 0-tai hand wins the base alone). The dealer's tai
(莊家 1, and 2 more for every hand of the dealer's streak, 連n拉n) belong to the payments between
the dealer and the winner only: when the dealer wins every payer adds them, when another player
wins only the dealer adds them to what he pays. Each payer pays ``base + per_tai x tai``; on a
discard the discarder alone pays, on a self-draw (and Eight Flowers) each of the three pays.
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
from engine.families.protocol import Family, Flag, Units
from engine.families.reading import Reading, readings
from engine.families.settlement import check_win, each_pays, minimum_line
from engine.families.taiwanese import names
from engine.families.taiwanese.options import OPTION_SPECS
from engine.families.taiwanese.tai import DEALER_TAI, SETS, TAI
from engine.families.unit_reasons import REASONS as UNIT_REASONS
from engine.families.unit_reasons import why
from engine.families.units import apply_units, unit_name_table
from engine.reasons.marker import N_

UNIT = "tai"

PRESETS: dict[str, dict[str, Any]] = {
    "taiwanese": {
        "base": 100,                           # 底: what every payment starts from
        "per_tai": 20,                         # 台: added per tai
        "dealer_tai": 1,                       # 莊家: the dealer's tai, won or paid
        "streak_tai": 2,                       # 連n拉n: tai per hand of the dealer's streak
        "concealed_kong_keeps_concealed": True,  # 門清 with a concealed kong (some tables: no kong at all)
        "full_flush_tai": 8,
        "eight_flowers_tai": 8,                # sources: 8, 16
        "false_win_tai": 0,                    # 詐胡: the offender pays each player base + per_tai x this
    },
}


def check_options(options: Mapping[str, Any]) -> None:
    for key in ("base", "per_tai", "dealer_tai", "streak_tai", "full_flush_tai", "eight_flowers_tai",
                "false_win_tai"):
        if int(options[key]) < 0:
            raise RulesError(f"option {key!r} must be 0 or more, got {options[key]!r}")


def dealer_tai(streak: int, options: Mapping[str, Any]) -> int:
    """莊家 plus 連n拉n (1 + 2n by default), from the values of ``DEALER_TAI``."""
    dealer, per_hand = DEALER_TAI
    return dealer.worth(options) + per_hand.worth(options) * max(0, int(streak))


def dealer_items(reading: Reading, options: Mapping[str, Any]) -> list[Item]:
    earned, _ = apply_units(DEALER_TAI, reading, options)
    return [entry.item() for entry in earned]


def _score_reading(reading: Reading, options: Mapping[str, Any]) -> tuple[int, list[Item], list[Excluded]]:
    earned, excluded = apply_units(TAI, reading, options)
    special = [entry for entry in earned if entry.unit.key == "eight_flowers"]
    if special:
        excluded += [Excluded(entry.item().name, entry.points, why("chinese.eight_flowers_alone"))
                     for entry in earned if entry not in special]
        earned = special
    return sum(entry.points for entry in earned), [entry.item() for entry in earned], excluded


def _paid_like_self_draw(score: Score) -> bool:
    return bool(score.details.get("self_draw_payment"))


def payment(tai: int, options: Mapping[str, Any]) -> int:
    return int(options["base"]) + int(options["per_tai"]) * tai


def score_hand(hand: DeclaredHand, options: dict, request: Mapping) -> Score:
    """Score a declared Taiwanese win; ``honba`` in the request is the dealer's streak."""
    check_options(options)
    found = readings(hand)
    if not found:
        return invalid("not a winning hand: the tiles do not make 5 sets and a pair")
    scored = [_score_reading(reading, options) for reading in found]
    hand_tai, items, excluded = max(scored, key=lambda entry: entry[0])
    streak = hand.honba
    dealer_lines = dealer_items(found[0], options)
    extra = dealer_tai(streak, options)
    winner_is_dealer = hand.seat_wind == EAST
    self_draw = hand.is_tsumo or any(item.name.startswith("Eight Flowers") for item in items)
    details: dict[str, Any] = {
        "unit": UNIT, "hand_tai": hand_tai, "dealer_tai": extra, "streak": streak,
        "total_tai": hand_tai + (extra if winner_is_dealer else 0),
        "self_draw_payment": self_draw,
    }
    if not winner_is_dealer:
        details["total_tai_charged_to_dealer"] = hand_tai + extra
        details["dealer_items"] = [item.to_dict() for item in dealer_lines]
        shown = items
    else:
        shown = items + dealer_lines
    total = details["total_tai"]
    if not shown:
        shown = [Item("No Tai 屁胡", 0, 1, why("chinese.chicken_tw"))]
    score = Score(True, True, tuple(shown), total, excluded=tuple(excluded), details=details)
    winner = hand.seat_wind - EAST
    discarder = None if self_draw else (winner + 1) % 4
    deltas = win_payments(score, winner=winner, discarder=discarder, dealer=0, options=options,
                          honba=streak)
    if discarder is None:
        payments = {wind_letter(EAST + seat): delta for seat, delta in enumerate(deltas)}
    else:
        # The discarder's seat is not in a hand's input: report a non-dealer discarder, and what
        # a dealer would pay when the winner is not the dealer.
        payments = {"winner": deltas[winner], "discarder": deltas[discarder]}
        if not winner_is_dealer:
            payments["discarder_if_dealer"] = -payment(hand_tai + extra, options)
    return replace(score, payments=payments)


def win_payments(score: Score, *, winner: int, discarder: int | None, dealer: int,
                 options: dict, honba: int = 0,
                 others: Mapping[int, Score] | None = None) -> list[int]:
    """Per-seat deltas of a win. ``honba`` is the dealer's streak at the table; the dealer's tai
    are charged only between the dealer and the winner. ``others`` does not matter here."""
    check_win(score, winner=winner, discarder=discarder, dealer=dealer)
    hand_tai = int(score.details.get("hand_tai", score.total))
    extra = dealer_tai(honba, options)
    if _paid_like_self_draw(score):
        discarder = None
    deltas = [0, 0, 0, 0]
    for seat in range(4):
        if seat == winner or (discarder is not None and seat != discarder):
            continue
        tai = hand_tai + (extra if dealer in (seat, winner) else 0)
        pay = payment(tai, options)
        deltas[seat] -= pay
        deltas[winner] += pay
    return deltas


def false_win_payments(offender: int, dealer: int, options: dict) -> list[int]:
    """詐胡: the offender pays each other player ``base + per_tai x false_win_tai``."""
    return each_pays(offender, payment(int(options["false_win_tai"]), options))


def minimum_text(options: Mapping[str, Any], score: Mapping[str, Any]) -> CodedText:
    return minimum_line("minimum.none_base_wins")


# Taiwanese: the dealer keeps the deal on a win or a draw (連莊), and each such hand adds one to
# the streak the counters hold; the streak's tai are the family's payments. A non-dealer win
# passes the deal and clears the streak.
FLOW = Flow(name="taiwanese", keep_on_exhaustive_draw=KEEP_ALWAYS, keep_on_abortive_draw=KEEP_ALWAYS,
            counter_on_dealer_win=True, counter_on_draw=True, penalty_points=300)


FAMILY = Family(
    name="taiwanese",
    title="Taiwanese 16-tile (tai)",
    presets=PRESETS,
    preset_titles={"taiwanese": N_("Taiwanese 16-tile (tai)")},
    native_names=unit_name_table(names.NAMES),
    native_language=names.NATIVE_LANGUAGE,
    option_specs=OPTION_SPECS,
    flags=(Flag("kong_replacement", N_("Out with a kong replacement")),
           Flag("robbing_kong", N_("Robbing the kong")),
           Flag("last_tile", N_("Last tile of the wall")),
           Flag("heaven", N_("Heaven's blessing (East)")), Flag("earth", N_("Earth's blessing"))),
    units=Units("tai", "tai"),
    score=score_hand,
    win_payments=win_payments,
    false_win_payments=false_win_payments,
    minimum_text=minimum_text,
    hand_sets=SETS,
    flows={"taiwanese": FLOW},
    reasons=UNIT_REASONS,
)

__all__ = ["FAMILY", "PRESETS", "TAI", "dealer_tai", "false_win_payments", "score_hand",
           "win_payments"]
