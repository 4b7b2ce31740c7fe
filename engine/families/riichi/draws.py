"""Abortive draws of the Japanese presets (the Japanese sheet's list, the modern Riichi set), as pure
checks the table calls at the moment each can happen. The table decides what follows
(japanese-classical: the deal passes; Riichi: the dealer stays and a counter is added, see the
presets' table options).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.core.tiles import TERMINALS_AND_HONORS, WINDS, Tile
from engine.table.claims import Claim, resolve_claims

NINE_KINDS = 9


def nine_terminals(tiles: Iterable[Tile]) -> bool:
    """Nine different terminals and honours among a player's first 14 tiles (13 + first draw),
    before any call: the player may declare an abortive draw."""
    kinds = {tile.kind for tile in tiles}
    return len(kinds & set(TERMINALS_AND_HONORS)) >= NINE_KINDS


def four_kongs(kong_owners: Sequence[int], *, fourth_robbed: bool = False) -> bool:
    """The fourth kong of the hand, declared by more than one player, ends it (unless the fourth
    is robbed, which is a win). ``kong_owners`` lists the seat of each kong in order."""
    return len(kong_owners) >= 4 and len(set(kong_owners[:4])) > 1 and not fourth_robbed


def four_winds(first_discards: Sequence[Tile], *, any_call: bool = False) -> bool:
    """All four players discard the same wind on the first go-round, with no call: a draw."""
    if any_call or len(first_discards) != 4:
        return False
    kinds = {tile.kind for tile in first_discards}
    return len(kinds) == 1 and next(iter(kinds)) in WINDS


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
