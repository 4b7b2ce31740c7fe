"""How many photos the server decodes and reads at once.

A photo costs memory while it is decoded and read (the reader's pixels, the detector's tensors),
far more than the upload itself, so a burst of uploads must not all be decoded together: at most
``slots`` are read at a time, the next ones wait up to ``wait_seconds`` for a slot, and any still
waiting then are answered 503 with a Retry-After, while every other request goes on being served.

A waiting upload holds one of the web server's few threads, which every other request needs too,
so the waiting room is small: an upload that finds ``waiting`` others already waiting is answered
503 at once instead of waiting.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from engine.core.coded import CodedError
from webapp import upload_messages


class Busy(CodedError):
    """No slot came free in time; ``retry_after`` is the seconds to tell the client to wait."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(upload_messages.text("upload.busy"), code="upload.busy")
        self.retry_after = retry_after


class PhotoGate:
    """A counting semaphore with a bounded wait and a bounded waiting room, shared by every
    request thread of one app."""

    def __init__(self, slots: int, wait_seconds: float, waiting: int | None = None) -> None:
        """``waiting``: how many uploads may wait for a slot at once (None: as many as slots)."""
        if slots < 1:
            raise ValueError("the photo gate needs at least one slot")
        self.slots = slots
        self.wait_seconds = max(0.0, float(wait_seconds))
        self.waiting_room = slots if waiting is None else max(0, int(waiting))
        self.retry_after = max(1, round(self.wait_seconds))
        self._semaphore = threading.BoundedSemaphore(slots)
        self._lock = threading.Lock()
        self._waiting = 0

    @property
    def waiting(self) -> int:
        """How many uploads are waiting for a slot now."""
        return self._waiting

    @contextmanager
    def slot(self) -> Iterator[None]:
        """Hold one decode slot for the block, or raise Busy when the waiting room is full or no
        slot came free in time."""
        if not self._semaphore.acquire(blocking=False):
            self._wait()
        try:
            yield
        finally:
            self._semaphore.release()

    def _wait(self) -> None:
        with self._lock:
            if self._waiting >= self.waiting_room:
                raise Busy(self.retry_after)
            self._waiting += 1
        try:
            acquired = self._semaphore.acquire(timeout=self.wait_seconds)
        finally:
            with self._lock:
                self._waiting -= 1
        if not acquired:
            raise Busy(self.retry_after)
