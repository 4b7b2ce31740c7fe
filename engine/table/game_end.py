"""When a game ends, and how it places its players.

A game ends after its last hand (``engine.table.standing.next_hand``), when the players end it
(an ``end_game`` event; undo takes it back), or early by its flow's end conditions, checked after
every event: a total below zero, or the last hand's dealer winning it and standing alone in first
place (Japanese agari-yame; the dealer would deal again, and stops instead). The final placings
are the family's standings rule (``engine.families.standings``) over the final totals.
"""

from __future__ import annotations

from dataclasses import replace

from engine.families.standings import GameTotals, Placing, StandingsRule
from engine.table.standing import TableState, family_at

END_LAST_HAND = "last_hand"
END_BY_PLAYERS = "players"
END_BELOW_ZERO = "below_zero"
END_AGARI_YAME = "agari_yame"


def _is_last_deal(state: TableState) -> bool:
    """The current hand is the game's last deal: the last round's fourth dealer."""
    flow = state.flow
    return (not flow.fixed_hands and state.round_index == flow.rounds - 1
            and state.places[state.dealer] == 3)


def early_end(state: TableState) -> str:
    """Why the state's last event ends the game before its last hand ("" when it does not)."""
    flow = state.flow
    if state.finished or not state.records:
        return ""
    if flow.ends_below_zero and min(state.totals) < 0:
        return END_BELOW_ZERO
    last = state.records[-1]
    if (flow.agari_yame and last.kind == "win" and last.dealer == state.dealer
            and last.dealer in last.details.get("winners", ()) and _is_last_deal(state)
            and all(state.totals[state.dealer] > total
                    for player, total in enumerate(state.totals) if player != state.dealer)):
        return END_AGARI_YAME
    return ""


def checked_end(state: TableState) -> TableState:
    """The state, finished with its reason where an end condition of its flow holds."""
    reason = early_end(state)
    return replace(state, finished=True, end_reason=reason) if reason else state


def ended_by_players(state: TableState) -> TableState:
    return replace(state, finished=True, end_reason=END_BY_PLAYERS)


def final_placings(state: TableState) -> tuple[StandingsRule, tuple[Placing, ...]]:
    """The rule the table's options name and the placings it gives the current totals (players
    in their order, the first dealer first); riichi sticks still on the table are handed out by
    the rule."""
    rule = family_at(state).standings_rule(state.options)
    return rule, rule.place(GameTotals(state.totals, state.stick_points), state.options)
