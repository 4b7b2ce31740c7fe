"""What follows each hand at a table, as data a family gives per preset: dealer rotation,
counters, game length, claims, abortive draws.

The table (``engine.table``) holds the logic, one fold over the events; a family's ``flows`` hold
these facts for its presets, so a house variant is a new row in its family rather than a branch in
the table. A flow names only where it differs from the plainest table (a fixed-seat game of four
rounds where a winning dealer deals again, no counters, no sticks).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.families.claims import CLAIM_HEAD_BUMP

SEATING_FIXED = "fixed"
SEATING_APPENDIX4 = "appendix4"   # the players change seats each round (the Green Book's Appendix 4)

KEEP_NEVER = "never"
KEEP_ALWAYS = "always"
KEEP_IF_WAITING = "if_waiting"      # the dealer keeps the deal when waiting (tenpai) at the draw


@dataclass(frozen=True)
class Flow:
    """The table rules of one preset: what happens between hands, not how a hand scores."""

    name: str
    seating: str = SEATING_FIXED      # SEATING_APPENDIX4 (players change seats per round) or fixed
    fixed_hands: int | None = None    # MCR: always 16 hands, whatever happens
    rounds: int = 4                   # prevailing-wind rounds in a game (when not fixed_hands)
    dealer_keeps_on_win: bool = True  # the dealer wins -> deals again
    keep_on_exhaustive_draw: str = KEEP_NEVER   # KEEP_* after the wall runs out
    keep_on_abortive_draw: str = KEEP_NEVER     # KEEP_* after an abortive draw
    counter_on_dealer_win: bool = False  # a dealer repeat after a win adds a counter (honba)
    counter_on_draw: bool = False     # every draw adds a counter (Riichi); else a draw resets them
    claim_rule: str = CLAIM_HEAD_BUMP  # CLAIM_* for several claims on one discard
    three_claims_abortive: bool = False  # three claimants on one discard = abortive draw
    riichi_stick: int = 0             # points a riichi declaration puts on the table (0: no riichi)
    start_points: int = 0             # every player's score before hand 1
    draw_payments: bool = False       # call the family's draw_payments at an exhaustive draw
    false_win_dead_hand: bool = True  # after a false win the offender plays on with a dead hand;
                                      # False: the hand is redealt (Japanese chombo), nobody is dead
    abortive_kinds: tuple[str, ...] = ()  # the abortive draws the preset plays (keys of its
                                          # family's abortive_draws.kinds); none: refused
    play_events: bool = False         # discards, wall draws and ready declarations are kept for
                                      # the family's discard ruling (engine.table.hand_play)
    # The amount a penalty form starts at: a divisor of three, so that split among the other three
    # it is taken as it stands; in the scale of the preset's scores (30 on an 8-fan MCR table
    # would be nothing on a 25,000-point Riichi table).
    penalty_points: int = 30
    # What ends a game before its last hand (engine.table.game_end): a total below zero, and the
    # last dealer winning the last hand and standing alone in first place (Japanese agari-yame).
    ends_below_zero: bool = False
    agari_yame: bool = False


def plain_flow_options(flow: Flow, options: Mapping[str, Any]) -> Flow:
    """A family whose options do not change its flow."""
    return flow
