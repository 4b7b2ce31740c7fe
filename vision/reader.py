"""Photo bytes or a camera frame -> the reading of ``python -m vision read --json``, timed.

The one place that chains the steps (decode -> detect -> layout), so the command line, the live
camera loop, the evaluation and the web app all read a hand the same way. Models load once, when a
HandReader is made.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from vision.decode import DEFAULT_MIN_SIDE, decode_image
from vision.detect import ModelConfig, TileDetector
from vision.detections import Detections
from vision.halves import join_halves
from vision.layout import Layout, LayoutOptions, read_layout, reading_order
from vision.repair import repair


@dataclass(frozen=True)
class Reading:
    """Tiles (boxes in the photo's own pixels, upright), their layout, and where the time went."""

    detections: Detections
    layout: Layout
    timing_ms: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The ``read --json`` contract of ARCHITECTURE.md, plus ``ambiguities`` (what to confirm)."""
        return {
            "tiles": self.detections.to_json(),
            "groups": [group.to_json() for group in self.layout.groups],
            "hand": self.layout.hand,
            "ambiguities": [ambiguity.to_json() for ambiguity in self.layout.ambiguities],
            "timing_ms": {step: round(ms, 1) for step, ms in self.timing_ms.items()},
        }


def _ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


class HandReader:
    """Decode, detect and lay out. ``min_side``: the long side a large JPEG is decoded to."""

    def __init__(self, config: ModelConfig | None = None, *, imgsz: int | None = None,
                 threads: int | None = None, min_side: int = DEFAULT_MIN_SIDE,
                 options: LayoutOptions | None = None, conf: float | None = None,
                 repair: bool = True, mirror: bool = True) -> None:
        self.detector = TileDetector(config, imgsz=imgsz, threads=threads, mirror=mirror,
                                     **({"conf": conf} if conf is not None else {}))
        self.min_side = min_side
        self.options = options or LayoutOptions()
        self.repair = repair   # try the classifier's next choices when the hand is not complete

    def read_bytes(self, data: bytes) -> Reading:
        """A photo file's bytes; raises vision.decode.ImageError for what is not a usable photo."""
        start = time.perf_counter()
        decoded = decode_image(data, min_side=self.min_side)
        decode_ms = _ms(start)
        reading = self.read_pixels(decoded.pixels, scale=decoded.scale)
        timing = {"decode": decode_ms, "detect": reading.timing_ms["detect"],
                  "layout": reading.timing_ms["layout"]}
        return Reading(reading.detections, reading.layout, timing)

    def read_pixels(self, pixels: np.ndarray, *, scale: float = 1.0) -> Reading:
        """Upright BGR pixels (a camera frame); ``scale`` = these pixels per photo pixel."""
        start = time.perf_counter()
        detections, faint = self.detector.detect_with_faint(pixels)
        detect_ms = _ms(start)
        start = time.perf_counter()
        detections = detections[reading_order(detections, self.options)] if len(detections) else detections
        if scale != 1.0:
            detections, faint = detections.scaled(1.0 / scale), faint.scaled(1.0 / scale)
        detections, joins = join_halves(detections, self.options)
        if self.repair:
            detections, layout = repair(detections, self.options, faint=faint)
        else:
            layout = read_layout(detections, self.options)
        if joins:
            layout = replace(layout, ambiguities=tuple(join.note(detections) for join in joins)
                             + layout.ambiguities)
        return Reading(detections, layout, {"decode": 0.0, "detect": detect_ms, "layout": _ms(start)})
