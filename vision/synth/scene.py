"""Photos of hands laid on a table, rendered with exact boxes: the detector's training data.

A scene is one tile set (style + set seed) laid out like a declared hand (``hands.random_hand``):
the concealed row, the winning tile set apart, melds with a rotated called tile, concealed kongs
with face-down ends, flowers on their own row. The flat layout is drawn on a "table plane", then
seen through a random camera (top-down to a low seat view, in-plane turn), over a procedural
surface with clutter, then lit (gradient, colour cast, glare, a cast shadow), blurred, noised and
JPEG-compressed. Everything is drawn from one seed, so a scene is reproducible.

A recipe may also ask, for a share of its scenes, for what real phone photos show (``SceneConfig``:
rows at any angle, close low views, hands overfilling the frame, one tile alone, hands held
standing, stretched photos, an automatic table's felt, 17-tile hands); those choices come from a
generator of their own (``draw_shot``), so a recipe without them renders exactly as it did.

``python -m vision.synth.scene RECIPE.yaml`` writes a YOLO dataset (images/, labels/) under
``datasets/<name>/`` plus ``truth/<stem>.json`` per scene in the ``vision read`` JSON shape
(``--limit N --split train``: only the first N scenes of one split).
"""

from __future__ import annotations

import argparse
import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np
import yaml
from tqdm import tqdm

from vision.classes import CLASS_CODES
from vision.detect import turn_level
from vision.synth.faces import STYLES, back_colour, face_tint, render_face
from vision.synth.hands import KONGS, LaidGroup, LaidHand, LaidTile, random_hand
from vision.synth.surfaces import ALL_SURFACES, AUTOTABLE, SURFACES, make_surface

TILE_W = 60  # plane pixels: a tile face is 60 x 80, about the proportions of a real tile
TILE_H = 80


@dataclass
class SceneConfig:
    """What a dataset may contain: the families it draws from, and the output size."""

    styles: tuple[str, ...] = STYLES
    surfaces: tuple[str, ...] = SURFACES
    long_side: int = 1280  # rendering size; saved images may be smaller
    red_fives: float = 0.5  # share of sets that have red fives
    flowers: float = 0.5  # share of hands that may show bonus tiles
    max_tilt: float = 1.0  # 0 = only top-down, 1 = down to a low seat view
    kongs: float = KONGS  # share of sets drawn as kongs (concealed ones show two face-down tiles)
    red_five_styles: tuple[str, ...] | None = None  # only these styles' sets have red fives (None: all)
    # What real phone photos show and the first recipes did not; each a share of scenes, 0 = never
    # (then a scene is exactly what it was before these options). See ``Shot``.
    any_angle: float = 0.0  # rows at any angle in the image plane, 0-360 degrees
    low_view: float = 0.0  # a close, low camera: strong perspective, 15-35 degrees above the table
    cut: float = 0.0  # zoomed in: the tiles fill the frame and some are cut by its edge
    single: float = 0.0  # one tile alone, close up (half of them flowers and seasons)
    standing: float = 0.0  # a hand held standing, seen from the side at a low angle
    stretch: float = 0.0  # the photo stretched to a square, as some exports do
    autotable: float = 0.0  # on an automatic table's bright green felt
    taiwanese: float = 0.0  # 17-tile hands (five sets and a pair) with up to 8 flowers and seasons


VISIBLE = 0.5  # a tile cut by the photo's edge counts (has a truth box) when this share of it shows
SINGLE_BONUS = 0.5  # share of one-tile close-ups that show a flower or a season


@dataclass
class Shot:
    """The options one scene draws (from its own generator, so that the scenes of a recipe without
    them stay what they were): what is photographed, and how."""

    kind: str = "hand"  # hand | single | standing
    turn_deg: float = 0.0  # added in-plane turn
    low_elevation: float | None = None  # camera elevation of a low view, degrees
    distance: float = 1.0  # camera distance factor (below 1: closer, stronger perspective)
    azimuth_deg: float = 0.0  # added sideways swing of the camera (a low view along the row)
    fill: float | None = None  # the share of the frame the hand spans, when the shot fixes it
    zoom: float = 1.0  # over 1: the hand overfills the frame
    side_angle: float = 0.0  # standing tiles: the camera's angle above the table, degrees
    stretch: bool = False
    autotable: bool = False
    taiwanese: bool = False
    single_code: str = ""


def draw_shot(seed: int, config: SceneConfig) -> Shot:
    """The scene's options, drawn from ``seed`` alone: every share is drawn for every scene."""
    rng = np.random.default_rng([seed, 14])
    roll = rng.random()
    kind = "hand"
    if roll < config.single + config.standing:
        kind = "single" if roll < config.single else "standing"
    shot = Shot(kind=kind)
    if rng.random() < config.any_angle:
        shot.turn_deg = float(rng.uniform(0, 360))
    if rng.random() < config.low_view:
        shot.low_elevation = float(rng.uniform(15, 35))
        shot.distance = float(rng.uniform(0.4, 0.8))
        shot.azimuth_deg = float(rng.uniform(-35, 35))
        shot.fill = float(rng.uniform(0.8, 1.0))
    if rng.random() < config.cut and kind != "single":
        shot.zoom = float(rng.uniform(1.15, 2.2))
    shot.stretch = bool(rng.random() < config.stretch)
    shot.autotable = bool(rng.random() < config.autotable)
    shot.taiwanese = bool(rng.random() < config.taiwanese) and kind != "single"
    shot.side_angle = float(rng.uniform(5, 40))
    if rng.random() < SINGLE_BONUS:
        shot.single_code = f"{int(rng.integers(1, 9))}f"
    else:
        shot.single_code = CLASS_CODES[int(rng.integers(0, 37))]  # the 34 kinds and the red fives
    return shot


@dataclass
class PlacedTile:
    code: str
    rotated: bool
    face_down: bool
    group: int
    corners: np.ndarray = field(repr=False)  # 4x2 plane corners of the whole visible tile


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


def _layout(
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


def _camera(
    plane_w: float, plane_h: float, out_w: int, out_h: int, rng: np.random.Generator, elevation: float,
    shot: Shot | None = None,
) -> np.ndarray:
    """A pinhole camera over the table: a homography from the plane to the photo.

    ``elevation`` is the camera's angle above the table (90 degrees = straight down); the camera
    may also sit a little to one side and be turned in its own plane, as hand-held photos are.
    ``shot`` may bring it closer (stronger perspective), turn it further, or zoom in past the frame.
    """
    shot = shot or Shot()
    distance = max(plane_w, plane_h) * rng.uniform(0.9, 2.2) * shot.distance
    elev = math.radians(elevation)
    azimuth = math.radians(rng.normal(0, 10) + shot.azimuth_deg)
    centre = np.array([plane_w / 2, plane_h / 2, 0.0])
    # plane y grows toward the player, so the camera stands on the +y side, above the table
    offset = np.array(
        [math.sin(azimuth) * math.cos(elev), math.cos(azimuth) * math.cos(elev), math.sin(elev)]
    )
    corners = np.array([[0, 0, 0], [plane_w, 0, 0], [plane_w, plane_h, 0], [0, plane_h, 0]], np.float64)
    # a close camera must still have the whole hand well in front of it: step back until it does
    while shot.distance != 1.0 and ((corners - centre - offset * distance) @ offset).max() > -0.4 * distance:
        distance *= 1.25
    position = centre + offset * distance
    forward = (centre - position) / np.linalg.norm(centre - position)
    right = np.cross(forward, np.array([0.0, 0.0, 1.0])) if elevation < 89.5 else np.array([1.0, 0.0, 0.0])
    right = right / np.linalg.norm(right)
    if right[0] < 0:
        right = -right
    down = np.cross(right, forward)
    rel = corners - position
    z = rel @ forward
    img = np.stack([(rel @ right) / z, (rel @ down) / z], axis=1)
    angle = math.radians(rng.normal(0, 6) if rng.random() < 0.8 else rng.uniform(-30, 30))
    angle += math.radians(shot.turn_deg)
    rot = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
    img = img @ rot.T
    span = img.max(axis=0) - img.min(axis=0)
    fill = rng.uniform(0.5, 0.96)
    if shot.fill is not None:
        fill = shot.fill
    scale = min(out_w * fill / span[0], out_h * max(fill, 0.96) / span[1])
    if shot.zoom != 1.0:  # the hand overfills the photo, which shows some part of it
        scale = min(out_w / span[0], out_h / span[1]) * shot.zoom
    img = (img - img.min(axis=0)) * scale
    span = span * scale
    room = np.array([out_w, out_h]) - span
    if shot.zoom == 1.0:
        img += np.array([rng.uniform(0, room[0]), rng.uniform(0, room[1])])
    else:
        img += rng.uniform(np.minimum(room, 0), np.maximum(room, 0))
    src = corners[:, :2].astype(np.float32)
    return cv2.getPerspectiveTransform(src, img.astype(np.float32))


def _tile_sprite(
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


def _clutter(image: np.ndarray, rng: np.random.Generator, avoid: tuple[float, float, float, float]) -> None:
    """Chips, sticks, a phone, a paper: things on real tables that are not tiles."""
    h, w = image.shape[:2]
    for _ in range(int(rng.integers(0, 6))):
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        if avoid[0] < cx < avoid[2] and avoid[1] < cy < avoid[3]:
            continue
        colour = tuple(int(c) for c in rng.integers(0, 256, 3))
        kind = rng.integers(0, 4)
        size = rng.uniform(0.02, 0.08) * w
        if kind == 0:
            cv2.circle(image, (int(cx), int(cy)), int(size / 2), colour, -1, cv2.LINE_AA)
        elif kind == 1:  # a scoring stick
            angle = rng.uniform(0, np.pi)
            dx, dy = math.cos(angle) * size * 2, math.sin(angle) * size * 2
            cv2.line(
                image,
                (int(cx - dx), int(cy - dy)),
                (int(cx + dx), int(cy + dy)),
                (235, 235, 235),
                max(2, int(size / 8)),
                cv2.LINE_AA,
            )
        else:
            box = cv2.boxPoints(
                ((cx, cy), (size * rng.uniform(1, 3), size * rng.uniform(1, 2)), rng.uniform(0, 180))
            )
            fill = (245, 245, 245) if kind == 3 else colour
            cv2.fillPoly(image, [box.astype(np.int32)], fill, cv2.LINE_AA)


def _light(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Uneven light, a colour cast, glare spots and one soft cast shadow."""
    h, w = image.shape[:2]
    img = image.astype(np.float32)
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = rng.uniform(0, 2 * np.pi)
    ramp = (x / w - 0.5) * math.cos(angle) + (y / h - 0.5) * math.sin(angle)
    gain = rng.uniform(0.65, 1.2) * (1 + ramp * rng.uniform(0, 0.6))
    cast = np.array([rng.uniform(0.85, 1.1), rng.uniform(0.92, 1.05), rng.uniform(0.85, 1.15)], np.float32)
    img *= gain[:, :, None] * cast[None, None, :]
    if rng.random() < 0.5:  # a cast shadow (a hand, a phone, a lamp)
        mask = np.zeros((h, w), np.float32)
        pts = np.stack([rng.uniform(-0.2, 1.2, 5) * w, rng.uniform(-0.2, 1.2, 5) * h], axis=1)
        cv2.fillPoly(mask, [cv2.convexHull(pts.astype(np.int32))], 1.0)
        mask = cv2.GaussianBlur(mask, (0, 0), rng.uniform(5, 40))
        img *= (1 - mask * rng.uniform(0.2, 0.55))[:, :, None]
    for _ in range(int(rng.integers(0, 3))):  # glare
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        sigma = rng.uniform(0.02, 0.15) * w
        blob = np.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (2 * sigma**2))
        img += blob[:, :, None] * rng.uniform(40, 160)
    return img


def _degrade(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Camera blur, sensor noise and JPEG compression."""
    if rng.random() < 0.5:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 1.6))
    elif rng.random() < 0.3:
        k = int(rng.integers(3, 9))
        kernel = np.zeros((k, k), np.float32)
        kernel[k // 2, :] = 1.0 / k
        rot = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), rng.uniform(0, 180), 1.0)
        kernel = cv2.warpAffine(kernel, rot, (k, k))
        img = cv2.filter2D(img, -1, kernel / max(kernel.sum(), 1e-6))
    img = img + rng.normal(0, rng.uniform(0, 8), img.shape).astype(np.float32)
    out = np.clip(img, 0, 255).astype(np.uint8)
    quality = int(rng.integers(35, 96))
    ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR) if ok else out


def _single_hand(code: str) -> LaidHand:
    """One tile alone: a flower or season is a bonus tile, any other a concealed one."""
    kind = "bonus" if code.endswith("f") else "concealed"
    return LaidHand([LaidGroup(kind, [LaidTile(code, true_code=code)])])


def _pixels_per_unit(placed: list[PlacedTile], matrix: np.ndarray) -> float:
    """How many photo pixels the largest tile spends on one plane pixel (side of a square)."""
    most = 0.0
    for tile in placed:
        quad = cv2.perspectiveTransform(tile.corners[None].astype(np.float32), matrix)[0]
        most = max(most, cv2.contourArea(quad) / max(1.0, cv2.contourArea(tile.corners.astype(np.float32))))
    return math.sqrt(most)


def _visible_share(quads: np.ndarray, width: int, height: int) -> np.ndarray:
    """The share of each tile's quad inside the photo."""
    frame = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    shares = np.ones(len(quads))
    for i, quad in enumerate(quads.astype(np.float32)):
        if quad[:, 0].min() >= 0 and quad[:, 1].min() >= 0 and quad[:, 0].max() <= width \
                and quad[:, 1].max() <= height:
            continue
        area = cv2.contourArea(quad)
        inside, _ = cv2.intersectConvexConvex(quad, frame)
        shares[i] = inside / area if area > 0 else 0.0
    return shares


def _row_angle(quads: np.ndarray) -> float:
    """The direction the rows run in the photo (the player's left to right), in degrees clockwise
    from the photo's x axis (y points down): 0 = level, 90 = down the photo, 180 = upside down."""
    along = quads[:, 1] - quads[:, 0]  # every tile's first edge runs along its row in the plane
    along = along / np.maximum(np.linalg.norm(along, axis=1, keepdims=True), 1e-6)
    dx, dy = along.sum(axis=0)
    return round(math.degrees(math.atan2(dy, dx)) % 360.0, 1)


def undo_turn(image: np.ndarray, quads: np.ndarray, turn_deg: float) -> tuple[np.ndarray, np.ndarray]:
    """The photo turned back by the least turn that undoes a scene's ``any_angle`` turn, and the box
    of each tile's visible part there (N x 4). Why: the reader turns a slanted photo level before it
    cuts tiles for the classifier and the orientation model (``vision.detect.turn_level``), keeping
    an upside-down hand upside down, so their training crops are cut the same way."""
    least = (turn_deg + 90.0) % 180.0 - 90.0
    height, width = image.shape[:2]
    frame = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    level, matrix = (image, None) if least == 0 else turn_level(image, math.radians(least))
    boxes = np.zeros((len(quads), 4), np.float32)
    for i, quad in enumerate(np.asarray(quads, np.float32)):
        _, shown = cv2.intersectConvexConvex(quad, frame)
        points = shown.reshape(-1, 2) if shown is not None and len(shown) else quad
        if matrix is not None:
            points = points @ matrix[:, :2].T + matrix[:, 2]
        boxes[i] = (*points.min(axis=0), *points.max(axis=0))
    return level, boxes


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
    placed, plane_w, plane_h = _layout(hand, rng, depth)
    matrix = _camera(plane_w, plane_h, out_w, out_h, rng, elevation, shot)
    unit = 1
    if shot.kind == "single" or shot.zoom != 1.0 or shot.distance != 1.0:  # close: draw the faces sharper
        unit = int(np.clip(round(_pixels_per_unit(placed, matrix)), 1, 5))

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
        sprite = _tile_sprite(tile, style, set_seed, depth * unit, rng, unit, standing)
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
    _clutter(bg_u8, rng, hand_box)
    background = bg_u8.astype(np.float32)
    shadow = cv2.GaussianBlur(shadow, (0, 0), rng.uniform(2, 7))
    warp_shadow = cv2.warpPerspective(shadow, shadow_matrix, (out_w, out_h))
    background *= (1 - warp_shadow * rng.uniform(0.25, 0.55))[:, :, None]
    warp_plane = cv2.warpPerspective(plane, full, (out_w, out_h), flags=cv2.INTER_AREA)
    warp_alpha = cv2.warpPerspective(alpha, full, (out_w, out_h), flags=cv2.INTER_LINEAR)[:, :, None]
    image = background * (1 - warp_alpha) + warp_plane * warp_alpha
    image = _degrade(_light(image, rng), rng)
    if shot.stretch:  # an export that forces a square: one side stretched or squeezed
        side = out_w if np.random.default_rng([seed, 15]).random() < 0.5 else out_h
        quads = quads * np.array([side / out_w, side / out_h], np.float32)
        image = cv2.resize(image, (side, side), interpolation=cv2.INTER_AREA)
        out_w = out_h = side

    visible = _visible_share(quads, out_w, out_h)
    counted = np.flatnonzero(visible >= VISIBLE)
    meta = {
        "seed": seed,
        "style": style,
        "set_seed": set_seed,
        "surface": surface,
        "elevation_deg": round(shot.side_angle if standing else elevation, 1),
        "kind": shot.kind,
        "row_angle_deg": _row_angle(quads),
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


def write_dataset(
    name: str,
    *,
    seed: int,
    count: int,
    config: SceneConfig,
    root: Path,
    save_long_side: int = 640,
    split: str = "train",
    quality: int = 90,
) -> Path:
    """Write ``count`` scenes as YOLO images/labels (one class: tile) plus truth JSON per scene."""
    base = root / name
    for sub in ("images", "labels", "truth"):
        (base / sub / split).mkdir(parents=True, exist_ok=True)
    for index in tqdm(range(count), desc=f"{name}/{split}", unit="scene"):
        scene_seed = seed * 1_000_003 + index
        scene = render_scene(scene_seed, config)
        h, w = scene.image.shape[:2]
        scale = min(1.0, save_long_side / max(h, w))
        image = scene.image
        if scale < 1.0:
            image = cv2.resize(image, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
        stem = f"{name}_{split}_{index:06d}"
        cv2.imwrite(str(base / "images" / split / f"{stem}.jpg"), image, [cv2.IMWRITE_JPEG_QUALITY, quality])
        lines = []
        for x1, y1, x2, y2 in scene.boxes:
            lines.append(
                f"0 {(x1 + x2) / 2 / w:.6f} {(y1 + y2) / 2 / h:.6f} {(x2 - x1) / w:.6f} {(y2 - y1) / h:.6f}"
            )
        (base / "labels" / split / f"{stem}.txt").write_text("\n".join(lines) + "\n")
        truth = truth_json(scene, scale)
        truth["image"] = f"{stem}.jpg"
        (base / "truth" / split / f"{stem}.json").write_text(json.dumps(truth))
    return base


def write_photos(out_dir: Path, seeds: list[int], config: SceneConfig, quality: int = 88) -> list[Path]:
    """Full-size scene photos with their truth JSON side by side (``<stem>.jpg`` + ``<stem>.json``).

    Used for the small evaluation set committed under ``datasets/eval/``.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for seed in seeds:
        scene = render_scene(seed, config)
        stem = f"scene-{seed}"
        cv2.imwrite(str(out_dir / f"{stem}.jpg"), scene.image, [cv2.IMWRITE_JPEG_QUALITY, quality])
        truth = truth_json(scene)
        truth["image"] = f"{stem}.jpg"
        (out_dir / f"{stem}.json").write_text(json.dumps(truth, indent=1) + "\n")
        written.append(out_dir / f"{stem}.jpg")
    return written


def write_data_yaml(base: Path) -> Path:
    """The Ultralytics data file for a generated dataset (absolute path, one class ``tile``)."""
    splits = [p.name for p in (base / "images").iterdir() if p.is_dir()]
    data = {
        "path": str(base.resolve()),
        "train": "images/train",
        "val": "images/val" if "val" in splits else "images/train",
        "names": {0: "tile"},
    }
    target = base / "data.yaml"
    target.write_text(yaml.safe_dump(data, sort_keys=False))
    return target


def load_recipe(path: Path) -> dict:
    return yaml.safe_load(Path(path).read_text())


# recipe fields that are SceneConfig fields of the same name and type
_SHARES = ("red_fives", "flowers", "max_tilt", "kongs", "any_angle", "low_view", "cut", "single", "standing",
           "stretch", "autotable", "taiwanese")
_RECIPE_FIELDS = {"name", "styles", "surfaces", "render_long_side", "save_long_side", "splits",
                  "red_five_styles", *_SHARES}


def recipe_config(recipe: dict) -> SceneConfig:
    """The scene configuration a recipe asks for; an unknown field or a share outside 0-1 is an error
    (a misspelt option would otherwise be silently left out)."""
    unknown = sorted(set(recipe) - _RECIPE_FIELDS)
    if unknown:
        raise ValueError(f"unknown recipe field(s) {', '.join(unknown)}; "
                         f"known: {', '.join(sorted(_RECIPE_FIELDS))}")
    shares = {key: float(recipe[key]) for key in _SHARES if key in recipe}
    wrong = [key for key, value in shares.items() if not 0.0 <= value <= 1.0]
    if wrong or shares.get("single", 0.0) + shares.get("standing", 0.0) > 1.0:
        raise ValueError("recipe shares must lie in 0-1 (single + standing together too): "
                         + (", ".join(wrong) or "single + standing"))
    config = SceneConfig(
        styles=tuple(recipe.get("styles", STYLES)),
        surfaces=tuple(recipe.get("surfaces", SURFACES)),
        long_side=int(recipe.get("render_long_side", 1280)),
        red_five_styles=tuple(recipe["red_five_styles"]) if "red_five_styles" in recipe else None,
        **shares,
    )
    for style in config.styles:
        if style not in STYLES:
            raise ValueError(f"unknown tile style {style!r}; known: {', '.join(STYLES)}")
    for surface in config.surfaces:
        if surface not in ALL_SURFACES:
            raise ValueError(f"unknown surface {surface!r}; known: {', '.join(ALL_SURFACES)}")
    return config


def generate_from_recipe(recipe_path: Path, root: Path = Path("datasets"), limit: int | None = None,
                         split: str | None = None) -> Path:
    """Build every split a recipe names (or only ``split``); see datasets/*.yaml for the fields.
    ``limit``: only the first scenes of each split (a quick look, or a speed check)."""
    recipe = load_recipe(recipe_path)
    config = recipe_config(recipe)
    base = root / recipe["name"]
    if split is not None and split not in recipe["splits"]:
        raise ValueError(f"no split {split!r}; the recipe has {', '.join(recipe['splits'])}")
    for name, spec in recipe["splits"].items():
        if split is not None and name != split:
            continue
        write_dataset(
            recipe["name"],
            seed=int(spec["seed"]),
            count=min(int(spec["count"]), limit) if limit is not None else int(spec["count"]),
            config=config,
            root=root,
            save_long_side=int(recipe.get("save_long_side", 640)),
            split=name,
        )
    write_data_yaml(base)
    return base


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("recipe", type=Path, help="a datasets/*.yaml recipe")
    parser.add_argument("--root", type=Path, default=Path("datasets"))
    parser.add_argument("--limit", type=int, default=None, help="only the first N scenes of each split")
    parser.add_argument("--split", default=None, help="only this split (e.g. train)")
    args = parser.parse_args(argv)
    try:
        print(generate_from_recipe(args.recipe, args.root, args.limit, args.split))
    except ValueError as error:
        parser.error(f"{args.recipe}: {error}")


if __name__ == "__main__":
    main()
