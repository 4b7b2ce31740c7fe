"""An amendment and the hands after it.

Amending a hand can move what every later hand was played under: a different winner passes the
deal instead of keeping it, so the seat winds, the dealer, the counters and the sticks of each
later hand change. A win scored from tiles was scored in its own context (its ``hand`` holds the
seat and round wind, counters and sticks the table gave it), so such a win is scored again, in the
context the amended history gives it, and the amendment carries the re-scored wins with it:

    {"type": "amend", "target": 2, "event": {...}, "rescored": [{"target": 5, "event": {...}}]}

so the log itself says what each hand scored, and the whole change is one event (written at once,
or not at all). A win agreed on paper (no tiles) keeps its agreed value. A later hand that would no
longer be a win in its new seat refuses the amendment: nobody can have won with it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.coded import fill
from engine.families import score_json
from engine.families.flow import SEATING_APPENDIX4
from engine.table.events import WIND_LETTERS, TableError
from engine.table.flow import ROUND_SEAT
from engine.table.fold import apply, effective_events
from engine.table.messages import MESSAGES
from engine.table.standing import TableState, hand_context, new_state
from engine.table.win_request import others_from_score


class LaterHandRefused(TableError):
    """A later win the amendment would leave unscorable or no longer a win; the fields let a page
    say so in its reader's language (the message is the English)."""

    def __init__(self, code: str, params: Mapping[str, Any], *, event_id: int, hand_number: int,
                 winner: int, score: Mapping[str, Any]) -> None:
        super().__init__(fill(MESSAGES[code], params), code=code, params=params)
        self.event_id = event_id
        self.hand_number = hand_number
        self.winner = winner
        self.score = dict(score)


# The fields of a win's engine input that the table fills in (engine.table.standing.hand_context).
CONTEXT_KEYS = ("seat_wind", "round_wind", "honba", "riichi_sticks")


def amendment(rules: str, players: Sequence[str], overrides: Mapping[str, Any],
              log: Sequence[Mapping[str, Any]], target: int, event: Mapping[str, Any]) -> dict[str, Any]:
    """The amend event replacing ``target`` with ``event``, with every later win whose context the
    change moves scored again (TableError if the amendment cannot stand)."""
    amend: dict[str, Any] = {"type": "amend", "target": target, "event": dict(event)}
    state = new_state(rules, players, overrides)
    rescored = []
    for index, current in effective_events([*log, amend]):
        if index > target:
            fresh = rescored_win(state, current, overrides, index)
            if fresh is not None:
                rescored.append({"target": index, "event": fresh})
                current = fresh
        state = apply(state, current, index)
    if rescored:
        amend["rescored"] = rescored
    return amend


def rescored_win(state: TableState, event: Mapping[str, Any], overrides: Mapping[str, Any],
                 event_id: int = -1) -> dict[str, Any] | None:
    """The win scored again in the context ``state`` gives it; None when nothing in it moved (or
    it is not a win from tiles)."""
    if event.get("type") != "win":
        return None
    several = "claims" in event
    claims = event.get("claims") if several else [event]
    if not isinstance(claims, (list, tuple)):
        return None
    fresh = [_rescored_claim(state, claim, overrides, event_id) if isinstance(claim, Mapping) else None
             for claim in claims]
    if all(claim is None for claim in fresh):
        return None
    merged = [dict(new if new is not None else old) for old, new in zip(claims, fresh, strict=True)]
    if several:
        return {**event, "claims": merged}
    return merged[0]


def _rescored_claim(state: TableState, claim: Mapping[str, Any], overrides: Mapping[str, Any],
                    event_id: int) -> dict[str, Any] | None:
    hand, winner = claim.get("hand"), claim.get("winner")
    if not isinstance(hand, Mapping) or not hand.get("hand"):
        return None                     # agreed on paper: its value does not depend on the seat
    if isinstance(winner, bool) or not isinstance(winner, int) or not 0 <= winner <= 3:
        return None                     # the fold refuses it with the reason
    context = hand_context(state, winner)
    if all(hand.get(key) == context[key] for key in CONTEXT_KEYS):
        return None
    request = {**hand, **context}
    if hand.get("losers"):
        request["losers"] = _losers_reseated(state, hand, winner)
    score = score_json({**request, "options": dict(overrides)})
    who = {"hand": state.hand_number, "player": state.players[winner]}
    where = {"event_id": event_id, "hand_number": state.hand_number, "winner": winner, "score": score}
    if not score.get("ok"):
        raise LaterHandRefused("table.later_unscorable", {**who, "detail": str(score.get("error"))},
                               **where)
    if not score.get("valid") or not score.get("meets_minimum"):
        why = score.get("reason") or "under the minimum"
        raise LaterHandRefused("table.later_not_a_win", {**who, "detail": str(why)}, **where)
    out = {**claim, "hand": request, "score": score}
    others = others_from_score(state, score)
    if others:
        out["others"] = others
    else:
        out.pop("others", None)
    return out


def _losers_reseated(state: TableState, hand: Mapping[str, Any], winner: int) -> list[dict[str, Any]]:
    """The losers' laid-down hands at the seat winds they have now (each loser is found by the
    seat wind they had when the hand was entered)."""
    old_round = WIND_LETTERS.index(hand["round_wind"]) if hand.get("round_wind") in tuple(WIND_LETTERS) else 0
    old_places = ROUND_SEAT[old_round] if state.flow.seating == SEATING_APPENDIX4 else (0, 1, 2, 3)
    old_seat = WIND_LETTERS.index(hand["seat_wind"])
    dealer_place = (old_places[winner] - old_seat) % 4
    winds = state.seat_winds
    out = []
    for loser in hand["losers"]:
        place = (dealer_place + WIND_LETTERS.index(loser["seat_wind"])) % 4
        player = old_places.index(place)
        out.append({**loser, "seat_wind": WIND_LETTERS[winds[player]]})
    return out
