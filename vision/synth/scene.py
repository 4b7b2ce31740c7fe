"""Photos of hands laid on a table, rendered with exact boxes: the detector's training data.

A scene is one tile set (style + set seed) laid out like a declared hand (``hands.random_hand``):
the concealed row, the winning tile set apart, melds with a rotated called tile, concealed kongs
with face-down ends, flowers on their own row. The flat layout is drawn on a "table plane", then
seen through a random camera (top-down to a low seat view, in-plane turn), over a procedural
surface with clutter, then lit (gradient, colour cast, glare, a cast shadow), blurred, noised and
JPEG-compressed. Everything is drawn from one seed, so a scene is reproducible.

What a scene may show and what this one draws of it come from ``vision.synth.shot``; the plane
from ``vision.synth.plane``, the camera from ``vision.synth.camera``, light and noise from
``vision.synth.photo_effects``; this module puts them together and says what the photo truly shows.

``python -m vision.synth.scene RECIPE.yaml`` writes a dataset (see ``vision.synth.dataset``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.synth.camera import camera, pixels_per_unit, row_angle, visible_share
from vision.synth.hands import LaidGroup, LaidHand, LaidTile, random_hand
from vision.synth.photo_effects import clutter, degrade, light
from vision.synth.plane import TILE_H, TILE_W, PlacedTile, lay_out, tile_sprite
from vision.synth.shot import VISIBLE, SceneConfig, draw_shot
from vision.synth.surfaces import AUTOTABLE, make_surface


@dataclass
class Scene:
    image: np.ndarray  # BGR uint8
    boxes: np.ndarray  # N x 4 (x1, y1, x2, y2) pixels, clipped to the photo
    quads: np.ndarray  # N x 4 x 2 image corners of each tile (for crops), possibly past the edge
    tiles: list[PlacedTile]  # the tiles that count: at least VISIBLE of each is in the photo
    hand: LaidHand
    meta: dict
    visible: np.ndarray = field(default_factory=lambda: np.ones(0))  # N: share of each tile in the photo

    @property
    def whole(self) -> bool:
        """The photo shows a whole hand: every tile of it counts (no close-up, none cut away)."""
        return self.meta.get("kind", "hand") != "single" and not self.meta.get("tiles_out", 0)


def _single_hand(code: str) -> LaidHand:
    """One tile alone: a flower or season is a bonus tile, any other a concealed one."""
    kind = "bonus" if code.endswith("f") else "concealed"
    return LaidHand([LaidGroup(kind, [LaidTile(code, true_code=code)])])


def render_scene(seed: int, config: SceneConfig | None = None) -> Scene:
    """One photo of a hand on a table, fully determined by ``seed`` and ``config``."""
    config = config or SceneConfig()
    shot = draw_shot(seed, config)
    rng = np.random.default_rng(seed)
    style = str(rng.choice(config.styles))
    surface = str(rng.choice(config.surfaces))
    if shot.autotable:
        surface = AUTOTABLE
    set_seed = int(rng.integers(0, 1_000_000))
    aspect = rng.choice([4 / 3, 4 / 3, 16 / 9, 3 / 4, 1.0])
    if aspect >= 1:
        out_w, out_h = config.long_side, int(config.long_side / aspect)
    else:
        out_w, out_h = int(config.long_side * aspect), config.long_side
    red_fives = bool(rng.random() < config.red_fives) and (
        config.red_five_styles is None or style in config.red_five_styles
    )
    flowers = bool(rng.random() < config.flowers)
    taiwanese = {"sets": 5, "max_flowers": 8} if shot.taiwanese else {}
    if shot.kind == "single":
        code = shot.single_code
        hand = _single_hand(code if red_fives or code[0] != "0" else "5" + code[1])
    elif shot.kind == "standing":
        hand = random_hand(rng, red_fives=red_fives, flowers=False, melds=False, **taiwanese)
    else:
        hand = random_hand(rng, red_fives=red_fives, flowers=flowers, kongs=config.kongs, **taiwanese)
    tilt = float(rng.uniform(0, config.max_tilt))
    elevation = 90.0 - 65.0 * tilt  # 90 = top-down, 25 = a low seat view
    standing = shot.kind == "standing"
    if standing:  # the plane is the upright faces: a camera low over the table sees them nearly square on
        elevation = 90.0 - shot.side_angle
    elif shot.low_elevation is not None:
        elevation = shot.low_elevation
    thickness = TILE_W * rng.uniform(0.5, 0.75)
    depth = int(round(min(TILE_H, thickness / math.tan(math.radians(max(elevation, 1.0))))))
    placed, plane_w, plane_h = lay_out(hand, rng, depth)
    matrix = camera(plane_w, plane_h, out_w, out_h, rng, elevation, shot)
    unit = 1
    if shot.kind == "single" or shot.zoom != 1.0 or shot.distance != 1.0:  # close: draw the faces sharper
        unit = int(np.clip(round(pixels_per_unit(placed, matrix)), 1, 5))

    # draw the plane: sprites plus a soft drop shadow, then warp it into the photo
    # (the shadow is soft: it is drawn at the layout's own resolution whatever ``unit`` is)
    pad = 20
    shadow = np.zeros((int(plane_h) + 2 * pad, int(plane_w) + 2 * pad), np.float32)
    shift = np.array([pad, pad], np.float32)
    sdx, sdy = rng.uniform(-6, 6), rng.uniform(0, 8)
    for tile in placed:
        x0, y0 = (tile.corners[0] + shift).astype(int)
        x1, y1 = (tile.corners[2] + shift).astype(int)
        cv2.rectangle(shadow, (int(x0 + sdx), int(y0 + sdy)), (int(x1 + sdx), int(y1 + sdy)), 1.0, -1)
    shadow_matrix = matrix @ np.array([[1, 0, -pad], [0, 1, -pad], [0, 0, 1]], np.float32)
    pad = 20 * unit
    plane = np.zeros((int(plane_h * unit) + 2 * pad, int(plane_w * unit) + 2 * pad, 3), np.float32)
    alpha = np.zeros(plane.shape[:2], np.float32)
    shift = np.array([pad, pad], np.float32)
    for tile in placed:
        sprite = tile_sprite(tile, style, set_seed, depth * unit, rng, unit, standing)
        x0, y0 = (tile.corners[0] * unit + shift).astype(int)
        h, w = sprite.shape[:2]
        h = min(h, plane.shape[0] - y0)
        w = min(w, plane.shape[1] - x0)
        plane[y0 : y0 + h, x0 : x0 + w] = sprite[:h, :w]
        alpha[y0 : y0 + h, x0 : x0 + w] = 1.0
        tile.corners = tile.corners * unit + shift
    move = np.array([[1, 0, -pad], [0, 1, -pad], [0, 0, 1]], np.float32)
    if unit != 1:
        move = np.diag([1 / unit, 1 / unit, 1]).astype(np.float32) @ move
    full = matrix @ move
    background = make_surface(surface, out_h, out_w, rng).astype(np.float32)
    quads = np.stack([cv2.perspectiveTransform(t.corners[None], full)[0] for t in placed])
    hand_box = (*quads.reshape(-1, 2).min(axis=0), *quads.reshape(-1, 2).max(axis=0))
    bg_u8 = background.astype(np.uint8)
    clutter(bg_u8, rng, hand_box)
    background = bg_u8.astype(np.float32)
    shadow = cv2.GaussianBlur(shadow, (0, 0), rng.uniform(2, 7))
    warp_shadow = cv2.warpPerspective(shadow, shadow_matrix, (out_w, out_h))
    background *= (1 - warp_shadow * rng.uniform(0.25, 0.55))[:, :, None]
    warp_plane = cv2.warpPerspective(plane, full, (out_w, out_h), flags=cv2.INTER_AREA)
    warp_alpha = cv2.warpPerspective(alpha, full, (out_w, out_h), flags=cv2.INTER_LINEAR)[:, :, None]
    image = background * (1 - warp_alpha) + warp_plane * warp_alpha
    image = degrade(light(image, rng), rng)
    if shot.stretch:  # an export that forces a square: one side stretched or squeezed
        side = out_w if np.random.default_rng([seed, 15]).random() < 0.5 else out_h
        quads = quads * np.array([side / out_w, side / out_h], np.float32)
        image = cv2.resize(image, (side, side), interpolation=cv2.INTER_AREA)
        out_w = out_h = side

    visible = visible_share(quads, out_w, out_h)
    counted = np.flatnonzero(visible >= VISIBLE)
    meta = {
        "seed": seed,
        "style": style,
        "set_seed": set_seed,
        "surface": surface,
        "elevation_deg": round(shot.side_angle if standing else elevation, 1),
        "kind": shot.kind,
        "row_angle_deg": row_angle(quads),
        "turn_deg": round(shot.turn_deg, 2),
        "tiles_out": int(len(placed) - len(counted)),
        "stretched": shot.stretch,
    }
    placed = [placed[i] for i in counted]
    quads = quads[counted]
    boxes = np.concatenate([quads.min(axis=1), quads.max(axis=1)], axis=1)
    boxes[:, [0, 2]] = boxes[:, [0, 2]].clip(0, out_w - 1)
    boxes[:, [1, 3]] = boxes[:, [1, 3]].clip(0, out_h - 1)
    return Scene(image, boxes, quads, placed, hand, meta, visible[counted])


def truth_json(scene: Scene, scale: float = 1.0) -> dict:
    """The scene's true reading, in the shape of ``python -m vision read --json``.

    Each tile also has its ``quad`` (its four corners, which may lie past the photo's edge) and,
    when it is cut by the edge, the ``visible`` share of it. ``hand`` (the engine input) is given
    only when the photo shows a whole hand: not for a one-tile close-up, nor when tiles were cut away.
    """
    tiles = []
    groups: dict[int, list[int]] = {}
    for index, (tile, box) in enumerate(zip(scene.tiles, scene.boxes, strict=True)):
        entry = {
            "tile": tile.code,
            "box": [round(float(v) * scale, 1) for v in box],
            "face_down": tile.face_down,
            "rotated": tile.rotated,
            "quad": [[round(float(x) * scale, 1), round(float(y) * scale, 1)] for x, y in scene.quads[index]],
        }
        if index < len(scene.visible) and scene.visible[index] < 1.0:
            entry["visible"] = round(float(scene.visible[index]), 2)
        tiles.append(entry)
        groups.setdefault(tile.group, []).append(index)
    group_list = [
        {
            "kind": scene.hand.groups[g].kind,
            "tiles": members,
            **({"meld": scene.hand.groups[g].meld} if scene.hand.groups[g].meld else {}),
        }
        for g, members in sorted(groups.items())
    ]
    truth = {"tiles": tiles, "groups": group_list}
    if scene.whole:
        truth["hand"] = scene.hand.engine_input()
    truth["meta"] = scene.meta
    return truth


if __name__ == "__main__":
    from vision.synth.dataset import main

    main()
