"""A table out of the database and back in: the JSON export (settings, the raw log with each
hand's capture, the replayed hands and totals), the CSV of the settled hands, and the import,
which checks a file completely before it writes anything."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from sqlalchemy import insert, select

from engine.families import score_json
from engine.table.events import TableError
from engine.table.state import TableState, new_state
from webapp import snapshot
from webapp.storage.models import EventRow, HandRow, utc_now
from webapp.storage.values import (
    PLAYER_NAME,
    TABLE_NAME,
    ImportRefused,
    TableRef,
    check_text,
    new_token,
)

if TYPE_CHECKING:
    from webapp.storage.store import Storage

EXPORT_FORMAT = "tiletally-table"
EXPORT_FORMAT_VERSION = 1


def export_json(storage: Storage, table_id: int) -> dict[str, Any]:
    """Everything needed to rebuild the table elsewhere: its settings, the raw log (with the
    hand records' captures) and, for checking, the replayed hands and totals."""
    loaded = storage.load(table_id)
    with storage._read() as session:
        rows = session.scalars(select(HandRow).where(HandRow.table_id == table_id)).all()
        captures = {row.event_seq: {"photo_ref": row.photo_ref, "detections": row.detections,
                                    "corrections": row.corrections} for row in rows}
    state = loaded.state
    return {
        "format": EXPORT_FORMAT, "format_version": EXPORT_FORMAT_VERSION,
        "table": {"name": loaded.ref.name, "rules": state.rules, "options": loaded.table.overrides,
                  "players": list(state.players)},
        "version": loaded.version,
        "events": [{"seq": index + 1, "event": event, **captures.get(index + 1, {})}
                   for index, event in enumerate(loaded.table.log)],
        "hands": [record.to_dict() for record in state.records],
        "totals": list(state.totals),
    }

def export_csv(storage: Storage, table_id: int) -> str:
    """One row per settled event: hand, what happened, each player's change and total."""
    state = storage.load(table_id).state
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["event", "hand", "label", "kind", "summary"]
                    + [f"{name} change" for name in state.players]
                    + [f"{name} total" for name in state.players])
    for record in state.records:
        writer.writerow([record.event_id + 1, record.hand_number, record.label, record.kind,
                         record.summary, *record.deltas, *record.totals])
    writer.writerow(["", "", "", "total", "", *([""] * 4), *state.totals])
    return out.getvalue()

def import_json(storage: Storage, data: Mapping[str, Any], name: str | None = None) -> TableRef:
    """A new table from ``export_json`` output, written in one transaction, or StorageError.

    Everything is checked before the write starts (so the write lock is held only for the
    inserts, not while the engine works): every hand with tiles is scored again and must have
    the score the file says; the replayed totals must match the file's ``totals`` and its
    ``hands`` records, and a file that carries neither is refused. The fold is linear in the
    number of events (an undo or amendment replays up to it).
    """
    if not isinstance(data, Mapping) or data.get("format") != EXPORT_FORMAT:
        raise ImportRefused("import.not_an_export", format=EXPORT_FORMAT)
    if data.get("format_version") != EXPORT_FORMAT_VERSION:
        raise ImportRefused("import.version", version=repr(data.get("format_version")))
    settings = data.get("table") or {}
    entries = data.get("events") or []
    if not isinstance(settings, Mapping) or not isinstance(entries, list) \
            or not all(isinstance(entry, Mapping) for entry in entries):
        raise ImportRefused("import.shape")
    log = [entry.get("event") for entry in entries]
    if not all(isinstance(event, Mapping) for event in log):
        raise ImportRefused("import.event_not_object")
    table_name = check_text(name if name is not None else str(settings.get("name") or ""),
                            TABLE_NAME)
    rules, players = settings.get("rules"), settings.get("players") or []
    overrides = dict(settings.get("options") or {})
    for player in players:
        check_text(player, PLAYER_NAME)
    start = new_state(rules, players, overrides)
    for seq, item in enumerate(log, start=1):
        problem = imported_score_problem(item, overrides)
        if problem:
            raise ImportRefused.around(seq, problem)
    states = []
    try:
        for state in snapshot.states_after_each(rules, start.players, overrides, log):
            states.append(state)
    except TableError as error:
        raise ImportRefused.around(len(states) + 1, str(error), error) from error
    final = states[-1] if states else start
    _check_imported_totals(data, final)
    final = replace(final, records=snapshot.normalised(final.records))
    edit_token = new_token()
    player_ids = storage._player_ids(start.players)
    with storage._write() as session:
        row = storage._insert_table(session, start, overrides, table_name, edit_token, player_ids)
        events, hands = [], []
        for seq, (entry, event, state) in enumerate(zip(entries, log, states, strict=True), start=1):
            events.append({"table_id": row.id, "seq": seq, "type": str(event.get("type")),
                           "payload": dict(event), "created_at": utc_now()})
            hand = storage._hand_row(row.id, seq, event, state, entry.get("photo_ref"),
                                  entry.get("detections"), entry.get("corrections"))
            if hand is not None:
                hands.append(hand)
        if events:
            session.execute(insert(EventRow), events)
        session.add_all(hands)
        storage._store_snapshot(session, row.id, len(log), final, 0, len(final.records))
        row.version = len(log)
        session.flush()
        return TableRef(row.id, row.name, row.rules, row.view_token, edit_token)


def _check_imported_totals(data: Mapping[str, Any], final: TableState) -> None:
    """The replayed result must be what the file says it is: its totals, its hands, or both."""
    totals, hands = data.get("totals"), data.get("hands")
    if totals is None and hands is None:
        raise ImportRefused("import.no_totals")
    if totals is not None and list(final.totals) != list(totals if isinstance(totals, list) else [totals]):
        raise ImportRefused("import.totals", totals=str(totals), replayed=str(list(final.totals)))
    if hands is not None:
        replayed = [[record.event_id, list(record.deltas), list(record.totals)] for record in final.records]
        given = [[h.get("event_id"), h.get("deltas"), h.get("totals")] if isinstance(h, Mapping) else h
                 for h in (hands if isinstance(hands, list) else [hands])]
        if given != replayed:
            raise ImportRefused("import.hands")


MAX_SCORE_TOTAL = 10_000_000   # far above any real hand's points or fan; a larger total is forged


def imported_score_problem(event: Mapping[str, Any], overrides: Mapping[str, Any]) -> str | None:
    """Why an imported event's score cannot be trusted, or None: a hand with tiles must score what
    the file says when the engine scores it again, and no score may be out of all proportion."""
    kind = event.get("type")
    if kind == "amend":     # the replacement and the later wins it scored again
        rescored = event.get("rescored") if isinstance(event.get("rescored"), list) else []
        inner = [event.get("event")] + [item.get("event") for item in rescored if isinstance(item, Mapping)]
        return next((problem for problem in (imported_score_problem(one, overrides) for one in inner
                                             if isinstance(one, Mapping)) if problem), None)
    if kind != "win":
        return None
    claims = event.get("claims") or [event]
    if not isinstance(claims, list):
        return "claims must be a list"
    for claim in claims:
        if not isinstance(claim, Mapping):
            return "each claim must be an object"
        score, hand = claim.get("score"), claim.get("hand")
        if not isinstance(score, Mapping):
            return "a win needs its score as an object"
        total = score.get("total") or 0
        if isinstance(total, bool) or not isinstance(total, int) or abs(total) > MAX_SCORE_TOTAL:
            return f"the score total {total!r} is not a possible hand"
        if isinstance(hand, Mapping) and hand.get("hand"):
            again = score_json({**hand, "options": dict(overrides)})
            if not again.get("ok"):
                return f"its hand cannot be scored: {again.get('error')}"
            for key in ("valid", "meets_minimum", "total"):
                if again.get(key) != score.get(key):
                    return (f"its stored score ({key} {score.get(key)!r}) is not what its tiles score "
                            f"({again.get(key)!r})")
    return None
