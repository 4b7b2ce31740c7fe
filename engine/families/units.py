"""Declarative scoring units (a faan or a tai) and the one loop that applies a list of them.

A unit is data: its name, value, category, a predicate that says how many times a reading earns
it, and a reason that says what earned it. A unit may replace others (Great Dragons replaces the
dragon-pung unit): a replaced unit is reported as excluded, naming the unit that replaced it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.result import Excluded, Item
from engine.families.reading import Reading
from engine.families.unit_reasons import why


def once_if(test: bool) -> int:
    """A unit that applies once or not at all: its ``times`` for a yes-or-no rule."""
    return 1 if test else 0


@dataclass(frozen=True)
class Unit:
    """One faan or tai: ``times(reading, options)`` says how often it applies (0: not at all)."""

    key: str
    name: str
    chinese: str
    category: str
    value: int
    times: Callable[[Reading, Mapping[str, Any]], int]
    reason: Callable[[Reading], str]
    replaces: tuple[str, ...] = ()
    option: str | None = None          # a preset option that sets the value (where sources differ)

    def worth(self, options: Mapping[str, Any]) -> int:
        if self.option is not None and options.get(self.option) is not None:
            return int(options[self.option])
        return self.value


@dataclass(frozen=True)
class Earned:
    unit: Unit
    value: int
    count: int
    why: str

    @property
    def points(self) -> int:
        return self.value * self.count

    def item(self) -> Item:
        return Item(f"{self.unit.name} {self.unit.chinese}", self.value, self.count, self.why)


def apply_units(units: Sequence[Unit], reading: Reading,
                options: Mapping[str, Any]) -> tuple[list[Earned], list[Excluded]]:
    """The units a reading earns, in list order, and those that a stronger unit replaced."""
    earned: list[Earned] = []
    for unit in units:
        count = unit.times(reading, options)
        value = unit.worth(options)
        if count and value > 0:         # an option set to 0 switches a unit off
            earned.append(Earned(unit, value, count, unit.reason(reading)))
    replaced: dict[str, str] = {}
    for entry in earned:
        for key in entry.unit.replaces:
            replaced.setdefault(key, entry.unit.name)
    kept = [entry for entry in earned if entry.unit.key not in replaced]
    excluded = [Excluded(f"{entry.unit.name} {entry.unit.chinese}", entry.points,
                         why("chinese.replaced", fan=replaced[entry.unit.key]))
                for entry in earned if entry.unit.key in replaced]
    return kept, excluded


def unit_name_table(names: Mapping[str, tuple[str, str, str, str, str]]) -> dict[str, dict[str, str]]:
    """Names of units a breakdown calls "English Traditional" (tai, faan): that string ->
    {language tag: name}, from (English, Traditional, Simplified, Japanese, Polish) per unit;
    "native" is the players' own (Traditional Chinese)."""
    return {f"{english} {traditional}": {"native": traditional, "en": english, "zh_Hant": traditional,
                                         "zh_Hans": simplified, "ja": japanese, "pl": polish}
            for english, traditional, simplified, japanese, polish in names.values()}
