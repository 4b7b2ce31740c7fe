"""A table's state kept beside its event log, so a read or a write does not replay the whole log.

The event log stays the truth: the snapshot is the engine's ``TableState`` after the table's
latest event, written in the same transaction as that event, and rebuilt from the events whenever
it is missing or does not fit (an older version, or fields the engine no longer has). It has two
parts: the *head* (totals, dealer, counters, sticks: everything but the settled records, one JSON
value of fixed size) and one row per settled record, so a new hand appends one record instead of
rewriting them all. A win, draw, false win or penalty is folded onto the head with the engine's own
``apply`` (what a replay does for that event); an undo or an amendment changes the past, so the
state after it is a full replay, as before.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import fields, replace
from typing import Any

from engine.families.protocol import OwnDiscard
from engine.table.hand_play import HandPlay
from engine.table.state import HandRecord, TableState, apply, new_state, replay

# Derived from the table's rules, players and options, not stored: new_state rebuilds them.
_DERIVED = ("rules", "options", "players", "flow", "records")
REWRITES_HISTORY = ("undo", "amend")


def _play_to_json(play: HandPlay) -> dict[str, Any]:
    return {"discards": [[[own.kind, own.drawn_since] for own in player] for player in play.discards],
            "ready": sorted(play.ready)}


def _play_from_json(data: Mapping[str, Any]) -> HandPlay:
    discards = tuple(tuple(OwnDiscard(int(kind), bool(drawn)) for kind, drawn in player)
                     for player in data["discards"])
    return HandPlay(discards=discards, ready=frozenset(int(player) for player in data["ready"]))


def head_to_json(state: TableState, records: int) -> dict[str, Any]:
    """The head of a state as JSON (tuples and sets as lists), with how many records it has."""
    values: dict[str, Any] = {}
    for item in fields(TableState):
        if item.name in _DERIVED:
            continue
        value = getattr(state, item.name)
        if isinstance(value, HandPlay):
            values[item.name] = _play_to_json(value)
            continue
        values[item.name] = sorted(value) if isinstance(value, frozenset) else \
            list(value) if isinstance(value, tuple) else value
    return {"fields": values, "records": records}


def head_from_json(data: Mapping[str, Any], rules: str, players: Sequence[str],
                   overrides: Mapping[str, Any]) -> tuple[TableState, int] | None:
    """The head (with no records) and its record count, or None when the stored head does not
    have exactly the engine's fields (written by another engine version: rebuild it)."""
    stored = data.get("fields") if isinstance(data, Mapping) else None
    names = {item.name for item in fields(TableState)} - set(_DERIVED)
    if not isinstance(stored, Mapping) or set(stored) != names:
        return None
    base = new_state(rules, players, overrides)
    values: dict[str, Any] = {}
    for name in names:
        default, value = getattr(base, name), stored[name]
        if isinstance(default, HandPlay):
            values[name] = _play_from_json(value)
            continue
        values[name] = frozenset(value) if isinstance(default, frozenset) else \
            tuple(value) if isinstance(default, tuple) else value
    return replace(base, **values), int(data.get("records", 0))


def record_to_json(record: HandRecord) -> dict[str, Any]:
    return record.to_dict()


def record_from_json(data: Mapping[str, Any]) -> HandRecord:
    values = dict(data)
    values["deltas"] = tuple(values["deltas"])
    values["totals"] = tuple(values["totals"])
    return HandRecord(**values)


def normalised(records: Sequence[HandRecord]) -> tuple[HandRecord, ...]:
    """Records as they read back from the database (JSON lists where the engine had tuples), so a
    state from a replay and one from stored records compare equal."""
    return tuple(record_from_json(json.loads(json.dumps(record_to_json(r)))) for r in records)


def fold(head: TableState, version: int, event: Mapping[str, Any], rules: str, players: Sequence[str],
         overrides: Mapping[str, Any], past: Callable[[], Sequence[Mapping[str, Any]]]) -> TableState:
    """The state after ``event`` follows the table's ``version`` events; raises the engine's
    TableError if it cannot happen.

    For a hand or a penalty this is ``apply`` on the head (the result's records are only the new
    one); an undo or amendment replays the log (``past()``, read only then) and the event (the
    result has every record).
    """
    if event.get("type") in REWRITES_HISTORY:
        return replay(rules, players, overrides, [*past(), dict(event)])
    return apply(replace(head, records=()), event, version)


def states_after_each(rules: str, players: Sequence[str], overrides: Mapping[str, Any],
                      log: Sequence[Mapping[str, Any]]) -> Iterator[TableState]:
    """The full state after each event of ``log`` in turn (for an import): linear in the log's
    length, except that each undo or amendment replays the log up to it."""
    state = new_state(rules, players, overrides)
    for index, event in enumerate(log):
        if event.get("type") in REWRITES_HISTORY:
            state = replay(rules, players, overrides, log[:index + 1])
        else:
            state = apply(state, event, index)
        yield state
