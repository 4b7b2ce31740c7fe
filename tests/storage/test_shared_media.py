"""Two app servers with separate data folders on one database (SQLite file or PostgreSQL, see
conftest.py), with MEDIA_IN_DATABASE: a photo uploaded through one is shown and read through the
other, and a camera's pending hand pushed to one is offered by the other."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from webapp.app import create_app

READING = {"tiles": [{"tile": "1m", "box": [1, 2, 30, 40], "conf": 0.9}], "groups": [], "hand": {}}


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (64, 48), (40, 120, 60)).save(out, format="PNG")
    return out.getvalue()


def _server(db_url: str, folder: Path, shared: bool = True):  # type: ignore[no-untyped-def]
    return create_app({"DATA_DIR": str(folder), "DATABASE_URL": db_url, "READER": lambda data: READING,
                       "MEDIA_IN_DATABASE": shared}).test_client()


def test_a_photo_and_a_pending_hand_are_seen_by_every_server(db_url: str, tmp_path: Path) -> None:
    one, two = _server(db_url, tmp_path / "one"), _server(db_url, tmp_path / "two")
    token = one.post("/api/tables", json={"players": ["Ann", "Bob", "Cai", "Dee"], "rules": "mcr"}) \
        .json["edit_token"]
    photo = one.post(f"/api/tables/{token}/photos", data={"photo": (io.BytesIO(_png()), "p.png")},
                     content_type="multipart/form-data").json
    shown = two.get(f"/t/{token}/photos/{photo['photo_id']}")
    assert shown.status_code == 200 and shown.data == _png() and shown.mimetype == "image/png"
    # The second server records the hand with the photo: it finds the photo and its reading.
    win = {"hand": "123m456m789m123p55p", "win_tile": "5p", "winner": 0, "discarder": 1, "version": 0,
           "photo_id": photo["photo_id"], "corrections": [{"index": 0, "was": "1m", "now": "2m"}]}
    recorded = two.post(f"/api/tables/{token}/hands", json=win)
    assert recorded.status_code == 201, recorded.json
    backend = two.application.extensions["tiletally.backend"]
    hand = backend.hands(backend.by_edit_token(token).ref.id)[0]
    assert hand["detections"]["tiles"] == READING["tiles"] and hand["corrections"][0]["now"] == "2m"
    # A camera posts its stable hand to one server; the phone asks the other.
    pushed = one.post(f"/api/tables/{token}/pending", json=READING)
    assert pushed.status_code == 201
    offered = two.get(f"/api/tables/{token}/pending").json["pending"]
    assert offered["id"] == pushed.json["id"] and offered["read"]["tiles"] == READING["tiles"]
    # Nothing of it is in either server's data folder.
    for folder in ("one", "two"):
        assert not (tmp_path / folder / "photos").exists() and not (tmp_path / folder / "pending").exists()


def test_by_default_photos_stay_in_the_data_folder(db_url: str, tmp_path: Path) -> None:
    one, two = _server(db_url, tmp_path / "one", False), _server(db_url, tmp_path / "two", False)
    token = one.post("/api/tables", json={"players": ["Ann", "Bob", "Cai", "Dee"]}).json["edit_token"]
    photo = one.post(f"/api/tables/{token}/photos", data={"photo": (io.BytesIO(_png()), "p.png")},
                     content_type="multipart/form-data").json
    assert one.get(f"/t/{token}/photos/{photo['photo_id']}").status_code == 200
    assert two.get(f"/t/{token}/photos/{photo['photo_id']}").status_code == 404
    assert any((tmp_path / "one" / "photos").rglob("*.png"))
