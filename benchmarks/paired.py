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


Pair = tuple[list[Sequence[Any]], list[Sequence[Any]]]   # the same hands chunked for each side
Rounds = list[tuple[float, float]]                       # (our seconds, theirs) per round


def paired_rounds(run_ours: Callable[[Sequence[Any]], object], run_theirs: Callable[[Sequence[Any]], object],
                  repeated: Pair, unseen: list[Pair]) -> tuple[Rounds, Rounds]:
    """One round per unseen set: the repeated hands, then that round's unseen hands, each paired
    (``paired_seconds``). The unseen sets meet the caches the rounds before them filled."""
    repeated_rounds, unseen_rounds = [], []
    for unseen_pair in unseen:
        repeated_rounds.append(paired_seconds(run_ours, repeated[0], run_theirs, repeated[1]))
        unseen_rounds.append(paired_seconds(run_ours, unseen_pair[0], run_theirs, unseen_pair[1]))
    return repeated_rounds, unseen_rounds


def best_rates(rounds: Rounds, hands: int) -> tuple[float, float]:
    """Each side's hands per second in its best round (our rate, theirs)."""
    return hands / min(ours for ours, _ in rounds), hands / min(theirs for _, theirs in rounds)


def median_ratio(rounds: Rounds) -> tuple[float, float, float]:
    """(median, lowest, highest) of the rounds' ratios, our seconds over theirs."""
    ratios = [ours / theirs for ours, theirs in rounds]
    return statistics.median(ratios), min(ratios), max(ratios)
