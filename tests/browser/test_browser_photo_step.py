"""The photo step on a phone: the reading as large tiles under the photo, tied to their boxes;
pinch-zoom; amber only where the reader says it is unsure; face-down and faint boxes neutral."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from conftest import DATA, running_app
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
COLOURS = {"sure": (46, 125, 50), "unsure": (224, 161, 0), "corrected": (211, 47, 47),
           "neutral": (120, 144, 156), "selected": (21, 101, 192)}
UNSURE = 2           # 3m: read with a high confidence, but the reader marks it unsure
CONFIDENT_LOW = 4    # 5p: a low confidence, but the reader is sure of it
FACE_DOWN = 12       # the middle tile of the 222z pung, read face down


def calibrated_reader(data: bytes) -> dict:
    """The committed photo's reading as a reader with calibrated doubt gives it: each tile says
    whether it is unsure; the 2z pung set apart with its middle tile face down, and a faint box
    the reader left out (offered by a suggestion)."""
    reading = json.loads((DATA / "hand-mcr.json").read_text())
    for index, tile in enumerate(reading["tiles"]):
        tile["unsure"] = index == UNSURE
    reading["tiles"][UNSURE]["conf"] = 0.97
    reading["tiles"][CONFIDENT_LOW]["conf"] = 0.41
    reading["tiles"][FACE_DOWN].update(tile="back", face_down=True)
    reading["groups"] = [{"kind": "concealed", "tiles": list(range(11))},
                         {"kind": "meld", "meld": "pon", "tiles": [11, 12, 13]}]
    reading["suggestions"] = [{"changes": [{"index": 14, "was": None, "now": "9p",
                                            "box": [1150, 40, 1220, 130], "conf": 0.3}], "cost": 1.0}]
    return reading


@pytest.fixture(scope="module")
def calibrated_server(tmp_path_factory) -> Iterator[str]:  # type: ignore[no-untyped-def]
    with running_app(tmp_path_factory.mktemp("photo-step"), calibrated_reader) as url:
        yield url


def box_colour(page, index: int) -> tuple[int, int, int]:  # type: ignore[no-untyped-def]
    """The colour drawn on the left edge of tile ``index``'s box (the canvas is the photo's size)."""
    box = calibrated_reader(b"")["tiles"][index]["box"]
    point = [round(box[0]), round((box[1] + box[3]) / 2)]
    return tuple(page.evaluate("""([x, y]) => Array.from(document.getElementById('photo-canvas')
        .getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3))""", point))


def read_photo(page, server: str, hand_photo) -> None:  # type: ignore[no-untyped-def]
    response = page.request.post(f"{server}/api/tables", data={"name": "Photo step", "rules": "mcr",
                                                                "players": ["Ann", "Bob", "Cai", "Dee"]})
    page.goto(f"{server}/t/{response.json()['edit_token']}/declare")
    page.set_input_files("#photo", str(hand_photo))
    expect(page.locator("#reading-row button")).to_have_count(14)
    page.wait_for_function("() => document.getElementById('photo-canvas').width > 1000")


def test_the_reading_under_the_photo_and_its_boxes_select_each_other(  # type: ignore[no-untyped-def]
        phone, calibrated_server: str, hand_photo) -> None:
    page = phone
    read_photo(page, calibrated_server, hand_photo)
    # Hand order: the concealed tiles, then the pung (its face-down tile shows the pung's face).
    codes = [button.get_attribute("aria-label") for button in page.locator("#reading-row button").all()]
    assert codes[:3] == ["tile 1m", "tile 2m", "tile 3m"] and codes[-3:] == ["tile 2z"] * 3
    size = page.locator("#reading-row img").first.bounding_box()
    assert size is not None and size["width"] >= 40      # large enough to read on a phone
    page.click(f'#reading-row button[data-src="{CONFIDENT_LOW}"]')
    expect(page.locator("#groups .tilebtn.selected")).to_have_attribute("data-i", str(CONFIDENT_LOW))
    assert box_colour(page, CONFIDENT_LOW) == COLOURS["selected"]
    # A tap on a box selects its picture in the row.
    box = calibrated_reader(b"")["tiles"][7]["box"]
    canvas = page.locator("#photo-canvas").bounding_box()
    scale = canvas["width"] / 1240
    page.mouse.click(canvas["x"] + (box[0] + box[2]) / 2 * scale, canvas["y"] + (box[1] + box[3]) / 2 * scale)
    expect(page.locator("#reading-row button.selected")).to_have_attribute("data-src", "7")
    assert page.context.console_errors == []  # type: ignore[attr-defined]


def test_amber_only_where_the_reader_is_unsure_and_face_down_is_neutral(  # type: ignore[no-untyped-def]
        phone, calibrated_server: str, hand_photo) -> None:
    page = phone
    read_photo(page, calibrated_server, hand_photo)
    assert box_colour(page, UNSURE) == COLOURS["unsure"]
    assert box_colour(page, CONFIDENT_LOW) == COLOURS["sure"]
    assert box_colour(page, FACE_DOWN) == COLOURS["neutral"]
    assert box_colour(page, 0) == COLOURS["sure"]
    low = page.locator("#groups .tilebtn.low")
    expect(low).to_have_count(1)
    assert low.get_attribute("data-i") == str(UNSURE)
    assert page.locator("#reading-row button.low").get_attribute("data-src") == str(UNSURE)
    assert page.locator(f'#reading-row button[data-src="{FACE_DOWN}"]').get_attribute("class").split() \
        == ["reading-tile", "face-down"]
    # The faint box the reader left out is drawn, thin and neutral, never red.
    faint = page.evaluate("""() => Array.from(document.getElementById('photo-canvas').getContext('2d')
        .getImageData(1150, 60, 1, 1).data.slice(0, 3))""")
    assert tuple(faint) != COLOURS["corrected"]
    assert page.context.console_errors == []  # type: ignore[attr-defined]


def test_a_pinch_zooms_the_photo(phone, calibrated_server: str, hand_photo) -> None:  # type: ignore[no-untyped-def]
    page = phone
    read_photo(page, calibrated_server, hand_photo)
    page.evaluate("""() => {
      const box = document.getElementById('photo-scroll');
      const r = box.getBoundingClientRect();
      const y = r.top + r.height / 2, x = r.left + r.width / 2;
      const touches = (gap) => [new Touch({identifier: 1, target: box, clientX: x - gap, clientY: y}),
                                new Touch({identifier: 2, target: box, clientX: x + gap, clientY: y})];
      const send = (type, list) => box.dispatchEvent(new TouchEvent(type, {touches: list, targetTouches: list,
        changedTouches: list, bubbles: true, cancelable: true}));
      send('touchstart', touches(40));
      send('touchmove', touches(60));
      send('touchmove', touches(80));
      send('touchend', []);
    }""")
    expect(page.locator("#zoom-level")).to_have_text("200%")
    sizes = page.evaluate("() => { const s = document.getElementById('photo-scroll');"
                          " return [s.scrollWidth, s.clientWidth, document.documentElement.scrollWidth]; }")
    assert sizes[0] >= 1.9 * sizes[1] and sizes[2] <= 390
    assert page.context.console_errors == []  # type: ignore[attr-defined]
