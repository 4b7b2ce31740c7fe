"""One reading of a won hand with the facts the Hong Kong and Taiwanese units ask about.

Both home games score a hand by looking at one split into sets and a pair and at how it was won;
this module makes those splits (``readings``) and answers the shared questions once (which sets
are triplets, which are concealed, which suits and honours appear, whose flowers these are, how
many tile kinds the hand was waiting on), so each family's unit list stays a table of predicates.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from engine.core.hand import DeclaredHand
from engine.core.shapes import CHOW, REGULAR, THIRTEEN_ORPHANS, Decomposition, Group, decompose, waits
from engine.core.tiles import (
    BONUS_BASE,
    DRAGONS,
    EAST,
    WINDS,
    counts34,
    format_kinds,
    is_honor,
    is_terminal,
    is_terminal_or_honor,
    kind_name,
    suit_index,
)


@dataclass(frozen=True, eq=False)
class Reading:
    """A hand, one of its splits, and the set the winning tile completed (None: the pair)."""

    hand: DeclaredHand
    form: str
    groups: tuple[Group, ...]
    win_group: int | None = None       # index into ``groups`` of the set the winning tile completed

    # -- the split ----------------------------------------------------------------------------
    @property
    def regular(self) -> bool:
        return self.form == REGULAR

    @cached_property
    def sets(self) -> tuple[Group, ...]:
        return tuple(group for group in self.groups if group.shape != "pair")

    @cached_property
    def pair(self) -> Group | None:
        pairs = [group for group in self.groups if group.shape == "pair"]
        return pairs[0] if len(pairs) == 1 else None

    @cached_property
    def triplets(self) -> tuple[Group, ...]:
        return tuple(group for group in self.sets if group.is_triplet)

    @cached_property
    def chows(self) -> tuple[Group, ...]:
        return tuple(group for group in self.sets if group.shape == CHOW)

    def triplets_of(self, kinds: tuple[int, ...]) -> tuple[Group, ...]:
        return tuple(group for group in self.triplets if group.first in kinds)

    def pair_in(self, kinds: tuple[int, ...]) -> bool:
        return self.pair is not None and self.pair.first in kinds

    @cached_property
    def concealed_triplets(self) -> tuple[Group, ...]:
        """Pungs and kongs formed in the hand (concealed kongs included); a pung that the winning
        discard completed was not concealed when the hand won, so it does not count."""
        out = []
        for index, group in enumerate(self.groups):
            if not group.is_triplet or group.is_open:
                continue
            if index == self.win_group and not self.hand.is_tsumo:
                continue
            out.append(group)
        return tuple(out)

    @cached_property
    def kongs(self) -> tuple[Group, ...]:
        return tuple(group for group in self.sets if group.shape == "kong")

    # -- the tiles ----------------------------------------------------------------------------
    @cached_property
    def kinds(self) -> frozenset[int]:
        return frozenset(tile.kind for tile in self.hand.all_tiles())

    @cached_property
    def counts(self) -> list[int]:
        return counts34(self.hand.all_tiles())

    @cached_property
    def suits(self) -> frozenset[int]:
        """The suits (0 m, 1 p, 2 s) the hand's suited tiles come from."""
        return frozenset(suit_index(kind) for kind in self.kinds if kind < 27)

    @cached_property
    def has_honours(self) -> bool:
        return any(is_honor(kind) for kind in self.kinds)

    @cached_property
    def all_terminals_or_honours(self) -> bool:
        return all(is_terminal_or_honor(kind) for kind in self.kinds)

    @cached_property
    def all_terminals(self) -> bool:
        return all(is_terminal(kind) for kind in self.kinds)

    @cached_property
    def all_honours(self) -> bool:
        return all(is_honor(kind) for kind in self.kinds)

    # -- the table ----------------------------------------------------------------------------
    @property
    def seat(self) -> int:
        """0 East .. 3 North: the seat's wind, and the number of its flower and season."""
        return self.hand.seat_wind - EAST

    @property
    def seat_wind(self) -> int:
        return self.hand.seat_wind

    @property
    def round_wind(self) -> int:
        return self.hand.round_wind

    @property
    def is_dealer(self) -> bool:
        return self.hand.seat_wind == EAST

    @property
    def tsumo(self) -> bool:
        return self.hand.is_tsumo

    @property
    def flags(self) -> frozenset[str]:
        return self.hand.flags

    @cached_property
    def open_melds(self) -> int:
        """Melds called from others (chow, pung, exposed or added kong); a concealed kong is not."""
        return sum(1 for meld in self.hand.melds if meld.is_open)

    @cached_property
    def flower_numbers(self) -> tuple[int, ...]:
        """Bonus tiles as 0-7: 0-3 flowers (plum orchid chrysanthemum bamboo), 4-7 seasons."""
        return tuple(sorted(tile.kind - BONUS_BASE for tile in self.hand.flowers))

    def seat_flowers(self) -> tuple[int, ...]:
        """The player's own flower and season: flower n and season n belong to seat n (E=1)."""
        return tuple(number for number in self.flower_numbers if number % 4 == self.seat)

    def complete_flower_sets(self) -> tuple[int, ...]:
        """0 for all four flowers, 1 for all four seasons, when the hand holds them."""
        held = set(self.flower_numbers)
        return tuple(family for family in (0, 1) if all(family * 4 + n in held for n in range(4)))

    @cached_property
    def wait_kinds(self) -> tuple[int, ...]:
        """The tile kinds that would have completed the hand before the winning tile; a kind whose
        four copies the hand already holds cannot come, so it is not a wait."""
        concealed = counts34(self.hand.concealed)
        concealed[self.hand.win_tile.kind] -= 1
        held = self.counts
        return tuple(kind for kind in waits(concealed, len(self.hand.melds), special=False)
                     if held[kind] - (kind == self.hand.win_tile.kind) < 4)

    # -- words ----------------------------------------------------------------------------------
    @staticmethod
    def show(group: Group) -> str:
        return format_kinds(group.kinds)

    def show_all(self, groups: tuple[Group, ...]) -> str:
        return " ".join(self.show(group) for group in groups)

    @staticmethod
    def name(kind: int) -> str:
        return kind_name(kind)


def readings(hand: DeclaredHand, *, thirteen_orphans: bool = False) -> list[Reading]:
    """Every split of the hand into sets and a pair (and Thirteen Orphans when asked), each once
    for every concealed set the winning tile may have completed: on a discard that choice decides
    whether a pung was concealed, so each is scored and the family keeps the best."""
    found: list[Reading] = []
    win_kind = hand.win_tile.kind if hand.win_tile else -1
    for decomposition in decompose(hand, special=thirteen_orphans):
        if decomposition.form not in (REGULAR, THIRTEEN_ORPHANS):
            continue
        found.extend(_placements(hand, decomposition, win_kind))
    return found


def _placements(hand: DeclaredHand, decomposition: Decomposition, win_kind: int) -> list[Reading]:
    groups = decomposition.groups
    candidates: list[int | None] = []
    seen: set[tuple[str, int]] = set()
    for index, group in enumerate(groups):
        if group.meld is None and win_kind in group.kinds and (group.shape, group.first) not in seen:
            seen.add((group.shape, group.first))
            candidates.append(None if group.shape == "pair" else index)
    if hand.is_tsumo or not candidates:
        candidates = candidates[:1] or [None]
    return [Reading(hand, decomposition.form, groups, index) for index in candidates]


SEAT_NAMES = ("East", "South", "West", "North")
__all__ = ["DRAGONS", "SEAT_NAMES", "WINDS", "Reading", "readings"]
