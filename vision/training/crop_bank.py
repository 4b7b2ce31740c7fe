"""The pretrained classifier's training crops, cut once and kept in a bank (an .npz outside git).

Every crop is stored with some table around the tile (STORE_CONTEXT of its size on each side), so
training can cut it again as a detector would, a little loose or tight (vision.training.tile_classifier).
Sources, each labelled with where it came from so figures can be given per source:

- ``real``: the real phone photos' boxes (train, dev and validation photos kept apart by the
  fixed split of vision.training.real_photos), cut upright along their row's line (vision.tile_crops).
  Some photos of that export are mirrored; a mirrored face is no real tile, so each photo is
  first put the right way round by asking the shipped classifier which way its tiles read best.
- ``real_none``: boxes on those photos that hold no tile (table, clutter, between two tiles).
- ``scene``: rendered scenes (every face style the generator has, standing hands included), with
  their own ``none`` boxes; the held-out style on the held-out surface is kept for the report.
- ``face``: flat faces of every class under heavy geometry (rare classes: red fives, flowers, backs).
- ``camerash``: the Camerash single-tile photos (their held-out fifth kept apart).
- ``extra``: tiles corrected in the web app (YOLO format), when given.

    python -m vision.training.crop_bank --real DIR --camerash DIR --out ~/.cache/tiletally/bank.npz
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import cv2
import numpy as np
from tqdm import tqdm

from vision.classes import CLASS_CODES, CLASS_INDEX, CLASSIFIER_CODES
from vision.rows import row_angle
from vision.tile_crops import upright_crops

STORE_HW = (120, 90)      # stored crop height, width (a tile is about 4:3 tall)
STORE_CONTEXT = 0.125     # table kept round each stored tile, a share of its size per side
LEVEL_DEGREES = 3.0       # rows slanting less than this are cut straight
NONE_INDEX = CLASSIFIER_CODES.index("none")
SOURCES = ("real", "real_none", "scene", "face", "camerash", "extra")


def photo_angle(boxes: np.ndarray) -> float:
    """The rows' angle a photo's crops are cut along (0 when the rows lie within LEVEL_DEGREES):
    the same rule at training and at run time."""
    if len(boxes) < 3:
        return 0.0
    angle = row_angle(boxes.astype(np.float64))
    return angle if abs(np.degrees(angle)) >= LEVEL_DEGREES else 0.0


def store_crops(image: np.ndarray, boxes: np.ndarray, angle: float | None = None) -> np.ndarray:
    """Every box cut upright with STORE_CONTEXT round it, at STORE_HW."""
    angle = photo_angle(boxes) if angle is None else angle
    return upright_crops(image, boxes.astype(np.float64), angle, STORE_HW, STORE_CONTEXT)


def pad_tight(crop: np.ndarray) -> np.ndarray:
    """A crop cut tight to its tile (a flat face, a catalogue photo) stored as the others are:
    upright, with a border the size of STORE_CONTEXT made of its own edge pixels."""
    if crop.shape[1] > crop.shape[0] * 1.15:
        crop = np.ascontiguousarray(np.rot90(crop, 1))
    inner_h = int(round(STORE_HW[0] / (1 + 2 * STORE_CONTEXT)))
    inner_w = int(round(STORE_HW[1] / (1 + 2 * STORE_CONTEXT)))
    inner = cv2.resize(crop, (inner_w, inner_h), interpolation=cv2.INTER_AREA)
    top, left = (STORE_HW[0] - inner_h) // 2, (STORE_HW[1] - inner_w) // 2
    return cv2.copyMakeBorder(inner, top, STORE_HW[0] - inner_h - top, left, STORE_HW[1] - inner_w - left,
                              cv2.BORDER_REPLICATE)


# -- real photos ---------------------------------------------------------------------------------

class MirrorJudge:
    """Which way round a photo's tiles read best: as they are, mirrored left-right, or mirrored
    top-bottom (both at once is a half turn, which the classifier reads as well as upright). Asks
    the shipped classifier for the summed log-probability of each tile's labelled class."""

    def __init__(self) -> None:
        from vision.detect import ModelConfig, TileDetector

        self.detector = TileDetector(ModelConfig.load(), threads=2, tta=False, mirror=False)

    def __call__(self, image: np.ndarray, boxes: np.ndarray, labels: list[int]) -> str:
        scores = {}
        height, width = image.shape[:2]
        views = {"none": (image, boxes),
                 "lr": (image[:, ::-1], np.stack([width - boxes[:, 2], boxes[:, 1], width - boxes[:, 0],
                                                  boxes[:, 3]], 1)),
                 "ud": (image[::-1], np.stack([boxes[:, 0], height - boxes[:, 3], boxes[:, 2],
                                               height - boxes[:, 1]], 1))}
        for name, (view, view_boxes) in views.items():
            probs = self.detector._probabilities(np.ascontiguousarray(view), view_boxes.astype(np.float32),
                                                 ((view_boxes[:, 2] - view_boxes[:, 0])
                                                  > 1.15 * (view_boxes[:, 3] - view_boxes[:, 1])).astype(int))
            classifier_index = [self.detector.config.classifier_classes.index(CLASS_CODES[label])
                                for label in labels]
            scores[name] = float(np.log(probs[np.arange(len(labels)), classifier_index] + 1e-6).sum())
        return max(scores, key=scores.get)


def unmirror(image: np.ndarray, boxes: np.ndarray, way: str) -> tuple[np.ndarray, np.ndarray]:
    height, width = image.shape[:2]
    if way == "lr":
        return np.ascontiguousarray(image[:, ::-1]), np.stack(
            [width - boxes[:, 2], boxes[:, 1], width - boxes[:, 0], boxes[:, 3]], 1)
    if way == "ud":
        return np.ascontiguousarray(image[::-1]), np.stack(
            [boxes[:, 0], height - boxes[:, 3], boxes[:, 2], height - boxes[:, 1]], 1)
    return image, boxes


def real_crops(folder: Path, negatives: int, seed: int) -> dict[str, dict[str, np.ndarray]]:
    """Per split (train, dev, val): crops, labels, and which photo each came from; ``none`` crops
    from the training photos only. Also how many photos were found mirrored."""
    from vision.synth.crops import negative_boxes
    from vision.training.real_photos import load_photos, split_of

    judge = MirrorJudge()
    rng = np.random.default_rng(seed)
    parts: dict[str, dict[str, list]] = {}
    mirrored: dict[str, int] = {}
    for photo_index, photo in enumerate(tqdm(load_photos(folder), desc="real photos", unit="photo")):
        if not len(photo.codes):
            continue
        split = split_of(photo.image.name)
        image = cv2.imread(str(photo.image), cv2.IMREAD_COLOR)
        labels = [CLASS_INDEX[code] for code in photo.codes]
        way = judge(image, photo.boxes, labels)
        mirrored[way] = mirrored.get(way, 0) + 1
        image, boxes = unmirror(image, photo.boxes, way)
        part = parts.setdefault(split, {"x": [], "y": [], "photo": [], "source": []})
        angle = photo_angle(boxes)
        part["x"].append(store_crops(image, boxes, angle))
        part["y"] += labels
        part["photo"] += [photo_index] * len(labels)
        part["source"] += ["real"] * len(labels)
        if split == "train" and negatives:
            empty = negative_boxes(boxes, image.shape[:2], rng, negatives)
            if empty:
                part["x"].append(store_crops(image, np.array(empty), angle))
                part["y"] += [NONE_INDEX] * len(empty)
                part["photo"] += [photo_index] * len(empty)
                part["source"] += ["real_none"] * len(empty)
    print(json.dumps({"real_photos_mirrored": mirrored}))
    return {split: {"x": np.concatenate(part["x"]), "y": np.array(part["y"], np.int64),
                    "photo": np.array(part["photo"], np.int64), "source": np.array(part["source"])}
            for split, part in parts.items()}


# -- generated and catalogue crops -------------------------------------------------------------

def scene_bank(seed: int, count: int, config, negatives: int, desc: str) -> tuple[np.ndarray, np.ndarray]:
    """Crops of every tile of ``count`` rendered scenes, cut as at run time, and ``none`` boxes."""
    from vision.synth.crops import as_read, negative_boxes
    from vision.synth.scene import render_scene

    rng = np.random.default_rng(seed)
    images, labels = [], []
    for index in tqdm(range(count), desc=desc, unit="scene"):
        scene = render_scene(seed * 1_000_003 + index, config)
        image, boxes = as_read(scene)
        if not len(boxes):
            continue
        jitter = rng.uniform(-0.04, 0.04, boxes.shape) * np.tile(boxes[:, 2:] - boxes[:, :2], 2)
        angle = photo_angle(boxes)
        images.append(store_crops(image, boxes + jitter, angle))
        labels += [CLASS_INDEX[tile.code] for tile in scene.tiles]
        empty = negative_boxes(boxes, image.shape[:2], rng, negatives)
        if empty:
            images.append(store_crops(image, np.array(empty), angle))
            labels += [NONE_INDEX] * len(empty)
    return np.concatenate(images), np.array(labels, np.int64)


def face_bank(seed: int, per_class: int, styles: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
    from vision.synth.crops import augment_geometry
    from vision.synth.faces import render_face

    rng = np.random.default_rng(seed)
    images, labels = [], []
    for code in tqdm(CLASS_CODES, desc="faces", unit="class"):
        for _ in range(per_class):
            width = int(rng.integers(40, 110))
            height = int(width * rng.uniform(1.25, 1.45))
            face = render_face(code, style=str(rng.choice(styles)), width=width, height=height,
                               seed=int(rng.integers(0, 1_000_000)))
            background = tuple(int(c) for c in rng.integers(0, 256, 3))
            images.append(pad_tight(augment_geometry(face, rng, background)))
            labels.append(CLASS_INDEX[code])
    return np.stack(images), np.array(labels, np.int64)


def camerash_bank(root: Path) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    from vision.synth.crops import camerash_split

    out = {}
    for name, items in zip(("train", "heldout"), camerash_split(root), strict=True):
        images, labels = [], []
        for path, code in items:
            photo = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if photo is not None:
                images.append(pad_tight(photo))
                labels.append(CLASS_INDEX[code])
        out[name] = (np.stack(images), np.array(labels, np.int64))
    return out


def extra_bank(folder: Path) -> tuple[np.ndarray, np.ndarray]:
    """Tiles corrected in the web app (vision.synth.crops.labelled_photos)."""
    from vision.synth.crops import labelled_photos

    images, labels = [], []
    for photo, boxes, classes in labelled_photos(folder):
        images.append(store_crops(photo, boxes))
        labels += classes
    if not images:
        return np.zeros((0, *STORE_HW, 3), np.uint8), np.zeros(0, np.int64)
    return np.concatenate(images), np.array(labels, np.int64)


def build(real: Path | None, camerash: Path | None, extra: Path | None, scenes: int, heldout_scenes: int,
          faces_per_class: int, negatives: int, seed: int) -> dict[str, np.ndarray]:
    """The bank's arrays: ``train_x/y/source`` and one pair per check (``dev``, ``val``,
    ``heldout``, ``camerash``)."""
    from vision.synth.classifier import HELD_OUT_STYLES, HELD_OUT_SURFACES, TRAIN_STYLES, TRAIN_SURFACES
    from vision.synth.shot import SceneConfig

    xs, ys, sources = [], [], []
    data: dict[str, np.ndarray] = {}

    def add(x: np.ndarray, y: np.ndarray, source: str | np.ndarray) -> None:
        xs.append(x)
        ys.append(y)
        sources.append(np.broadcast_to(np.asarray(source), y.shape).astype("U9"))

    if real is not None:
        splits = real_crops(real, negatives, seed)
        add(splits["train"]["x"], splits["train"]["y"], splits["train"]["source"])
        for split in ("dev", "val"):
            data[f"{split}_x"], data[f"{split}_y"] = splits[split]["x"], splits[split]["y"]
            data[f"{split}_photo"] = splits[split]["photo"]
    # every training style on every training surface, with what real photos show: slanted rows,
    # low views, hands standing on the table seen from a seat, cut-off edges
    config = SceneConfig(styles=TRAIN_STYLES, surfaces=TRAIN_SURFACES, any_angle=0.3, low_view=0.2, cut=0.1,
                         standing=0.3, stretch=0.1, autotable=0.1, taiwanese=0.2)
    if scenes:
        add(*scene_bank(seed + 1, scenes, config, negatives, "scenes"), "scene")
    if faces_per_class:
        add(*face_bank(seed + 2, faces_per_class, TRAIN_STYLES), "face")
    if camerash is not None:
        parts = camerash_bank(camerash)
        add(*parts["train"], "camerash")
        data["camerash_x"], data["camerash_y"] = parts["heldout"]
    if extra is not None:
        x, y = extra_bank(extra)
        if len(y):
            add(x, y, "extra")
    if heldout_scenes:
        held = SceneConfig(styles=HELD_OUT_STYLES, surfaces=HELD_OUT_SURFACES, any_angle=0.3, low_view=0.2,
                           standing=0.3, taiwanese=0.2)
        data["heldout_x"], data["heldout_y"] = scene_bank(seed + 100, heldout_scenes, held, 2,
                                                          "held-out scenes")
    data["train_x"], data["train_y"] = np.concatenate(xs), np.concatenate(ys)
    data["train_source"] = np.concatenate(sources)
    return data


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--real", type=Path, default=None,
                        help="the real photos' YOLO export (read in place)")
    parser.add_argument("--camerash", type=Path, default=None, help="the Camerash folder (read in place)")
    parser.add_argument("--extra", type=Path, default=None, help="tiles corrected in the web app (YOLO)")
    parser.add_argument("--scenes", type=int, default=300)
    parser.add_argument("--heldout-scenes", type=int, default=40)
    parser.add_argument("--faces-per-class", type=int, default=40)
    parser.add_argument("--negatives", type=int, default=5, help="none boxes per photo or scene")
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    started = time.time()
    data = build(args.real, args.camerash, args.extra, args.scenes, args.heldout_scenes, args.faces_per_class,
                 args.negatives, args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez(args.out, **data)
    sources, counts = np.unique(data["train_source"], return_counts=True)
    print(json.dumps({"train": dict(zip(sources.tolist(), counts.tolist(), strict=True)),
                      **{key[:-2]: int(len(value)) for key, value in data.items()
                         if key.endswith("_y") and key != "train_y"},
                      "seconds": round(time.time() - started)}))


if __name__ == "__main__":
    main()
