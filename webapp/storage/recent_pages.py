"""The newest page of a table's history, kept in memory between a write and the next.

Every write answers with the table's newest hands, and under contention a table is written many
times a second. Reading that page back from the database after each write (the records, their
events, the table's amendments: a hundred JSON values for 50 hands) cost about as much as the
write itself. Here the newest page read or written at a version is kept, and a write that appends
(a hand, a draw, a penalty: not an undo or an amendment) extends it with its own record and
event, so the next answer reads nothing.

A page is keyed by the table's version and a version's records and events never change (the log
is append-only, a rewrite makes a new version), so a kept page is never stale: a table written by
another process or server is simply at a version this one has not kept, and is read as before.
Per process, like the lines of writers (``webapp.write_turns``).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.table.state import HandRecord
from webapp import snapshot
from webapp.storage.loaded import PageRows

TABLES = 64         # tables whose newest page is kept (the least recently used goes first)
ROWS = 256          # records kept per table: the longest page a read asks for (200) and the one before


@dataclass(frozen=True)
class _Kept:
    version: int
    first: int                                      # the position of records[0]
    records: tuple[HandRecord, ...]
    events: Mapping[int, dict[str, Any] | None]     # by event id, amendments applied

    @property
    def end(self) -> int:
        return self.first + len(self.records)


class RecentPages:
    """The newest page of up to ``tables`` tables, each keyed by what names the table for good
    (its id and its view token: an id SQLite hands out again is another table)."""

    def __init__(self, tables: int = TABLES, rows: int = ROWS) -> None:
        self.tables, self.rows = tables, rows
        self._lock = threading.Lock()
        self._kept: OrderedDict[Hashable, _Kept] = OrderedDict()

    def get(self, table: Hashable, version: int, first: int, end: int) -> PageRows | None:
        """Records ``first`` to ``end`` at ``version`` and their events, if kept."""
        with self._lock:
            kept = self._kept.get(table)
            if kept is None or kept.version != version or first < kept.first or end > kept.end:
                return None
            self._kept.move_to_end(table)
        records = kept.records[first - kept.first:end - kept.first]
        return records, {record.event_id: _copy(kept.events.get(record.event_id)) for record in records}

    def keep(self, table: Hashable, version: int, count: int, first: int, rows: PageRows) -> None:
        """A page just read at ``version`` (which has ``count`` records): kept if it is the
        newest (it ends at ``count``), unless a newer one, or a longer one at this version, is."""
        records, events = rows
        if first + len(records) != count or not records:
            return
        with self._lock:
            kept = self._kept.get(table)
            if kept is not None and (kept.version > version or
                                     (kept.version == version and len(kept.records) >= len(records))):
                return
            self._put(table, _Kept(version, first, tuple(records), {r.event_id: _copy(events.get(r.event_id))
                                                                     for r in records}))

    def appended(self, table: Hashable, before: int, count: int, event: Mapping[str, Any],
                 new_records: Sequence[HandRecord]) -> None:
        """Event number ``before`` (0-based) was appended to the table at version ``before``,
        which had ``count`` records, adding ``new_records``: the kept page follows if it was the
        newest at ``before``; otherwise (or for a record of another event) it is let go."""
        stored_event = json.loads(json.dumps(dict(event)))          # as the database gives it back
        stored_records = snapshot.normalised(new_records)
        with self._lock:
            kept = self._kept.pop(table, None)
            if kept is None or kept.version != before or kept.end != count \
                    or any(record.event_id != before for record in stored_records):
                return
            records = kept.records + stored_records
            events = dict(kept.events)
            events.update({record.event_id: stored_event for record in stored_records})
            drop = max(0, len(records) - self.rows)
            for record in records[:drop]:
                events.pop(record.event_id, None)
            self._put(table, _Kept(before + 1, kept.first + drop, records[drop:], events))

    def forget(self, table: Hashable) -> None:
        with self._lock:
            self._kept.pop(table, None)

    def _put(self, table: Hashable, kept: _Kept) -> None:
        self._kept[table] = kept
        self._kept.move_to_end(table)
        while len(self._kept) > self.tables:
            self._kept.popitem(last=False)


def _copy(event: dict[str, Any] | None) -> dict[str, Any] | None:
    # Each reader gets its own top-level dict, as a read from the database does.
    return None if event is None else dict(event)
