"""A hand's value checked against the preset before the table pays it.

A value agreed on paper (``table win --total``), a loser's value in a classical settlement, or a
score from an imported file can be anything; the rules are not. A value is never negative; the
family says (its ``agreed_rules``) where a hand is capped (classical: Babcock's limit of 300; Hong
Kong: 13 faan; the Japanese sheet: 500 per payer), and a higher value is capped at the limit and
the table says so; and where it has a minimum (MCR's 8 fan, Hong Kong's 3 faan, Riichi's one han),
and an agreed value under it is not a win (the table records the false win the preset says).
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.result import Score
from engine.families.protocol import AgreedRules
from engine.table.events import TableError


class AgreedValueError(TableError):
    """A value the table refuses; the message says why (a TableError, with its code)."""


def checked_score(score: Score, rules: AgreedRules, player: str) -> tuple[Score, str]:
    """``score`` of ``player``'s hand as the table pays it, and a note when it was capped; raises
    AgreedValueError. ``rules`` are the family's, for the table's options."""
    if score.total < 0:
        raise AgreedValueError.of("table.value_negative", player=player, total=score.total)
    if score.details.get("declared"):
        score = _declared_minimum(score, rules, player)
    if rules.limit is not None and score.total > rules.limit:
        note = f"{player}'s hand: {score.total} capped at the limit of {rules.limit}"
        return replace(score, total=rules.limit, limit="limit"), note
    return score, ""


def _declared_minimum(score: Score, rules: AgreedRules, player: str) -> Score:
    """An agreed value under the family's minimum is not a win (its han, where it counts han)."""
    han = score.han
    if han is not None and (isinstance(han, bool) or not isinstance(han, int) or han < 0):
        raise AgreedValueError.of("table.han_not_count", player=player, han=repr(han))
    if rules.counts_han:
        if han is None and not score.limit:
            raise AgreedValueError.of("table.needs_han_fu", player=player)
        if han is not None and not score.limit and han < rules.minimum:
            return replace(score, meets_minimum=False,
                           reason=f"{han} han is under the minimum of {rules.minimum}")
        return score
    if score.total < rules.minimum:
        return replace(score, meets_minimum=False,
                       reason=f"{score.total} is under the minimum of {rules.minimum}")
    return score
