"""The vision reader as the app loads it: absent models leave the app working without one; with
the shipped model, an uploaded photo is read into the `vision read --json` shape."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from vision.classes import CLASS_CODES
from webapp.app import create_app
from webapp.views.reader import load_reader

REPO = Path(__file__).resolve().parents[2]
PHOTO = REPO / "tests" / "browser" / "data" / "hand-mcr.jpg"


def test_no_model_means_no_reader(tmp_path: Path) -> None:
    assert load_reader(tmp_path) is None
    app = create_app({"DATA_DIR": str(tmp_path / "data"), "MODELS_DIR": str(tmp_path)})
    assert app.extensions["tiletally.reader"] is None
    client = app.test_client()
    token = client.post("/api/tables", json={"players": ["A", "B", "C", "D"]}).json["edit_token"]
    upload = {"photo": (io.BytesIO(PHOTO.read_bytes()), "h.jpg")}
    response = client.post(f"/api/tables/{token}/photos", data=upload)
    assert response.status_code == 201
    assert response.json["reader"] is False and response.json["read"]["tiles"] == []


@pytest.mark.skipif(not (REPO / "models" / "vision.json").is_file(), reason="no shipped model yet")
def test_shipped_model_reads_an_upload(tmp_path: Path) -> None:
    app = create_app({"DATA_DIR": str(tmp_path / "data")})
    assert app.extensions["tiletally.reader"] is not None
    client = app.test_client()
    token = client.post("/api/tables", json={"players": ["A", "B", "C", "D"]}).json["edit_token"]
    upload = {"photo": (io.BytesIO(PHOTO.read_bytes()), "h.jpg")}
    response = client.post(f"/api/tables/{token}/photos", data=upload)
    assert response.status_code == 201 and response.json["reader"] is True
    tiles = response.json["read"]["tiles"]
    assert tiles and all(tile["tile"] in CLASS_CODES and len(tile["box"]) == 4 for tile in tiles)
    assert {"groups", "hand"} <= set(response.json["read"])
