"""A hand record's row: what a settled event was declared with (its input, photo, capture and
score) and what it paid, written beside the event by an append and by an import alike."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.table.state import TableState
from webapp.storage.models import utc_now


def hand_row(table_id: int, seq: int, payload: Mapping[str, Any], state: TableState,
             photo_ref: str | None, detections: Any, corrections: Any) -> dict[str, Any] | None:
    """The values of the ``hands`` row for event ``seq`` (an amendment's row describes the hand
    it replaces), or None for an undo or the end of a game, which settle no hand."""
    kind = payload.get("type")
    if kind in ("undo", "end_game"):
        return None
    described = payload.get("event") if kind == "amend" else payload
    hand_seq = int(payload["target"]) + 1 if kind == "amend" else seq
    record = next((r for r in reversed(state.records) if r.event_id == hand_seq - 1), None)
    return {"table_id": table_id, "event_seq": seq, "hand_seq": hand_seq,
            "kind": record.kind if record else str(described.get("type")),
            "input": described.get("hand"), "photo_ref": photo_ref or described.get("photo"),
            "detections": detections, "corrections": corrections, "score": described.get("score"),
            "payments": list(record.deltas) if record else [0, 0, 0, 0], "created_at": utc_now()}
