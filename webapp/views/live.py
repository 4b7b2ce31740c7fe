"""The declare page's live camera: each frame's reading votes, as in ``python -m vision watch``.

The page posts a few frames a second to the photo endpoint with a ``live`` session id; those frames
are read but not stored, each as ``vision watch`` reads a frame (``read_frame``): while the session's
vote is settled, lean. Each reading's signature (its hand, not its boxes) goes into the session's
``vision.stabilize.Stabilizer``, the same vote ``vision watch`` uses, and the answer says when a
hand has held still. The page then uploads that frame as the hand's photo.

Sessions live in this process's memory (a live camera talks to one server for a few seconds; the
served app is one process), the least recently used dropped beyond ``MAX_SESSIONS``.
"""

from __future__ import annotations

import json
import re
import threading
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping
from typing import Any

from vision.stabilize import Stabilizer

WINDOW = 8          # the defaults of `vision watch --window --quorum`
QUORUM = 6
MAX_SESSIONS = 64
SESSION_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")


def signature_of(read: Mapping[str, Any]) -> str | None:
    """What a frame votes for: its hand (tiles, melds, winning tile, flowers); None when the frame
    shows no tile, so an empty table never looks stable."""
    if not read.get("tiles"):
        return None
    hand = read.get("hand") or {}
    return json.dumps([hand.get("hand"), list(hand.get("melds") or []), hand.get("win_tile"),
                       hand.get("flowers")])


def read_frame(reader: Callable[[bytes], Mapping[str, Any]], data: bytes, *, lean: bool) -> dict[str, Any]:
    """One frame's reading: through the reader's ``frame`` (webapp.views.reader.PhotoReader), or,
    for a reader that has none (a stand-in), read as a photo."""
    frame = getattr(reader, "frame", None)
    return dict(frame(data, lean=lean) if frame is not None else reader(data))


class LiveVotes:
    """One vote window per live session."""

    def __init__(self, window: int = WINDOW, quorum: int = QUORUM) -> None:
        self.window, self.quorum = window, quorum
        self._sessions: OrderedDict[str, tuple[Stabilizer[dict[str, Any]], deque[str | None]]] = OrderedDict()
        self._lock = threading.Lock()

    def settled(self, session: str) -> bool:
        """Whether the session's next frame may be read lean: its vote stands without that frame
        (vision.stabilize.Stabilizer.settled), so a lean frame is never the one a hand is taken from."""
        with self._lock:
            held = self._sessions.get(session)
            return held is not None and held[0].settled

    def push(self, session: str, read: Mapping[str, Any]) -> dict[str, Any]:
        """Add one frame's reading; ``stable`` is true the first time its hand wins the vote."""
        signature = signature_of(read)
        with self._lock:
            if session not in self._sessions:
                self._sessions[session] = (Stabilizer(window=self.window, quorum=self.quorum),
                                           deque(maxlen=self.window))
                while len(self._sessions) > MAX_SESSIONS:
                    self._sessions.popitem(last=False)
            self._sessions.move_to_end(session)
            stabilizer, recent = self._sessions[session]
            stable = stabilizer.push(signature, dict(read))
            recent.append(signature)
            votes = sum(1 for item in recent if item is not None and item == signature)
        return {"stable": stable is not None, "votes": votes, "quorum": self.quorum, "window": self.window}
