"""What MCR scoring shares between its steps: the facts of a hand whatever its reading, a scored
reading and how its items and exclusions are written out, and the fan tables keyed by fan.

Scoring reads every hand, so what depends on a small part of it only is worked out once and shared
by every hand with that part (never keyed on a whole hand): the written-out items and exclusions
(fan, value, count and the sets in the reason). Raw fan entries in those caches are shared between
hands and never changed in place.
"""

from __future__ import annotations

from functools import lru_cache

from engine.core.result import Excluded, Item
from engine.core.shapes import (
    CHOW,
    PAIR,
)
from engine.core.tables import Table
from engine.core.tiles import (
    DRAGONS,
    GREEN_TILES,
    KIND_CODES,
    TERMINALS_AND_HONORS,
    WINDS,
)
from engine.families.mcr.fans import FANS, ORDER
from engine.families.mcr.reasons import why
from engine.reasons import reasons_joined

REVERSIBLE = frozenset([9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31])  # 1234589p 245689s 5z
GREEN = frozenset(GREEN_TILES)
TH = frozenset(TERMINALS_AND_HONORS)
WIND_SET = frozenset(WINDS)
DRAGON_SET = frozenset(DRAGONS)
RANK = {key: index for index, key in enumerate(ORDER)}
RANK["melded_and_concealed_kongs"] = RANK["two_melded_kongs"]
EXCLUDES = {key: fan.excludes for key, fan in FANS.items()}
EXCLUDES["melded_and_concealed_kongs"] = ("concealed_kong", "melded_kong")
NAMES = {key: fan.name for key, fan in FANS.items()}
NAMES["melded_and_concealed_kongs"] = "Melded and Concealed Kongs"
COVERS = {key: fan.covers_pungs for key, fan in FANS.items() if fan.covers_pungs}

# A set in a reading: (shape, first kind, meld kind or None); shape is "chow", "pung" or "kong".
# A raw fan: [fan key, count, why, (pung kinds it accounts for)]; why is text or (function, args).
Raw = list


def code(kind: int) -> str:
    return KIND_CODES[kind]


def _written_set(shape: str, first: int) -> str:
    suit = KIND_CODES[first][1]
    number = int(KIND_CODES[first][0])
    if shape == CHOW:
        return f"{number}{number + 1}{number + 2}{suit}"
    size = 4 if shape == "kong" else 2 if shape == PAIR else 3
    return str(number) * size + suit


# Every set written out once: reasons name sets all the time.
_SET_TEXT = {(shape, first): _written_set(shape, first)
             for shape in (CHOW, "pung", "kong", PAIR) for first in range(34)
             if shape != CHOW or (first < 27 and first % 9 <= 6)}


def set_text(shape: str, first: int) -> str:
    return _SET_TEXT[shape, first]


class HandFacts:
    """What is fixed for a hand whatever its reading: tiles, melds, the win and its context."""

    __slots__ = ("counts", "all_counts", "win", "win_by", "tsumo", "seat_wind", "round_wind",
                 "flags", "flowers", "melds", "open_melds", "closed",
                 "melded_kongs", "concealed_kongs", "unique_wait", "tile_fans", "notes", "mask",
                 "values", "value_key", "no_knitted_waits", "hog_count",
                 "concealed_mask")


# A scored reading's fields, as ``principles._apply_principles`` returns them: (form, kept raw
# fans, their item order or None, the implied exclusions, the refusals, the fan values, how many
# terminal pungs were trimmed, the points). Points are known at once; the explanation (items with
# their reasons and the excluded fans) is only written out for the reading that wins.
ScoredReading = tuple


def reading_items(kept: list[Raw], order: tuple[int, ...] | None, values: dict[str, int]) -> list[Item]:
    """One item per kept fan, in Green Book order (``order``: indexes into ``kept``, None to sort
    and merge a fan met twice here); Chicken Hand if nothing scores."""
    if not kept:
        return [_CHICKEN]
    if order is not None:
        items = _ITEMS
        return [items[fan[0], values[fan[0]], fan[1], fan[2]] for fan in map(kept.__getitem__, order)]
    out: list[Item] = []
    for fan in sorted(kept, key=_rank_of_fan):
        key = fan[0]
        item = _ITEMS[key, values[key], fan[1], fan[2]]
        if out and out[-1].name == item.name:     # the same fan twice: one item, both reasons
            before = out[-1]
            out[-1] = Item(before.name, before.value, before.count + item.count,
                           reasons_joined((before.why, item.why)))
        else:
            out.append(item)
    return out


def reading_excluded(implied: tuple[Excluded, ...], refused: list,
                     terminal_pungs_removed: int) -> tuple[Excluded, ...]:
    """Every fan a counting principle removed, and which principle (``implied``: non-repeat's, in
    raw order; ``refused``: the set combinations' refusals)."""
    if not refused and not terminal_pungs_removed:
        return implied   # already a tuple (often the shared empty one): nothing new to build
    out: list[Excluded] = list(implied)
    for key, sets, because in refused:
        out.append(_refused(key, sets, because))
    if terminal_pungs_removed:
        out.append(_PUNGS_COUNTED[terminal_pungs_removed])
    return tuple(out)


def _rank_of_fan(fan: Raw) -> int:
    return RANK[fan[0]]


# Items and exclusions are immutable and depend only on the fan, its value and count and the
# sets or tiles named in its reason, so each is made once and shared by every hand that has it.
def _item(key: tuple[str, int, int, str | tuple]) -> Item:
    name, value, count, why = key
    return Item(NAMES[name], value, count, text(why))


_ITEMS = Table(_item, 65536)   # by (fan, value, count, why)


@lru_cache(maxsize=65536)
def _refused(key: str, sets: str | tuple, because: tuple[str, str | None]) -> Excluded:
    code, fan = because
    reason = why(code, tiles=text(sets)) if fan is None else why(code, tiles=text(sets), fan=fan)
    return Excluded(FANS[key].name, FANS[key].value, reason)


# By how many pungs (one to four) another fan accounted for.
_PUNGS_COUNTED = (None, *(Excluded(FANS["pung_of_terminals_or_honors"].name, 1,
                                   why("mcr.pungs_counted", count=count)) for count in range(1, 5)))


_CHICKEN = Item(FANS["chicken_hand"].name, 8, 1, why("mcr.chicken_hand"))


def text(why: str | tuple) -> str:
    """A reason, written out: reasons are kept as (function, arguments) until a winner is chosen."""
    return why if why.__class__ is not tuple else why[0](*why[1:])


def sets_text(shape: str, firsts: tuple[int, ...]) -> str:
    return " + ".join(set_text(shape, first) for first in firsts)


def _fan_values(two_concealed_kongs: int) -> dict[str, int]:
    """Every fan's value under the options (only Two Concealed Kongs depends on them)."""
    values = {key: fan.value for key, fan in FANS.items()}
    values["two_concealed_kongs"] = two_concealed_kongs
    values["melded_and_concealed_kongs"] = 5
    return values


VALUES = Table(_fan_values, 16)   # by Two Concealed Kongs' value; shared dicts, never changed
_values_for = VALUES.__getitem__

_WAIT_KEYS = ("edge_wait", "closed_wait", "single_wait")


def _pungs_text(kinds: tuple[int, ...]) -> str:
    return why("mcr.pung_of_tiles", tiles=", ".join(code(kind) for kind in kinds))
