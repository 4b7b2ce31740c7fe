"""The server ``tiletally serve`` runs, plain HTTP and ``--https`` alike: waitress, with deadlines
on what a client owes and a connection limit that makes room instead of refusing.

Waitress already keeps slow clients off its worker threads: one I/O thread reads every request's
head and body, buffering them, and a worker only ever sees a complete request. What it lacks
against a client that connects and stays silent (or a phone on a bad network that does the same
by accident):

- its only timeout is for inactivity (``channel_timeout``, 120 s, checked every 30 s), so a client
  sending a byte now and then keeps a connection for ever;
- at ``connection_limit`` (100) it stops accepting, so 100 silent connections lock everyone out
  until the timeout;
- it has no TLS.

Here each connection has a deadline for what it owes next (``Deadlines``): the TLS handshake,
the request head, the body (a base time plus time for its bytes at a minimum rate), the client
reading its answer, and the idle time between requests. A connection past its deadline is closed,
checked every second. At the limit the server still accepts, and closes the connection that has
kept it waiting longest instead; a connection whose request is being answered is never chosen.
TLS is done in the same I/O thread, without blocking (``webapp.tls_channel``), so handshakes never
hold a worker either.
"""

from __future__ import annotations

import resource
import ssl
import time
from dataclasses import dataclass
from typing import Any

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer

SERVER_NAME = "TileTally"   # the Server header: no versions


@dataclass(frozen=True)
class Deadlines:
    """What a client owes the server, and by when (seconds). A phone on a slow network sends a
    request head (under 8 KB) in well under a second; an upload of a 16 MB photo at the minimum
    rate (64 kbit/s) gets about 35 minutes, while a silent client is gone after ``head``."""

    handshake: float = 10.0             # connection opened -> TLS handshake done
    head: float = 10.0                  # first byte of a request (or the connection) -> head complete
    body: float = 30.0                  # head complete -> body complete, plus the time below per byte
    body_bytes_per_second: float = 8192.0
    keep_alive: float = 30.0            # an answered connection's wait for its next request
    client_reading: float = 30.0        # no byte of an answer accepted by the client for this long


CONNECTION_LIMIT = 1000     # open connections; at the limit the longest-waiting one makes room
CHECK_SECONDS = 1           # how often deadlines are checked
FILES_BEYOND_CONNECTIONS = 256   # descriptors the app needs besides connections (database, photos)


class GuardedChannel(HTTPChannel):
    """Waitress's connection, knowing since when it has been waiting for its client and for what."""

    def __init__(self, server: GuardedServer, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:
        now = time.monotonic()
        self.opened = now
        self.waiting_since = now            # when the client's current debt (head, body...) began
        self.body_since: float | None = None
        self.request_bytes = 0
        self.answered = 0
        super().__init__(server, sock, addr, adj, map=map)

    @property
    def deadlines(self) -> Deadlines:
        return self.server.deadlines

    def ready_for_http(self) -> bool:
        """False while a TLS handshake is still going on (``webapp.tls_channel``)."""
        return True

    def being_answered(self) -> bool:
        """The app is working on this connection's request: the time is the server's, not the
        client's, and the connection is never closed for it."""
        return bool(self.requests)

    def received(self, data: bytes) -> bool:
        now = time.monotonic()
        before = self.request
        if before is None:
            if self.answered:     # a kept-alive connection's next request: its head starts now
                self.waiting_since = now
            self.body_since, self.request_bytes = None, 0
        self.request_bytes += len(data)
        result = super().received(data)
        current = self.request
        if current is not None and current is not before and before is not None:
            # one request completed in this data and the next began: its head starts now
            self.waiting_since, self.body_since, self.request_bytes = now, None, 0
        if current is not None and current.headers_finished and self.body_since is None:
            self.body_since = now
        return result

    def service(self) -> None:
        super().service()
        self.answered += 1
        self.waiting_since = time.monotonic()

    def overdue(self, now: float) -> bool:
        """Has the client missed its current deadline?"""
        limits = self.deadlines
        if self.being_answered():
            return False
        if not self.ready_for_http():
            return now - self.opened > limits.handshake
        if self.total_outbufs_len:
            return time.time() - self.last_activity > limits.client_reading
        request = self.request
        if request is None:
            return now - self.waiting_since > (limits.keep_alive if self.answered else limits.head)
        if not request.headers_finished or self.body_since is None:
            return now - self.waiting_since > limits.head
        allowed = limits.body + self.request_bytes / limits.body_bytes_per_second
        return now - self.body_since > allowed


class GuardedServer(TcpWSGIServer):
    """Waitress's TCP server with per-connection deadlines and a limit that makes room."""

    channel_class = GuardedChannel

    def __init__(self, app: Any, *, adj: Adjustments, deadlines: Deadlines, limit: int,
                 tls: ssl.SSLContext | None = None) -> None:
        self.deadlines, self.limit, self.tls = deadlines, limit, tls
        if tls is not None:
            from webapp.tls_channel import TLSChannel  # noqa: PLC0415 - it builds on this module

            self.channel_class = TLSChannel
        super().__init__(app, map={}, adj=adj)

    def readable(self) -> bool:
        now = time.time()
        if now >= self.next_channel_cleanup:
            self.next_channel_cleanup = now + self.adj.cleanup_interval
            self.maintenance(now)
        return self.accepting          # never stops accepting: handle_accept makes room instead

    def maintenance(self, now: float) -> None:
        clock = time.monotonic()
        for channel in list(self.active_channels.values()):
            if not channel.will_close and channel.overdue(clock):
                channel.will_close = True          # closed by the I/O loop at its next turn

    def handle_accept(self) -> None:
        if len(self.active_channels) >= self.limit and not self._make_room():
            self._refuse_one()
            return
        super().handle_accept()

    def _make_room(self) -> bool:
        """Close the connection that has kept the server waiting longest (never one whose request
        is being answered); False when every connection is being answered."""
        waiting = [channel for channel in self.active_channels.values() if not channel.being_answered()]
        if not waiting:
            return False
        min(waiting, key=lambda channel: channel.waiting_since).handle_close()
        return True

    def _refuse_one(self) -> None:
        try:
            accepted = self.accept()
        except OSError:
            return
        if accepted is not None:
            accepted[0].close()


def room_for_connections(wanted: int) -> int:
    """Raise this process's open-file limit so that ``wanted`` connections fit (as far as the hard
    limit allows), and return how many connections fit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = wanted + FILES_BEYOND_CONNECTIONS
    if soft != resource.RLIM_INFINITY and soft < needed:
        target = needed if hard == resource.RLIM_INFINITY else min(hard, needed)
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, soft - FILES_BEYOND_CONNECTIONS))


def make_server(app: Any, host: str, port: int, *, threads: int, tls: ssl.SSLContext | None = None,
                connection_limit: int = CONNECTION_LIMIT,
                deadlines: Deadlines = Deadlines()) -> GuardedServer:
    """The server, listening (``port`` 0: any free port, see ``.effective_port``); ``.run()``
    serves until interrupted. ``tls``: serve HTTPS with this context."""
    if threads < 1:
        raise ValueError("--threads must be at least 1")
    limit = room_for_connections(connection_limit)
    # poll(), not select(): select() cannot watch a descriptor numbered 1024 or more
    adj = Adjustments(host=host, port=port, threads=threads, ident=SERVER_NAME,
                      url_scheme="https" if tls is not None else "http", connection_limit=limit,
                      channel_timeout=int(deadlines.keep_alive), cleanup_interval=CHECK_SECONDS,
                      asyncore_use_poll=True)
    return GuardedServer(app, adj=adj, deadlines=deadlines, limit=limit, tls=tls)
