"""Differential check of the MCR engine against PyMahjongGB on N seeded random valid hands.

    .venv/bin/python scripts/diff_mcr.py [N=100000] [--seed 0] [--show 10]

Prints the number of hands where total, fan multiset and meets_minimum agree (after PyMahjongGB's
known departures, named in tests/engine/mcr_oracle.py), and the first few disagreements.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from mcr_oracle import compare  # noqa: E402
from mcr_random import random_hand  # noqa: E402

from engine.families import score_json  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    import random

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("hands", nargs="?", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--show", type=int, default=10, help="disagreements to print")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    agreements = 0
    shown = 0
    for number in range(args.hands):
        data = random_hand(rng)
        result = score_json(data)
        problem = compare(data, result) if result.get("ok") else result.get("error")
        if problem is None:
            agreements += 1
        elif shown < args.show:
            shown += 1
            print(f"hand {number}: {data}\n  {problem}")
    print(f"agreements: {agreements} of {args.hands} hands (seed {args.seed})")
    return 0 if agreements == args.hands else 1


if __name__ == "__main__":
    raise SystemExit(main())
