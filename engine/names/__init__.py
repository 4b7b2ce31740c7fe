"""Native names of fans, yaku and bonuses, beside the engine's English names.

A family's breakdown items carry the English name only; ``native_name`` finds the name the players
of that family use (Chinese for MCR and the classical game, Japanese for the Japanese games), and
``localized_name`` the name in a reader's language where the family's data has one (Traditional
Chinese, Polish). Each family keeps its names in its own package (``Family.native_names``, keyed
by English name, as a Score's items carry it); a family without them (or an item without a name
in them) gets None. Pure lookups: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.families.protocol import Family


def native_name(family: Family, english: str) -> str | None:
    """The name the family's players use for an item, or None where the data has none."""
    return family.native_names.get(english, {}).get("native")


def localized_name(family: Family, english: str, language: str) -> str | None:
    """The item's name in ``language`` (a locale tag such as "pl" or "zh_Hant"), or None."""
    return family.native_names.get(english, {}).get(language)


def add_native_names(result: Mapping[str, Any], family: Family) -> dict[str, Any]:
    """The ``engine score`` result with ``native_name`` on every item and excluded fan (None where
    the data has no name); nothing else changes."""
    out = dict(result)
    for key in ("items", "excluded"):
        if key in out:
            out[key] = [{**item, "native_name": native_name(family, str(item.get("name", "")))}
                        for item in out[key]]
    return out
