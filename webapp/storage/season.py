"""A club's season as the store hands it out: which tables it holds (a date range, a family or any)
and the standings rule its tables are placed by. Apart from the store, so that the placing rules
(webapp.storage.placing) can read it without importing the store."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any


@dataclass(frozen=True)
class Season:
    id: int
    name: str
    starts_on: date | None
    ends_on: date | None
    family: str | None  # None: any family (a mixed season)
    rule: str
    rule_options: Mapping[str, Any]
    revision: int = 0  # counts the changes of its rule (``SeasonRow.revision``)

    def holds(self, day: date) -> bool:
        return (self.starts_on is None or self.starts_on <= day) and (
            self.ends_on is None or day <= self.ends_on
        )
