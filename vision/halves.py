"""Two boxes on one tile, made one.

On a tile lying sideways the detector sometimes draws two upright-shaped boxes, one on each half:
one tile too many, neither box looks sideways, and a called pon with its extra box reads as a
kong, which is a complete hand and so beyond the repair's reach. Neighbouring tiles never lie
that close: along a row their centres are a tile's spacing apart, while the two halves of one
tile are less than half of it. Measured on tiles-dev and tiles-heldout (400 scenes, detector v3):
of the neighbouring boxes in a row whose centres were closer than 0.5 of the spacing, 21 pairs
lay on one tile and 1 on two; between 0.5 and 0.75, 5 on one and 4 on two. A tile stacked on a
sideways tile (a promoted kong, vision.rows.stacked_pairs) is never joined to it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.detections import Detections
from vision.layout_types import Ambiguity, LayoutOptions
from vision.rows import RowFrame, find_rows, reading_order, row_gaps, stacked_pairs

ONE_TILE = 0.5   # centres closer than this many tile spacings along a row: one tile


def halves(det: Detections, options: LayoutOptions | None = None,
           one_tile: float = ONE_TILE) -> list[tuple[int, int]]:
    """Pairs (surer box, other box) of neighbours in a row that lie on one tile; no box twice."""
    options = options or LayoutOptions()
    if len(det) < 2:
        return []
    frame = RowFrame.of(det)
    pairs: list[tuple[int, int]] = []
    stacked = stacked_pairs(det, frame)
    used = set(stacked) | set(stacked.values())     # a promoted kong's two tiles are two tiles
    for row in find_rows(det, options, frame):
        gaps = row_gaps(frame, row)
        for k, gap in enumerate(gaps):
            a, b = row[k], row[k + 1]
            # a gap is measured centre to centre less one spacing: -1 is the same place
            if gap < one_tile - 1.0 and a not in used and b not in used:
                pairs.append((a, b) if det.confidences[a] >= det.confidences[b] else (b, a))
                used.update((a, b))
    return pairs


@dataclass(frozen=True, slots=True)
class Join:
    """One tile made of two boxes: its box, the reading kept and the other box's."""

    box: tuple[float, float, float, float]
    kept: str
    other: str

    def note(self, det: Detections) -> Ambiguity:
        """The ambiguity naming this tile in ``det`` (found by its box: later steps renumber)."""
        where = np.flatnonzero(np.all(np.abs(det.boxes - np.array(self.box)) < 0.5, axis=1)) \
            if len(det) else np.zeros(0, int)
        tiles = (int(where[0]),) if len(where) else ()
        name = f"tile {tiles[0]} ({self.kept})" if tiles else f"a tile read as {self.kept}"
        params = {"index": tiles[0]} if tiles else {}
        return Ambiguity("joined", f"{name} and a box over it read as {self.other} are taken as one "
                                   "tile (one tile or two?)", tiles, "joined" if tiles else "joined_unplaced",
                         {**params, "tile": self.kept, "other": self.other})


def join_halves(det: Detections, options: LayoutOptions | None = None,
                one_tile: float = ONE_TILE) -> tuple[Detections, list[Join]]:
    """The detections with each pair of halves made one tile, in reading order, and the joins.
    The tile covers both boxes, keeps the surer box's reading, and lies sideways when that cover
    is wider than tall (what the halves of a sideways tile make)."""
    options = options or LayoutOptions()
    pairs = halves(det, options, one_tile)
    if not pairs:
        return det, []
    boxes, rotated = det.boxes.copy(), det.rotated.copy()
    joins = []
    for keep, other in pairs:
        a, b = boxes[keep], boxes[other]
        union = np.array([min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])], boxes.dtype)
        boxes[keep] = union
        rotated[keep] = bool(union[2] - union[0] > union[3] - union[1])
        joins.append(Join(tuple(float(v) for v in union), det.codes[keep], det.codes[other]))
    joined = Detections(boxes, det.class_ids, det.confidences, det.face_down, rotated, det.choices,
                        det.choice_probs)
    dropped = {other for _, other in pairs}
    joined = joined[[i for i in range(len(det)) if i not in dropped]]
    return joined[reading_order(joined, options)], joins
