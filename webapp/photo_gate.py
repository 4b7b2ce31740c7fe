"""How many photos the server decodes and reads at once.

A photo costs memory while it is decoded and read (the reader's pixels, the detector's tensors),
far more than the upload itself, so a burst of uploads must not all be decoded together: at most
``slots`` are read at a time, the next ones wait up to ``wait_seconds`` for a slot, and any still
waiting then are answered 503 with a Retry-After, while every other request goes on being served.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager


class Busy(RuntimeError):
    """No slot came free in time; ``retry_after`` is the seconds to tell the client to wait."""

    def __init__(self, retry_after: int) -> None:
        super().__init__("the server is reading other photos right now; try again in a few seconds")
        self.retry_after = retry_after


class PhotoGate:
    """A counting semaphore with a bounded wait, shared by every request thread of one app."""

    def __init__(self, slots: int, wait_seconds: float) -> None:
        if slots < 1:
            raise ValueError("the photo gate needs at least one slot")
        self.slots = slots
        self.wait_seconds = max(0.0, float(wait_seconds))
        self._semaphore = threading.BoundedSemaphore(slots)

    @contextmanager
    def slot(self) -> Iterator[None]:
        """Hold one decode slot for the block, or raise Busy when none came free in time."""
        if not self._semaphore.acquire(timeout=self.wait_seconds):
            raise Busy(retry_after=max(1, round(self.wait_seconds)) or 1)
        try:
            yield
        finally:
            self._semaphore.release()
