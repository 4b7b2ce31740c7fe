"""Boxes -> tile names: the crop classifier step of the reader (stage two, after vision.detect).

Each box is cut out of the photo upright along its row's own line (vision.tile_crops) at the
classifier's input size and read by the ONNX classifier: 46 tile classes, ``back`` for a face-down
tile and ``none`` for a box that holds no tile. The logits are divided by the temperature the
model card gives (fitted on the development photos), so a tile's probability is the chance its
reading is right: a tile under ``unsure_below`` is one worth a look, and the rest are not.

A tile the classifier is unsure of is read the other way up too (a quarter turn: a called tile's
crop is turned) and cut a little wider and tighter (a detector's box is a few pixels off either
way); the surer reading, or the mean of the cuts, is kept. A live camera keeps the sure readings
of the tiles whose pixels did not change at their place since its last frame, once the camera's
own shake is taken out (``FrameMemory``), so a still hand costs the classifier little frame after
frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from vision.classes import CLASS_INDEX
from vision.tile_crops import upright_crops

LANDSCAPE = 1.15           # a crop this much wider than tall is turned upright (as in training)
SURE = 0.9                 # a reading below this is checked with the crop turned and cut again
CHOICES = 3                # readings kept per tile, best first, for vision.suggest
TTA_MARGIN = 0.05          # an unsure tile is also classified cut this much wider and tighter
LEVEL_DEGREES = 3.0        # rows slanting less than this are cut straight (as in training)
SAME_TILE = 0.3           # a box this near a last frame's box (a share of its size, the camera's
                           # motion taken out) is that tile: a detector's boxes of one tile shift
                           # a tenth of its size from frame to frame, its neighbour lies a size away
THUMB = (12, 9)            # the look at a tile's pixels that tells a live camera it changed
CHANGED = 12.0             # mean grey-level change of that look from which a tile is read again
NEAR = 0.6                 # boxes of two frames this near (a share of a tile) may be one tile
MOTION_FIT = 0.2           # a pair further than this (a share of a tile) off the motion is no part
                           # of it (a detector's box of one tile shifts a tenth of it frame to frame)
MOTION_PAIRS = 3           # pairs of boxes needed to tell how the camera moved
FRAME_WEIGHT = 0.5         # a still tile's new look, against the mean of the looks before it


def softmax(logits: np.ndarray, temperature: float = 1.0) -> np.ndarray:
    """Row-wise probabilities of logits divided by ``temperature``; rows that already are
    probabilities (an older model exported with its softmax) pass through unchanged."""
    if np.all(logits >= 0) and np.allclose(logits.sum(axis=1), 1.0, atol=1e-3):
        return logits
    scaled = logits / temperature
    shifted = np.exp(scaled - scaled.max(axis=1, keepdims=True))
    return shifted / shifted.sum(axis=1, keepdims=True)


def crop_tiles(image: np.ndarray, boxes: np.ndarray, turns: np.ndarray, input_hw: tuple[int, int],
               margin: float) -> np.ndarray:
    """Classifier batch (N, 3, H, W) RGB float 0-1 of axis-aligned cuts: each box grown by
    ``margin`` of its size, turned by ``turns[i]`` quarter turns counter-clockwise (np.rot90),
    resized to ``input_hw`` with INTER_AREA (the cut of classifiers trained before row-angle cuts)."""
    height, width = image.shape[:2]
    target_h, target_w = input_hw
    batch = np.empty((len(boxes), target_h, target_w, 3), dtype=np.uint8)
    for index, (x1, y1, x2, y2) in enumerate(boxes):
        grow_x, grow_y = (x2 - x1) * margin, (y2 - y1) * margin
        left, top = int(max(0, x1 - grow_x)), int(max(0, y1 - grow_y))
        right = int(min(width, max(left + 2, x2 + grow_x)))
        bottom = int(min(height, max(top + 2, y2 + grow_y)))
        crop = image[top:bottom, left:right]
        if turns[index] % 4:
            crop = np.rot90(crop, k=int(turns[index]))
        batch[index] = cv2.resize(np.ascontiguousarray(crop), (target_w, target_h),
                                  interpolation=cv2.INTER_AREA)
    return as_batch(batch)


def as_batch(crops_bgr: np.ndarray) -> np.ndarray:
    """(N, H, W, 3) BGR uint8 -> (N, 3, H, W) RGB float 0-1, the classifier's input."""
    return crops_bgr[..., ::-1].transpose(0, 3, 1, 2).astype(np.float32) / 255.0


def cutting_angle(boxes: np.ndarray) -> float:
    """The rows' angle crops are cut along: 0 when they lie within LEVEL_DEGREES of level or too
    few tiles tell it (the same rule the training crops were cut by)."""
    from vision.rows import row_angle

    if len(boxes) < 3:
        return 0.0
    angle = row_angle(np.asarray(boxes, np.float64))
    return angle if abs(np.degrees(angle)) >= LEVEL_DEGREES else 0.0


@dataclass(frozen=True)
class ClassifierSpec:
    """What models/vision.json says of the classifier: its input, how crops are cut, and how far
    its probabilities are to be trusted."""

    input_hw: tuple[int, int]
    classes: tuple[str, ...]
    margin: float = 0.0            # table round the tile, a share of its size per side
    upright: bool = False          # cut along the rows' line (classifiers trained so)
    temperature: float = 1.0       # logits / temperature = calibrated (fitted on the dev photos)
    unsure_below: float = 0.5      # a reading less likely than this is marked unsure


@dataclass(frozen=True)
class Named:
    """Stage two's answer for N boxes: class ids (-1 = no tile), the best reading's probability,
    and the CHOICES likeliest readings with theirs."""

    class_ids: np.ndarray
    probs: np.ndarray
    choices: np.ndarray
    choice_probs: np.ndarray

    @classmethod
    def empty(cls) -> Named:
        return cls(np.zeros(0, np.int64), np.zeros(0, np.float32), np.zeros((0, CHOICES), np.int64),
                   np.zeros((0, CHOICES), np.float32))


@dataclass(frozen=True)
class SeenFrame:
    """A camera frame as read: its tiles' boxes, its grey pixels, and the boxes' probabilities."""

    boxes: np.ndarray
    grey: np.ndarray
    probabilities: np.ndarray


@dataclass
class FrameMemory:
    """One camera's last frame read. ``seen`` is replaced whole with each frame (one assignment),
    so two frames of one camera read at once (a web page posting frames faster than they are
    answered) each match against one whole frame, never the boxes of one and the readings of
    another."""

    seen: SeenFrame | None = None
    still: Any = None       # the last frame read whole, for frames carried over (vision.still)


def grey_of(image: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image


def thumbnails(image: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """A THUMB grey look at each box, to tell whether the pixels at a place changed."""
    grey = grey_of(image)
    height, width = grey.shape
    out = np.empty((len(boxes), *THUMB), np.float32)
    for index, (x1, y1, x2, y2) in enumerate(boxes.astype(int)):
        # a box carried back by the camera's motion may lie partly or wholly off the frame
        x1, y1 = min(max(0, x1), width - 1), min(max(0, y1), height - 1)
        x2, y2 = min(width, max(x1 + 1, x2)), min(height, max(y1 + 1, y2))
        out[index] = cv2.resize(grey[y1:y2, x1:x2], (THUMB[1], THUMB[0]), interpolation=cv2.INTER_AREA)
    return out


def camera_motion(last: np.ndarray, boxes: np.ndarray) -> np.ndarray | None:
    """The 2x3 similarity (turn, scale, shift) that takes the last frame's box centres to this
    frame's, from boxes that lie near one another (a hand-held camera shakes and turns a little
    between frames), or None when too few pairs tell it."""
    if len(last) < MOTION_PAIRS or len(boxes) < MOTION_PAIRS:
        return None
    then, now = (last[:, :2] + last[:, 2:]) / 2, (boxes[:, :2] + boxes[:, 2:]) / 2
    size = float(np.median(np.maximum(boxes[:, 2:] - boxes[:, :2], 1).max(axis=1)))
    distance = np.linalg.norm(now[:, None, :] - then[None, :, :], axis=2)
    nearest = distance.argmin(axis=1)
    near = distance[np.arange(len(boxes)), nearest] < NEAR * size
    if int(near.sum()) < MOTION_PAIRS:
        return None
    matrix, _ = cv2.estimateAffinePartial2D(then[nearest[near]].astype(np.float32),
                                            now[near].astype(np.float32), method=cv2.RANSAC,
                                            ransacReprojThreshold=MOTION_FIT * size)
    return matrix


def moved_boxes(boxes: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """Boxes carried by a camera_motion matrix: centres moved, sides scaled (a turn of a few
    degrees leaves an axis-aligned box the same shape)."""
    centres = (boxes[:, :2] + boxes[:, 2:]) / 2
    half = (boxes[:, 2:] - boxes[:, :2]) / 2 * float(np.sqrt(abs(np.linalg.det(matrix[:, :2]))))
    moved = centres @ matrix[:, :2].T + matrix[:, 2]
    return np.hstack([moved - half, moved + half]).astype(boxes.dtype)


def still_matches(boxes: np.ndarray, grey: np.ndarray, seen: SeenFrame | None,
                  motion_boxes: np.ndarray | None = None) -> np.ndarray:
    """For each box of this frame (``grey``: its pixels), the index of ``seen``'s box it is,
    or -1: the box lies within SAME_TILE of its size of that box once the camera's own motion is
    taken out, and the pixels under it changed under CHANGED from the pixels at the same place of
    the last frame (the box carried back by that motion). The same place, not the last box: a
    detector's box of a still tile shifts a little from frame to frame, and the pixels under two
    boxes a tenth of a tile apart differ as much as two tiles' do. ``motion_boxes``: this frame's
    boxes to tell the camera's motion by, when not ``boxes`` themselves (a frame's sure tiles, for
    its faint boxes: a faint box is often a second box of a sure tile, which confuses the fit)."""
    found = np.full(len(boxes), -1, np.int64)
    if seen is None or not len(seen.boxes) or not len(boxes) or seen.grey.shape != grey.shape:
        return found    # a frame read in another view (turned level, or not) shares no places
    motion = camera_motion(seen.boxes, boxes if motion_boxes is None else motion_boxes)
    last = seen.boxes if motion is None else moved_boxes(seen.boxes, motion)
    size = np.maximum(boxes[:, 2:] - boxes[:, :2], 1).max(axis=1)
    distance = np.abs(boxes[:, None, :] - last[None, :, :]).max(axis=2) / size[:, None]
    nearest = distance.argmin(axis=1)
    close = distance[np.arange(len(boxes)), nearest] < SAME_TILE
    then = boxes if motion is None else moved_boxes(boxes, cv2.invertAffineTransform(motion))
    change = np.abs(thumbnails(grey, boxes) - thumbnails(seen.grey, then)).mean(axis=(1, 2))
    keep = close & (change < CHANGED)
    found[keep] = nearest[keep]
    return found


class TileClassifier:
    """The classifier's ONNX session, loaded once, and the cuts it was trained on."""

    def __init__(self, session, spec: ClassifierSpec) -> None:
        self.session = session
        self.spec = spec
        self._input = session.get_inputs()[0].name
        # -1 marks the classifier's "none" (a box with no tile in it)
        self.class_map = np.array([CLASS_INDEX.get(code, -1) for code in spec.classes])

    def probabilities(self, pixels: np.ndarray, boxes: np.ndarray, turns: np.ndarray, angle: float,
                      margins: tuple[float, ...] | None = None) -> np.ndarray:
        """Calibrated class probabilities per box, the mean over crops cut with each of ``margins``."""
        margins = margins or (self.spec.margin,)
        if self.spec.upright:
            batch = np.concatenate([as_batch(upright_crops(pixels, boxes, angle, self.spec.input_hw, margin,
                                                           turns)) for margin in margins])
        else:
            batch = np.concatenate([crop_tiles(pixels, boxes, turns, self.spec.input_hw, margin)
                                    for margin in margins])
        logits = np.asarray(self.session.run(None, {self._input: batch})[0], np.float32)
        return softmax(logits, self.spec.temperature).reshape(len(margins), len(boxes), -1).mean(axis=0)

    def turns_of(self, boxes: np.ndarray, angle: float) -> np.ndarray:
        """1 for each tile that lies sideways along its row (its crop gets a quarter turn)."""
        if self.spec.upright:
            from vision.tile_crops import tile_frames

            return tile_frames(np.asarray(boxes, np.float64), angle, LANDSCAPE)[3].astype(int)
        return ((boxes[:, 2] - boxes[:, 0]) > LANDSCAPE * (boxes[:, 3] - boxes[:, 1])).astype(int)

    def read(self, pixels: np.ndarray, boxes: np.ndarray, *, tta: bool = True, angle: float | None = None,
             memory: FrameMemory | None = None, sure: float = SURE) -> np.ndarray:
        """Calibrated probabilities (N, classes) of each box. ``angle``: the rows' line to cut
        along (default: from the boxes themselves); ``memory``: a live camera's last frame, whose
        readings are kept for boxes that stayed still (and which is updated to this frame);
        ``sure``: a reading less likely than this gets its second looks (turned, cut again)."""
        count = len(boxes)
        if count == 0:
            return np.zeros((0, len(self.spec.classes)), np.float32)
        angle = cutting_angle(boxes) if angle is None else angle
        chosen = np.zeros((count, len(self.spec.classes)), np.float32)
        todo = np.arange(count)
        grey, seen = None, None
        before = np.full(count, -1, np.int64)
        if memory is not None:
            grey = grey_of(pixels)
            seen = memory.seen
            matched = still_matches(boxes, grey, seen)
            if seen is not None and len(seen.probabilities):
                # an unsure reading is read again: each frame's look at it is new evidence (the
                # mean with what the frames before said, below), where a sure one would only
                # repeat itself
                last = seen.probabilities
                kept = (matched >= 0) & (last[np.maximum(matched, 0)].max(axis=1) >= sure)
                chosen[kept] = last[matched[kept]]
                todo = np.flatnonzero(~kept)
                before[todo] = matched[todo]
        if len(todo):
            chosen[todo] = self._read_fresh(pixels, boxes[todo], angle, tta, sure)
        if seen is not None and (before >= 0).any():
            # a still tile read again: its reading is the running mean over the frames that saw it,
            # so one frame's glare or blur sways it less than it sways one frame's look
            again = np.flatnonzero(before >= 0)
            chosen[again] = FRAME_WEIGHT * chosen[again] \
                + (1 - FRAME_WEIGHT) * seen.probabilities[before[again]]
        if memory is not None:
            memory.seen = SeenFrame(boxes.copy(), grey, chosen.copy())
        return chosen

    def _read_fresh(self, pixels: np.ndarray, boxes: np.ndarray, angle: float, tta: bool,
                    sure: float) -> np.ndarray:
        turns = self.turns_of(boxes, angle)
        chosen = self.probabilities(pixels, boxes, turns, angle)
        again = np.flatnonzero(chosen.max(axis=1) < sure)
        if len(again):
            other = self.probabilities(pixels, boxes[again], 1 - turns[again], angle)
            better = other.max(axis=1) > chosen[again].max(axis=1)
            chosen[again[better]] = other[better]
            turns[again[better]] ^= 1
        unsure = np.flatnonzero(chosen.max(axis=1) < sure)
        if tta and len(unsure):
            margin = self.spec.margin
            margins = (margin + TTA_MARGIN, max(0.0, margin - TTA_MARGIN))
            chosen[unsure] = (chosen[unsure] + 2 * self.probabilities(
                pixels, boxes[unsure], turns[unsure], angle, margins)) / 3
        return chosen

    def name(self, probabilities: np.ndarray) -> Named:
        """Class ids, best probabilities and the CHOICES likeliest readings of each row."""
        if not len(probabilities):
            return Named.empty()
        best = probabilities.argmax(axis=1)
        order = np.argsort(-probabilities, axis=1)[:, :CHOICES]
        return Named(self.class_map[best], probabilities[np.arange(len(best)), best],
                     self.class_map[order], np.take_along_axis(probabilities, order, axis=1))
