"""The final standings a finished table shows: each player's place, final total and the figure
the family's standings rule gives (table points, the score after uma and oka, the net score).

The rule and its figures are the engine's (``engine.table.game_end.final_placings``); this module
only orders them for the pages and the API. Words stay English here (the rule's label and unit,
the end's reason code): the pages translate them.
"""

from __future__ import annotations

from typing import Any

from engine.table.game_end import final_placings
from engine.table.standing import TableState


def _plain(figure: float) -> int | float:
    """A figure as JSON shows it: whole numbers without ".0", shares of split points as they are."""
    return int(figure) if float(figure).is_integer() else round(figure, 2)


def final_standings(state: TableState) -> dict[str, Any] | None:
    """The standings of a finished game, first place first (tied players in seat order), or None
    while the game goes on."""
    if not state.finished:
        return None
    rule, placings = final_placings(state)
    rows = [{"player": placing.seat, "name": state.players[placing.seat], "place": placing.place,
             "figure": _plain(placing.figure), "total": state.totals[placing.seat]}
            for placing in sorted(placings, key=lambda placing: (placing.place, placing.seat))]
    return {"rule": rule.code, "label": rule.label, "unit": rule.unit,
            "end_reason": state.end_reason, "rows": rows,
            # The figure differs from the total only where the rule adds something to it.
            "shows_figure": any(row["figure"] != row["total"] for row in rows),
            # Figures that are gains and losses carry their sign; points per place do not.
            "signed": any(row["figure"] < 0 for row in rows)}
