"""Riichi scoring speed: this engine against the ``mahjong`` library on the same 10,000 hands.

    .venv/bin/python benchmarks/bench_japanese.py [--hands 10000] [--seed 11] [--repeat 5]

Both sides get their input already built (our DeclaredHand; the library's 136-tile ids, melds and
HandConfig), so the figures compare scoring, not parsing. Prints hands per second for each (best
of --repeat interleaved runs, in CPU time) and the ratio. The target is 3x the library's rate,
on repeated hands and on unseen ones: each round also scores, on both sides, a set of as many
other hands that no run has seen (seed + 1, seed + 2, ... one per round), with the caches the
runs before it left, and the best of those passes is compared too. Five rounds by default: on a
shared machine the best of three still swings by a fifth.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "engine")]

from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from riichi_random import library_inputs, random_requests  # noqa: E402

from engine.core.hand import hand_from_dict  # noqa: E402
from engine.families import resolve_options  # noqa: E402
from engine.families.riichi.family import score_hand  # noqa: E402


def run_once(function, items: list) -> float:  # noqa: ANN001
    """CPU seconds to score every item once (CPU time, as this machine is shared). Our engine
    caches only what many different hands share (one suit's splits with their per-reading shares,
    the honour counts, the value and explained items of a set of yaku, the points of a han/fu
    pair), never a whole hand, so a repeat gains nothing from the last run."""
    gc.collect()   # start each run without the garbage of what came before (the collector stays on)
    start = time.process_time()
    for item in items:
        function(item)
    return time.process_time() - start


def library_score_kwargs(kwargs: dict) -> object:
    """The library's scoring behind one call, as ours is (``score_hand`` behind ``ours``); the
    import stays out of the timed loop."""
    return HandCalculator.estimate_hand_value(**kwargs)


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

    def ours(hand) -> object:  # noqa: ANN001
        return score_hand(hand, options, None)

    ours_best = theirs_best = ours_unseen = theirs_unseen = float("inf")
    for round_ in range(rounds):          # interleaved, so both see the same machine load
        ours_best = min(ours_best, run_once(ours, hands))
        theirs_best = min(theirs_best, run_once(library_score_kwargs, inputs))
        ours_unseen = min(ours_unseen, run_once(ours, unseen_hands[round_]))
        theirs_unseen = min(theirs_unseen, run_once(library_score_kwargs, unseen_inputs[round_]))
    ours, theirs = args.hands / ours_best, args.hands / theirs_best
    print(f"riichi scoring, {args.hands} seeded hands (best of {rounds}, CPU time):")
    print(f"  tiletally engine  {ours:10.0f} hands/s")
    print(f"  mahjong library   {theirs:10.0f} hands/s")
    print(f"  ratio             {ours / theirs:10.2f}x (target >= 3x)")
    print(f"unseen hands (a new set each round: seeds {args.seed + 1}-{args.seed + rounds}, best of "
          f"{rounds}):")
    print(f"  tiletally engine  {args.hands / ours_unseen:10.0f} hands/s")
    print(f"  mahjong library   {args.hands / theirs_unseen:10.0f} hands/s")
    print(f"  ratio             {theirs_unseen / ours_unseen:10.2f}x (target >= 3x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
