"""TLS for waitress's connections, done in its I/O thread without blocking.

Waitress speaks plain HTTP. Here each accepted socket is wrapped in TLS without a handshake; the
handshake then advances whenever the socket is ready, in the same loop that reads every client,
so a client that never says hello (or stops half way) costs a socket, never a thread, and is
closed at its handshake deadline (``webapp.http_server.Deadlines``). After the handshake the
connection is waitress's own, reading and writing through the TLS layer.

Two rules of OpenSSL shape the code: a read can need the socket to be writable and the reverse
(``SSLWantReadError`` / ``SSLWantWriteError`` say which), and one object must never be used by two
threads at once. Waitress's worker threads write answers to the socket directly when they can;
here they only fill the answer's buffer and wake the I/O thread, which does every write.
"""

from __future__ import annotations

import ssl
import threading
import time
from typing import Any

from webapp.http_server import GuardedChannel

TLS_RECORD = 16384       # a read of this size takes a whole record, so none is left decrypted inside


class TLSChannel(GuardedChannel):
    """A waitress connection over TLS; ``server.tls`` is the context."""

    def __init__(self, server: Any, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:
        self.handshaken = False
        self.handshake_wants_write = False
        self.io_thread = threading.get_ident()        # connections are accepted in the I/O thread
        wrapped = server.tls.wrap_socket(sock, server_side=True, do_handshake_on_connect=False)
        super().__init__(server, wrapped, addr, adj, map=map)

    def ready_for_http(self) -> bool:
        return self.handshaken

    def readable(self) -> bool:
        if not self.handshaken:
            return not self.will_close and not self.handshake_wants_write
        return super().readable()

    def writable(self) -> bool:
        if not self.handshaken:
            return bool(self.will_close or self.handshake_wants_write)
        return super().writable()

    def handle_read(self) -> None:
        if not self.handshaken:
            self._advance_handshake()
            return
        while True:
            try:
                data = self.socket.recv(max(self.adj.recv_bytes, TLS_RECORD))
            except (ssl.SSLWantReadError, ssl.SSLWantWriteError):
                return
            except OSError:                      # ssl.SSLError included: a broken or reset stream
                self.handle_close()
                return
            if not data:                         # the client closed (with or without close_notify)
                self.handle_close()
                return
            self.last_activity = time.time()
            self.received(data)
            if not self.socket or not self.socket.pending():
                return

    def handle_write(self) -> None:
        if not self.handshaken and not self.will_close:
            self._advance_handshake()
            return
        super().handle_write()

    def _advance_handshake(self) -> None:
        try:
            self.socket.do_handshake()
        except ssl.SSLWantReadError:
            self.handshake_wants_write = False
            return
        except ssl.SSLWantWriteError:
            self.handshake_wants_write = True
            return
        except OSError:                          # not TLS (a plain HTTP request), or a reset
            self.handle_close()
            return
        self.handshaken, self.handshake_wants_write = True, False
        self.waiting_since = time.monotonic()    # the request head's deadline starts now
        self.handle_read()                       # the request may have come with the last flight

    def send(self, data: Any, do_close: bool = True) -> int:
        try:
            return self.socket.send(data)
        except (ssl.SSLWantWriteError, ssl.SSLWantReadError):
            return 0                             # retried with the same bytes when writable
        except OSError:
            if do_close:
                self.handle_close()
            return 0

    def _flush_some(self, do_close: bool = True) -> bool:
        if threading.get_ident() != self.io_thread:
            self.server.pull_trigger()           # a worker thread: the I/O thread writes it
            return False
        return super()._flush_some(do_close=do_close)
