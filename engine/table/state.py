"""A mahjong table as a pure state machine: state = fold(events).

A table is four named players under a preset and its options. Everything that happens is an
event (a plain JSON-able dict, so storage can keep it as it is): a win, a draw, a false win, a
penalty, and two control events, ``undo`` (void the latest event) and ``amend`` (replace a past
event). The log is append-only; the current state is always recomputed from it, so an amended
hand changes every later payment, dealer and counter, and a crash cannot leave totals that
disagree with the log. Payments come from the family (``Family.win_payments`` and friends);
what follows each hand (rotation, counters, game length) is data in ``engine.table.flow``.

The state itself and its records are in ``engine.table.standing``, the fold in
``engine.table.fold``; a win settles in ``engine.table.wins``, every other event in
``engine.table.hand_ends``; an amendment re-scores the later wins it moves (``engine.table.amend``).

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
    {"type": "amend", "target": 5, "event": {...a replacement win/draw/false_win/penalty...},
     "rescored": [{"target": 7, "event": {...a later win scored again in its new context...}}]}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.table.amend import amendment
from engine.table.events import TableError
from engine.table.fold import apply, effective_events, replay
from engine.table.standing import HandRecord, TableState, hand_context, new_state

__all__ = ["HandRecord", "Table", "TableState", "apply", "effective_events", "hand_context", "new_state",
           "replay"]


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
        raise TableError.of("table.unknown_event", event=repr(event_id))

    def record(self, event: Mapping[str, Any]) -> TableState:
        state = self.preview(event)
        self.log.append(dict(event))
        self._state = state
        return state

    def undo(self) -> TableState:
        return self.record({"type": "undo"})

    def amendment(self, event_id: int, event: Mapping[str, Any]) -> dict[str, Any]:
        """The amend event replacing ``event_id``, with the later wins it moves scored again
        (engine.table.amend); TableError if it cannot stand."""
        return amendment(self.rules, self.players, self.overrides, self.log, event_id, event)

    def amend(self, event_id: int, event: Mapping[str, Any]) -> TableState:
        return self.record(self.amendment(event_id, event))
