"""Photo bytes or a camera frame -> the reading of ``python -m vision read --json``, timed.

The one place that chains the steps (decode -> detect -> layout -> suggestions), so the command
line, the live camera loop, the evaluation and the web app all read a hand the same way. Models
load once, when a HandReader is made. The reading is the tiles as seen; suggestions (vision.suggest)
are worked out only when a reading is turned into JSON, so a live camera loop, which votes on
readings and turns only the hand it takes into JSON, does not pay for them on every frame.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

import numpy as np

from vision.classify import FrameMemory, moved_boxes
from vision.decode import DEFAULT_MIN_SIDE, decode_image
from vision.detect import ModelConfig, TileDetector
from vision.detections import Detections
from vision.halves import join_halves
from vision.layout import Layout, LayoutOptions, read_layout
from vision.level import MIN_LINE, detect_level
from vision.rows import reading_order
from vision.still import MAX_STILL, StillFrame, drift, frame_motion, small_grey, unchanged
from vision.suggest import Suggestion, SuggestOptions, suggest


@dataclass(frozen=True)
class Reading:
    """Tiles (boxes in the photo's own pixels, upright), their layout, and where the time went.
    ``faint``: boxes under the detector's threshold, which only suggestions may take in, given
    (``named_faint``) or named when first asked for (``faint_later``: a live frame's, so that only
    the frames whose reading is emitted pay for them); ``suggest_options`` None: no suggestions.
    ``level`` and ``level_faint``: the same tiles in the level view the layout read them in
    (vision.level), when the photo was turned for it."""

    detections: Detections
    layout: Layout
    timing_ms: dict[str, float] = field(default_factory=dict)
    named_faint: Detections = field(default_factory=Detections.empty)
    suggest_options: SuggestOptions | None = None
    layout_options: LayoutOptions | None = None
    level: Detections | None = None
    named_level_faint: Detections | None = None
    angle: float = 0.0      # the rows' angle in the photo (radians), as vision.level found it
    faint_later: Callable[[], tuple[Detections, Detections | None]] | None = None
    # where a camera's next frame looks for its rows first: ``angle`` when this reading saw enough
    # tiles to tell it, else where this one started
    next_angle: float = 0.0
    # a live frame that showed what the camera's last frame read showed: that reading, its boxes
    # moved with the camera, not read again (vision.still)
    carried: bool = False

    @property
    def hand_size(self) -> int:
        """Tiles in a complete hand of the table this was read for (kongs counted as three)."""
        return 3 * (self.layout_options or LayoutOptions()).hand_sets + 2

    def for_hand_size(self, hand_size: int) -> Reading:
        """The same tiles laid out again for a table whose hands have ``hand_size`` tiles: its
        doubts (a tile count no hand of that table has) and suggestions are that table's."""
        if (hand_size - 2) % 3 or hand_size < 5:
            raise ValueError(f"no hand has {hand_size} tiles: a hand is sets of three and a pair")
        options = replace(self.layout_options or LayoutOptions(), hand_sets=(hand_size - 2) // 3)
        laid = self.detections if self.level is None else self.level
        layout = read_layout(laid, options)
        joined = tuple(note for note in self.layout.ambiguities if note.kind == "joined")
        layout = replace(layout, ambiguities=joined + layout.ambiguities)
        suggest_options = None if self.suggest_options is None \
            else replace(self.suggest_options, hand_size=hand_size)
        return replace(self, layout=layout, layout_options=options, suggest_options=suggest_options)

    @cached_property
    def _faint(self) -> tuple[Detections, Detections | None]:
        if self.faint_later is None:
            return self.named_faint, self.named_level_faint
        return self.faint_later()

    @property
    def faint(self) -> Detections:
        """Boxes under the detector's threshold that the classifier reads as tiles, in the photo's
        pixels (and sure boxes it reads as no tile: vision.detect.doubted_tiles)."""
        return self._faint[0]

    @property
    def level_faint(self) -> Detections | None:
        """The faint tiles in the level view, when the photo was turned for it."""
        return self._faint[1]

    @cached_property
    def _suggested(self) -> tuple[list[Suggestion], float]:
        if self.suggest_options is None:
            return [], 0.0
        start = time.perf_counter()
        level = self.detections if self.level is None else self.level
        level_faint = self.faint if self.level_faint is None else self.level_faint
        found = suggest(level, self.layout, self.layout_options, self.suggest_options, level_faint)
        return found, _ms(start)

    @property
    def suggestions(self) -> list[Suggestion]:
        """Changes that would make the reading a complete hand, cheapest first (worked out once)."""
        return self._suggested[0]

    def to_json(self, hand_size: int | None = None) -> dict[str, Any]:
        """The ``read --json`` contract (docs/vision.md): ``tiles``, ``groups`` and ``hand`` as
        read, ``ambiguities`` (what to confirm), ``suggestions`` (changes offered, never applied)
        towards complete hands of ``hand_size`` tiles (default: the reader's)."""
        if hand_size is not None and hand_size != self.hand_size:
            return self.for_hand_size(hand_size).to_json()
        suggestions = [s.to_json(self.detections, self.faint) for s in self.suggestions]
        timing = dict(self.timing_ms)
        if self.suggest_options is not None:
            timing["suggest"] = self._suggested[1]
        unsure_below = (self.layout_options or LayoutOptions()).low_confidence
        return {
            "tiles": self.detections.to_json(unsure_below),
            "groups": [group.to_json() for group in self.layout.groups],
            "hand": self.layout.hand,
            "ambiguities": [ambiguity.to_json() for ambiguity in self.layout.ambiguities],
            "suggestions": suggestions,
            "timing_ms": {step: round(ms, 1) for step, ms in timing.items()},
        }


RETRY_TURN = 10   # a live camera tries a turn that found no rows again after this many frames


def _ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def _carried(memory: FrameMemory, small: np.ndarray, width: float, start: float) -> Reading | None:
    """A lean frame that shows what the camera's last frame read showed (vision.still): that
    reading, its boxes moved with the camera (``width``: the photo's width in its own pixels);
    None when the frame is to be read."""
    still = memory.still
    if still is None or still.carried >= MAX_STILL:
        return None
    motion = drift(still.small, small)
    if motion is None or not unchanged(still.small, small, motion):
        return None
    memory.still = replace(still, carried=still.carried + 1)
    last = still.reading
    moved = frame_motion(motion, small.shape[1], width)
    detections = replace(last.detections, boxes=moved_boxes(last.detections.boxes, moved))
    timing = {"decode": 0.0, "detect": _ms(start), "layout": 0.0}
    return replace(last, detections=detections, timing_ms=timing, carried=True)


class HandReader:
    """Decode, detect and lay out. ``min_side``: the long side a large JPEG is decoded to;
    ``suggest``: offer suggestions towards a complete hand of ``hand_size`` tiles (14, or 17 for
    the Taiwanese game)."""

    def __init__(self, config: ModelConfig | None = None, *, imgsz: int | None = None,
                 threads: int | None = None, min_side: int = DEFAULT_MIN_SIDE,
                 options: LayoutOptions | None = None, conf: float | None = None,
                 suggest: bool = True, hand_size: int = 14, mirror: bool = True) -> None:
        self.detector = TileDetector(config, imgsz=imgsz, threads=threads, mirror=mirror,
                                     **({"conf": conf} if conf is not None else {}))
        self.min_side = min_side
        # a calibrated classifier says which tiles are worth a look (models/vision.json)
        model = getattr(self.detector, "config", None)
        calibrated = model is not None and model.calibrated
        self.options = options or LayoutOptions(
            low_confidence=model.unsure_below if calibrated else LayoutOptions().low_confidence,
            hand_sets=(hand_size - 2) // 3)
        self.suggest_options = SuggestOptions(hand_size=hand_size) if suggest else None
        self._angle = 0.0       # the rows' angle in the last frame read (read_pixels' hint)
        self._memory = FrameMemory()   # the last frame's tiles and their readings
        self._refused: float | None = None   # the turn the last frames found no rows in
        self._refused_frames = 0             # frames since that turn was last tried

    def read_bytes(self, data: bytes, *, frame: bool = False, lean: bool = False,
                   start_angle: float | None = None, hand_size: int | None = None,
                   memory: FrameMemory | None = None) -> Reading:
        """A photo file's bytes; raises vision.decode.ImageError for what is not a usable photo.
        ``frame``: a live camera frame's bytes instead, read as ``read_pixels`` reads a frame
        (``lean``, ``start_angle`` and ``memory`` as there). ``hand_size``: the table's hand (14, or 17 for
        the Taiwanese game), when it is not the reader's own."""
        start = time.perf_counter()
        decoded = decode_image(data, min_side=self.min_side)
        decode_ms = _ms(start)
        reading = self.read_pixels(decoded.pixels, scale=decoded.scale, hint=None if frame else 0.0,
                                   lean=lean, start_angle=start_angle, memory=memory)
        reading = replace(reading, timing_ms=reading.timing_ms | {"decode": decode_ms})
        return reading if hand_size is None or hand_size == reading.hand_size \
            else reading.for_hand_size(hand_size)

    def read_pixels(self, pixels: np.ndarray, *, scale: float = 1.0, hint: float | None = None,
                    lean: bool = False, start_angle: float | None = None,
                    memory: FrameMemory | None = None) -> Reading:
        """Upright BGR pixels (a camera frame); ``scale`` = these pixels per photo pixel.
        ``hint``: the rows' angle to look at first (vision.level), given for a photo; by default
        the angle found in the last frame read, as a camera stays where it is (and a live frame is
        not searched for a close-up of one tile, and its faint tiles are named only if asked for).
        ``start_angle``: a live frame's angle to look at first, for a caller that keeps its own
        camera's angle (one reader shared by several cameras: each camera's last angle, from its
        frames' ``Reading.angle``); the reader's own last angle is then neither used nor changed.
        ``memory``: that camera's own last frame (vision.classify.FrameMemory), for such a caller,
        so the tiles that stayed still keep their readings (the reader's own camera has its own).
        ``lean``: a frame read only to keep a settled vote (vision.stabilize.Stabilizer.settled),
        without the detector's mirrored look (vision.level.mirrored), a pass of its work: the
        look finds fewer tiles, which can only unsettle the vote, never be emitted."""
        if hint is not None and (start_angle is not None or memory is not None):
            raise ValueError("give a photo's hint or a frame's start_angle and memory, not both")
        start = time.perf_counter()
        if hint is None and start_angle is None and memory is None:
            memory = self._memory
        small = small_grey(pixels) if memory is not None else None
        if lean and memory is not None and small is not None:
            carried = _carried(memory, small, pixels.shape[1] / scale, start)
            if carried is not None:
                return carried
        first = hint if hint is not None else start_angle if start_angle is not None else self._angle
        # the reader's own camera does not try again, frame after frame, a turn that found no rows;
        # every RETRY_TURN frames it does, in case the camera has moved
        own_camera = hint is None and start_angle is None
        refused = self._refused if own_camera and self._refused_frames < RETRY_TURN else None
        level, level_faint_of, view = detect_level(self.detector, pixels, first,
                                                   close_ups=hint is not None, mirror=False if lean else None,
                                                   memory=memory, take_faint=hint is not None,
                                                   refused=refused)
        if own_camera:
            self._refused = view.refused
            self._refused_frames = 0 if refused is None else self._refused_frames + 1
        turned = view.matrix is not None

        def faint_later() -> tuple[Detections, Detections | None]:
            faint = level_faint_of()
            photo_faint = view.to_photo(faint)
            if scale != 1.0:
                photo_faint, faint = photo_faint.scaled(1.0 / scale), faint.scaled(1.0 / scale)
            return photo_faint, faint if turned else None

        faint_now = faint_later() if hint is not None else None
        detect_ms = _ms(start)
        # a frame with too few tiles says nothing of the rows' angle: the next one starts where it did
        told = len(level) >= MIN_LINE
        next_angle = view.angle if told else first
        if told and start_angle is None:
            self._angle = view.angle
        start = time.perf_counter()
        level = level[reading_order(level, self.options)] if len(level) else level
        level, joins = join_halves(level, self.options)
        layout = read_layout(level, self.options)
        if joins:
            layout = replace(layout, ambiguities=tuple(join.note(level) for join in joins)
                             + layout.ambiguities)
        # the reading's boxes are the photo's; the level view's are kept for the suggestions' layouts
        detections = view.to_photo(level)
        if scale != 1.0:
            detections, level = detections.scaled(1.0 / scale), level.scaled(1.0 / scale)
        timing = {"decode": 0.0, "detect": detect_ms, "layout": _ms(start)}
        if faint_now is None:
            reading = Reading(detections, layout, timing, suggest_options=self.suggest_options,
                              layout_options=self.options, level=level if turned else None,
                              angle=view.angle, faint_later=faint_later, next_angle=next_angle)
        else:
            reading = Reading(detections, layout, timing, faint_now[0], self.suggest_options, self.options,
                              level if turned else None, faint_now[1], view.angle, next_angle=next_angle)
        if memory is not None and small is not None and not lean:
            # only a frame read in full is carried over: a lean frame's reading may differ from
            # the vote's, and carried over it would vote again and again (vision.still)
            memory.still = StillFrame(small, reading)
        return reading
