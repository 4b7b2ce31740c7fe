"""The reader's language: chosen from the link, the session and Accept-Language; a switch on every
page; engine errors and item names in that language; numbers written as its readers write them;
the JSON API untouched by any of it."""

from __future__ import annotations

import re

import pytest
from i18n_catalogs import compile_catalogs
from tests_web_helpers import WIN

from webapp.engine_messages import TEMPLATES
from webapp.i18n import LANGUAGES, language_of

LANG = re.compile(r'<html lang="([^"]+)"')


@pytest.fixture(scope="module", autouse=True)
def _catalogs() -> None:
    compile_catalogs()


@pytest.fixture()
def table(client, make_table):  # type: ignore[no-untyped-def]
    created = make_table()
    client.post(f"/api/tables/{created['edit_token']}/hands", json=dict(WIN, version=0))
    return created


def page_language(response) -> str:  # type: ignore[no-untyped-def]
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return LANG.search(response.get_data(as_text=True)).group(1)


@pytest.mark.parametrize(("header", "expected"), [
    ("zh-TW,zh;q=0.9,en;q=0.5", "zh-Hant"),
    ("zh-HK", "zh-Hant"),
    ("zh-CN,zh;q=0.9", "zh-Hans"),
    ("zh", "zh-Hans"),
    ("ja-JP,ja;q=0.9", "ja"),
    ("fr-FR,pl;q=0.8,en;q=0.5", "pl"),
    ("de-DE,fr;q=0.5", "en"),
    ("", "en"),
])
def test_accept_language_chooses_the_language(client, header, expected) -> None:
    assert page_language(client.get("/", headers={"Accept-Language": header})) == expected


def test_the_switch_is_kept_in_the_session(client) -> None:
    assert page_language(client.get("/?lang=ja", headers={"Accept-Language": "pl"})) == "ja"
    assert page_language(client.get("/", headers={"Accept-Language": "pl"})) == "ja"
    assert page_language(client.get("/?lang=zh-Hant")) == "zh-Hant"
    assert page_language(client.get("/")) == "zh-Hant"


def test_an_unknown_language_is_a_clear_400(client) -> None:
    response = client.get("/?lang=klingon")
    assert response.status_code == 400
    assert "unknown language" in response.get_data(as_text=True)
    assert page_language(client.get("/")) == "en"   # nothing was kept


def test_every_page_has_the_switch_in_every_language(client, table) -> None:
    token, view = table["edit_token"], table["view_token"]
    for path in ("/", f"/t/{token}", f"/t/{token}/declare", f"/t/{token}/draw", f"/t/{token}/hands/0",
                 f"/t/{token}/dispute", f"/b/{view}"):
        html = client.get(path).get_data(as_text=True)
        switch = re.search(r'<nav class="langs"[^>]*>(.*?)</nav>', html, re.S)
        assert switch, path
        for code, label in LANGUAGES.items():
            assert f"lang={code}" in switch.group(1) and label in switch.group(1), (path, code)


def test_the_read_only_board_takes_a_language_in_its_link(client, table) -> None:
    fresh = client.application.test_client()   # a second screen: no session, no header
    assert page_language(fresh.get(f"/b/{table['view_token']}?lang=ja")) == "ja"
    assert page_language(fresh.get(f"/b/{table['view_token']}?lang=zh_Hans")) == "zh-Hans"


def test_the_api_stays_locale_free(client, table) -> None:
    token = table["edit_token"]
    english = client.get(f"/api/tables/{token}").json
    japanese = client.get(f"/api/tables/{token}?lang=ja", headers={"Accept-Language": "ja"}).json
    assert japanese == english
    bad = client.post(f"/api/tables/{token}/score", headers={"Accept-Language": "ja"},
                      json={"hand": "123m45x", "winner": 0, "win_by": "tsumo"}).json
    assert bad["score"]["code"] == "notation.unexpected_character"
    assert "unexpected character" in bad["score"]["error"]


def test_language_tags_as_links_and_browsers_write_them() -> None:
    assert [language_of(tag) for tag in ("PL", "ja-JP", "zh-Hant-TW", "zh_Hans", "zh-SG", "en-GB", "xx")] \
        == ["pl", "ja", "zh_Hant", "zh_Hans", "zh_Hans", "en", None]


# -- engine errors and names --------------------------------------------------------------------

def engine_codes() -> set[str]:
    """Every code the engine can answer, read from its source (so a new code needs a message)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "engine"
    codes: set[str] = set()
    for path in root.rglob("*.py"):
        text = path.read_text()
        codes.update(re.findall(r'code(?:=|": )"([a-z_]+\.[a-z_]*[a-z])"', text))
        shapes = re.findall(r'"(?:chi|pon|kan|ankan|kakan)": "(\w+)"', text)
        codes.update(f"meld.illegal_{shape}" for shape in shapes)
    return codes


def test_every_engine_code_has_a_message() -> None:
    codes = engine_codes()
    assert {"notation.unexpected_character", "hand.tile_count", "score.below_minimum"} <= codes
    assert codes - set(TEMPLATES) == set()


def test_engine_errors_are_rendered_in_the_readers_language(app) -> None:
    from webapp.engine_messages import render_error, render_reason

    error = {"ok": False, "error": "hand: unexpected character 'x' at position 6; ...",
             "code": "notation.unexpected_character", "params": {"char": "x", "position": 6, "field": "hand"}}
    below = {"reason": "6 fan points ...", "reason_code": "score.below_minimum",
             "reason_params": {"points": 6, "minimum": 8}}
    with app.test_request_context("/?lang=pl"):
        polish = render_error(error)
        assert polish.startswith("Ręka: ") and "„x”" in polish and "6" in polish
        assert "8" in render_reason(below)
    with app.test_request_context("/?lang=ja"):
        assert "x" in render_error(error) and "文字" in render_error(error)
    with app.test_request_context("/?lang=en"):
        assert render_error(error) == ("Hand: Unexpected character “x” at position 6: tiles are digits "
                                       "followed by m, p, s, z or f.")
        unknown = {"ok": False, "error": "something new", "code": "engine.brand_new", "params": {}}
        assert render_error(unknown) == "something new"


def test_item_titles_follow_the_language() -> None:
    from webapp.item_names import item_title

    assert item_title("mcr", "Full Flush", "en") == ("Full Flush", "清一色")
    assert item_title("mcr", "Full Flush", "zh_Hans") == ("清一色", None)
    assert item_title("mcr", "All Green", "zh_Hant") == ("綠一色", None)
    assert item_title("mcr", "Seven Pairs", "pl") == ("Siedem Par", "七对")
    assert item_title("mcr", "Full Flush", "pl") == ("Pełny Kolor", "清一色")
    assert item_title("mcr", "Full Flush", "ja") == ("清一色", None)
    assert item_title("mcr", "All Green", "ja") == ("緑一色", "绿一色")
    assert item_title("riichi", "Pinfu", "ja") == ("平和", None)
    assert item_title("riichi", "Pinfu", "zh_Hans") == ("平和", None)
    assert item_title("riichi", "Ittsu", "zh_Hans") == ("一气通贯", "一気通貫")
    assert item_title("taiwanese", "All Pungs 碰碰胡", "en") == ("All Pungs", "碰碰胡")
    assert item_title("taiwanese", "All Pungs 碰碰胡", "pl") == ("Same Pungi", "碰碰胡")
    assert item_title("taiwanese", "All Pungs 碰碰胡", "ja") == ("対々和", "碰碰胡")
    assert item_title("taiwanese", "Seat Wind 門風", "zh_Hans") == ("门风", None)
    assert item_title("mcr", "Declared total", "ja") == ("Declared total", None)


def test_the_hand_page_shows_native_names(client, table) -> None:
    from engine.families import score_json

    token = table["edit_token"]
    items = score_json({key: WIN[key] for key in ("hand", "win_tile", "win_by")})["items"]
    assert items
    english = client.get(f"/t/{token}/hands/0?lang=en").get_data(as_text=True)
    chinese = client.get(f"/t/{token}/hands/0?lang=zh_Hans").get_data(as_text=True)
    for item in items:
        assert item["name"] in english and item["native_name"] in english
        assert item["native_name"] in chinese and item["name"] not in chinese


# -- numbers -----------------------------------------------------------------------------------

def test_numbers_are_written_as_the_reader_writes_them(app) -> None:
    from webapp.i18n import number

    expected = {"en": "32,000", "pl": "32\xa0000", "zh_Hans": "32,000", "ja": "32,000"}
    for language, text in expected.items():
        with app.test_request_context(f"/?lang={language}"):
            app.preprocess_request()
            assert number(32000) == text, language
            assert number(-8) in ("-8", "\u22128")


# -- CSV ---------------------------------------------------------------------------------------

def test_the_csv_download_follows_the_readers_locale(client, table) -> None:
    token = table["edit_token"]
    polish = client.get(f"/t/{token}/export.csv?lang=pl").get_data(as_text=True)
    assert polish.startswith("\ufeff")
    header, first = polish[1:].splitlines()[:2]
    assert header.split(";")[:5] == ["zdarzenie", "rozdanie", "oznaczenie", "rodzaj", "opis"]
    assert header.split(";")[5] == "Ann zmiana" and first.split(";")[5] == "35"
    chinese = client.get(f"/t/{token}/export.csv?lang=zh_Hans").get_data(as_text=True)
    assert chinese[1:].splitlines()[0].split(",")[:2] == ["事件", "局"]
    english_api = client.get(f"/api/tables/{token}/export.csv", headers={"Accept-Language": "pl"})
    assert english_api.get_data(as_text=True).splitlines()[0].startswith("event,hand,label,kind,summary")


def test_the_table_page_titles_hands_in_the_readers_language(client, table) -> None:
    html = client.get(f"/b/{table['view_token']}?lang=zh_Hans").get_data(as_text=True)
    assert "Ann 和 Bob 打出的牌，11" in html
    html = client.get(f"/b/{table['view_token']}?lang=pl").get_data(as_text=True)
    assert "Ann wygrywa na zrzutce Bob, 11" in html
