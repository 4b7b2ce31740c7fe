"""The table's refusals in the reader's language: every code has a template, every template is
translated in every catalog, a page says the refusal in its reader's language, and the JSON API
answers the code and params beside the unchanged English text."""

from __future__ import annotations

import html
import re

import pytest
from i18n_catalogs import TRANSLATED, catalog, compile_catalogs
from tests_web_helpers import WIN

from engine.table.messages import MESSAGES as TABLE_MESSAGES
from webapp.engine_messages import TEMPLATES, render
from webapp.storage.values import NAME_MESSAGES, PLAYER_NAME, TABLE_NAME

BAD_TILES = {"kind": "abortive", "reason": "nine_terminals", "player": "0", "tiles": "19m5x"}


@pytest.fixture(scope="module", autouse=True)
def _catalogs() -> None:
    compile_catalogs()


def csrf(client) -> str:  # type: ignore[no-untyped-def]
    return re.search(r'name="csrf_token" value="([^"]+)"', client.get("/").get_data(as_text=True)).group(1)


def test_every_refusal_template_is_rendered_by_the_web_layer() -> None:
    assert set(TABLE_MESSAGES) | set(NAME_MESSAGES) <= set(TEMPLATES)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_refusal_is_translated_in_every_language(language: str) -> None:
    messages = {message.id: message.string for message in catalog(language, "messages") if message.id}
    english = [*TABLE_MESSAGES.values(), *NAME_MESSAGES.values(), TABLE_NAME, PLAYER_NAME]
    missing = [msgid for msgid in english if not messages.get(msgid)]
    assert missing == []
    same = [msgid for msgid in english if messages[msgid] == msgid]
    assert same == [], f"{language}: left in English"


def test_a_bad_token_on_the_draw_page_is_refused_in_polish(client, make_table) -> None:
    token = make_table("riichi")["edit_token"]
    response = client.post(f"/t/{token}/draw", data={**BAD_TILES, "version": "0", "csrf_token": csrf(client)},
                           headers={"Accept-Language": "pl"})
    assert response.status_code == 400
    page = html.unescape(response.get_data(as_text=True))
    assert "Remisu nie zapisano: Kamienie: Nieoczekiwany znak „x” na pozycji 4" in page
    assert "unexpected character" not in page


def test_the_api_answers_the_code_and_params_beside_the_english(client, make_table) -> None:
    token = make_table("riichi")["edit_token"]
    body = {"abortive": True, "reason": "nine_terminals", "player": 0, "tiles": "19m5x"}
    bad = client.post(f"/api/tables/{token}/draws/preview", json=body, headers={"Accept-Language": "pl"})
    assert bad.status_code == 422
    assert bad.json["code"] == "notation.unexpected_character"
    assert bad.json["params"] == {"char": "x", "position": 4, "field": "tiles"}
    assert bad.json["error"].startswith("tiles: unexpected character 'x' at position 4")
    created = client.post("/api/tables", json={"name": "t", "players": ["Ann", "ann", "Cid", "Dee"],
                                               "rules": "mcr"}, headers={"Accept-Language": "ja"})
    assert created.status_code == 400
    assert created.json == {"ok": False, "error": "the four players need four different names",
                            "code": "table.distinct_names", "params": {}, "status": 400}


def test_recording_an_unreadable_hand_answers_its_code(client, make_table) -> None:
    token = make_table()["edit_token"]
    body = dict(WIN, hand="123m456p789s11z22x2z", version=0)
    response = client.post(f"/api/tables/{token}/hands", json=body)
    assert response.status_code == 422
    assert response.json["code"] == "notation.unexpected_character"
    assert response.json["params"] == {"char": "x", "position": 17, "field": "hand"}
    assert "'x' at position 17" in response.json["error"] and response.json["ok"] is False


def test_a_refused_table_is_flashed_in_the_readers_language(client) -> None:
    form = {"csrf_token": csrf(client), "name": "x" * 81, "rules": "mcr", "player0": "Ann",
            "player1": "Bob", "player2": "Cid", "player3": "Dee", "opt.mcr.minimum": "8",
            "opt.mcr.false_win_penalty": "20", "opt.mcr.two_concealed_kongs": "8",
            "opt.mcr.melded_concealed_kongs": "6"}
    response = client.post("/tables?lang=ja", data=form)
    assert response.status_code == 400
    assert "卓の名前が 80 文字を超えています" in html.unescape(response.get_data(as_text=True))
    form.update(name="ok", player1="ann")
    polish = html.unescape(client.post("/tables?lang=pl", data=form).get_data(as_text=True))
    assert "czterej gracze muszą mieć cztery różne imiona" in polish
    english = html.unescape(client.post("/tables?lang=en", data=form).get_data(as_text=True))
    assert "the four players need four different names" in english


def test_a_table_refusal_is_rendered_from_its_code(app) -> None:
    params = {"player": "Bob", "detail": "4 Bamboo is a sacred discard"}
    english = "Bob may not win on this discard: 4 Bamboo is a sacred discard"
    with app.test_request_context("/?lang=zh_Hant"):
        chinese = render("table.sacred_discard", params, english)
        assert chinese == "Bob 不能和這張牌：4 Bamboo is a sacred discard"
        assert render("table.claims_list", {}, "x") == "和牌申報必須是非空的 {winner, score} 列表"
    with app.test_request_context("/?lang=en"):
        assert render("table.sacred_discard", params, english) == english
        assert render("table.refused", {}, "said otherwise") == "said otherwise"
