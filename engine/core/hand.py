"""A declared hand: what the player laid down and the circumstances of the win.

This is the single input type of every ruleset. It is built either directly or from the JSON
contract of ``python -m engine score`` (see ``hand_from_dict``), and validated once here so the
rulesets can trust its shape (tile counts, legal melds, the winning tile present).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.coded import CodedError
from engine.core.tiles import (
    EAST,
    NotationError,
    Tile,
    format_tiles,
    is_bonus,
    is_suited,
    parse_tile,
    parse_tiles,
    tile_count_problem,
    wind_from_letter,
    wind_letter,
)

MELD_KINDS = ("chi", "pon", "kan", "ankan", "kakan")
KONG_MELDS = ("kan", "ankan", "kakan")
WIN_BY = ("tsumo", "ron")


# The set each meld kind must be, for the code of an illegal meld's error.
MELD_SHAPES = {"chi": "chow", "pon": "pung", "kan": "kong", "ankan": "kong", "kakan": "kong"}


class HandError(CodedError):
    """A declared hand that cannot be scored as given; the message says what to fix.

    ``code`` and ``params`` say the same for a reader in another language (the web layer renders
    a translated message from them); ``params["field"]`` names the input key a tile-notation error
    was found in."""

    def __init__(self, message: str, *, code: str = "hand.invalid",
                 params: dict[str, Any] | None = None) -> None:
        super().__init__(message, code=code, params=params)

    @classmethod
    def from_notation(cls, field: str, error: NotationError) -> HandError:
        """A tile-notation error found in one input field, keeping its code and params."""
        prefix = f"{field}: " if field else ""
        return cls(f"{prefix}{error}", code=error.code, params={**error.params, "field": field})


@dataclass(frozen=True, slots=True)
class Meld:
    """A called or declared set: chi (chow), pon (pung), kan (open kong), ankan, kakan."""

    kind: str
    tiles: tuple[Tile, ...]

    @property
    def is_kong(self) -> bool:
        return self.kind in KONG_MELDS

    @property
    def is_open(self) -> bool:
        """A concealed kong is the only meld that keeps the hand closed."""
        return self.kind != "ankan"

    @property
    def first(self) -> int:
        return min(tile.kind for tile in self.tiles)

    def __str__(self) -> str:
        return f"{self.kind}:{format_tiles(self.tiles)}"


def parse_meld(text: str) -> Meld:
    """'pon:555p' -> Meld; the tiles must form the set the meld kind names."""
    if not isinstance(text, str) or ":" not in text:
        raise HandError(f"meld {text!r} must look like 'pon:555p' (kind:tiles)", code="meld.format",
                        params={"meld": str(text)})
    kind, _, tiles_text = text.partition(":")
    kind = kind.strip().lower()
    if kind not in MELD_KINDS:
        raise HandError(f"meld {text!r}: unknown kind {kind!r}; use one of {', '.join(MELD_KINDS)}",
                        code="meld.unknown_kind", params={"meld": text, "kind": kind})
    try:
        tiles = tuple(parse_tiles(tiles_text))
    except NotationError as error:
        raise HandError.from_notation(f"meld {text!r}", error) from error
    kinds = sorted(tile.kind for tile in tiles)
    if kind == "chi":
        ok = (len(kinds) == 3 and is_suited(kinds[0]) and kinds[0] % 9 <= 6
              and kinds == [kinds[0], kinds[0] + 1, kinds[0] + 2])
        need = "three consecutive tiles of one suit"
    elif kind == "pon":
        ok = len(kinds) == 3 and len(set(kinds)) == 1 and not is_bonus(kinds[0])
        need = "three identical tiles"
    else:
        ok = len(kinds) == 4 and len(set(kinds)) == 1 and not is_bonus(kinds[0])
        need = "four identical tiles"
    if not ok:
        raise HandError(f"meld {text!r} is not a legal {kind}: it needs {need}",
                        code="meld.illegal_" + MELD_SHAPES[kind], params={"meld": text})
    return Meld(kind, tiles)


@dataclass(frozen=True)
class DeclaredHand:
    """The tiles and context of one declared win.

    ``concealed`` holds the tiles in the hand, the winning tile included; ``melds`` the sets that
    were called or declared. ``seat_wind``/``round_wind`` are wind kinds (27-30).
    """

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    win_tile: Tile | None = None
    win_by: str = "ron"
    seat_wind: int = EAST
    round_wind: int = EAST
    flowers: tuple[Tile, ...] = ()
    flags: frozenset[str] = field(default_factory=frozenset)
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0

    @property
    def is_tsumo(self) -> bool:
        return self.win_by == "tsumo"

    @property
    def kong_count(self) -> int:
        return sum(1 for meld in self.melds if meld.is_kong)

    def all_tiles(self) -> list[Tile]:
        """Hand and meld tiles (not bonus tiles)."""
        tiles = list(self.concealed)
        for meld in self.melds:
            tiles.extend(meld.tiles)
        return tiles

    def validate(self, sets: int = 4) -> DeclaredHand:
        """Raise HandError unless this is a complete hand shape-wise countable; return self.

        ``sets`` is how many sets a hand has besides its pair: 4 (14 tiles) in most families,
        5 (17 tiles) in Taiwanese 16-tile mahjong.
        """
        for tile in self.concealed:
            if is_bonus(tile.kind):
                raise HandError(f"bonus tile {tile.code} belongs in flowers, not in the hand",
                                code="hand.bonus_in_hand", params={"tile": tile.code})
        for tile in self.flowers:
            if not is_bonus(tile.kind):
                raise HandError(f"{tile.code} is not a flower or season (1f-8f)", code="hand.not_a_flower",
                                params={"tile": tile.code})
        total = len(self.concealed) + sum(len(meld.tiles) for meld in self.melds)
        base = 3 * sets + 2
        need = base + self.kong_count
        if total != need:
            kongs = f" with {self.kong_count} kong{'s' if self.kong_count != 1 else ''}" \
                if self.kong_count else ""
            raise HandError(
                f"hand has {total} tiles{kongs}; a win needs {base} plus one per kong ({need})",
                code="hand.tile_count",
                params={"total": total, "kongs": self.kong_count, "need": need, "base": base})
        if len(self.melds) > sets:
            raise HandError(f"{len(self.melds)} melds; a hand has at most {sets}", code="hand.too_many_melds",
                            params={"count": len(self.melds), "sets": sets})
        problem = tile_count_problem(self.all_tiles() + list(self.flowers))
        if problem is not None:
            code = "hand.tile_used_too_often" if problem.code == "notation.too_many_copies" else problem.code
            raise HandError(f"across hand, melds and flowers: {problem}", code=code, params=problem.params)
        if self.win_tile is None:
            raise HandError("no winning tile given", code="hand.no_winning_tile")
        if all(tile.kind != self.win_tile.kind for tile in self.concealed):
            raise HandError(
                f"winning tile {self.win_tile.code} is not among the hand's concealed tiles",
                code="hand.winning_tile_missing", params={"tile": self.win_tile.code})
        if self.win_by not in WIN_BY:
            raise HandError(f"win_by must be 'tsumo' or 'ron', got {self.win_by!r}", code="hand.win_by",
                            params={"value": str(self.win_by)})
        return self

    def to_dict(self) -> dict[str, Any]:
        """The engine input object (the contract in docs/engine.md), without rules or options."""
        return {
            "hand": format_tiles(self.concealed),
            "melds": [str(meld) for meld in self.melds],
            "win_tile": self.win_tile.code if self.win_tile else None,
            "win_by": self.win_by,
            "seat_wind": wind_letter(self.seat_wind),
            "round_wind": wind_letter(self.round_wind),
            "flowers": format_tiles(self.flowers),
            "flags": sorted(self.flags),
            "dora_indicators": format_tiles(self.dora_indicators, sort=False),
            "ura_indicators": format_tiles(self.ura_indicators, sort=False),
            "honba": self.honba,
            "riichi_sticks": self.riichi_sticks,
        }


# The most tiles each field can hold in any family, checked before parsing (each family's own
# count is checked after): a 16-tile hand with five kongs has 22, there are 8 flowers and seasons,
# and at most 5 dora (and 5 ura) indicators (the first plus one per kong).
MAX_TILES = {"hand": 22, "flowers": 8, "dora_indicators": 5, "ura_indicators": 5}
MAX_MELDS = 5


def _capped_text(value: Any, key: str) -> Any:
    """Refuse text far longer than the field's tiles could be written in, before parsing it
    (tiles are at most two characters each, plus separators)."""
    limit = MAX_TILES[key]
    if isinstance(value, str) and len(value) > 3 * limit + 8:
        raise HandError(f"{key} is {len(value)} characters long; it holds at most {limit} tiles",
                        code="hand.invalid", params={"field": key, "limit": limit})
    return value


def _tiles_field(data: Mapping[str, Any], key: str) -> tuple[Tile, ...]:
    value = _capped_text(data.get(key) or "", key)
    try:
        tiles = tuple(parse_tiles(value, check_counts=False))
    except NotationError as error:
        raise HandError.from_notation(key, error) from error
    if len(tiles) > MAX_TILES[key]:
        raise HandError(f"{key} has {len(tiles)} tiles; the game allows at most {MAX_TILES[key]}",
                        code="hand.invalid", params={"field": key, "limit": MAX_TILES[key]})
    if key.endswith("_indicators") and any(is_bonus(tile.kind) for tile in tiles):
        raise HandError(f"{key}: a flower or season cannot be a dora indicator",
                        code="hand.invalid", params={"field": key})
    return tiles


def _int_field(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key, 0) or 0
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise HandError(f"{key} must be a whole number of 0 or more, got {value!r}",
                        code="hand.not_a_count", params={"key": key, "value": str(value)})
    return value


def hand_from_dict(data: Mapping[str, Any], *, sets: int = 4) -> DeclaredHand:
    """Build and validate a DeclaredHand from the JSON contract's keys; unknown keys are ignored.

    Without ``win_tile`` the last tile written in ``hand`` is the winning tile, the usual
    convention of hand calculators. ``sets`` as in ``DeclaredHand.validate``.
    """
    if not isinstance(data, Mapping):
        raise HandError("each input must be a JSON object", code="request.not_an_object")
    hand_text = data.get("hand")
    if not hand_text:
        raise HandError("missing 'hand' (the concealed tiles, winning tile included)", code="hand.missing")
    try:
        concealed = tuple(parse_tiles(_capped_text(hand_text, "hand"), check_counts=False))
    except NotationError as error:
        raise HandError.from_notation("hand", error) from error
    melds_value = data.get("melds") or []
    if isinstance(melds_value, str):
        melds_value = melds_value.split()
    if not isinstance(melds_value, list):
        raise HandError("melds must be a list like [\"pon:555p\"]", code="hand.melds_not_list")
    if len(melds_value) > MAX_MELDS:
        raise HandError(f"{len(melds_value)} melds; a hand has at most {MAX_MELDS}",
                        code="hand.too_many_melds", params={"count": len(melds_value), "sets": MAX_MELDS})
    melds = tuple(parse_meld(text) for text in melds_value)
    win_text = data.get("win_tile")
    try:
        win_tile = parse_tile(win_text) if win_text else (concealed[-1] if concealed else None)
        seat_wind = wind_from_letter(data.get("seat_wind") or "E")
        round_wind = wind_from_letter(data.get("round_wind") or "E")
    except NotationError as error:
        raise HandError.from_notation("", error) from error
    flags_value = data.get("flags") or []
    if isinstance(flags_value, str):
        flags_value = flags_value.replace(",", " ").split()
    if not isinstance(flags_value, list) or not all(isinstance(f, str) for f in flags_value):
        raise HandError("flags must be a list of names", code="hand.flags_not_list")
    win_by = data.get("win_by") or "ron"
    hand = DeclaredHand(
        concealed=concealed,
        melds=melds,
        win_tile=win_tile,
        win_by=win_by,
        seat_wind=seat_wind,
        round_wind=round_wind,
        flowers=_tiles_field(data, "flowers"),
        flags=frozenset(flags_value),
        dora_indicators=_tiles_field(data, "dora_indicators"),
        ura_indicators=_tiles_field(data, "ura_indicators"),
        honba=_int_field(data, "honba"),
        riichi_sticks=_int_field(data, "riichi_sticks"),
    )
    return hand.validate(sets)


def make_hand(hand: str, *, melds: Iterable[str] = (), win_tile: str | None = None,
              **context: Any) -> DeclaredHand:
    """Shorthand for tests and the CLI: make_hand('123m...', win_tile='2z', win_by='tsumo')."""
    data: dict[str, Any] = {"hand": hand, "melds": list(melds), "win_tile": win_tile}
    data.update(context)
    return hand_from_dict(data)
