"""Settling a dispute over a declared win: the player's claim against the engine's score.

At the table a player announces "Mahjong", often with the fans (or yaku, or points) and the total
they count. The engine scores the laid-down hand; this module lists every difference between the
two (a fan claimed that does not apply and why, a fan missed, a wrong count or total) and says what
the table records: the win at the engine's value, or, for a hand that is not a win or is under
the preset's minimum, a false win with the preset's penalty.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.result import Score
from engine.table.events import score_from_dict
from engine.table.state import TableState, apply


@dataclass(frozen=True)
class Claim:
    """What a player announced. No items and no total means just "Mahjong"."""

    player: int
    discarder: int | None = None                 # None: self-drawn
    items: tuple[tuple[str, int], ...] = ()      # (fan or yaku name, times counted)
    total: int | None = None


@dataclass(frozen=True)
class Difference:
    """One point where the claim and the engine disagree."""

    kind: str          # not_a_win, under_minimum, not_applicable, missed, count, total
    name: str
    claimed: int | None
    actual: int | None
    why: str

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "claimed": self.claimed, "actual": self.actual,
                "why": self.why}


@dataclass(frozen=True)
class Verdict:
    """The outcome: is the win upheld, what differs, and the event the table should record."""

    upheld: bool
    differences: tuple[Difference, ...]
    event: dict[str, Any]
    deltas: tuple[int, ...]        # what recording the event would pay, per player

    def to_dict(self) -> dict[str, Any]:
        return {"upheld": self.upheld, "differences": [d.to_dict() for d in self.differences],
                "event": self.event, "deltas": list(self.deltas)}


def _key(name: str) -> str:
    """Names compare without case, spaces or punctuation ("All Pungs" = "all-pungs")."""
    return re.sub(r"[^0-9a-z]+", "", name.casefold())


def compare(claim: Claim, score: Score) -> list[Difference]:
    """Every difference between the announced claim and the scored hand."""
    differences: list[Difference] = []
    if not score.valid:
        differences.append(Difference("not_a_win", "Mahjong", claim.total, None,
                                      score.reason or "the hand is not a complete winning hand"))
        return differences
    if not score.meets_minimum:
        differences.append(Difference("under_minimum", "Mahjong", claim.total, score.total,
                                      score.reason or "the hand does not reach the preset's minimum"))
    if score.details.get("declared"):
        # A total agreed on paper has no itemised breakdown to compare the fans against.
        claim = Claim(player=claim.player, discarder=claim.discarder, total=claim.total)
    actual: dict[str, tuple[str, int, int, str]] = {}
    for item in score.items:
        key = _key(item.name)
        name, value, count, why = actual.get(key, (item.name, item.value, 0, item.why))
        actual[key] = (name, value, count + item.count, why)
    excluded = {_key(item.name): item for item in score.excluded}
    claimed: dict[str, tuple[str, int]] = {}
    for name, count in claim.items:
        previous = claimed.get(_key(name), (name, 0))
        claimed[_key(name)] = (previous[0], previous[1] + count)
    for key, (name, count) in claimed.items():
        if key in actual:
            real_name, _, real_count, _ = actual[key]
            if real_count != count:
                why = f"claimed {count} time(s); the hand has it {real_count} time(s)"
                differences.append(Difference("count", real_name, count, real_count, why))
        elif key in excluded:
            differences.append(Difference("not_applicable", excluded[key].name, count, 0,
                                          f"not counted: {excluded[key].because}"))
        else:
            differences.append(Difference("not_applicable", name, count, 0,
                                          "the hand does not have it under these rules"))
    if claim.items:
        for key, (name, value, count, why) in actual.items():
            if key not in claimed:
                differences.append(Difference("missed", name, 0, count,
                                              f"worth {value}" + (f": {why}" if why else "")))
    if claim.total is not None and claim.total != score.total:
        differences.append(Difference("total", "total", claim.total, score.total,
                                      f"claimed {claim.total}; the hand is worth {score.total}"))
    return differences


def settle(state: TableState, claim: Claim, score: Score | Mapping[str, Any], *,
           hand: Mapping[str, Any] | None = None, riichi: Sequence[int] = (),
           others: Mapping[str, Any] | None = None, tile: str | None = None) -> Verdict:
    """Check ``claim`` against the engine's ``score`` and build the event the table records.

    A valid win is recorded at the engine's value whatever total was announced; a hand that is not
    a win, or is under the minimum, becomes a false win with the preset's penalty. ``tile`` is the
    winning tile of a win without its hand (an agreed total), for the sacred-discard check. The
    table's own checks (an agreed value out of range, a sacred discard) raise TableError here.
    """
    if isinstance(score, Mapping):
        score = score_from_dict(score)
    differences = compare(claim, score)
    upheld = score.valid and score.meets_minimum
    if upheld:
        event: dict[str, Any] = {"type": "win", "winner": claim.player, "discarder": claim.discarder,
                                 "score": score.to_dict(), "riichi": list(riichi)}
        if others:
            event["others"] = dict(others)
        if hand is not None:
            event["hand"] = dict(hand)
        if tile:
            event["tile"] = tile
    else:
        reason = "; ".join(d.why for d in differences if d.kind in ("not_a_win", "under_minimum"))
        event = {"type": "false_win", "offender": claim.player, "reason": reason}
        if hand is not None:
            event["hand"] = dict(hand)
    after = apply(state, event)
    if after.records and after.records[-1].kind == "false_win":
        upheld = False          # the table's own rules (a sacred discard, a minimum) made it one
    return Verdict(upheld=upheld, differences=tuple(differences), event=event,
                   deltas=after.records[-1].deltas)
