"""The rows' own geometry finds tiles the detector missed: boxes to ask the classifier about.

Tiles of one row share their height and their pitch (the spacing of touching neighbours). So a
gap inside a row about one or two pitches wide, where no box is, most likely holds tiles the
detector did not score (a white dragon's bare face, a tile in glare, a face like the table), and
so may the place one pitch past either end of a row. Each such place becomes a candidate box of
the row's own tile size, on the row's own line; the classifier then reads it, and a candidate
it reads as ``none`` (bare table, the gap between two melds) is dropped. Nothing here reads a
tile: this is geometry on boxes, tested on boxes built by hand.
"""

from __future__ import annotations

import numpy as np

from vision.detect import same_place
from vision.detections import Detections
from vision.layout_types import LayoutOptions
from vision.rows import RowFrame, find_rows

MIN_ROW = 3          # a row needs this many tiles before its pitch says anything
MAX_MISSING = 2      # tiles looked for in one gap
FIT = 0.3            # a gap is n missing tiles when it is within this share of a pitch of (n + 1)
INSIDE = 0.6         # an end candidate must lie this much inside the photo
OVERLAP = 0.25       # a candidate overlapping an existing box this much (IoU) is not asked about


def _iou(box: np.ndarray, others: np.ndarray) -> np.ndarray:
    inter_w = np.clip(np.minimum(box[2], others[:, 2]) - np.maximum(box[0], others[:, 0]), 0, None)
    inter_h = np.clip(np.minimum(box[3], others[:, 3]) - np.maximum(box[1], others[:, 1]), 0, None)
    inter = inter_w * inter_h
    areas = (others[:, 2] - others[:, 0]) * (others[:, 3] - others[:, 1])
    return inter / np.maximum((box[2] - box[0]) * (box[3] - box[1]) + areas - inter, 1e-9)


def _box(frame: RowFrame, along: float, across: float, length: float, depth: float) -> np.ndarray:
    """The axis-aligned box of an upright tile centred at (along, across) in the rows' frame."""
    cos, sin = np.cos(frame.angle), np.sin(frame.angle)
    x, y = along * cos - across * sin, along * sin + across * cos
    width = length * abs(cos) + depth * abs(sin)
    height = length * abs(sin) + depth * abs(cos)
    return np.array([x - width / 2, y - height / 2, x + width / 2, y + height / 2], np.float32)


def candidate_boxes(det: Detections, shape: tuple[int, int],
                    options: LayoutOptions = LayoutOptions(), ends: bool = True) -> np.ndarray:
    """Boxes (M, 4) where a row's geometry says a tile should be and no box is: inside gaps of
    one or two pitches between upright tiles, and (``ends``) one pitch past each end of a row."""
    if len(det) < MIN_ROW:
        return np.zeros((0, 4), np.float32)
    frame = RowFrame.of(det)
    height, width = shape
    found: list[np.ndarray] = []
    existing = det.boxes.astype(np.float32)
    for row in find_rows(det, options, frame):
        upright = [i for i in row if not det.rotated[i]]
        if len(upright) < MIN_ROW:
            continue
        along = frame.along[upright]
        across = frame.across[upright]
        spacing = np.diff(along)
        pitch = float(np.median(spacing))
        if pitch <= 0:
            continue
        length = float(np.median(frame.length[upright]))
        depth = float(np.median(frame.depth[upright]))
        places: list[tuple[float, float]] = []
        for k, gap in enumerate(spacing):
            missing = int(round(gap / pitch)) - 1
            if 1 <= missing <= MAX_MISSING and abs(gap - (missing + 1) * pitch) <= FIT * pitch:
                for step in range(1, missing + 1):
                    share = step / (missing + 1)
                    places.append((along[k] + share * gap, across[k] + share * (across[k + 1] - across[k])))
        if ends:
            places.append((along[0] - pitch, across[0]))
            places.append((along[-1] + pitch, across[-1]))
        for place_along, place_across in places:
            box = _box(frame, place_along, place_across, length, depth)
            clipped = np.array([max(0, box[0]), max(0, box[1]), min(width, box[2]), min(height, box[3])])
            area = (box[2] - box[0]) * (box[3] - box[1])
            inside = max(0.0, clipped[2] - clipped[0]) * max(0.0, clipped[3] - clipped[1]) / max(area, 1e-9)
            if inside < INSIDE:
                continue
            taken = np.concatenate([existing, np.array(found, np.float32).reshape(-1, 4)])
            if len(taken) and float(_iou(clipped, taken).max()) > OVERLAP:
                continue
            found.append(clipped.astype(np.float32))
    return np.array(found, np.float32).reshape(-1, 4)


def in_rows(row_boxes: np.ndarray, boxes: np.ndarray, reach: float = 3.5) -> np.ndarray:
    """Which of ``boxes`` lie in a row of ``row_boxes``, in a level view (rows run along x): at a
    row tile's height (centres within half its height), of its size (heights within a third),
    within ``reach`` of its widths along the row, and in no row tile's place (vision.detect.same_place)."""
    if not len(row_boxes) or not len(boxes):
        return np.zeros(len(boxes), dtype=bool)
    centres, row_centres = (boxes[:, :2] + boxes[:, 2:]) / 2, (row_boxes[:, :2] + row_boxes[:, 2:]) / 2
    widths, heights = row_boxes[:, 2] - row_boxes[:, 0], row_boxes[:, 3] - row_boxes[:, 1]
    across = np.abs(centres[:, None, 1] - row_centres[None, :, 1]) < 0.5 * heights[None, :]
    along = np.abs(centres[:, None, 0] - row_centres[None, :, 0]) < reach * widths[None, :]
    ratio = (boxes[:, 3] - boxes[:, 1])[:, None] / np.maximum(heights[None, :], 1e-6)
    beside = (across & along & (ratio > 0.75) & (ratio < 1.33)).any(axis=1)
    return beside & ~same_place(boxes, row_boxes).any(axis=1)
