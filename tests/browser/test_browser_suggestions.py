"""The reader's suggestions on the declare page: the raw reading first, each suggestion marked on
the photo and applied only when tapped; the dispute page shows the raw reading beside the verdict.

The stub reader returns the committed photo's layout with the fifth tile misread (5p as 6p) and
two suggestions in the reader's contract: change that tile to 5p, or drop it and take in a faint
box as 5p."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from conftest import MISREAD_INDEX, misreading_reader, running_app
from playwright.sync_api import expect
from test_browser_flow import start_table

pytestmark = pytest.mark.browser


def suggesting_reader(data: bytes) -> dict:
    reading = misreading_reader(data)
    box = reading["tiles"][MISREAD_INDEX]["box"]
    fixed = dict(reading["hand"], hand="123m456p789s11222z")
    reading["suggestions"] = [
        {"changes": [{"index": MISREAD_INDEX, "was": "6p", "now": "5p"}], "cost": 0.39, "hand": fixed},
        {"changes": [{"index": MISREAD_INDEX, "was": "6p", "now": None},
                     {"index": None, "was": None, "now": "5p",
                      "box": [box[0], box[1] + 200, box[2], box[3] + 200]}],
         "cost": 1.7, "hand": fixed},
    ]
    return reading


@pytest.fixture(scope="module")
def suggesting_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_app(tmp_path_factory.mktemp("suggestions"), suggesting_reader) as url:
        yield url


def test_a_suggestion_is_applied_only_when_accepted(  # type: ignore[no-untyped-def]
        phone, suggesting_server: str, shot, hand_photo) -> None:
    page = phone
    start_table(page, suggesting_server, "Suggestions")
    page.click("#declare")
    page.wait_for_url(re.compile(r"/declare$"))
    page.set_input_files("#photo", str(hand_photo))
    expect(page.locator("#suggestion-list .suggestion")).to_have_count(2)
    # The raw reading comes first: the misread tile is in the editor until a suggestion is taken.
    tile = page.locator(f'#groups button[data-g="0"][data-i="{MISREAD_INDEX}"]')
    assert tile.get_attribute("data-code") == "6p"
    expect(page.locator("#breakdown .verdict.bad")).to_be_visible(timeout=10000)
    assert "6p→5p" in page.inner_text("#suggestion-list")
    assert "add 5p" in page.inner_text("#suggestion-list")
    # Tapping a card marks its boxes on the photo; nothing is applied.
    page.click('#suggestion-list li[data-suggestion="1"]')
    expect(page.locator('#suggestion-list li[data-suggestion="1"]')).to_have_class(re.compile("focus"))
    purple = page.evaluate("""() => {
        const canvas = document.getElementById('photo-canvas');
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        let count = 0;
        for (let i = 0; i < data.length; i += 4)
          if (data[i] === 0x6a && data[i + 1] === 0x1b && data[i + 2] === 0x9a) count++;
        return count; }""")
    assert purple > 0
    assert tile.get_attribute("data-code") == "6p"
    page.click('#suggestion-list li[data-suggestion="0"]')
    shot(page, "declare-suggestion")

    page.click('#suggestion-list button[data-accept="0"]')
    fixed = page.locator(f'#groups button[data-g="0"][data-i="{MISREAD_INDEX}"]')
    expect(fixed).to_have_attribute("data-code", "5p")
    expect(page.locator("#breakdown .verdict.ok")).to_be_visible(timeout=10000)
    assert page.locator("#suggestion-list .suggestion").count() == 1      # the other one is gone
    assert "accepted" in page.inner_text("#suggestion-list")
    assert page.inner_text("#score-total").startswith("11")
    page.click("#confirm")
    page.wait_for_url(re.compile(r"#hand-0$"))
    page.click("#hand-0 >> text=Details")
    assert "6p → 5p" in page.inner_text("main")        # an accepted suggestion is a correction
    assert page.context.console_errors == []  # type: ignore[attr-defined]


def test_dispute_shows_the_raw_reading_beside_the_verdict(  # type: ignore[no-untyped-def]
        phone, suggesting_server: str, shot, hand_photo) -> None:
    page = phone
    start_table(page, suggesting_server, "Dispute with a photo")
    page.click("text=Dispute / false win")
    page.wait_for_url(re.compile(r"/dispute$"))
    page.set_input_files("#photo", str(hand_photo))
    page.click('#suggestion-list button[data-accept="0"]')
    page.fill("#claim", "24")
    expect(page.locator("#versus")).to_be_visible(timeout=10000)
    raw = page.locator("#raw-reading img.tile")
    expect(raw).to_have_count(14)
    assert raw.nth(MISREAD_INDEX).get_attribute("alt") == "6p"      # as read, before the suggestion
    expect(page.locator("#verified")).to_contain_text("11 fan")
    shot(page, "dispute-raw-vs-verified")
    assert page.context.console_errors == []  # type: ignore[attr-defined]
