"""A table out of the database and back in: the JSON export (settings, the raw log with each
hand's capture, the replayed hands and totals), the CSV of the settled hands, and the import,
which checks a file completely and builds every row before the store writes anything. The
documents only: the store (``Storage.export_json``, ``export_csv``, ``import_json``) does the reads
and the write."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.families import score_json
from engine.table.events import TableError
from engine.table.state import TableState, new_state
from webapp import snapshot
from webapp.score_range import points_limit
from webapp.storage.hand_rows import hand_row
from webapp.storage.loaded import Loaded
from webapp.storage.models import utc_now
from webapp.storage.values import (
    PLAYER_NAME,
    TABLE_NAME,
    ImportRefused,
    check_text,
)

EXPORT_FORMAT = "tiletally-table"
# A spreadsheet runs a cell that starts with one of these as a formula: a player named
# "=HYPERLINK(...)" must arrive as text.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
EXPORT_FORMAT_VERSION = 1


def export_document(loaded: Loaded, captures: Mapping[int, Mapping[str, Any]]) -> dict[str, Any]:
    """Everything needed to rebuild the table elsewhere: its settings, the raw log (with the
    hand records' captures, by event number) and, for checking, the replayed hands and totals."""
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

def spreadsheet_text(text: str) -> str:
    """Text a spreadsheet shows as it stands: one that would start a formula gets the leading
    apostrophe spreadsheet users type for that (numbers are written as numbers, never through here)."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def export_csv(state: TableState) -> str:
    """One row per settled event: hand, what happened, each player's change and total."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["event", "hand", "label", "kind", "summary"]
                    + [spreadsheet_text(f"{name} change") for name in state.players]
                    + [spreadsheet_text(f"{name} total") for name in state.players])
    for record in state.records:
        writer.writerow([record.event_id + 1, record.hand_number, record.label, record.kind,
                         spreadsheet_text(record.summary), *record.deltas, *record.totals])
    writer.writerow(["", "", "", "total", "", *([""] * 4), *state.totals])
    return out.getvalue()

@dataclass(frozen=True)
class ImportedPhoto:
    """A photo that comes with an imported table, stored in the table's own transaction (photos
    kept in the database); its id is already the new one the table's hands refer to."""

    id: str
    extension: str
    data: bytes
    reading: Mapping[str, Any] | None


@dataclass(frozen=True)
class ImportPlan:
    """A checked import, every row built but the new table's id: what the store writes."""

    start: TableState
    overrides: dict[str, Any]
    table_name: str
    version: int
    final: TableState
    events: list[dict[str, Any]]
    hands: list[dict[str, Any]]
    records_json: list[dict[str, Any]]


def plan_import(data: Mapping[str, Any], name: str | None = None) -> ImportPlan:
    """The rows of a new table from ``export_document`` output, or ImportRefused.

    Everything is checked: every hand with tiles is scored again and must have the score the
    file says, no penalty or agreed total may exceed the preset's range
    (``webapp.score_range``); the replayed totals must match the file's ``totals`` and its
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
    limit = points_limit(start.rules)
    for seq, item in enumerate(log, start=1):
        problem = imported_score_problem(item, overrides, limit)
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
    # Every row as it will be inserted, less the new table's id (known only inside the write).
    events, hands = [], []
    for seq, (entry, event, state) in enumerate(zip(entries, log, states, strict=True), start=1):
        events.append({"seq": seq, "type": str(event.get("type")), "payload": dict(event),
                       "created_at": utc_now()})
        hand = hand_row(0, seq, event, state, entry.get("photo_ref"),
                        entry.get("detections"), entry.get("corrections"))
        if hand is not None:
            hands.append(hand)          # its table_id is the new table's, set at the insert
    records_json = [snapshot.record_to_json(record) for record in final.records]
    return ImportPlan(start, overrides, table_name, len(log), final, events, hands, records_json)


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


def imported_score_problem(event: Mapping[str, Any], overrides: Mapping[str, Any],
                           limit: int) -> str | None:
    """Why an imported event's score cannot be trusted, or None: a hand with tiles must score what
    the file says when the engine scores it again, and no agreed total or penalty may move a
    score further than ``limit`` (``webapp.score_range``), as no request may."""
    kind = event.get("type")
    if kind == "amend":     # the replacement and the later wins it scored again
        rescored = event.get("rescored") if isinstance(event.get("rescored"), list) else []
        inner = [event.get("event")] + [item.get("event") for item in rescored if isinstance(item, Mapping)]
        return next((problem for problem in (imported_score_problem(one, overrides, limit) for one in inner
                                             if isinstance(one, Mapping)) if problem), None)
    if kind == "penalty":
        deltas = event.get("deltas")
        if isinstance(deltas, list) and any(isinstance(delta, int) and not isinstance(delta, bool)
                                            and abs(delta) > limit for delta in deltas):
            return f"a penalty of more than {limit} points is not one a table records"
        return None
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
        if isinstance(total, bool) or not isinstance(total, int) or abs(total) > limit:
            return f"the score total {total!r} is not a possible hand (the most is {limit})"
        if isinstance(hand, Mapping) and hand.get("hand"):
            again = score_json({**hand, "options": dict(overrides)})
            if not again.get("ok"):
                return f"its hand cannot be scored: {again.get('error')}"
            for key in ("valid", "meets_minimum", "total"):
                if again.get(key) != score.get(key):
                    return (f"its stored score ({key} {score.get(key)!r}) is not what its tiles score "
                            f"({again.get(key)!r})")
    return None
