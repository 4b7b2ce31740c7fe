"""The classifier's own figures, from its ONNX file (what ships), and its calibration.

On the crop bank's checks (vision.training.crop_bank): the real validation photos' true boxes
(top-1 and the pairs it confuses), the development photos' (where the temperature is fitted:
the one number that turns its scores into the chance a reading is right), the Camerash held-out
fifth and the held-out generated style. Then a reliability table on the development photos
(confidence bins against the share read right) and, for the threshold chosen, the share of wrong
readings marked unsure and of right ones marked so for nothing.

    python -m vision.training.classifier_report --bank BANK.npz --model models/classifier.onnx \
        [--real REAL_PHOTO_SET] [--write models/vision.json]
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

import numpy as np

from vision.classes import CLASSIFIER_CODES
from vision.classify import softmax
from vision.training.tile_classifier import recut

BINS = (0.0, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 1.0001)
# The real photos by their rows' angle: the export's boxes of a turned photo are the envelopes of
# turned tiles (loose, the more so the steeper), so a crop cut from them shows parts of the
# neighbours; the level photos' boxes are tight and say what the classifier itself does.
ANGLE_GROUPS = ((0, 10), (10, 30), (30, 60), (60, 91))
UNSURE_CHOICES = (0.5, 0.6, 0.7, 0.8, 0.9, 0.95)
CHECKS = ("val", "dev", "camerash", "heldout")


def onnx_logits(model: Path, stored: np.ndarray, batch: int = 128) -> np.ndarray:
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 2
    session = onnxruntime.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])
    name = session.get_inputs()[0].name
    out = []
    for start in range(0, len(stored), batch):
        crops = np.stack([recut(crop, None) for crop in stored[start:start + batch]])
        tensor = crops[..., ::-1].transpose(0, 3, 1, 2).astype(np.float32) / 255.0
        out.append(np.asarray(session.run(None, {name: np.ascontiguousarray(tensor)})[0], np.float32))
    return np.concatenate(out)


def fit_temperature(logits: np.ndarray, labels: np.ndarray) -> float:
    """The temperature that makes the labels likeliest (negative log-likelihood, a grid then a
    finer grid: one number, no optimiser needed)."""
    def nll(temperature: float) -> float:
        probs = softmax(logits, temperature)
        return float(-np.log(probs[np.arange(len(labels)), labels] + 1e-12).mean())

    grid = np.exp(np.linspace(np.log(0.25), np.log(4.0), 41))
    best = float(grid[np.argmin([nll(t) for t in grid])])
    fine = np.linspace(best * 0.9, best * 1.1, 21)
    return float(fine[np.argmin([nll(t) for t in fine])])


def reliability(confidence: np.ndarray, right: np.ndarray) -> list[dict]:
    rows = []
    for low, high in zip(BINS[:-1], BINS[1:], strict=True):
        inside = (confidence >= low) & (confidence < high)
        if inside.any():
            rows.append({"bin": f"{low:.2f}-{min(high, 1.0):.2f}", "tiles": int(inside.sum()),
                         "mean_confidence": round(float(confidence[inside].mean()), 3),
                         "share_right": round(float(right[inside].mean()), 3)})
    return rows


def photo_angles(real: Path, photo_indexes: np.ndarray) -> np.ndarray:
    """Each crop's photo's rows' angle in degrees (0-90, either way), the photos numbered as the
    crop bank numbered them (vision.training.real_photos.load_photos order)."""
    from vision.training.crop_bank import photo_angle
    from vision.training.real_photos import load_photos

    wanted = set(photo_indexes.tolist())
    angles = {index: abs(float(np.degrees(photo_angle(photo.boxes))))
              for index, photo in enumerate(load_photos(real)) if index in wanted}
    return np.array([angles[index] for index in photo_indexes.tolist()])


def by_angle(right: np.ndarray, photos: np.ndarray, angles: np.ndarray) -> list[dict]:
    """Top-1 over the crops of photos whose rows lie in each of ANGLE_GROUPS."""
    rows = []
    for low, high in ANGLE_GROUPS:
        inside = (angles >= low) & (angles < high)
        if inside.any():
            rows.append({"rows_at_degrees": f"{low}-{min(high, 90)}",
                         "photos": len(set(photos[inside].tolist())), "tiles": int(inside.sum()),
                         "top1": round(float(right[inside].mean()), 4)})
    return rows


def report(bank_path: Path, model: Path, real: Path | None = None) -> dict:
    bank = np.load(bank_path)
    figures: dict = {}
    logits = {check: onnx_logits(model, bank[f"{check}_x"]) for check in CHECKS if f"{check}_x" in bank}
    temperature = fit_temperature(logits["dev"], bank["dev_y"]) if "dev" in logits else 1.0
    figures["temperature"] = round(temperature, 3)
    for check, values in logits.items():
        labels = bank[f"{check}_y"]
        predicted = values.argmax(1)
        right = predicted == labels
        figures[f"{check}_top1"] = round(float(right.mean()), 4)
        figures[f"{check}_crops"] = int(len(labels))
        pairs = Counter((CLASSIFIER_CODES[t], CLASSIFIER_CODES[p])
                        for t, p in zip(labels, predicted, strict=True) if t != p)
        figures[f"{check}_confusions"] = [f"{t}->{p} x{n}" for (t, p), n in pairs.most_common(20)]
    probs = softmax(logits["dev"], temperature)
    confidence, right = probs.max(1), probs.argmax(1) == bank["dev_y"]
    figures["dev_reliability"] = reliability(confidence, right)
    val_probs = softmax(logits["val"], temperature)
    val_conf, val_right = val_probs.max(1), val_probs.argmax(1) == bank["val_y"]
    figures["val_reliability"] = reliability(val_conf, val_right)
    if real is not None and "val_photo" in bank:
        figures["val_by_row_angle"] = by_angle(val_right, bank["val_photo"],
                                               photo_angles(real, bank["val_photo"]))
    figures["unsure_thresholds"] = [
        {"unsure_below": threshold,
         "dev_wrong_marked": f"{int(((confidence < threshold) & ~right).sum())}/{int((~right).sum())}",
         "dev_right_marked": f"{int(((confidence < threshold) & right).sum())}/{int(right.sum())}",
         "val_wrong_marked": f"{int(((val_conf < threshold) & ~val_right).sum())}/{int((~val_right).sum())}",
         "val_right_marked": f"{int(((val_conf < threshold) & val_right).sum())}/{int(val_right.sum())}"}
        for threshold in UNSURE_CHOICES]
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bank", type=Path, required=True)
    parser.add_argument("--model", type=Path, required=True, help="the classifier's ONNX file")
    parser.add_argument("--unsure-below", type=float, default=0.8,
                        help="the confidence under which a reading is marked unsure (written with --write)")
    parser.add_argument("--write", type=Path, default=None,
                        help="a vision.json to write the fitted temperature and the threshold into")
    parser.add_argument("--real", type=Path, default=None,
                        help="the real photo set the bank was cut from: validation top-1 by the rows' angle")
    args = parser.parse_args(argv)
    figures = report(args.bank, args.model, args.real)
    print(json.dumps(figures, indent=1))
    if args.write:
        config = json.loads(args.write.read_text())
        config["classifier"]["temperature"] = figures["temperature"]
        config["classifier"]["unsure_below"] = args.unsure_below
        args.write.write_text(json.dumps(config, indent=2) + "\n")


if __name__ == "__main__":
    main()
