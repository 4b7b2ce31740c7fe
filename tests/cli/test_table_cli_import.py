"""``tiletally table import`` reads what the web app exports: the zip with the photos, where the
web app then finds them, and the JSON alone, refused or accepted as the web import does."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

import pytest

from webapp.app import create_app
from webapp.cli import main

PHOTO = Path(__file__).resolve().parents[1] / "browser" / "data" / "hand-mcr.jpg"
# Ann (East) wins on Bob's discard: the hand the committed photo shows.
WIN = {"hand": "123m456p789s11z222z", "win_tile": "2z", "win_by": "ron", "winner": 0, "discarder": 1}


def fake_reader(data: bytes) -> dict:
    """The committed photo's known layout (the model is tested in the vision tests)."""
    return json.loads(PHOTO.with_suffix(".json").read_text())


@pytest.fixture
def exported(tmp_path):  # type: ignore[no-untyped-def]
    """A web table whose one hand has a photo with a correction: its zip and JSON exports."""
    app = create_app({"DATA_DIR": str(tmp_path / "web"), "READER": fake_reader})
    client = app.test_client()
    token = client.post("/api/tables", json={"name": "friday", "players": ["Ann", "Bob", "Cai", "Dee"],
                                             "rules": "mcr"}).json["edit_token"]
    upload = {"photo": (io.BytesIO(PHOTO.read_bytes()), "h.jpg")}
    photo = client.post(f"/api/tables/{token}/photos", data=upload, content_type="multipart/form-data").json
    body = dict(WIN, photo_id=photo["photo_id"], read=photo["read"], version=0,
                corrections=[{"index": 4, "was": "6p", "now": "5p"}])
    assert client.post(f"/api/tables/{token}/hands", json=body).status_code == 201
    totals = client.get(f"/api/tables/{token}").json["totals"]
    zipped = tmp_path / "friday.zip"
    zipped.write_bytes(client.get(f"/t/{token}/export.zip").data)
    alone = tmp_path / "friday.json"
    alone.write_bytes(client.get(f"/t/{token}/export.json").data)
    return {"zip": zipped, "json": alone, "photo_id": photo["photo_id"], "totals": totals}


def _import(capsys, *args: str) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = main(["table", "import", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _web_of(db: Path, data: Path):  # type: ignore[no-untyped-def]
    """The web app serving the CLI's database and data folder."""
    app = create_app({"DATA_DIR": str(data), "DATABASE_URL": f"sqlite:///{db}", "READER": fake_reader})
    return app.test_client()


def test_the_zip_export_imports_with_its_photos(tmp_path, capsys, exported, monkeypatch) -> None:
    monkeypatch.delenv("TILETALLY_MEDIA_IN_DB", raising=False)
    db = tmp_path / "club" / "tiletally.sqlite3"
    code, out, err = _import(capsys, str(exported["zip"]), "--db", str(db))
    assert code == 0, err
    assert "imported from" in out and "without photos" not in out
    token = re.search(r"edit token \(keep it secret, shown once\): (\S+)", out).group(1)
    web = _web_of(db, db.parent)          # the photos went beside the database, where the app looks
    assert web.get(f"/api/tables/{token}").json["totals"] == exported["totals"]
    hand = web.get(f"/t/{token}/hands/0").get_data(as_text=True)
    assert f"/photos/{exported['photo_id']}" in hand and "6p → 5p" in hand
    photo = web.get(f"/t/{token}/photos/{exported['photo_id']}")
    assert photo.status_code == 200 and photo.data == PHOTO.read_bytes()


def test_the_json_export_imports_and_says_the_photos_are_missing(tmp_path, capsys, exported) -> None:
    db = tmp_path / "cli.sqlite3"
    code, out, err = _import(capsys, str(exported["json"]), "--db", str(db), "--data", str(tmp_path / "d"))
    assert code == 0, err
    assert "imported without photos: 1 hand(s)" in out
    token = re.search(r"edit token \(keep it secret, shown once\): (\S+)", out).group(1)
    hand = _web_of(db, tmp_path / "d").get(f"/t/{token}/hands/0").get_data(as_text=True)
    assert 'id="photo-missing"' in hand and "6p → 5p" in hand


def test_files_the_web_import_refuses_are_refused_in_words(tmp_path, capsys, exported) -> None:
    db = str(tmp_path / "cli.sqlite3")
    cases = {"x.json": b"not json", "x.zip": b"PK\x03\x04 broken"}
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("readme.txt", "hello")
    cases["readme.zip"] = out.getvalue()
    forged = json.loads(exported["json"].read_text())
    forged["events"][0]["event"]["score"]["total"] = 88
    cases["forged.json"] = json.dumps(forged).encode()
    with zipfile.ZipFile(exported["zip"]) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    bad_photo = io.BytesIO()
    with zipfile.ZipFile(bad_photo, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data[:200] if name.endswith(".jpg") else data)
    cases["cut.zip"] = bad_photo.getvalue()
    expected = {"x.json": "not a TileTally export", "x.zip": "zip file is damaged",
                "readme.zip": "no table.json", "forged.json": "is not what its tiles score",
                "cut.zip": f"photo {exported['photo_id']} in the zip"}
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        code, _, err = _import(capsys, str(path), "--db", db)
        assert code == 2 and expected[name] in err and "not imported" in err, (name, err)
    code, _, err = _import(capsys, str(tmp_path / "absent.zip"), "--db", db)
    assert code == 2 and "cannot read" in err
    assert main(["table", "list", "--db", db]) == 0
    assert "events)" not in capsys.readouterr().out           # nothing half-imported
