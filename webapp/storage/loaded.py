"""A table read at one version (``Loaded``): the head at once, the rest on first use."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.table.state import HandRecord, Table, TableState
from webapp import snapshot
from webapp.storage.values import TableRef

# Records at consecutive positions, and the event behind each (amendments applied) by event id.
PageRows = tuple[tuple[HandRecord, ...], Mapping[int, "dict[str, Any] | None"]]
HISTORY_PAGE = 50       # hands a table page or an API read shows unless it asks for others


@dataclass(frozen=True)
class Page:
    """Consecutive settled records of a table, with what showing them needs and nothing more."""

    start: int                                  # the position (0-based) of the first record
    records: tuple[HandRecord, ...]
    previous: HandRecord | None                 # the record just before (its totals start a chart)
    events: Mapping[int, dict[str, Any] | None]  # each record's event, amendments applied, by event id
    count: int                                  # the table's records at this version

    @property
    def end(self) -> int:
        return self.start + len(self.records)


class Loaded:
    """A table read at one version. ``head`` (totals, dealer, counters; no records) comes with it;
    the settled records (``state``, or a ``page`` of them), the raw ``log`` and the engine
    ``Table`` are read on first use, at the same version (events are append-only, so what the log
    held at a version never changes).
    """

    def __init__(self, ref: TableRef, version: int, head: TableState, overrides: Mapping[str, Any],
                 records: Callable[[int, int], tuple[HandRecord, ...]],
                 log: Callable[[], list[dict[str, Any]]],
                 pages: Callable[[int, int], PageRows],
                 state: TableState | None = None, record_count: int | None = None) -> None:
        self.ref = ref
        self.version = version
        self.head = replace(head, records=())
        self.overrides = dict(overrides)
        self._records = records
        self._log_reader = log
        self._pages = pages
        self._state = state
        self._log: list[dict[str, Any]] | None = None
        self._table: Table | None = None
        self.stale = False              # read by a replay: the stored snapshot is missing or old
        self.tally: Any = None          # a club table's stored tally as read with it (storage.clubs)
        self.short_names: list[str] = []    # a club table's: each seat's short name, '' where none
        self.record_count = record_count if record_count is not None else \
            len(head.records) if state is None else len(state.records)

    @property
    def state(self) -> TableState:
        """The full state: the head with every settled record (read in full: for export, the CLI
        and the rare pages that need the whole history)."""
        if self._state is None:
            self._state = replace(self.head, records=self._records(0, self.record_count))
        return self._state

    def page(self, limit: int = HISTORY_PAGE, before: int | None = None) -> Page:
        """At most ``limit`` records ending just before position ``before`` (the newest when
        None), read alone: the cost is the page's, whatever the table's length."""
        count = self.record_count
        end = count if before is None else max(0, min(before, count))
        start = max(0, end - max(1, limit))
        rows, events = self._pages(max(0, start - 1), end)
        previous = rows[0] if start > 0 and rows else None
        records = tuple(rows[1:] if start > 0 else rows)
        return Page(start, records, previous, {r.event_id: events.get(r.event_id) for r in records}, count)

    @property
    def log(self) -> list[dict[str, Any]]:
        if self._log is None:
            self._log = self._log_reader()
        return self._log

    @property
    def table(self) -> Table:
        """The engine's Table over the raw log (a full replay: for the CLI and export)."""
        if self._table is None:
            self._table = Table(self.head.rules, self.head.players, self.overrides, self.log)
        return self._table

    def preview(self, event: Mapping[str, Any]) -> TableState:
        """The state ``event`` would lead to (TableError if it cannot happen); for a hand or a
        penalty its records are only the new one, at no cost in the table's length."""
        return snapshot.fold(self.head, self.version, event, self.head.rules, self.head.players,
                             self.overrides, lambda: self.log)
