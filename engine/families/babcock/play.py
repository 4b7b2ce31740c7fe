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
from engine.table.claims import Claim
from engine.table.claims import resolve_claims as resolve_table_claims
from engine.table.flow import CLAIM_NEXT_IN_TURN


def resolve_claims(claims: Iterable[Claim], discarder: int) -> Claim | None:
    """The claim that takes the discard, or None: Babcock's rule (a win beats everything, and
    among several winners the next in turn after the discarder takes it), by the table's one
    resolver."""
    taken = resolve_table_claims(claims, discarder, rule=CLAIM_NEXT_IN_TURN)
    return taken[0] if taken else None


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
