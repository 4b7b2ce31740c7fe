"""Play-time rulings of the classical (Babcock) game that the table asks during a hand.

Who takes a discard several players claim, whether a ready player may win on a discard given
their own discards (the sacred discard), and when the wall is exhausted so the hand is a draw.
These are logic, not values, so they are small pure functions; the numbers (the dead wall) come
from the preset options.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.hand import Meld
from engine.core.shapes import waits
from engine.core.tiles import NUM_KINDS, TERMINALS_AND_HONORS, Tile, counts34, kind_name
from engine.families.babcock.tables import DEAD_WALL_TILES

SEATS = 4
CLAIMS = ("win", "kong", "pung", "chow")
# Lower rank wins: Mah-Jongg beats pung or kong, which beats chow (RULES 3.5).
CLAIM_RANK = {"win": 0, "kong": 1, "pung": 1, "chow": 2}


@dataclass(frozen=True, slots=True)
class Claim:
    """One player's claim on a discard: their seat (0-3, turn order) and what they call."""

    seat: int
    call: str


def _turn_distance(seat: int, discarder: int) -> int:
    """How many turns after the discarder this seat plays (1 = next in turn)."""
    return (seat - discarder) % SEATS


def resolve_claims(claims: Iterable[Claim], discarder: int) -> Claim | None:
    """The claim that takes the discard, or None if there are none.

    A win beats everything; among several winners the next in turn after the discarder takes it
    (Babcock). Pung and kong come next, then chow, which only the next player may call.
    """
    if not 0 <= discarder < SEATS:
        raise ValueError(f"discarder must be a seat 0-3, got {discarder!r}")
    checked: list[Claim] = []
    seats: set[int] = set()
    for claim in claims:
        if claim.call not in CLAIM_RANK:
            raise ValueError(f"unknown claim {claim.call!r}; claims are {', '.join(CLAIMS)}")
        if not 0 <= claim.seat < SEATS:
            raise ValueError(f"claim seat must be 0-3, got {claim.seat!r}")
        if claim.seat == discarder:
            raise ValueError(f"seat {claim.seat} discarded the tile and cannot claim it")
        if claim.seat in seats:
            raise ValueError(f"seat {claim.seat} made two claims; a player makes one")
        if claim.call == "chow" and _turn_distance(claim.seat, discarder) != 1:
            raise ValueError(f"seat {claim.seat} cannot chow: only the next player in turn "
                             "may chow a discard (unless it completes the hand: claim 'win')")
        seats.add(claim.seat)
        checked.append(claim)
    if not checked:
        return None
    return min(checked, key=lambda claim: (CLAIM_RANK[claim.call], _turn_distance(claim.seat, discarder)))


def sacred_tiles(own_discards: Sequence[Tile], options: Mapping[str, Any]) -> set[int]:
    """The tile kinds a player may not win on from another's discard.

    traditional: a tile equal to the player's own last discard; extended: any of the player's
    own discards this hand. ``own_discards`` is in the order they were made.
    """
    rule = options.get("sacred_discard", "traditional")
    if rule == "traditional":
        return {own_discards[-1].kind} if own_discards else set()
    if rule == "extended":
        return {tile.kind for tile in own_discards}
    raise ValueError(f"unknown sacred_discard rule {rule!r}; use 'traditional' or 'extended'")


@dataclass(frozen=True, slots=True)
class WinRuling:
    """Whether a win on a tile is allowed, and why (for the table's message)."""

    allowed: bool
    why: str


def may_win_on(tile: Tile, concealed: Sequence[Tile], melds: Sequence[Meld],
               own_discards: Sequence[Tile], options: Mapping[str, Any], *,
               self_drawn: bool = False) -> WinRuling:
    """May a player holding ``concealed`` (and ``melds``) win on ``tile``?

    The tile must complete the hand; and when it is another player's discard it must not be
    sacred (see ``sacred_tiles``). A tile drawn from the wall is never sacred.
    """
    completing = waits(counts34(concealed), len(melds), special=False)
    if options.get("thirteen_orphans", True):
        completing = sorted(set(completing) | set(_orphan_waits(concealed, melds)))
    name = kind_name(tile.kind)
    if tile.kind not in completing:
        return WinRuling(False, f"{name} does not complete the hand")
    if self_drawn:
        return WinRuling(True, f"{name} completes the hand and was drawn from the wall")
    if tile.kind in sacred_tiles(own_discards, options):
        which = "the player's own last discard" \
            if options.get("sacred_discard", "traditional") == "traditional" \
            else "one of the player's own discards this hand"
        return WinRuling(False, f"{name} is a sacred discard: it equals {which}")
    return WinRuling(True, f"{name} completes the hand and is not a sacred discard")


def _orphan_waits(concealed: Sequence[Tile], melds: Sequence[Meld]) -> list[int]:
    """Thirteen Orphans waits: the one missing kind, or all thirteen when none is missing."""
    counts = counts34(concealed)
    if melds or sum(counts) != 13 or any(
            counts[kind] for kind in range(NUM_KINDS) if kind not in TERMINALS_AND_HONORS):
        return []
    missing = [kind for kind in TERMINALS_AND_HONORS if not counts[kind]]
    if not missing:
        return list(TERMINALS_AND_HONORS)
    return missing if len(missing) == 1 else []


def dead_wall(options: Mapping[str, Any] | None = None) -> int:
    return int((options or {}).get("dead_wall", DEAD_WALL_TILES))


def is_draw(tiles_left: int, options: Mapping[str, Any] | None = None) -> bool:
    """The hand is a draw once only the dead wall remains: ``tiles_left`` counts every tile still
    in the wall, the loose tiles included (Babcock: fourteen, seven stacks)."""
    if tiles_left < 0:
        raise ValueError(f"tiles_left cannot be negative, got {tiles_left}")
    return tiles_left <= dead_wall(options)


def may_draw(tiles_left: int, options: Mapping[str, Any] | None = None) -> bool:
    """A draw from the wall, a loose tile included, is allowed only while the wall is not exhausted."""
    return not is_draw(tiles_left, options)


def may_declare_kong(tiles_left: int, options: Mapping[str, Any] | None = None) -> bool:
    """No kong once the last live tile has been drawn: its loose tile could not be taken."""
    return may_draw(tiles_left, options)
