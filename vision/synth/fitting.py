"""The training loop both small models share (the crop classifier and the orientation model).

One-cycle AdamW over shuffled batches, a checkpoint after every epoch that a run resumes from, and
the caller's figures logged per epoch: one place, so both models train, resume and report alike.
Torch is imported inside: the runtime never needs it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np


def fit(make_model: Callable[[], Any], x_all: np.ndarray, y_all: np.ndarray, *, epochs: int, batch: int,
        lr: float, seed: int, to_batch: Callable[[np.ndarray, Any], Any], figures: Callable[[Any], dict],
        label_smoothing: float = 0.0, checkpoint: Path | None = None, weights: Path | None = None,
        log: Callable[[str], Any] = print) -> tuple[Any, list[dict]]:
    """Train ``make_model()`` from scratch, or from ``weights`` (another run's checkpoint, with a
    fresh schedule: fine-tuning), or resume ``checkpoint``. ``to_batch(x, generator)`` turns a slice
    of ``x_all`` into the augmented input tensor; ``figures(model)`` says how the epoch went.
    Returns the model and the figures of every epoch."""
    import torch

    torch.manual_seed(seed)
    generator = torch.Generator().manual_seed(seed)
    model = make_model()
    if weights is not None and not (checkpoint is not None and checkpoint.exists()):
        model.load_state_dict(torch.load(weights, weights_only=False)["model"])
    optimiser = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=5e-4)
    steps = epochs * (len(y_all) // batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=lr, total_steps=max(1, steps))
    start_epoch, history = 0, []
    if checkpoint is not None and checkpoint.exists():
        state = torch.load(checkpoint, weights_only=False)
        model.load_state_dict(state["model"])
        optimiser.load_state_dict(state["optimiser"])
        schedule.load_state_dict(state["schedule"])
        start_epoch, history = state["epoch"], state["history"]
    loss_fn = torch.nn.CrossEntropyLoss(label_smoothing=label_smoothing)
    rng = np.random.default_rng(seed)
    for epoch in range(start_epoch, epochs):
        model.train()
        order = rng.permutation(len(y_all))
        started, total = time.time(), 0.0
        for i in range(0, len(order) - batch + 1, batch):
            index = order[i:i + batch]
            loss = loss_fn(model(to_batch(x_all[index], generator)), torch.from_numpy(y_all[index]))
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += loss.item()
        row = {"epoch": epoch + 1, "loss": round(total / max(1, len(order) // batch), 4),
               "seconds": round(time.time() - started, 1), **figures(model)}
        history.append(row)
        log(json.dumps(row))
        if checkpoint is not None:
            torch.save({"model": model.state_dict(), "optimiser": optimiser.state_dict(),
                        "schedule": schedule.state_dict(), "epoch": epoch + 1, "history": history},
                       checkpoint)
    return model, history


def jitter_light(x, generator, noise: float = 0.06):
    """Photometric jitter on a batch (N, 3, H, W in 0-1) for both models: light, colour cast,
    contrast and sensor noise up to ``noise``, drawn in that order from ``generator``."""
    import torch

    n = x.shape[0]
    gain = torch.empty(n, 1, 1, 1).uniform_(0.55, 1.35, generator=generator)
    cast = torch.empty(n, 3, 1, 1).uniform_(0.8, 1.2, generator=generator)
    mean = x.mean(dim=(1, 2, 3), keepdim=True)
    contrast = torch.empty(n, 1, 1, 1).uniform_(0.6, 1.3, generator=generator)
    x = (x - mean) * contrast + mean
    x = x * gain * cast
    return x + torch.randn(x.shape, generator=generator) * torch.empty(n, 1, 1, 1).uniform_(
        0, noise, generator=generator)
