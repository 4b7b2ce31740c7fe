"""Held-out figures for the model card, from the exported ONNX models (what ships, not checkpoints).

- detector: tile precision and recall at IoU 0.5 on held-out scenes (truth JSON next to images);
- classifier: top-1 on held-out synthetic crops and on the held-out fifth of Camerash;
- both: the share of scenes whose every tile is found and named right (the tile multiset, not
  the grouping; grouping is the runtime's layout step, measured by ``python -m vision eval``).

    python -m vision.synth.metrics --scenes datasets/tiles-heldout \
        --camerash CAMERASH_DIR

This is a small, self-contained reader (letterbox, NMS) so the figures do not depend on the runtime
code being finished; ``vision.detect`` is the one the app uses.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import cv2
import numpy as np

from vision.classes import CLASS_CODES, MODEL_CONFIG
from vision.synth.crops import camerash_crops, camerash_split, to_input


def letterbox(image: np.ndarray, size: int) -> tuple[np.ndarray, float, tuple[int, int]]:
    h, w = image.shape[:2]
    scale = min(size / h, size / w)
    nh, nw = round(h * scale), round(w * scale)
    canvas = np.full((size, size, 3), 114, np.uint8)
    top, left = (size - nh) // 2, (size - nw) // 2
    canvas[top : top + nh, left : left + nw] = cv2.resize(image, (nw, nh), interpolation=cv2.INTER_AREA)
    return canvas, scale, (left, top)


def detect(session, image: np.ndarray, imgsz: int, conf: float = 0.3, iou: float = 0.6) -> np.ndarray:
    """Boxes (x1, y1, x2, y2, score) in image pixels from the one-class YOLO ONNX output."""
    canvas, scale, (left, top) = letterbox(image, imgsz)
    blob = canvas[:, :, ::-1].transpose(2, 0, 1)[None].astype(np.float32) / 255.0
    (out,) = session.run(None, {session.get_inputs()[0].name: blob})
    pred = out[0].T
    scores = pred[:, 4]
    keep = scores >= conf
    pred, scores = pred[keep], scores[keep]
    xywh = pred[:, :4].copy()
    xywh[:, 0] -= xywh[:, 2] / 2
    xywh[:, 1] -= xywh[:, 3] / 2
    chosen = cv2.dnn.NMSBoxes(xywh.tolist(), scores.tolist(), conf, iou)
    chosen = np.array(chosen, int).reshape(-1)
    boxes = xywh[chosen]
    x1 = (boxes[:, 0] - left) / scale
    y1 = (boxes[:, 1] - top) / scale
    x2 = x1 + boxes[:, 2] / scale
    y2 = y1 + boxes[:, 3] / scale
    h, w = image.shape[:2]
    x1, x2 = x1.clip(0, w - 1), x2.clip(0, w - 1)
    y1, y2 = y1.clip(0, h - 1), y2.clip(0, h - 1)
    return np.stack([x1, y1, x2, y2, scores[chosen]], axis=1) if len(chosen) else np.zeros((0, 5))


def iou_matrix(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    x1 = np.maximum(a[:, None, 0], b[None, :, 0])
    y1 = np.maximum(a[:, None, 1], b[None, :, 1])
    x2 = np.minimum(a[:, None, 2], b[None, :, 2])
    y2 = np.minimum(a[:, None, 3], b[None, :, 3])
    inter = np.clip(x2 - x1, 0, None) * np.clip(y2 - y1, 0, None)
    area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    area_b = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    return inter / (area_a[:, None] + area_b[None, :] - inter + 1e-9)


def match(pred: np.ndarray, truth: np.ndarray, threshold: float = 0.5) -> list[tuple[int, int]]:
    """Greedy one-to-one matching by IoU, best pairs first."""
    if len(pred) == 0 or len(truth) == 0:
        return []
    ious = iou_matrix(pred, truth)
    pairs = []
    used_p, used_t = set(), set()
    for flat in np.argsort(-ious, axis=None):
        p, t = np.unravel_index(flat, ious.shape)
        if ious[p, t] < threshold:
            break
        if p in used_p or t in used_t:
            continue
        used_p.add(p)
        used_t.add(t)
        pairs.append((int(p), int(t)))
    return pairs


def classify(session, crops: np.ndarray) -> np.ndarray:
    """Class indexes for BGR uint8 crops already at the classifier's input size."""
    if len(crops) == 0:
        return np.zeros(0, int)
    blob = crops[..., ::-1].transpose(0, 3, 1, 2).astype(np.float32) / 255.0
    (logits,) = session.run(None, {session.get_inputs()[0].name: np.ascontiguousarray(blob)})
    return logits.argmax(1)


def scene_figures(models: Path, scenes: Path, limit: int | None = None, conf: float = 0.3) -> dict:
    import onnxruntime as ort

    config = json.loads((models / MODEL_CONFIG).read_text())
    options = ort.SessionOptions()
    options.intra_op_num_threads = 2
    det = ort.InferenceSession(
        str(models / config["detector"]["file"]), options, providers=["CPUExecutionProvider"]
    )
    cls = ort.InferenceSession(
        str(models / config["classifier"]["file"]), options, providers=["CPUExecutionProvider"]
    )
    imgsz = int(config["detector"]["imgsz"])
    truths = sorted(scenes.glob("truth/*/*.json"))[:limit]
    tp = fp = fn = named = 0
    exact = 0
    times = []
    for truth_path in truths:
        truth = json.loads(truth_path.read_text())
        split = truth_path.parent.name
        image = cv2.imread(str(scenes / "images" / split / truth["image"]), cv2.IMREAD_COLOR)
        started = time.perf_counter()
        pred = detect(det, image, imgsz, conf=conf)
        crops = (
            np.stack(
                [
                    to_input(
                        image[
                            int(y1) : max(int(y2), int(y1) + 1) + 1, int(x1) : max(int(x2), int(x1) + 1) + 1
                        ]
                    )
                    for x1, y1, x2, y2, _ in pred
                ]
            )
            if len(pred)
            else np.zeros((0, 64, 48, 3), np.uint8)
        )
        labels = classify(cls, crops)
        tile = labels < len(CLASS_CODES)  # the last class, if the model has it, is "none": no tile
        pred, labels = pred[tile], labels[tile]
        times.append((time.perf_counter() - started) * 1000)
        boxes = np.array([t["box"] for t in truth["tiles"]], np.float32)
        pairs = match(pred[:, :4], boxes)
        right = sum(1 for p, t in pairs if CLASS_CODES[labels[p]] == truth["tiles"][t]["tile"])
        tp += len(pairs)
        fp += len(pred) - len(pairs)
        fn += len(boxes) - len(pairs)
        named += right
        exact += int(right == len(boxes) == len(pred))
    n = max(1, len(truths))
    return {
        "scenes": len(truths),
        "score_threshold": conf,
        "tiles": tp + fn,
        "detector_precision": round(tp / max(1, tp + fp), 4),
        "detector_recall": round(tp / max(1, tp + fn), 4),
        "tiles_found_and_named_right": round(named / max(1, tp + fn), 4),
        "classifier_top1_on_matched": round(named / max(1, tp), 4),
        "scenes_all_tiles_right": round(exact / n, 4),
        "ms_median_detect_and_classify": round(float(np.median(times)), 1) if times else None,
    }


def camerash_figure(models: Path, camerash: Path) -> dict:
    import onnxruntime as ort

    config = json.loads((models / MODEL_CONFIG).read_text())
    cls = ort.InferenceSession(str(models / config["classifier"]["file"]), providers=["CPUExecutionProvider"])
    _, held = camerash_split(camerash)
    x, y = camerash_crops(held, 0, 0)
    pred = classify(cls, x)
    # a real tile called "none" counts as wrong
    return {"camerash_heldout_images": len(y), "camerash_heldout_top1": round(float((pred == y).mean()), 4)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--models", type=Path, default=Path("models"))
    parser.add_argument("--scenes", type=Path, default=None, help="a generated dataset folder with truth/")
    parser.add_argument("--camerash", type=Path, default=None)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--conf", type=float, default=0.3, help="detector score threshold")
    args = parser.parse_args(argv)
    figures = {}
    if args.scenes:
        figures.update(scene_figures(args.models, args.scenes, args.limit, args.conf))
    if args.camerash:
        figures.update(camerash_figure(args.models, args.camerash))
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
