"""Tile kinds and the MPSZ notation: the one place that knows what a tile is.

Every other module (rulesets, vision, web app, tests) names tiles through this table, so a
tile code means the same thing in the CLI, the API, the datasets and the UI.

Kinds are small integers so that hands can be counted in flat 34-slot vectors:
0-8 characters (m), 9-17 dots (p), 18-26 bamboo (s), 27-33 honours (z: E S W N Wh G R),
34-41 bonus tiles (f: plum orchid chrysanthemum bamboo, spring summer autumn winter).
A red five is an ordinary five with ``red=True``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.core.coded import CodedError

SUITS = "mps"
NUM_KINDS = 34          # playing-tile kinds
NUM_ALL_KINDS = 42      # with the 8 bonus tiles
BONUS_BASE = 34

EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
HONORS = WINDS + DRAGONS
TERMINALS = (0, 8, 9, 17, 18, 26)
TERMINALS_AND_HONORS = TERMINALS + HONORS
GREEN_TILES = (19, 20, 21, 23, 25, GREEN)  # 2 3 4 6 8 bamboo and the green dragon

WIND_LETTERS = "ESWN"
HONOR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")
SUIT_NAMES = {"m": "Characters", "p": "Dots", "s": "Bamboo"}
BONUS_NAMES = ("Plum", "Orchid", "Chrysanthemum", "Bamboo", "Spring", "Summer", "Autumn", "Winter")

# The full table of codes, ordered by kind: 1m..9m 1p..9p 1s..9s 1z..7z 1f..8f.
KIND_CODES: tuple[str, ...] = tuple(
    [f"{n}{s}" for s in SUITS for n in range(1, 10)]
    + [f"{n}z" for n in range(1, 8)]
    + [f"{n}f" for n in range(1, 9)]
)
CODE_TO_KIND = {code: kind for kind, code in enumerate(KIND_CODES)}


class NotationError(CodedError):
    """Text that is not a valid tile string; the message names the token and its position.

    ``code`` and ``params`` say the same for a reader in another language: the web layer renders
    a translated message from them, the English text stays the engine's own."""

    def __init__(self, message: str, text: str = "", position: int | None = None, *,
                 code: str = "notation.invalid", params: dict[str, Any] | None = None) -> None:
        super().__init__(message, code=code, params=params)
        self.text = text
        self.position = position


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """One physical tile: its kind, and whether it is a red five (which scores like any five)."""

    kind: int
    red: bool = False

    @property
    def code(self) -> str:
        """The MPSZ code, with 0 for a red five."""
        if self.red:
            return "0" + KIND_CODES[self.kind][1]
        return KIND_CODES[self.kind]

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Tile({self.code!r})"


# -- predicates on kinds ------------------------------------------------------------------------

def is_suited(kind: int) -> bool:
    return kind < 27


def is_honor(kind: int) -> bool:
    return 27 <= kind < 34


def is_wind(kind: int) -> bool:
    return 27 <= kind <= 30


def is_dragon(kind: int) -> bool:
    return 31 <= kind <= 33


def is_bonus(kind: int) -> bool:
    return kind >= BONUS_BASE


def is_terminal(kind: int) -> bool:
    return kind < 27 and kind % 9 in (0, 8)


def is_terminal_or_honor(kind: int) -> bool:
    return kind >= 27 and kind < 34 or (kind < 27 and kind % 9 in (0, 8))


def suit_of(kind: int) -> str:
    """'m', 'p', 's', 'z' or 'f'."""
    if kind < 27:
        return SUITS[kind // 9]
    return "z" if kind < 34 else "f"


def suit_index(kind: int) -> int:
    """0, 1, 2 for the suits, 3 for honours, 4 for bonus tiles."""
    if kind < 27:
        return kind // 9
    return 3 if kind < 34 else 4


def number_of(kind: int) -> int:
    """The face number 1-9 of a suited tile (1-7 for honours, 1-8 for bonus tiles)."""
    if kind < 27:
        return kind % 9 + 1
    if kind < 34:
        return kind - 26
    return kind - 33


def kind_name(kind: int) -> str:
    """A readable name: '5 Dots', 'East', 'Plum'."""
    if kind < 27:
        return f"{number_of(kind)} {SUIT_NAMES[suit_of(kind)]}"
    if kind < 34:
        return HONOR_NAMES[kind - 27]
    return BONUS_NAMES[kind - 34]


def wind_from_letter(letter: str) -> int:
    """'E'/'S'/'W'/'N' (or 1z..4z) to a wind kind."""
    text = letter.strip().upper()
    if text in WIND_LETTERS and len(text) == 1:
        return EAST + WIND_LETTERS.index(text)
    if text.lower() in ("1z", "2z", "3z", "4z"):
        return CODE_TO_KIND[text.lower()]
    raise NotationError(f"unknown wind {letter!r}; use E, S, W or N", letter,
                        code="notation.unknown_wind", params={"letter": letter})


def wind_letter(kind: int) -> str:
    return WIND_LETTERS[kind - EAST]


# -- notation -----------------------------------------------------------------------------------

def parse_tiles(text: str, *, check_counts: bool = True) -> list[Tile]:
    """Parse MPSZ text ('123m0p 77z 15f') into tiles, in the order written.

    Errors name the offending character and its 0-based position, because a user typing a hand
    on a phone needs to know which character to fix.
    """
    if not isinstance(text, str):
        raise NotationError(f"tiles must be a string, got {type(text).__name__}",
                            code="notation.not_text", params={"type": type(text).__name__})
    tiles: list[Tile] = []
    pending: list[tuple[str, int]] = []  # digits and their positions, waiting for a suit letter
    for position, char in enumerate(text):
        if char.isdigit() and char.isascii():
            pending.append((char, position))
        elif char in "mpszf":
            if not pending:
                raise NotationError(
                    f"suit letter {char!r} at position {position} has no digits before it",
                    text, position, code="notation.suit_without_digits",
                    params={"char": char, "position": position})
            for digit, digit_position in pending:
                tiles.append(_tile_for(digit, char, digit_position, text))
            pending = []
        elif char in " ,\t":
            if pending:
                raise NotationError(
                    f"digits at position {pending[0][1]} have no suit letter before the space "
                    f"at position {position}", text, position, code="notation.digits_before_space",
                    params={"digits_at": pending[0][1], "position": position})
        else:
            raise NotationError(
                f"unexpected character {char!r} at position {position}; "
                "tiles are digits followed by m, p, s, z or f", text, position,
                code="notation.unexpected_character", params={"char": char, "position": position})
    if pending:
        raise NotationError(
            f"digit {pending[-1][0]!r} at position {pending[-1][1]} has no suit letter "
            "(end with m, p, s, z or f)", text, pending[-1][1],
            code="notation.digit_without_suit",
            params={"digit": pending[-1][0], "position": pending[-1][1]})
    if check_counts:
        check_tile_counts(tiles, text)
    return tiles


# Every tile a text can name, made once (a Tile is immutable): a parsed hand refers to these, so
# the tiles of a hand never seen before are already in the processor's cache when it is scored,
# and a hand holds no tile objects of its own.
_TILES = tuple(Tile(kind) for kind in range(BONUS_BASE + 8))
_RED_FIVES = tuple(Tile(suit * 9 + 4, red=True) for suit in range(3))


def _tile_for(digit: str, suit: str, position: int, text: str) -> Tile:
    value = int(digit)
    if suit in SUITS:
        if value == 0:
            return _RED_FIVES[SUITS.index(suit)]
        return _TILES[SUITS.index(suit) * 9 + value - 1]
    if suit == "z":
        if 1 <= value <= 7:
            return _TILES[26 + value]
        raise NotationError(
            f"{digit}z at position {position} is not a tile: honours are 1z-7z", text, position,
            code="notation.not_an_honour", params={"digit": digit, "position": position})
    if 1 <= value <= 8:
        return _TILES[BONUS_BASE + value - 1]
    raise NotationError(
        f"{digit}f at position {position} is not a tile: flowers and seasons are 1f-8f",
        text, position, code="notation.not_a_flower", params={"digit": digit, "position": position})


class CountProblem(str):
    """A tile-count problem's English text, with the code and params a translation needs."""

    code: str
    params: dict[str, Any]

    def __new__(cls, text: str, code: str, params: dict[str, Any]) -> CountProblem:
        problem = super().__new__(cls, text)
        problem.code = code
        problem.params = params
        return problem


def tile_count_problem(tiles: Iterable[Tile]) -> CountProblem | None:
    """What breaks "at most four of a kind, one of each bonus tile and one red five per suit", or
    None when the tiles could come from one set."""
    counts = [0] * NUM_ALL_KINDS
    reds = [0, 0, 0]
    for tile in tiles:
        counts[tile.kind] += 1
        if tile.red:
            reds[tile.kind // 9] += 1
    for kind, count in enumerate(counts):
        limit = 1 if is_bonus(kind) else 4
        if count > limit:
            return CountProblem(f"{count} copies of {KIND_CODES[kind]}; a set has {limit}",
                                "notation.too_many_copies",
                                {"count": count, "tile": KIND_CODES[kind], "limit": limit})
    for suit, count in enumerate(reds):
        if count > 1:
            return CountProblem(f"{count} red fives 0{SUITS[suit]}; a set has one",
                                "notation.too_many_red_fives", {"count": count, "tile": f"0{SUITS[suit]}"})
    return None


def check_tile_counts(tiles: Iterable[Tile], text: str = "") -> None:
    """At most four of a kind, one of each bonus tile and one red five per suit."""
    problem = tile_count_problem(tiles)
    if problem is not None:
        raise NotationError(problem, text, code=problem.code, params=problem.params)


def parse_tile(text: str) -> Tile:
    """Exactly one tile, e.g. a winning tile '2z'."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise NotationError(f"expected one tile, got {len(tiles)} in {text!r}", text,
                            code="notation.not_one_tile", params={"count": len(tiles), "text": text})
    return tiles[0]


def sort_tiles(tiles: Iterable[Tile]) -> list[Tile]:
    """Suit order m p s z f, then number; a red five sorts with the fives."""
    return sorted(tiles, key=lambda tile: (tile.kind, not tile.red))


def format_tiles(tiles: Iterable[Tile], *, sort: bool = True) -> str:
    """Compact MPSZ: '123m456p'. Sorted by default, so equal hands format equally."""
    ordered = sort_tiles(tiles) if sort else list(tiles)
    out: list[str] = []
    run_suit = ""
    for tile in ordered:
        suit = tile.code[1]
        if suit != run_suit and run_suit:
            out.append(run_suit)
        run_suit = suit
        out.append(tile.code[0])
    if run_suit:
        out.append(run_suit)
    return "".join(out)


def format_kinds(kinds: Iterable[int]) -> str:
    return format_tiles([Tile(kind) for kind in kinds])


def kind_mask(kinds: Iterable[int]) -> int:
    """A bit per kind (bit k for kind k): set tests on a hand's kinds in one integer operation."""
    mask = 0
    for kind in kinds:
        mask |= 1 << kind
    return mask


HONORS_MASK = kind_mask(HONORS)
TERMINALS_AND_HONORS_MASK = kind_mask(TERMINALS_AND_HONORS)


def counts34(tiles: Iterable[Tile]) -> list[int]:
    """The 34-slot count vector the shape and scoring code works on (bonus tiles ignored)."""
    counts = [0] * NUM_KINDS
    for tile in tiles:
        if tile.kind < NUM_KINDS:
            counts[tile.kind] += 1
    return counts
