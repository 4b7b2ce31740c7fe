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
