"""How the other events settle: a draw (exhaustive or abortive), a false win, a penalty, and the
in-hand play events (discards, wall draws, ready declarations) that pay nothing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.families.flow import KEEP_ALWAYS, KEEP_IF_WAITING
from engine.table.events import TableError, player_field, player_list
from engine.table.hand_play import one_tile
from engine.table.offences import penalty_summary
from engine.table.standing import (
    TableState,
    add_record,
    by_player,
    family_at,
    names_of,
    next_hand,
    stick_deltas,
)


def _abortive_reason(state: TableState, event: Mapping[str, Any], declarers: Sequence[int]) -> str:
    """The abortive draw's kind, one of the preset's own; where the event gives the tiles (or
    kongs, claimants) they must make that draw (the family's check)."""
    kinds = state.flow.abortive_kinds
    draws = family_at(state).abortive_draws
    if not kinds or draws is None:
        if draws is not None and family_at(state).flow(state.rules, {}).abortive_kinds:   # an option
            raise TableError.of("table.abortive_draws_off", rules=state.rules)
        raise TableError.of("table.no_abortive_draws", rules=state.rules)
    reason = event.get("reason")
    kind = draws.aliases.get(reason, reason) if isinstance(reason, str) else reason
    if kind not in kinds:
        choices = ", ".join(f"{key} ({draws.kinds.get(key, key)})" for key in kinds)
        raise TableError.of("table.abortive_reason", choices=choices, reason=repr(reason))
    evidence = {**event, "riichi": list(declarers)}
    if event.get("player") is not None:
        player_field(event, "player")
    try:
        problem = draws.problem(kind, evidence, state.options)
    except ValueError as error:         # the tiles given as evidence cannot be read
        raise TableError.wrap(error) from error
    if problem:
        raise TableError.of("table.not_abortive", detail=problem)
    return str(kind)


def apply_draw(state: TableState, event: Mapping[str, Any], event_id: int) -> TableState:
    abortive = bool(event.get("abortive"))
    waiting = player_list(event, "waiting")
    declarers = player_list(event, "riichi")
    kind_of_draw = _abortive_reason(state, event, declarers) if abortive else ""
    flow = state.flow
    payments = (0, 0, 0, 0)
    family = family_at(state)
    if not abortive and flow.draw_payments and family.draw_payments is not None:
        places = state.places
        tenpai_by_place = [False] * 4
        for player in waiting:
            tenpai_by_place[places[player]] = True
        payments = by_player(state, family.draw_payments(tenpai_by_place, dict(state.options)))
    sticks = stick_deltas(state, declarers)
    deltas = [payments[p] + sticks[p] for p in range(4)]
    reason = event.get("reason") or ""
    if not isinstance(reason, str):
        raise TableError.of("table.draw_reason_text")
    kind = "abortive_draw" if abortive else "draw"
    said = family.abortive_draws.kinds.get(kind_of_draw, "") if abortive and family.abortive_draws else reason
    if abortive and event.get("note"):
        said = f"{said}: {event['note']}"
    if abortive and event.get("player") is not None:
        said += f", declared by {state.players[player_field(event, 'player')]}"
    summary = ("abortive draw" if abortive else "draw") + (f" ({said})" if said else "")
    if waiting:
        summary += f"; waiting: {names_of(state, waiting)}"
    state = add_record(state, event_id, kind, deltas, -sum(sticks), summary,
                    waiting=waiting, riichi=declarers, payments=list(payments),
                    reason=kind_of_draw if abortive else reason)
    state = replace(state, sticks=state.sticks + len(declarers))
    rule = flow.keep_on_abortive_draw if abortive else flow.keep_on_exhaustive_draw
    keeps = rule == KEEP_ALWAYS or (rule == KEEP_IF_WAITING and state.dealer in waiting)
    honba = state.honba + 1 if flow.counter_on_draw else 0
    return next_hand(state, keeps, honba)


def apply_false_win(state: TableState, offender: int, event_id: int, reason: str) -> TableState:
    if offender in state.dead:
        raise TableError.of("table.already_dead", player=state.players[offender])
    places = state.places
    family = family_at(state)
    payments = by_player(state, family.false_win_payments(places[offender], places[state.dealer],
                                                           dict(state.options)))
    summary = f"false win by {state.players[offender]}" + (f": {reason}" if reason else "")
    state = add_record(state, event_id, "false_win", payments, 0, summary, offender=offender, reason=reason)
    if not state.flow.false_win_dead_hand:
        return state            # chombo: the hand is dealt again, same dealer and counters
    return replace(state, dead=state.dead | {offender})


def apply_penalty(state: TableState, event: Mapping[str, Any], event_id: int) -> TableState:
    deltas = event.get("deltas")
    if (not isinstance(deltas, (list, tuple)) or len(deltas) != 4
            or any(isinstance(d, bool) or not isinstance(d, int) for d in deltas) or sum(deltas) != 0):
        raise TableError.of("table.penalty_deltas")
    reason = event.get("reason") or ""
    offence = event.get("offence")
    try:
        summary, kind = penalty_summary(state.rules, tuple(deltas), reason, offence,
                                        event.get("offender"), state.players)
    except ValueError as error:
        raise TableError.wrap(error) from error
    details: dict[str, Any] = {"reason": reason}
    if offence:
        details["offence"] = offence
    return add_record(state, event_id, kind, tuple(deltas), 0, summary, **details)


def apply_play(state: TableState, event: Mapping[str, Any], event_id: int) -> TableState:
    """A discard, a draw from the wall or a ready declaration (engine.table.hand_play): nothing is paid;
    a ready declaration is recorded in the history, the others only change what the table knows."""
    kind = event.get("type")
    if not state.flow.play_events:
        raise TableError.of("table.no_play_events", rules=state.rules)
    player = player_field(event, "player")
    assert player is not None
    if kind == "discard":
        try:
            tile = one_tile(event.get("tile"))
        except ValueError as error:
            raise TableError.wrap(error) from error
        return replace(state, play=state.play.discard(player, tile))
    if kind == "wall_draw":
        return replace(state, play=state.play.wall_draw(player))
    if player in state.play.ready:
        raise TableError.of("table.already_ready", player=state.players[player])
    state = add_record(state, event_id, "ready", (0, 0, 0, 0), 0,
                    f"{state.players[player]} declares a ready hand", player=player)
    return replace(state, play=state.play.declare_ready(player))
