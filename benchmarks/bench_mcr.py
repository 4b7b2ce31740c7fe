"""Hands scored per second: our MCR engine and PyMahjongGB's C++ core, on the same hands.

    .venv/bin/python benchmarks/bench_mcr.py [--hands 10000] [--seed 0]

Both sides get the same seeded random valid hands (tests/mcr_random.py). Our side is timed from a
parsed DeclaredHand to a Score (what ``engine score`` does per line after JSON parsing); PyMahjongGB
from its argument tuples to its fan list. Conversion of the inputs is done before either clock starts.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from mcr_oracle import oracle_arguments  # noqa: E402
from mcr_random import random_hands  # noqa: E402

from engine.hand import hand_from_dict  # noqa: E402
from engine.rulesets import resolve_options  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    data = random_hands(args.hands, args.seed)
    hands = [hand_from_dict(item) for item in data]
    module, options = resolve_options("mcr", {})
    started = time.perf_counter()
    for hand, item in zip(hands, data, strict=True):
        module.score_hand(hand, options, item)
    ours = time.perf_counter() - started

    try:
        from MahjongGB import MahjongFanCalculator
    except ImportError:
        print(f"ours: {args.hands / ours:,.0f} hands/s ({ours:.2f} s for {args.hands} hands); "
              "PyMahjongGB not installed")
        return 0
    calls = [oracle_arguments(item) for item in data]
    started = time.perf_counter()
    for call in calls:
        MahjongFanCalculator(*call)
    theirs = time.perf_counter() - started

    print(f"hands: {args.hands} (seed {args.seed})")
    print(f"ours:        {args.hands / ours:10,.0f} hands/s  ({ours:.3f} s)")
    print(f"PyMahjongGB: {args.hands / theirs:10,.0f} hands/s  ({theirs:.3f} s)")
    print(f"ratio: PyMahjongGB is {ours / theirs:.1f}x faster")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
