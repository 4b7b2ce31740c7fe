"""A table read at one version (``Loaded``): the head at once, the rest on first use."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from engine.table.state import HandRecord, Table, TableState
from webapp import snapshot
from webapp.storage.values import TableRef


class Loaded:
    """A table read at one version. ``head`` (totals, dealer, counters; no records) comes with it;
    the settled records (``state``), the raw ``log`` and the engine ``Table`` are read on first use,
    at the same version (events are append-only, so what the log held at a version never changes).
    """

    def __init__(self, ref: TableRef, version: int, head: TableState, overrides: Mapping[str, Any],
                 records: Callable[[], tuple[HandRecord, ...]], log: Callable[[], list[dict[str, Any]]],
                 state: TableState | None = None) -> None:
        self.ref = ref
        self.version = version
        self.head = replace(head, records=())
        self.overrides = dict(overrides)
        self._records = records
        self._log_reader = log
        self._state = state
        self._log: list[dict[str, Any]] | None = None
        self._table: Table | None = None
        self.stale = False              # read by a replay: the stored snapshot is missing or old
        self.record_count = len(head.records) if state is None else len(state.records)

    @property
    def state(self) -> TableState:
        """The full state: the head with every settled record."""
        if self._state is None:
            self._state = replace(self.head, records=self._records())
        return self._state

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

