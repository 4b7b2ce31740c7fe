"""What an upload's refusal and a photo's answer say: the accepted types named once and the same in
every refusal, a photo cut short called damaged, photos never cached, and no internal id in the
read-only board's JSON."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from webapp.security import ACCEPTED_PHOTOS, accepted_names


def _upload(client, token: str, data: bytes, name: str):  # type: ignore[no-untyped-def]
    return client.post(f"/api/tables/{token}/photos", data={"photo": (io.BytesIO(data), name)},
                       content_type="multipart/form-data")


def _image(kind: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (64, 64), (200, 30, 30)).save(out, format=kind)
    return out.getvalue()


@pytest.mark.parametrize(("data", "name"), [(b"GIF", "a.gif"), (b"hello, this is a text file\n", "a.txt"),
                                            (b"BMP", "a.bmp"), (b"TIFF", "a.tif")])
def test_a_refused_type_is_told_to_send_only_what_is_accepted(client, make_table, data, name) -> None:
    token = make_table()["edit_token"]
    if data in (b"GIF", b"BMP", b"TIFF"):
        data = _image(data.decode())
    answer = _upload(client, token, data, name)
    assert answer.status_code == 415
    words = answer.json["error"]
    assert accepted_names() in words and "BMP or" not in words and "TIFF" not in words.replace(
        "TIFF images are not", "")
    assert answer.json["params"]["accepted"] == accepted_names()


def test_the_accepted_names_are_the_accepted_types() -> None:
    assert [kind.format for kind in ACCEPTED_PHOTOS] == ["JPEG", "PNG", "WEBP"]
    assert accepted_names() == "JPEG, PNG, WebP"


@pytest.mark.parametrize("cut", [20, 100, 300, 1000])
def test_a_jpeg_cut_short_is_a_damaged_photo_422(client, make_table, photo_bytes, cut) -> None:
    token = make_table()["edit_token"]
    answer = _upload(client, token, photo_bytes[:cut], "cut.jpg")
    assert answer.status_code == 422 and answer.json["code"] == "upload.damaged"
    assert "damaged" in answer.json["error"]


def test_a_photo_is_never_cached(client, make_table, photo_bytes) -> None:
    token = make_table()["edit_token"]
    stored = _upload(client, token, photo_bytes, "p.jpg").json
    answer = client.get(stored["photo_url"])
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    assert answer.mimetype == "image/jpeg"


def test_the_boards_json_carries_no_sequential_id(client, make_table) -> None:
    table = make_table()
    board = client.get(f"/api/board/{table['view_token']}").json
    assert "id" not in board and board["version"] == 0
    assert "id" not in client.get(f"/api/tables/{table['edit_token']}").json
