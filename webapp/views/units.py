"""What a preset counts in, and which controls it has, in the words the pages show.

A breakdown line is a fan (MCR), a han (Riichi), a faan or a tai, or, in the points-and-doubles
games (classical Chinese, Japanese classical), either basic points or a double: the family says
which (``Family.line_unit``). The totals are in the family's total unit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.families import get_preset
from engine.families.protocol import Family
from engine.table.state import TableState


def _plural(word: str, value: int) -> str:
    return word if value == 1 or word in ("fan", "han", "faan", "tai") else word + "s"


def item_unit(rules: str, options: Mapping[str, Any], item: Mapping[str, Any]) -> str:
    """The unit word of one breakdown line, for its value (``count`` times ``value``)."""
    family = get_preset(rules)[0]
    if not family.counts_doubles(options):
        return family.units.item or "points"
    value = int(item.get("value", 0)) * int(item.get("count", 1) or 1)
    return _plural(family.line_unit(options, item), value)


def item_units(rules: str, options: Mapping[str, Any], score: Mapping[str, Any]) -> list[str]:
    return [item_unit(rules, options, item) for item in score.get("items") or []]


def unit(rules: str, options: Mapping[str, Any]) -> str:
    """The family's unit of a scoring element ("" where the elements are points themselves, and in
    the points-and-doubles games, whose lines each have their own: ``item_unit``)."""
    family = get_preset(rules)[0]
    return "" if family.counts_doubles(options) else family.units.item


def total_unit(rules: str) -> str:
    return get_preset(rules)[0].units.total


def has_riichi(state: TableState) -> bool:
    """Ready declarations (riichi) exist at this table: its flow puts a stick on the table for them
    (a table that switched them off has none)."""
    return bool(state.flow.riichi_stick)


def declared_flags(family: Family) -> tuple[str, ...]:
    """The family's flags that exist only where the table plays ready declarations."""
    return tuple(flag.name for flag in family.flags if flag.needs_declaration)


def describe_options(family: Family, options: Mapping[str, Any]) -> list[dict[str, str]]:
    """Each option of a table with its family's label and its value in words (English)."""
    out = []
    for name, value in options.items():
        spec = family.option_specs.get(name)
        label = spec.label if spec is not None else name.replace("_", " ").capitalize()
        if isinstance(value, bool):
            words = "yes" if value else "no"
        elif value is None:
            words = "not set"
        else:
            words = spec.words_for(value) if spec is not None else str(value)
        out.append({"name": name, "label": label, "value": words})
    return out
