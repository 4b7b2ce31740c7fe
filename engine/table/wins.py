"""A win settled at the table: one or several claims on a discard (resolved under the preset's
claim rule), each winner's payments from the family, the counters' share and the riichi sticks."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine.core.result import Score
from engine.families.claims import CLAIM_DOUBLE_RON, Claim, resolve_claims, turn_distance
from engine.table.agreed_values import AgreedValueError, checked_score
from engine.table.events import TableError, player_field, player_list, score_from_dict
from engine.table.hand_ends import apply_draw, apply_false_win
from engine.table.hand_play import sacred_problem
from engine.table.standing import (
    TableState,
    add_record,
    by_player,
    family_at,
    names_of,
    next_hand,
    stick_deltas,
)


def _resolve_claims(state: TableState, event: Mapping[str, Any]) -> tuple[list[Mapping[str, Any]], str]:
    """Several claims on one discard -> the claims that win, nearest the discarder first (the
    one resolver in ``engine.families.claims`` decides, in places, under the preset's claim rule)."""
    claims = event.get("claims")
    if not isinstance(claims, (list, tuple)) or not claims:
        raise TableError.of("table.claims_list")
    discarder = player_field(event, "discarder")
    seats = [player_field(claim, "winner") for claim in claims]
    if len(set(seats)) != len(seats) or discarder in seats:
        raise TableError.of("table.claimant_twice")
    places = state.places
    by_place = {places[claim["winner"]]: claim for claim in claims}
    taken = resolve_claims([Claim(place) for place in by_place], places[discarder],
                           rule=state.flow.claim_rule, three_wins_abortive=state.flow.three_claims_abortive)
    if not taken:
        return [], f"three players claimed {state.players[discarder]}'s discard"
    ordered = [by_place[claim.seat] for claim in taken]
    if state.flow.claim_rule == CLAIM_DOUBLE_RON:
        note = f"{len(ordered)} winners on one discard" if len(ordered) > 1 else ""
        return ordered, note
    rule = "head bump" if state.flow.claim_rule == "head_bump" else "next in turn after the discarder"
    beaten = [by_place[place]["winner"] for place in sorted(by_place, key=lambda place:
              turn_distance(place, places[discarder])) if by_place[place] is not ordered[0]]
    note = ""
    if beaten:
        note = f"{rule}: {state.players[ordered[0]['winner']]} wins over {names_of(state, beaten)}"
    return ordered, note


def _checked(state: TableState, score: Score, player: str) -> tuple[Score, str]:
    """A value as the preset allows it (engine.table.agreed_values): refused, or capped with a note."""
    try:
        return checked_score(score, family_at(state).agreed_rules(state.options), player)
    except AgreedValueError as error:
        raise TableError.wrap(error) from error


def _win_payments(state: TableState, winner: int, discarder: int | None, score: Score,
                  others_data: Mapping[str, Any], honba: int,
                  notes: list[str] | None = None) -> tuple[int, ...]:
    """One winner's payments by player, from the family (which speaks in places); notes on capped
    losers' values are added to ``notes``."""
    places = state.places
    others: dict[int, Score] = {}
    for key, value in (others_data or {}).items():
        player = int(key)
        if not 0 <= player <= 3 or player == winner:
            raise TableError.of("table.others_key", key=repr(key))
        loser, note = _checked(state, score_from_dict(value), state.players[player])
        others[places[player]] = loser
        if note and notes is not None:
            notes.append(note)
    for player in state.dead:
        others[places[player]] = Score(valid=True, meets_minimum=True, total=0, details={"dead": True})
    try:
        by_place = family_at(state).win_payments(
            score, winner=places[winner], discarder=None if discarder is None else places[discarder],
            dealer=places[state.dealer], options=dict(state.options), honba=honba,
            others=others or None)
    except ValueError as error:
        raise TableError.of("table.cannot_settle", detail=str(error)) from error
    return by_player(state, by_place)


def apply_win(state: TableState, event: Mapping[str, Any], event_id: int) -> TableState:
    note = ""
    if "claims" in event:
        claims, note = _resolve_claims(state, event)
        if not claims:
            draw = {"type": "draw", "abortive": True, "waiting": [], "riichi": event.get("riichi") or [],
                    "reason": "three_ron", "note": note}
            return apply_draw(state, draw, event_id)
    else:
        claims = [event]
    discarder = player_field(event, "discarder", optional=True)
    winners = [player_field(claim, "winner") for claim in claims]
    scores = []
    notes = [note] if note else []
    for claim, winner in zip(claims, winners, strict=True):
        score, capped = _checked(state, score_from_dict(claim.get("score") or {}),
                                 state.players[winner])
        scores.append(score)
        if capped:
            notes.append(capped)
    for winner, score in zip(winners, scores, strict=True):
        if winner == discarder:
            raise TableError.of("table.winner_is_discarder")
        if winner in state.dead:
            raise TableError.of("table.dead_hand", player=state.players[winner])
        if (not score.valid or not score.meets_minimum) and len(claims) > 1:
            raise TableError.of("table.claim_not_a_win", player=state.players[winner])
    if not scores[0].valid or not scores[0].meets_minimum:
        score = scores[0]
        why = score.reason or ("not a winning hand" if not score.valid else "under the minimum")
        return apply_false_win(state, winners[0], event_id, why)
    ruling = family_at(state).discard_ruling
    if discarder is not None and state.flow.play_events and ruling is not None:
        for claim, winner in zip(claims, winners, strict=True):
            try:
                sacred = sacred_problem(state.play, winner, {**event, **claim}, ruling, state.options)
            except ValueError as error:
                raise TableError.wrap(error) from error
            if sacred and sacred.false_win:
                return apply_false_win(state, winner, event_id, sacred.why)
            if sacred:
                raise TableError.of("table.sacred_discard", player=state.players[winner],
                                    detail=sacred.why)
    declarers = player_list(event, "riichi")
    payments = [0, 0, 0, 0]
    counter_payments = [0, 0, 0, 0]
    for index, (claim, winner, score) in enumerate(zip(claims, winners, scores, strict=True)):
        # Counters go to the first winner in turn only (the others of a double ron get none).
        paid = _win_payments(state, winner, discarder, score, claim.get("others") or {},
                             state.honba if index == 0 else 0, notes)
        payments = [a + b for a, b in zip(payments, paid, strict=True)]
        if index == 0 and state.honba:     # the counters' share, shown as its own line
            plain = _win_payments(state, winner, discarder, score, claim.get("others") or {}, 0, [])
            counter_payments = [a - b for a, b in zip(paid, plain, strict=True)]
    sticks = stick_deltas(state, declarers)
    first = winners[0]
    pot = state.stick_points - sum(sticks)          # everything on the table goes to the first winner
    deltas = [payments[p] + sticks[p] + (pot if p == first else 0) for p in range(4)]
    how = "self-drawn" if discarder is None else f"on {state.players[discarder]}'s discard"
    summary = "; ".join(f"{state.players[winner]} wins {how}, {score.total}"
                        for winner, score in zip(winners, scores, strict=True))
    if notes:
        summary += f" ({'; '.join(notes)})"
    state = add_record(state, event_id, "win", deltas, -state.stick_points, summary,
                    winner=first, winners=winners, discarder=discarder,
                    total=scores[0].total, riichi=declarers, payments=list(payments), sticks_taken=pot,
                    counter_payments=counter_payments)
    state = replace(state, sticks=0)
    keeps = state.dealer in winners and state.flow.dealer_keeps_on_win
    honba = state.honba + 1 if keeps and state.flow.counter_on_dealer_win else 0
    return next_hand(state, keeps, honba)
