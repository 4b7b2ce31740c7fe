"""A preset option as its family describes it: its kind, its range or choices, whether ``null`` is
allowed, the label a form shows and the words of each choice, and a line saying what it means.

Each family lists one ``OptionSpec`` per option of its presets (``Family.option_specs``); the
registry checks a table's options against them, the new-table form and the API's preset catalogue
show them. The label and the choice words are English marked with ``N_`` (babel.cfg extracts the
family packages), so the pages say them in the reader's language; ``about`` stays English.
The registry's type check (an int where the default is an int) cannot tell that ``rounding: 0``
would divide by zero or that ``rounding: -10`` rounds down; a spec can.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.reasons.marker import N_

BOOL, INT, CHOICE, TEXT = "bool", "int", "choice", "text"


class OptionValueError(ValueError):
    """An option value outside its range; the message names the option."""


@dataclass(frozen=True)
class OptionSpec:
    kind: str                              # BOOL, INT, CHOICE or TEXT
    label: str                             # what a form calls it (English, marked with N_)
    minimum: int | None = None             # INT: lowest value allowed
    maximum: int | None = None             # INT: highest value allowed
    multiple_of: int = 1                   # INT: payments split evenly only at these steps
    choices: tuple[Any, ...] = ()          # CHOICE: the values allowed
    words: Mapping[Any, str] = field(default_factory=dict)  # CHOICE: each value in words (N_)
    nullable: bool = False                 # null allowed (it means the documented default rule)
    about: str = ""

    def describe(self) -> str:
        """The range in words, for messages and forms."""
        if self.kind == BOOL:
            text = "true or false"
        elif self.kind == CHOICE:
            text = "one of " + ", ".join(str(choice) for choice in self.choices)
        elif self.kind == TEXT:
            text = "text"
        else:
            text = f"a whole number from {self.minimum} to {self.maximum}"
            if self.multiple_of > 1:
                text += f" in steps of {self.multiple_of}"
        return text + (" (or null)" if self.nullable else "")

    def words_for(self, value: Any) -> str:
        """A value in words: a choice's English words, else the value as written."""
        return self.words.get(value, str(value)) if self.kind == CHOICE else str(value)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "label": self.label, "min": self.minimum, "max": self.maximum,
                "multiple_of": self.multiple_of, "choices": list(self.choices),
                "nullable": self.nullable, "about": self.about, "range": self.describe()}


def int_option(label: str, low: int, high: int, about: str = "", *, step: int = 1,
               nullable: bool = False) -> OptionSpec:
    return OptionSpec(INT, label, minimum=low, maximum=high, multiple_of=step, nullable=nullable,
                      about=about)


def bool_option(label: str, about: str = "") -> OptionSpec:
    return OptionSpec(BOOL, label, about=about)


def choice_option(label: str, words: Mapping[Any, str], about: str = "") -> OptionSpec:
    """One of ``words``'s keys, each said in its words (for numbers, the number itself)."""
    return OptionSpec(CHOICE, label, choices=tuple(words), words=dict(words), about=about)


# Options several families share keep one meaning and one label.
EAST_PAYS_DOUBLE = bool_option(N_("East pays and receives double"), "East pays and receives double")
START_POINTS = int_option(N_("Starting points"), 0, 1_000_000,
                          "every player's score before the first hand")
ABORTIVE_DRAWS = bool_option(N_("Abortive draws"), "abortive draws are allowed at all")


def check_value(name: str, value: Any, spec: OptionSpec) -> None:
    """Raise OptionValueError naming the option when ``value`` is outside ``spec``."""
    if value is None:
        if spec.nullable:
            return
        raise OptionValueError(f"option {name!r} must be {spec.describe()}, got null")
    if spec.kind == BOOL:
        ok = isinstance(value, bool)
    elif spec.kind == CHOICE:
        ok = any(type(value) is type(choice) and value == choice for choice in spec.choices)
    elif spec.kind == INT:
        ok = (isinstance(value, int) and not isinstance(value, bool)
              and (spec.minimum is None or value >= spec.minimum)
              and (spec.maximum is None or value <= spec.maximum)
              and value % spec.multiple_of == 0)
    else:
        ok = isinstance(value, str)
    if not ok:
        raise OptionValueError(f"option {name!r} must be {spec.describe()}, got {value!r}")


def check_options(specs: Mapping[str, OptionSpec], options: Mapping[str, Any]) -> None:
    """Check every option (a preset's defaults merged with a table's overrides) against its spec."""
    for name, value in options.items():
        spec = specs.get(name)
        if spec is None:
            raise OptionValueError(f"option {name!r} has no description in its family")
        check_value(name, value, spec)
