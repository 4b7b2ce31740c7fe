"""A club's season as a zip with everything, photos included: imported on another server (its
own database and data folder) it gives the same standings and the same photos; a zip with one
bad photo or one table that does not rebuild leaves nothing behind there."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from sqlalchemy import func, select
from test_web_clubs import NAMES, add_players, add_season, club_page, csrf, make_club
from tests_web_helpers import WIN, png_bytes, record

from webapp.app import create_app
from webapp.storage import Storage
from webapp.storage.models import Base, ClubRow, TableRow


def another_server(folder: Path, *, media_in_database: bool = False):  # type: ignore[no-untyped-def]
    """Another server: its own data folder and database, the shipped photo limits except a small
    full-decode limit (so a test PNG over it stays small), and forms without CSRF."""
    app = create_app({"DATA_DIR": str(folder), "READER": False, "CSRF_DISABLED": True,
                      "RATE_LIMITS_ENABLED": False, "MAX_FULL_DECODE_PIXELS": 1_000_000,
                      "MEDIA_IN_DATABASE": media_in_database})
    return app.test_client()


@pytest.fixture()
def other_server(tmp_path):  # type: ignore[no-untyped-def]
    return another_server(tmp_path / "other")


def club_table_with_photos(client, token: str, seats: list[int], shades: list[int]) -> str:  # type: ignore[no-untyped-def]
    """A club table whose hands each come with a photo of its own (one shade per hand)."""
    data = {"csrf_token": csrf(client, f"/c/{token}"), "name": "Table", "rules": "mcr",
            **{f"seat{i}": str(member) for i, member in enumerate(seats)}}
    table = client.post(f"/c/{token}/tables", data=data).headers["Location"].rsplit("/t/", 1)[1]
    for shade in shades:
        photo = client.post(f"/api/tables/{table}/photos",
                            data={"photo": (io.BytesIO(png_bytes(64, 48, (shade, 90, 30))), "p.png")},
                            content_type="multipart/form-data").json
        record(client, table, "hands", dict(WIN, photo_id=photo["photo_id"]))
    return table


@pytest.fixture()
def season_zip(client) -> tuple[bytes, dict]:  # type: ignore[no-untyped-def]
    """A season of two club tables with three photos, as its zip and its JSON export."""
    token = make_club(client)
    ids = add_players(client, token)
    season = add_season(client, token)
    ann, bob, cai, dee, eve = (ids[name] for name in NAMES)
    club_table_with_photos(client, token, [ann, bob, cai, dee], [40, 90])
    club_table_with_photos(client, token, [eve, ann, bob, cai], [140])
    answer = client.get(f"/c/{token}/seasons/{season}/export.zip")
    assert answer.status_code == 200 and answer.mimetype == "application/zip"
    assert f"/c/{token}/seasons/{season}/export.zip" in client.get(f"/c/{token}/seasons/{season}").get_data(
        as_text=True)
    return answer.data, client.get(f"/c/{token}/seasons/{season}/export.json").json


def photos_of(data: bytes) -> list[bytes]:
    """Every photo in a season zip (each table's zip inside it), in table order."""
    found = []
    with zipfile.ZipFile(io.BytesIO(data)) as outer:
        season = json.loads(outer.read("season.json"))
        for table in season["tables"]:
            with zipfile.ZipFile(io.BytesIO(outer.read(table["archive"]))) as inner:
                found += [inner.read(name) for name in sorted(inner.namelist())
                          if name.startswith("photos/") and not name.endswith(".json")]
    return found


def post_import(client, data: bytes):  # type: ignore[no-untyped-def]
    return client.post("/clubs/import", data={"file": (io.BytesIO(data), "season.zip")},
                       content_type="multipart/form-data")


def counts(client) -> tuple[int, int, int]:  # type: ignore[no-untyped-def]
    """Clubs and tables in the server's database, photo files in its data folder."""
    storage = client.application.extensions["tiletally.backend"].storage
    with storage.engine.connect() as connection:
        clubs = connection.scalar(select(func.count()).select_from(ClubRow))
        tables = connection.scalar(select(func.count()).select_from(TableRow))
    photos = Path(client.application.config["DATA_DIR"]) / "photos"
    return clubs, tables, sum(1 for path in photos.rglob("*") if path.is_file()) if photos.exists() else 0


def test_a_season_zip_on_another_server_gives_the_same_standings_and_photos(season_zip, other_server) -> None:
    data, exported = season_zip
    assert len(photos_of(data)) == 3
    answer = post_import(other_server, data)
    assert answer.status_code == 303, answer.get_data(as_text=True)
    token = answer.headers["Location"].rsplit("/c/", 1)[1]
    html = club_page(other_server, token)
    season = int(html.split("/seasons/", 1)[1].split('"', 1)[0])
    again = other_server.get(f"/c/{token}/seasons/{season}/export.json").json
    assert [(row["place"], row["name"], row["games"], row["figure"], row["tiebreak"])
            for row in again["standings"]] == [
        (row["place"], row["name"], row["games"], row["figure"], row["tiebreak"])
        for row in exported["standings"]]
    assert photos_of(other_server.get(f"/c/{token}/seasons/{season}/export.zip").data) == photos_of(data)
    assert counts(other_server) == (1, 2, 6)  # three photos, each with its reading


def _rezipped(data: bytes, table: int, change) -> bytes:  # type: ignore[no-untyped-def]
    """The season zip with one table's zip changed by ``change(name, bytes) -> bytes``."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as outer, zipfile.ZipFile(out, "w") as rebuilt:
        season = json.loads(outer.read("season.json"))
        for name in outer.namelist():
            body = outer.read(name)
            if name == season["tables"][table]["archive"]:
                inner_out = io.BytesIO()
                with zipfile.ZipFile(io.BytesIO(body)) as inner, zipfile.ZipFile(inner_out, "w") as again:
                    for entry in inner.namelist():
                        again.writestr(entry, change(entry, inner.read(entry)))
                body = inner_out.getvalue()
            rebuilt.writestr(name, body)
    return out.getvalue()


def _big_photo(name: str, body: bytes) -> bytes:
    return png_bytes(1200, 1000) if name.startswith("photos/") and not name.endswith(".json") else body


def _forged_totals(name: str, body: bytes) -> bytes:
    if name != "table.json":
        return body
    table = json.loads(body)
    table["totals"] = [total + 1 for total in table["totals"]]
    return json.dumps(table).encode()


@pytest.mark.parametrize(("change", "status", "words"), [
    (_big_photo, 413, "megapixels"),       # the table import's pixel limit
    (_forged_totals, 400, "totals"),       # the second table does not rebuild: the first goes too
])
def test_a_bad_table_in_a_season_zip_leaves_nothing(season_zip, other_server, change, status, words) -> None:
    data, _ = season_zip
    answer = post_import(other_server, _rezipped(data, 1, change))
    assert answer.status_code == status and words in answer.get_data(as_text=True)
    assert counts(other_server) == (0, 0, 0)


def test_a_season_zip_with_too_many_entries_is_refused(other_server) -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("season.json", "{}")
        for number in range(2001):
            archive.writestr(f"tables/{number}.zip", b"")
    answer = post_import(other_server, out.getvalue())
    assert answer.status_code == 400 and "holds 2002 files" in answer.get_data(as_text=True)
    assert counts(other_server) == (0, 0, 0)


def everything(client) -> tuple[dict[str, list[tuple]], list[tuple[str, bytes]]]:  # type: ignore[no-untyped-def]
    """Every row of every table of the server's database, and every file (path and bytes) under
    its data folder."""
    storage = client.application.extensions["tiletally.backend"].storage
    with storage.engine.connect() as connection:
        rows = {table.name: sorted(map(tuple, connection.execute(select(table))), key=repr)
                for table in Base.metadata.sorted_tables}
    root = Path(client.application.config["DATA_DIR"])
    files = sorted((str(path.relative_to(root)), path.read_bytes())
                   for path in root.rglob("*") if path.is_file())
    return rows, files


@pytest.mark.parametrize("media_in_database", [False, True])
def test_a_crash_half_way_through_a_season_zip_import_leaves_everything_as_it_was(
        season_zip, tmp_path, monkeypatch, media_in_database) -> None:
    data, _ = season_zip
    other_server = another_server(tmp_path / "other", media_in_database=media_in_database)
    assert post_import(other_server, data).status_code == 303   # something there already
    before = everything(other_server)
    stored = Storage._store_snapshot
    calls = []

    def crashing(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(1)
        if len(calls) == 3:     # the second table's first snapshot: the first table is in by now
            raise RuntimeError("the server dies here")
        return stored(*args, **kwargs)

    monkeypatch.setattr(Storage, "_store_snapshot", staticmethod(crashing))
    assert post_import(other_server, data).status_code == 500
    assert len(calls) == 3
    assert everything(other_server) == before
    # A process that dies there does not remove the photos it staged: the next start does.
    calls.clear()
    backend = other_server.application.extensions["tiletally.backend"]
    monkeypatch.setattr(backend, "abandon_import", lambda staging: None)
    assert post_import(other_server, data).status_code == 500
    monkeypatch.undo()
    backend.clean_orphans()
    assert everything(other_server) == before
