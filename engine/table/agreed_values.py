"""A hand's value checked against the preset before the table pays it.

A value agreed on paper (``table win --total``), a loser's value in a classical settlement, or a
score from an imported file can be anything; the rules are not. A value is never negative; where
the preset caps a hand (classical: Babcock's limit of 300; the Japanese sheet: 500 per payer) a
higher value is capped at the limit and the table says so; where the preset has a minimum (MCR's
8 fan, Riichi's one han) an agreed value under it is not a win (the table records the false win
the preset says).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine.core.result import Score
from engine.table.events import TableError


class AgreedValueError(TableError):
    """A value the table refuses; the message says why (a TableError, with its code)."""


def hand_limit(options: Mapping[str, Any]) -> int | None:
    """The most a hand is worth under the preset, or None where the scoring has no such cap
    (MCR adds fan without limit; Riichi's limits are han tiers, not a figure)."""
    if options.get("scoring") == "han_fu":
        return None
    limit = options.get("limit")
    if isinstance(limit, bool) or not isinstance(limit, int) or limit <= 0:
        return None
    return limit


def checked_score(score: Score, options: Mapping[str, Any], player: str) -> tuple[Score, str]:
    """``score`` of ``player``'s hand as the table pays it, and a note when it was capped; raises
    AgreedValueError."""
    if score.total < 0:
        raise AgreedValueError.of("table.value_negative", player=player, total=score.total)
    if score.details.get("declared"):
        score = _declared_minimum(score, options, player)
    limit = hand_limit(options)
    if limit is not None and score.total > limit:
        note = f"{player}'s hand: {score.total} capped at the limit of {limit}"
        return replace(score, total=limit, limit="limit"), note
    return score, ""


def _declared_minimum(score: Score, options: Mapping[str, Any], player: str) -> Score:
    """An agreed value under the preset's minimum is not a win (its han, for Riichi)."""
    han = score.han
    if han is not None and (isinstance(han, bool) or not isinstance(han, int) or han < 0):
        raise AgreedValueError.of("table.han_not_count", player=player, han=repr(han))
    if options.get("scoring") == "han_fu":
        if han is None and not score.limit:
            raise AgreedValueError.of("table.needs_han_fu", player=player)
        minimum = int(options.get("minimum_han", 1) or 0)
        if han is not None and not score.limit and han < minimum:
            return replace(score, meets_minimum=False,
                           reason=f"{han} han is under the minimum of {minimum}")
        return score
    minimum = options.get("minimum")
    if isinstance(minimum, int) and not isinstance(minimum, bool) and score.total < minimum:
        return replace(score, meets_minimum=False,
                       reason=f"{score.total} is under the minimum of {minimum}")
    return score
