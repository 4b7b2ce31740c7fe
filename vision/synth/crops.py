"""The crop classifier's training crops, one function per source: rendered scenes (cut where the
truth boxes are, or where the shipped detector puts its boxes), flat faces with heavy augmentation,
the real Camerash photos, and corrected photos saved by the web app. Each returns crops as the
classifier sees them (``to_input``) and their class indexes.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
from tqdm import tqdm

from vision.classes import CLASS_CODES, CLASS_INDEX
from vision.detect import box_iou
from vision.synth.camera import undo_turn
from vision.synth.faces import render_face
from vision.synth.scene import Scene, render_scene
from vision.synth.shot import SceneConfig

INPUT_HW = (64, 48)  # crop height, width fed to the classifier

CAMERASH_NAMES = {
    **{f"dots-{n}": f"{n}p" for n in range(1, 10)},
    **{f"bamboo-{n}": f"{n}s" for n in range(1, 10)},
    **{f"characters-{n}": f"{n}m" for n in range(1, 10)},
    "honors-east": "1z",
    "honors-south": "2z",
    "honors-west": "3z",
    "honors-north": "4z",
    "honors-white": "5z",
    "honors-green": "6z",
    "honors-red": "7z",
    "bonus-plum": "1f",
    "bonus-orchid": "2f",
    "bonus-chrysanthemum": "3f",
    "bonus-bamboo": "4f",
    "bonus-spring": "5f",
    "bonus-summer": "6f",
    "bonus-autumn": "7f",
    "bonus-winter": "8f",
}


def camerash_split(root: Path) -> tuple[list[tuple[Path, str]], list[tuple[Path, str]]]:
    """(train, held_out) lists of (image path, tile code); held out = image number divisible by 5."""
    train, held = [], []
    seen = set()
    with open(Path(root) / "data.csv", newline="") as handle:
        for row in csv.DictReader(handle):
            name = row["image-name"]
            if name in seen:
                continue
            seen.add(name)
            item = (Path(root) / "images" / name, CAMERASH_NAMES[row["label-name"]])
            (held if int(Path(name).stem) % 5 == 0 else train).append(item)
    return train, held


def to_input(crop_bgr: np.ndarray) -> np.ndarray:
    """A crop as the classifier sees it: upright (landscape turned), resized to INPUT_HW, BGR uint8."""
    h, w = crop_bgr.shape[:2]
    if w > h * 1.15:
        crop_bgr = np.ascontiguousarray(np.rot90(crop_bgr, 1))
    return cv2.resize(crop_bgr, (INPUT_HW[1], INPUT_HW[0]), interpolation=cv2.INTER_AREA)


def jittered_crop(image: np.ndarray, box: np.ndarray, rng: np.random.Generator | None,
                   jitter: float) -> np.ndarray:
    """Cut ``box`` with the slop of a real detector: edges moved by up to ``jitter`` of the size."""
    x1, y1, x2, y2 = box
    w, h = x2 - x1, y2 - y1
    d = rng.uniform(-jitter, jitter, 4) * np.array([w, h, w, h]) if jitter else np.zeros(4)
    x1, y1, x2, y2 = x1 + d[0], y1 + d[1], x2 + d[2], y2 + d[3]
    H, W = image.shape[:2]
    x1, y1 = int(max(0, x1)), int(max(0, y1))
    x2, y2 = int(min(W, max(x1 + 2, x2))), int(min(H, max(y1 + 2, y2)))
    return image[y1:y2, x1:x2]


NONE_INDEX = len(CLASS_CODES)  # the classifier's "not a tile" output (CLASSIFIER_CODES[-1])


def _keep(crop: np.ndarray, label: int, images: list, labels: list) -> None:
    """Add a crop and its label, unless the cut left a sliver (under 4 pixels a side) that no
    detector would hand over."""
    if crop.shape[0] >= 4 and crop.shape[1] >= 4:
        images.append(to_input(crop))
        labels.append(label)


def negative_boxes(boxes: np.ndarray, shape: tuple[int, int], rng: np.random.Generator, count: int) -> list:
    """Tile-sized boxes that hold no whole tile: mostly bare table (and whatever clutter lies there),
    some straddling two neighbours or half off a tile, as the detector's false boxes do."""
    height, width = shape
    sizes = np.stack([boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]], axis=1)
    found = []
    for _ in range(count * 20):
        if len(found) >= count:
            break
        w, h = sizes[rng.integers(len(sizes))] * rng.uniform(0.7, 1.4, 2)
        if rng.random() < 0.3:   # shifted off a real tile by half a tile or more
            shift = rng.uniform(0.5, 0.9, 2) * rng.choice([-1, 1], 2) * (w, h)
            x1, y1 = boxes[rng.integers(len(boxes)), :2] + shift
            limit = 0.3
        else:
            x1, y1 = rng.uniform(0, max(1, width - w)), rng.uniform(0, max(1, height - h))
            limit = 0.05
        box = np.array([x1, y1, x1 + w, y1 + h])
        if box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height:
            continue
        if not len(boxes) or float(box_iou(box, boxes).max()) <= limit:
            found.append(box)
    return found


def as_read(scene: Scene) -> tuple[np.ndarray, np.ndarray]:
    """The photo and tile boxes the reader cuts crops from: a scene turned to any angle is turned
    back level first (``camera.undo_turn``), any other is the photo as it is."""
    if not scene.meta.get("turn_deg"):
        return scene.image, scene.boxes
    return undo_turn(scene.image, scene.quads, scene.meta["turn_deg"])


def scene_crops(
    seed: int,
    count: int,
    styles: tuple[str, ...],
    surfaces: tuple[str, ...],
    jitter: float = 0.08,
    desc: str = "scene crops",
    negatives: int = 0,
    config: SceneConfig | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Crops of every tile in ``count`` rendered scenes, as the detector would cut them, and
    ``negatives`` boxes per scene that hold no tile (labelled NONE_INDEX). ``config``: a recipe's
    scenes (``scene.recipe_config``; its styles and surfaces are used, not ``styles``/``surfaces``)."""
    config = config or SceneConfig(styles=styles, surfaces=surfaces)
    rng = np.random.default_rng(seed)
    images, labels = [], []
    for index in tqdm(range(count), desc=desc, unit="scene"):
        scene = render_scene(seed * 1_000_003 + index, config)
        image, boxes = as_read(scene)
        for tile, box in zip(scene.tiles, boxes, strict=True):
            _keep(jittered_crop(image, box, rng, jitter), CLASS_INDEX[tile.code], images, labels)
        for box in negative_boxes(boxes, image.shape[:2], rng, negatives):
            _keep(jittered_crop(image, box, rng, 0.0), NONE_INDEX, images, labels)
    return np.stack(images), np.array(labels, np.int64)


def detector_crops(
    seed: int,
    count: int,
    styles: tuple[str, ...],
    surfaces: tuple[str, ...],
    detector_config: Path | None = None,
    desc: str = "detector crops",
    config: SceneConfig | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Crops cut where the shipped detector puts its boxes on ``count`` rendered scenes, faint
    boxes included: a box on a tile (IoU >= 0.5) is that tile, a box on no tile (IoU < 0.3 with
    every one) is NONE_INDEX, a box between is left out. Why: the false boxes a detector draws
    (a vein or a printed frame on the table, the gap between two tiles) and its loose or tight
    cuts of real tiles are the cases the classifier meets at run time and random boxes miss."""
    from vision.detect import FAINT_CONF, ModelConfig, TileDetector

    detector = TileDetector(ModelConfig.load(detector_config), threads=1)
    config = config or SceneConfig(styles=styles, surfaces=surfaces)
    images, labels = [], []
    for index in tqdm(range(count), desc=desc, unit="scene"):
        scene = render_scene(seed * 1_000_003 + index, config)
        image, truth_boxes = as_read(scene)
        boxes, _ = detector.find_tiles(image, conf=FAINT_CONF)
        for box in boxes:
            overlaps = box_iou(box, truth_boxes) if len(truth_boxes) else np.zeros(1)
            best = int(overlaps.argmax())
            if overlaps[best] >= 0.5:
                label = CLASS_INDEX[scene.tiles[best].code]
            elif overlaps[best] < 0.3:
                label = NONE_INDEX
            else:
                continue
            _keep(jittered_crop(image, box, None, 0.0), label, images, labels)
    return np.stack(images), np.array(labels, np.int64)


def augment_geometry(
    face: np.ndarray, rng: np.random.Generator, background: tuple[int, int, int]
) -> np.ndarray:
    """Perspective, a visible side, a margin of table, light and blur on one flat face."""
    h, w = face.shape[:2]
    if rng.random() < 0.6:  # the tile's side under the face, in a back colour
        depth = int(h * rng.uniform(0.05, 0.4))
        side = np.empty((depth, w, 3), np.uint8)
        side[:] = np.array(rng.integers(0, 255, 3), np.uint8)
        side[: depth // 2] = (face[h // 2, w // 2].astype(np.int32) * 0 + np.array([225, 235, 240])).astype(
            np.uint8
        )
        face = np.concatenate([face, side], axis=0)
        h = face.shape[0]
    margin = int(0.15 * max(h, w))
    canvas = np.empty((h + 2 * margin, w + 2 * margin, 3), np.uint8)
    canvas[:] = np.array(background, np.uint8)
    canvas[margin : margin + h, margin : margin + w] = face
    src = np.array(
        [[margin, margin], [margin + w, margin], [margin + w, margin + h], [margin, margin + h]], np.float32
    )
    spread = rng.uniform(0, 0.12)
    dst = src + rng.uniform(-spread, spread, src.shape).astype(np.float32) * np.array([w, h], np.float32)
    warped = cv2.warpPerspective(
        canvas, cv2.getPerspectiveTransform(src, dst), canvas.shape[1::-1], borderMode=cv2.BORDER_REPLICATE
    )
    box = np.array([dst[:, 0].min(), dst[:, 1].min(), dst[:, 0].max(), dst[:, 1].max()])
    crop = jittered_crop(warped, box, rng, 0.07)
    if rng.random() < 0.4:
        crop = cv2.GaussianBlur(crop, (0, 0), rng.uniform(0.3, 1.5))
    return crop


def face_crops(seed: int, per_class: int, styles: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
    """``per_class`` augmented flat faces of every class, drawn from ``styles``."""
    rng = np.random.default_rng(seed)
    images, labels = [], []
    for code in tqdm(CLASS_CODES, desc="face crops", unit="class"):
        for _ in range(per_class):
            style = str(rng.choice(styles))
            width = int(rng.integers(30, 90))
            face = render_face(
                code,
                style=style,
                width=width,
                height=int(width * rng.uniform(1.25, 1.45)),
                seed=int(rng.integers(0, 1_000_000)),
            )
            background = tuple(int(c) for c in rng.integers(0, 256, 3))
            images.append(to_input(augment_geometry(face, rng, background)))
            labels.append(CLASS_INDEX[code])
    return np.stack(images), np.array(labels, np.int64)


def camerash_crops(items: list[tuple[Path, str]], seed: int, copies: int) -> tuple[np.ndarray, np.ndarray]:
    """Real photos: ``copies`` augmented versions of each (0 copies = the plain photo once)."""
    rng = np.random.default_rng(seed)
    images, labels = [], []
    for path, code in items:
        photo = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if photo is None:
            continue
        if copies == 0:
            images.append(to_input(photo))
            labels.append(CLASS_INDEX[code])
            continue
        for _ in range(copies):
            face = photo
            if rng.random() < 0.5:
                scale = rng.uniform(0.15, 0.6)
                face = cv2.resize(photo, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
            background = tuple(int(c) for c in rng.integers(0, 256, 3))
            images.append(to_input(augment_geometry(face, rng, background)))
            labels.append(CLASS_INDEX[code])
    return np.stack(images), np.array(labels, np.int64)


def labelled_photos(folder: Path) -> Iterator[tuple[np.ndarray, np.ndarray, list[int]]]:
    """Each corrected photo saved by the web app (YOLO format, class ids index CLASS_CODES) as
    (photo, boxes in pixels, class ids); labels outside the classes are skipped."""
    for image_path in sorted(Path(folder, "images").rglob("*")):
        if image_path.suffix.lower() not in (".jpg", ".jpeg", ".png"):
            continue
        relative = image_path.relative_to(Path(folder, "images"))
        label_path = Path(folder, "labels", relative).with_suffix(".txt")
        photo = cv2.imread(str(image_path), cv2.IMREAD_COLOR)
        if photo is None or not label_path.exists():
            continue
        h, w = photo.shape[:2]
        boxes, classes = [], []
        for line in label_path.read_text().splitlines():
            parts = line.split()
            if len(parts) < 5 or not 0 <= int(parts[0]) < len(CLASS_CODES):
                continue
            cx, cy, bw, bh = (float(v) for v in parts[1:5])
            boxes.append([(cx - bw / 2) * w, (cy - bh / 2) * h, (cx + bw / 2) * w, (cy + bh / 2) * h])
            classes.append(int(parts[0]))
        if boxes:
            yield photo, np.array(boxes), classes


def extra_crops(folder: Path, seed: int = 5, copies: int = 4) -> tuple[np.ndarray, np.ndarray]:
    """Crops from corrected photos saved by the web app (``labelled_photos``)."""
    rng = np.random.default_rng(seed)
    images, labels = [], []
    for photo, boxes, classes in labelled_photos(folder):
        for box, label in zip(boxes, classes, strict=True):
            for _ in range(copies):
                _keep(jittered_crop(photo, box, rng, 0.06), label, images, labels)
    if not images:
        return np.zeros((0, *INPUT_HW, 3), np.uint8), np.zeros(0, np.int64)
    return np.stack(images), np.array(labels, np.int64)
