"""How an MCR game places its players: table points 4, 2, 1 and 0 by place, tied players sharing
the points of the places they hold, the game's score as the tiebreak (docs/rules.md); or the net
score alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.families.standings import NET, GameTotals, Placing, StandingsRule, points_by_place
from engine.reasons.marker import N_

TABLE_POINTS = (4, 2, 1, 0)


def _place(game: GameTotals, options: Mapping[str, Any]) -> tuple[Placing, ...]:
    return points_by_place(game, options, TABLE_POINTS)


TABLE_POINTS_RULE = StandingsRule(code="table_points", label=N_("Table points"),
                                  unit=N_("table points"), options={}, place=_place)

STANDINGS_RULES: tuple[StandingsRule, ...] = (TABLE_POINTS_RULE, NET)
