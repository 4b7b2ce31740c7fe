"""How a breakdown names a fan, yaku or bonus in the reader's language.

The engine gives the English name and the native one (each family's ``native_names``). The title
the reader's language where the data has it (the native name itself for a Chinese reader of MCR
or a Japanese reader of Riichi, Traditional characters for zh_Hant, Polish where the source rules
give one), else the English name; the native name is shown beside it unless the title already is
that name (or, for a Chinese reader, the same name in the other script).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from engine.families import RulesError, family_named
from engine.families.protocol import Family
from engine.names import localized_name, native_name


@lru_cache(maxsize=32)
def family_called(name: str) -> Family | None:
    """The family a table's view names (``Family.name``), or None for a name no longer known."""
    try:
        return family_named(name)
    except RulesError:
        return None


class ItemTitle(NamedTuple):
    title: str
    native: str | None


def item_title(family: str, english: str, language: str, native: str | None = None) -> ItemTitle:
    """The title and the native name to show beside it (None: nothing beside it)."""
    known = family_called(family)
    if known is None:
        return ItemTitle(english, native)
    native = native or native_name(known, english)
    title = localized_name(known, english, language) or english
    same_script_family = language.startswith("zh") and (known.native_language or "").startswith("zh")
    if not native or native == title or same_script_family:
        return ItemTitle(title, None)
    return ItemTitle(title, native)


def titles_for_page(family: str, language: str) -> dict[str, ItemTitle]:
    """English name -> its title for every item the family's tables know (the page scripts
    look names up here; an unknown name keeps its English text and the engine's native name)."""
    known = family_called(family)
    names = known.native_names if known is not None else {}
    return {english: item_title(family, english, language) for english in names}
