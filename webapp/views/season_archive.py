"""A club's season with everything, photos included: a zip of ``season.json`` (the season's JSON
export, each table named by its entry) and ``tables/NNNN.zip``, each table's own zip export with
its photos (``webapp.views.archive``), the same file the table's own export page gives.

Reading one back is the table import's reading, table by table, under its limits: the season zip
and the tables' zips inside it share one bound on the bytes they unpack, each table's photos go
through the upload's checks, and all of them are checked before anything is written. Then the
season is imported (``webapp.storage.club_transfer``) with each table's photos in one transaction:
a table that the store refuses, or a server that stops half way, leaves no club, no table and no
photo file behind.
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from webapp.storage.club_transfer import ClubImportRefused, TableUpload, import_season, season_export
from webapp.storage.clubs import ClubRef
from webapp.storage.values import PhotoIdTaken
from webapp.views.archive import ArchiveError, open_zip, read_entry, read_json, table_zip
from webapp.views.backend import Backend
from webapp.views.importing import CheckedUpload, ImportFailed, checked_upload, refusal

SEASON_ENTRY = "season.json"
ARCHIVE_KEY = "archive"  # a table of season.json: the name of its own zip in the season zip


def season_zip(backend: Backend, club_id: int, season_id: int) -> bytes:
    """The season's JSON export and each of its tables' zip exports (with their photos)."""
    tables: list[tuple[str, bytes]] = []

    def table_entry(table_id: int) -> Mapping[str, Any]:
        name = f"tables/{len(tables) + 1:04d}.zip"
        tables.append((name, table_zip(backend, table_id)))
        return {ARCHIVE_KEY: name}

    document = season_export(backend.storage, club_id, season_id, table_entry)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(SEASON_ENTRY, json.dumps(document, ensure_ascii=False, indent=1))
        for name, data in tables:
            archive.writestr(name, data)  # already compressed: stored as it is
    return out.getvalue()


def import_season_zip(backend: Backend, data: bytes, *, max_upload_bytes: int, max_image_pixels: int,
                      max_full_decode_pixels: int) -> ClubRef:
    """A new club from a season zip, every table with its photos, or ImportFailed and nothing."""
    budget = 4 * int(max_upload_bytes) + len(data)  # the table import's bound on unpacked bytes
    try:
        outer = open_zip(data, budget)
        budget -= sum(entry.file_size for entry in outer.infolist())
        if SEASON_ENTRY not in outer.namelist():
            raise ArchiveError.of("import.no_table_entry", entry=SEASON_ENTRY)
        document = read_json(read_entry(outer, SEASON_ENTRY), SEASON_ENTRY)
        tables = document.get("tables")
        if not isinstance(tables, list) or not all(isinstance(table, Mapping) for table in tables):
            raise ClubImportRefused("the season's tables are not a list of tables")
        checked: dict[str, CheckedUpload] = {}
        for table in tables:
            name = table.get(ARCHIVE_KEY)
            if not isinstance(name, str) or name not in outer.namelist() or name in checked:
                raise ClubImportRefused(f"no table zip {name!r} in the season zip")
            inner = read_entry(outer, name)
            budget -= sum(entry.file_size for entry in open_zip(inner, budget).infolist())
            checked[name] = checked_upload(inner, max_upload_bytes=max_upload_bytes,
                                           max_image_pixels=max_image_pixels,
                                           max_full_decode_pixels=max_full_decode_pixels)
    except ArchiveError as error:
        raise ImportFailed(str(error)) from error
    except ClubImportRefused as error:
        cause = refusal(error)
        raise ImportFailed(str(cause)) from cause

    def attempt(renamed: bool) -> ClubRef:
        """The import in one transaction; every photo under a new id if ``renamed`` (the database
        held none of the file's ids when read, but another import took one since)."""
        staged: list[Path] = []

        def table_upload(table: Mapping[str, Any]) -> TableUpload:
            upload = checked[table[ARCHIVE_KEY]]
            prepared, staging = backend.prepared_import(
                upload.archive.export, upload.photos, upload.archive.readings,
                renamed=set(upload.photos) if renamed else None)
            if staging is not None:
                staged.append(staging)
            return prepared

        try:
            club = import_season(backend.storage, document, table_upload)
        except BaseException:
            for staging in staged:
                backend.abandon_import(staging)
            raise
        for staging in staged:
            backend.place_import(staging)
        return club

    try:
        try:
            return attempt(renamed=False)
        except ClubImportRefused as error:
            if not isinstance(error.__cause__, PhotoIdTaken):
                raise
            return attempt(renamed=True)
    except ClubImportRefused as error:
        cause = refusal(error)
        raise ImportFailed(str(cause)) from cause
