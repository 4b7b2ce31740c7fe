"""The rows of a photo's tiles: their angle, each tile's own size along and across them, the rows
themselves, the gaps that split a row into groups, and the boxes that look sideways.

All of it is geometry on boxes: no tile codes are read here (see vision.sets for the sets).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from vision.detections import Detections
from vision.layout_types import LayoutOptions

SQUARE_TILT = 0.35   # |cos^2 - sin^2| under this (within ~10 degrees of 45): see upright_sizes
TILE_ASPECT = 3 / 4  # an upright tile's side along the row over its side across it (60 x 80)


def _undirected(angles: np.ndarray | float) -> np.ndarray:
    """Angles of lines (a line at a and at a + pi is the same line) in [-pi/2, pi/2)."""
    return (np.asarray(angles) + np.pi / 2) % np.pi - np.pi / 2


def row_angle(boxes: np.ndarray) -> float:
    """The direction of the rows in radians, in (-pi/2, pi/2] (image axes, y down): 0 for level
    rows, near +-pi/2 for rows running down the photo (a hand photographed from the side of the
    table), anything between for a phone held askew. Only the line is known, not which end is the
    player's left: a hand photographed upside down gives the same angle as one photographed upright.

    Neighbouring tiles of a row touch, so each tile's nearest neighbour mostly lies along its row;
    the direction most of those pairs agree on (a tile's neighbour in another row is the odd one
    out) is refined to the median of the pairs within 15 degrees of it."""
    if len(boxes) < 2:
        return 0.0
    centres = (boxes[:, :2] + boxes[:, 2:]).astype(np.float64) / 2
    offsets = centres[None, :, :] - centres[:, None, :]
    distances = np.hypot(offsets[..., 0], offsets[..., 1])
    np.fill_diagonal(distances, np.inf)
    nearest = np.argmin(distances, axis=1)
    vectors = offsets[np.arange(len(boxes)), nearest]
    angles = np.arctan2(vectors[:, 1], vectors[:, 0])
    # the direction most pairs agree on: each pair's vote for each pair's direction, a soft count
    agreement = np.cos(2 * (angles[:, None] - angles[None, :])).clip(0) ** 8
    mode = float(angles[int(np.argmax(agreement.sum(axis=1)))])
    apart = _undirected(angles - mode)
    # the median of those close to it: a sideways tile's centre lies off its row's line
    angle = float(_undirected(mode + np.median(apart[np.abs(apart) < np.radians(15)])))
    return angle + np.pi if angle <= -np.pi / 2 else angle


def upright_sizes(boxes: np.ndarray, angle: float) -> tuple[np.ndarray, np.ndarray]:
    """Each tile's own extent along and across the row, from its axis-aligned box.

    A w x h rectangle turned by a has the box W = w cos a + h sin a, H = w sin a + h cos a;
    solving that 2x2 system gives w and h back. Near 45 degrees the system is singular (a turned
    tile's box is a square whichever way the tile lies), so there only w + h is known and it is
    shared out as an upright tile's sides are."""
    cos, sin = abs(np.cos(angle)), abs(np.sin(angle))
    width, height = boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]
    det = cos * cos - sin * sin
    if abs(det) < SQUARE_TILT:
        total = (width + height) / (cos + sin)
        return total * TILE_ASPECT / (1 + TILE_ASPECT), total / (1 + TILE_ASPECT)
    along = (width * cos - height * sin) / det
    across = (height * cos - width * sin) / det
    floor = 0.2 * np.minimum(width, height)
    return np.maximum(along, floor), np.maximum(across, floor)


@dataclass(frozen=True, eq=False)
class RowFrame:
    """Tile centres and sizes in the frame of the rows (tilt removed): ``along`` runs left to
    right on a row, ``across`` from the far row to the near one (for rows at any angle, as the
    photo turned so that they lie level: see row_angle for which way round)."""

    angle: float
    along: np.ndarray
    across: np.ndarray
    length: np.ndarray      # extent along the row
    depth: np.ndarray       # extent across it
    rotated: np.ndarray

    @classmethod
    def of(cls, det: Detections) -> RowFrame:
        angle = row_angle(det.boxes)
        cos, sin = np.cos(angle), np.sin(angle)
        centres = det.centers
        length, depth = upright_sizes(det.boxes, angle)
        return cls(angle, centres[:, 0] * cos + centres[:, 1] * sin,
                   -centres[:, 0] * sin + centres[:, 1] * cos, length, depth, det.rotated)

    def unit(self, index: np.ndarray | None = None) -> tuple[float, float]:
        """Typical upright tile (length, depth); sideways tiles counted the other way round."""
        index = np.arange(len(self.along)) if index is None else np.asarray(index)
        upright = index[~self.rotated[index]]
        if len(upright):
            return float(np.median(self.length[upright])), float(np.median(self.depth[upright]))
        return float(np.median(self.depth[index])), float(np.median(self.length[index]))


def stacked_pairs(det: Detections, frame: RowFrame | None = None) -> dict[int, int]:
    """Sideways tiles stacked on another sideways tile (a promoted kong): {upper: lower}, judged
    in the rows' own frame (level even in a tilted photo): at the same place along the row, one
    tile's depth behind the other."""
    frame = frame or RowFrame.of(det)
    pairs: dict[int, int] = {}
    sideways = np.flatnonzero(det.rotated)
    for upper in sideways:
        for lower in sideways:
            if upper == lower or {upper, lower} & (set(pairs) | set(pairs.values())):
                continue            # a tile is in one pair at most (no chains of three)
            offset = abs(frame.along[upper] - frame.along[lower])
            behind = frame.across[lower] - frame.across[upper]
            if offset < 0.5 * min(frame.length[upper], frame.length[lower]) \
                    and 0.6 * frame.depth[lower] <= behind <= 1.5 * frame.depth[lower]:
                pairs[int(upper)] = int(lower)
    return pairs


def find_rows(det: Detections, options: LayoutOptions = LayoutOptions(),
              frame: RowFrame | None = None) -> list[list[int]]:
    """Tile indexes per row, rows far to near (top to bottom), each row left to right."""
    if len(det) == 0:
        return []
    frame = frame or RowFrame.of(det)
    stacked = stacked_pairs(det, frame)
    _, unit_depth = frame.unit()
    free = [int(i) for i in np.argsort(frame.across, kind="stable") if int(i) not in stacked]
    rows: list[list[int]] = []
    for index in free:
        if rows and frame.across[index] - np.mean(frame.across[rows[-1]]) <= options.row * unit_depth:
            rows[-1].append(index)
        else:
            rows.append([index])
    row_of = {index: number for number, row in enumerate(rows) for index in row}
    for upper, lower in stacked.items():
        rows[row_of[lower]].append(upper)
    return [sorted(row, key=lambda i: (frame.along[i], frame.across[i])) for row in rows]


SIDEWAYS_LENGTH = 80 / 60    # a tile lying sideways, in upright tile widths along the row


def _spacings(frame: RowFrame, row: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """Centre-to-centre distances along the row, and what they would be for touching tiles in
    upright tile widths (1 between upright tiles, 7/6 next to a sideways one)."""
    half = np.where(frame.rotated[list(row)], SIDEWAYS_LENGTH / 2, 0.5)
    return np.diff(frame.along[list(row)]), half[:-1] + half[1:]


def row_gaps(frame: RowFrame, row: Sequence[int]) -> np.ndarray:
    """The gap after each tile of a row but the last, in upright tile widths.

    Measured between centres, not box edges: in a low, oblique photo each box is widened by the
    tile's slant and neighbouring boxes overlap, while centres stay evenly spaced. The width unit
    is the spacing of touching tiles, which shrinks along a receding row, so it is fitted as a
    line along the row to the pairs that touch (found by refitting: gaps stand out above the
    line). Box sizes cannot stand in for it (slant and the tiles' sides distort them), so a row
    with a single spacing has nothing to compare it with and reads as one group."""
    spacing, nominal = _spacings(frame, row)
    ratio = spacing / nominal
    usable = ratio > 0.5                        # a tile stacked on another is no spacing
    if usable.sum() < 2:
        return np.zeros(len(spacing))
    typical = float(np.median(ratio[usable]))   # gaps are the minority of spacings
    usable &= ratio > 0.7 * typical             # nor is a doubled or shifted box's
    along = frame.along[list(row)]
    middle = (along[:-1] + along[1:]) / 2
    touching = usable & (ratio < 1.15 * typical)
    if not touching.any():
        return np.zeros(len(spacing))
    for _ in range(6):
        if touching.sum() >= 4:
            slope, intercept = np.polyfit(middle[touching], ratio[touching], 1)
            unit = np.maximum(intercept + slope * middle, 1e-6)
        else:
            unit = np.full(len(spacing), float(np.median(ratio[touching])))
        again = usable & (ratio / unit < 1.12)
        if not again.any() or (again == touching).all():
            break
        touching = again
    return spacing / unit - nominal


def split_groups(frame: RowFrame, row: Sequence[int],
                 options: LayoutOptions = LayoutOptions()) -> list[list[int]]:
    """Split one row (left to right) where the gap exceeds ``options.gap`` tile widths."""
    if not row:
        return []
    gaps = row_gaps(frame, row)
    groups = [[row[0]]]
    for tile, gap in zip(row[1:], gaps, strict=True):
        if gap > options.gap:
            groups.append([tile])
        else:
            groups[-1].append(tile)
    return groups


def sideways_scores(boxes: np.ndarray, options: LayoutOptions = LayoutOptions()) -> np.ndarray:
    """How much each box looks like a tile lying sideways, from its shape against its row
    neighbours (up to three each side): 0.1 log(width ratio) + 0.9 log(inverse height ratio).

    A sideways tile is longer along the row (80 vs 60) and shallower across it (60 vs 80); in a
    low, oblique photo slant widens every box alike, so height carries most of the signal.
    Weights and the 0.05 decision point were fitted on generated scenes (1.3% of tiles wrong
    from shape alone), which is why the detector also asks the classifier (see vision.detect)."""
    scores = np.zeros(len(boxes))
    if len(boxes) < 2:
        return scores
    det = Detections(boxes, np.zeros(len(boxes)), np.ones(len(boxes)), np.zeros(len(boxes)),
                     np.zeros(len(boxes)))
    widths, heights = det.widths, det.heights
    for row in find_rows(det, options):
        for position, tile in enumerate(row):
            around = row[max(0, position - 3):position] + row[position + 1:position + 4]
            if len(around) < 2:
                continue
            width_ratio = widths[tile] / np.median(widths[around])
            height_ratio = np.median(heights[around]) / max(heights[tile], 1e-6)
            scores[tile] = 0.1 * np.log(width_ratio) + 0.9 * np.log(height_ratio)
    return scores


def stray_rows(det: Detections, rows: list[list[int]], frame: RowFrame,
               options: LayoutOptions = LayoutOptions()) -> list[list[int]]:
    """Rows that are no part of the hand: far from its longest row and read with low confidence
    (table patterns, chips and cards mistaken for tiles). A flower row or a row of melds lies
    within about two tile depths of the hand and is read with a tile's confidence."""
    if len(rows) < 2:
        return []
    main = max(rows, key=len)
    _, unit_depth = frame.unit()
    centre = float(np.median(frame.across[main]))
    return [row for row in rows if row is not main
            and abs(float(np.median(frame.across[row])) - centre) > options.stray_distance * unit_depth
            and float(np.mean(det.confidences[row])) < options.stray_confidence]


def apart_rows(rows: list[list[int]], frame: RowFrame, distance: float) -> list[list[int]]:
    """Rows that lie apart from the hand: not reached from its longest row by steps of at most
    ``distance`` tile depths across the rows (row to row). A hand, its melds and its flowers lie
    together, a row or two deep; tiles further off are other tiles on the table (discards, a
    wall, a neighbour's hand) in the frame."""
    if len(rows) < 2:
        return []
    _, unit_depth = frame.unit()
    level = {id(row): float(np.median(frame.across[row])) for row in rows}
    block = [max(rows, key=len)]
    rest = [row for row in rows if row is not block[0]]
    grew = True
    while grew and rest:
        grew = False
        for row in list(rest):
            if min(abs(level[id(row)] - level[id(kept)]) for kept in block) <= distance * unit_depth:
                block.append(row)
                rest.remove(row)
                grew = True
    return rest


def reading_order(det: Detections, options: LayoutOptions = LayoutOptions()) -> np.ndarray:
    """Indexes that put detections in reading order (rows far to near, left to right)."""
    return np.array([i for row in find_rows(det, options) for i in row], dtype=np.int64)

