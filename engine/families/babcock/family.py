"""Classical Chinese (Babcock's Red Book, 1923): the family module the preset registry loads.

It holds the preset (docs/rules.md, `classical`) and the Babcock settlement: every hand
at the table is scored; each loser pays the winner the winner's value; each pair of losers then
settles the difference between their values; East pays and receives double; a dead hand scores
0, so it pays everyone and is paid by nobody. The scoring itself lives in ``scoring``,
the tables in ``tables`` and the play helpers (claims, sacred discard, the draw) in
``play``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any

from engine.core.coded import CodedText
from engine.core.hand import DeclaredHand, HandError
from engine.core.result import Score
from engine.core.tiles import EAST, KIND_CODES, NUM_ALL_KINDS, NUM_KINDS, wind_letter
from engine.families import RulesError
from engine.families.babcock import names, reasons, titles
from engine.families.babcock.options import OPTION_SPECS
from engine.families.babcock.play import discard_ruling
from engine.families.babcock.scoring import LaidDownHand, loser_from_dict, score_loser, score_winner
from engine.families.claims import CLAIM_NEXT_IN_TURN
from engine.families.flow import Flow
from engine.families.option_specs import OptionValueError
from engine.families.option_specs import check_options as check_option_values
from engine.families.protocol import AgreedRules, Family, Flag, PointsAndDoubles, Units
from engine.families.settlement import check_seats, minimum_line
from engine.reasons.marker import N_

SEATS = 4

PRESETS: dict[str, dict[str, Any]] = {
    "classical": {
        "limit": 300,                    # Babcock; Millington and wikidot play 500 or 1000
        "mahjong_bonus": 20,             # Babcock 20, Millington 10
        "east_pays_double": True,        # East pays and receives double, in every settlement
        "flowers": False,                # Babcock Chapter 10 flowers/seasons variant
        "prevailing_wind": False,        # Millington: prevailing wind pair 2, its set 1 double
        "sacred_discard": "until_wall_draw",  # the classical sheet; see play.sacred_tiles for the others
        "sacred_claim": "refuse",        # a win on a sacred discard is refused ("false_win": penalised)
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
    check_seats(winner, discarder, dealer)
    others = dict(others or {})
    for seat in others:
        check_seats(loser=seat)
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
    check_seats(dealer=dealer, offender=offender)
    penalty = false_win_penalty(options)
    deltas = [0] * SEATS
    for seat in range(SEATS):
        if seat != offender:
            pay = penalty * _multiplier(offender, seat, dealer, options)
            deltas[seat] += pay
            deltas[offender] -= pay
    return deltas


def check_options(options: Mapping[str, Any]) -> None:
    """The option ranges of ``engine.families.option_specs``, for callers that pass options
    straight to ``score_hand`` without the registry (which checks them already)."""
    try:
        check_option_values(OPTION_SPECS, options)
    except OptionValueError as error:
        raise RulesError(str(error)) from error


def _check_table_tiles(winner: DeclaredHand, losers: Sequence[LaidDownHand]) -> None:
    """All four hands come from one set: no kind more than four times across the table."""
    counts = [0] * NUM_ALL_KINDS
    for tiles in [winner.all_tiles() + list(winner.flowers)] + \
            [loser.all_tiles() + list(loser.flowers) for loser in losers]:
        for tile in tiles:
            counts[tile.kind] += 1
    for kind, count in enumerate(counts):
        most = 1 if kind >= NUM_KINDS else 4
        if count > most:
            raise HandError(f"{KIND_CODES[kind]} appears {count} times across the table's hands; "
                            f"a set has {most}")


def _losers(hand: DeclaredHand, request: Mapping) -> list[LaidDownHand]:
    value = request.get("losers")
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > SEATS - 1:
        raise HandError("'losers' must be a list of at most three hand objects")
    losers = [loser_from_dict(item, hand.round_wind) for item in value]
    seen = {hand.seat_wind}
    for loser in losers:
        if loser.seat_wind in seen:
            raise HandError(f"two hands sit at seat wind {wind_letter(loser.seat_wind)}; "
                            "each loser needs its own seat wind, not the winner's")
        seen.add(loser.seat_wind)
    _check_table_tiles(hand, losers)
    return losers


def _loser_dict(loser: LaidDownHand, score: Score) -> dict[str, Any]:
    return {"seat_wind": wind_letter(loser.seat_wind), "dead": loser.dead, "total": score.total,
            "points": score.details.get("points", 0), "doubles": score.details.get("doubles", 0),
            "limit": score.limit, "items": [item.to_dict() for item in score.items]}


def score_hand(hand: DeclaredHand, options: dict, request: Mapping) -> Score:
    """Score the winner's hand; with ``request["losers"]`` also theirs, and settle the table.

    Seats are the seat winds in turn order (E=0, S=1, W=2, N=3); East is the dealer. ``payments``
    is the settlement by seat wind; without losers it holds only what each pays the winner.
    """
    check_options(options)
    losers = _losers(hand, request)
    score = score_winner(hand, options)
    if not score.valid:
        return score
    winner_seat = hand.seat_wind - EAST
    loser_scores = {loser.seat_wind - EAST: score_loser(loser, options) for loser in losers}
    deltas = win_payments(score, winner=winner_seat, discarder=None, dealer=0, options=options,
                          others=loser_scores)
    details = dict(score.details)
    if losers:
        details["losers"] = [_loser_dict(loser, loser_scores[loser.seat_wind - EAST]) for loser in losers]
    payments = {wind_letter(EAST + seat): delta for seat, delta in enumerate(deltas)}
    return replace(score, payments=payments, details=details)


def minimum_text(options: Mapping[str, Any], score: Mapping[str, Any]) -> CodedText:
    return minimum_line("minimum.none")


def agreed_rules(options: Mapping[str, Any]) -> AgreedRules:
    """No minimum; a hand is worth at most the limit (Babcock's 300)."""
    return AgreedRules(limit=int(options["limit"]))


def _is_double(item: Mapping[str, Any]) -> bool:
    """A breakdown line that doubles the hand, told by its name's code (``titles.DOUBLE_LINES``)."""
    return item.get("name_code") in titles.DOUBLE_LINES


# Classical (Babcock, docs/rules.md): East repeats after an East win without limit; after a draw
# the deal passes (the classical sheet: "When a draw occurs the hand stops. The deal passes and a
# new hand begins."); the sheet knows no abortive draw; no counters; several Mah-Jongg claimants:
# the next in turn after the discarder wins; the discards are kept for the sacred discard.
FLOW = Flow(name="classical", claim_rule=CLAIM_NEXT_IN_TURN, play_events=True)


FAMILY = Family(
    name="babcock",
    title="Classical Chinese (Babcock 1923)",
    presets=PRESETS,
    preset_titles={"classical": N_("Classical Chinese (Babcock 1923)")},
    option_specs=OPTION_SPECS,
    flags=(Flag("kong_replacement", N_("Out with a loose tile")), Flag("robbing_kong", N_("Robbing a kong")),
           Flag("last_tile", N_("Last tile of the wall")), Flag("heaven", N_("Heaven's blessing (East)")),
           Flag("earth", N_("Earth's blessing")),
           Flag("declared_ready", N_("Declared ready (original call)"))),
    units=Units("", "points"),
    score=score_hand,
    win_payments=win_payments,
    false_win_payments=false_win_payments,
    minimum_text=minimum_text,
    scores_losers=True,
    # Riichi's words for the same situations, which the classical scoring reads as its own.
    unlisted_flags=("rinshan", "chankan", "haitei", "tenhou", "chiihou"),
    agreed_rules=agreed_rules,
    discard_ruling=discard_ruling,
    flows={"classical": FLOW},
    points_and_doubles=PointsAndDoubles(plays=lambda options: True, is_double=_is_double),
    built_names=titles,
    native_names=names.name_table(),
    native_language=names.NATIVE_LANGUAGE,
    reasons=reasons.REASONS,
    reason_words=reasons.WORDS,
)
