"""What a second real game found wrong, on a phone (Chromium at 390 x 844): the details of a hand
that is no win, a meld made around the winning tile, and long names on every page."""

from __future__ import annotations

import pytest
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
