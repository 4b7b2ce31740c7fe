"""A club on a phone (Chromium at 390 x 844): make a club and its players, a season, two tables
played through their pages' API, then the season's standings and a player's page (with its
charts); the two pages are the README's screenshots."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


WIN = {"hand": "123m456p789s11z222z", "win_tile": "2z", "win_by": "ron"}


def win(page, server: str, token: str, winner: int, discarder: int) -> None:  # type: ignore[no-untyped-def]
    version = page.request.get(f"{server}/api/tables/{token}").json()["version"]
    response = page.request.post(f"{server}/api/tables/{token}/hands",
                                 data=dict(WIN, winner=winner, discarder=discarder, version=version))
    assert response.status == 201, response.text()


def test_a_club_two_tables_standings_and_a_player(phone, server: str, shot) -> None:  # type: ignore[no-untyped-def]
    page = phone
    page.goto(server)
    page.fill("#club-name", "Thursday club")
    page.click("#new-club button")
    expect(page.locator("h1")).to_have_text("Thursday club")
    for name in ("Ann", "Bob", "Cai", "Dee"):
        page.fill("#player-name", name)
        page.click("#club-add-player button")
    expect(page.locator("#members li")).to_have_count(4)
    page.fill("#season-name", "Winter")
    page.select_option("#season-family", "mcr")
    page.click("#club-new-season button")
    expect(page.locator("#seasons li")).to_have_count(1)
    club_url = page.url
    for table, (winner, discarder) in ((1, (0, 1)), (2, (2, 1))):
        page.goto(club_url)
        page.fill("#table-name", f"Table {table}")
        page.click("#club-new-table button")
        page.wait_for_url(re.compile(r".*/t/[A-Za-z0-9_-]+$"))
        token = page.url.rsplit("/t/", 1)[1]
        win(page, server, token, winner, discarder)
    page.goto(club_url)
    page.click("#seasons a")
    rows = page.locator("table.club-standings tbody tr")
    expect(rows).to_have_count(4)
    expect(rows.nth(0).locator("td").nth(2)).to_have_text("2")       # two games each
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "club-standings")
    rows.nth(0).locator("a").click()
    expect(page.locator("dl.figures dd").first).to_have_text("2")     # hands played
    expect(page.locator(".most-scored li").first).to_be_visible()     # the fans of the win
    expect(page.locator("#player-places")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "club-player")


def test_a_club_tables_scoreboard_keeps_the_short_names_as_it_redraws(phone, server: str) -> None:  # type: ignore[no-untyped-def]
    page = phone
    page.goto(server)
    page.fill("#club-name", "Short names club")
    page.click("#new-club button")
    for name, short in (("Alexandra Montgomery", "Sasha"), ("Bob", ""), ("Cai", ""), ("Dee", "")):
        page.fill("#player-name", name)
        page.fill("#player-short", short)
        page.click("#club-add-player button")
    expect(page.locator("#members li")).to_have_count(4)
    club_url = page.url
    page.fill("#table-name", "Table 1")
    page.click("#club-new-table button")
    page.wait_for_url(re.compile(r".*/t/[A-Za-z0-9_-]+$"))
    token = page.url.rsplit("/t/", 1)[1]
    names = page.locator("#table .seat .name")
    expect(names).to_have_text(["Sasha", "Bob", "Cai", "Dee"])
    expect(page.locator("#table-club a")).to_have_text("Short names club")
    board = page.get_attribute("a:has-text('Scoreboard')", "href")
    page.goto(server + board if board.startswith("/") else board)
    win(page, server, token, 0, 1)
    # The board redraws its seats from the board API once the hand is in (it polls every second).
    expect(page.locator("#board-seats .total").first).not_to_have_text("0", timeout=10_000)
    expect(page.locator("#board-seats .name")).to_have_text(["Sasha", "Bob", "Cai", "Dee"])
    expect(page.locator("#board-seats .name").first).to_have_attribute("title", "Alexandra Montgomery")
    assert club_url.rsplit("/c/", 1)[1] not in page.content()   # the club's edit link is nowhere on it
