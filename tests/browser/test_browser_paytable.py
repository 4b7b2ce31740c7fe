"""The payment table on a phone: four players' amounts, with the counters' and the riichi sticks'
lines, each fit in its column (at 17 px the total row's amounts ran into each other)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
LONG = "Annabelle Featherstonehaugh-Smythe III"
OVERFLOWING = """() => [...document.querySelectorAll('table.paytable td, table.paytable th')]
    .filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent.trim())"""


def test_every_amount_fits_its_column_at_390_px(phone, server: str) -> None:  # type: ignore[no-untyped-def]
    page = phone
    made = page.request.post(f"{server}/api/tables", data={
        "name": "Pay table", "rules": "riichi", "options": {}, "players": [LONG, "Bob", "Cai", "Dee"]}).json()
    token = made["edit_token"]
    # Three riichi sticks and a counter on the table, then Bob's haneman takes them: +15,300.
    draw = {"waiting": [0], "riichi": [0, 2, 3], "version": 0}
    assert page.request.post(f"{server}/api/tables/{token}/draws", data=draw).status == 201
    win = {"hand": "234m234m55m666z777z", "win_tile": "5m", "win_by": "ron", "winner": 1, "discarder": 2,
           "riichi": [1], "version": 1}
    assert page.request.post(f"{server}/api/tables/{token}/hands", data=win).status == 201

    page.goto(f"{server}/t/{token}/hands/1")
    expect(page.locator("#pay-total")).to_contain_text("+15,300")
    assert page.evaluate(OVERFLOWING) == []
    page.goto(f"{server}/t/{token}/hands/1/amend")
    expect(page.locator("#breakdown #pay-total")).to_contain_text("+15,300")
    assert page.evaluate(OVERFLOWING) == []
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert page.context.console_errors == []  # type: ignore[attr-defined]
