"""The crop classifier's network and its training loop: a small CNN, photometric augmentation of
each batch, the held-out figures after each epoch, and the ONNX export the runtime loads.

Torch is imported inside the functions only: the runtime never needs it.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from vision.classes import CLASSIFIER_CODES
from vision.synth.crops import INPUT_HW
from vision.synth.fitting import fit, jitter_light


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


def to_tensor(batch_bgr: np.ndarray):
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
            logits = model(to_tensor(x_bgr[i : i + batch]))
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
               to_batch=lambda x, generator: _augment_batch(to_tensor(x), generator), figures=figures,
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
