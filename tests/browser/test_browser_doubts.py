"""The photo reader's doubts on the declare page, in the page's language: the page script writes
each from its code and params (Polish's plural forms chosen by the browser's plural rules), an
engine code in the engine's words, and an unknown code, or an English page, as the reader's text."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import MISREAD_INDEX, misreading_reader, running_app
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from i18n_catalogs import compile_catalogs  # noqa: E402

pytestmark = pytest.mark.browser

DOUBTS = [
    {"kind": "low_confidence", "tiles": [MISREAD_INDEX], "code": "low_confidence",
     "message": "tile 4 read as 6p with confidence 0.61",
     "params": {"index": 4, "tile": "6p", "confidence": 0.61}},
    {"kind": "stray", "tiles": [], "code": "stray",
     "message": "5 faint detections away from the hand left out",
     "params": {"count": 5, "codes": "1z 1z 2z 3s 4s"}},
    {"kind": "five_of_a_kind", "tiles": [], "code": "five_of_a_kind", "message": "3 tiles read as 6p",
     "params": {"count": 3, "tile": "6p", "limit": 2}},
    {"kind": "hand", "tiles": [], "code": "hand.no_winning_tile", "message": "no winning tile given",
     "params": {}},
    {"kind": "later", "tiles": [], "code": "later", "message": "a doubt this page has no words for",
     "params": {"x": 1}},
    {"kind": "low_confidence", "tiles": [2], "message": "tile 2 read as 3m (a reading stored before params)"},
]


def doubting_reader(data: bytes) -> dict:
    return dict(misreading_reader(data), ambiguities=DOUBTS)


@pytest.fixture(scope="module")
def doubting_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    compile_catalogs()
    with running_app(tmp_path_factory.mktemp("doubts"), doubting_reader) as url:
        yield url


def doubts_on_the_page(page, server: str, language: str, hand_photo) -> list[str]:  # type: ignore[no-untyped-def]
    token = page.request.post(server + "/api/tables", data={
        "name": "Doubts", "players": ["Ann", "Bob", "Cai", "Dee"], "rules": "mcr"}).json()["edit_token"]
    page.goto(f"{server}/t/{token}/declare?lang={language}")
    page.set_input_files("#photo", str(hand_photo))
    expect(page.locator("#ambiguities li")).to_have_count(len(DOUBTS))
    return page.locator("#ambiguities li").all_inner_texts()


def test_doubts_are_written_in_polish_and_japanese(  # type: ignore[no-untyped-def]
        phone, doubting_server: str, hand_photo) -> None:
    polish = doubts_on_the_page(phone, doubting_server, "pl", hand_photo)
    assert polish == ["kamień 4 odczytany jako 6p z pewnością 0,61",
                      "pominięto 5 słabych wykryć z dala od ręki (1z 1z 2z 3s 4s)",
                      "3 kamienie odczytane jako 6p; komplet ma 2",
                      "Nie podano kamienia wygrywającego.",
                      "a doubt this page has no words for",
                      "tile 2 read as 3m (a reading stored before params)"]
    japanese = doubts_on_the_page(phone, doubting_server, "ja", hand_photo)
    assert japanese[:3] == ["牌 4 を 6p と読み取りました（確信度 0.61）",
                            "手牌から離れた弱い検出枠5個（1z 1z 2z 3s 4s）を除外しました",
                            "3枚が 6p と読み取られました：1組の牌には2枚しかありません"]
    english = doubts_on_the_page(phone, doubting_server, "en", hand_photo)
    assert english == [doubt["message"] for doubt in DOUBTS]
