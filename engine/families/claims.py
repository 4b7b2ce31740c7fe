"""Who takes a discard that several players claim: the one resolver every family uses.

A win beats a pung or a kong, which beats a chow; a chow may only be called by the next player in
turn. Among several winning claims the preset's claim rule decides: ``head_bump`` (and Babcock's
``next_in_turn``, the same seat under the name his book uses) gives the discard to the claimant
first in turn after the discarder; ``double_ron`` lets every winning claimant win. Where the preset
says so, three winning claims make an abortive draw instead. Seats are places in turn order (0-3).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

CLAIM_HEAD_BUMP = "head_bump"        # the claimant first in turn after the discarder wins alone
CLAIM_NEXT_IN_TURN = "next_in_turn"  # Babcock's wording; the same seat, kept distinct for the docs
CLAIM_DOUBLE_RON = "double_ron"      # Tenhou: two claimants both win; counters and sticks go to the
                                     # one first in turn after the discarder

SEATS = 4
CALLS = ("win", "kong", "pung", "chow")
CALL_RANK = {"win": 0, "kong": 1, "pung": 1, "chow": 2}   # lower rank takes the discard
CLAIM_RULES = (CLAIM_HEAD_BUMP, CLAIM_NEXT_IN_TURN, CLAIM_DOUBLE_RON)


@dataclass(frozen=True, slots=True)
class Claim:
    """One player's claim on a discard: their seat (0-3, turn order) and what they call."""

    seat: int
    call: str = "win"


def turn_distance(seat: int, discarder: int) -> int:
    """How many turns after the discarder this seat plays (1 = next in turn)."""
    return (seat - discarder) % SEATS


def resolve_claims(claims: Iterable[Claim], discarder: int, *, rule: str = CLAIM_HEAD_BUMP,
                   three_wins_abortive: bool = False) -> list[Claim]:
    """The claims that take the discard, nearest the discarder first: one claim, or every winning
    claim under ``double_ron``; an empty list when nobody claims or three winning claims make an
    abortive draw. Raises ValueError for a claim the rules do not allow."""
    if not 0 <= discarder < SEATS:
        raise ValueError(f"discarder must be a seat 0-3, got {discarder!r}")
    if rule not in CLAIM_RULES:
        raise ValueError(f"unknown claim rule {rule!r}; rules are {', '.join(CLAIM_RULES)}")
    checked: list[Claim] = []
    seats: set[int] = set()
    for claim in claims:
        if claim.call not in CALL_RANK:
            raise ValueError(f"unknown claim {claim.call!r}; claims are {', '.join(CALLS)}")
        if isinstance(claim.seat, bool) or not isinstance(claim.seat, int) or not 0 <= claim.seat < SEATS:
            raise ValueError(f"claim seat must be 0-3, got {claim.seat!r}")
        if claim.seat == discarder:
            raise ValueError(f"seat {claim.seat} discarded the tile and cannot claim it")
        if claim.seat in seats:
            raise ValueError(f"seat {claim.seat} made two claims; a player makes one")
        if claim.call == "chow" and turn_distance(claim.seat, discarder) != 1:
            raise ValueError(f"seat {claim.seat} cannot chow: only the next player in turn "
                             "may chow a discard (unless it completes the hand: claim 'win')")
        seats.add(claim.seat)
        checked.append(claim)
    checked.sort(key=lambda claim: (CALL_RANK[claim.call], turn_distance(claim.seat, discarder)))
    wins = [claim for claim in checked if claim.call == "win"]
    if len(wins) >= 3 and three_wins_abortive:
        return []
    if wins and rule == CLAIM_DOUBLE_RON:
        return wins
    return checked[:1]
