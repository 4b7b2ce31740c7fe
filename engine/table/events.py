"""What a table's events are made of: the event kinds, the error an impossible event raises, a
score as an event stores it (and one agreed on paper, without tiles), and a penalty event."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.result import Excluded, Item, Score

WIND_LETTERS = "ESWN"
HAND_EVENTS = ("win", "draw")             # events that end a hand
ADJUSTMENTS = ("false_win", "penalty")    # events inside a hand; play goes on
CONTROL_EVENTS = ("undo", "amend")


class TableError(ValueError):
    """An event that cannot happen at this table now; the message says why."""


# -- players in events ----------------------------------------------------------------------------

def player_field(event: Mapping[str, Any], key: str, *, optional: bool = False) -> int | None:
    value = event.get(key)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise TableError(f"{key} must be a player index 0-3, got {value!r}")
    return value


def player_list(event: Mapping[str, Any], key: str) -> list[int]:
    values = event.get(key) or []
    if not isinstance(values, (list, tuple)):
        raise TableError(f"{key} must be a list of player indexes")
    out = []
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
            raise TableError(f"{key}: {value!r} is not a player index 0-3")
        if value in out:
            raise TableError(f"{key}: player {value} is listed twice")
        out.append(value)
    return out


# -- scores in events ----------------------------------------------------------------------------

def score_from_dict(data: Mapping[str, Any]) -> Score:
    """Rebuild a Score from its JSON form (``Score.to_dict()``), as stored in an event."""
    if not isinstance(data, Mapping):
        raise TableError("a win needs its score as an object")
    known = {"ok", "valid", "meets_minimum", "items", "total", "han", "fu", "limit", "payments",
             "reason", "excluded"}
    return Score(
        valid=bool(data.get("valid", True)),
        meets_minimum=bool(data.get("meets_minimum", True)),
        items=tuple(Item(str(i["name"]), int(i.get("value", 0)), int(i.get("count", 1)),
                         str(i.get("why", ""))) for i in data.get("items") or ()),
        total=int(data.get("total") or 0),
        han=data.get("han"),
        fu=data.get("fu"),
        limit=data.get("limit"),
        payments=dict(data.get("payments") or {}),
        reason=data.get("reason"),
        excluded=tuple(Excluded(str(e["name"]), int(e.get("value", 0)), str(e.get("because", "")))
                       for e in data.get("excluded") or ()),
        details={key: value for key, value in data.items() if key not in known},
    )


def declared_score(total: int, *, han: int | None = None, fu: int | None = None,
                   limit: str | None = None, minimum: int = 0) -> dict[str, Any]:
    """A score entered by hand (no tiles): the agreed total, for tables scoring on paper.

    ``minimum`` is the preset's minimum (MCR 8): a total below it is not a win. A negative total
    is refused: it is a typing error, not a declared win (engine.table.agreed_values).
    """
    if isinstance(total, bool) or not isinstance(total, int) or total < 0:
        raise TableError(f"an agreed value is a whole number, 0 or more, got {total!r}; "
                         "a hand's value cannot be negative")
    meets = total >= minimum
    score = Score(valid=True, meets_minimum=meets, total=total, han=han, fu=fu, limit=limit,
                  items=(Item("Declared total", total, why="entered by the table, not scored from tiles"),),
                  reason=None if meets else f"{total} is under the minimum of {minimum}",
                  details={"declared": True})
    return score.to_dict()


def penalty_event(offender: int, points: int, to: int | None = None, reason: str = "",
                  offence: str | None = None) -> dict[str, Any]:
    """A penalty: ``offender`` pays ``points`` to one player, or split evenly among the other three.

    0 points is a warning. ``offence`` names a rule of the preset's sheet (engine.table.offences),
    recorded with the penalty."""
    if points < 0:
        raise TableError(f"a penalty is 0 points (a warning) or more, got {points}")
    if to is not None and to == offender:
        raise TableError("a penalty is paid to someone else")
    if to is None and points % 3:
        raise TableError(f"{points} cannot be split evenly among three players")
    deltas = [0, 0, 0, 0]
    deltas[offender] = -points
    for player in range(4):
        if player != offender and (to is None or player == to):
            deltas[player] = points if to is not None else points // 3
    event: dict[str, Any] = {"type": "penalty", "deltas": deltas, "reason": reason, "offender": offender}
    if offence:
        event["offence"] = offence
    return event
