"""A weight average ("model soup") of detector checkpoints fine-tuned from the same weights.

Why: fine-tuning the detector on these CPUs swings more from one epoch to the next than between
recipes (model card, detectors v13 and v14), so no single epoch is reliably better than the
weights it started from. Checkpoints that share a starting point stay in one basin of the loss,
and their plain average is a model whose readings swing less than any of its members'.

    python -m vision train soup --out runs/soup/detector.pt runs/a/ep5.pt runs/b/ep7.pt ...

The output is an Ultralytics checkpoint like its last member, with the averaged network as its
``ema`` (what Ultralytics loads and exports), so ``python -m vision train export --detector``
takes it as it takes any trained weights.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def _network(checkpoint: dict[str, Any]) -> Any:
    """The network a checkpoint holds: Ultralytics keeps the EMA weights while training and the
    plain model once a run is stripped."""
    network = checkpoint.get("ema")
    if network is None:
        network = checkpoint.get("model")
    if network is None:
        raise ValueError("checkpoint holds no network (neither 'ema' nor 'model')")
    return network


def average_checkpoints(paths: Sequence[Path], out: Path) -> Path:
    """Write the mean of the checkpoints' floating-point weights to ``out``; integer buffers (batch
    norm's batch counts) come from the first. All must share one architecture."""
    import torch

    if not paths:
        raise ValueError("a soup needs at least one checkpoint")
    checkpoints = [torch.load(path, map_location="cpu", weights_only=False) for path in paths]
    states = [_network(checkpoint).float().state_dict() for checkpoint in checkpoints]
    names = set(states[0])
    for path, state in zip(paths, states, strict=True):
        if set(state) != names or any(state[name].shape != states[0][name].shape for name in names):
            raise ValueError(f"{path}: not the same network as {paths[0]}")
    mean = {name: (sum(state[name] for state in states) / len(states)
                   if states[0][name].is_floating_point() else states[0][name])
            for name in states[0]}
    network = copy.deepcopy(_network(checkpoints[-1])).float()
    network.load_state_dict(mean)
    # The last member's run settings stay (export reads them); its optimizer state is not the
    # soup's, so it goes, as Ultralytics drops it from a finished run.
    result = {**checkpoints[-1], "ema": network, "model": None, "optimizer": None}
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.save(result, out)
    return out
