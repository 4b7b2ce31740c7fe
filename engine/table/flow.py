"""What follows each hand, per preset: dealer rotation, counters, game length, claims (as data).

``engine.table.state`` holds the logic (one fold over the events); this module holds the per-preset
facts it reads, so a house variant is a new row here rather than a new branch there. The sources
are in docs/rules.md: MCR seats (Green Book Appendix 4), the Japanese counters and draws, Babcock's flow
and the decisions table (Riichi).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.table.events import TableError

# Green Book Appendix 4 (docs/rules.md): for each prevailing-wind round, the players (A B C D = the
# players who drew E S W N for hand 1, i.e. player indexes 0-3) sitting in the East, South, West, North seats.
APPENDIX4_SEATING: tuple[tuple[int, int, int, int], ...] = (
    (0, 1, 2, 3),  # East round:  A B C D
    (1, 0, 3, 2),  # South round: B A D C
    (2, 3, 1, 0),  # West round:  C D B A
    (3, 2, 0, 1),  # North round: D C A B
)
# The same table read the other way: ROUND_SEAT[round][player] = the seat (0-3) a player takes.
ROUND_SEAT: tuple[tuple[int, ...], ...] = tuple(
    tuple(seating.index(player) for player in range(4)) for seating in APPENDIX4_SEATING)

KEEP_NEVER = "never"
KEEP_ALWAYS = "always"
KEEP_IF_WAITING = "if_waiting"      # the dealer keeps the deal when waiting (tenpai) at the draw

CLAIM_HEAD_BUMP = "head_bump"        # the claimant first in turn after the discarder wins alone
CLAIM_NEXT_IN_TURN = "next_in_turn"  # Babcock's wording; the same seat, kept distinct for the docs
CLAIM_DOUBLE_RON = "double_ron"      # Tenhou: two claimants both win; counters and sticks go to the
                                     # one first in turn after the discarder


@dataclass(frozen=True)
class Flow:
    """The table rules of one preset: what happens between hands, not how a hand scores."""

    name: str
    # The defaults are the plainest table (a fixed-seat game of four rounds where a winning dealer
    # deals again, no counters, no sticks); each preset below names only where it differs.
    seating: str = "fixed"            # "appendix4" (players change seats per round) or "fixed"
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
    abortive_kinds: tuple[str, ...] = ()  # the abortive draws the preset knows (keys of
                                          # riichi.draws.ABORTIVE_KINDS); none: refused
    play_events: bool = False         # discards, wall draws and ready declarations are kept for
                                      # the sacred-discard rule (engine.table.hand_play)
    # The amount a penalty form starts at: a divisor of three, so that split among the other three
    # it is taken as it stands; in the scale of the preset's scores (30 on an 8-fan MCR table
    # would be nothing on a 25,000-point Riichi table).
    penalty_points: int = 30


# The MCR sheet ends a hand two ways only, a win or the wall running out ("Rozgrywka może zakończyć się
# na dwa sposoby"), so an MCR table has no abortive draws.
MCR = Flow(name="mcr", seating="appendix4", fixed_hands=16, dealer_keeps_on_win=False)

# japanese-classical (docs/rules.md): a counter only when East wins and stays; the deal passes on
# any draw (counters then reset); the sheet's four abortive draws; three ron claimants = abortive
# draw; a 100-point riichi stick only where the table turns riichi on (the Japanese sheet has
# none); the optional 600 draw pool is the family's draw_payments (it reads the preset's option,
# off by default: "Nie następują natomiast rozliczenia między graczami").
JAPANESE_CLASSICAL = Flow(
    name="japanese-classical", counter_on_dealer_win=True, three_claims_abortive=True,
    riichi_stick=100, draw_payments=True, false_win_dead_hand=False,
    abortive_kinds=("nine_terminals", "four_kongs", "same_first_discards", "three_ron"),
    penalty_points=300,
)

# Riichi (decisions table): a half game (East and South rounds), honba on dealer repeats and on
# every draw, the dealer keeps the deal when tenpai at an exhaustive draw and after an abortive
# draw, 1000-point riichi sticks, the 3000 draw pool.
RIICHI = Flow(
    name="riichi", rounds=2, keep_on_exhaustive_draw=KEEP_IF_WAITING, keep_on_abortive_draw=KEEP_ALWAYS,
    counter_on_dealer_win=True, counter_on_draw=True, three_claims_abortive=True,
    riichi_stick=1000, start_points=25000, draw_payments=True, false_win_dead_hand=False,
    abortive_kinds=("nine_terminals", "four_kongs", "same_first_discards", "three_ron", "four_riichi"),
    penalty_points=3000,
)

# Classical (Babcock, docs/rules.md): East repeats after an East win without limit; after a draw
# the deal passes (the classical sheet: "When a draw occurs the hand stops. The deal passes and a
# new hand begins."); the sheet knows no abortive draw; no counters; several Mah-Jongg claimants:
# the next in turn after the discarder wins.
CLASSICAL = Flow(name="classical", claim_rule=CLAIM_NEXT_IN_TURN, play_events=True)

# Hong Kong old style: the dealer keeps the deal after winning and the hand is replayed after a
# draw, with no counters (no streak bonus); one winner on a discard, the first in turn.
HONGKONG = Flow(name="hongkong", keep_on_exhaustive_draw=KEEP_ALWAYS, keep_on_abortive_draw=KEEP_ALWAYS,
                penalty_points=24)

# Taiwanese: the dealer keeps the deal on a win or a draw (連莊), and each such hand adds one to
# the streak the counters hold; the streak's tai are the family's payments. A non-dealer win
# passes the deal and clears the streak.
TAIWANESE = Flow(
    name="taiwanese", keep_on_exhaustive_draw=KEEP_ALWAYS, keep_on_abortive_draw=KEEP_ALWAYS,
    counter_on_dealer_win=True, counter_on_draw=True, penalty_points=300,
)

FLOWS: dict[str, Flow] = {
    "mcr": MCR,
    "mcr-ema": MCR,
    "japanese-classical": JAPANESE_CLASSICAL,
    "riichi": RIICHI,
    "classical": CLASSICAL,
    "hongkong": HONGKONG,
    "taiwanese": TAIWANESE,
}

# A preset not listed above takes its family's usual flow (the family is named by its package).
FAMILY_FLOWS: dict[str, Flow] = {"mcr": MCR, "riichi": RIICHI, "babcock": CLASSICAL,
                                 "hongkong": HONGKONG, "taiwanese": TAIWANESE}


# Preset options (of the family modules) that change the flow: option -> (Flow field, conversion).
_KEEP_WORDS = {"tenpai": KEEP_IF_WAITING, "waiting": KEEP_IF_WAITING, "always": KEEP_ALWAYS,
               "never": KEEP_NEVER}
OPTION_FIELDS: dict[str, tuple[str, Any]] = {
    "counter_on_draw": ("counter_on_draw", bool),
    "riichi_stick": ("riichi_stick", int),
    "start_points": ("start_points", int),
    "dealer_keeps_on_draw": ("keep_on_exhaustive_draw", _KEEP_WORDS.__getitem__),
    "multiple_ron": ("claim_rule", str),
}


def flow_for(preset: str, family: str, options: Mapping[str, Any] | None = None) -> Flow:
    """The flow of a preset (its own row, else its family's), with the table's options applied."""
    if preset in FLOWS:
        flow = FLOWS[preset]
    elif family in FAMILY_FLOWS:
        flow = FAMILY_FLOWS[family]
    else:
        raise KeyError(f"no table flow for preset {preset!r} (family {family!r})")
    changes: dict[str, Any] = {}
    for option, (field_name, convert) in OPTION_FIELDS.items():
        value = (options or {}).get(option)
        if value is not None:
            try:
                changes[field_name] = convert(value)
            except (KeyError, TypeError, ValueError) as error:
                raise TableError.of("table.option_not_understood", option=option,
                                    value=repr(value)) from error
    if (options or {}).get("riichi") is False:
        changes["riichi_stick"] = 0         # no riichi declarations, so no sticks to take
    if (options or {}).get("abortive_draws") is False:
        changes["abortive_kinds"] = ()
    if changes.get("claim_rule", flow.claim_rule) not in (CLAIM_HEAD_BUMP, CLAIM_NEXT_IN_TURN,
                                                           CLAIM_DOUBLE_RON):
        raise TableError.of("table.option_not_understood", option="multiple_ron",
                            value=repr(changes["claim_rule"]))
    return replace(flow, **changes)
