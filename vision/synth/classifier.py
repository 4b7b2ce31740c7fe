"""The crop classifier: its training data (scene crops, flat faces, real Camerash photos) and training.

Why this mix: crops cut from rendered scenes look exactly like what the detector hands over at run
time (perspective, the tile's side, blur, glare); flat faces with heavy augmentation cover every
class evenly (red fives, flowers and backs are rare in hands); the real Camerash photos teach
transfer to physical tile sets we did not draw. One fifth of Camerash (every image whose number
is a multiple of 5) is never trained on and is used only for the reported accuracy.
The crops come from ``vision.synth.crops``, the network and its training from
``vision.synth.classifier_net``; this module mixes the data, holds the held-out styles and surfaces
apart, and is the ``vision.training.train classifier`` command.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from vision.synth.classifier_net import export_onnx, train
from vision.synth.crops import (
    NONE_INDEX,
    camerash_crops,
    camerash_split,
    detector_crops,
    extra_crops,
    face_crops,
    scene_crops,
)
from vision.synth.dataset import load_recipe, recipe_config
from vision.synth.faces import STYLES
from vision.synth.shot import SceneConfig
from vision.synth.surfaces import SURFACES

HELD_OUT_STYLES = ("taiwan",)
HELD_OUT_SURFACES = ("marble",)
TRAIN_STYLES = tuple(s for s in STYLES if s not in HELD_OUT_STYLES)
TRAIN_SURFACES = tuple(s for s in SURFACES if s not in HELD_OUT_SURFACES)

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
