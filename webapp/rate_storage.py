"""The rate limits' counters, in memory, safe for a threaded server.

limits' ``MemoryStorage`` (behind Flask-Limiter's ``memory://``) starts a timer thread to expire
its counters from each count, after checking that the last one has ended. Two requests counted
at the same moment can both find it ended: one makes a new timer, the other then starts that same
timer a second time, and ``threading`` raises. The request that hits it answers 500 (seen once in
the browser tests, whose server answers each request on its own thread). Here the check and the
start are one step, under a lock. Registered as the ``tiletally-memory://`` storage.
"""

from __future__ import annotations

import threading
from typing import Any

from limits.storage import MemoryStorage

STORAGE_URI = "tiletally-memory://"


class LockedMemoryStorage(MemoryStorage):
    """``MemoryStorage`` whose expiry timer is checked and started by one thread at a time."""

    STORAGE_SCHEME = ["tiletally-memory"]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options: Any) -> None:
        self._expiry_lock = threading.Lock()
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)

    def _MemoryStorage__schedule_expiry(self) -> None:   # the base's private step, by its mangled name
        with self._expiry_lock:
            super()._MemoryStorage__schedule_expiry()  # type: ignore[misc]
