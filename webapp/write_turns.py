"""Turns for the writers of one table, so that under contention every writer gets its write in.

A write names the table version it was based on and loses (409) when another write got in first.
With many writers on one table, a writer that simply retries at the version the 409 carries races
every other writer again, and the one that has just succeeded (it knows the new version first)
tends to win again: in a test with 32 writers, a quarter of them got nothing written in 15 s.

A client that wants a fair turn sends ``"turn": null`` with its write (an API client; the pages do
not). When it loses, or when others are already waiting, its answer carries a ``turn`` (a ticket)
and ``retry_after_ms``, the estimated time until its turn. Sent back with the retry, the ticket
keeps the writer's place: while writers are waiting, a writer goes only when no one ahead of it
is due, so writers get in in the order they first lost. The next in line, when it comes while the
one ahead is still at it, waits in the server (briefly, and only a few requests at a time, since
each holds a server thread) and is answered the moment the table is free: with the table's new
version, so its retry is the write, without another round trip to learn it. One ahead that has
not come back when it was due does not hold up the others (the table would stand idle): it keeps
its place for when it comes, and a ticket not brought back at all (within its wait plus
``grace``) is dropped. Writes that do not ask for a turn are never held back.

Turns are kept in memory, per server process, like the rate limits.
"""

from __future__ import annotations

import itertools
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

GRACE_SECONDS = 1.5           # a ticket's holder has this long beyond its estimated wait to come back
FIRST_WRITE_SECONDS = 0.02    # what one turn takes, before one was measured
WEIGHT = 0.2                  # how much the latest measurement moves an estimate
IN_FLIGHT_SECONDS = 1.0       # how long a writer let through counts as busy writing
NEXT_WAITS_SECONDS = 0.25     # the next in line waits in the server this long for the one ahead
LATE_SECONDS = 0.25           # one ahead not back this long after it was due is passed by
NEXT_WAITING_AT_ONCE = 2      # at most this many requests (server threads) wait so, in all


@dataclass(frozen=True)
class Turn:
    """A place in a table's line of writers: the ticket to send back, and when."""

    ticket: int
    retry_after_ms: int


@dataclass
class _Place:
    due: float          # when its holder is expected back (or to be done writing)
    expires: float      # when the place is given up if its holder has not come back


class WriteTurns:
    """The lines of writers, per table (keyed by any string naming the table)."""

    def __init__(self, grace: float = GRACE_SECONDS, clock: Callable[[], float] = time.monotonic,
                 next_waits: float = NEXT_WAITS_SECONDS) -> None:
        self.grace = grace
        self.clock = clock
        self.next_waits = next_waits
        self._lock = threading.Condition()
        self._next_waiting = 0
        self._lines: dict[str, dict[int, _Place]] = {}      # in the order the writers joined
        self._turn_seconds: dict[str, float] = {}            # between two writes while a line waits
        self._last_write: dict[str, float] = {}
        self._tickets = itertools.count(1)

    def admit(self, table: str, ticket: int | None) -> Turn | None:
        """None when this writer may write now: no one waits, or no one ahead of it is due now;
        else its place in the line (a new one at the end for a writer without one). The next in
        line waits up to ``next_waits`` seconds for the one ahead to finish."""
        with self._lock:
            deadline = self.clock() + self.next_waits
            while True:
                now = self.clock()
                line = self._live_line(table, now)
                if ticket not in line:
                    if not line:
                        return None
                    ticket = self._join(line, table)
                ahead = self._due_ahead(line, ticket, now)
                if not ahead:
                    line[ticket] = _Place(due=now + IN_FLIGHT_SECONDS,
                                          expires=now + IN_FLIGHT_SECONDS + self.grace)
                    return None
                if ahead > 1 or now >= deadline or self._next_waiting >= NEXT_WAITING_AT_ONCE:
                    return self._tell(table, line, ticket, ahead, now)
                line[ticket] = _Place(due=deadline + self.grace, expires=deadline + self.grace)
                self._next_waiting += 1
                try:
                    self._lock.wait(deadline - now)
                finally:
                    self._next_waiting -= 1

    def lost(self, table: str, ticket: int | None) -> Turn:
        """A write of this writer found the table at a newer version: its place in the line (the one
        it had, or a new one at the end)."""
        with self._lock:
            now = self.clock()
            line = self._live_line(table, now)
            if ticket not in line:
                ticket = self._join(line, table)
            return self._tell(table, line, ticket, self._due_ahead(line, ticket, now), now)

    def written(self, table: str, ticket: int | None) -> None:
        """A write of this writer was taken: it leaves the line. While others wait, the time
        between two writes on the table is the unit of every wait."""
        with self._lock:
            now = self.clock()
            line = self._live_line(table, now)
            line.pop(ticket, None)                      # type: ignore[arg-type]
            self._lock.notify_all()
            if not line:
                self._forget(table)
                return
            last = self._last_write.get(table)
            self._last_write[table] = now
            if last is not None:
                turn = self._turn_seconds.get(table, FIRST_WRITE_SECONDS)
                self._turn_seconds[table] = turn + WEIGHT * (min(now - last, 1.0) - turn)

    def leave(self, table: str, ticket: int | None) -> None:
        """This writer's write was refused for good: it leaves the line."""
        with self._lock:
            line = self._lines.get(table)
            if line is not None and ticket is not None:
                line.pop(ticket, None)
                self._lock.notify_all()
                if not line:
                    self._forget(table)

    def waiting(self, table: str) -> int:
        """How many writers are in this table's line."""
        with self._lock:
            return len(self._live_line(table, self.clock()))

    def _live_line(self, table: str, now: float) -> dict[int, _Place]:
        line = self._lines.get(table)
        if line is None:
            return {}
        for ticket in [ticket for ticket, place in line.items() if place.expires < now]:
            del line[ticket]
        return line

    def _join(self, line: dict[int, _Place], table: str) -> int:
        ticket = next(self._tickets)
        line[ticket] = _Place(due=0.0, expires=0.0)       # set by _tell
        self._lines[table] = line
        return ticket

    @staticmethod
    def _due_ahead(line: dict[int, _Place], ticket: int, now: float) -> int:
        """How many writers ahead of ``ticket`` are due now (back, or expected back, or writing)."""
        count = 0
        for other, place in line.items():
            if other == ticket:
                return count
            if place.due >= now:
                count += 1
        return count

    def _tell(self, table: str, line: dict[int, _Place], ticket: int, ahead: int, now: float) -> Turn:
        # Early, the writer is told to wait again, at the cost of a short answer; late, it is passed
        # by (keeping its place). So the wait errs early, jittered so writers do not come together.
        turn = self._turn_seconds.get(table, FIRST_WRITE_SECONDS)
        wait = ahead * turn * random.uniform(0.7, 0.95)
        line[ticket] = _Place(due=now + wait + LATE_SECONDS, expires=now + wait + self.grace)
        return Turn(ticket, round(wait * 1000))

    def _forget(self, table: str) -> None:
        self._lines.pop(table, None)
        self._turn_seconds.pop(table, None)
        self._last_write.pop(table, None)
