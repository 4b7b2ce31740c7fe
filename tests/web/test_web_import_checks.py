"""An import is held to what an upload and a request are held to: a photo in a zip goes through
the upload's pixel limits and damage check, and an agreed total or a penalty in the file stays
within the preset's range of a score. A refused file leaves nothing behind."""

from __future__ import annotations

import copy
import io
import json

import pytest
from tests_web_helpers import WIN, png_bytes, record

from engine.table.events import declared_score
from webapp.app import create_app
from webapp.views.archive import build_zip


@pytest.fixture()
def importer(tmp_path):  # type: ignore[no-untyped-def]
    """An app with the shipped photo limits except a small full-decode limit (so a test PNG
    over it stays small), and forms without CSRF."""
    app = create_app({"DATA_DIR": str(tmp_path / "data"), "READER": False, "CSRF_DISABLED": True,
                      "RATE_LIMITS_ENABLED": False, "MAX_FULL_DECODE_PIXELS": 1_000_000})
    return app.test_client()


def _post_import(client, data: bytes, name: str):  # type: ignore[no-untyped-def]
    return client.post("/import", data={"file": (io.BytesIO(data), name)}, content_type="multipart/form-data")


def _table_count(client) -> int:  # type: ignore[no-untyped-def]
    backend = client.application.extensions["tiletally.backend"]
    return len(backend.storage.list_tables())


def _export_with_photo(client, photo: bytes) -> tuple[dict, str]:  # type: ignore[no-untyped-def]
    """A table's export whose one hand refers to a photo id, and that id."""
    token = client.post("/api/tables", json={"players": ["Ann", "Bob", "Cai", "Dee"]}).json["edit_token"]
    stored = client.post(f"/api/tables/{token}/photos", data={"photo": (io.BytesIO(photo), "p.png")},
                         content_type="multipart/form-data").json
    record(client, token, "hands", dict(WIN, photo_id=stored["photo_id"]))
    return client.get(f"/api/tables/{token}/export.json").json, stored["photo_id"]


@pytest.mark.parametrize(("photo", "status", "words"), [
    (png_bytes(1200, 1000), 413, "megapixels"),                       # over the full-decode limit
    (png_bytes(200, 200)[:-30], 422, "damaged"),                      # cut short in transfer
])
def test_a_photo_in_a_zip_is_checked_as_an_upload_is(importer, photo, status, words) -> None:
    exported, photo_id = _export_with_photo(importer, png_bytes(200, 200))
    before = _table_count(importer)
    answer = _post_import(importer, build_zip(exported, [(f"{photo_id}.png", photo)]), "t.zip")
    assert answer.status_code == status and words in answer.get_data(as_text=True)
    assert _table_count(importer) == before


def test_an_agreed_total_beyond_the_presets_range_is_refused(importer) -> None:
    exported, _ = _export_with_photo(importer, png_bytes(200, 200))
    forged = copy.deepcopy(exported)
    forged["events"].append({"seq": 2, "event": {"type": "win", "winner": 1, "discarder": 0,
                                                 "score": declared_score(9_999_999, minimum=8)}})
    forged.pop("totals")
    forged.pop("hands")
    before = _table_count(importer)
    answer = _post_import(importer, json.dumps(forged).encode(), "t.json")
    assert answer.status_code == 400 and "not a possible hand" in answer.get_data(as_text=True)
    assert _table_count(importer) == before


def test_a_penalty_beyond_the_presets_range_is_refused(importer) -> None:
    token = importer.post("/api/tables", json={"players": ["Ann", "Bob", "Cai", "Dee"]}).json["edit_token"]
    exported = importer.get(f"/api/tables/{token}/export.json").json
    huge = 10**15
    forged = dict(exported, totals=[-huge, huge, 0, 0], hands=None, version=1,
                  events=[{"seq": 1, "event": {"type": "penalty", "offender": 0, "reason": "",
                                               "deltas": [-huge, huge, 0, 0]}}])
    forged.pop("hands")
    before = _table_count(importer)
    answer = _post_import(importer, json.dumps(forged).encode(), "t.json")
    assert answer.status_code == 400 and "penalty" in answer.get_data(as_text=True)
    assert _table_count(importer) == before
    # the same file with a penalty a table records is imported
    fair = json.loads(json.dumps(forged).replace(str(huge), "30"))
    assert _post_import(importer, json.dumps(fair).encode(), "t.json").status_code == 303
