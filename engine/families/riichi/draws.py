"""Abortive draws of the Japanese presets (the Japanese sheet, the modern Riichi set), as pure checks
the table calls when a draw is recorded. The table decides what follows (the Japanese sheet: the
deal passes; Riichi: the dealer stays and a counter is added, see the presets' table options).

The Japanese sheet lists four abortive draws: nine terminal and/or honour *tiles* among the first 13
a player is dealt ("dziewięć kamieni skrajnych i/lub Honorów"), four kongs declared by different
players (robbing the fourth is allowed), the same tile discarded by everyone on the first go-round
("ten sam kamień", any tile), and three players claiming one discard. Modern Riichi reads the first
as nine different *kinds* and the third as four identical winds, and adds four riichi declarations;
the presets' options ``nine_terminals`` and ``same_first_discards`` choose the reading.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.core.hand import HandError
from engine.core.tiles import TERMINALS_AND_HONORS, WINDS, NotationError, Tile, parse_tiles
from engine.families.claims import Claim, resolve_claims
from engine.families.protocol import AbortiveDraws
from engine.reasons.marker import N_

NINE = 9

# The kinds of abortive draw, by key: what the table records as an abortive draw's reason.
ABORTIVE_KINDS: dict[str, str] = {
    "nine_terminals": N_("nine terminal and honour tiles in a starting hand"),
    "four_kongs": N_("four kongs by different players"),
    "same_first_discards": N_("the same tile discarded by all four on the first go-round"),
    "three_ron": N_("three players claimed one discard"),
    "four_riichi": N_("four riichi declarations"),
}
# Labels the draw page offered before the reason became a choice, so old logs still replay.
LEGACY_LABELS: dict[str, str] = {
    "nine terminals and honours": "nine_terminals",
    "four kongs by different players": "four_kongs",
    "four identical winds on the first go-round": "same_first_discards",
    "three players claimed one discard": "three_ron",
    "four riichi declarations": "four_riichi",
}


def nine_terminals(tiles: Iterable[Tile], by: str = "tiles") -> bool:
    """A starting hand that may abort: nine terminal/honour tiles (``by="tiles"``, the Japanese sheet) or nine
    different terminal/honour kinds (``by="kinds"``, modern Riichi), before any call."""
    terminal = [tile.kind for tile in tiles if tile.kind in TERMINALS_AND_HONORS]
    if by == "kinds":
        return len(set(terminal)) >= NINE
    if by == "tiles":
        return len(terminal) >= NINE
    raise ValueError(f"nine_terminals counts 'tiles' or 'kinds', not {by!r}")


def four_kongs(kong_owners: Sequence[int], *, fourth_robbed: bool = False) -> bool:
    """The fourth kong of the hand, declared by more than one player, ends it (unless the fourth
    is robbed, which is a win). ``kong_owners`` lists the seat of each kong in order."""
    return len(kong_owners) >= 4 and len(set(kong_owners[:4])) > 1 and not fourth_robbed


def same_first_discards(first_discards: Sequence[Tile], which: str = "any_tile", *,
                        any_call: bool = False) -> bool:
    """All four players discard the same tile on the first go-round, with no call: any tile
    (``which="any_tile"``, the Japanese sheet) or only a wind (``which="wind"``, modern Riichi)."""
    if which not in ("any_tile", "wind"):
        raise ValueError(f"same_first_discards is 'any_tile' or 'wind', not {which!r}")
    if any_call or len(first_discards) != 4:
        return False
    kinds = {tile.kind for tile in first_discards}
    return len(kinds) == 1 and (which == "any_tile" or next(iter(kinds)) in WINDS)


def four_winds(first_discards: Sequence[Tile], *, any_call: bool = False) -> bool:
    """The modern Riichi reading: the same wind from all four on the first go-round."""
    return same_first_discards(first_discards, "wind", any_call=any_call)


def three_ron(claimants: Sequence[int]) -> bool:
    """Three players claiming the same discard for a win: an abortive draw."""
    return len(set(claimants)) >= 3


def ron_winners(claimants: Sequence[int], discarder: int, multiple_ron: str) -> list[int]:
    """Who wins a discard claimed by several players: ``"head_bump"`` gives it to the first
    claimant in turn order after the discarder; ``"double_ron"`` lets two win. Three claimants is
    an abortive draw (an empty list). The table's one resolver decides."""
    claims = [Claim(seat) for seat in dict.fromkeys(claimants)]
    return [claim.seat for claim in resolve_claims(claims, discarder, rule=multiple_ron,
                                                   three_wins_abortive=True)]


def _tiles(value: Any, field: str) -> list[Tile]:
    if isinstance(value, str):
        try:
            return parse_tiles(value)
        except NotationError as error:
            raise HandError.from_notation(field, error) from error
    raise ValueError(f"{field} must be tiles in notation, e.g. '19m19p19s1234567z'")


def abortive_problem(kind: str, evidence: Mapping[str, Any], options: Mapping[str, Any]) -> str | None:
    """Where the draw event gives the tiles (or kongs, claimants, declarations), check that they
    make the abortive draw it names; None when they do or when nothing was given to check."""
    if kind == "nine_terminals" and evidence.get("tiles"):
        if evidence.get("player") is None:
            return "nine terminals: say which player was dealt these tiles"
        tiles = _tiles(evidence["tiles"], "tiles")
        if len(tiles) not in (13, 14):
            return f"nine terminals: give the 13 tiles dealt (or 14 with the first draw), not {len(tiles)}"
        by = str(options.get("nine_terminals", "tiles"))
        if not nine_terminals(tiles, by):
            count = sum(1 for tile in tiles if tile.kind in TERMINALS_AND_HONORS)
            kinds = len({tile.kind for tile in tiles if tile.kind in TERMINALS_AND_HONORS})
            have = (f"{count} terminal/honour tiles" if by == "tiles"
                    else f"{kinds} different terminal/honour kinds")
            return f"nine terminals: {evidence['tiles']} has {have}; nine are needed"
    if kind == "same_first_discards" and evidence.get("discards"):
        tiles = _tiles(evidence["discards"], "discards")
        which = str(options.get("same_first_discards", "any_tile"))
        if not same_first_discards(tiles, which):
            what = "the same wind" if which == "wind" else "the same tile"
            return f"first go-round: {evidence['discards']} is not {what} from all four players"
    if kind == "four_kongs" and evidence.get("kongs"):
        owners = evidence["kongs"]
        if not isinstance(owners, (list, tuple)) or not all(isinstance(o, int) for o in owners):
            return "kongs must list the player of each kong, in order"
        if not four_kongs(list(owners)):
            return "four kongs: the hand needs four kongs by more than one player"
    if kind == "three_ron" and evidence.get("claimants"):
        if not three_ron(list(evidence["claimants"])):
            return "three claims: three different players must claim the discard"
    if kind == "four_riichi" and evidence.get("riichi") and len(set(evidence["riichi"])) != 4:
        return "four riichi: all four players must have declared riichi"
    return None


# What the table asks of the Japanese presets' abortive draws (which of them a preset plays is its
# flow's ``abortive_kinds``).
ABORTIVE_DRAWS = AbortiveDraws(kinds=ABORTIVE_KINDS, problem=abortive_problem, aliases=LEGACY_LABELS)
