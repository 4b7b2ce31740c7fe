"""A game that ends like a game, on a phone (390 x 844): the players end it from the table page
and see the final standings (MCR table points beside the score), nothing scrolls sideways with
40-character names, each player keeps one colour in the seats and the chart, and a scoreboard
left open turns into the final standings by itself; on a landscape screen the scoreboard puts
the seats beside a chart as tall as the screen."""

from __future__ import annotations

import pytest
from conftest import new_page
from playwright.sync_api import expect
from test_browser_layout import NAMES, no_sideways_scroll

pytestmark = pytest.mark.browser
SCREEN = {"width": 1280, "height": 720}
# Three MCR wins: Ann on Bob's discard, Cai self-drawn, Ann on Dee's: totals Ann 48, Bob -49,
# Cai 50, Dee -49 (the web tests' worked hand, scored by the engine).
HAND = {"hand": "123m456p789s11z222z", "win_tile": "2z"}
WINS = [dict(HAND, win_by="ron", winner=0, discarder=1), dict(HAND, win_by="tsumo", winner=2),
        dict(HAND, win_by="ron", winner=0, discarder=3)]


def mcr_table(page, server: str, players: list[str]) -> dict:  # type: ignore[no-untyped-def]
    response = page.request.post(f"{server}/api/tables", data={"name": "Friday evening", "players": players,
                                                                "rules": "mcr"})
    assert response.status == 201, response.text()
    created = response.json()
    for version, win in enumerate(WINS):
        recorded = page.request.post(f"{server}/api/tables/{created['edit_token']}/hands",
                                     data=dict(win, version=version))
        assert recorded.status == 201, recorded.text()
    return created


def test_the_players_end_the_game_and_see_the_final_standings(browser, server: str, shot) -> None:  # type: ignore[no-untyped-def]
    page = new_page(browser)
    created = mcr_table(page, server, ["Ann", "Bob", "Cai", "Dee"])
    board = page.context.new_page()
    board.goto(f"{server}/b/{created['view_token']}")
    expect(board.locator("#final-standings")).to_have_count(0)
    page.goto(f"{server}/t/{created['edit_token']}")
    # One colour per player: the seat's edge and the chart's line are the same.
    seats = page.evaluate("() => [0, 1, 2, 3].map(p => getComputedStyle("
                          "document.querySelector(`.seats .seat[data-seat='${p}']`)).borderLeftColor)")
    lines = page.evaluate("() => Chart.getChart(document.getElementById('totals-chart'))"
                          ".data.datasets.map(d => d.borderColor)")
    as_rgb = [f"rgb({int(c[1:3], 16)}, {int(c[3:5], 16)}, {int(c[5:7], 16)})" for c in lines]
    assert seats == as_rgb and len(set(seats)) == 4
    page.get_by_text("End the game", exact=True).click()
    page.locator("#end-game-now").click()
    standings = page.locator("#final-standings")
    expect(standings).to_be_visible()
    expect(page.locator("#end-reason")).to_have_text("The players ended the game.")
    rows = standings.locator("tbody tr")
    expect(rows).to_have_count(4)
    # Table points beside the score: Cai 4, Ann 2, Bob and Dee level on -49 share (1 + 0) / 2.
    assert [rows.nth(i).locator("td").all_inner_texts() for i in range(4)] == [
        ["1", "Cai", "4", "50"], ["2", "Ann", "2", "48"],
        ["3", "Bob", "0.5", "-49"], ["3", "Dee", "0.5", "-49"]]
    expect(page.locator("#declare")).to_have_count(0)
    no_sideways_scroll(page)
    shot(page, "final-standings")
    # The scoreboard left open shows the standings by itself.
    expect(board.locator("#final-standings tbody tr")).to_have_count(4)
    # Play on takes the end back.
    page.locator("#resume-game").click()
    expect(page.locator("#declare")).to_be_visible()
    expect(page.locator("#final-standings")).to_have_count(0)
    assert page.context.console_errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_final_standings_with_long_names_fit_a_phone_and_the_scoreboard_a_screen(  # type: ignore[no-untyped-def]
        browser, server: str, shot) -> None:
    page = new_page(browser)
    created = mcr_table(page, server, NAMES)
    ended = page.request.post(f"{server}/api/tables/{created['edit_token']}/end", data={"version": len(WINS)})
    assert ended.status == 201, ended.text()
    for path in (f"/t/{created['edit_token']}", f"/b/{created['view_token']}"):
        page.goto(server + path)
        expect(page.locator("#final-standings tbody tr")).to_have_count(4)
        no_sideways_scroll(page)
    page.context.close()
    screen = new_page(browser, SCREEN, mobile=False)
    played = mcr_table(screen, server, ["Ann", "Bob", "Cai", "Dee"])
    screen.goto(f"{server}/b/{played['view_token']}")
    seats = screen.locator("#board").bounding_box()
    chart = screen.locator("#board-chart-card").bounding_box()
    # Side by side, the chart nearly as tall as the screen.
    assert chart["x"] >= seats["x"] + seats["width"] and chart["height"] > 0.7 * SCREEN["height"]
    no_sideways_scroll(screen)
    shot(screen, "scoreboard-large")
    assert screen.context.console_errors == []  # type: ignore[attr-defined]
    screen.context.close()
