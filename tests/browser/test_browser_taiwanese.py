"""A Taiwanese table on a phone: a 17-tile hand from a photo, the breakdown in tai with the
dealer-streak line, and the totals after the dealer wins twice in a row.

The photo is drawn here from the app's own tile pictures (17 tiles in a row, the winning tile
apart) and, as in the other browser tests, the reader is replaced by one that returns that photo's
known layout: the test covers the web flow for a 17-tile hand (photo -> tiles -> context -> score
-> table), not the model. The second hand is entered with the tile editor.
"""

from __future__ import annotations

import io
import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import expect

from engine.families.taiwanese.family import PRESETS, payment
from webapp.app import create_app
from webapp.tile_images import tile_png

pytestmark = pytest.mark.browser
TW = PRESETS["taiwanese"]
# 123m 678m 456p 55p 789s 23s and the winning 4s (waiting on 1s or 4s): 平胡 2 + 門清 1 on a discard.
CODES = ["1m", "2m", "3m", "6m", "7m", "8m", "4p", "5p", "6p", "5p", "5p", "7s", "8s", "9s", "2s", "3s", "4s"]
SLOW = 90000     # the shared test machine can be slow to load a page


def layout() -> dict:
    tiles = []
    for index, code in enumerate(CODES):
        left = 40 + 76 * index + (40 if index == len(CODES) - 1 else 0)
        tiles.append({"tile": code, "box": [left, 270, left + 72, 366], "conf": 0.97,
                      "face_down": False, "rotated": False})
    hand = "".join(code[0] for code in CODES if code[1] == "m") + "m" \
        + "".join(code[0] for code in CODES if code[1] == "p") + "p" \
        + "".join(code[0] for code in CODES if code[1] == "s") + "s"
    return {"tiles": tiles, "groups": [{"kind": "concealed", "tiles": list(range(16))},
                                       {"kind": "winning_tile", "tiles": [16]}],
            "hand": {"hand": hand, "melds": [], "win_tile": "4s", "flowers": ""}}


def seventeen_reader(data: bytes) -> dict:
    return layout()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from werkzeug.serving import make_server

    data_dir = tmp_path_factory.mktemp("browser-taiwanese")
    app = create_app({"DATA_DIR": str(data_dir), "READER": seventeen_reader})
    http = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{http.server_port}"
    http.shutdown()
    thread.join(timeout=5)


@pytest.fixture(scope="module")
def photo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The 17 tiles of ``layout()`` pasted on a green cloth at their boxes."""
    folder = tmp_path_factory.mktemp("photo")
    picture = Image.new("RGB", (1440, 640), (40, 110, 70))
    for tile in layout()["tiles"]:
        left, top, right, bottom = tile["box"]
        face = Image.open(io.BytesIO(tile_png(tile["tile"], folder / "tiles"))).convert("RGB")
        picture.paste(face.resize((right - left, bottom - top)), (left, top))
    path = folder / "hand-taiwanese.jpg"
    picture.save(path, quality=90)
    return path


def test_taiwanese_dealer_streak_from_a_photo(phone, server: str, shot, photo: Path) -> None:  # type: ignore[no-untyped-def]
    page = phone
    page.goto(server + "/")
    page.fill("#name", "Taipei Sunday")
    page.select_option("#rules", "taiwanese")
    page.click("#new-table button[type=submit]")
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"), timeout=SLOW)
    table_url = page.url
    for hand, discarder in ((1, "1"), (2, "2")):
        page.click("#declare")
        page.wait_for_url(re.compile(r"/declare$"), timeout=SLOW)
        if hand == 1:
            page.set_input_files("#photo", str(photo))
            page.wait_for_selector("text=Read 17 tiles", timeout=SLOW)
        else:
            for suit, digits in (("m", "123678"), ("p", "45655"), ("s", "789234")):
                page.click(f'#palette-tabs button[data-suit="{suit}"]')
                for digit in digits:
                    page.click(f'#palette button[data-code="{digit}{suit}"]')
        expect(page.locator("#groups .tilebtn")).to_have_count(17)
        assert page.locator("#groups .tilebtn.win").get_attribute("data-code") == "4s"
        page.select_option("#winner", "0")              # Ann, East: the dealer
        page.select_option("#discarder", discarder)
        expect(page.locator("#breakdown .verdict.ok")).to_be_visible(timeout=SLOW)
        text = page.inner_text("#breakdown")
        assert "All Chows" in text and "Concealed" in text and "Dealer" in text and "tai" in text
        if hand == 1:
            expect(page.locator("#score-total")).to_have_text(re.compile(r"^4 tai"))
        else:
            # The second hand of Ann's deal: streak 1, 連1拉1 worth 2 tai, total 2 + 1 + 1 + 2.
            assert "Dealer Streak" in text
            expect(page.locator("#score-total")).to_have_text(re.compile(r"^6 tai"))
            shot(page, "declare-taiwanese")
        page.click("#confirm")
        page.wait_for_url(re.compile(r"#hand-\d+$"), timeout=SLOW)
    page.goto(table_url)
    totals = [int(page.inner_text(f'[data-total="{player}"]').replace(",", "")) for player in range(4)]
    first, second = payment(4, TW), payment(6, TW)
    assert totals == [first + second, -first, -second, 0]
    assert page.context.console_errors == []  # type: ignore[attr-defined]
