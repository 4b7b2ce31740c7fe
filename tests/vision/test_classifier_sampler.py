"""How the tile classifier's training draws its crops (vision.training.tile_classifier.SourceSampler):
sources in their set shares, and within a source, with ``balance``, rare classes (a set's flowers)
drawn more often than their count alone would give."""

from __future__ import annotations

from collections import Counter

import numpy as np

from vision.training.tile_classifier import SHARES, SourceSampler


def _bank() -> tuple[np.ndarray, np.ndarray]:
    # one real class seen 400 times, one 100 times, and a generated source of one class
    sources = np.array(["real"] * 500 + ["scene"] * 100)
    labels = np.array([0] * 400 + [1] * 100 + [2] * 100)
    return sources, labels


def test_without_balance_a_source_s_classes_come_as_often_as_they_are_stored() -> None:
    sources, labels = _bank()
    drawn = Counter(labels[SourceSampler(sources, 3).draw(20_000)].tolist())
    assert 3.6 < drawn[0] / drawn[1] < 4.4
    scene_share = SHARES["scene"] / (SHARES["real"] + SHARES["scene"])
    assert abs(drawn[2] / 20_000 - scene_share) < 0.02


def test_balance_draws_a_rare_class_as_its_count_to_the_power_given() -> None:
    sources, labels = _bank()
    full = Counter(labels[SourceSampler(sources, 3, labels, balance=1.0).draw(20_000)].tolist())
    half = Counter(labels[SourceSampler(sources, 3, labels, balance=0.5).draw(20_000)].tolist())
    assert 0.9 < full[0] / full[1] < 1.1          # 400 ** 0 : 100 ** 0
    assert 1.8 < half[0] / half[1] < 2.2          # 400 ** 0.5 : 100 ** 0.5
    # the shares between sources are untouched
    for drawn in (full, half):
        scene_share = SHARES["scene"] / (SHARES["real"] + SHARES["scene"])
        assert abs(drawn[2] / 20_000 - scene_share) < 0.02
