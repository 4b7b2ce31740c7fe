"""Riichi scoring speed: this engine against the ``mahjong`` library on the same 10,000 hands.

    .venv/bin/python benchmarks/bench_japanese.py [--hands 10000] [--seed 11] [--repeat 5]

Both sides get their input already built (our DeclaredHand; the library's 136-tile ids, melds and
HandConfig), so the figures compare scoring, not parsing. The two sides take turns every few
hundred hands (``paired.py``), so both meet the same load; each round gives a ratio, and the
median of the rounds' ratios is compared with the target: 3x the library's rate, on repeated
hands and on unseen ones. Each round also scores, on both sides, a set of as many other hands
that no run has seen (seed + 1, seed + 2, ... one per round), with the caches the runs before it
left. Hands per second are each side's best round, in CPU time.

Our engine caches only what many different hands share (one suit's splits with their per-reading
shares, the honour counts, the value and explained items of a set of yaku, the points of a han/fu
pair), never a whole hand, so a repeat gains nothing from the last run.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "engine"), str(ROOT / "benchmarks")]

from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from paired import best_rates, chunked, median_ratio, paired_rounds  # noqa: E402
from riichi_random import library_inputs, random_requests  # noqa: E402

from engine.core.hand import hand_from_dict  # noqa: E402
from engine.families import resolve_options  # noqa: E402
from engine.families.riichi.family import score_hand  # noqa: E402


def library_score_kwargs(kwargs: dict) -> object:
    """The library's scoring behind one call, as ours is (``score_hand`` behind ``ours``); the
    import stays out of the timed loop."""
    return HandCalculator.estimate_hand_value(**kwargs)


def report(title: str, rounds: list[tuple[float, float]], hands: int) -> None:
    """Each side's best round in hands per second, and the median of the rounds' ratios."""
    median, low, high = median_ratio([(theirs, ours) for ours, theirs in rounds])
    ours, theirs = best_rates(rounds, hands)
    print(f"{title}:")
    print(f"  tiletally engine  {ours:10.0f} hands/s")
    print(f"  mahjong library   {theirs:10.0f} hands/s")
    print(f"  ratio             {median:10.2f}x median of the rounds ({low:.2f}-{high:.2f}; "
          f"target >= 3x)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    _, options = resolve_options("riichi", {})
    requests = random_requests(args.seed, args.hands)
    hands = [hand_from_dict(request) for request in requests]
    inputs = [library_inputs(request, options) for request in requests]
    rounds = max(1, args.repeat)
    # One fresh set per round for the unseen passes: seeds seed + 1 ... seed + rounds.
    unseen_requests = [random_requests(args.seed + 1 + round_, args.hands) for round_ in range(rounds)]
    unseen_hands = [[hand_from_dict(request) for request in batch] for batch in unseen_requests]
    unseen_inputs = [[library_inputs(request, options) for request in batch] for batch in unseen_requests]

    def ours(hands: list) -> None:
        for hand in hands:
            score_hand(hand, options, None)

    def theirs(inputs: list) -> None:
        for kwargs in inputs:
            library_score_kwargs(kwargs)

    unseen_pairs = [(chunked(batch), chunked(their_batch))
                    for batch, their_batch in zip(unseen_hands, unseen_inputs, strict=True)]
    repeated, unseen = paired_rounds(ours, theirs, (chunked(hands), chunked(inputs)), unseen_pairs)
    print(f"riichi scoring, {args.hands} seeded hands, {rounds} rounds, the two sides taking turns "
          f"(CPU time):")
    report("repeated hands", repeated, args.hands)
    report(f"unseen hands (a new set each round: seeds {args.seed + 1}-{args.seed + rounds})",
           unseen, args.hands)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
