"""The fold: which logged events count (undo and amend applied) and what each does to the state.

state = fold(apply, effective events, the state before hand 1). The event shapes are described
in ``engine.table.state``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.table.events import ADJUSTMENTS, GAME_EVENTS, HAND_EVENTS, TableError, player_field
from engine.table.game_end import checked_end, ended_by_players
from engine.table.hand_ends import apply_draw, apply_false_win, apply_penalty, apply_play
from engine.table.hand_play import PLAY_EVENTS
from engine.table.standing import TableState, new_state
from engine.table.wins import apply_win


def effective_events(log: Sequence[Mapping[str, Any]]) -> list[tuple[int, Mapping[str, Any]]]:
    """The events that count, with their log index: ``undo`` and ``amend`` applied."""
    events: list[tuple[int, Mapping[str, Any]]] = []
    for index, event in enumerate(log):
        kind = event.get("type") if isinstance(event, Mapping) else None
        if kind == "undo":
            if not events:
                raise TableError.of("table.nothing_to_undo")
            events.pop()
        elif kind == "amend":
            target = event.get("target")
            replacement = event.get("event")
            if (not isinstance(replacement, Mapping)
                    or replacement.get("type") not in HAND_EVENTS + ADJUSTMENTS + PLAY_EVENTS):
                raise TableError.of("table.amend_replacement")
            _replace(events, target, replacement)
            for later in _rescored(event, target):
                _replace(events, later["target"], later["event"])
        elif kind in HAND_EVENTS + ADJUSTMENTS + PLAY_EVENTS + GAME_EVENTS:
            events.append((index, event))
        else:
            raise TableError.of("table.unknown_event_type", type=repr(kind))
    return events


def replay(rules: str, players: Sequence[str], options: Mapping[str, Any] | None,
           log: Sequence[Mapping[str, Any]]) -> TableState:
    """state = fold(apply, effective events, the state before hand 1)."""
    state = new_state(rules, players, options)
    for event_id, event in effective_events(log):
        state = apply(state, event, event_id)
    return state


def apply(state: TableState, event: Mapping[str, Any], event_id: int = 0) -> TableState:
    """The state after one event (pure: ``state`` is not changed); an end condition of the
    table's flow that the event meets finishes the game (engine.table.game_end)."""
    kind = event.get("type")
    if state.finished and kind in HAND_EVENTS + ADJUSTMENTS + PLAY_EVENTS + GAME_EVENTS:
        raise TableError.of("table.game_over", hand=state.hand_number - 1)
    if kind in GAME_EVENTS:
        return ended_by_players(state)
    return checked_end(_applied(state, event, event_id))


def _applied(state: TableState, event: Mapping[str, Any], event_id: int) -> TableState:
    kind = event.get("type")
    if kind == "win":
        return apply_win(state, event, event_id)
    if kind == "draw":
        return apply_draw(state, event, event_id)
    if kind == "false_win":
        return apply_false_win(state, player_field(event, "offender"), event_id, event.get("reason") or "")
    if kind == "penalty":
        return apply_penalty(state, event, event_id)
    if kind in PLAY_EVENTS:
        return apply_play(state, event, event_id)
    raise TableError.of("table.unknown_event_type", type=repr(kind))


def _replace(events: list[tuple[int, Mapping[str, Any]]], target: Any,
             replacement: Mapping[str, Any]) -> None:
    positions = [i for i, (event_id, _) in enumerate(events) if event_id == target]
    if not positions:
        raise TableError.of("table.unknown_event", event=repr(target))
    events[positions[0]] = (target, replacement)


def _rescored(amend: Mapping[str, Any], target: Any) -> list[Mapping[str, Any]]:
    """The later wins an amendment scored again (engine.table.amend): wins after its target."""
    rescored = amend.get("rescored") or []
    if not isinstance(rescored, (list, tuple)):
        raise TableError.of("table.amend_rescored_list")
    for later in rescored:
        if (not isinstance(later, Mapping) or not isinstance(later.get("event"), Mapping)
                or later["event"].get("type") != "win" or isinstance(later.get("target"), bool)
                or not isinstance(later.get("target"), int) or not isinstance(target, int)
                or later["target"] <= target):
            raise TableError.of("table.amend_rescored_later")
    return list(rescored)
