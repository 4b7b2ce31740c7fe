"""An import is all or nothing: a zip's table and its photos are stored together or not at all,
on SQLite and PostgreSQL (conftest.py), with photos in the database or in the data folder.

A crash is injected at every step an import takes (each commit, each file written or moved): the
exception stands for the process dying there, so no cleanup of the import's own runs; then the
server is started again on the same database and data folder. After every attempt there is
either one more table, with every photo its hands refer to, or nothing new at all: no table, no
photo row, no photo file."""

from __future__ import annotations

import importlib
import io
import os
from pathlib import Path

import pytest
from PIL import Image
from sqlalchemy import event, func, select

from webapp.app import create_app
from webapp.storage import PhotoRow
from webapp.views.backend import Backend
from webapp.views.importing import import_upload

backend_module = importlib.import_module("webapp.views.backend")   # webapp.views.backend is also a function
READING = {"tiles": [{"tile": "1m", "box": [1, 2, 30, 40], "conf": 0.9}], "groups": [], "hand": {}}
WIN = {"hand": "123m456m789m123p55p", "win_tile": "5p", "winner": 0, "discarder": 1}


class Crash(BaseException):
    """The process dying at this point: not an Exception, so no ``except Exception`` cleans up."""


def _png(shade: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (64, 48), (shade, 120, 60)).save(out, format="PNG")
    return out.getvalue()


def _exported_zip(db_url: str, folder: Path, media_in_database: bool) -> bytes:
    """A table with two hands, each with its own photo, exported as a zip with its photos."""
    client = create_app({"DATA_DIR": str(folder), "DATABASE_URL": db_url, "READER": lambda data: READING,
                         "MEDIA_IN_DATABASE": media_in_database, "RATE_LIMITS_ENABLED": False}).test_client()
    token = client.post("/api/tables", json={"players": ["Ann", "Bob", "Cai", "Dee"], "rules": "mcr"}) \
        .json["edit_token"]
    for version, shade in enumerate((40, 90)):
        photo = client.post(f"/api/tables/{token}/photos", data={"photo": (io.BytesIO(_png(shade)), "p.png")},
                            content_type="multipart/form-data").json
        recorded = client.post(f"/api/tables/{token}/hands",
                               json=dict(WIN, version=version, photo_id=photo["photo_id"]))
        assert recorded.status_code == 201, recorded.json
    data = client.get(f"/api/tables/{token}/export.zip").data
    assert data[:2] == b"PK"
    return data


def _import(backend: Backend, data: bytes):  # type: ignore[no-untyped-def]
    return import_upload(backend, data, max_upload_bytes=2_000_000, max_image_pixels=4_000_000,
                         max_full_decode_pixels=1_000_000)


def _whole(backend: Backend, table_id: int) -> bool:
    """Every photo the table's hands refer to is there, with its reading, under this table."""
    refs = [entry["photo_ref"] for entry in backend.storage.export_json(table_id)["events"]
            if entry.get("photo_ref")]
    return len(refs) == 2 and all(backend.has_photo(table_id, ref)
                                  and (backend.reading(table_id, ref) or {}).get("tiles") == READING["tiles"]
                                  for ref in refs)


def _photo_rows(backend: Backend) -> int:
    with backend.storage._read() as session:
        return session.scalar(select(func.count()).select_from(PhotoRow))


def _photo_files(folder: Path) -> set[Path]:
    return {path for path in folder.rglob("*") if path.is_file()
            and path.parent.parent.name in ("photos", "imports")} if folder.exists() else set()


def _check_all_or_nothing(backend: Backend, tables_before: list[int], rows_before: int,
                          files_before: set[Path], data_dir: Path) -> bool:
    """One whole new table (True) or nothing new (False); anything else fails the test."""
    tables = [table["id"] for table in backend.storage.list_tables()]
    new = sorted(set(tables) - set(tables_before))
    if not new:
        assert _photo_rows(backend) == rows_before, "photo rows left by a failed import"
        assert _photo_files(data_dir) == files_before, "photo files left by a failed import"
        return False
    assert len(new) == 1 and _whole(backend, new[0]), "a table without all its photos"
    return True


@pytest.mark.parametrize("media_in_database", [True, False], ids=["media-in-database", "media-in-files"])
def test_the_same_zip_imported_twice_makes_two_whole_tables(db_url: str, tmp_path: Path,
                                                           media_in_database: bool) -> None:
    data_dir = tmp_path / "data"
    data = _exported_zip(db_url, data_dir, media_in_database)
    backend = Backend(db_url, data_dir, media_in_database=media_in_database)
    first, missing = _import(backend, data)
    second, _ = _import(backend, data)
    assert missing == [] and first.id != second.id
    assert _whole(backend, first.id) and _whole(backend, second.id)
    if media_in_database:    # the photos' ids clashed with the exported table's: new ids, three copies
        assert _photo_rows(backend) == 6


def _import_crashing(backend: Backend, data: bytes, step: str, count: int,
                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Import ``data``, the process dying at the ``count``-th ``step`` (a commit, a file written,
    a file moved into place) if the import gets that far."""
    calls = {"n": 0}

    def crash_on_nth(*args: object, **kwargs: object) -> None:
        calls["n"] += 1
        if calls["n"] == count:
            raise Crash(f"{step} #{count}")

    def crashing(real):  # type: ignore[no-untyped-def]
        def call(*args, **kwargs):  # type: ignore[no-untyped-def]
            crash_on_nth()
            return real(*args, **kwargs)
        return call

    with monkeypatch.context() as patch:
        if step == "commit":
            event.listen(backend.storage.engine, "commit", crash_on_nth)
        elif step == "write":
            patch.setattr(backend_module, "_write_synced", crashing(backend_module._write_synced))
        else:
            patch.setattr(backend_module.os, "replace", crashing(os.replace))
        try:
            _import(backend, data)
        except Crash:
            pass
        finally:
            if step == "commit":
                event.remove(backend.storage.engine, "commit", crash_on_nth)


@pytest.mark.parametrize("media_in_database", [True, False], ids=["media-in-database", "media-in-files"])
def test_a_crash_at_any_step_of_an_import_leaves_a_whole_table_or_nothing(
        db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, media_in_database: bool) -> None:
    data_dir = tmp_path / "data"
    data = _exported_zip(db_url, data_dir, media_in_database)
    outcomes = []
    for step in ("commit", "write", "replace"):
        for count in (1, 2, 3, 4):
            backend = Backend(db_url, data_dir, media_in_database=media_in_database)    # a (re)start
            tables_before = [table["id"] for table in backend.storage.list_tables()]
            rows_before, files_before = _photo_rows(backend), _photo_files(data_dir)
            _import_crashing(backend, data, step, count, monkeypatch)
            backend.storage.close()
            restarted = Backend(db_url, data_dir, media_in_database=media_in_database)
            outcomes.append(_check_all_or_nothing(restarted, tables_before, rows_before, files_before,
                                                  data_dir))
            restarted.storage.close()
    # the crashes did hit imports on their way (some left nothing), and the rest completed whole
    assert False in outcomes and True in outcomes
