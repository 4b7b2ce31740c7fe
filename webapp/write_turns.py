"""Turns for the writers of one table, so that under contention every writer gets its write in, at
the pace the server can write.

A write names the table version it was based on and loses (409) when another write got in first.
With many writers on one table, a writer that simply retries at the version the 409 carries races
every other writer again, and the one that has just succeeded (it knows the new version first)
tends to win again: in a test with 32 writers, a quarter of them got nothing written in 15 s.

A client that wants a fair turn sends ``"turn": null`` with its write (an API client; the pages do
not). It gets a place at the end of its table's line, a ticket, and keeps it until its write is
taken or refused for good. Writers go one at a time, in the order of the line:

- A writer whose turn has not come waits in the server, in line, and is let through the moment the
  one ahead is done. Each waiting request holds a server thread, so only ``waiting`` requests in
  all may wait so, and in each line only writers with at most ``waiting`` places ahead: one
  further back, or one that has waited ``wait_seconds``, is answered 503 with its ticket and
  ``retry_after_ms``, the estimated time until it is near the front, and keeps its place.
- A writer let through whose version is stale by then (the writers ahead changed the table) is
  answered 409 with the table's version, as any write is. It keeps the front of the line: the
  table is held for its retry, which it sends at once with its ticket, for ``hold_seconds``.
- A writer that is not back when it was due is passed by: the next present writer goes. So that
  a client that went away never keeps the table idle long, a writer away is due at the latest
  ``hold_seconds`` after only absent writers are left ahead of a present one. It keeps its place
  until ``grace`` after it was due, and is dropped after that.

So the line moves as fast as the server answers a 409 and takes the retry, not at the pace of the
clients' sleeps. Writes that do not ask for a turn are never held back (they race the line, and the
version check decides, as without turns). Turns are kept in memory, per server process, like the
rate limits.
"""

from __future__ import annotations

import itertools
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

WAITING = 4                   # requests (server threads) that may wait in line at once, in all
WAIT_SECONDS = 3.0            # a request waits in line at most this long before a 503
HOLD_SECONDS = 0.5            # the table is held this long for the retry of a writer that lost at its turn
GRACE_SECONDS = 1.5           # a place is kept this long after its holder was due back
IN_FLIGHT_SECONDS = 5.0       # a writer let through counts as writing at most this long
FIRST_TURN_SECONDS = 0.05     # what one turn takes, before one was measured
WEIGHT = 0.2                  # how much the latest measurement moves the estimate of a turn

AWAY, WAITING_HERE, WRITING = "away", "waiting", "writing"


@dataclass(frozen=True)
class Turn:
    """A writer's place in its table's line: ``go`` when it may write now, else the ticket to send
    back and about when."""

    ticket: int
    go: bool
    retry_after_ms: int = 0
    version: int | None = None      # with ``go``: the table's version as its line last saw it


@dataclass
class _Place:
    state: str              # AWAY (answered, expected back), WAITING_HERE (a request waiting), WRITING
    due: float = 0.0        # AWAY and WRITING: after this, passed by
    went: float | None = None   # when its writer was first let through (its turn began)
    wake: threading.Condition | None = None     # WAITING_HERE: how its request is woken


@dataclass
class _Line:
    places: dict[int, _Place] = field(default_factory=dict)     # in the order the writers joined
    turn_seconds: float = FIRST_TURN_SECONDS     # a turn: from its writer let through to its write stored
    last_write: float | None = None
    version: int | None = None          # the newest version a write of the line made or met


class WriteTurns:
    """The lines of writers, per table (keyed by any string naming the table)."""

    def __init__(self, *, waiting: int | None = None, wait_seconds: float = WAIT_SECONDS,
                 hold_seconds: float = HOLD_SECONDS, grace: float = GRACE_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.waiting_limit = WAITING if waiting is None else int(waiting)
        self.wait_seconds = wait_seconds
        self.hold_seconds = hold_seconds
        self.grace = grace
        self.clock = clock
        self._lock = threading.Lock()
        self._waiting_now = 0
        self._lines: dict[str, _Line] = {}
        self._tickets = itertools.count(1)

    def admit(self, table: str, ticket: int | None) -> Turn:
        """Let this writer through now (``go``), once its turn has come after waiting for it here,
        or tell it when to come back. A writer without a place (no ticket, or one dropped) joins
        the end of the line."""
        with self._lock:
            now = self.clock()
            line = self._live_line(table, now)
            place = line.places.get(ticket) if ticket is not None else None
            if place is None or place.state != AWAY:     # a ticket in use by another request: a newcomer
                ticket, place = self._join(line, table)
            deadline = now + self.wait_seconds
            while True:
                self._hold_absent_at_most(line, ticket, now)
                ahead, due_next = self._ahead(line, ticket, now)
                if ahead is None:
                    self._stop_waiting(place)
                    place.state, place.due = WRITING, now + IN_FLIGHT_SECONDS
                    if place.went is None:
                        place.went = now
                    return Turn(ticket, go=True, version=line.version)
                if (ahead > self.waiting_limit or now >= deadline
                        or (place.wake is None and self._waiting_now >= self.waiting_limit)):
                    return self._send_away(line, ticket, place, ahead, now)
                if place.wake is None:
                    place.state, place.wake = WAITING_HERE, threading.Condition(self._lock)
                    self._waiting_now += 1
                place.wake.wait(max(0.0, min(deadline, due_next) - now))
                now = self.clock()
                line = self._live_line(table, now)

    def lost(self, table: str, ticket: int, version: int | None) -> Turn:
        """The write of a writer let through found the table at a newer ``version``: the table is
        held for its retry, which it sends at once."""
        with self._lock:
            now = self.clock()
            line = self._live_line(table, now)
            self._saw(line, version)
            place = line.places.get(ticket)
            if place is None:
                ticket, place = self._join(line, table)
            place.state, place.due = AWAY, now + self.hold_seconds
            self._wake_first(line)
            ahead, _ = self._ahead(line, ticket, now)
            wait = 0.0 if ahead is None else self._estimate(line, ahead)
            return Turn(ticket, go=False, retry_after_ms=round(wait * 1000))

    def written(self, table: str, ticket: int, version: int) -> None:
        """The write of a writer let through was taken, making ``version``: it leaves the line.
        While others wait, the time a turn takes is the unit of every estimated wait: from the
        previous write, or from when this writer was let through if the table stood waiting for
        it (a writer back later than its estimate). Counting that wait would lengthen every
        estimate, so more writers would come back late and the table would stand longer still."""
        with self._lock:
            now = self.clock()
            line = self._live_line(table, now)
            self._saw(line, version)
            place = line.places.pop(ticket, None)
            if line.last_write is not None and line.places:
                began = line.last_write if place is None or place.went is None \
                    else max(line.last_write, place.went)
                interval = min(now - began, 1.0)
                line.turn_seconds += WEIGHT * (interval - line.turn_seconds)
            line.last_write = now
            self._after_leaving(table, line)

    def leave(self, table: str, ticket: int) -> None:
        """The write of a writer let through was refused for good (or failed): it leaves the line."""
        with self._lock:
            line = self._lines.get(table)
            if line is not None:
                line.places.pop(ticket, None)
                self._after_leaving(table, line)

    def waiting(self, table: str) -> int:
        """How many writers hold a place in this table's line (waiting here, away or writing)."""
        with self._lock:
            return len(self._live_line(table, self.clock()).places)

    def waiting_here(self, table: str) -> int:
        """How many requests wait in this table's line in the server now."""
        with self._lock:
            places = self._live_line(table, self.clock()).places.values()
            return sum(place.state == WAITING_HERE for place in places)

    # -- the line ---------------------------------------------------------------------------------

    def _live_line(self, table: str, now: float) -> _Line:
        """The table's line without the places whose holders were due back more than ``grace``
        ago (a request waiting here is present and never dropped)."""
        line = self._lines.get(table)
        if line is None:
            return _Line()
        gone = [ticket for ticket, place in line.places.items()
                if place.state != WAITING_HERE and place.due + self.grace < now]
        for ticket in gone:
            del line.places[ticket]
        if not line.places:
            del self._lines[table]
        return line

    @staticmethod
    def _saw(line: _Line, version: int | None) -> None:
        # Versions only grow, so the newest one seen is a floor of the table's version now: a
        # writer holding an older one has lost for sure (a newer one might have lost too).
        if version is not None and (line.version is None or version > line.version):
            line.version = version

    def _join(self, line: _Line, table: str) -> tuple[int, _Place]:
        ticket = next(self._tickets)
        place = line.places[ticket] = _Place(AWAY)
        self._lines[table] = line
        return ticket, place

    @staticmethod
    def _ahead(line: _Line, ticket: int, now: float) -> tuple[int | None, float]:
        """How many places ahead of ``ticket`` its writer must wait for (present, writing, or
        away and not yet due): None when none, so it goes. With it, when the first place it waits
        for that is away or writing is due (after which it is passed by)."""
        count, due_next = 0, float("inf")
        for other, place in line.places.items():
            if other == ticket:
                return (count or None), due_next
            if place.state == WAITING_HERE:
                count += 1
            elif place.due >= now:
                count += 1
                due_next = min(due_next, place.due)
        return (count or None), due_next

    def _hold_absent_at_most(self, line: _Line, ticket: int, now: float) -> None:
        """When only writers away are ahead of a present one (the table is free for it, but for
        them), each of them is due back within ``hold_seconds``: a wait estimated too long, or a
        client that went away, does not keep the table idle."""
        absent = []
        for other, place in line.places.items():
            if other == ticket:
                break
            if place.state != AWAY and (place.state == WAITING_HERE or place.due >= now):
                return                                  # someone present is ahead: not yet
            if place.due >= now:
                absent.append(place)
        for place in absent:
            place.due = min(place.due, now + self.hold_seconds)

    def _send_away(self, line: _Line, ticket: int, place: _Place, ahead: int, now: float) -> Turn:
        """A 503 for this writer: come back when about half of ``waiting`` places are left ahead of
        it, so that it then waits here for its turn, neither too early (it would be sent away
        again) nor at the front (it would be passed by)."""
        self._stop_waiting(place)
        turns_away = max(1, ahead - self.waiting_limit // 2)
        wait = self._estimate(line, turns_away)
        place.state, place.due = AWAY, now + wait + self.hold_seconds
        return Turn(ticket, go=False, retry_after_ms=round(wait * 1000))

    def _stop_waiting(self, place: _Place) -> None:
        if place.wake is not None:
            place.wake = None
            self._waiting_now -= 1

    @staticmethod
    def _estimate(line: _Line, turns: int) -> float:
        # Early, the writer waits here or is told to wait again, at the cost of a short answer; late,
        # it is passed by (keeping its place). So the wait errs early, jittered so that writers do
        # not all come back together.
        return turns * line.turn_seconds * random.uniform(0.7, 0.95)

    def _after_leaving(self, table: str, line: _Line) -> None:
        if line.places:
            self._wake_first(line)
        elif self._lines.get(table) is line:
            del self._lines[table]

    @staticmethod
    def _wake_first(line: _Line) -> None:
        """Wake the first request waiting here: the only one whose turn can have come."""
        for place in line.places.values():
            if place.state == WAITING_HERE and place.wake is not None:
                place.wake.notify()
                return
