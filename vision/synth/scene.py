"""Photos of hands laid on a table, rendered with exact boxes: the detector's training data.

A scene is one tile set (style + set seed) laid out like a declared hand (``hands.random_hand``):
the concealed row, the winning tile set apart, melds with a rotated called tile, concealed kongs
with face-down ends, flowers on their own row. The flat layout is drawn on a "table plane", then
seen through a random camera (top-down to a low seat view, in-plane turn), over a procedural
surface with clutter, then lit (gradient, colour cast, glare, a cast shadow), blurred, noised and
JPEG-compressed. Everything is drawn from one seed, so a scene is reproducible.

``python -m vision.synth.scene RECIPE.yaml`` writes a YOLO dataset (images/, labels/) under
``datasets/<name>/`` plus ``truth/<stem>.json`` per scene in the ``vision read`` JSON shape.
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

from vision.synth.faces import STYLES, back_colour, face_tint, render_face
from vision.synth.hands import KONGS, LaidHand, random_hand
from vision.synth.surfaces import SURFACES, make_surface

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
    boxes: np.ndarray  # N x 4 (x1, y1, x2, y2) pixels
    quads: np.ndarray  # N x 4 x 2 image corners of each tile (for crops)
    tiles: list[PlacedTile]
    hand: LaidHand
    meta: dict


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
    plane_w: float, plane_h: float, out_w: int, out_h: int, rng: np.random.Generator, elevation: float
) -> np.ndarray:
    """A pinhole camera over the table: a homography from the plane to the photo.

    ``elevation`` is the camera's angle above the table (90 degrees = straight down); the camera
    may also sit a little to one side and be turned in its own plane, as hand-held photos are.
    """
    distance = max(plane_w, plane_h) * rng.uniform(0.9, 2.2)
    elev = math.radians(elevation)
    azimuth = math.radians(rng.normal(0, 10))
    centre = np.array([plane_w / 2, plane_h / 2, 0.0])
    # plane y grows toward the player, so the camera stands on the +y side, above the table
    offset = np.array(
        [math.sin(azimuth) * math.cos(elev), math.cos(azimuth) * math.cos(elev), math.sin(elev)]
    )
    position = centre + offset * distance
    forward = (centre - position) / np.linalg.norm(centre - position)
    right = np.cross(forward, np.array([0.0, 0.0, 1.0])) if elevation < 89.5 else np.array([1.0, 0.0, 0.0])
    right = right / np.linalg.norm(right)
    if right[0] < 0:
        right = -right
    down = np.cross(right, forward)
    corners = np.array([[0, 0, 0], [plane_w, 0, 0], [plane_w, plane_h, 0], [0, plane_h, 0]], np.float64)
    rel = corners - position
    z = rel @ forward
    img = np.stack([(rel @ right) / z, (rel @ down) / z], axis=1)
    angle = math.radians(rng.normal(0, 6) if rng.random() < 0.8 else rng.uniform(-30, 30))
    rot = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
    img = img @ rot.T
    span = img.max(axis=0) - img.min(axis=0)
    fill = rng.uniform(0.5, 0.96)
    scale = min(out_w * fill / span[0], out_h * 0.96 / span[1])
    img = (img - img.min(axis=0)) * scale
    span = span * scale
    img += np.array([rng.uniform(0, out_w - span[0]), rng.uniform(0, out_h - span[1])])
    src = corners[:, :2].astype(np.float32)
    return cv2.getPerspectiveTransform(src, img.astype(np.float32))


def _tile_sprite(
    tile: PlacedTile, style: str, set_seed: int, depth: int, rng: np.random.Generator
) -> np.ndarray:
    """The tile as seen from above and slightly in front: face, then the body's near side."""
    face_code = tile.code
    face = render_face(face_code, style=style, width=TILE_W * 2, height=TILE_H * 2, seed=set_seed)
    face = cv2.resize(face, (TILE_W, TILE_H), interpolation=cv2.INTER_AREA)
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


def render_scene(seed: int, config: SceneConfig | None = None) -> Scene:
    """One photo of a hand on a table, fully determined by ``seed`` and ``config``."""
    config = config or SceneConfig()
    rng = np.random.default_rng(seed)
    style = str(rng.choice(config.styles))
    surface = str(rng.choice(config.surfaces))
    set_seed = int(rng.integers(0, 1_000_000))
    aspect = rng.choice([4 / 3, 4 / 3, 16 / 9, 3 / 4, 1.0])
    if aspect >= 1:
        out_w, out_h = config.long_side, int(config.long_side / aspect)
    else:
        out_w, out_h = int(config.long_side * aspect), config.long_side
    hand = random_hand(
        rng, red_fives=bool(rng.random() < config.red_fives), flowers=bool(rng.random() < config.flowers),
        kongs=config.kongs,
    )
    tilt = float(rng.uniform(0, config.max_tilt))
    elevation = 90.0 - 65.0 * tilt  # 90 = top-down, 25 = a low seat view
    thickness = TILE_W * rng.uniform(0.5, 0.75)
    depth = int(round(min(TILE_H, thickness / math.tan(math.radians(max(elevation, 1.0))))))
    placed, plane_w, plane_h = _layout(hand, rng, depth)
    matrix = _camera(plane_w, plane_h, out_w, out_h, rng, elevation)

    # draw the plane: sprites plus a soft drop shadow, then warp it into the photo
    pad = 20
    plane = np.zeros((int(plane_h) + 2 * pad, int(plane_w) + 2 * pad, 3), np.float32)
    alpha = np.zeros(plane.shape[:2], np.float32)
    shadow = np.zeros(plane.shape[:2], np.float32)
    shift = np.array([pad, pad], np.float32)
    sdx, sdy = rng.uniform(-6, 6), rng.uniform(0, 8)
    for tile in placed:
        x0, y0 = (tile.corners[0] + shift).astype(int)
        x1, y1 = (tile.corners[2] + shift).astype(int)
        cv2.rectangle(shadow, (int(x0 + sdx), int(y0 + sdy)), (int(x1 + sdx), int(y1 + sdy)), 1.0, -1)
    for tile in placed:
        sprite = _tile_sprite(tile, style, set_seed, depth, rng)
        x0, y0 = (tile.corners[0] + shift).astype(int)
        h, w = sprite.shape[:2]
        h = min(h, plane.shape[0] - y0)
        w = min(w, plane.shape[1] - x0)
        plane[y0 : y0 + h, x0 : x0 + w] = sprite[:h, :w]
        alpha[y0 : y0 + h, x0 : x0 + w] = 1.0
        tile.corners = tile.corners + shift
    move = np.array([[1, 0, -pad], [0, 1, -pad], [0, 0, 1]], np.float32)
    full = matrix @ move
    background = make_surface(surface, out_h, out_w, rng).astype(np.float32)
    quads = np.stack([cv2.perspectiveTransform(t.corners[None], full)[0] for t in placed])
    hand_box = (*quads.reshape(-1, 2).min(axis=0), *quads.reshape(-1, 2).max(axis=0))
    bg_u8 = background.astype(np.uint8)
    _clutter(bg_u8, rng, hand_box)
    background = bg_u8.astype(np.float32)
    shadow = cv2.GaussianBlur(shadow, (0, 0), rng.uniform(2, 7))
    warp_shadow = cv2.warpPerspective(shadow, full, (out_w, out_h))
    background *= (1 - warp_shadow * rng.uniform(0.25, 0.55))[:, :, None]
    warp_plane = cv2.warpPerspective(plane, full, (out_w, out_h), flags=cv2.INTER_AREA)
    warp_alpha = cv2.warpPerspective(alpha, full, (out_w, out_h), flags=cv2.INTER_LINEAR)[:, :, None]
    image = background * (1 - warp_alpha) + warp_plane * warp_alpha
    image = _degrade(_light(image, rng), rng)

    boxes = np.concatenate([quads.min(axis=1), quads.max(axis=1)], axis=1)
    boxes[:, [0, 2]] = boxes[:, [0, 2]].clip(0, out_w - 1)
    boxes[:, [1, 3]] = boxes[:, [1, 3]].clip(0, out_h - 1)
    meta = {
        "seed": seed,
        "style": style,
        "set_seed": set_seed,
        "surface": surface,
        "elevation_deg": round(elevation, 1),
    }
    return Scene(image, boxes, quads, placed, hand, meta)


def truth_json(scene: Scene, scale: float = 1.0) -> dict:
    """The scene's true reading, in the shape of ``python -m vision read --json``."""
    tiles = []
    groups: dict[int, list[int]] = {}
    for index, (tile, box) in enumerate(zip(scene.tiles, scene.boxes, strict=True)):
        tiles.append(
            {
                "tile": tile.code,
                "box": [round(float(v) * scale, 1) for v in box],
                "face_down": tile.face_down,
                "rotated": tile.rotated,
            }
        )
        groups.setdefault(tile.group, []).append(index)
    group_list = [
        {
            "kind": scene.hand.groups[g].kind,
            "tiles": members,
            **({"meld": scene.hand.groups[g].meld} if scene.hand.groups[g].meld else {}),
        }
        for g, members in sorted(groups.items())
    ]
    return {"tiles": tiles, "groups": group_list, "hand": scene.hand.engine_input(), "meta": scene.meta}


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


def generate_from_recipe(recipe_path: Path, root: Path = Path("datasets")) -> Path:
    """Build every split a recipe names; see datasets/*.yaml for the fields."""
    recipe = load_recipe(recipe_path)
    config = SceneConfig(
        styles=tuple(recipe.get("styles", STYLES)),
        surfaces=tuple(recipe.get("surfaces", SURFACES)),
        long_side=int(recipe.get("render_long_side", 1280)),
        max_tilt=float(recipe.get("max_tilt", 1.0)),
        kongs=float(recipe.get("kongs", KONGS)),
    )
    base = root / recipe["name"]
    for split, spec in recipe["splits"].items():
        write_dataset(
            recipe["name"],
            seed=int(spec["seed"]),
            count=int(spec["count"]),
            config=config,
            root=root,
            save_long_side=int(recipe.get("save_long_side", 640)),
            split=split,
        )
    write_data_yaml(base)
    return base


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("recipe", type=Path, help="a datasets/*.yaml recipe")
    parser.add_argument("--root", type=Path, default=Path("datasets"))
    args = parser.parse_args(argv)
    print(generate_from_recipe(args.recipe, args.root))


if __name__ == "__main__":
    main()
