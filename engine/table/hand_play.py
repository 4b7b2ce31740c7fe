"""What a table remembers inside one hand for the classical sheet: the discards that matter, the
players' draws from the wall, and 'ready' declarations, so a win on a discard can be checked against
the sacred-discard rule.

The classical sheet: "A sacred discard occurs if a player discovers that a previously discarded tile
(by that player) would permit the player to go out. This tile is a sacred discard and should be
declared. If another player discards an identical tile, the 'ready' player may not use it unless she
has drawn from the wall at least once after their own discard." and "When a player needs one tile go
out, the hand is 'ready' and should be declared."

Events (players are indexes 0-3; none of them pays anything):
    {"type": "discard", "player": 1, "tile": "5p"}     a discard that may matter later
    {"type": "wall_draw", "player": 1}                 the player drew from the wall
    {"type": "ready", "player": 1}                     a declared ready hand
The table forgets them when the hand ends. Only the discards a table chooses to record count: a
table that records none is never refused a win for a sacred discard.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.core.hand import DeclaredHand, HandError, hand_from_dict
from engine.core.tiles import KIND_CODES, Tile, parse_tiles
from engine.families.protocol import DiscardRefusal, DiscardRuling, OwnDiscard
from engine.table.events import TableError

PLAY_EVENTS = ("discard", "wall_draw", "ready")


@dataclass(frozen=True)
class HandPlay:
    """The in-hand facts of the hand being played, per player index."""

    discards: tuple[tuple[OwnDiscard, ...], ...] = ((), (), (), ())
    ready: frozenset[int] = frozenset()

    def discard(self, player: int, tile: Tile) -> HandPlay:
        discards = list(self.discards)
        discards[player] = discards[player] + (OwnDiscard(tile.kind),)
        return replace(self, discards=tuple(discards))

    def wall_draw(self, player: int) -> HandPlay:
        discards = list(self.discards)
        discards[player] = tuple(OwnDiscard(d.kind, drawn_since=True) for d in discards[player])
        return replace(self, discards=tuple(discards))

    def declare_ready(self, player: int) -> HandPlay:
        return replace(self, ready=self.ready | {player})

    def to_dict(self) -> dict[str, Any]:
        return {"ready": sorted(self.ready),
                "discards": [[{"tile": KIND_CODES[d.kind], "drawn_since": d.drawn_since} for d in mine]
                             for mine in self.discards]}


def one_tile(text: Any, field: str = "tile") -> Tile:
    """A single tile in notation ('5p'); ValueError says what is wrong."""
    if not isinstance(text, str) or not text.strip():
        raise TableError.of("table.no_tile", key=field)
    tiles = parse_tiles(text.strip(), check_counts=False)
    if len(tiles) != 1:
        raise TableError.of("table.not_one_tile", key=field, count=len(tiles), text=repr(text))
    return tiles[0]


def _declared_hand(claim: Mapping[str, Any]) -> DeclaredHand | None:
    """The winner's hand where the event holds a readable one."""
    hand = claim.get("hand")
    if not isinstance(hand, Mapping) or not hand.get("hand"):
        return None
    try:
        return hand_from_dict(hand)
    except (HandError, ValueError):
        return None


def sacred_problem(play: HandPlay, winner: int, claim: Mapping[str, Any],
                   ruling: DiscardRuling, options: Mapping[str, Any]) -> DiscardRefusal | None:
    """Why the family's discard ruling refuses a win on a discard, or None if it does not."""
    own: Sequence[OwnDiscard] = play.discards[winner]
    if not own:
        return None
    hand = _declared_hand(claim)
    tile = one_tile(claim["tile"]) if claim.get("tile") else hand.win_tile if hand else None
    if tile is None:
        raise TableError.of("table.sacred_needs_tile")
    return ruling(own, tile, hand, options)
