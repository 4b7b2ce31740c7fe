"""Native names of fans, yaku and bonuses, as data beside the engine's English names.

A family's breakdown items carry the English name only; ``native_name`` finds the name the players
of that family use (Chinese for MCR, Japanese for the Japanese games), and ``localized_name`` the
name in a reader's language where the data has one (Traditional Chinese, Polish). Chinese for
MCR and the classical game, Japanese for the Japanese games; a family without a table (or an item
without a name in it) gets None. The tables are
keyed by the engine's fan and yaku ids (one small module per family); the lookups here index them
by English name, because that is what a Score's items carry. Pure data and lookups: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.names import babcock, hongkong, mcr, riichi, taiwanese

# family -> English name -> {language tag: name}; "native" is the family's own language.
_Table = dict[str, dict[str, str]]


def _mcr_table() -> _Table:
    table: _Table = {}
    for key, (english, simplified, traditional, polish) in mcr.NAMES.items():
        table[english] = {"native": simplified, "zh_Hans": simplified, "zh_Hant": traditional,
                          "ja": mcr.JAPANESE[key], "pl": polish or mcr.POLISH[key]}
    return table


def _classical_table() -> _Table:
    return {english: {"native": simplified, "zh_Hans": simplified, "zh_Hant": traditional,
                      "ja": babcock.JAPANESE[key], "pl": babcock.POLISH[key]}
            for key, (english, simplified, traditional) in babcock.NAMES.items()}


def _japanese_table() -> _Table:
    table: _Table = {}
    for key, (english, japanese_name, polish) in riichi.NAMES.items():
        simplified, traditional = riichi.CHINESE[key]
        table[english] = {"native": japanese_name, "ja": japanese_name, "zh_Hans": simplified,
                          "zh_Hant": traditional, "pl": polish or riichi.POLISH[key]}
    return table


def _unit_table(names: Mapping[str, tuple[str, str, str, str, str]]) -> _Table:
    """Tai and faan: the engine names an item "English Traditional" (one string for both)."""
    return {f"{english} {traditional}": {"native": traditional, "en": english, "zh_Hant": traditional,
                                         "zh_Hans": simplified, "ja": japanese, "pl": polish}
            for english, traditional, simplified, japanese, polish in names.values()}


# Keyed by family name as the preset registry reports it (engine.families.family_name).
TABLES: dict[str, _Table] = {"mcr": _mcr_table(), "riichi": _japanese_table(),
                             "babcock": _classical_table(), "taiwanese": _unit_table(taiwanese.NAMES),
                             "hongkong": _unit_table(hongkong.NAMES)}

NATIVE_LANGUAGE = {"mcr": "zh_Hans", "babcock": "zh_Hans", "riichi": "ja", "taiwanese": "zh_Hant",
                   "hongkong": "zh_Hant"}


def native_name(family: str, english: str) -> str | None:
    """The name the family's players use for an item, or None where the data has none."""
    return TABLES.get(family, {}).get(english, {}).get("native")


def localized_name(family: str, english: str, language: str) -> str | None:
    """The item's name in ``language`` (a locale tag such as "pl" or "zh_Hant"), or None."""
    return TABLES.get(family, {}).get(english, {}).get(language)


def add_native_names(result: Mapping[str, Any], family: str) -> dict[str, Any]:
    """The ``engine score`` result with ``native_name`` on every item and excluded fan (None where
    the data has no name); nothing else changes."""
    out = dict(result)
    for key in ("items", "excluded"):
        if key in out:
            out[key] = [{**item, "native_name": native_name(family, str(item.get("name", "")))}
                        for item in out[key]]
    return out
