"""The reading's types: the options of the layout reader, the groups it reports, the doubts it
raises, and the working state it fills in (shared by vision.rows, vision.sets and vision.layout).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

CONCEALED, MELD, WINNING_TILE, BONUS = "concealed", "meld", "winning_tile", "bonus"


@dataclass(frozen=True, slots=True)
class LayoutOptions:
    """Thresholds in units of the row's typical upright tile (its width or height)."""

    gap: float = 0.27             # a gap wider than this many tile widths starts a new group
    row: float = 0.6              # centres further apart than this many tile heights: another row
    low_confidence: float = 0.5   # a tile read with less confidence is reported
    set_sideways: float | None = 0.04   # see group_sideways; None: only the detector's marks count
    melds_apart: bool = True      # legal sets in the melds' place are melds (see vision.layout)
    stray_distance: float = 2.5   # a row this many tile depths from the hand's longest row ...
    stray_confidence: float = 0.7    # ... with a mean confidence below this is no part of the hand
    apart_distance: float | None = 3.0    # rows this many tile depths from the hand's: left out
    regroup: bool = True          # move group borders so each sideways tile is in a legal set
    min_cut: float = 0.1          # ... but never cut between tiles closer than this (tile widths)
    hand_sets: int = 4            # sets besides the pair in the table's winning hand (Taiwanese: 5)


@dataclass(frozen=True, slots=True)
class Group:
    """Tiles the player laid down together; ``meld`` names the set of a called/declared meld."""

    kind: str
    tiles: tuple[int, ...]
    meld: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "tiles": list(self.tiles)}
        if self.meld:
            out["meld"] = self.meld
        return out


@dataclass(frozen=True, slots=True)
class Ambiguity:
    """Something the person must confirm: ``kind`` is a short word, ``tiles`` the indexes involved.

    ``message`` is the English text; ``code`` (the kind, or a variant of it where one kind is said
    in two ways) and ``params`` (plain JSON values) say the same as data, so a page or the command
    line can write it in its reader's language (vision/doubt_messages.py)."""

    kind: str
    message: str
    tiles: tuple[int, ...] = ()
    code: str = ""
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "tiles": list(self.tiles), "message": self.message,
                "code": self.code or self.kind, "params": dict(self.params)}


@dataclass(frozen=True)
class Layout:
    """The reading: groups over tile indexes, the engine input object, and what is in doubt."""

    groups: tuple[Group, ...]
    hand: dict[str, Any]
    ambiguities: tuple[Ambiguity, ...] = field(default=())

    def signature(self) -> tuple[Any, ...]:
        """What a stable reading means for frame voting: the hand, not the boxes."""
        return (self.hand.get("hand"), tuple(self.hand.get("melds", ())), self.hand.get("win_tile"),
                self.hand.get("flowers"))



@dataclass
class Reading:
    """Working state of ``vision.layout.read_layout``: what it has read so far, and its doubts."""

    groups: list[Group] = field(default_factory=list)
    concealed: list[int] = field(default_factory=list)
    melds: list[str] = field(default_factory=list)
    flowers: list[int] = field(default_factory=list)
    ambiguities: list[Ambiguity] = field(default_factory=list)

    def doubt(self, kind: str, message: str, tiles: Sequence[int] = (), code: str = "",
              params: Mapping[str, Any] | None = None, **more: Any) -> None:
        """Say a doubt: its English ``message`` and the same as ``code`` and params (``params``
        and ``more`` together: an engine error's params come as a mapping, whatever their names)."""
        self.ambiguities.append(Ambiguity(kind, message, tuple(int(t) for t in tiles), code,
                                          {**(params or {}), **more}))

