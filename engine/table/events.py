"""What a table's events are made of: the event kinds, the error an impossible event raises, a
score as an event stores it (and one agreed on paper, without tiles), and a penalty event."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.coded import CodedError, coded_cause, fill
from engine.core.result import Excluded, Item, Score
from engine.reasons import Reason
from engine.table.messages import MESSAGES

WIND_LETTERS = "ESWN"
HAND_EVENTS = ("win", "draw")             # events that end a hand
ADJUSTMENTS = ("false_win", "penalty")    # events inside a hand; play goes on
GAME_EVENTS = ("end_game",)                # the players end the game (undo takes it back)


class TableError(CodedError):
    """An event that cannot happen at this table now; the message says why, in English, and
    ``code`` and ``params`` say the same for a reader in another language (the templates are in
    ``engine.table.messages``). ``table.refused`` is a message without a template of its own."""

    def __init__(self, message: str, *, code: str = "table.refused",
                 params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message, code=code, params=params)

    @classmethod
    def of(cls, code: str, **params: Any) -> TableError:
        """The refusal ``code``, its English text filled in from its template."""
        return cls(fill(MESSAGES[code], params), code=code, params=params)

    @classmethod
    def wrap(cls, error: BaseException) -> TableError:
        """``error`` (a ValueError of a rule module) as a TableError with the same text, keeping the
        code of the coded error that caused it, if any."""
        cause = coded_cause(error)
        if cause is None:
            return cls(str(error))
        return cls(str(error), code=cause.code, params=cause.params)


# -- players in events ----------------------------------------------------------------------------

def player_field(event: Mapping[str, Any], key: str, *, optional: bool = False) -> int | None:
    value = event.get(key)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise TableError.of("table.not_a_player", key=key, value=repr(value))
    return value


def player_list(event: Mapping[str, Any], key: str) -> list[int]:
    values = event.get(key) or []
    if not isinstance(values, (list, tuple)):
        raise TableError.of("table.players_not_list", key=key)
    out = []
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
            raise TableError.of("table.not_a_player_in_list", key=key, value=repr(value))
        if value in out:
            raise TableError.of("table.player_twice", key=key, player=value)
        out.append(value)
    return out


# -- scores in events ----------------------------------------------------------------------------

def score_from_dict(data: Mapping[str, Any]) -> Score:
    """Rebuild a Score from its JSON form (``Score.to_dict()``), as stored in an event."""
    if not isinstance(data, Mapping):
        raise TableError.of("table.score_not_object")
    known = {"ok", "valid", "meets_minimum", "items", "total", "han", "fu", "limit", "payments",
             "reason", "excluded"}
    return Score(
        valid=bool(data.get("valid", True)),
        meets_minimum=bool(data.get("meets_minimum", True)),
        items=tuple(Item(stored_reason(i, "name"), int(i.get("value", 0)), int(i.get("count", 1)),
                         stored_reason(i, "why")) for i in data.get("items") or ()),
        total=int(data.get("total") or 0),
        han=data.get("han"),
        fu=data.get("fu"),
        limit=data.get("limit"),
        payments=dict(data.get("payments") or {}),
        reason=data.get("reason"),
        excluded=tuple(Excluded(str(e["name"]), int(e.get("value", 0)), stored_reason(e, "because"))
                       for e in data.get("excluded") or ()),
        details={key: value for key, value in data.items() if key not in known},
    )


def stored_reason(item: Mapping[str, Any], field: str) -> str:
    """An item's reason (or coded name) as stored: with the code and params it was made from,
    when it has them (they are kept, never worked out again from the text)."""
    text = str(item.get(field, ""))
    code, params = item.get(f"{field}_code"), item.get(f"{field}_params")
    if isinstance(code, str) and code and isinstance(params, Mapping):
        return Reason(text, code, params)
    return text


def declared_score(total: int, *, han: int | None = None, fu: int | None = None,
                   limit: str | None = None, minimum: int = 0) -> dict[str, Any]:
    """A score entered by hand (no tiles): the agreed total, for tables scoring on paper.

    ``minimum`` is the preset's minimum (MCR 8): a total below it is not a win. A negative total
    is refused: it is a typing error, not a declared win (engine.table.agreed_values).
    """
    if isinstance(total, bool) or not isinstance(total, int) or total < 0:
        raise TableError.of("table.agreed_value", value=repr(total))
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
        raise TableError.of("table.penalty_negative", points=points)
    if to is not None and to == offender:
        raise TableError.of("table.penalty_to_self")
    if to is None and points % 3:
        raise TableError.of("table.penalty_split", points=points)
    deltas = [0, 0, 0, 0]
    deltas[offender] = -points
    for player in range(4):
        if player != offender and (to is None or player == to):
            deltas[player] = points if to is not None else points // 3
    event: dict[str, Any] = {"type": "penalty", "deltas": deltas, "reason": reason, "offender": offender}
    if offence:
        event["offence"] = offence
    return event
