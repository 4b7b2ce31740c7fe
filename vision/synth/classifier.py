"""The crop classifier: its training data (scene crops, flat faces, real Camerash photos) and training.

Why this mix: crops cut from rendered scenes look exactly like what the detector hands over at run
time (perspective, the tile's side, blur, glare); flat faces with heavy augmentation cover every
class evenly (red fives, flowers and backs are rare in hands); the real Camerash photos teach
transfer to physical tile sets we did not draw. One fifth of Camerash (every image whose number
is a multiple of 5) is never trained on and is used only for the reported accuracy.

Torch is imported inside the training functions only: the runtime never needs it.
"""

from __future__ import annotations

import argparse
import csv
import json
import time
from pathlib import Path

import cv2
import numpy as np
from tqdm import tqdm

from vision.classes import CLASS_CODES, CLASS_INDEX, CLASSIFIER_CODES
from vision.detect import box_iou
from vision.synth.faces import STYLES, render_face
from vision.synth.fitting import fit, jitter_light
from vision.synth.scene import Scene, SceneConfig, load_recipe, recipe_config, render_scene, undo_turn
from vision.synth.surfaces import SURFACES

INPUT_HW = (64, 48)  # crop height, width fed to the classifier
HELD_OUT_STYLES = ("taiwan",)
HELD_OUT_SURFACES = ("marble",)
TRAIN_STYLES = tuple(s for s in STYLES if s not in HELD_OUT_STYLES)
TRAIN_SURFACES = tuple(s for s in SURFACES if s not in HELD_OUT_SURFACES)

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


def _jittered_crop(image: np.ndarray, box: np.ndarray, rng: np.random.Generator | None,
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


def _as_read(scene: Scene) -> tuple[np.ndarray, np.ndarray]:
    """The photo and tile boxes the reader cuts crops from: a scene turned to any angle is turned
    back level first (``scene.undo_turn``), any other is the photo as it is."""
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
        image, boxes = _as_read(scene)
        for tile, box in zip(scene.tiles, boxes, strict=True):
            crop = _jittered_crop(image, box, rng, jitter)
            if crop.shape[0] < 4 or crop.shape[1] < 4:
                continue
            images.append(to_input(crop))
            labels.append(CLASS_INDEX[tile.code])
        for box in negative_boxes(boxes, image.shape[:2], rng, negatives):
            crop = _jittered_crop(image, box, rng, 0.0)
            if crop.shape[0] >= 4 and crop.shape[1] >= 4:
                images.append(to_input(crop))
                labels.append(NONE_INDEX)
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
        image, truth_boxes = _as_read(scene)
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
            crop = _jittered_crop(image, box, None, 0.0)
            if crop.shape[0] >= 4 and crop.shape[1] >= 4:
                images.append(to_input(crop))
                labels.append(label)
    return np.stack(images), np.array(labels, np.int64)


def _augment_geometry(
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
    crop = _jittered_crop(warped, box, rng, 0.07)
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
            images.append(to_input(_augment_geometry(face, rng, background)))
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
            images.append(to_input(_augment_geometry(face, rng, background)))
            labels.append(CLASS_INDEX[code])
    return np.stack(images), np.array(labels, np.int64)


def extra_crops(folder: Path, seed: int = 5, copies: int = 4) -> tuple[np.ndarray, np.ndarray]:
    """Crops from corrected photos saved by the web app: YOLO format, class ids index CLASS_CODES."""
    rng = np.random.default_rng(seed)
    images, labels = [], []
    for image_path in sorted(Path(folder, "images").rglob("*")):
        if image_path.suffix.lower() not in (".jpg", ".jpeg", ".png"):
            continue
        relative = image_path.relative_to(Path(folder, "images"))
        label_path = Path(folder, "labels", relative).with_suffix(".txt")
        photo = cv2.imread(str(image_path), cv2.IMREAD_COLOR)
        if photo is None or not label_path.exists():
            continue
        h, w = photo.shape[:2]
        for line in label_path.read_text().splitlines():
            parts = line.split()
            if len(parts) < 5 or not 0 <= int(parts[0]) < len(CLASS_CODES):
                continue
            cx, cy, bw, bh = (float(v) for v in parts[1:5])
            box = np.array([(cx - bw / 2) * w, (cy - bh / 2) * h, (cx + bw / 2) * w, (cy + bh / 2) * h])
            for _ in range(copies):
                crop = _jittered_crop(photo, box, rng, 0.06)
                if crop.shape[0] >= 4 and crop.shape[1] >= 4:
                    images.append(to_input(crop))
                    labels.append(int(parts[0]))
    if not images:
        return np.zeros((0, *INPUT_HW, 3), np.uint8), np.zeros(0, np.int64)
    return np.stack(images), np.array(labels, np.int64)


def _refuse_held_out(config: SceneConfig) -> None:
    if set(config.styles) & set(HELD_OUT_STYLES) or set(config.surfaces) & set(HELD_OUT_SURFACES):
        raise ValueError(f"the training recipe uses a held-out style or surface "
                         f"({', '.join(HELD_OUT_STYLES + HELD_OUT_SURFACES)})")


def build_data(
    cache: Path,
    camerash: Path | None,
    scenes: int,
    faces_per_class: int,
    camerash_copies: int,
    seed: int = 11,
    negatives: int = 6,
    detector_scenes: int = 0,
    config: SceneConfig | None = None,
) -> dict[str, np.ndarray]:
    """Training and held-out arrays, cached in one .npz (rebuilding takes minutes). ``config``: the
    training scenes' recipe (default: the training styles and surfaces, nothing more); the held-out
    checks stay the taiwan-on-marble scenes whatever it is."""
    if cache.exists():
        return dict(np.load(cache))
    if config is not None:
        _refuse_held_out(config)
    parts_x, parts_y = [], []
    x, y = scene_crops(seed, scenes, TRAIN_STYLES, TRAIN_SURFACES, negatives=negatives, config=config)
    parts_x.append(x)
    parts_y.append(y)
    if detector_scenes:
        x, y = detector_crops(seed + 3, detector_scenes, TRAIN_STYLES, TRAIN_SURFACES, config=config)
        parts_x.append(x)
        parts_y.append(y)
    x, y = face_crops(seed + 1, faces_per_class, TRAIN_STYLES)
    parts_x.append(x)
    parts_y.append(y)
    data: dict[str, np.ndarray] = {}
    if camerash is not None:
        train_items, held_items = camerash_split(camerash)
        x, y = camerash_crops(train_items, seed + 2, camerash_copies)
        parts_x.append(x)
        parts_y.append(y)
        data["camerash_x"], data["camerash_y"] = camerash_crops(held_items, 0, 0)
    data["train_x"], data["train_y"] = np.concatenate(parts_x), np.concatenate(parts_y)
    data["heldout_x"], data["heldout_y"] = scene_crops(
        seed + 100,
        max(20, scenes // 8),
        HELD_OUT_STYLES,
        HELD_OUT_SURFACES,
        jitter=0.05,
        desc="held-out crops",
    )
    # "none" crops from the held-out scenes, kept apart so the tile figure above keeps its meaning
    x, y = scene_crops(seed + 200, max(10, scenes // 16), HELD_OUT_STYLES, HELD_OUT_SURFACES,
                       desc="held-out negatives", negatives=8)
    data["heldout_none_x"], data["heldout_none_y"] = x[y == NONE_INDEX], y[y == NONE_INDEX]
    cache.parent.mkdir(parents=True, exist_ok=True)
    np.savez(cache, **data)
    return data


def make_model(num_classes: int = len(CLASSIFIER_CODES)):
    """A small VGG-style CNN: four conv blocks (16-128 channels) and global pooling, ~0.3 M weights."""
    import torch.nn as nn

    def block(cin: int, cout: int, convs: int) -> list:
        layers = []
        for i in range(convs):
            layers += [
                nn.Conv2d(cin if i == 0 else cout, cout, 3, padding=1, bias=False),
                nn.BatchNorm2d(cout),
                nn.ReLU(inplace=True),
            ]
        return layers + [nn.MaxPool2d(2)]

    return nn.Sequential(
        *block(3, 16, 1),
        *block(16, 32, 2),
        *block(32, 64, 2),
        *block(64, 128, 2),
        nn.Conv2d(128, 160, 3, padding=1, bias=False),
        nn.BatchNorm2d(160),
        nn.ReLU(inplace=True),
        nn.AdaptiveAvgPool2d(1),
        nn.Flatten(),
        nn.Dropout(0.2),
        nn.Linear(160, num_classes),
    )


def _to_tensor(batch_bgr: np.ndarray):
    import torch

    rgb = batch_bgr[..., ::-1].astype(np.float32) / 255.0
    return torch.from_numpy(np.ascontiguousarray(rgb.transpose(0, 3, 1, 2)))


def _augment_batch(x, generator):
    """Photometric noise on a batch (N,3,H,W in 0-1): light, contrast, colour cast, noise, upside down."""
    import torch

    n = x.shape[0]
    x = jitter_light(x, generator, noise=0.06)
    flip = torch.rand(n, generator=generator) < 0.2
    x[flip] = torch.flip(x[flip], dims=(2, 3))
    gray = torch.rand(n, generator=generator) < 0.05
    x[gray] = x[gray].mean(dim=1, keepdim=True).expand(-1, 3, -1, -1)
    return x.clamp(0, 1)


def accuracy(model, x_bgr: np.ndarray, y: np.ndarray, batch: int = 512) -> float:
    import torch

    model.eval()
    correct = 0
    with torch.no_grad():
        for i in range(0, len(x_bgr), batch):
            logits = model(_to_tensor(x_bgr[i : i + batch]))
            correct += int((logits.argmax(1).numpy() == y[i : i + batch]).sum())
    return correct / max(1, len(y))


def train(
    data: dict[str, np.ndarray],
    *,
    epochs: int,
    batch: int = 128,
    lr: float = 3e-3,
    seed: int = 0,
    checkpoint: Path | None = None,
    weights: Path | None = None,
    log=print,
):
    """Train from scratch, or from ``weights`` (another run's checkpoint: fine-tuning with a fresh
    schedule), or resume ``checkpoint``; returns the model and per-epoch figures."""

    checks = {"heldout_synthetic_top1": "heldout", "heldout_none_rejected": "heldout_none",
              "camerash_heldout_top1": "camerash", "real_dev_top1": "real_dev"}

    def figures(model) -> dict:
        return {name: round(accuracy(model, data[f"{part}_x"], data[f"{part}_y"]), 4)
                for name, part in checks.items() if f"{part}_x" in data}

    return fit(make_model, data["train_x"], data["train_y"], epochs=epochs, batch=batch, lr=lr, seed=seed,
               to_batch=lambda x, generator: _augment_batch(_to_tensor(x), generator), figures=figures,
               label_smoothing=0.05, checkpoint=checkpoint, weights=weights, log=log)


def export_onnx(model, target: Path) -> Path:
    """ONNX with a dynamic batch axis: input 'crops' N x 3 x H x W (RGB 0-1), output 'logits'."""
    import torch

    model.eval()
    dummy = torch.zeros(1, 3, *INPUT_HW)
    target.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(
        model,
        dummy,
        str(target),
        input_names=["crops"],
        output_names=["logits"],
        dynamic_axes={"crops": {0: "n"}, "logits": {0: "n"}},
        opset_version=17,
        dynamo=False,
    )
    return target


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--camerash", type=Path, default=None, help="the Camerash folder (read in place)")
    parser.add_argument("--scenes", type=int, default=800, help="rendered scenes to cut crops from")
    parser.add_argument("--faces-per-class", type=int, default=160)
    parser.add_argument("--camerash-copies", type=int, default=12)
    parser.add_argument("--negatives", type=int, default=6, help="not-a-tile crops per rendered scene")
    parser.add_argument("--detector-scenes", type=int, default=0,
                        help="rendered scenes to cut crops from where the shipped detector puts its boxes")
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--cache", type=Path, default=Path("datasets/classifier/data.npz"))
    parser.add_argument("--checkpoint", type=Path, default=Path("runs/classifier/last.pt"))
    parser.add_argument("--out", type=Path, default=Path("models/classifier.onnx"))
    parser.add_argument("--extra", type=Path, default=None, help="corrected photos (YOLO format) to add")
    parser.add_argument("--weights", type=Path, default=None,
                        help="start from this checkpoint's weights (fine-tuning; a fresh schedule)")
    parser.add_argument("--lr", type=float, default=3e-3, help="peak learning rate (one-cycle)")
    parser.add_argument("--seed", type=int, default=11, help="seed of the rendered scenes and crops")
    parser.add_argument("--recipe", type=Path, default=None,
                        help="render the training scenes as this datasets/*.yaml recipe does (its styles, "
                             "surfaces and options; its splits and seeds are not used)")


def run(args: argparse.Namespace) -> None:
    started = time.time()
    config = None
    if args.recipe:
        try:
            config = recipe_config(load_recipe(args.recipe))
            _refuse_held_out(config)
        except ValueError as error:     # an unknown option, or a held-out family
            raise SystemExit(f"--recipe {args.recipe}: {error}") from error
    data = build_data(
        args.cache, args.camerash, args.scenes, args.faces_per_class, args.camerash_copies,
        seed=args.seed, negatives=args.negatives, detector_scenes=args.detector_scenes, config=config,
    )
    if args.extra is not None:
        x, y = extra_crops(args.extra)
        data["train_x"] = np.concatenate([data["train_x"], x])
        data["train_y"] = np.concatenate([data["train_y"], y])
    counts = {k: int(v.shape[0]) for k, v in data.items() if k.endswith("_y")}
    print(json.dumps({"samples": counts, "build_seconds": round(time.time() - started, 1)}))
    args.checkpoint.parent.mkdir(parents=True, exist_ok=True)
    model, history = train(data, epochs=args.epochs, lr=args.lr, checkpoint=args.checkpoint,
                           weights=args.weights)
    print(export_onnx(model, args.out))
    (args.checkpoint.parent / "history.json").write_text(json.dumps(history, indent=1))
