"""The Japanese family: modern Riichi (``riichi``) and source doc B's classical game
(``japanese-classical``). One hand analysis feeds two scoring tables.

This module is the family's public face for the registry and the table: it re-exports the presets
and the payment rules (data, in ``japanese_scoring``) and dispatches ``score_hand``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.hand import DeclaredHand
from engine.result import Score, invalid
from engine.rulesets.japanese_scoring import (
    PRESETS,
    draw_payments,
    false_win_payments,
    win_payments,
)

__all__ = ["PRESETS", "draw_payments", "false_win_payments", "score_hand", "win_payments"]


def score_hand(hand: DeclaredHand, options: dict, request: Mapping[str, Any]) -> Score:
    """Score a declared win under a Japanese preset's options."""
    return invalid("Japanese scoring is not implemented yet")
