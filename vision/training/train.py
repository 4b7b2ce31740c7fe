"""Training and ONNX export of the vision models: the tile detector, the crop classifier and the
orientation model (vision/synth/classifier.py and vision/synth/orientation.py hold the last two).

Why two stages: one detector for 46 look-alike classes needs far more data and CPU than we have;
a one-class "tile" detector learns fast from synthetic scenes, and a small classifier over the
crops can also learn from real single-tile photos (Camerash), which a detector cannot use.

    python -m vision.training.train detector --data datasets/tiles-v1/data.yaml --hours 1.1
    python -m vision.training.train detector --resume  # continue the last run
    python -m vision.training.train classifier --camerash CAMERASH_DIR
    python -m vision.training.train orientation --data datasets/tiles-v2  # is a tile lying sideways?
    python -m vision.training.train export  # detector to models/ + vision.json
    python -m vision.training.train detector --extra DIR  # fine-tune with corrected photos
    python -m vision.training.train soup --out OUT.pt CHECKPOINT...  # average fine-tuned checkpoints

Ultralytics is used offline: built from its yaml with ``pretrained=False``, no hub, no font
download (a DejaVu copy stands in for Arial in ``.yolo/``), and one torch thread
(two on an idle machine: TILETALLY_TRAIN_THREADS=2).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
YOLO_DIR = REPO / ".yolo"
RUNS = REPO / "runs"
MODELS = REPO / "models"
DETECTOR_RUN = "detector"
FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def setup_offline(threads: int | None = None) -> None:
    """Make Ultralytics work without a network; must run before ``import ultralytics``."""
    os.environ.setdefault("YOLO_OFFLINE", "1")
    os.environ.setdefault("YOLO_AUTOINSTALL", "0")
    os.environ.setdefault("YOLO_CONFIG_DIR", str(YOLO_DIR))
    YOLO_DIR.mkdir(exist_ok=True)
    for name in ("Arial.ttf", "Arial.Unicode.ttf"):
        target = YOLO_DIR / name
        if not target.exists() and FONT.exists():
            shutil.copyfile(FONT, target)
    import torch
    import ultralytics.utils.torch_utils as torch_utils

    # Two threads help only on an idle machine: when other processes keep the cores busy, two
    # threads wait on each other (figures in the model card). Default 1; TILETALLY_TRAIN_THREADS
    # overrides.
    threads = threads or int(os.environ.get("TILETALLY_TRAIN_THREADS", "1"))
    torch_utils.NUM_THREADS = threads
    torch.set_num_threads(threads)


def _single_class_copy(extra: Path, target: Path) -> Path:
    """A tile-only copy of a corrected-photo dataset (YOLO, class ids over CLASS_CODES)."""
    for sub in ("images", "labels"):
        (target / sub / "train").mkdir(parents=True, exist_ok=True)
    images = [p for p in (extra / "images").rglob("*") if p.suffix.lower() in (".jpg", ".jpeg", ".png")]
    for image in images:
        label = extra / "labels" / image.relative_to(extra / "images").with_suffix(".txt")
        if not label.exists():
            continue
        shutil.copyfile(image, target / "images" / "train" / image.name)
        lines = [
            " ".join(["0"] + line.split()[1:5]) for line in label.read_text().splitlines() if line.strip()
        ]
        (target / "labels" / "train" / f"{image.stem}.txt").write_text("\n".join(lines) + "\n")
    return target / "images" / "train"


def _folders(spec: dict, key: str, base: Path) -> list[Path]:
    """A data.yaml's ``train`` or ``val`` entry (one folder or a list) as absolute folders."""
    root = Path(spec.get("path") or base)
    root = root if root.is_absolute() else base / root
    entry = spec[key]
    return [root / folder for folder in (entry if isinstance(entry, list) else [entry])]


def combined_data(data_files: list[Path], target: Path, extra_images: Path | None = None) -> Path:
    """One data.yaml that trains on the training images of every set (and corrected photos) and is
    checked on the first set's val split: a fine-tune on new scenes keeps the old ones in view.
    Written to ``target`` with absolute folders, so it is valid wherever it lies."""
    import yaml

    specs = [(yaml.safe_load(Path(file).read_text()), Path(file).resolve().parent) for file in data_files]
    train = [str(folder) for spec, base in specs for folder in _folders(spec, "train", base)]
    if extra_images is not None:
        train.append(str(Path(extra_images).resolve()))
    first, base = specs[0]
    combined = {"train": train, "val": [str(folder) for folder in _folders(first, "val", base)],
                "names": first["names"]}
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(yaml.safe_dump(combined, sort_keys=False))
    return target


def train_detector(
    data: Path | list[Path],
    *,
    imgsz: int = 416,
    hours: float | None = None,
    epochs: int = 30,
    batch: int = 16,
    workers: int = 2,
    resume: bool = False,
    name: str = DETECTOR_RUN,
    extra: Path | None = None,
    weights: Path | None = None,
    fraction: float = 1.0,
    project: Path = RUNS / "detect",
    optimizer: str = "auto",
    lr0: float | None = None,
    degrees: float = 5.0,
    mosaic: float = 1.0,
) -> Path:
    """Train (or resume) the one-class tile detector; returns the best weights file. ``data``: a
    data.yaml, or several (trained on together, checked on the first's val: combined_data)."""
    setup_offline()
    from ultralytics import YOLO

    run_dir = Path(project) / name
    last = run_dir / "weights" / "last.pt"
    if resume:
        if not last.exists():
            raise SystemExit(f"nothing to resume: {last} does not exist")
        YOLO(str(last)).train(resume=True)
        return run_dir / "weights" / "best.pt"
    data_files = [Path(file) for file in (data if isinstance(data, list) else [data])]
    data_file = data_files[0]
    if extra is not None:
        extra_images = _single_class_copy(Path(extra), REPO / "datasets" / f"extra-{Path(extra).name}")
        data_file = combined_data(data_files, REPO / "datasets" / f"extra-{Path(extra).name}" / "data.yaml",
                                  extra_images)
    elif len(data_files) > 1:
        mix = "mix-" + "-".join(file.parent.name for file in data_files)
        data_file = combined_data(data_files, REPO / "datasets" / mix / "data.yaml")
    model = YOLO(str(weights) if weights else "yolov8n.yaml")
    args = dict(
        data=str(data_file),
        imgsz=imgsz,
        epochs=epochs,
        batch=batch,
        workers=workers,
        device="cpu",
        pretrained=bool(weights),
        project=str(project),
        name=name,
        exist_ok=True,
        plots=False,
        amp=False,
        close_mosaic=1,
        warmup_epochs=0.5,
        patience=100,
        seed=0,
        deterministic=False,
        fraction=fraction,
        degrees=degrees,
        fliplr=0.0,
        mosaic=mosaic,
        scale=0.5,
    )
    if hours:
        args["time"] = hours
    # "auto" lets Ultralytics choose (AdamW at a small rate for short runs); continuing from trained
    # weights on new data went better with plain SGD at lr0 0.005 (model card)
    args["optimizer"] = optimizer
    if lr0 is not None:
        args["lr0"] = lr0
    model.train(**args)
    return run_dir / "weights" / "best.pt"


def export_detector(weights: Path, imgsz: int = 416, target: Path = MODELS / "detector.onnx",
                    dynamic: bool = True) -> Path:
    """Export detector weights to models/detector.onnx (opset 12, no NMS inside). ``dynamic``: input
    height and width free, so that a photo that is not square is letterboxed to a rectangle
    (``vision.detect.letterbox_shape``) and the detector does not run on the grey bands."""
    setup_offline()
    from ultralytics import YOLO

    out = Path(YOLO(str(weights)).export(format="onnx", imgsz=imgsz, opset=12, simplify=False,
                                         dynamic=dynamic))
    Path(target).parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(out, target)
    return target


def write_vision_json(
    *, detector_imgsz: int, classifier_hw: tuple[int, int], score_threshold: float = 0.5
) -> Path:
    """models/vision.json: what the runtime needs to load the models, and nothing else."""
    from vision.classes import CLASSIFIER_CODES, MODEL_CONFIG

    config = {
        "detector": {
            "file": "detector.onnx",
            "imgsz": detector_imgsz,
            "classes": ["tile"],
            "score_threshold": score_threshold,
            "input": "RGB float32 0-1, NCHW, letterboxed with gray 114",
            "output": "1 x (4 + classes) x anchors: cx, cy, w, h in input pixels, then scores",
        },
        "classifier": {
            "file": "classifier.onnx",
            "input_hw": list(classifier_hw),
            "classes": list(CLASSIFIER_CODES),
            "input": "RGB float32 0-1, NCHW",
            "crop": "the box as is; a box over 1.15x wider than tall is turned upright (either way)",
            "output": "logits, one per class; 'none' = the box holds no tile (dropped)",
        },
    }
    if (MODELS / "orientation.onnx").exists():
        config["orientation"] = orientation_entry()
    target = MODELS / MODEL_CONFIG
    target.write_text(json.dumps(config, indent=2) + "\n")
    return target


def orientation_entry() -> dict:
    """vision.json's entry for the sideways-tile model (models/orientation.onnx)."""
    from vision.synth.orientation import CONTEXT, SIZE

    return {"file": "orientation.onnx", "size": SIZE, "context": CONTEXT,
            "input": "RGB float32 0-1, NCHW: a square window around the box, context x its longer side",
            "output": "logits (upright, sideways)"}


def add_orientation(config_path: Path = MODELS / "vision.json") -> None:
    """Name models/orientation.onnx in an existing vision.json (the other models stay as they are)."""
    if config_path.exists():
        config = json.loads(config_path.read_text())
        config["orientation"] = orientation_entry()
        config_path.write_text(json.dumps(config, indent=2) + "\n")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m vision train", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    det = sub.add_parser("detector", help="train the one-class tile detector (Ultralytics YOLOv8n)")
    det.add_argument("--data", type=Path, nargs="+", default=[REPO / "datasets" / "tiles-v1" / "data.yaml"],
                     help="data.yaml of a generated set; several are trained on together, checked on "
                          "the first one's val split")
    det.add_argument("--imgsz", type=int, default=416)
    det.add_argument("--epochs", type=int, default=30)
    det.add_argument("--hours", type=float, default=None, help="train for this long (overrides --epochs)")
    det.add_argument("--batch", type=int, default=16)
    det.add_argument("--workers", type=int, default=2)
    det.add_argument("--name", default=DETECTOR_RUN)
    det.add_argument("--resume", action="store_true", help="continue runs/detect/<name>/weights/last.pt")
    det.add_argument("--extra", type=Path, default=None, help="corrected photos (YOLO format) to add")
    det.add_argument("--weights", type=Path, default=None, help="start from these weights (fine-tuning)")
    det.add_argument("--fraction", type=float, default=1.0)
    det.add_argument("--optimizer", default="auto", help="Ultralytics optimizer: auto, SGD, AdamW, ...")
    det.add_argument("--lr0", type=float, default=None, help="initial learning rate (with --optimizer)")
    det.add_argument("--degrees", type=float, default=5.0,
                     help="random in-plane turn of each training image, up to this many degrees")
    det.add_argument("--mosaic", type=float, default=1.0,
                     help="share of training images built as a mosaic of four; less keeps close-ups whole")
    cls = sub.add_parser("classifier", help="train the crop classifier (plain torch)")
    from vision.synth import classifier as classifier_training

    classifier_training.add_arguments(cls)
    ori = sub.add_parser("orientation", help="train the sideways-tile model (plain torch)")
    from vision.synth import orientation as orientation_training

    orientation_training.add_arguments(ori)
    exp = sub.add_parser("export", help="export the detector to models/ and write vision.json")
    exp.add_argument("--detector", type=Path, default=RUNS / "detect" / DETECTOR_RUN / "weights" / "best.pt")
    exp.add_argument("--imgsz", type=int, default=416)
    exp.add_argument("--score-threshold", type=float, default=0.5,
                     help="the detector score the runtime keeps a box at (written to vision.json)")
    soup = sub.add_parser("soup", help="average detector checkpoints fine-tuned from the same weights")
    soup.add_argument("checkpoints", type=Path, nargs="+")
    soup.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    started = time.time()
    if args.what == "detector":
        best = train_detector(
            args.data,
            imgsz=args.imgsz,
            hours=args.hours,
            epochs=args.epochs,
            batch=args.batch,
            workers=args.workers,
            resume=args.resume,
            name=args.name,
            extra=args.extra,
            weights=args.weights,
            fraction=args.fraction,
            optimizer=args.optimizer,
            lr0=args.lr0,
            degrees=args.degrees,
            mosaic=args.mosaic,
        )
        print(f"detector weights: {best}")
    elif args.what == "classifier":
        setup_offline()
        classifier_training.run(args)
    elif args.what == "soup":
        setup_offline()
        from vision.training.soup import average_checkpoints

        print(average_checkpoints(args.checkpoints, args.out))
    elif args.what == "orientation":
        setup_offline()
        orientation_training.run(args)
        if args.out.resolve() == (MODELS / "orientation.onnx").resolve():
            add_orientation()
    else:
        print(export_detector(args.detector, args.imgsz))
        from vision.synth.crops import INPUT_HW

        print(write_vision_json(detector_imgsz=args.imgsz, classifier_hw=INPUT_HW,
                                score_threshold=args.score_threshold))
    print(f"took {time.time() - started:.0f} s")


if __name__ == "__main__":
    main()
