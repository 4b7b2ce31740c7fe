"""Training smoke tests: one epoch of each model on tiny data, exported to ONNX and run by onnxruntime.

They prove the offline training path works end to end on CPU (no hub, no downloads); they say
nothing about accuracy, which the model card reports.
"""

import importlib.util
import json
import os

import numpy as np
import pytest

# Found, not imported: importing Ultralytics patches PIL.Image.open, cv2.imread/imwrite/imshow and
# torch.save for the whole process, which would change what later tests in this run see.
MISSING = [name for name in ("torch", "ultralytics", "onnx") if importlib.util.find_spec(name) is None]
if MISSING and os.environ.get("CI") == "true":
    raise RuntimeError(f"training tests need the train extra under CI (missing: {', '.join(MISSING)})")

pytestmark = [
    pytest.mark.training,
    pytest.mark.skipif(bool(MISSING), reason=f"train extra not installed ({', '.join(MISSING)}): "
                       "run `make train-deps`"),
]


@pytest.fixture(autouse=True)
def undo_ultralytics_patches():
    """Give back the library functions Ultralytics replaces on import, after each test."""
    import cv2
    from PIL import Image

    saved = (Image.open, cv2.imread, cv2.imwrite, cv2.imshow)
    yield
    Image.open, cv2.imread, cv2.imwrite, cv2.imshow = saved


def test_detector_one_epoch_and_onnx_export(tmp_path):
    import onnxruntime as ort

    from vision.synth.dataset import write_data_yaml, write_dataset
    from vision.synth.shot import SceneConfig
    from vision.training.train import export_detector, train_detector

    config = SceneConfig(long_side=192)
    base = write_dataset("smoke", seed=1, count=6, config=config, root=tmp_path, save_long_side=128)
    write_dataset("smoke", seed=2, count=2, config=config, root=tmp_path, save_long_side=128, split="val")
    data = write_data_yaml(base)
    best = train_detector(
        data, imgsz=64, epochs=1, batch=4, workers=0, name="smoke", project=tmp_path / "runs"
    )
    assert best.exists()
    onnx_path = export_detector(best, imgsz=64, target=tmp_path / "detector.onnx")
    session = ort.InferenceSession(str(onnx_path), providers=["CPUExecutionProvider"])
    (output,) = session.run(None, {session.get_inputs()[0].name: np.zeros((1, 3, 64, 64), np.float32)})
    assert output.shape[:2] == (1, 5)  # cx, cy, w, h and one class score per anchor


def test_classifier_one_epoch_and_onnx_export(tmp_path):
    import onnxruntime as ort

    from vision.classes import CLASSIFIER_CODES
    from vision.synth.classifier import build_data
    from vision.synth.classifier_net import export_onnx, train
    from vision.synth.crops import INPUT_HW

    data = build_data(tmp_path / "data.npz", None, scenes=2, faces_per_class=1, camerash_copies=0)
    # faces cover every tile class, the scenes' bare table the "none" class
    assert set(np.unique(data["train_y"])) == set(range(len(CLASSIFIER_CODES)))
    model, history = train(data, epochs=1, batch=16, checkpoint=tmp_path / "last.pt")
    assert len(history) == 1 and 0.0 <= history[0]["heldout_synthetic_top1"] <= 1.0
    onnx_path = export_onnx(model, tmp_path / "classifier.onnx")
    session = ort.InferenceSession(str(onnx_path), providers=["CPUExecutionProvider"])
    crops = np.random.default_rng(0).random((3, 3, *INPUT_HW), dtype=np.float32)
    (logits,) = session.run(None, {"crops": crops})
    assert logits.shape == (3, len(CLASSIFIER_CODES))
    # resuming a finished run trains no further epoch and keeps the history
    _, again = train(data, epochs=1, batch=16, checkpoint=tmp_path / "last.pt")
    assert again == history


def test_orientation_one_epoch_and_onnx_export(tmp_path):
    import onnxruntime as ort

    from vision.synth.dataset import write_dataset
    from vision.synth.orientation import SIZE, dataset_crops, export_onnx, train
    from vision.synth.shot import SceneConfig

    config = SceneConfig(long_side=256)
    base = write_dataset("smoke", seed=1, count=4, config=config, root=tmp_path, save_long_side=256)
    write_dataset("smoke", seed=2, count=1, config=config, root=tmp_path, save_long_side=256, split="val")
    x, y = dataset_crops(base, "train", jitter=0.05, seed=0)
    truths = [json.loads(p.read_text()) for p in sorted((base / "truth" / "train").glob("*.json"))]
    assert x.shape == (sum(len(t["tiles"]) for t in truths), 3, SIZE, SIZE)
    assert y.tolist() == [int(tile["rotated"]) for t in truths for tile in t["tiles"]]
    val_x, val_y = dataset_crops(base, "val", jitter=0.0, seed=0)
    model, history = train({"train_x": x, "train_y": y, "val_x": val_x, "val_y": val_y}, epochs=1, batch=8,
                           checkpoint=tmp_path / "last.pt")
    assert history[0]["val"]["tiles"] == len(val_y)
    onnx_path = export_onnx(model, tmp_path / "o.onnx")
    session = ort.InferenceSession(str(onnx_path), providers=["CPUExecutionProvider"])
    (logits,) = session.run(None, {"windows": val_x[:2].astype(np.float32)})
    assert logits.shape == (2, 2)


def test_shipped_detector_back_to_trainable_weights(tmp_path):
    """The shipped ONNX detector, rebuilt as Ultralytics weights with batch norms, gives the ONNX
    file's own outputs in evaluation mode (so a fine-tune starts from the model that ships)."""
    import cv2
    import onnxruntime as ort
    import torch

    from vision.training.onnx_weights import _detector_input, detector_from_onnx
    from vision.training.train import MODELS, REPO, setup_offline

    setup_offline()
    photo = cv2.imread(str(REPO / "datasets" / "eval" / "scene-102.jpg"))
    out = detector_from_onnx(MODELS / "detector.onnx", tmp_path / "det.pt", [photo])
    model = torch.load(out, weights_only=False)["model"].eval()
    tensor = _detector_input(cv2.imread(str(REPO / "datasets" / "eval" / "scene-107.jpg")))
    with torch.no_grad():
        rebuilt = model(tensor)[0].numpy()
    session = ort.InferenceSession(str(MODELS / "detector.onnx"))
    shipped = session.run(None, {session.get_inputs()[0].name: tensor.numpy()})[0]
    assert np.abs(rebuilt - shipped).max() < 1e-2 * np.abs(shipped).max()
    norms = [m for m in model.modules() if isinstance(m, torch.nn.BatchNorm2d)]
    assert norms and all(float(norm.running_var.min()) > 0 for norm in norms)
    assert rebuilt.argmax(1).tolist() == shipped.argmax(1).tolist()
