"""Hands scored per second: our MCR engine and PyMahjongGB's C++ core, on the same hands.

    .venv/bin/python benchmarks/bench_mcr.py [--hands 10000] [--seed 0] [--repeat 5]

Both sides get the same seeded random valid hands (tests/engine/mcr_random.py). Our side is timed from a
parsed DeclaredHand to a Score (what ``engine score`` does per line after JSON parsing); PyMahjongGB
from its argument tuples to its fan list. Conversion of the inputs is done before either clock starts.
Each side runs ``--repeat`` times, the two sides taking turns so that both meet the same load, and
the best run counts, in CPU time of this process, so that a busy shared machine disturbs the
figures as little as possible. The first of our runs starts with empty caches (per-suit splits,
set combinations, fan explanations); its figure is printed too. Each round also scores, on both
sides, a set of as many other hands that no run has seen (seed + 1, seed + 2, ... one per round),
with the caches the runs before it filled: what a long batch of new hands gets. The best of those
unseen passes is compared too, so a noisy moment on the shared machine does not decide it.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "engine"))

from mcr_oracle import oracle_arguments  # noqa: E402
from mcr_random import random_hands  # noqa: E402

from engine.core.hand import hand_from_dict  # noqa: E402
from engine.families import resolve_options  # noqa: E402


def best_time(run, repeat: int) -> float:
    best = float("inf")
    for _ in range(max(1, repeat)):
        gc.collect()   # start each run without the garbage of what came before (the collector stays on)
        started = time.process_time()
        run()
        best = min(best, time.process_time() - started)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)

    data = random_hands(args.hands, args.seed)
    hands = [hand_from_dict(item) for item in data]
    rounds = max(1, args.repeat)
    # One fresh set per round for the unseen passes: seeds seed + 1 ... seed + rounds.
    unseen_data = [random_hands(args.hands, args.seed + 1 + round_) for round_ in range(rounds)]
    unseen_hands = [[hand_from_dict(item) for item in items] for items in unseen_data]
    family, options = resolve_options("mcr", {})

    def ours(hands=hands, data=data) -> None:
        for hand, item in zip(hands, data, strict=True):
            family.score(hand, options, item)

    try:
        from MahjongGB import MahjongFanCalculator
    except ImportError:
        MahjongFanCalculator = None
    calls = [oracle_arguments(item) for item in data] if MahjongFanCalculator else []
    unseen_calls = [[oracle_arguments(item) for item in items] for items in unseen_data] \
        if MahjongFanCalculator else []

    def theirs(calls=calls) -> None:
        for call in calls:
            MahjongFanCalculator(*call)

    cold = warm = reference = unseen = unseen_reference = float("inf")
    for round_ in range(rounds):
        seconds = best_time(ours, 1)
        if round_ == 0:
            cold = seconds
        warm = min(warm, seconds)
        if calls:
            reference = min(reference, best_time(theirs, 1))
        unseen = min(unseen, best_time(lambda r=round_: ours(unseen_hands[r], unseen_data[r]), 1))
        if calls:
            unseen_reference = min(unseen_reference,
                                   best_time(lambda r=round_: theirs(unseen_calls[r]), 1))
    print(f"hands: {args.hands} (seed {args.seed}), best of {rounds} runs, CPU time")
    print(f"ours:        {args.hands / warm:10,.0f} hands/s  ({warm:.3f} s; first run {cold:.3f} s)")
    print(f"ours, unseen:{args.hands / unseen:10,.0f} hands/s  ({unseen:.3f} s; best of {rounds} passes, "
          f"each over new seeds {args.seed + 1}-{args.seed + rounds}, caches as the runs before left them)")
    if not calls:
        print("PyMahjongGB not installed")
        return 0
    print(f"PyMahjongGB: {args.hands / reference:10,.0f} hands/s  ({reference:.3f} s; unseen "
          f"{unseen_reference:.3f} s)")
    print(f"ratio: PyMahjongGB is {warm / reference:.1f}x faster (target <= 10x)")
    print(f"ratio, unseen: PyMahjongGB is {unseen / unseen_reference:.1f}x faster (target <= 10x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
