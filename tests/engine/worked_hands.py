"""What every family's set of worked hands (published examples, each with its source) must pass
besides its own checks: the set itself, each hand, and the same answers through
``python -m engine score``. A family's test module binds the three tests (``worked_hand_tests``)
to names pytest collects, as test_hongkong_worked.py does.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.families import score_json

ROOT = Path(__file__).resolve().parents[2]
Hand = dict[str, Any]


def score_through_cli(requests: list[Hand]) -> list[Hand]:
    """Each request scored by the JSON-lines command, one line in and one line out."""
    lines = "".join(json.dumps(request) + "\n" for request in requests)
    done = subprocess.run([sys.executable, "-m", "engine", "score"], input=lines, capture_output=True,
                          text=True, cwd=ROOT, timeout=120, check=True)
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(results) == len(requests)
    return results


def worked_hand_tests(hands: list[Hand], request_of: Callable[[Hand], Hand],
                      check: Callable[[Hand, Hand], None]) -> tuple[Callable[..., None], ...]:
    """The three tests for ``hands``: ``request_of`` makes a hand's engine request, ``check``
    compares a result (the JSON object) with the hand's published figures."""
    def test_there_are_at_least_thirty_worked_hands_each_with_a_source() -> None:
        assert len(hands) >= 30
        assert len({hand["id"] for hand in hands}) == len(hands)
        assert all(hand["source"] for hand in hands)

    @pytest.mark.parametrize("hand", hands, ids=[hand["id"] for hand in hands])
    def test_worked_hand(hand: Hand) -> None:
        check(score_json(request_of(hand)), hand)

    def test_every_worked_hand_through_the_json_lines_cli() -> None:
        results = score_through_cli([request_of(hand) for hand in hands])
        for hand, result in zip(hands, results, strict=True):
            check(result, hand)

    return (test_there_are_at_least_thirty_worked_hands_each_with_a_source, test_worked_hand,
            test_every_worked_hand_through_the_json_lines_cli)
