"""A club's season out and back in: the JSON (the club's players, the season and its rule, each
table's own export with the club players in its seats, and the standings), the CSV (standings,
then every hand), and the import, which builds a new club whose standings are the same."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from engine.table.events import TableError
from webapp.storage.clubs import ClubError, ClubRef
from webapp.storage.season_import import SeasonImportPlan, SeasonTable
from webapp.storage.transfer import ImportedPhoto, plan_import, spreadsheet_text
from webapp.storage.values import StorageError, TableRef

if TYPE_CHECKING:
    from webapp.storage.store import Storage

SEASON_FORMAT = "tiletally-club-season"
SEASON_FORMAT_VERSION = 1


class ClubImportRefused(StorageError):
    """A file that is not a season export, or whose tables do not rebuild."""


TableEntry = Callable[[int], Mapping[str, Any]]  # a table's id -> how the export carries it


def season_export(
    storage: Storage, club_id: int, season_id: int, table_entry: TableEntry | None = None
) -> dict[str, Any]:
    """The season's document; each table's own export is inline (``"export"``) unless
    ``table_entry`` says how else the file carries it (a zip: the name of the table's own zip)."""
    if table_entry is None:
        def table_entry(table_id: int) -> Mapping[str, Any]:
            return {"export": storage.export_json(table_id)}
    season = storage.season(club_id, season_id)
    members = storage.members(club_id)
    names = {member.id: member.name for member in members}
    tables = storage.club_tables(club_id, season_id)
    return {
        "format": SEASON_FORMAT,
        "format_version": SEASON_FORMAT_VERSION,
        "club": {"name": storage.club_name(club_id)},
        "players": [{"id": m.id, "name": m.name, "short_name": m.short_name} for m in members],
        "season": {
            "name": season.name,
            "family": season.family,
            "rule": season.rule,
            "rule_options": dict(season.rule_options),
            "starts_on": season.starts_on.isoformat() if season.starts_on else None,
            "ends_on": season.ends_on.isoformat() if season.ends_on else None,
        },
        "tables": [
            {
                "seats": table["member_ids"],
                "created_at": table["created_at"].isoformat(),
                **table_entry(table["id"]),
            }
            for table in reversed(tables)
        ],
        "standings": [
            {
                "place": s.place,
                "player": s.key,
                "name": names.get(s.key),
                "games": s.games,
                "figure": s.figure,
                "tiebreak": s.tiebreak,
                "to_pass": s.to_pass,
            }
            for s in storage.standings(club_id, season_id)
        ],
    }


def season_csv(storage: Storage, club_id: int, season_id: int) -> str:
    """The standings, a blank line, then one row per settled hand of every table of the season."""
    names = {member.id: member.name for member in storage.members(club_id)}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["place", "player", "games", "figure", "tiebreak", "to_pass"])
    for s in storage.standings(club_id, season_id):
        writer.writerow(
            [
                s.place,
                spreadsheet_text(names.get(s.key, "")),
                s.games,
                s.figure,
                s.tiebreak,
                "" if s.to_pass is None else s.to_pass,
            ]
        )
    writer.writerow([])
    writer.writerow(
        ["table", "hand", "label", "kind", "summary"]
        + [f"seat {n} {what}" for n in range(1, 5) for what in ("player", "change", "total")]
    )
    for table in reversed(storage.club_tables(club_id, season_id)):
        state = storage.load(table["id"]).state
        players = [
            names.get(member, name)
            for member, name in zip(table["member_ids"], table["players"], strict=True)
        ]
        for record in state.records:
            row: list[Any] = [
                spreadsheet_text(table["name"]),
                record.hand_number,
                record.label,
                record.kind,
                spreadsheet_text(record.summary),
            ]
            for seat in range(4):
                row += [spreadsheet_text(players[seat]), record.deltas[seat], record.totals[seat]]
            writer.writerow(row)
    return out.getvalue()


def _day(text: Any) -> date | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(str(text))
    except ValueError as error:
        raise ClubImportRefused(f"not a date: {text!r}") from error


@dataclass(frozen=True)
class TableUpload:
    """One table of a season file as the store takes it: the table's own export, the photos
    stored with it (photos kept in the database), and what runs inside the import's transaction
    once it is written (photos staged in the data folder note their table, see ``Backend``)."""

    export: Mapping[str, Any]
    photos: Sequence[ImportedPhoto] = ()
    before_commit: Callable[[TableRef], None] | None = None


TableSource = Callable[[Mapping[str, Any]], TableUpload]  # a table of the document -> its upload


def import_season(
    storage: Storage, data: Mapping[str, Any], table_upload: TableSource | None = None
) -> ClubRef:
    """A new club from a season export: its players, the season, and each table (its events
    checked against its totals, as a table import's are) with its players in their seats, all in
    one transaction (``Storage.import_club_season``): a file that fails, or a server that stops
    half way, leaves nothing. ``table_upload`` gives each table of the document as the store takes
    it (by default its inline ``"export"``; a zip brings its own, with photos)."""
    if table_upload is None:
        def table_upload(table: Mapping[str, Any]) -> TableUpload:
            return TableUpload(table["export"])
    if (
        not isinstance(data, Mapping)
        or data.get("format") != SEASON_FORMAT
        or data.get("format_version") != SEASON_FORMAT_VERSION
    ):
        raise ClubImportRefused("not a club season export")
    try:
        club_name = str(data["club"]["name"])
        players = [
            (player["id"], str(player["name"]), str(player.get("short_name") or ""))
            for player in data["players"]
        ]
        season = dict(data["season"])
        tables = list(data["tables"])
        season_arguments = {
            "name": str(season["name"]),
            "family": season.get("family"),
            "rule": str(season["rule"]),
            "rule_options": season.get("rule_options") or {},
            "starts_on": _day(season.get("starts_on")),
            "ends_on": _day(season.get("ends_on")),
        }
    except (KeyError, TypeError, AttributeError) as error:
        raise ClubImportRefused("the export misses its club, players, season or tables") from error
    try:
        checked = []
        for table in tables:
            upload = table_upload(table)
            checked.append(SeasonTable(plan_import(upload.export), list(table["seats"]), upload.photos,
                                       upload.before_commit))
        return storage.import_club_season(SeasonImportPlan(club_name, players, season_arguments, checked))
    except (ClubError, StorageError, TableError, KeyError, TypeError, ValueError) as error:
        raise ClubImportRefused(str(error)) from error
