"""A photo is read for the table it is uploaded to: the reader is told the table's hand size, so a
Taiwanese table's 17 tiles are no doubt and get no suggestion to drop three (vision.reader)."""

from __future__ import annotations

import io
import json
from pathlib import Path

from webapp.app import create_app

PHOTO_DATA = Path(__file__).resolve().parents[1] / "browser" / "data"


class SizedReader:
    """A stand-in reader that records the hand size each photo and frame is read for."""

    def __init__(self) -> None:
        self.sizes: list[tuple[str, int | None]] = []

    def __call__(self, data: bytes) -> dict:
        raise AssertionError("a reader that takes a hand size is asked with one")

    def read(self, data: bytes, *, hand_size: int | None = None) -> dict:
        self.sizes.append(("photo", hand_size))
        return json.loads((PHOTO_DATA / "hand-mcr.json").read_text())

    def frame(self, data: bytes, *, lean: bool, start_angle: float = 0.0,
              hand_size: int | None = None) -> dict:
        self.sizes.append(("frame", hand_size))
        return {"tiles": [], "groups": [], "hand": {}, "ambiguities": [], "suggestions": [], "angle": 0.0}


def test_photos_and_frames_are_read_for_the_tables_hand_size(tmp_path: Path) -> None:
    reader = SizedReader()
    app = create_app({"DATA_DIR": str(tmp_path / "data"), "READER": reader})
    client = app.test_client()
    photo = (PHOTO_DATA / "hand-mcr.jpg").read_bytes()
    for rules, size in (("taiwanese", 17), ("mcr", 14), ("riichi", 14)):
        made = client.post("/api/tables", json={"players": ["A", "B", "C", "D"], "rules": rules})
        token = made.json["edit_token"]
        response = client.post(f"/api/tables/{token}/photos", data={"photo": (io.BytesIO(photo), "h.jpg")})
        assert response.status_code == 201, response.json
        frame = client.post(f"/api/tables/{token}/photos",
                            data={"photo": (io.BytesIO(photo), "f.jpg"), "live": "camera-1"})
        assert frame.status_code == 200, frame.json
        assert reader.sizes[-2:] == [("photo", size), ("frame", size)]
