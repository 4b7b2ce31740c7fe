"""The scored result every ruleset returns, and its JSON form (the ``engine score`` contract)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


def coded(reason: str) -> dict[str, Any] | None:
    """A reason's code and params, where the scoring code made it from them (an
    ``engine.reasons.Reason`` carries them); None for plain text, which no one reads back."""
    explained = getattr(reason, "explained", None)
    return explained() if explained is not None and getattr(reason, "code", "") else None


@dataclass(frozen=True, init=False)
class Item:
    """One line of a breakdown: a fan, yaku, bonus or double, with the tiles or sets that earned it.

    Frozen, with a hand-written ``__init__`` as ``Score`` has (see there): scoring a new hand
    makes items, and the generated one sets each field through ``object.__setattr__``."""

    name: str
    value: int
    count: int = 1
    why: str = ""

    def __init__(self, name: str, value: int, count: int = 1, why: str = "") -> None:
        object.__setattr__(self, "__dict__", {"name": name, "value": value, "count": count, "why": why})

    def to_dict(self) -> dict[str, Any]:
        explained = coded(self.why)
        named = coded(self.name)
        return {"name": self.name, "value": self.value, "count": self.count, "why": self.why,
                "why_code": explained and explained["code"], "why_params": explained and explained["params"],
                "name_code": named and named["code"], "name_params": named and named["params"]}


@dataclass(frozen=True, init=False)
class Excluded:
    """A fan that the hand has but a counting principle removed, and which principle (frozen, with
    a hand-written ``__init__`` as ``Item``)."""

    name: str
    value: int
    because: str

    def __init__(self, name: str, value: int, because: str) -> None:
        object.__setattr__(self, "__dict__", {"name": name, "value": value, "because": because})

    def to_dict(self) -> dict[str, Any]:
        explained = coded(self.because)
        return {"name": self.name, "value": self.value, "because": self.because,
                "because_code": explained and explained["code"],
                "because_params": explained and explained["params"]}


@dataclass(frozen=True, init=False)
class Score:
    """A scored hand. ``total`` is in the family's unit (fan points, Riichi points, classical value).

    Frozen like the other results, but with a hand-written ``__init__``: the generated one of a
    frozen dataclass sets each field through ``object.__setattr__``, which made building a Score
    as slow as scoring a yaku. Fields, defaults, equality, repr and ``replace`` are unchanged.
    """

    valid: bool
    meets_minimum: bool
    items: tuple[Item, ...] = ()
    total: int = 0
    han: int | None = None
    fu: int | None = None
    limit: str | None = None
    payments: dict[str, int] = field(default_factory=dict)
    reason: str | None = None
    excluded: tuple[Excluded, ...] = ()
    details: dict[str, Any] = field(default_factory=dict)

    def __init__(self, valid: bool, meets_minimum: bool, items: tuple[Item, ...] = (), total: int = 0,
                 han: int | None = None, fu: int | None = None, limit: str | None = None,
                 payments: dict[str, int] | None = None, reason: str | None = None,
                 excluded: tuple[Excluded, ...] = (), details: dict[str, Any] | None = None) -> None:
        object.__setattr__(self, "__dict__", {
            "valid": valid, "meets_minimum": meets_minimum, "items": items, "total": total,
            "han": han, "fu": fu, "limit": limit, "payments": {} if payments is None else payments,
            "reason": reason, "excluded": excluded, "details": {} if details is None else details})

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "ok": True,
            "valid": self.valid,
            "meets_minimum": self.meets_minimum,
            "items": [item.to_dict() for item in self.items],
            "total": self.total,
            "han": self.han,
            "fu": self.fu,
            "limit": self.limit,
            "payments": dict(self.payments),
        }
        if self.reason is not None:
            out["reason"] = self.reason
        if self.excluded:
            out["excluded"] = [item.to_dict() for item in self.excluded]
        if self.details:
            out.update(self.details)
        return out


def invalid(reason: str, **details: Any) -> Score:
    """A hand that was read fine but is not a win (or has no yaku where one is needed)."""
    return Score(valid=False, meets_minimum=False, reason=reason, details=details)
