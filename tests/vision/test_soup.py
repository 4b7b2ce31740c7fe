"""The detector soup: a checkpoint whose weights are the mean of its members'."""

import importlib.util
import os

import pytest

MISSING = importlib.util.find_spec("torch") is None
if MISSING and os.environ.get("CI") == "true":
    raise RuntimeError("the soup tests need torch (the train extra) under CI")

pytestmark = [pytest.mark.training,
              pytest.mark.skipif(MISSING, reason="train extra not installed: run `make train-deps`")]


def _checkpoint(path, seed, key="ema"):
    import torch

    torch.manual_seed(seed)
    network = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.BatchNorm1d(2))
    network.train()
    network(torch.randn(4, 3))          # moves the batch norm's running mean and batch count
    other = "model" if key == "ema" else "ema"
    torch.save({key: network, other: None, "epoch": seed}, path)
    return network.state_dict()


def test_soup_is_the_mean_of_its_members_and_keeps_integer_buffers(tmp_path):
    import torch

    from vision.training.soup import average_checkpoints

    first = _checkpoint(tmp_path / "a.pt", 1)
    second = _checkpoint(tmp_path / "b.pt", 2, key="model")   # a stripped run keeps 'model'
    out = average_checkpoints([tmp_path / "a.pt", tmp_path / "b.pt"], tmp_path / "soup" / "s.pt")
    soup = torch.load(out, weights_only=False)
    assert soup["model"] is None and soup["epoch"] == 2
    state = soup["ema"].state_dict()
    for name, value in state.items():
        if value.is_floating_point():
            assert torch.allclose(value, (first[name] + second[name]) / 2), name
        else:
            assert torch.equal(value, first[name]), name
    assert not torch.allclose(state["0.weight"], first["0.weight"])


def test_soup_refuses_different_networks(tmp_path):
    import torch

    from vision.training.soup import average_checkpoints

    _checkpoint(tmp_path / "a.pt", 1)
    torch.save({"ema": torch.nn.Linear(3, 5), "model": None}, tmp_path / "b.pt")
    with pytest.raises(ValueError, match="not the same network"):
        average_checkpoints([tmp_path / "a.pt", tmp_path / "b.pt"], tmp_path / "s.pt")
