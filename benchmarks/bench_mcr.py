"""Hands scored per second: our MCR engine and PyMahjongGB's C++ core, on the same hands.

    .venv/bin/python benchmarks/bench_mcr.py [--hands 10000] [--seed 0] [--repeat 5]

Both sides get the same seeded random valid hands (tests/engine/mcr_random.py). Our side is timed from a
parsed DeclaredHand to a Score (what ``engine score`` does per line after JSON parsing); PyMahjongGB
from its argument tuples to its fan list. Conversion of the inputs is done before either clock starts.
The two sides take turns every few hundred hands (``paired.py``), so both meet the same load, in
CPU time of this process; each of the ``--repeat`` rounds gives a ratio, and the median of the
rounds' ratios is compared with the target (within 10x). The first round starts with our caches
empty (per-suit splits, set combinations, fan explanations); its time is printed too. Each round
also scores, on both sides, a set of as many other hands that no run has seen (seed + 1,
seed + 2, ... one per round), with the caches the runs before it filled: what a long batch of new
hands gets. Hands per second are each side's best round.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "engine"), str(ROOT / "benchmarks")]

from mcr_oracle import oracle_arguments  # noqa: E402
from mcr_random import random_hands  # noqa: E402
from paired import best_rates, chunked, median_ratio, paired_rounds  # noqa: E402

from engine.core.hand import hand_from_dict  # noqa: E402
from engine.families import resolve_options  # noqa: E402


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

    def ours(pairs: list) -> None:
        for hand, item in pairs:
            family.score(hand, options, item)

    try:
        from MahjongGB import MahjongFanCalculator
    except ImportError:
        print("PyMahjongGB not installed")
        return 1

    def theirs(calls: list) -> None:
        for call in calls:
            MahjongFanCalculator(*call)

    def pair_of(hands: list, data: list) -> tuple[list, list]:
        calls = [oracle_arguments(item) for item in data]
        return chunked(list(zip(hands, data, strict=True))), chunked(calls)

    repeated, unseen = paired_rounds(ours, theirs, pair_of(hands, data), [
        pair_of(batch, items) for batch, items in zip(unseen_hands, unseen_data, strict=True)])
    print(f"hands: {args.hands} (seed {args.seed}), {rounds} rounds, the two sides taking turns, CPU time")
    for title, timed in (("repeated", repeated), (f"unseen (new seeds {args.seed + 1}-{args.seed + rounds}, "
                                                   "caches as the rounds before left them)", unseen)):
        median, low, high = median_ratio(timed)
        our_rate, their_rate = best_rates(timed, args.hands)
        print(f"{title}:")
        print(f"  ours:        {our_rate:10,.0f} hands/s"
              + (f"  (first round {repeated[0][0]:.3f} s, caches empty)" if timed is repeated else ""))
        print(f"  PyMahjongGB: {their_rate:10,.0f} hands/s")
        print(f"  ratio: PyMahjongGB is {median:.1f}x faster, median of the rounds ({low:.1f}-{high:.1f}; "
              "target <= 10x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
