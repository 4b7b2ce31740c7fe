"""The table plane: every tile's place on it as the hand is laid out, and each tile's sprite (its
face and the near side of its body) drawn there before the camera sees it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.synth.faces import back_colour, face_tint, render_face
from vision.synth.hands import LaidHand

TILE_W = 60  # plane pixels: a tile face is 60 x 80, about the proportions of a real tile
TILE_H = 80

@dataclass
class PlacedTile:
    code: str
    rotated: bool
    face_down: bool
    group: int
    corners: np.ndarray = field(repr=False)  # 4x2 plane corners of the whole visible tile




def lay_out(
    hand: LaidHand, rng: np.random.Generator, side_depth: float
) -> tuple[list[PlacedTile], float, float]:
    """Plane positions of every tile. Rows grow downward; the camera sits below the plane."""
    gap_tile = rng.uniform(0, 2.5)
    gap_group = rng.uniform(0.35, 1.2) * TILE_W
    placed: list[PlacedTile] = []
    depth = side_depth

    def lay_row(groups: list[tuple[int, list]], y_bottom: float) -> float:
        x = 0.0
        for group_index, tiles in groups:
            for tile in tiles:
                w, h = (TILE_H, TILE_W) if tile.rotated else (TILE_W, TILE_H)
                jx, jy = rng.normal(0, 0.8), rng.normal(0, 0.8)
                x0, y0 = x + jx, y_bottom - h - depth + jy
                corners = np.array(
                    [[x0, y0], [x0 + w, y0], [x0 + w, y0 + h + depth], [x0, y0 + h + depth]], np.float32
                )
                placed.append(PlacedTile(tile.code, tile.rotated, tile.face_down, group_index, corners))
                x += w + gap_tile
            x += gap_group
        return x

    indexed = list(enumerate(hand.groups))
    main = [(i, g.tiles) for i, g in indexed if g.kind in ("concealed", "winning_tile")]
    melds = [(i, g.tiles) for i, g in indexed if g.kind == "meld"]
    bonus = [(i, g.tiles) for i, g in indexed if g.kind == "bonus"]
    row_step = TILE_H + depth + rng.uniform(0.3, 1.5) * TILE_W
    rows = [main + ([] if hand.two_rows else melds)]
    if hand.two_rows:
        rows.append(melds)
    if bonus:
        rows.append(bonus)
    if rng.random() < 0.5 and len(rows) > 1:
        rows = [rows[0]] + rows[1:][::-1]
    width = 0.0
    y = TILE_H + depth
    row_extents = []
    for row in rows:
        start = len(placed)
        width_row = lay_row(row, y)
        row_extents.append((start, len(placed), width_row))
        width = max(width, width_row)
        y -= row_step
    # rows are left-aligned or centred, as players do both
    centre = rng.random() < 0.5
    for start, end, width_row in row_extents:
        shift = (width - width_row) / 2 if centre else rng.uniform(0, 0.5) * TILE_W
        for tile in placed[start:end]:
            tile.corners[:, 0] += shift
    all_corners = np.concatenate([t.corners for t in placed])
    mins = all_corners.min(axis=0)
    for tile in placed:
        tile.corners -= mins
    extent = all_corners.max(axis=0) - mins
    return placed, float(extent[0]), float(extent[1])



def tile_sprite(
    tile: PlacedTile, style: str, set_seed: int, depth: int, rng: np.random.Generator,
    unit: int = 1, standing: bool = False,
) -> np.ndarray:
    """The tile as seen from above and slightly in front: face, then the body's near side.

    ``unit``: plane pixels per layout pixel (close-ups draw the face sharper). ``standing``: the
    tile stands on its long edge, its face to the camera: the strip seen is its top, above the face.
    """
    face_code = tile.code
    if unit == 1:
        face = render_face(face_code, style=style, width=TILE_W * 2, height=TILE_H * 2, seed=set_seed)
        face = cv2.resize(face, (TILE_W, TILE_H), interpolation=cv2.INTER_AREA)
    else:
        face = render_face(face_code, style=style, width=TILE_W * unit, height=TILE_H * unit, seed=set_seed)
    if tile.rotated:
        face = np.ascontiguousarray(np.rot90(face, 1 if rng.random() < 0.5 else -1))
    h, w = face.shape[:2]
    body = np.array(face_tint(style, set_seed), np.float32) * 0.88
    back = np.array(back_colour(style, set_seed), np.float32)
    side = np.zeros((depth, w, 3), np.float32)
    split = int(depth * rng.uniform(0.4, 0.65))
    side[:split] = back if tile.face_down else body
    side[split:] = body if tile.face_down else back
    side *= np.linspace(0.92, 0.7, max(1, depth))[:, None, None]
    if standing:  # the top edge: the face's layer next to the face, the back's layer beyond it
        return np.concatenate([side[::-1], face.astype(np.float32)], axis=0)
    sprite = np.concatenate([face.astype(np.float32), side], axis=0)
    return sprite
