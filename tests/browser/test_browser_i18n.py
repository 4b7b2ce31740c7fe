"""The declare and table pages in every language on a 390 px phone: the page is in that language,
nothing scrolls sideways, and the breakdown names each fan as a reader of that language knows it
(the README's Chinese and Japanese breakdown pictures are taken here)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest
from conftest import wait_for_held

from webapp.i18n import LANGUAGES
from webapp.item_names import item_title

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from i18n_catalogs import compile_catalogs  # noqa: E402

pytestmark = pytest.mark.browser
MISREAD_INDEX = 4   # the fake reader in conftest.py reads this tile (5p) as 6p
WIN = {"hand": "123m456p789s11z222z", "win_tile": "2z", "win_by": "ron", "winner": 0, "discarder": 1}
# A shared test machine can be slow to serve the first pages; waiting longer tests nothing less.
TIMEOUT_MS = 120_000
# The declare page's minimum line for the MCR win, as each language says it (the unit as the
# page's units name fan).
MINIMUM_MET = {"en": "minimum 8 fan, flowers not counted: met",
               "pl": "minimum 8 pkt, bez kwiatów: spełnione",
               "zh_Hans": "起和 8 番（花牌不计）：已达到",
               "zh_Hant": "起和 8 番（花牌不計）：已達到",
               "ja": "最低 8 点（花牌は数えない）：達成"}
# Where `shot` writes (conftest.py): docs/screenshots under `make screenshots`, else an ignored folder.
SCREENSHOTS = Path(os.environ.get("TILETALLY_SCREENSHOTS")
                   or Path(__file__).resolve().parents[2] / "data" / "screenshots")


def shot_breakdown(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """The score card alone (the README's breakdown pictures)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#score-step").screenshot(path=str(SCREENSHOTS / f"{name}.png"))


@pytest.fixture(scope="module", autouse=True)
def _catalogs() -> None:
    compile_catalogs()


def new_table(page, server: str, rules: str, hands: int = 1) -> str:  # type: ignore[no-untyped-def]
    created = page.request.post(server + "/api/tables", data={
        "name": "Friday", "players": ["Ann", "Bob", "Cai", "Dee"], "rules": rules}).json()
    token = created["edit_token"]
    for version in range(hands):
        page.request.post(f"{server}/api/tables/{token}/hands", data=dict(WIN, version=version))
    return token


def no_sideways_scroll(page) -> None:  # type: ignore[no-untyped-def]
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"the page is {widths[0]} px wide in a {widths[1]} px window"


def declare_the_photo(page, hand_photo: Path) -> None:  # type: ignore[no-untyped-def]
    """Send the photo, fix the misread tile, wait for a valid breakdown."""
    page.set_input_files("#photo", str(hand_photo))
    wrong = page.locator(f'#groups button[data-g="0"][data-i="{MISREAD_INDEX}"][data-code="6p"]')
    wrong.wait_for()
    wrong.click()
    page.click('#palette-tabs button[data-suit="p"]')
    page.click('#palette button[data-code="5p"]')
    page.wait_for_selector("#breakdown .verdict.ok")


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_table_and_declare_pages_in_each_language(phone, server: str, shot, hand_photo,  # type: ignore[no-untyped-def]
                                                   language: str) -> None:
    page = phone
    page.set_default_timeout(TIMEOUT_MS)
    token = new_table(page, server, "mcr")
    tag = language.replace("_", "-")

    page.goto(f"{server}/t/{token}?lang={tag}")
    assert page.get_attribute("html", "lang") == tag
    assert page.locator('.langs a[aria-current="true"]').inner_text() == LANGUAGES[language]
    no_sideways_scroll(page)
    shot(page, f"table-{language}")

    page.goto(f"{server}/t/{token}/declare")      # the switch was kept in the session
    assert page.get_attribute("html", "lang") == tag
    declare_the_photo(page, hand_photo)
    breakdown = page.inner_text("#breakdown")
    assert MINIMUM_MET[language] in page.inner_text("#breakdown .verdict.ok"), language
    for english in ("Mixed Straight", "Concealed Hand"):
        title, native = item_title("mcr", english, language)
        assert title in breakdown and (native is None or native in breakdown), (language, english)
    if language != "en":
        assert "Mixed Straight" not in breakdown or language in ("pl", "ja")
        # the reasons too (engine.reasons codes, translated by the page script)
        assert "no melds, won on a discard" not in breakdown, (language, breakdown)
    else:
        assert "no melds, won on a discard" in breakdown
    no_sideways_scroll(page)
    shot(page, f"declare-breakdown-{language}")
    shot_breakdown(page, f"breakdown-{language}")
    assert not page.context.console_errors


def test_riichi_breakdown_in_japanese(phone, server: str, shot, hand_photo) -> None:  # type: ignore[no-untyped-def]
    page = phone
    page.set_default_timeout(TIMEOUT_MS)
    token = new_table(page, server, "riichi", hands=0)
    page.goto(f"{server}/t/{token}/declare?lang=ja")
    page.check('#flags input[value="riichi"]')
    page.check('#flags input[value="ippatsu"]')
    declare_the_photo(page, hand_photo)
    breakdown = page.inner_text("#breakdown")
    assert "立直" in breakdown and "一発" in breakdown and "Riichi" not in breakdown
    assert "リーチを宣言" in breakdown and "declared ready" not in breakdown   # the reasons too
    assert re.search(r"[\u3040-\u30ff]", breakdown)    # the page's own text is Japanese too
    no_sideways_scroll(page)
    shot(page, "declare-breakdown-riichi-ja")
    shot_breakdown(page, "breakdown-riichi-ja")
    assert not page.context.console_errors


def test_a_dispute_in_japanese(phone, server: str) -> None:  # type: ignore[no-untyped-def]
    """The verdict and every difference between claim and hand in the page's language (the API
    answers them in English)."""
    page = phone
    page.set_default_timeout(TIMEOUT_MS)
    token = new_table(page, server, "mcr", hands=0)
    page.goto(f"{server}/t/{token}/dispute?lang=ja")
    # 111m 222m 345m 678m 9m + 5p: no pair, so the claim is a false win.
    page.click('#palette-tabs button[data-suit="m"]')
    for code in ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1m", "1m", "2m", "2m"]:
        page.click(f'#palette button[data-code="{code}"]')
    page.click('#palette-tabs button[data-suit="p"]')
    page.click('#palette button[data-code="5p"]')
    page.fill("#claim", "24")
    page.wait_for_selector("#versus")
    page.wait_for_function("() => document.querySelector('#breakdown').innerText.includes('24')")
    text = page.inner_text("#breakdown")
    assert "和了形ではない" in text and "和了：" in text, text
    assert "not a winning hand" not in text and "Declared" not in text and "Mahjong" not in text
    no_sideways_scroll(page)
    assert not page.context.console_errors


def abortive_draw_shown_by_ann(page, tiles: str) -> None:  # type: ignore[no-untyped-def]
    """Fill the draw form as an abortive draw on nine terminals, Ann showing ``tiles``: four
    changes, so four previews besides the page's own."""
    page.check('input[name="kind"][value="abortive"]')
    page.select_option("#reason", "nine_terminals")
    page.select_option("#draw-player", "0")
    page.fill("#draw-tiles", tiles)
    page.dispatch_event("#draw-tiles", "change")


def test_a_refused_draw_preview_in_polish(phone, server: str) -> None:  # type: ignore[no-untyped-def]
    """A bad tile in an abortive draw's evidence: the preview note says so in the page's language,
    from the code and params the API answers beside its English error."""
    page = phone
    page.set_default_timeout(TIMEOUT_MS)
    token = new_table(page, server, "riichi", hands=0)
    page.goto(f"{server}/t/{token}/draw?lang=pl")
    abortive_draw_shown_by_ann(page, "19m5x")
    note = page.locator("#draw-note", has_text="Nieoczekiwany znak")
    note.wait_for()
    assert note.inner_text() == ("Kamienie: Nieoczekiwany znak „x” na pozycji 4: kamienie to cyfry, po "
                                 "których następuje m, p, s, z lub f.")
    # the refused preview itself is logged by the browser; no script failed
    assert [error for error in page.context.console_errors if "Failed to load resource" not in error] == []


def test_a_late_preview_answer_does_not_replace_the_newest(phone, server: str) -> None:  # type: ignore[no-untyped-def]
    """On a slow link the previews of earlier forms can answer after the newest one: the note keeps
    what the newest form drew (the flaky CI run of 2 December 2026 was this race)."""
    page = phone
    page.set_default_timeout(TIMEOUT_MS)
    token = new_table(page, server, "riichi", hands=0)
    held: list = []
    page.route("**/draws/preview", lambda route: held.append(route))
    page.goto(f"{server}/t/{token}/draw?lang=pl")
    abortive_draw_shown_by_ann(page, "19m5x")
    wait_for_held(page, held, 5)   # the page's own preview and one per change
    held[-1].continue_()
    note = page.locator("#draw-note", has_text="Nieoczekiwany znak")
    note.wait_for()
    for route in held[:-1]:
        with page.expect_response("**/draws/preview"):
            route.continue_()
    page.evaluate("() => new Promise((done) => setTimeout(done, 200))")   # let the page take them
    assert "Nieoczekiwany znak „x”" in page.inner_text("#draw-note")
    # and an accepted draw is titled in the page's language, not in the API's English
    page.unroute("**/draws/preview")
    page.fill("#draw-tiles", "19m19p19s1234567z")
    page.dispatch_event("#draw-tiles", "change")
    page.locator("#draw-note", has_text="przerwane rozdanie").wait_for()
    assert "abortive" not in page.inner_text("#draw-note")
    page.check('input[name="kind"][value="exhaustive"]')
    page.check('input[name="waiting"][value="2"]')
    page.locator("#draw-note", has_text="czekali: Cai").wait_for()
    assert page.inner_text("#draw-note") == "remis; czekali: Cai"
