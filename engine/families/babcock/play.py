"""Play-time rulings of the classical (Babcock) game that the table asks during a hand.

Who takes a discard several players claim, whether a ready player may win on a discard given
their own discards (the classical sheet's sacred discard, with its variants as options), and when the wall is
exhausted so the hand is a draw. The table (``engine.table.hand_play``) calls the sacred-discard ruling
for every win on a discard at a preset that has the rule.
These are logic, not values, so they are small pure functions; the numbers (the dead wall) come
from the preset options.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import shapes
from engine.core.hand import DeclaredHand, Meld
from engine.core.tiles import Tile, counts34, kind_name
from engine.families.babcock.tables import DEAD_WALL_TILES
from engine.families.claims import CLAIM_NEXT_IN_TURN, Claim
from engine.families.claims import resolve_claims as resolve_table_claims
from engine.families.protocol import DiscardRefusal, OwnDiscard


def resolve_claims(claims: Iterable[Claim], discarder: int) -> Claim | None:
    """The claim that takes the discard, or None: Babcock's rule (a win beats everything, and
    among several winners the next in turn after the discarder takes it), by the table's one
    resolver."""
    taken = resolve_table_claims(claims, discarder, rule=CLAIM_NEXT_IN_TURN)
    return taken[0] if taken else None


# Which own discards forbid a win on an identical discard (the preset option ``sacred_discard``).
# The classical sheet: "If another player discards an identical tile, the 'ready' player may not use it unless
# she has drawn from the wall at least once after their own discard."
SACRED_RULES: dict[str, str] = {
    "until_wall_draw": "a tile the player discarded and has not drawn from the wall since "
                       "(the classical sheet)",
    "last_discard": "the player's own last discard",
    "one_four_seven": "every tile the hand waits on, once one of them is a discard the player has "
                      "not drawn from the wall since",
    "absolute": "every tile the hand waits on, once the player has discarded one of them this hand",
    "traditional": "the player's own last discard",
    "extended": "any tile the player discarded this hand",
}


def _as_discard(item: Tile | OwnDiscard) -> OwnDiscard:
    return item if isinstance(item, OwnDiscard) else OwnDiscard(item.kind)


def sacred_tiles(own_discards: Sequence[Tile | OwnDiscard], options: Mapping[str, Any],
                 waits: Collection[int] | None = None) -> set[int]:
    """The tile kinds a player may not win on from another's discard.

    ``own_discards`` are the player's discards this hand in order (a plain Tile counts as one not
    followed by a draw from the wall); ``waits`` are the kinds that complete the hand, which the
    1-4-7 and absolute rules need (without them only identical tiles are forbidden).
    """
    rule = options.get("sacred_discard", "until_wall_draw")
    discards = [_as_discard(item) for item in own_discards]
    pending = {discard.kind for discard in discards if not discard.drawn_since}
    every = {discard.kind for discard in discards}
    if rule == "until_wall_draw":
        return pending
    if rule in ("last_discard", "traditional"):
        return {discards[-1].kind} if discards else set()
    if rule == "extended":
        return every
    if rule in ("one_four_seven", "absolute"):
        base = pending if rule == "one_four_seven" else every
        if waits is not None and base & set(waits):
            return base | set(waits)
        return base
    raise ValueError(f"unknown sacred_discard rule {rule!r}; use one of {', '.join(SACRED_RULES)}")


@dataclass(frozen=True, slots=True)
class WinRuling:
    """Whether a win on a tile is allowed, and why (for the table's message)."""

    allowed: bool
    why: str


def completing_kinds(concealed: Sequence[Tile], melds: Sequence[Meld],
                     options: Mapping[str, Any]) -> list[int]:
    """The kinds that complete a ready hand of ``concealed`` tiles (the winning tile not among
    them) beside ``melds``; Thirteen Orphans counts where the preset plays it."""
    completing = shapes.waits(counts34(concealed), len(melds), special=False)
    if options.get("thirteen_orphans", True):
        completing = sorted(set(completing) | set(_orphan_waits(concealed, melds)))
    return completing


def sacred_ruling(tile: Tile, own_discards: Sequence[Tile | OwnDiscard], options: Mapping[str, Any],
                  waits: Collection[int] | None = None) -> WinRuling:
    """May a player win on another player's discard ``tile``, given their own discards?"""
    name = kind_name(tile.kind)
    if tile.kind in sacred_tiles(own_discards, options, waits):
        rule = str(options.get("sacred_discard", "until_wall_draw"))
        return WinRuling(False, f"{name} is a sacred discard: the rule forbids "
                                f"{SACRED_RULES.get(rule, rule)}")
    return WinRuling(True, f"{name} is not a sacred discard")


def discard_ruling(own: Sequence[OwnDiscard], tile: Tile, hand: DeclaredHand | None,
                   options: Mapping[str, Any]) -> DiscardRefusal | None:
    """The family's discard ruling for the table: why a win on ``tile`` is a sacred discard, or
    None; the option ``sacred_claim`` says whether the table refuses it or records a false win. A
    robbed kong is not a discard; the hand, where the table has it, gives the waits that the 1-4-7
    and absolute rules read."""
    if hand is not None and hand.flags & {"robbing_kong", "chankan"}:
        return None
    waits = None
    if hand is not None and hand.win_tile is not None:
        concealed = list(hand.concealed)
        concealed.remove(next(t for t in concealed if t.kind == hand.win_tile.kind))
        waits = completing_kinds(concealed, hand.melds, options)
    ruling = sacred_ruling(tile, own, options, waits)
    if ruling.allowed:
        return None
    return DiscardRefusal(ruling.why, false_win=options.get("sacred_claim") == "false_win")


def may_win_on(tile: Tile, concealed: Sequence[Tile], melds: Sequence[Meld],
               own_discards: Sequence[Tile | OwnDiscard], options: Mapping[str, Any], *,
               self_drawn: bool = False) -> WinRuling:
    """May a player holding ``concealed`` (and ``melds``) win on ``tile``?

    The tile must complete the hand; and when it is another player's discard it must not be
    sacred (see ``sacred_tiles``). A tile drawn from the wall is never sacred.
    """
    completing = completing_kinds(concealed, melds, options)
    name = kind_name(tile.kind)
    if tile.kind not in completing:
        return WinRuling(False, f"{name} does not complete the hand")
    if self_drawn:
        return WinRuling(True, f"{name} completes the hand and was drawn from the wall")
    ruling = sacred_ruling(tile, own_discards, options, completing)
    if not ruling.allowed:
        return ruling
    return WinRuling(True, f"{name} completes the hand and is not a sacred discard")


def _orphan_waits(concealed: Sequence[Tile], melds: Sequence[Meld]) -> list[int]:
    """Thirteen Orphans waits: the kinds whose one more tile makes the form."""
    return shapes.completing_kinds(counts34(concealed), len(melds), _is_thirteen_orphans)


def _is_thirteen_orphans(counts: list[int], meld_count: int) -> bool:
    return shapes.thirteen_orphans_pair(counts, shapes.held_mask(counts), meld_count) >= 0


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
