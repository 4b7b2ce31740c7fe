"""What a Riichi result shows is the hand's own: the fu lines are the fu items written out, and
each reason that names something in the hand (a suit, a rank, the winning tile) names what the
hand holds, worked out here from its tiles and reading.

The scorer writes the fu lines by a second walk in shared strings (``fu.fu_texts``) and keeps
each hand-specific reason once per value it reads (``yaku.Reason``); these tests hold both to
the definitions on every hand of the differential sets.
"""

from __future__ import annotations

import pytest
from riichi_random import random_requests

from engine.core.hand import hand_from_dict
from engine.families import resolve_options
from engine.families.riichi.analysis import analyse, fu_items_of
from engine.families.riichi.family import score_hand
from engine.families.riichi.fu import fu_texts
from engine.families.riichi.readings import meld_info

SEEDS = [(2024, 2000), (91, 2000)]
SUITS = "mps"


@pytest.mark.parametrize(("seed", "count"), SEEDS)
def test_the_fu_lines_are_the_base_and_the_items_written_out(seed: int, count: int) -> None:
    _, options = resolve_options("riichi", {})
    checked = 0
    wrong = []
    for request in random_requests(seed, count):
        hand = hand_from_dict(request)
        analysis = analyse(hand, options, meld_info(hand.melds))
        for candidate in analysis.candidates:
            items = fu_items_of(candidate, analysis)
            written = [f"{fu} {why}" for fu, why in items]
            if fu_items_of(candidate, analysis, fu_texts) != written:
                wrong.append((request["hand"], candidate.reading, written))
        score = score_hand(hand, options, request)
        if not score.valid or score.fu is None:
            continue
        lines = score.details["fu_items"]
        base = [line for line in lines if line.endswith(" base")]
        rest = [line for line in lines if not line.endswith(" base")]
        # The lines add up to the unrounded total, which rounds up to the shown fu; the base comes
        # first and is 20, 30, or 25 for seven pairs.
        total = sum(int(line.split()[0]) for line in lines)
        if lines and (len(base) != 1 or lines[0] != base[0] or total > score.fu
                      or score.fu - total >= 10 or int(base[0].split()[0]) not in (20, 25, 30)):
            wrong.append((request["hand"], lines, score.fu))
        checked += bool(rest)
    assert checked > count // 2
    assert not wrong, f"{len(wrong)} breakdowns: {wrong[:3]}"


def _expected_reason(yaku: str, reading: list[str], win: str) -> str | None:
    """The reason a hand-specific yaku should show, from the hand's tiles and shown reading."""
    suited = {block[-1] for block in reading if block[-1] in SUITS}
    if yaku in ("honitsu", "chinitsu"):
        (suit,) = suited
        return f"one suit ({suit}) " + ("with honours" if yaku == "honitsu" else "only")
    chows = [block for block in reading if len(block) == 4 and block[0] != block[1]]
    pungs = [block for block in reading if len(block) >= 4 and block[0] == block[1] and block[-1] in SUITS]
    if yaku == "sanshoku":
        starts = {block[:3] for block in chows if all(f"{block[:3]}{s}" in chows for s in SUITS)}
        return f"chow {max(starts)} in all three suits"
    if yaku == "ittsu":
        (suit,) = {block[-1] for block in chows
                   if all(f"{run}{block[-1]}" in chows for run in ("123", "456", "789"))}
        return f"straight 1-9 in {suit}"
    if yaku == "sanshoku_doukou":
        ranks = {block[0] for block in pungs if all(any(p[0] == block[0] and p[-1] == s for p in pungs)
                                                   for s in SUITS)}
        return f"pung of {max(ranks)} in all three suits"
    if yaku == "suuankou_tanki":
        return f"four concealed pungs, single wait on {win}"
    return None


@pytest.mark.parametrize(("seed", "count"), SEEDS)
def test_hand_specific_reasons_name_what_the_hand_holds(seed: int, count: int) -> None:
    _, options = resolve_options("riichi", {})
    seen: dict[str, int] = {}
    wrong = []
    for request in random_requests(seed, count):
        hand = hand_from_dict(request)
        score = score_hand(hand, options, request)
        if not score.valid:
            continue
        assert hand.win_tile is not None
        win = hand.win_tile.code.replace("0", "5")
        for yaku, item in zip(score.details["yaku"], score.items, strict=False):
            expected = _expected_reason(yaku, score.details["reading"], win)
            if expected is None:
                continue
            seen[yaku] = seen.get(yaku, 0) + 1
            if item.why != expected:
                wrong.append((request["hand"], yaku, item.why, expected))
    assert set(seen) == {"honitsu", "chinitsu", "sanshoku", "ittsu", "sanshoku_doukou",
                         "suuankou_tanki"}, seen
    assert not wrong, f"{len(wrong)} reasons: {wrong[:3]}"

