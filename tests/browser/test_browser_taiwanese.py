"""A Taiwanese table on a phone: a 17-tile hand entered with the tile editor (the browser tests'
reader is a fake that knows one 14-tile photo), the breakdown in tai with the dealer-streak line,
and the totals after the dealer wins twice in a row."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from engine.families.taiwanese.family import PRESETS, payment

pytestmark = pytest.mark.browser
TW = PRESETS["taiwanese"]
# 123m 456p 789s 234s 678m 55p, winning on 4s (waiting on 1s or 4s): 平胡 2 + 門清 1 on a discard.
TILES = (("m", "123678"), ("p", "45655"), ("s", "789234"))


def enter_hand(page) -> None:  # type: ignore[no-untyped-def]
    for suit, codes in TILES:
        page.click(f'#palette-tabs button[data-suit="{suit}"]')
        for digit in codes:
            page.click(f'#palette button[data-code="{digit}{suit}"]')


def test_taiwanese_dealer_streak_in_the_breakdown(phone, server: str, shot) -> None:  # type: ignore[no-untyped-def]
    page = phone
    page.goto(server + "/")
    page.fill("#name", "Taipei Sunday")
    page.select_option("#rules", "taiwanese")
    page.click("#new-table button[type=submit]")
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"), timeout=90000)
    table_url = page.url
    for hand, discarder in ((1, "1"), (2, "2")):
        page.click("#declare")
        page.wait_for_url(re.compile(r"/declare$"), timeout=90000)
        enter_hand(page)
        expect(page.locator("#groups .tilebtn")).to_have_count(17)
        assert page.locator("#groups .tilebtn.win").get_attribute("data-code") == "4s"
        page.select_option("#winner", "0")              # Ann, East: the dealer
        page.select_option("#discarder", discarder)
        expect(page.locator("#breakdown .verdict.ok")).to_be_visible(timeout=10000)
        text = page.inner_text("#breakdown")
        assert "All Chows" in text and "Concealed" in text and "Dealer" in text and "tai" in text
        if hand == 2:
            # The second hand of Ann's deal: streak 1, 連1拉1 worth 2 tai, total 2 + 1 + 1 + 2.
            assert "Dealer Streak" in text
            expect(page.locator("#score-total")).to_have_text(re.compile(r"^6 tai"))
            shot(page, "declare-taiwanese")
        page.click("#confirm")
        page.wait_for_url(re.compile(r"#hand-\d+$"), timeout=90000)
    page.goto(table_url)
    totals = [int(page.inner_text(f'[data-total="{player}"]')) for player in range(4)]
    first, second = payment(4, TW), payment(6, TW)
    assert totals == [first + second, -first, -second, 0]
    assert page.context.console_errors == []  # type: ignore[attr-defined]
