"""The ``serve --https`` server: Werkzeug's threaded TLS server with a cap on its threads.

Werkzeug's threaded server starts one thread per connection with no limit, so a burst of uploads
would run them all at once. Here at most ``threads`` requests are served together; the accept
loop waits for a free one, and further connections queue in the listen backlog. Its ``Server``
header names the app only, not the Werkzeug and Python versions.
"""

from __future__ import annotations

import threading
from typing import Any

from werkzeug.serving import ThreadedWSGIServer, WSGIRequestHandler

SERVER_NAME = "TileTally"


class QuietHandler(WSGIRequestHandler):
    """Werkzeug's handler, without versions in the Server header."""

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
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()


def bounded_tls_server(host: str, port: int, app: Any, ssl_context: Any,
                       threads: int) -> BoundedThreadedServer:
    """The --https server: TLS, at most ``threads`` requests at once, no versions in Server."""
    return BoundedThreadedServer(host, port, app, handler=QuietHandler, ssl_context=ssl_context,
                                 max_threads=threads)
