"""The one value that flows from detection to layout: every tile seen in one image, as arrays.

A container of parallel numpy arrays (boxes, class ids, confidences and the two flags) rather than
a list of dicts, so that each step (filter, sort, slice, translate back to the photo's pixels) is a
vectorised one-liner and can be tested on detections built by hand, without a model or a camera.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from vision.classes import BACK, CLASS_CODES, CLASS_INDEX


@dataclass(frozen=True, eq=False)
class Detections:
    """N tiles: ``boxes`` (N, 4) float x1 y1 x2 y2 in image pixels, ``class_ids`` (N,) indexes into
    CLASS_CODES, ``confidences`` (N,) in 0-1, ``face_down`` and ``rotated`` (N,) bools.

    ``choices`` (N, K) and ``choice_probs`` (N, K): the classifier's K likeliest readings of each
    tile, best first (column 0 is ``class_ids``; -1 = "no tile at all"), for vision.suggest. Built
    by hand (tests, truth files) they are just the one reading, sure."""

    boxes: np.ndarray
    class_ids: np.ndarray
    confidences: np.ndarray
    face_down: np.ndarray
    rotated: np.ndarray
    choices: np.ndarray | None = None
    choice_probs: np.ndarray | None = None

    def __post_init__(self) -> None:
        count = len(self.class_ids)
        ids = np.asarray(self.class_ids, dtype=np.int64).reshape(count)
        if self.choices is None:
            object.__setattr__(self, "choices", ids[:, None].copy())
            object.__setattr__(self, "choice_probs", np.ones((count, 1), np.float32))
        choices = np.asarray(self.choices, dtype=np.int64)
        choices = choices.reshape(count, choices.shape[-1] if choices.ndim == 2 else 1)
        probs = np.asarray(self.choice_probs, dtype=np.float32).reshape(choices.shape)
        object.__setattr__(self, "choices", choices)
        object.__setattr__(self, "choice_probs", probs)
        object.__setattr__(self, "boxes", np.asarray(self.boxes, dtype=np.float32).reshape(count, 4))
        object.__setattr__(self, "class_ids", np.asarray(self.class_ids, dtype=np.int64).reshape(count))
        for name, dtype in (("confidences", np.float32), ("face_down", bool), ("rotated", bool)):
            array = np.asarray(getattr(self, name), dtype=dtype)
            if array.shape != (count,):
                raise ValueError(f"Detections.{name} has shape {array.shape}; expected ({count},)")
            object.__setattr__(self, name, array)

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def empty(cls) -> Detections:
        return cls(np.zeros((0, 4)), np.zeros(0), np.zeros(0), np.zeros(0), np.zeros(0))

    @classmethod
    def from_codes(cls, boxes: Sequence[Sequence[float]], codes: Sequence[str], *,
                   confidences: Sequence[float] | None = None,
                   rotated: Sequence[bool] | None = None,
                   face_down: Sequence[bool] | None = None) -> Detections:
        """Build from tile codes ('5m', '0p', 'back'); a 'back' is always face down.
        This is how tests and truth files describe a scene."""
        count = len(codes)
        unknown = [code for code in codes if code not in CLASS_INDEX]
        if unknown:
            raise ValueError(f"unknown tile class {unknown[0]!r}")
        return cls(
            boxes=np.asarray(boxes, dtype=np.float32).reshape(count, 4),
            class_ids=np.array([CLASS_INDEX[code] for code in codes], dtype=np.int64),
            confidences=np.ones(count) if confidences is None else np.asarray(confidences),
            face_down=np.array([code == BACK for code in codes], dtype=bool)
            | (np.zeros(count, bool) if face_down is None else np.asarray(face_down, dtype=bool)),
            rotated=np.zeros(count, bool) if rotated is None else np.asarray(rotated, dtype=bool),
        )

    # -- access -------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.class_ids)

    def __getitem__(self, index: Any) -> Detections:
        """Select by an index array or boolean mask; always returns Detections."""
        index = np.atleast_1d(np.asarray(index)) if not isinstance(index, slice) else index
        return Detections(self.boxes[index], self.class_ids[index], self.confidences[index],
                          self.face_down[index], self.rotated[index], self.choices[index],
                          self.choice_probs[index])

    def __iter__(self) -> Iterator[int]:
        return iter(range(len(self)))

    @property
    def codes(self) -> list[str]:
        return [CLASS_CODES[class_id] for class_id in self.class_ids]

    @property
    def centers(self) -> np.ndarray:
        """(N, 2) box centres."""
        return (self.boxes[:, :2] + self.boxes[:, 2:]) / 2

    @property
    def widths(self) -> np.ndarray:
        return self.boxes[:, 2] - self.boxes[:, 0]

    @property
    def heights(self) -> np.ndarray:
        return self.boxes[:, 3] - self.boxes[:, 1]

    def joined(self, other: Detections) -> Detections:
        """These tiles followed by ``other``'s (readings padded to the longer choice list)."""
        width = max(self.choices.shape[1], other.choices.shape[1])

        def padded(det: Detections) -> tuple[np.ndarray, np.ndarray]:
            extra = width - det.choices.shape[1]
            return (np.pad(det.choices, ((0, 0), (0, extra)), mode="edge"),
                    np.pad(det.choice_probs, ((0, 0), (0, extra))))

        (choices, probs), (other_choices, other_probs) = padded(self), padded(other)
        return Detections(np.concatenate([self.boxes, other.boxes]),
                          np.concatenate([self.class_ids, other.class_ids]),
                          np.concatenate([self.confidences, other.confidences]),
                          np.concatenate([self.face_down, other.face_down]),
                          np.concatenate([self.rotated, other.rotated]),
                          np.concatenate([choices, other_choices]), np.concatenate([probs, other_probs]))

    def scaled(self, factor: float) -> Detections:
        """The same tiles with boxes multiplied by ``factor`` (decoded pixels -> photo pixels)."""
        return Detections(self.boxes * factor, self.class_ids, self.confidences, self.face_down,
                          self.rotated, self.choices, self.choice_probs)

    def to_json(self, unsure_below: float | None = None) -> list[dict[str, Any]]:
        """The ``tiles`` list of the ``python -m vision read`` contract; with ``unsure_below``,
        each tile also says whether it is ``unsure`` (read less likely right than that)."""
        tiles = [
            {"tile": CLASS_CODES[int(self.class_ids[i])],
             "box": [round(float(value), 1) for value in self.boxes[i]],
             "conf": round(float(self.confidences[i]), 3),
             "face_down": bool(self.face_down[i]),
             "rotated": bool(self.rotated[i])}
            for i in range(len(self))
        ]
        if unsure_below is not None:
            for tile, confidence in zip(tiles, self.confidences, strict=True):
                tile["unsure"] = bool(confidence < unsure_below)
        return tiles

    @classmethod
    def from_json(cls, tiles: Sequence[dict[str, Any]]) -> Detections:
        """Inverse of ``to_json`` (truth files and stored readings use the same shape)."""
        return cls.from_codes(
            [tile["box"] for tile in tiles], [tile["tile"] for tile in tiles],
            confidences=[float(tile.get("conf", 1.0)) for tile in tiles],
            rotated=[bool(tile.get("rotated", False)) for tile in tiles],
            face_down=[bool(tile.get("face_down", False)) for tile in tiles])
