"""Flask test-client fixtures: a fresh app with a temporary data folder per test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from webapp.app import create_app

PHOTO_DATA = Path(__file__).resolve().parents[1] / "browser" / "data"


def fake_reader(data: bytes) -> dict:
    """The committed photo's known layout (the model is tested in the vision tests)."""
    return json.loads((PHOTO_DATA / "hand-mcr.json").read_text())


@pytest.fixture()
def app(tmp_path: Path):  # type: ignore[no-untyped-def]
    return create_app({"DATA_DIR": str(tmp_path / "data"), "READER": fake_reader,
                       "MAX_UPLOAD_BYTES": 2_000_000, "MAX_IMAGE_PIXELS": 4_000_000})


@pytest.fixture()
def client(app):  # type: ignore[no-untyped-def]
    return app.test_client()


@pytest.fixture()
def make_table(client):  # type: ignore[no-untyped-def]
    def make(rules: str = "mcr", players: tuple[str, ...] = ("Ann", "Bob", "Cai", "Dee"), **options):
        response = client.post("/api/tables", json={"name": f"{rules} table", "players": list(players),
                                                    "rules": rules, "options": options})
        assert response.status_code == 201, response.json
        return response.json
    return make


@pytest.fixture()
def photo_bytes() -> bytes:
    return (PHOTO_DATA / "hand-mcr.jpg").read_bytes()
