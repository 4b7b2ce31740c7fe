"""The engine request for a win declared at a table: the player's tiles and flags, with what the
table knows filled in (winds, counters, sticks, the table's house options). The web app and the
command line both build their requests here, so a hand scores the same whichever way it came."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.families import family_of
from engine.table.events import WIND_LETTERS
from engine.table.standing import TableState, hand_context


def win_request(state: TableState, winner: int, *, overrides: Mapping[str, Any], hand: str,
                win_by: str, melds: Sequence[str] = (), win_tile: str | None = None,
                flowers: str = "", flags: Sequence[str] = (), dora_indicators: str = "",
                ura_indicators: str = "", declared_ready: bool = False,
                losers: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """A request of the ``engine score`` contract for ``winner``'s declared hand.

    ``declared_ready``: the table saw the winner declare (a riichi stick); the family's first
    ready flag is added unless the player named one. Empty melds ("pon:") are dropped, a flag
    named twice counts once, and ``losers`` (the losers' laid-down hands) are sent where given.
    """
    request: dict[str, Any] = hand_context(state, winner)
    request["options"] = dict(overrides)
    request.update(hand=hand, win_tile=win_tile or None, flowers=flowers,
                   dora_indicators=dora_indicators, ura_indicators=ura_indicators, win_by=win_by)
    request["melds"] = [meld for meld in melds if meld.split(":", 1)[-1]]
    named = list(dict.fromkeys(flags))
    ready_flags = family_of(state.rules).ready_flags
    if declared_ready and ready_flags and not set(ready_flags) & set(named):
        named.append(ready_flags[0])
    request["flags"] = named
    if losers:
        request["losers"] = [dict(loser) for loser in losers]
    return request


def others_from_score(state: TableState, score: Mapping[str, Any]) -> dict[str, Any]:
    """The scored losers' hands (classical) keyed by player, as a win event holds them."""
    winds = state.seat_winds
    out: dict[str, Any] = {}
    for loser in score.get("losers") or []:
        player = winds.index(WIND_LETTERS.index(loser["seat_wind"]))
        out[str(player)] = {"valid": True, "meets_minimum": True, "total": loser["total"],
                            "items": loser.get("items") or [], "dead": bool(loser.get("dead"))}
    return out
