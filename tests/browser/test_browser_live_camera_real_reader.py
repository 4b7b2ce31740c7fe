"""The declare page's live camera with the shipped tile reader (models/*.onnx), not a stub.

Chromium's fake camera plays a still video made here, in a temporary folder, from a committed
evaluation photo the shipped models read whole (datasets/eval/scene-102.jpg, at its own 1280x960).
Every frame the page sends is read by the real reader; the test checks that the boxes and tiles it
read are drawn over the preview and that the page takes the photo's hand once the frames agree.

The same video overexposed (the whites clipped, faint strokes washed out: the photo's full-range
values shown as video range) once made the page take a wrong hand without a word: the first tile,
a 4m, read as a flower. A tile the camera cannot make out may be misread, but never silently: the
page must mark every tile it got wrong as unsure.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import chromium, new_page, running_app
from playwright.sync_api import expect
from test_browser_flow import start_table
from test_browser_live_camera import write_y4m

from engine.core.tiles import KIND_CODES, parse_tiles
from webapp.views.reader import load_reader

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
SCENE = ROOT / "datasets" / "eval" / "scene-102.jpg"
VIDEO_SIZE = (1280, 960)      # the photo's own size: the reader sees the tiles as photographed

# Records what the page draws on the live overlay (each box and each tile label), so the test can
# tell the tiles appeared over the preview even though the hand is taken seconds later.
RECORD_OVERLAY = """
(() => {
  window.__overlay = { boxes: 0, labels: [] };
  const proto = CanvasRenderingContext2D.prototype;
  const strokeRect = proto.strokeRect, fillText = proto.fillText;
  proto.strokeRect = function (...args) {
    if (this.canvas.id === "live-overlay") window.__overlay.boxes += 1;
    return strokeRect.apply(this, args);
  };
  proto.fillText = function (text, ...args) {
    if (this.canvas.id === "live-overlay") window.__overlay.labels.push(String(text));
    return fillText.call(this, text, ...args);
  };
})();
"""


@pytest.fixture(scope="module")
def real_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    reader = load_reader(ROOT / "models")
    assert reader is not None, "the shipped models in models/ could not be loaded"
    with running_app(tmp_path_factory.mktemp("live-real"), reader) as url:
        yield url


@pytest.fixture(scope="module", params=["faithful", "overexposed"])
def real_camera(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    video = tmp_path_factory.mktemp("video") / "scene.y4m"
    write_y4m(SCENE, video, size=VIDEO_SIZE, video_range=request.param == "faithful")
    flags = ("--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
             f"--use-file-for-fake-video-capture={video}")
    with chromium(flags) as launched:
        yield launched, request.param


def test_the_real_reader_reads_the_camera_and_takes_the_hand(real_camera, real_server: str) -> None:  # type: ignore[no-untyped-def]
    browser, camera = real_camera
    truth = json.loads(SCENE.with_suffix(".json").read_text())
    page = new_page(browser)
    page.context.add_init_script(RECORD_OVERLAY)
    start_table(page, real_server, "Live camera, real reader")
    page.click("#declare")
    page.wait_for_url(re.compile(r"/declare$"))
    page.click("#live-start")
    # The overlay sits on the preview, and the reader's tiles are drawn on it while the camera runs.
    expect(page.locator("#live-status")).to_contain_text("tiles seen", timeout=120000)
    video, overlay = page.locator("#live-video").bounding_box(), page.locator("#live-overlay").bounding_box()
    assert video and overlay and video["width"] > 0
    assert all(abs(video[key] - overlay[key]) < 2 for key in ("x", "y", "width", "height"))

    expect(page.locator("#photo-status")).to_contain_text(f"Read {len(truth['tiles'])} tiles", timeout=180000)
    assert page.locator("#live-box").is_hidden()
    drawn = page.evaluate("window.__overlay")
    assert drawn["boxes"] >= len(truth["tiles"])
    assert {tile["tile"] for tile in truth["tiles"]} <= set(drawn["labels"])

    groups = page.locator("#groups .group")
    expected = _groups(truth)
    expect(groups).to_have_count(len(expected))
    codes = _codes(page, len(expected))
    if camera == "faithful":
        assert sorted(codes[0]) == sorted(expected[0]) and codes[1:] == expected[1:]
    else:
        assert [len(group) for group in codes] == [len(group) for group in expected], (codes, expected)
        for g, (read, true) in enumerate(zip(codes, expected, strict=True)):
            tiles = groups.nth(g).locator(".tilebtn")
            for t in (t for t, (code, want) in enumerate(zip(read, true, strict=True)) if code != want):
                assert "low" in (tiles.nth(t).get_attribute("class") or ""), (codes, expected)
    assert page.locator("#groups .tilebtn.win").get_attribute("data-code") == truth["hand"]["win_tile"]
    expect(page.locator("#photo-box")).to_be_visible()     # the taken frame is the hand's photo
    assert page.context.console_errors == []  # type: ignore[attr-defined]
    page.context.close()


def _codes(page, groups: int) -> list[list[str]]:  # type: ignore[no-untyped-def]
    """The tile codes the page shows, group by group."""
    shown = page.locator("#groups .group")
    return [shown.nth(g).locator(".tilebtn").evaluate_all("(tiles) => tiles.map((t) => t.dataset.code)")
            for g in range(groups)]


def _groups(truth: dict) -> list[list[str]]:
    """The tiles the page should show from the photo's labels: the concealed tiles with the winning
    tile, then each meld (face-down tiles shown as the kong's face)."""
    tiles = [tile["tile"] for tile in truth["tiles"]]
    concealed = [tiles[i] for group in truth["groups"] if group["kind"] in ("concealed", "winning_tile")
                 for i in group["tiles"]]
    melds = []
    for group in truth["groups"]:
        if group["kind"] == "meld":
            face = parse_tiles(group["meld"].split(":", 1)[1], check_counts=False)
            melds.append([KIND_CODES[tile.kind] for tile in face])
    return [concealed, *melds]
