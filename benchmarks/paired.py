"""Timing our scorer against a peer in turns of a few hundred hands, for the scoring benches.

On a shared machine the speed of both sides swings by a quarter or more within a minute, and
not always together: timed as whole passes, one after the other, the ratio of the two moved
between 2.4x and 4.4x from one run of the same code to the next. Taking turns every few hundred
hands puts both sides under the same load, so each round's ratio is steady (within a few per
cent), and the median of the rounds' ratios is the figure a bench compares with its target.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

CHUNK = 500   # hands per turn: long enough for the clock, short against the machine's swings


def chunked(items: Sequence[Any], size: int = CHUNK) -> list[Sequence[Any]]:
    """The items in consecutive slices of ``size`` (made before any clock starts)."""
    return [items[start:start + size] for start in range(0, len(items), size)]


def paired_seconds(run_ours: Callable[[Sequence[Any]], object], our_chunks: list[Sequence[Any]],
                   run_theirs: Callable[[Sequence[Any]], object],
                   their_chunks: list[Sequence[Any]]) -> tuple[float, float]:
    """CPU seconds of this process for each side to score all its chunks, the two sides taking
    turns chunk by chunk (the same hands, each side in its own input form)."""
    assert len(our_chunks) == len(their_chunks)
    gc.collect()   # start without the garbage of what came before (the collector stays on)
    ours = theirs = 0.0
    clock = time.process_time
    for mine, peer in zip(our_chunks, their_chunks, strict=True):
        started = clock()
        run_ours(mine)
        ours += clock() - started
        started = clock()
        run_theirs(peer)
        theirs += clock() - started
    return ours, theirs


def median_ratio(rounds: list[tuple[float, float]]) -> tuple[float, float, float]:
    """(median, lowest, highest) of the rounds' ratios, our seconds over theirs."""
    ratios = [ours / theirs for ours, theirs in rounds]
    return statistics.median(ratios), min(ratios), max(ratios)
