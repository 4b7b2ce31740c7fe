"""The declare page's live camera: each frame's reading votes, as in ``python -m vision watch``.

The page posts a few frames a second to the photo endpoint with a ``live`` session id; those frames
are read but not stored, each as ``vision watch`` reads a frame (``read_frame``): while the session's
vote is settled, lean. Each reading's signature (its hand, not its boxes) goes into the session's
``vision.stabilize.Stabilizer``, the same vote ``vision watch`` uses, and the answer says when a
hand has held still. The page then uploads that frame as the hand's photo. Each session also keeps
the angle its frames found the rows at, where its next frame looks first: the app's one reader
serves every table, so no other camera, and no photo, moves where a session's frames look.

Sessions live in this process's memory (a live camera talks to one server for a few seconds; the
served app is one process), the least recently used dropped beyond ``MAX_SESSIONS``.
"""

from __future__ import annotations

import json
import re
import threading
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
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


def read_frame(reader: Callable[[bytes], Mapping[str, Any]], data: bytes, *, lean: bool,
               start_angle: float = 0.0, hand_size: int | None = None,
               camera: object | None = None) -> tuple[dict[str, Any], float]:
    """One frame's (reading, angle for the session's next frame): through the reader's ``frame``
    (webapp.views.reader.PhotoReader), from ``start_angle``, for the table's ``hand_size``, with
    the session's ``camera`` (what the reader keeps of its last frame, when it keeps any), or, for
    a reader that has none (a stand-in), read as a photo, the angle kept."""
    frame = getattr(reader, "frame", None)
    if frame is None:
        return dict(reader(data)), start_angle
    kept = {} if camera is None else {"camera": camera}
    read = dict(frame(data, lean=lean, start_angle=start_angle, hand_size=hand_size, **kept))
    return read, float(read.pop("angle", start_angle))


@dataclass
class _Session:
    """One camera's state: its vote, its recent signatures, and the angle its next frame's rows are
    looked for at first (its own: the reader is shared, and a camera at one table, or a photo,
    must not steer where another table's camera looks)."""

    stabilizer: Stabilizer[dict[str, Any]]
    recent: deque[str | None]
    angle: float = 0.0
    camera: object | None = None      # the reader's memory of this camera's last frame


class LiveVotes:
    """One vote window, and one last angle, per live session."""

    def __init__(self, window: int = WINDOW, quorum: int = QUORUM) -> None:
        self.window, self.quorum = window, quorum
        self._sessions: OrderedDict[str, _Session] = OrderedDict()
        self._lock = threading.Lock()

    def settled(self, session: str) -> bool:
        """Whether the session's next frame may be read lean: its vote stands without that frame
        (vision.stabilize.Stabilizer.settled), so a lean frame is never the one a hand is taken from."""
        with self._lock:
            held = self._sessions.get(session)
            return held is not None and held.stabilizer.settled

    def angle(self, session: str) -> float:
        """Where the session's next frame looks for its rows first (radians): the angle its last
        frames found; level for a new session."""
        with self._lock:
            held = self._sessions.get(session)
            return held.angle if held is not None else 0.0

    def camera(self, session: str, make: Callable[[], object] | None) -> object | None:
        """The session's camera memory (made by the reader's ``make`` the first time; None for a
        reader that keeps none). A session's frames share it; sessions never do."""
        if make is None:
            return None
        with self._lock:
            held = self._held(session)
            if held.camera is None:
                held.camera = make()
            return held.camera

    def _held(self, session: str) -> _Session:
        if session not in self._sessions:
            self._sessions[session] = _Session(Stabilizer(window=self.window, quorum=self.quorum),
                                               deque(maxlen=self.window))
            while len(self._sessions) > MAX_SESSIONS:
                self._sessions.popitem(last=False)
        self._sessions.move_to_end(session)
        return self._sessions[session]

    def push(self, session: str, read: Mapping[str, Any], angle: float | None = None) -> dict[str, Any]:
        """Add one frame's reading (and ``angle``, where the session's next frame starts, when
        given); ``stable`` is true the first time its hand wins the vote."""
        signature = signature_of(read)
        with self._lock:
            held = self._held(session)
            if angle is not None:
                held.angle = angle
            stable = held.stabilizer.push(signature, dict(read))
            held.recent.append(signature)
            votes = sum(1 for item in held.recent if item is not None and item == signature)
        return {"stable": stable is not None, "votes": votes, "quorum": self.quorum, "window": self.window}
