"""The ``serve --https`` server: Werkzeug's threaded TLS server with a cap on its threads.

Werkzeug's threaded server starts one thread per connection with no limit, so a burst of uploads
would run them all at once. Here at most ``threads`` requests are served together; the accept
loop waits for a free one, and further connections queue in the listen backlog. Its ``Server``
header names the app only, not the Werkzeug and Python versions.

Werkzeug's server does the TLS handshake inside ``accept``, in the one thread that accepts every
connection, and without a time limit: a client that connects and never says hello stopped the
server accepting anyone else. Here the handshake runs in the connection's own thread, with a time
limit, and every read from a client has one too.
"""

from __future__ import annotations

import ssl
import threading
from typing import Any

from werkzeug.serving import ThreadedWSGIServer, WSGIRequestHandler, load_ssl_context

SERVER_NAME = "TileTally"
HANDSHAKE_SECONDS = 10      # a phone on a slow network says hello well within this
READ_SECONDS = 60           # silence from a client, on one read, before its connection is dropped


class QuietHandler(WSGIRequestHandler):
    """Werkzeug's handler, without versions in the Server header, dropping silent clients."""

    timeout = READ_SECONDS

    def version_string(self) -> str:
        return SERVER_NAME


class BoundedThreadedServer(ThreadedWSGIServer):
    """A ThreadedWSGIServer that serves at most ``max_threads`` connections at a time."""

    def __init__(self, *args: Any, max_threads: int, **kwargs: Any) -> None:
        if max_threads < 1:
            raise ValueError("--threads must be at least 1")
        self.slots = threading.BoundedSemaphore(max_threads)
        self.max_threads = max_threads
        super().__init__(*args, **kwargs)

    def process_request(self, request: Any, client_address: Any) -> None:
        self.slots.acquire()               # the accept loop waits here while every thread is busy
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            if isinstance(request, ssl.SSLSocket) and not _handshake(request):
                self.shutdown_request(request)
                return
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()


def _handshake(connection: ssl.SSLSocket) -> bool:
    """The TLS handshake, within HANDSHAKE_SECONDS; False when the client did not complete it."""
    try:
        connection.settimeout(HANDSHAKE_SECONDS)
        connection.do_handshake()
    except (OSError, ValueError):      # ssl.SSLError and socket timeouts are OSErrors
        return False
    return True


def bounded_tls_server(host: str, port: int, app: Any, ssl_context: Any,
                       threads: int) -> BoundedThreadedServer:
    """The --https server: TLS, at most ``threads`` requests at once, no versions in Server, the
    handshake in the connection's thread. ``ssl_context``: an SSLContext or (cert, key) paths."""
    context = load_ssl_context(*ssl_context) if isinstance(ssl_context, tuple) else ssl_context
    server = BoundedThreadedServer(host, port, app, handler=QuietHandler, max_threads=threads)
    server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
    server.ssl_context = context      # what Werkzeug reads to call the scheme https
    return server


