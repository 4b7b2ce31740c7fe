"""Live camera frames read as ``vision watch`` reads them: lean while the session's vote is settled,
in full otherwise, and the hand the vote takes is the reading as it was read."""

from __future__ import annotations

import copy
import io
import json
import math
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from webapp.app import create_app
from webapp.views.live import QUORUM, WINDOW
from webapp.views.reader import load_reader

REPO = Path(__file__).resolve().parents[2]
PHOTO = REPO / "tests" / "browser" / "data" / "hand-mcr.jpg"
LAYOUT = json.loads(PHOTO.with_suffix(".json").read_text())
OTHER = {"tiles": [{"tile": "5z", "box": [0, 0, 10, 10], "conf": 0.9}], "groups": [],
         "hand": {"hand": ["5z"], "melds": [], "win_tile": "5z"}}


class FrameReader:
    """A stand-in reader with a ``frame`` method: the photo's layout for a photo; for frames the
    readings given in turn (then the layout), each frame's lean flag and start angle recorded, and
    the angles given answered in turn as the angles found (then the start angle, kept)."""

    def __init__(self, frames: list[dict[str, Any]] | None = None, angles: list[float] | None = None) -> None:
        self.frames = list(frames or [])
        self.angles = list(angles or [])
        self.lean: list[bool] = []
        self.starts: list[float] = []
        self.photos = 0

    def __call__(self, data: bytes) -> dict[str, Any]:
        self.photos += 1
        return copy.deepcopy(LAYOUT)

    def frame(self, data: bytes, *, lean: bool, start_angle: float = 0.0,
              hand_size: int | None = None) -> dict[str, Any]:
        self.lean.append(lean)
        self.starts.append(start_angle)
        read = copy.deepcopy(self.frames.pop(0) if self.frames else LAYOUT)
        return read | {"angle": self.angles.pop(0) if self.angles else start_angle}


@pytest.fixture()
def live_app(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Makes (test client, edit token) for an app over the reader given; the apps are kept alive."""
    apps = []

    def make(reader: Any):  # type: ignore[no-untyped-def]
        apps.append(create_app({"DATA_DIR": str(tmp_path / "data"), "READER": reader}))
        client = apps[-1].test_client()
        token = client.post("/api/tables", json={"players": ["A", "B", "C", "D"]}).json["edit_token"]
        return client, token
    return make


def _post(client, token: str, session: str | None = "session-one") -> dict[str, Any]:  # type: ignore[no-untyped-def]
    form: dict[str, Any] = {"photo": (io.BytesIO(PHOTO.read_bytes()), "frame.jpg")}
    if session is not None:
        form["live"] = session
    response = client.post(f"/api/tables/{token}/photos", data=form)
    assert response.status_code in (200, 201), response.json
    return response.json


def test_a_settled_session_reads_its_next_frame_lean(live_app) -> None:  # type: ignore[no-untyped-def]
    assert 2 * QUORUM > WINDOW + 1       # otherwise no vote is ever settled
    reader = FrameReader()
    client, token = live_app(reader)
    answers = [_post(client, token) for _ in range(QUORUM + 1)]
    assert [answer["live"]["stable"] for answer in answers] == [False] * (QUORUM - 1) + [True, False]
    assert reader.lean == [False] * QUORUM + [True]
    # the hand taken is the frame's reading as read, and the page's upload of that frame is read in full
    assert answers[QUORUM - 1]["read"] == LAYOUT
    assert reader.photos == 0
    photo = _post(client, token, session=None)
    assert photo["read"]["hand"] == LAYOUT["hand"] and reader.photos == 1 and len(reader.lean) == QUORUM + 1
    # another session's vote is its own: its first frame is read in full
    _post(client, token, session="session-two")
    assert reader.lean[-1] is False


def test_an_unsettled_session_reads_every_frame_in_full(live_app) -> None:  # type: ignore[no-untyped-def]
    reader = FrameReader([LAYOUT, OTHER] * WINDOW)
    client, token = live_app(reader)
    answers = [_post(client, token) for _ in range(2 * WINDOW)]
    assert not any(answer["live"]["stable"] for answer in answers)
    assert reader.lean == [False] * (2 * WINDOW)


def test_lean_frames_that_read_otherwise_unsettle_the_vote_and_are_never_taken(live_app) -> None:  # type: ignore[no-untyped-def]
    # window 8, quorum 6: after six alike, three other readings take the vote away
    other = WINDOW - QUORUM + 1
    reader = FrameReader([LAYOUT] * QUORUM + [OTHER] * other + [LAYOUT])
    client, token = live_app(reader)
    answers = [_post(client, token) for _ in range(QUORUM + other + 1)]
    assert reader.lean == [False] * QUORUM + [True] * other + [False]
    stable = [index for index, answer in enumerate(answers) if answer["live"]["stable"]]
    assert stable == [QUORUM - 1]
    assert [answer["read"]["hand"] for answer in answers[QUORUM:QUORUM + other]] == [OTHER["hand"]] * other


def test_a_reader_without_frames_reads_each_frame_as_a_photo(live_app) -> None:  # type: ignore[no-untyped-def]
    calls = []

    def photo_reader(data: bytes) -> dict[str, Any]:
        calls.append(len(data))
        return copy.deepcopy(LAYOUT)

    client, token = live_app(photo_reader)
    answers = [_post(client, token) for _ in range(QUORUM + 1)]
    assert [answer["live"]["stable"] for answer in answers].index(True) == QUORUM - 1
    assert len(calls) == QUORUM + 1 and answers[QUORUM - 1]["read"] == LAYOUT


def test_each_session_starts_its_frames_at_its_own_angle(live_app) -> None:  # type: ignore[no-untyped-def]
    # one reader serves every table: session A's camera, turned a quarter, must not steer B's
    quarter = math.pi / 2
    reader = FrameReader(angles=[quarter, quarter, -0.2])
    client, token = live_app(reader)
    _post(client, token, session="session-a")             # A: from level, finds a quarter turn
    _post(client, token, session="session-a")             # A: from its quarter turn
    first_b = _post(client, token, session="session-b")   # B: from level, whatever A found; finds -0.2
    _post(client, token, session="session-a")             # A: still from its quarter turn
    _post(client, token, session=None)                    # a photo upload steers no session
    _post(client, token, session="session-b")             # B: from its own -0.2
    assert reader.starts == [0.0, quarter, 0.0, quarter, -0.2]
    assert reader.photos == 1
    assert "angle" not in first_b["read"]                  # the frame's answer is as before


def _jpeg(pixels: np.ndarray) -> bytes:
    ok, data = cv2.imencode(".jpg", pixels)
    assert ok
    return data.tobytes()


@pytest.mark.skipif(not (REPO / "models" / "vision.json").is_file(), reason="no shipped model yet")
def test_the_shipped_reader_answers_where_a_session_s_next_frame_starts() -> None:
    reader = load_reader(REPO / "models")
    assert reader is not None
    turned = _jpeg(cv2.rotate(cv2.imread(str(PHOTO)), cv2.ROTATE_90_CLOCKWISE))
    first = reader.frame(turned, lean=False)
    assert first["tiles"] and abs(abs(first["angle"]) - math.pi / 2) < 0.2   # the rows run down
    reader(PHOTO.read_bytes())                             # a level photo read in between
    again = reader.frame(turned, lean=False, start_angle=first["angle"])
    assert again["angle"] == first["angle"] and len(again["tiles"]) == len(first["tiles"])
    # a frame without tiles tells no angle: the session's is kept
    empty = reader.frame(_jpeg(np.full((480, 640, 3), 90, np.uint8)), lean=False, start_angle=0.3)
    assert empty["tiles"] == [] and empty["angle"] == 0.3


@pytest.mark.skipif(not (REPO / "models" / "vision.json").is_file(), reason="no shipped model yet")
def test_the_shipped_reader_reads_a_full_frame_as_the_photo_without_suggestions() -> None:
    reader = load_reader(REPO / "models")
    assert reader is not None
    data = PHOTO.read_bytes()
    frame = reader.frame(data, lean=False)     # a fresh reader: the rows looked for level first, as a photo's
    photo = reader(data)
    assert frame["tiles"] and [frame[key] for key in ("tiles", "groups", "hand")] == \
        [photo[key] for key in ("tiles", "groups", "hand")]
    assert frame["suggestions"] == [] and "suggest" not in frame["timing_ms"]
    assert frame["timing_ms"]["decode"] > 0
    lean = reader.frame(data, lean=True)
    assert lean["tiles"] and lean["suggestions"] == []
    with pytest.raises(ValueError):
        reader.frame(b"not a photo", lean=False)


class CameraFrameReader(FrameReader):
    """A FrameReader that keeps a camera per session, as PhotoReader does: records which it got."""

    def __init__(self) -> None:
        super().__init__()
        self.cameras: list[object | None] = []

    def new_camera(self) -> object:
        return object()

    def frame(self, data: bytes, *, lean: bool, start_angle: float = 0.0,  # type: ignore[override]
              hand_size: int | None = None, camera: object | None = None) -> dict[str, Any]:
        self.cameras.append(camera)
        return super().frame(data, lean=lean, start_angle=start_angle, hand_size=hand_size)


def test_each_session_keeps_its_own_camera_memory(live_app) -> None:  # type: ignore[no-untyped-def]
    reader = CameraFrameReader()
    client, token = live_app(reader)
    for session in ("session-a", "session-a", "session-b", "session-a"):
        _post(client, token, session=session)
    a1, a2, b, a3 = reader.cameras
    assert a1 is not None and a1 is a2 is a3 and b is not None and b is not a1


@pytest.mark.skipif(not (REPO / "models" / "vision.json").is_file(), reason="no shipped model yet")
def test_the_shipped_reader_keeps_a_still_camera_s_sure_readings() -> None:
    """A session's camera memory: the second frame of a still hand, a few pixels shaken, keeps most
    of the first frame's sure readings (the classifier reads again what was unsure, and a tile
    whose pixels at its place changed past the check), and the answer is the same hand."""
    from vision.classify import SURE

    reader = load_reader(REPO / "models")
    assert reader is not None
    photo = cv2.imread(str(PHOTO))
    shaken = cv2.warpAffine(photo, np.float32([[1, 0, 3], [0, 1, -2]]), photo.shape[1::-1],
                            borderMode=cv2.BORDER_REPLICATE)
    camera = reader.new_camera()
    first = reader.frame(_jpeg(photo), lean=False, camera=camera)
    seen = camera.seen
    assert seen is not None and len(seen.boxes) == len(first["tiles"])
    calls = []
    classifier = reader.hand_reader.detector.tile_classifier
    read_fresh = classifier._read_fresh

    def counted(pixels, boxes, *args):  # type: ignore[no-untyped-def]
        calls.append(len(boxes))
        return read_fresh(pixels, boxes, *args)

    classifier._read_fresh = counted
    try:
        again = reader.frame(_jpeg(shaken), lean=False, camera=camera)
    finally:
        classifier._read_fresh = read_fresh
    unsure = int((seen.probabilities.max(axis=1) < SURE).sum())
    assert calls and calls[0] <= unsure + len(seen.boxes) // 4
    assert again["hand"] == first["hand"]
    # a camera of its own: the reader's own camera (vision watch) is not the session's
    assert reader.hand_reader._memory.seen is None
