"""How a breakdown names a fan, yaku or bonus in the reader's language.

The engine gives the English name and the native one (engine/names). The title is the name in
the reader's language where the data has it (the native name itself for a Chinese reader of MCR
or a Japanese reader of Riichi, Traditional characters for zh_Hant, Polish where the source rules
give one), else the English name; the native name is shown beside it unless the title already is
that name (or, for a Chinese reader, the same name in the other script).
"""

from __future__ import annotations

from typing import NamedTuple

from engine.names import NATIVE_LANGUAGE, TABLES, localized_name, native_name


class ItemTitle(NamedTuple):
    title: str
    native: str | None


def item_title(family: str, english: str, language: str, native: str | None = None) -> ItemTitle:
    """The title and the native name to show beside it (None: nothing beside it)."""
    native = native or native_name(family, english)
    title = localized_name(family, english, language) or english
    same_script_family = language.startswith("zh") and NATIVE_LANGUAGE.get(family, "").startswith("zh")
    if not native or native == title or same_script_family:
        return ItemTitle(title, None)
    return ItemTitle(title, native)


def titles_for_page(family: str, language: str) -> dict[str, ItemTitle]:
    """English name -> its title for every item the family's tables know (the page scripts
    look names up here; an unknown name keeps its English text and the engine's native name)."""
    return {english: item_title(family, english, language) for english in TABLES.get(family, {})}
