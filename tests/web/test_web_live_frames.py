"""Live camera frames read as ``vision watch`` reads them: lean while the session's vote is settled,
in full otherwise, and the hand the vote takes is the reading as it was read."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

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
    readings given in turn (then the layout), each frame's lean flag recorded."""

    def __init__(self, frames: list[dict[str, Any]] | None = None) -> None:
        self.frames = list(frames or [])
        self.lean: list[bool] = []
        self.photos = 0

    def __call__(self, data: bytes) -> dict[str, Any]:
        self.photos += 1
        return copy.deepcopy(LAYOUT)

    def frame(self, data: bytes, *, lean: bool) -> dict[str, Any]:
        self.lean.append(lean)
        return copy.deepcopy(self.frames.pop(0) if self.frames else LAYOUT)


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
