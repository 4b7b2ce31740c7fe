"""The shipped ONNX detector turned back into trainable torch weights, so a new training run can start
from the model that ships (the repository keeps only the ONNX files, never training checkpoints).

An ONNX export folds each batch norm into the convolution before it. To train again, each batch
norm is rebuilt so that it computes exactly what the folded convolution did: its running mean and
variance are measured on a few images (so training-mode statistics start where the model was) and
its scale and shift are set to undo them. The result gives the same outputs as the ONNX file in
evaluation mode (tests check this).

    python -m vision.training.onnx_weights detector models/detector.onnx runs/detect/from-onnx.pt --images DIR
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np


def onnx_convs(path: Path) -> list[tuple[str, np.ndarray, np.ndarray | None]]:
    """Each Conv node of an ONNX graph in graph order: its name, weight and bias (or None)."""
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(path))
    values = {init.name: numpy_helper.to_array(init) for init in model.graph.initializer}
    convs = []
    for node in model.graph.node:
        if node.op_type != "Conv":
            continue
        weight = values[node.input[1]]
        bias = values[node.input[2]] if len(node.input) > 2 and node.input[2] else None
        convs.append((node.name, weight, bias))
    return convs


def onnx_gemms(path: Path) -> list[tuple[np.ndarray, np.ndarray]]:
    """Each Gemm (linear layer) of an ONNX graph: weight (out x in) and bias."""
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(path))
    values = {init.name: numpy_helper.to_array(init) for init in model.graph.initializer}
    gemms = []
    for node in model.graph.node:
        if node.op_type == "Gemm":
            weight = values[node.input[1]]
            transposed = any(a.name == "transB" and a.i == 1 for a in node.attribute)
            gemms.append((weight if transposed else weight.T, values[node.input[2]]))
    return gemms


def load_folded(pairs: list, convs: list[tuple[str, np.ndarray, np.ndarray | None]]) -> None:
    """Put folded weights into (conv, batch_norm or None) pairs: the norm passes values through,
    adding the folded bias (running mean 0, variance 1 - eps, scale 1)."""
    import torch

    if len(pairs) != len(convs):
        raise ValueError(f"the torch model has {len(pairs)} convolutions, the ONNX file {len(convs)}")
    with torch.no_grad():
        for (conv, norm), (name, weight, bias) in zip(pairs, convs, strict=True):
            if tuple(conv.weight.shape) != weight.shape:
                raise ValueError(f"{name}: shape {weight.shape} does not fit {tuple(conv.weight.shape)}")
            conv.weight.copy_(torch.from_numpy(np.array(weight)))
            bias_t = torch.from_numpy(np.array(bias)) if bias is not None else torch.zeros(weight.shape[0])
            if norm is None:
                if conv.bias is not None:
                    conv.bias.copy_(bias_t)
                continue
            norm.weight.fill_(1.0)
            norm.bias.copy_(bias_t)
            norm.running_mean.zero_()
            norm.running_var.fill_(1.0 - norm.eps)


def calibrate(model, pairs: list, batches: list) -> None:
    """Give each rebuilt batch norm the statistics of its convolution's output on ``batches`` while
    keeping evaluation-mode outputs unchanged (scale = std, shift = mean + folded bias)."""
    import torch

    sums: dict[int, list] = {}
    hooks = []
    for index, (conv, norm) in enumerate(pairs):
        if norm is None:
            continue

        def hook(_module, _inputs, output, index=index):
            flat = output.detach().transpose(0, 1).reshape(output.shape[1], -1).double()
            total = sums.setdefault(index, [0.0, 0.0, 0])
            total[0] = total[0] + flat.sum(1)
            total[1] = total[1] + (flat * flat).sum(1)
            total[2] += flat.shape[1]

        hooks.append(conv.register_forward_hook(hook))
    model.eval()
    with torch.no_grad():
        for batch in batches:
            model(batch)
    for handle in hooks:
        handle.remove()
    with torch.no_grad():
        for index, (total, square, count) in sums.items():
            _conv, norm = pairs[index]
            mean = (total / count).float()
            var = (square / count).float() - mean * mean
            var = var.clamp_min(1e-4)
            folded_bias = norm.bias.clone()
            norm.running_mean.copy_(mean)
            norm.running_var.copy_(var)
            norm.weight.copy_(torch.sqrt(var + norm.eps))
            norm.bias.copy_(mean + folded_bias)


def module_path(node_name: str, modules: dict) -> str:
    """The torch module a node of an Ultralytics export came from. The export's scope names each
    level relative to some ancestor ("/model.22/cv2.0/cv2.0.0/conv/Conv" is model.22.cv2.0.0.conv),
    so each level is tried against every level resolved before it, nearest first."""
    resolved = [""]
    for part in node_name.strip("/").split("/")[:-1]:
        for base in reversed(resolved):
            candidate = f"{base}.{part}" if base else part
            if candidate in modules:
                resolved.append(candidate)
                break
        else:
            raise ValueError(f"{node_name}: no module for {part!r}")
    return resolved[-1]


def detector_from_onnx(onnx_path: Path, out: Path, images: list[np.ndarray], nc: int = 1,
                       cfg: str = "yolov8n.yaml") -> Path:
    """An Ultralytics checkpoint holding the ONNX detector's weights, ready to fine-tune."""
    import torch
    import torch.nn as nn
    from ultralytics.nn.tasks import DetectionModel

    model = DetectionModel(cfg, nc=nc, verbose=False)
    modules = dict(model.named_modules())
    pairs = []
    convs = onnx_convs(onnx_path)
    for name, _weight, _bias in convs:
        path = module_path(name, modules)
        conv = modules[path]
        if not isinstance(conv, nn.Conv2d):
            raise ValueError(f"{name}: {path} is not a convolution")
        parent = modules.get(path.rsplit(".", 1)[0])
        norm = getattr(parent, "bn", None) if path.endswith(".conv") else None
        pairs.append((conv, norm))
    load_folded(pairs, convs)
    batches = [_detector_input(image) for image in images]
    calibrate(model, pairs, batches)
    out.parent.mkdir(parents=True, exist_ok=True)
    model.names = {i: "tile" if nc == 1 else str(i) for i in range(nc)}
    torch.save({"model": model, "epoch": -1, "optimizer": None, "train_args": {}}, out)
    return out


def _detector_input(image: np.ndarray, size: int = 416):
    import torch

    from vision.detect import letterbox

    boxed = letterbox(image, (size, size))[0]
    rgb = boxed[..., ::-1].astype(np.float32) / 255.0
    return torch.from_numpy(np.ascontiguousarray(rgb.transpose(2, 0, 1)))[None]


def main(argv: list[str] | None = None) -> None:
    import cv2

    parser = argparse.ArgumentParser(prog="python -m vision.training.onnx_weights",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("detector",),
                        help="the detector (the tile classifier resumes from its own checkpoints: "
                             "vision.training.tile_classifier)")
    parser.add_argument("onnx", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--images", type=Path, default=None, help="photos to measure the statistics on")
    parser.add_argument("--limit", type=int, default=64)
    args = parser.parse_args(argv)
    paths = sorted(p for p in (args.images.rglob("*") if args.images else [])
                   if p.suffix.lower() in (".jpg", ".jpeg", ".png"))[: args.limit]
    images = [image for image in (cv2.imread(str(p)) for p in paths) if image is not None]
    print(detector_from_onnx(args.onnx, args.out, images))


if __name__ == "__main__":
    main()
