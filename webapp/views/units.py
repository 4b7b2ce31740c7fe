"""What a preset counts in, and which controls it has, in the words the pages show.

A breakdown line is a fan (MCR), a han (Riichi), or, in the points-and-doubles games (classical
Chinese, Japanese classical), either basic points or a double; the engine's items carry only a
name and a value, so the unit of each line is decided here from the preset and the line itself.
The totals are fan (MCR) or points (every other preset).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.families import get_preset
from engine.table.state import TableState

# Japanese classical writes its doubles' reason as "2 doubles: ..."; classical Chinese names them
# "Double: ...". Everything else in those games is basic points.
_DOUBLE_WHY = re.compile(r"^\d+ doubles?:")


def family_of(rules: str) -> str:
    return get_preset(rules)[0].name


def counts_doubles(rules: str, options: Mapping[str, Any]) -> bool:
    family = family_of(rules)
    return family == "babcock" or (family == "riichi" and options.get("scoring") == "points_doubles")


def _plural(word: str, value: int) -> str:
    return word if value == 1 or word in ("fan", "han", "faan", "tai") else word + "s"


def item_unit(rules: str, options: Mapping[str, Any], item: Mapping[str, Any]) -> str:
    """The unit word of one breakdown line, for its value (``count`` times ``value``): the family's
    own unit, except in the points-and-doubles games, where a line is points or a double."""
    if not counts_doubles(rules, options):
        return get_preset(rules)[0].units.item or "points"
    value = int(item.get("value", 0)) * int(item.get("count", 1) or 1)
    name, why = str(item.get("name", "")), str(item.get("why", ""))
    double = name.startswith("Double") if family_of(rules) == "babcock" else bool(_DOUBLE_WHY.match(why))
    return _plural("double" if double else "point", value)


def item_units(rules: str, options: Mapping[str, Any], score: Mapping[str, Any]) -> list[str]:
    return [item_unit(rules, options, item) for item in score.get("items") or []]


def unit(rules: str, options: Mapping[str, Any]) -> str:
    """The family's unit of a scoring element ("" where the elements are points themselves, and in
    the points-and-doubles games, whose lines each have their own: ``item_unit``)."""
    return "" if counts_doubles(rules, options) else get_preset(rules)[0].units.item


def total_unit(rules: str) -> str:
    return get_preset(rules)[0].units.total


def has_riichi(state: TableState) -> bool:
    """Riichi declarations exist at this table: the preset puts a stick on the table for them and
    (Japanese classical) the table switched riichi on."""
    return bool(state.flow.riichi_stick) and state.options.get("riichi", True) is not False


# Flags that only exist with riichi (Japanese classical without riichi has none of them).
RIICHI_FLAGS = ("riichi", "double_riichi", "ippatsu")


# Options that take one of a few words, with the words in plain English (the new-table form shows
# them as a choice; anything else typed would be refused by the engine or change nothing).
OPTION_CHOICES: dict[str, list[tuple[str, str]]] = {
    "scoring": [("han_fu", "han and fu (Riichi)"), ("points_doubles", "basic points x doubles")],
    "dealer_keeps_on_draw": [("tenpai", "when waiting"), ("always", "always"), ("never", "never")],
    "multiple_ron": [("double_ron", "every claimant wins (double ron)"),
                     ("head_bump", "head bump: the next in turn")],
    "sacred_discard": [("traditional", "only the own last discard"), ("extended", "any own discard")],
}


def option_label(name: str) -> str:
    return name.replace("_", " ").capitalize()


def option_words(name: str, value: Any) -> str:
    """An option's value as the table page says it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "not set"
    for choice, words in OPTION_CHOICES.get(name, []):
        if choice == value:
            return words
    return str(value)


def describe_options(options: Mapping[str, Any]) -> list[dict[str, str]]:
    return [{"name": name, "label": option_label(name), "value": option_words(name, value)}
            for name, value in options.items()]
