"""The declare page's live camera, with Chromium's fake camera fed a video of a hand.

The video is made here from a committed evaluation photo (datasets/eval/scene-102.jpg) as a
.y4m file in a temporary folder. The stub reader answers the photo's known layout only for a
frame that looks like that photo (so the frames really come from the camera through the page),
and an empty reading otherwise; the model's own accuracy is tested in the vision tests.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from conftest import chromium, new_page, running_app
from PIL import Image
from playwright.sync_api import expect
from test_browser_flow import start_table

pytestmark = pytest.mark.browser
SCENE = Path(__file__).resolve().parents[2] / "datasets" / "eval" / "scene-102.jpg"
VIDEO_SIZE = (640, 360)
THUMB = (64, 36)


def write_y4m(photo: Path, path: Path, frames: int = 10, size: tuple[int, int] = VIDEO_SIZE,
              video_range: bool = True) -> None:
    """A still video of ``photo``: YUV 4:2:0 frames, the format Chromium's fake camera reads.
    Chromium reads them in video range, as cameras send them; ``video_range=False`` writes the
    photo's full-range values instead, which it then shows with the whites clipped and faint
    strokes washed out, as an overexposed camera would."""
    image = Image.open(photo).convert("RGB").resize(size)
    y, cb, cr = image.convert("YCbCr").split()
    if video_range:   # BT.601: luma 16-235, chroma 16-240
        y = y.point(lambda value: round(16 + value * 219 / 255))
        cb, cr = (c.point(lambda value: round(128 + (value - 128) * 224 / 255)) for c in (cb, cr))
    half = (size[0] // 2, size[1] // 2)
    frame = b"FRAME\n" + y.tobytes() + cb.resize(half).tobytes() + cr.resize(half).tobytes()
    header = f"YUV4MPEG2 W{size[0]} H{size[1]} F10:1 Ip A1:1 C420jpeg\n".encode()
    path.write_bytes(header + frame * frames)


def _thumb(image: Image.Image) -> np.ndarray:
    return np.asarray(image.convert("L").resize(THUMB), dtype=np.float32)


def scene_reader(data: bytes) -> dict:
    """The scene's layout (boxes scaled to the frame) for a frame that shows the scene."""
    frame = Image.open(io.BytesIO(data))
    if np.abs(_thumb(frame) - _thumb(Image.open(SCENE))).mean() > 20:
        return {"tiles": [], "groups": [], "hand": {}, "width": frame.width, "height": frame.height}
    reading = json.loads(SCENE.with_suffix(".json").read_text())
    scale = frame.width / Image.open(SCENE).width
    for tile in reading["tiles"]:
        tile["box"] = [round(value * scale, 1) for value in tile["box"]]
        tile.setdefault("conf", 0.95)
    reading.update(width=frame.width, height=frame.height)
    return reading


@pytest.fixture(scope="module")
def camera_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_app(tmp_path_factory.mktemp("live"), scene_reader) as url:
        yield url


@pytest.fixture(scope="module")
def camera_browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    video = tmp_path_factory.mktemp("video") / "hand.y4m"
    write_y4m(SCENE, video)
    flags = ("--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
             f"--use-file-for-fake-video-capture={video}")
    with chromium(flags) as launched:
        yield launched


def test_the_live_camera_takes_the_hand_when_it_holds_still(camera_browser, camera_server: str, shot) -> None:  # type: ignore[no-untyped-def]
    page = new_page(camera_browser)
    start_table(page, camera_server, "Live camera")
    page.click("#declare")
    page.wait_for_url(re.compile(r"/declare$"))
    page.click("#live-start")
    expect(page.locator("#live-status")).to_contain_text("holding still", timeout=60000)
    shot(page, "declare-live-camera")
    # The vote needs six matching frames of eight; then the frame is uploaded as the hand's photo.
    expect(page.locator("#photo-status")).to_contain_text("Read 15 tiles", timeout=120000)
    assert page.locator("#live-box").is_hidden()
    groups = page.locator("#groups .group")
    expect(groups).to_have_count(3)
    codes = [groups.nth(g).locator(".tilebtn").evaluate_all("(tiles) => tiles.map((t) => t.dataset.code)")
             for g in range(3)]
    assert sorted(codes[0]) == sorted(["4m", "4m", "2s", "3s", "3s", "3s", "3s", "4s"])
    assert codes[1] == ["4s", "4s", "4s"] and codes[2] == ["7p", "7p", "7p", "7p"]
    assert page.locator("#groups .tilebtn.win").get_attribute("data-code") == "4m"
    expect(page.locator("#photo-box")).to_be_visible()
    assert page.context.console_errors == []  # type: ignore[attr-defined]
    page.context.close()
