"""Frame-to-frame voting for a live camera: emit a hand only once it has held still.

A hand laid on the table is read from many frames; one frame can miss a tile behind a hand
reaching over it, or read a 6 as a 9 under glare. So each frame's reading casts a vote (its
signature: the hand, not the boxes), and a reading is emitted only when it wins a quorum of the
recent frames, and only once until a different reading wins. ``vote`` is the pure rule;
``Stabilizer`` keeps the window.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

Reading = TypeVar("Reading")


def vote(signatures: Sequence[Hashable | None], quorum: int) -> Hashable | None:
    """The signature with at least ``quorum`` votes among ``signatures`` (the most voted; ties go to
    the most recent), or None. ``None`` entries are frames with nothing readable: they vote for
    nothing but still fill the window, so an empty table never looks stable."""
    counts = Counter(signature for signature in signatures if signature is not None)
    if not counts:
        return None
    best = max(counts.values())
    if best < quorum:
        return None
    for signature in reversed(signatures):
        if signature is not None and counts[signature] == best:
            return signature
    return None


@dataclass
class Stabilizer(Generic[Reading]):
    """Keeps the last ``window`` frames; ``push`` returns a reading the first time its signature
    wins ``quorum`` votes, None otherwise (also while the same reading stays on the table)."""

    window: int = 8
    quorum: int = 6
    _signatures: deque[Hashable | None] = field(default_factory=deque, init=False, repr=False)
    _readings: dict[Hashable, Reading] = field(default_factory=dict, init=False, repr=False)
    _emitted: Hashable | None = field(default=None, init=False, repr=False)
    _winner: Hashable | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if not 1 <= self.quorum <= self.window:
            raise ValueError(f"quorum {self.quorum} must be between 1 and the window {self.window}")
        self._signatures = deque(maxlen=self.window)

    def push(self, signature: Hashable | None, reading: Reading) -> Reading | None:
        """Add one frame's vote (None: nothing readable) and its reading; when the signature wins,
        the latest frame's reading of it is returned (its boxes are the freshest)."""
        self._signatures.append(signature)
        if signature is not None:
            self._readings[signature] = reading
        self._readings = {key: value for key, value in self._readings.items() if key in self._signatures}
        winner = self._winner = vote(list(self._signatures), self.quorum)
        if winner is None:
            if all(signature is None for signature in self._signatures) and \
                    len(self._signatures) == self.window:
                self._emitted = None          # the table was cleared: the same hand may come again
            return None
        if winner == self._emitted:
            return None
        self._emitted = winner
        return self._readings[winner]

    @property
    def settled(self) -> bool:
        """Whether the window's vote has a winner, already emitted: the next frame may be read
        lean (HandReader.read_pixels), as the vote stands without it. A lean frame's reading is
        never emitted: while one reading holds a quorum another holds at most ``window -
        quorum`` votes, one short of a quorum when ``2 * quorum > window + 1`` (so only then is
        the vote settled); a lean frame that differs takes the vote away, and frames are read in
        full until one wins, and that full frame's reading is the one emitted."""
        return self._winner is not None and 2 * self.quorum > self.window + 1

    def reset(self) -> None:
        self._signatures.clear()
        self._readings.clear()
        self._emitted = None
        self._winner = None
