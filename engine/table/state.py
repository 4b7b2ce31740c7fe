"""A mahjong table as a pure state machine: state = fold(events).

A table is four named players under a preset and its options. Everything that happens is an
event (a plain JSON-able dict, so storage can keep it as it is): a win, a draw, a false win, a
penalty, and two control events, ``undo`` (void the latest event) and ``amend`` (replace a past
event). The log is append-only; the current state is always recomputed from it, so an amended
hand changes every later payment, dealer and counter, and a crash cannot leave totals that
disagree with the log. Payments come from the family (``Family.win_payments`` and friends);
what follows each hand (rotation, counters, game length) is data in ``engine.table.flow``.

The state itself and its records are in ``engine.table.standing``; a win settles in
``engine.table.wins``, every other event in ``engine.table.hand_ends``.

Event shapes (players are indexes 0-3):
    {"type": "win", "winner": 2, "discarder": 0 | None, "score": {...Score.to_dict()...},
     "others": {"1": {...}, ...}, "riichi": [1], "hand": {...engine input, kept for the record}}
    {"type": "win", "discarder": 0, "claims": [{"winner": 1, "score": {...}}, {"winner": 3, ...}]}
    {"type": "draw", "abortive": False, "waiting": [1, 3], "riichi": [3], "reason": "..."}
    {"type": "draw", "abortive": True, "reason": "nine_terminals", "player": 2, "tiles": "..."}
    {"type": "false_win", "offender": 2, "reason": "..."}
    {"type": "penalty", "deltas": [-30, 10, 10, 10], "reason": "...", "offence": "revealed_hand"}
    {"type": "discard" | "wall_draw" | "ready", "player": 1, "tile": "5p"}   (engine.table.hand_play)
    {"type": "undo"}
    {"type": "amend", "target": 5, "event": {...a replacement win/draw/false_win/penalty...}}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.table.events import ADJUSTMENTS, HAND_EVENTS, TableError, player_field
from engine.table.hand_ends import apply_draw, apply_false_win, apply_penalty, apply_play
from engine.table.hand_play import PLAY_EVENTS
from engine.table.standing import HandRecord, TableState, hand_context, new_state
from engine.table.wins import apply_win

__all__ = ["HandRecord", "Table", "TableState", "apply", "effective_events", "hand_context", "new_state",
           "replay"]


def effective_events(log: Sequence[Mapping[str, Any]]) -> list[tuple[int, Mapping[str, Any]]]:
    """The events that count, with their log index: ``undo`` and ``amend`` applied."""
    events: list[tuple[int, Mapping[str, Any]]] = []
    for index, event in enumerate(log):
        kind = event.get("type") if isinstance(event, Mapping) else None
        if kind == "undo":
            if not events:
                raise TableError("nothing to undo")
            events.pop()
        elif kind == "amend":
            target = event.get("target")
            replacement = event.get("event")
            if (not isinstance(replacement, Mapping)
                    or replacement.get("type") not in HAND_EVENTS + ADJUSTMENTS + PLAY_EVENTS):
                raise TableError("an amendment needs a replacement win, draw, false win, penalty "
                                 "or play event")
            positions = [i for i, (event_id, _) in enumerate(events) if event_id == target]
            if not positions:
                raise TableError(f"event {target!r} is not in the table's history (undone or unknown)")
            events[positions[0]] = (target, replacement)
        elif kind in HAND_EVENTS + ADJUSTMENTS + PLAY_EVENTS:
            events.append((index, event))
        else:
            raise TableError(f"unknown event type {kind!r}")
    return events


def replay(rules: str, players: Sequence[str], options: Mapping[str, Any] | None,
           log: Sequence[Mapping[str, Any]]) -> TableState:
    """state = fold(apply, effective events, the state before hand 1)."""
    state = new_state(rules, players, options)
    for event_id, event in effective_events(log):
        state = apply(state, event, event_id)
    return state


def apply(state: TableState, event: Mapping[str, Any], event_id: int = 0) -> TableState:
    """The state after one win, draw, false win or penalty (pure: ``state`` is not changed)."""
    kind = event.get("type")
    if state.finished and kind in HAND_EVENTS + ADJUSTMENTS + PLAY_EVENTS:
        raise TableError(f"the game is over (after hand {state.hand_number - 1})")
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
    raise TableError(f"unknown event type {kind!r}")


class Table:
    """A table with its raw event log; every read is a replay, every write is checked first."""

    def __init__(self, rules: str, players: Sequence[str], options: Mapping[str, Any] | None = None,
                 log: Iterable[Mapping[str, Any]] = ()) -> None:
        self.rules = rules
        self.players = tuple(players)
        self.overrides = dict(options or {})
        self.log: list[dict[str, Any]] = [dict(event) for event in log]
        self._state = replay(rules, self.players, self.overrides, self.log)

    @property
    def state(self) -> TableState:
        return self._state

    def preview(self, event: Mapping[str, Any]) -> TableState:
        """The state the event would lead to, without recording it (raises TableError if it cannot)."""
        return replay(self.rules, self.players, self.overrides, self.log + [dict(event)])

    def state_before(self, event_id: int) -> TableState:
        """The state just before the event logged at ``event_id`` was played: the seats, winds,
        counters and sticks that hand was played under (an amendment is scored against it)."""
        state = new_state(self.rules, self.players, self.overrides)
        for index, event in effective_events(self.log):
            if index == event_id:
                return state
            state = apply(state, event, index)
        raise TableError(f"event {event_id!r} is not in the table's history (undone or unknown)")

    def record(self, event: Mapping[str, Any]) -> TableState:
        state = self.preview(event)
        self.log.append(dict(event))
        self._state = state
        return state

    def undo(self) -> TableState:
        return self.record({"type": "undo"})

    def amend(self, event_id: int, event: Mapping[str, Any]) -> TableState:
        return self.record({"type": "amend", "target": event_id, "event": dict(event)})
