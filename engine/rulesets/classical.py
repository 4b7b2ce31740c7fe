"""Classical Chinese (Babcock's Red Book, 1923): the family module the preset registry loads.

It holds the preset (RULES.md decisions row ``classical``) and the Babcock settlement: every hand
at the table is scored; each loser pays the winner the winner's value; each pair of losers then
settles the difference between their values; East pays and receives double; a dead hand scores
0, so it pays everyone and is paid by nobody. The scoring itself lives in ``classical_scoring``,
the tables in ``classical_tables`` and the play helpers (claims, sacred discard, the draw) in
``classical_play``.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from engine.hand import DeclaredHand
from engine.result import Score

SEATS = 4

PRESETS: dict[str, dict[str, Any]] = {
    "classical": {
        "limit": 300,                    # Babcock; Millington and wikidot play 500 or 1000
        "mahjong_bonus": 20,             # Babcock 20, Millington 10
        "east_pays_double": True,        # East pays and receives double, in every settlement
        "flowers": False,                # Babcock Chapter 10 flowers/seasons variant
        "prevailing_wind": False,        # Millington: prevailing wind pair 2, its set 1 double
        "sacred_discard": "traditional",  # "traditional": own last discard; "extended": any own
        "thirteen_orphans": True,        # Thirteen Orphans is a winning hand worth the limit
        "lucky_thirteen": True,          # Babcock's declared original-13 hand, 1/3 of the limit
        "four_wind_hand": False,         # Chapter 7 optional limit hands
        "heads_and_tails": False,
        "three_great_scholars": False,
        "false_win_penalty": None,       # to each other player; None = half the limit (Harr)
        "dead_wall": 14,                 # the draw: 14 tiles left, loose tiles counted
    },
}


def _multiplier(seat_a: int, seat_b: int, dealer: int, options: Mapping[str, Any]) -> int:
    """East plays for double stakes: any payment between East and another player is doubled."""
    if options.get("east_pays_double", True) and dealer in (seat_a, seat_b):
        return 2
    return 1


def _check_seat(name: str, seat: int) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise ValueError(f"{name} must be a seat 0-3, got {seat!r}")


def settled_value(score: Score) -> int:
    """What a hand is worth in the settlement: its total, or 0 for a dead hand."""
    if score.details.get("dead"):
        return 0
    return max(0, score.total)


def win_payments(score: Score, *, winner: int, discarder: int | None, dealer: int,
                 options: dict, honba: int = 0,
                 others: Mapping[int, Score] | None = None) -> list[int]:
    """Per-seat deltas of a Babcock settlement, summing to zero.

    Every loser pays the winner ``score.total`` (doubled between East and another player),
    whoever discarded: ``discarder`` and ``honba`` are accepted for the shared interface and do
    not change a classical settlement. Then each pair of losers found in ``others`` settles the
    difference between their values, the lower hand paying the higher. A loser missing from
    ``others`` only pays the winner. A dead hand (``details["dead"]``) counts as 0.
    """
    _check_seat("winner", winner)
    _check_seat("dealer", dealer)
    if discarder is not None:
        _check_seat("discarder", discarder)
        if discarder == winner:
            raise ValueError("the winner cannot be the discarder")
    others = dict(others or {})
    for seat in others:
        _check_seat("a loser's seat", seat)
        if seat == winner:
            raise ValueError(f"seat {seat} is the winner; 'others' holds the losers only")
    deltas = [0] * SEATS
    value = settled_value(score)
    for loser in range(SEATS):
        if loser != winner:
            pay = value * _multiplier(loser, winner, dealer, options)
            deltas[loser] -= pay
            deltas[winner] += pay
    for seat_a, seat_b in combinations(sorted(others), 2):
        difference = settled_value(others[seat_a]) - settled_value(others[seat_b])
        pay = difference * _multiplier(seat_a, seat_b, dealer, options)
        deltas[seat_a] += pay
        deltas[seat_b] -= pay
    return deltas


def false_win_penalty(options: Mapping[str, Any]) -> int:
    """The false-win penalty to each other player: the option, else half the limit (Harr)."""
    penalty = options.get("false_win_penalty")
    if penalty is None:
        return int(options.get("limit", 300)) // 2
    return int(penalty)


def false_win_payments(offender: int, dealer: int, options: dict) -> list[int]:
    """A false Mah-Jongg: the offender pays each other player the penalty (doubled with East)."""
    _check_seat("offender", offender)
    _check_seat("dealer", dealer)
    penalty = false_win_penalty(options)
    deltas = [0] * SEATS
    for seat in range(SEATS):
        if seat != offender:
            pay = penalty * _multiplier(offender, seat, dealer, options)
            deltas[seat] += pay
            deltas[offender] -= pay
    return deltas


def score_hand(hand: DeclaredHand, options: dict, request: Mapping) -> Score:
    """Score the winner's hand (and, from ``request["losers"]``, the losers' and the settlement)."""
    from engine.result import invalid
    return invalid("classical scoring is being written")
