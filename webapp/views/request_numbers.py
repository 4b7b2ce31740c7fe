"""Whole numbers from requests: the one parser every JSON field, form field, query argument and
path part that holds a number goes through.

``str.isdigit`` and ``int`` accept more than a person types: '²' passes ``isdigit`` and fails
``int`` (a 500 where it was trusted), '٣' (Arabic-Indic three) passes both and became player 3,
and a 5,000-digit string costs its conversion and then fails Python's digit limit. A number in a
request is a JSON integer or text of ASCII digits, with a sign only where the field allows one,
no longer than a few digits more than its range needs, and inside the field's range; anything
else is refused with a 400 that names the field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from flask_babel import lazy_gettext as _l
from werkzeug.routing import BaseConverter, ValidationError

from webapp.score_range import points_limit

# The longest text any field's range needs: the widest bound below is ten digits.
MAX_DIGITS = 12
UNSIGNED = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
SIGNED = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")


class NumberRefused(ValueError):
    """A number field that is not a whole number inside its range; the message names the field."""

    def __init__(self, name: str, low: int, high: int) -> None:
        # The same words as every other range refusal, so the pages show them translated.
        super().__init__(_l("%(name)s must be a whole number from %(low)d to %(high)d",
                            name=name, low=low, high=high))
        self.name, self.low, self.high = name, low, high


@dataclass(frozen=True)
class Range:
    """What one field accepts: ``low`` to ``high``, and whether text may carry a sign."""

    low: int
    high: int
    signed: bool = False

    def parse(self, value: Any, name: str) -> int:
        """``value`` (a JSON integer, or text as a form or a query sends it) as an int, or
        NumberRefused naming ``name``."""
        if isinstance(value, bool):
            raise NumberRefused(name, self.low, self.high)
        if isinstance(value, str):
            if not (SIGNED if self.signed else UNSIGNED).fullmatch(value):
                raise NumberRefused(name, self.low, self.high)
            value = int(value)
        if not isinstance(value, int) or not self.low <= value <= self.high:
            raise NumberRefused(name, self.low, self.high)
        return value


PLAYER = Range(0, 3)                       # a player's number at the table (A to D)
VERSION = Range(0, 2**31 - 1)              # a table version: its count of events (a 32-bit column)
EVENT = Range(0, 2**31 - 2)                # an event's index in the log (version - 1 at most)
HISTORY_LIMIT = Range(1, 200)              # hands one read may ask for
HISTORY_BEFORE = Range(0, 2**31 - 1)       # a position in the history of hands
OPTION = Range(-(10**9), 10**9, signed=True)   # a preset option typed in a form (the engine checks its range)
TILE_INDEX = Range(0, 999)                 # a detected tile's place in a reading


def points_range(rules: str) -> Range:
    """The points one penalty may move at a table of ``rules`` (``webapp.score_range``)."""
    return Range(0, points_limit(rules))


class EventIndexConverter(BaseConverter):
    """``<event:event_id>`` in a route: an event index in ASCII digits (Werkzeug's ``int``
    converter matches any script's digits and converts 5,000 of them)."""

    regex = r"[0-9]{1,10}"

    def to_python(self, value: str) -> int:
        try:
            return EVENT.parse(value, "event")
        except NumberRefused as error:
            raise ValidationError() from error

    def to_url(self, value: Any) -> str:
        return str(int(value))
