"""What an amendment does to the hands after it, shown before the player confirms it.

Amending a hand can move the seats, dealer, counters and sticks of every later hand; the later
wins are then scored again (``engine.table.amend``), or the amendment is refused when one of them
would no longer be a win. The preview says which, with each changed hand's old and new total and
payments, so nothing changes behind the player's back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.table.amend import LaterHandRefused
from engine.table.standing import HandRecord, TableState
from webapp.views.backend import Loaded


def amend_effects(loaded: Loaded, target: int, event: Mapping[str, Any]) -> dict[str, Any]:
    """``{"record": the amended hand's record, "later": [...changed later hands]}``, or
    ``{"refused": {...}}`` naming the later hand that stops the amendment. TableError when the
    amended hand itself cannot stand."""
    # Hands are numbered as the history numbers them: by their place in it, draws and penalties
    # included (a record's own hand_number counts the game's hands, which a penalty does not end).
    numbers = {item.event_id: place for place, item in enumerate(loaded.state.records, start=1)}
    try:
        amendment = loaded.table.amendment(target, event)
    except LaterHandRefused as error:
        return {"refused": _refusal(loaded.state, error, numbers.get(error.event_id, error.hand_number))}
    after = loaded.preview(amendment)
    record = next(item for item in after.records if item.event_id == target)
    rescored = {item["target"] for item in amendment.get("rescored") or []}
    before = {item.event_id: item for item in loaded.state.records}
    later = [_change(before[item.event_id], item, item.event_id in rescored, after, numbers[item.event_id])
             for item in after.records
             if item.event_id > target and item.event_id in before
             and _differs(before[item.event_id], item)]
    count = sum(1 for event_id in before if event_id > target)
    return {"record": record, "later": later, "later_count": count}


def _differs(old: HandRecord, new: HandRecord) -> bool:
    def shown(record: HandRecord) -> tuple[Any, ...]:
        return record.deltas, record.label, record.details.get("total")
    return shown(old) != shown(new)


def _change(old: HandRecord, new: HandRecord, rescored: bool, state: TableState,
            number: int) -> dict[str, Any]:
    winner = new.details.get("winner")
    return {"index": new.event_id, "hand_number": number, "kind": new.kind,
            "winner": winner, "winner_name": state.players[winner] if winner is not None else None,
            "rescored": rescored,
            "old": {"label": old.label, "total": old.details.get("total"), "deltas": list(old.deltas)},
            "new": {"label": new.label, "total": new.details.get("total"), "deltas": list(new.deltas)}}


def _refusal(state: TableState, error: LaterHandRefused, number: int) -> dict[str, Any]:
    score = error.score
    reason = (score.get("reason") or "under the minimum") if score.get("ok") else score.get("error")
    return {"error": str(error), "index": error.event_id, "hand_number": number,
            "winner": error.winner, "winner_name": state.players[error.winner],
            "reason": reason,
            "reason_code": score.get("reason_code") if score.get("ok") else score.get("code"),
            "reason_params": (score.get("reason_params") if score.get("ok") else score.get("params")) or {}}

