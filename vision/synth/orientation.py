"""The orientation model: is a detected tile lying sideways (a called tile)?

Why a model of its own: a sideways tile was told from its box's shape against its neighbours, and
in low, oblique photos that is weak (on 100 held-out scenes 81 upright tiles were marked sideways
and 24 sideways ones missed), and one wrong mark reads a meld as concealed tiles or splits a set.
What a person sees at once is the turned face and the tile's long side towards the camera; a
small CNN on a square window around the tile (see vision.detect.context_crops) sees the same.

Training crops are cut from a generated dataset (``python -m vision.synth.scene YAML``): its truth
files say which tiles were laid sideways. Torch is imported inside the training functions only.

    python -m vision train orientation --data datasets/tiles-v2 datasets/tiles-v1 --epochs 16
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import cv2
import numpy as np
from tqdm import tqdm

from vision.detect import context_crops
from vision.synth.camera import undo_turn
from vision.synth.fitting import fit, jitter_light

SIZE = 48          # the square input, in pixels
CONTEXT = 1.6      # the window's side in the tile's longer box sides
JITTER = 0.06      # box edges moved by up to this much of the box's size (a detector's slop)


def dataset_crops(folder: Path, split: str, *, jitter: float, seed: int,
                  limit: int | None = None, trim: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """(crops N x 3 x SIZE x SIZE float16, labels 1 = sideways) of every tile in one split of a
    generated dataset (``images/<split>`` beside ``truth/<split>``). ``trim``: the share of boxes
    cut short along their longer side (see trim_boxes)."""
    rng = np.random.default_rng(seed)
    truths = sorted(Path(folder, "truth", split).glob("*.json"))[:limit]
    crops, labels = [], []
    for truth_path in tqdm(truths, desc=f"orientation crops ({split})", unit="scene"):
        truth = json.loads(truth_path.read_text())
        image = cv2.imread(str(Path(folder, "images", split, truth["image"])), cv2.IMREAD_COLOR)
        if image is None or not truth["tiles"]:
            continue
        boxes = np.array([tile["box"] for tile in truth["tiles"]], dtype=np.float32)
        turn = truth.get("meta", {}).get("turn_deg", 0.0)
        if turn and all("quad" in tile for tile in truth["tiles"]):  # read level, as the reader does
            image, boxes = undo_turn(image, np.array([tile["quad"] for tile in truth["tiles"]]), turn)
        sizes = np.concatenate([boxes[:, 2:] - boxes[:, :2]] * 2, axis=1)
        boxes = boxes + rng.uniform(-jitter, jitter, boxes.shape).astype(np.float32) * sizes
        if trim:
            boxes = trim_boxes(boxes, rng, trim)
        crops.append(context_crops(image, boxes, SIZE, CONTEXT).astype(np.float16))
        labels.append(np.array([tile["rotated"] for tile in truth["tiles"]], dtype=np.int64))
    return np.concatenate(crops), np.concatenate(labels)


def trim_boxes(boxes: np.ndarray, rng: np.random.Generator, share: float,
               keep: tuple[float, float] = (0.55, 0.85)) -> np.ndarray:
    """``share`` of the boxes cut to ``keep`` of their longer side, from one end or the other.
    Why: on tile styles it has not seen, the detector may box half of a sideways tile (a box of
    upright shape); the window still shows the whole tile, and the model should judge the tile
    under the box, not the box's shape."""
    boxes = boxes.copy()
    for box in (boxes[i] for i in np.flatnonzero(rng.random(len(boxes)) < share)):
        axis = 0 if box[2] - box[0] >= box[3] - box[1] else 1
        cut = (box[axis + 2] - box[axis]) * (1.0 - rng.uniform(*keep))
        if rng.random() < 0.5:
            box[axis] += cut
        else:
            box[axis + 2] -= cut
    return boxes


def make_model():
    """Four small conv blocks and global pooling (~60 k weights): the task is easy, CPU time is not."""
    import torch.nn as nn

    def block(cin: int, cout: int) -> list:
        return [nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)]

    return nn.Sequential(
        *block(3, 16), nn.MaxPool2d(2),                       # 24
        *block(16, 32), *block(32, 32), nn.MaxPool2d(2),      # 12
        *block(32, 64), *block(64, 64), nn.MaxPool2d(2),      # 6
        *block(64, 96),
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.1), nn.Linear(96, 2),
    )


def _augment(x, generator):
    """Light, contrast, colour cast and noise; half turned upside down and half mirrored (neither
    changes whether a tile lies sideways)."""
    import torch

    n = x.shape[0]
    x = jitter_light(x, generator, noise=0.05)
    flip = torch.rand(n, generator=generator) < 0.5
    x[flip] = torch.flip(x[flip], dims=(3,))
    turn = torch.rand(n, generator=generator) < 0.5
    x[turn] = torch.flip(x[turn], dims=(2, 3))
    return x.clamp(0, 1)


def errors(model, x: np.ndarray, y: np.ndarray, batch: int = 1024) -> dict[str, int]:
    """Wrong marks both ways: upright tiles called sideways, sideways tiles missed."""
    import torch

    model.eval()
    predicted = []
    with torch.no_grad():
        for i in range(0, len(x), batch):
            predicted.append(model(torch.from_numpy(x[i:i + batch].astype(np.float32))).argmax(1).numpy())
    guess = np.concatenate(predicted) if predicted else np.zeros(0, np.int64)
    return {"tiles": int(len(y)), "sideways": int(y.sum()),
            "false_sideways": int(((guess == 1) & (y == 0)).sum()),
            "missed_sideways": int(((guess == 0) & (y == 1)).sum())}


def train(data: dict[str, np.ndarray], *, epochs: int, batch: int = 128, lr: float = 4e-3, seed: int = 0,
          checkpoint: Path | None = None, weights: Path | None = None, log=print):
    """Train from scratch, or from ``weights`` (another run's checkpoint: fine-tuning with a fresh
    schedule), or resume ``checkpoint`` (saved after every epoch)."""
    import torch

    return fit(make_model, data["train_x"], data["train_y"], epochs=epochs, batch=batch, lr=lr, seed=seed,
               to_batch=lambda x, generator: _augment(torch.from_numpy(x.astype(np.float32)), generator),
               figures=lambda model: {"val": errors(model, data["val_x"], data["val_y"])},
               checkpoint=checkpoint, weights=weights, log=log)


def export_onnx(model, target: Path) -> Path:
    """ONNX, dynamic batch: input 'windows' N x 3 x SIZE x SIZE (RGB 0-1), output 'logits' (upright,
    sideways)."""
    import torch

    model.eval()
    target.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(model, torch.zeros(1, 3, SIZE, SIZE), str(target), input_names=["windows"],
                      output_names=["logits"], dynamic_axes={"windows": {0: "n"}, "logits": {0: "n"}},
                      opset_version=17, dynamo=False)
    return target


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", type=Path, nargs="+", default=[Path("datasets/tiles-v2")],
                        help="generated dataset folders (images/ and truth/); their train splits are "
                             "trained on, the first one's val split is the check")
    parser.add_argument("--epochs", type=int, default=16)
    parser.add_argument("--scenes", type=int, default=None, help="use only this many training scenes")
    parser.add_argument("--trim", type=float, default=0.0,
                        help="share of training boxes cut short along their longer side (trim_boxes)")
    parser.add_argument("--cache", type=Path, default=Path("datasets/orientation/data.npz"))
    parser.add_argument("--checkpoint", type=Path, default=Path("runs/orientation/last.pt"))
    parser.add_argument("--out", type=Path, default=Path("models/orientation.onnx"))
    parser.add_argument("--weights", type=Path, default=None,
                        help="start from this checkpoint's weights (fine-tuning; a fresh schedule)")
    parser.add_argument("--lr", type=float, default=4e-3, help="peak learning rate (one-cycle)")


def run(args: argparse.Namespace) -> None:
    started = time.time()
    if args.cache.exists():
        data = dict(np.load(args.cache))
    else:
        parts = [dataset_crops(folder, "train", jitter=JITTER, seed=1 + n, limit=args.scenes, trim=args.trim)
                 for n, folder in enumerate(args.data)]
        data = {"train_x": np.concatenate([x for x, _ in parts]),
                "train_y": np.concatenate([y for _, y in parts])}
        data["val_x"], data["val_y"] = dataset_crops(args.data[0], "val", jitter=JITTER / 2, seed=2)
        args.cache.parent.mkdir(parents=True, exist_ok=True)
        np.savez(args.cache, **data)
    print(json.dumps({"train": [int(len(data["train_y"])), int(data["train_y"].sum())],
                      "val": [int(len(data["val_y"])), int(data["val_y"].sum())],
                      "build_seconds": round(time.time() - started, 1)}))
    args.checkpoint.parent.mkdir(parents=True, exist_ok=True)
    model, history = train(data, epochs=args.epochs, lr=args.lr, checkpoint=args.checkpoint,
                           weights=args.weights)
    print(export_onnx(model, args.out))
    (args.checkpoint.parent / "history.json").write_text(json.dumps(history, indent=1))
