"""Every page on a phone (390 x 844) and a laptop (1280 x 800) with 40-character player names:
nothing scrolls sideways and no script error (CSP violations included) is logged. Also the
phone-first details: the seat-wind line, making a meld in one action, zooming the photo, and a
hand recorded by someone else first."""

from __future__ import annotations

import re

import pytest
from conftest import PHONE, new_page
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
LAPTOP = {"width": 1280, "height": 800}
NAMES = ["Annabelle Maximiliana Featherstonehaugh-", "Bartholomew Montgomery Fitzwilliam-Smyth",
         "Clementine Evangeline Worthington-Barker", "Dorothea Wilhelmina Ravenscroft-Hawthorn"]
HANEMAN = {"hand": "234m234m55m666z777z", "win_tile": "5m", "win_by": "ron"}


def no_sideways_scroll(page) -> None:  # type: ignore[no-untyped-def]
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"{page.url} is {width[0]} px wide in a {width[1]} px window"


def long_name_table(page, server: str, hand_photo) -> dict:  # type: ignore[no-untyped-def]
    """A Riichi table with long names, a hand with a photo and a draw (the deal has moved)."""
    assert all(len(name) == 40 for name in NAMES)
    response = page.request.post(f"{server}/api/tables", data={"name": "A table with long names " * 2,
                                                                "players": NAMES, "rules": "riichi"})
    assert response.status == 201, response.text()
    created = response.json()
    token = created["edit_token"]
    photo = page.request.post(f"{server}/api/tables/{token}/photos", multipart={
        "photo": {"name": "hand.jpg", "mimeType": "image/jpeg", "buffer": hand_photo.read_bytes()}}).json()
    win = dict(HANEMAN, winner=1, discarder=0, version=0, photo_id=photo["photo_id"])
    assert page.request.post(f"{server}/api/tables/{token}/hands", data=win).status == 201
    draw = {"waiting": [0], "riichi": [2], "version": 1}
    assert page.request.post(f"{server}/api/tables/{token}/draws", data=draw).status == 201
    return created


def small_table(page, server: str) -> str:  # type: ignore[no-untyped-def]
    response = page.request.post(f"{server}/api/tables",
                                 data={"name": "Small", "players": ["A", "B", "C", "D"], "rules": "mcr"})
    assert response.status == 201
    return response.json()["edit_token"]


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_no_page_scrolls_sideways(  # type: ignore[no-untyped-def]
        browser, server: str, hand_photo, viewport) -> None:
    page = new_page(browser, viewport, mobile=viewport is PHONE)
    created = long_name_table(page, server, hand_photo)
    token, view = created["edit_token"], created["view_token"]
    paths = ["/", f"/t/{token}", f"/t/{token}/draw", f"/t/{token}/penalty", f"/t/{token}/hands/0",
             f"/t/{token}/hands/0/amend", f"/t/{token}/dispute", f"/b/{view}"]
    for path in paths:
        page.goto(server + path)
        no_sideways_scroll(page)
    # The declare page with a photo read, its breakdown and the four players' payments.
    page.goto(f"{server}/t/{token}/declare")
    page.set_input_files("#photo", str(hand_photo))
    expect(page.locator("#photo-status")).to_contain_text("Read 14 tiles")
    page.select_option("#winner", "3")      # the South seat now: 222z is a seat-wind pung, a yaku
    page.select_option("#discarder", "0")
    page.click('#groups button[data-g="0"][data-i="4"]')
    page.click('#palette-tabs button[data-suit="p"]')
    page.click('#palette button[data-code="5p"]')
    expect(page.locator("#pay-total")).to_be_visible()
    no_sideways_scroll(page)
    # Names are cut to fit, and the whole name is there for a tap (title and focus).
    seat = page.locator('.paytable th[title="' + NAMES[3] + '"]')
    assert seat.count() == 1
    page.goto(f"{server}/t/{token}")
    name = page.locator('.seat[data-seat="3"] .name')
    assert name.get_attribute("title") == NAMES[3]
    box = name.bounding_box()
    assert box is not None and box["x"] + box["width"] <= viewport["width"]
    assert page.context.console_errors == []  # type: ignore[attr-defined]
    # The error page (a wrong link answers 404, which the browser logs as a failed load).
    page.goto(server + "/t/not-a-table-link-at-all")
    no_sideways_scroll(page)
    page.context.close()


def test_seat_wind_line_follows_the_winner_after_the_deal_moves(  # type: ignore[no-untyped-def]
        phone, server: str, hand_photo) -> None:
    page = phone
    token = long_name_table(page, server, hand_photo)["edit_token"]
    page.goto(f"{server}/t/{token}")
    # The deal passed twice (a non-dealer win, then a draw the dealer was not waiting at): the
    # third player deals, and the first player's seat (bottom left) shows West.
    assert page.inner_text('.seat[data-seat="0"] .wind') == "W"
    assert page.inner_text('.seat[data-seat="2"] .wind') == "E"
    page.goto(f"{server}/t/{token}/declare")
    page.select_option("#winner", "0")
    expect(page.locator("#winds")).to_contain_text("Seat wind West")
    page.select_option("#winner", "3")
    expect(page.locator("#winds")).to_contain_text("Seat wind South")
    words = page.inner_text("#winds")
    assert "counters 1" in words and "riichi sticks on the table 1" in words
    assert page.context.console_errors == []  # type: ignore[attr-defined]


def test_making_a_meld_is_one_action(phone, server: str) -> None:  # type: ignore[no-untyped-def]
    page = phone
    page.goto(f"{server}/t/{small_table(page, server)}/declare")
    page.click('#palette-tabs button[data-suit="m"]')
    for code in ["1m", "2m", "3m", "5m", "5m", "5m"]:
        page.click(f'#palette button[data-code="{code}"]')
    page.click("#add-meld")
    pon = page.locator('#meld-bar button[data-meld="pon"]')
    chi = page.locator('#meld-bar button[data-meld="chi"]')
    page.click('#groups button[data-g="0"][data-i="3"]')
    assert pon.is_disabled() and chi.is_disabled()          # one tile is no pon
    page.click('#groups button[data-g="0"][data-i="4"]')
    page.click('#groups button[data-g="0"][data-i="5"]')
    assert pon.is_enabled() and chi.is_disabled()
    pon.click()
    expect(page.locator("#groups .group")).to_have_count(2)
    assert page.locator('#groups .group[data-group="1"] .tilebtn').count() == 3
    assert page.locator('#groups .group[data-group="1"] select').input_value() == "pon"
    page.click("#add-meld")
    for index in range(3):
        page.click(f'#groups button[data-g="0"][data-i="{index}"]')
    assert chi.is_enabled() and pon.is_disabled()
    chi.click()
    expect(page.locator("#groups .group")).to_have_count(3)
    assert page.locator('#groups .group[data-group="0"] .tilebtn').count() == 0
    assert page.context.console_errors == []  # type: ignore[attr-defined]


def test_the_photo_zooms_and_pans_on_a_phone(  # type: ignore[no-untyped-def]
        phone, server: str, hand_photo) -> None:
    page = phone
    page.goto(f"{server}/t/{small_table(page, server)}/declare")
    page.set_input_files("#photo", str(hand_photo))
    expect(page.locator("#photo-box")).to_be_visible()
    page.click("#zoom-in")
    page.click("#zoom-in")
    expect(page.locator("#zoom-level")).to_have_text("200%")
    sizes = page.evaluate("() => { const s = document.getElementById('photo-scroll');"
                          " return [s.scrollWidth, s.clientWidth]; }")
    assert sizes[0] >= 1.9 * sizes[1]
    no_sideways_scroll(page)
    # A box can still be tapped when zoomed: the first tile's box selects the first tile.
    page.evaluate("() => { document.getElementById('photo-scroll').scrollLeft = 0; }")
    canvas = page.locator("#photo-canvas").bounding_box()
    assert canvas is not None
    scale = canvas["width"] / 1240        # hand-mcr.jpg is 1240 px wide; tile 0's box is x 50-122
    page.mouse.click(canvas["x"] + 86 * scale, canvas["y"] + 318 * scale)
    expect(page.locator("#groups .tilebtn.selected")).to_have_attribute("data-i", "0")
    assert page.context.console_errors == []  # type: ignore[attr-defined]


def test_a_hand_recorded_first_by_someone_else(phone, server: str) -> None:  # type: ignore[no-untyped-def]
    page = phone
    token = small_table(page, server)
    page.goto(f"{server}/t/{token}/declare")
    for suit, codes in (("m", "123"), ("p", "456"), ("s", "789"), ("z", "11222")):
        page.click(f'#palette-tabs button[data-suit="{suit}"]')
        for digit in codes:
            page.click(f'#palette button[data-code="{digit}{suit}"]')
    expect(page.locator("#breakdown .verdict.ok")).to_be_visible()
    other = {"hand": "123m456p789s11z222z", "win_tile": "2z", "win_by": "tsumo", "winner": 2, "version": 0}
    assert page.request.post(f"{server}/api/tables/{token}/hands", data=other).status == 201
    page.click("#confirm")
    expect(page.locator("#message")).to_contain_text("Someone else recorded a hand")
    page.click("#reapply")
    expect(page.locator("#message")).to_contain_text("Re-applied on top")
    page.click("#confirm")
    page.wait_for_url(re.compile(r"#hand-1$"))
    assert page.locator(".history li").count() == 2
    # The refused write is logged by the browser as a failed load; nothing else may be.
    errors = page.context.console_errors  # type: ignore[attr-defined]
    assert [e for e in errors if "status of 409" not in e] == []
