"""Differential check of our Riichi scoring against the ``mahjong`` library (the oracle).

    .venv/bin/python scripts/diff_riichi.py [--hands 100000] [--seed 1] [--show 5] [--options JSON]

Scores the same seeded random wins with both and prints how many agree on han, fu, the yaku
(names mapped by a table, with their han), the points and the payments with counters; on hands
without a yaku, agreement means both say so. Disagreements are printed (up to --show).
"""

from __future__ import annotations

import argparse
import json
import sys
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "engine")]

from riichi_random import (  # noqa: E402
    library_inputs,
    library_score,
    library_summary,
    our_summary,
    random_requests,
)

from engine.core.hand import hand_from_dict  # noqa: E402
from engine.families import resolve_options  # noqa: E402
from engine.families.riichi.family import score_hand  # noqa: E402


def compare(request: dict, options: dict) -> tuple[bool, dict, dict]:
    """(agree, ours, theirs) for one request."""
    score = score_hand(hand_from_dict(request), options, request)
    ours = our_summary(score, request, options)
    theirs = library_summary(library_score(library_inputs(request, options)), request.get("honba", 0))
    if "error" in ours or "error" in theirs:
        same = ("error" in ours and "error" in theirs
                and ours["error"].startswith("no yaku") == (theirs["error"] == "no_yaku"))
        return same, ours, theirs
    return ours == theirs, ours, theirs


def run(hands: int, seed: int, show: int, overrides: dict | None = None) -> tuple[int, int, int]:
    """(agreeing, hands with a yaku, total) over ``hands`` seeded random wins."""
    _, options = resolve_options("riichi", overrides or {})
    agree = with_yaku = 0
    shown = 0
    for request in random_requests(seed, hands):
        same, ours, theirs = compare(request, options)
        agree += same
        with_yaku += "error" not in theirs
        if not same and shown < show:
            shown += 1
            print("DIFF", request, "\n  ours  ", ours, "\n  theirs", theirs, file=sys.stderr)
    return agree, with_yaku, hands


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=5)
    parser.add_argument("--options", default="{}", help='preset overrides, e.g. \'{"kiriage": true}\'')
    args = parser.parse_args(argv)
    agree, with_yaku, total = run(args.hands, args.seed, args.show, json.loads(args.options))
    print(f"riichi vs mahjong {version('mahjong')}: "
          f"{agree}/{total} hands agree ({with_yaku} with a yaku, {total - with_yaku} without)")
    return 0 if agree == total else 1


if __name__ == "__main__":
    raise SystemExit(main())
