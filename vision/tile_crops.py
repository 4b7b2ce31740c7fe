"""Tiles cut out of a photo upright, along their row's own line, for the crop classifier.

A tile in a slanted row has an axis-aligned box that holds bits of its neighbours and table; cut
along the row's angle (vision.rows.row_angle) with the tile's own length and depth
(vision.rows.upright_sizes), the crop shows the face square on, as the classifier learnt it. A
tile lying sideways (a called tile) is given a quarter turn, so every face is cut standing. The
same function cuts the training crops and the runtime ones, so both see tiles alike.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.rows import upright_sizes

PAD_VALUE = 114      # the letterbox grey: what lies beyond the photo's edge
MAX_SHRINK = 1.5     # a crop shrunk more than this is first reduced by area (no aliasing)


def crop_matrix(centre: np.ndarray, length: float, depth: float, angle: float, turned: bool,
                out_hw: tuple[int, int], context: float) -> np.ndarray:
    """The 2x3 matrix that takes a crop's pixel (u, v) to the photo's: the crop spans the tile's
    length and depth, each grown by ``context`` on both sides; ``turned`` gives it a quarter turn
    counter-clockwise (as np.rot90 does), for a tile lying sideways."""
    out_h, out_w = out_hw
    along = np.array([np.cos(angle), np.sin(angle)])
    across = np.array([-np.sin(angle), np.cos(angle)])
    span_along, span_across = length * (1 + 2 * context), depth * (1 + 2 * context)
    if turned:   # the crop's x runs across the row, its y back along it
        step_u, step_v = across * span_across / out_w, -along * span_along / out_h
    else:
        step_u, step_v = along * span_along / out_w, across * span_across / out_h
    origin = centre - step_u * out_w / 2 - step_v * out_h / 2 + (step_u + step_v) / 2
    return np.array([[step_u[0], step_v[0], origin[0]], [step_u[1], step_v[1], origin[1]]])


def cut_upright(image: np.ndarray, matrix: np.ndarray, out_hw: tuple[int, int]) -> np.ndarray:
    """The crop ``matrix`` (crop_matrix) describes, out_hw uint8; a crop much smaller than its
    tile is first reduced by area, so fine strokes are averaged, not skipped."""
    out_h, out_w = out_hw
    shrink = max(np.hypot(*matrix[:, 0]), np.hypot(*matrix[:, 1]))
    if shrink > MAX_SHRINK:
        corners = np.array([[0, 0, 1], [out_w, 0, 1], [0, out_h, 1], [out_w, out_h, 1]], float) @ matrix.T
        height, width = image.shape[:2]
        left, top = int(max(0, np.floor(corners[:, 0].min()))), int(max(0, np.floor(corners[:, 1].min())))
        right = int(min(width, np.ceil(corners[:, 0].max()) + 1))
        bottom = int(min(height, np.ceil(corners[:, 1].max()) + 1))
        if right - left >= 2 and bottom - top >= 2:
            factor = shrink / MAX_SHRINK * 0.999
            part = image[top:bottom, left:right]
            size = (max(1, int(round(part.shape[1] / factor))), max(1, int(round(part.shape[0] / factor))))
            small = cv2.resize(part, size, interpolation=cv2.INTER_AREA)
            scale_x, scale_y = size[0] / part.shape[1], size[1] / part.shape[0]
            matrix = matrix.copy()
            matrix[0] = (matrix[0] - np.array([0, 0, left])) * scale_x
            matrix[1] = (matrix[1] - np.array([0, 0, top])) * scale_y
            image = small
    return cv2.warpAffine(image, matrix, (out_w, out_h), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_CONSTANT, borderValue=(PAD_VALUE, PAD_VALUE, PAD_VALUE))


def tile_frames(boxes: np.ndarray, angle: float, landscape: float = 1.15
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Each box's centre, its tile's length and depth along the row at ``angle``, and whether it
    lies sideways (longer along the row than ``landscape`` times its depth)."""
    centres = (boxes[:, :2] + boxes[:, 2:]) / 2
    if abs(angle) < 1e-6:
        length, depth = boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]
    else:
        length, depth = upright_sizes(boxes, angle)
    return centres, length, depth, length > landscape * depth


def upright_crops(image: np.ndarray, boxes: np.ndarray, angle: float, out_hw: tuple[int, int],
                  context: float, turns: np.ndarray | None = None) -> np.ndarray:
    """Crops (N, H, W, 3) uint8 of every box cut along the row at ``angle`` (radians); ``turns``:
    1 where a tile is to be given a quarter turn (default: the tiles lying sideways)."""
    out = np.empty((len(boxes), *out_hw, 3), np.uint8)
    if not len(boxes):
        return out
    centres, length, depth, sideways = tile_frames(boxes, angle)
    turned = sideways if turns is None else np.asarray(turns).astype(bool)
    for index in range(len(boxes)):
        matrix = crop_matrix(centres[index], float(length[index]), float(depth[index]), angle,
                             bool(turned[index]), out_hw, context)
        out[index] = cut_upright(image, matrix, out_hw)
    return out
