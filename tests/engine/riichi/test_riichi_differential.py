"""Differential test: our Riichi scoring against the ``mahjong`` library on seeded random wins.

Every hand with a yaku must agree on han, fu, the yaku with their han (names mapped by
riichi_random.LIBRARY_NAMES), the points and the payments with counters; every other hand must
get the same verdict (no yaku / not a win). scripts/diff_riichi.py runs the same on 100,000.
"""

from __future__ import annotations

import pytest

pytest.importorskip("mahjong")

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


def _disagreements(seed: int, count: int, overrides: dict) -> tuple[list, int]:
    _, options = resolve_options("riichi", overrides)
    bad = []
    with_yaku = 0
    for request in random_requests(seed, count):
        score = score_hand(hand_from_dict(request), options, request)
        ours = our_summary(score, request, options)
        theirs = library_summary(library_score(library_inputs(request, options)), request["honba"])
        if "error" in theirs or "error" in ours:
            same = ("error" in ours and "error" in theirs
                    and ours["error"].startswith("no yaku") == (theirs["error"] == "no_yaku"))
        else:
            with_yaku += 1
            same = ours == theirs
        if not same:
            bad.append((request, ours, theirs))
    return bad, with_yaku


def test_agrees_with_mahjong_on_2000_random_hands():
    bad, with_yaku = _disagreements(seed=2024, count=2000, overrides={})
    assert not bad[:3], f"{len(bad)} of 2000 hands disagree"
    assert with_yaku > 1500      # most generated wins have a yaku; the rest test the verdict


@pytest.mark.parametrize("overrides", [
    {"double_yakuman": True},
    {"kiriage": True, "counted_yakuman": False},
    {"open_tanyao": False, "red_fives": False},
    {"renhou_as_yakuman": True, "open_pinfu_fu": False},
])
def test_agrees_with_mahjong_under_options(overrides):
    bad, _ = _disagreements(seed=77, count=500, overrides=overrides)
    assert not bad[:3], f"{len(bad)} of 500 hands disagree under {overrides}"
