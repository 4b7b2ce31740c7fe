"""A burst of photo uploads must not take memory or server threads from the other requests: the
upload check never decodes a photo at full size, and uploads beyond the photo gate's waiting room
are refused at once instead of holding a server thread while they wait."""

from __future__ import annotations

import io
import threading
import time
from pathlib import Path

import pytest
from PIL import Image
from tests_web_helpers import png_bytes

from webapp.app import create_app
from webapp.photo_gate import Busy, PhotoGate


def upload(client, token: str, data: bytes, name: str = "p.jpg"):  # type: ignore[no-untyped-def]
    return client.post(f"/api/tables/{token}/photos", data={"photo": (io.BytesIO(data), name)},
                       content_type="multipart/form-data")


def jpeg_bytes(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.linear_gradient("L").resize((width, height)).save(out, format="JPEG", quality=80)
    return out.getvalue()


def grey_png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("L", (width, height), 90).save(out, format="PNG", compress_level=1)
    return out.getvalue()


def new_table(app) -> str:  # type: ignore[no-untyped-def]
    return app.test_client().post("/api/tables", json={"players": ["A", "B", "C", "D"]}).json["edit_token"]


@pytest.fixture()
def pixel_blocks(monkeypatch):  # type: ignore[no-untyped-def]
    """The size of every image buffer Pillow allocates: what decoding a photo costs in memory."""
    sizes: list[tuple[int, int]] = []
    original = Image.core.new

    def spy(mode, size):  # type: ignore[no-untyped-def]
        sizes.append(tuple(size))
        return original(mode, size)

    monkeypatch.setattr(Image.core, "new", spy)
    return sizes


def test_the_upload_check_decodes_a_large_jpeg_reduced(tmp_path: Path, pixel_blocks) -> None:
    app = create_app({"DATA_DIR": str(tmp_path), "READER": False})
    token = new_table(app)
    data = jpeg_bytes(2400, 1600)
    pixel_blocks.clear()
    response = upload(app.test_client(), token, data)
    assert response.status_code == 201, response.json
    assert pixel_blocks, "the upload was not decoded at all"
    # Decoded at an eighth of each side (JPEG DCT scaling): 300 x 200, never 2400 x 1600.
    assert max(w * h for w, h in pixel_blocks) <= 2400 * 1600 // 64


def test_the_upload_check_never_holds_a_png_s_pixels(tmp_path: Path, pixel_blocks) -> None:
    app = create_app({"DATA_DIR": str(tmp_path), "READER": False})
    token = new_table(app)
    data = png_bytes(1200, 900)
    pixel_blocks.clear()
    assert upload(app.test_client(), token, data, "p.png").status_code == 201
    assert pixel_blocks == []          # the chunks' checksums are checked, no pixel is decoded


@pytest.mark.parametrize(("data", "name"), [
    (jpeg_bytes(1600, 1200)[:-4000], "cut.jpg"),
    (png_bytes(640, 480)[:-20], "cut.png"),
])
def test_a_photo_cut_short_is_still_422(client, make_table, data: bytes, name: str) -> None:
    response = upload(client, make_table()["edit_token"], data, name)
    assert response.status_code == 422 and "cut short" in response.json["error"]


def test_a_png_with_a_damaged_chunk_is_422(client, make_table) -> None:
    data = bytearray(png_bytes(640, 480))
    data[60] ^= 0xFF                    # inside the image data: its checksum no longer matches
    response = upload(client, make_table()["edit_token"], bytes(data), "bad.png")
    assert response.status_code == 422 and "damaged" in response.json["error"]


def wait_until(condition, seconds: float = 30) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "gave up waiting"
        time.sleep(0.01)


def test_uploads_beyond_the_waiting_room_get_503_at_once(tmp_path: Path) -> None:
    entered, release = threading.Event(), threading.Event()

    def slow_reader(data: bytes) -> dict:
        entered.set()
        assert release.wait(60)
        return {"tiles": [], "groups": [], "hand": {}}

    app = create_app({"DATA_DIR": str(tmp_path), "READER": slow_reader, "PHOTO_SLOTS": 1,
                      "PHOTO_WAITING": 1, "PHOTO_WAIT_SECONDS": 60})
    gate = app.extensions["tiletally.photo_gate"]
    token = new_table(app)
    answers: dict[str, int] = {}

    def send(name: str) -> None:
        answers[name] = upload(app.test_client(), token, jpeg_bytes(64, 64)).status_code

    reading = threading.Thread(target=send, args=("reading",))
    waiting = threading.Thread(target=send, args=("waiting",))
    reading.start()
    try:
        assert entered.wait(30)
        waiting.start()
        wait_until(lambda: gate.waiting == 1)
        refused = upload(app.test_client(), token, jpeg_bytes(64, 64))
        # Refused while the one before it is still waiting: it did not wait out its 60 s.
        assert refused.status_code == 503 and refused.headers["Retry-After"].isdigit()
        assert refused.json["code"] == "upload.busy" and refused.json["params"] == {}
        assert waiting.is_alive() and "waiting" not in answers
    finally:
        release.set()
        reading.join(60)
        waiting.join(60)
    assert answers == {"reading": 201, "waiting": 201}
    assert gate.waiting == 0


def test_a_waiter_that_gives_up_frees_its_place() -> None:
    gate = PhotoGate(slots=1, wait_seconds=0, waiting=1)
    with gate.slot():
        for _ in range(3):
            with pytest.raises(Busy):
                with gate.slot():
                    pass
            assert gate.waiting == 0
    with gate.slot():
        assert gate.waiting == 0


def test_a_png_is_held_to_a_screenshot_s_pixels_by_default(tmp_path: Path) -> None:
    # The reader reads a PNG at full size, its memory growing with the pixels: a tablet's
    # screenshot is read, a PNG larger than any reduced JPEG the reader sees is refused.
    app = create_app({"DATA_DIR": str(tmp_path), "READER": False})
    token = new_table(app)
    assert upload(app.test_client(), token, grey_png(2048, 2732), "tablet.png").status_code == 201
    refused = upload(app.test_client(), token, grey_png(2600, 2600), "big.png")
    assert refused.status_code == 413 and "send a JPEG" in refused.json["error"]


def test_a_large_progressive_jpeg_is_413_a_baseline_one_is_read(tmp_path: Path) -> None:
    # A progressive JPEG's decoder holds every coefficient of the whole image even when asked for
    # an eighth of it, so it costs what a PNG of its size costs and gets the same cap.
    def jpeg(progressive: bool) -> bytes:
        out = io.BytesIO()
        Image.new("L", (2600, 2600), 90).save(out, format="JPEG", progressive=progressive)
        return out.getvalue()

    app = create_app({"DATA_DIR": str(tmp_path), "READER": False})
    token = new_table(app)
    refused = upload(app.test_client(), token, jpeg(progressive=True))
    assert refused.status_code == 413 and "progressive" in refused.json["error"]
    assert upload(app.test_client(), token, jpeg(progressive=False)).status_code == 201
    small = io.BytesIO()
    Image.new("L", (1200, 900), 90).save(small, format="JPEG", progressive=True)
    assert upload(app.test_client(), token, small.getvalue()).status_code == 201
