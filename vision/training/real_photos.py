"""Real phone photos with box labels (a YOLO export, 42 classes) turned into what our training
and evaluation read: a fixed split by photo, a one-class copy for the tile detector, a copy with our
tile codes for a real-only baseline detector, truth JSON for ``vision eval``, and crops for the
classifier.

The split is fixed by a hash of each photo's name, so it is the same on every machine and does not
depend on which files were listed first; the validation photos are never trained on nor used to
choose a model (docs/vision.md). Photos may be augmented copies (mirrored, turned a quarter): boxes
stay valid, and the training copies are also turned by 90, 180 and 270 degrees, since a camera may
sit at any seat.

    python -m vision.training.real_photos REAL_PHOTOS_DIR --out datasets/real
"""

from __future__ import annotations

import argparse
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.classes import CLASS_CODES

VAL_SHARE = 0.22   # kept out of all training and choosing: the real validation set
DEV_SHARE = 0.08   # not trained on, used to choose among training epochs and thresholds
TURNS = (90, 180, 270)


@dataclass(frozen=True)
class LabelledPhoto:
    """One photo and its tiles: codes and boxes in pixels (x1, y1, x2, y2)."""

    image: Path
    codes: tuple[str, ...]
    boxes: np.ndarray


def read_classes(folder: Path) -> dict[int, str]:
    """The export's class index -> our tile code (classes.tsv: index, name, tile)."""
    table = {}
    for line in (folder / "classes.tsv").read_text().splitlines()[1:]:
        index, _name, tile = line.split("\t")
        table[int(index)] = tile.strip()
    return table


def split_of(name: str) -> str:
    """``val``, ``dev`` or ``train``: fixed by a hash of the photo's name, not by listing order."""
    digest = hashlib.sha256(name.encode()).digest()
    share = int.from_bytes(digest[:4], "big") / 2**32
    return "val" if share < VAL_SHARE else "dev" if share < VAL_SHARE + DEV_SHARE else "train"


def load_photos(folder: Path) -> list[LabelledPhoto]:
    """Every photo of the export with its labels, boxes in pixels."""
    classes = read_classes(folder)
    photos = []
    for image in sorted((folder / "images").glob("*.jpg")):
        label = folder / "labels" / f"{image.stem}.txt"
        if not label.exists():
            continue
        height, width = cv2.imread(str(image)).shape[:2]
        codes, boxes = [], []
        for line in label.read_text().split("\n"):
            parts = line.split()
            if len(parts) != 5:
                continue
            cx, cy, w, h = (float(value) for value in parts[1:])
            codes.append(classes[int(parts[0])])
            boxes.append([(cx - w / 2) * width, (cy - h / 2) * height,
                          (cx + w / 2) * width, (cy + h / 2) * height])
        photos.append(LabelledPhoto(image, tuple(codes), np.array(boxes, dtype=np.float32).reshape(-1, 4)))
    return photos


def turn(pixels: np.ndarray, boxes: np.ndarray, degrees: int) -> tuple[np.ndarray, np.ndarray]:
    """The photo turned counter-clockwise by a multiple of 90 degrees, and its boxes with it."""
    height, width = pixels.shape[:2]
    x1, y1, x2, y2 = boxes.T if len(boxes) else np.zeros((4, 0), dtype=np.float32)
    if degrees == 90:
        out = cv2.rotate(pixels, cv2.ROTATE_90_COUNTERCLOCKWISE)
        moved = np.stack([y1, width - x2, y2, width - x1], axis=1)
    elif degrees == 180:
        out = cv2.rotate(pixels, cv2.ROTATE_180)
        moved = np.stack([width - x2, height - y2, width - x1, height - y1], axis=1)
    elif degrees == 270:
        out = cv2.rotate(pixels, cv2.ROTATE_90_CLOCKWISE)
        moved = np.stack([height - y2, x1, height - y1, x2], axis=1)
    elif degrees == 0:
        return pixels, boxes
    else:
        raise ValueError(f"turn by a multiple of 90 degrees, not {degrees}")
    return out, moved.astype(np.float32)


def yolo_lines(classes: list[int], boxes: np.ndarray, width: int, height: int) -> str:
    """YOLO label text: one ``class cx cy w h`` line per box, normalised to the image."""
    lines = []
    for cls, (x1, y1, x2, y2) in zip(classes, boxes, strict=True):
        lines.append(f"{cls} {(x1 + x2) / 2 / width:.6f} {(y1 + y2) / 2 / height:.6f} "
                     f"{(x2 - x1) / width:.6f} {(y2 - y1) / height:.6f}")
    return "\n".join(lines) + "\n"


def truth_json(photo: LabelledPhoto) -> dict:
    """The ``read --json`` shape ``vision eval`` compares with: tiles only (the export has no hand)."""
    return {"image": photo.image.name,
            "tiles": [{"tile": code, "box": [round(float(v), 1) for v in box], "face_down": False,
                       "rotated": False} for code, box in zip(photo.codes, photo.boxes, strict=True)],
            "hand": None}


def write_sets(photos: list[LabelledPhoto], out: Path, turns: tuple[int, ...] = TURNS) -> dict[str, int]:
    """``out/tile`` (one class, for our detector) and ``out/full`` (our codes, for a real-only
    baseline), each with train and dev splits, and ``out/truth/{dev,val}`` (truth JSON beside the
    photos, for ``vision eval``). Returns counts."""
    codes = list(CLASS_CODES[:-1])   # no "back": the export has no face-down tiles
    counts = {"train": 0, "dev": 0, "val": 0, "train_images": 0}
    for kind in ("tile", "full"):
        for split in ("train", "dev"):
            (out / kind / "images" / split).mkdir(parents=True, exist_ok=True)
            (out / kind / "labels" / split).mkdir(parents=True, exist_ok=True)
    for split in ("dev", "val"):
        (out / "truth" / split).mkdir(parents=True, exist_ok=True)
    for photo in photos:
        split = split_of(photo.image.name)
        counts[split] += 1
        if split != "train":
            (out / "truth" / split / photo.image.name).write_bytes(photo.image.read_bytes())
            (out / "truth" / split / f"{photo.image.stem}.json").write_text(json.dumps(truth_json(photo)))
        if split == "val":
            continue
        pixels = cv2.imread(str(photo.image))
        classes = [codes.index(code) for code in photo.codes]
        for degrees in (0,) + (turns if split == "train" else ()):
            image, boxes = turn(pixels, photo.boxes, degrees)
            height, width = image.shape[:2]
            stem = photo.image.stem + (f"-r{degrees}" if degrees else "")
            for kind, ids in (("tile", [0] * len(classes)), ("full", classes)):
                target = out / kind / "images" / split / f"{stem}.jpg"
                if degrees:
                    cv2.imwrite(str(target), image, [cv2.IMWRITE_JPEG_QUALITY, 92])
                else:
                    target.write_bytes(photo.image.read_bytes())
                (out / kind / "labels" / split / f"{stem}.txt").write_text(
                    yolo_lines(ids, boxes, width, height))
            counts["train_images"] += split == "train"
    for kind, names in (("tile", ["tile"]), ("full", codes)):
        spec = {"path": str((out / kind).resolve()), "train": "images/train", "val": "images/dev",
                "names": dict(enumerate(names))}
        (out / kind / "data.yaml").write_text(json.dumps(spec, indent=1))
    return counts


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m vision.training.real_photos",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("source", type=Path, help="the export: images/, labels/, classes.tsv")
    parser.add_argument("--out", type=Path, default=Path("datasets/real"))
    parser.add_argument("--no-turns", action="store_true", help="train on the photos as they are only")
    args = parser.parse_args(argv)
    counts = write_sets(load_photos(args.source), args.out, () if args.no_turns else TURNS)
    print(json.dumps(counts))


if __name__ == "__main__":
    main()


# -- crops for the classifier ---------------------------------------------------------------------

MIRRORS = {"as is": None, "left-right": 1, "up-down": 0}   # cv2.flip codes


def crop_boxes(pixels: np.ndarray, boxes: np.ndarray) -> list[np.ndarray]:
    """Each box cut from the photo as the classifier takes it (upright, resized)."""
    from vision.synth.crops import jittered_crop, to_input

    return [to_input(jittered_crop(pixels, box, None, 0.0)) for box in boxes]


def unmirror(photo: LabelledPhoto, pixels: np.ndarray,
             label_probability) -> tuple[np.ndarray, np.ndarray, str]:
    """The photo as it was taken, when the export mirrored it: of the photo as is and mirrored either
    way, the one whose tiles the classifier finds likeliest to be what their labels say (a mirrored
    tile face is not a real face, and must not be learnt). Returns pixels, boxes and the choice."""
    height, width = pixels.shape[:2]
    best = None
    for name, code in MIRRORS.items():
        image = pixels if code is None else cv2.flip(pixels, code)
        boxes = photo.boxes.copy()
        if code == 1:
            boxes[:, [0, 2]] = width - photo.boxes[:, [2, 0]]
        elif code == 0:
            boxes[:, [1, 3]] = height - photo.boxes[:, [3, 1]]
        crops = crop_boxes(image, boxes)
        score = float(np.mean(label_probability(crops, photo.codes))) if len(boxes) else 0.0
        if best is None or score > best[0] + (0.02 if name != "as is" else 0.0):
            best = (score, image, boxes, name)
    return best[1], best[2], best[3]


def classifier_crops(photos: list[LabelledPhoto], label_probability, *, copies: int = 3, seed: int = 7,
                     turns: tuple[int, ...] = TURNS) -> tuple[np.ndarray, np.ndarray, dict[str, int]]:
    """Jittered crops of every labelled tile (photos un-mirrored first, and turned by ``turns``),
    as the classifier's training arrays; the count of each mirror choice comes back too."""
    from vision.classes import CLASS_INDEX
    from vision.synth.crops import jittered_crop, to_input

    rng = np.random.default_rng(seed)
    images, labels, choices = [], [], {name: 0 for name in MIRRORS}
    for photo in photos:
        pixels, boxes, choice = unmirror(photo, cv2.imread(str(photo.image)), label_probability)
        choices[choice] += 1
        for degrees in (0,) + turns:
            turned, moved = turn(pixels, boxes, degrees)
            for code, box in zip(photo.codes, moved, strict=True):
                for _ in range(copies):
                    crop = jittered_crop(turned, box, rng, 0.08)
                    if crop.shape[0] >= 4 and crop.shape[1] >= 4:
                        images.append(to_input(crop))
                        labels.append(CLASS_INDEX[code])
    return np.stack(images), np.array(labels, np.int64), choices
