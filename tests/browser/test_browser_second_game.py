"""What a second real game found wrong, on a phone (Chromium at 390 x 844): the details of a hand
that is no win, a meld made around the winning tile, and long names on every page."""

from __future__ import annotations

import re

import pytest
from conftest import new_page
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
NOT_A_WIN = {"hand": "1359m2468p13579s1z", "win_tile": "1z", "win_by": "tsumo", "winner": 2,
             "claim": "Mahjong"}


def create(page, server: str, rules: str, players: list[str] | None = None) -> dict:  # type: ignore[no-untyped-def]
    response = page.request.post(f"{server}/api/tables", data={
        "name": f"{rules} evening", "players": players or ["Ann", "Bob", "Cai", "Dee"], "rules": rules})
    assert response.status == 201, response.text()
    return response.json()


def post(page, server: str, token: str, path: str, body: dict) -> None:  # type: ignore[no-untyped-def]
    version = page.request.get(f"{server}/api/tables/{token}").json()["version"]
    response = page.request.post(f"{server}/api/tables/{token}/{path}", data=dict(body, version=version))
    assert response.status == 201, response.text()


def test_details_of_hands_that_are_not_wins(phone, server: str) -> None:  # type: ignore[no-untyped-def]
    page = phone
    token = create(page, server, "riichi")["edit_token"]
    post(page, server, token, "draws", {"abortive": False, "waiting": [0]})
    post(page, server, token, "draws", {"abortive": True, "reason": "four_riichi", "riichi": [0, 1, 2, 3]})
    post(page, server, token, "disputes", NOT_A_WIN)
    post(page, server, token, "penalties", {"offender": 3, "points": 3000, "reason": "slow play"})
    page.goto(f"{server}/t/{token}")
    entries = page.locator(".history li")
    expect(entries).to_have_count(4)
    for number in range(4):
        page.locator(".history li").nth(number).get_by_role("link", name="Details").click()
        expect(page.locator("#hand-payments")).to_be_visible()
        assert "Something went wrong" not in page.inner_text("main")
        page.go_back()
    assert page.context.console_errors == []  # type: ignore[attr-defined]


def tap_tiles(page, tiles: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    """Enter tiles with the palette: {"m": "123", "z": "11"} taps 1m 2m 3m 1z 1z."""
    for suit, digits in tiles.items():
        page.click(f'#palette-tabs button[data-suit="{suit}"]')
        for digit in digits:
            page.click(f'#palette button[data-code="{digit}{suit}"]')


def test_a_meld_made_around_the_winning_tile_keeps_the_marker(phone, server: str) -> None:  # type: ignore[no-untyped-def]
    page = phone
    token = create(page, server, "mcr")["edit_token"]
    page.goto(f"{server}/t/{token}/declare")
    tap_tiles(page, {"m": "123456789", "z": "11", "s": "234"})
    page.click('#groups button[data-g="0"][data-i="12"]')          # the 3s
    page.click("#mark-win")
    expect(page.locator("#groups .tilebtn.win")).to_have_attribute("data-code", "3s")
    page.click("#add-meld")
    for index in (11, 12, 13):
        page.click(f'#groups button[data-g="0"][data-i="{index}"]')
    page.click('#meld-bar button[data-meld="chi"]')
    marked = page.locator("#groups .tilebtn.win")
    expect(marked).to_have_count(1)
    assert marked.get_attribute("data-code") == "3s" and marked.get_attribute("data-g") == "1"
    # The 3s still wins the hand: a closed wait, never a single wait on another tile.
    expect(page.locator("#breakdown .verdict.ok")).to_be_visible()
    breakdown = page.inner_text("#breakdown")
    assert "Closed Wait" in breakdown and "Single Wait" not in breakdown
    expect(page.locator("#confirm")).to_be_enabled()
    # No winning tile at all: nothing is scored and nothing can be confirmed.
    page.click('#groups button[data-g="1"][data-i="1"]')
    page.click("#remove-tile")
    expect(page.locator("#groups .tilebtn.win")).to_have_count(0)
    expect(page.locator("#breakdown")).to_contain_text("Mark the winning tile")
    expect(page.locator("#confirm")).to_be_disabled()
    assert page.context.console_errors == []  # type: ignore[attr-defined]


# Forty characters each, with spaces (a browser may wrap them) and without (it may not).
SPACED = ["Annabelle Maximiliana Featherstonehaugh-", "Bartholomew Montgomery Fitzwilliam-Smyth",
          "Clementine Evangeline Worthington-Barker", "Dorothea Wilhelmina Ravenscroft-Hawthorn"]
UNBROKEN = ["Annabellemaximilianafeatherstonehaughxyz", "Bartholomewmontgomeryfitzwilliamsmythxyz",
            "Clementineevangelineworthingtonbarkerxyz", "Dorotheawilhelminaravenscrofthawthornxyz"]
HANEMAN = {"hand": "234m234m55m666z777z", "win_tile": "5m", "win_by": "ron", "winner": 1, "discarder": 0}


def fits(page) -> None:  # type: ignore[no-untyped-def]
    """Nothing scrolls sideways, and every name standing on its own is inside the window, cut
    with an ellipsis where it must be, its whole name in its title."""
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"{page.url} is {width[0]} px wide in a {width[1]} px window"
    names = page.evaluate("""() => [...document.querySelectorAll('.name-text, .seat .name, .who')]
        .filter((e) => e.offsetParent !== null).map((e) => {
          const box = e.getBoundingClientRect();
          return [e.textContent.trim(), e.title || e.closest('[title]')?.title, box.right];
        })""")
    for text, title, right in names:
        assert title == text, f"{page.url}: the name {text!r} has no title to read it whole"
        assert right <= width[1] + 1, f"{page.url}: {text!r} runs out of the window to {right} px"


@pytest.mark.parametrize("names", [SPACED, UNBROKEN], ids=["spaced", "unbroken"])
def test_every_page_fits_a_phone_with_long_names(browser, server: str, hand_photo, names) -> None:  # type: ignore[no-untyped-def]
    page = new_page(browser)
    pages = []
    for rules in ("riichi", "classical", "taiwanese"):
        created = create(page, server, rules, names)
        token = created["edit_token"]
        if rules == "riichi":
            upload = {"name": "hand.jpg", "mimeType": "image/jpeg", "buffer": hand_photo.read_bytes()}
            photos = f"{server}/api/tables/{token}/photos"
            photo = page.request.post(photos, multipart={"photo": upload}).json()
            post(page, server, token, "hands", dict(HANEMAN, photo_id=photo["photo_id"]))
        post(page, server, token, "draws", {"abortive": False, "waiting": [0]})
        pages.append((rules, token, created["view_token"]))
    page.goto(f"{server}/t/{pages[0][1]}")          # the home page lists the tables of this browser
    for rules, token, view in pages:
        for path in ["/", f"/t/{token}", f"/t/{token}/penalty", f"/t/{token}/hands/0", f"/t/{token}/dispute",
                     f"/b/{view}"]:
            page.goto(server + path)
            fits(page)
        # The draw page with every box ticked by a tap (a box under another element cannot be
        # tapped) and its payments previewed.
        page.goto(f"{server}/t/{token}/draw")
        for box in page.locator(".checks input[type=checkbox]").all():
            box.check()
        expect(page.locator("#draw-note")).not_to_be_empty()
        fits(page)
        # The declare page with riichi boxes (Riichi) or the losers' hands (classical), a photo
        # read and the four players' payments.
        page.goto(f"{server}/t/{token}/declare")
        for box in page.locator("#riichi input[type=checkbox]").all():
            if box.is_visible():
                box.check()
        fits(page)
        if rules == "riichi":
            page.set_input_files("#photo", str(hand_photo))
            expect(page.locator("#photo-status")).to_contain_text("Read 14 tiles")
            page.click('#groups button[data-g="0"][data-i="4"]')
            page.click('#palette-tabs button[data-suit="p"]')
            page.click('#palette button[data-code="5p"]')
            expect(page.locator("#pay-total")).to_be_visible()
            fits(page)
            page.locator("#confirm").click(trial=True)      # nothing lies over Confirm
    # The scoreboard after it has redrawn itself from the API.
    page.goto(f"{server}/b/{pages[0][2]}")
    expect(page.locator("#board-updated")).to_contain_text(":")
    fits(page)
    assert page.context.console_errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_the_scoreboard_keeps_its_words_apart_when_it_redraws(phone, server: str) -> None:  # type: ignore[no-untyped-def]
    page = phone
    created = create(page, server, "riichi")
    page.goto(f"{server}/b/{created['view_token']}")
    dealer = page.locator(".seat.dealer > div:first-child")
    assert re.fullmatch(r"E\s*Ann dealer", dealer.inner_text().strip())
    expect(page.locator('[data-total="1"]')).to_have_text("25,000")
    post(page, server, created["edit_token"], "hands", HANEMAN)          # Bob wins and deals next
    expect(page.locator('[data-total="1"]')).to_have_text("37,000")     # redrawn from the API
    dealer = page.locator(".seat.dealer > div:first-child")
    assert re.fullmatch(r"E\s*Bob dealer", dealer.inner_text().strip())
    assert page.context.console_errors == []  # type: ignore[attr-defined]
