"""A breakdown's reasons in the reader's language: the hand page writes each item's reason from
its code and params (engine.reasons) with the catalogs' templates, honour and fan names in that
language too; a reason without a code stays as the engine wrote it."""

from __future__ import annotations

import pytest
from i18n_catalogs import compile_catalogs

from engine.families.babcock.reasons import why as babcock_why
from engine.families.mcr.reasons import why as mcr_why
from engine.families.unit_reasons import why as unit_why
from engine.reasons import Reason, reasons_joined
from webapp.reason_text import reason_text, words

# Ann (East, East round) wins MCR on Bob's 2z: a pung of East (the prevalent and the seat wind).
MCR_WIN = {"hand": "123m456p789s11122z", "win_tile": "2z", "win_by": "ron", "winner": 0, "discarder": 1}
# Ann (the dealer) wins Riichi on Bob's 5m: two dragon pungs, a half flush, a closed ron.
RIICHI_WIN = {"hand": "234m234m55m666z777z", "win_tile": "5m", "win_by": "ron", "winner": 0, "discarder": 1}


@pytest.fixture(scope="module", autouse=True)
def _catalogs() -> None:
    compile_catalogs()


def coded(field: str, reason: Reason) -> dict:
    """An item as the engine gives it: the reason's English, code and params."""
    explained = reason.explained()
    return {field: str(reason), f"{field}_code": explained["code"], f"{field}_params": explained["params"]}


def _hand_page(client, make_table, rules: str, win: dict, language: str) -> str:  # type: ignore[no-untyped-def]
    token = make_table(rules)["edit_token"]
    assert client.post(f"/api/tables/{token}/hands", json=dict(win, version=0)).status_code == 201
    return client.get(f"/t/{token}/hands/0?lang={language}").get_data(as_text=True)


def test_the_mcr_breakdown_in_chinese(client, make_table) -> None:
    html = _hand_page(client, make_table, "mcr", MCR_WIN, "zh_Hans")
    assert '<div class="why">刻子：东，圈风</div>' in html
    assert '<div class="why">刻子：东，门风</div>' in html
    assert "the prevalent wind" not in html and "the seat wind" not in html


def test_the_riichi_breakdown_in_japanese(client, make_table) -> None:
    html = _hand_page(client, make_table, "riichi", RIICHI_WIN, "ja")
    assert '<div class="why">刻子：6z</div>' in html            # Yakuhai (Green)
    assert '<div class="why">1種類の色（m）と字牌</div>' in html  # Honitsu
    assert "with honours" not in html and "pung of" not in html


def test_the_english_page_keeps_the_engines_words(client, make_table) -> None:
    html = _hand_page(client, make_table, "mcr", MCR_WIN, "en")
    assert '<div class="why">pung of East, the prevalent wind</div>' in html


def test_names_in_params_follow_the_language(app) -> None:
    because = coded("because", mcr_why("mcr.already_make", tiles="123m + 456m + 789m", fan="Pure Straight"))
    listed = coded("why", reasons_joined((mcr_why("mcr.sets", tiles="123m + 123m"),
                                          mcr_why("mcr.sets", tiles="456p + 456p"))))
    with app.test_request_context("/?lang=zh_Hans"):
        app.preprocess_request()
        assert reason_text("mcr", because, "because", "zh_Hans") == \
            "123m + 456m + 789m：不重复/不拆移原则：这些牌组已构成清龙"
        half_flush = coded("why", mcr_why("mcr.half_flush", suit_name="Bamboo"))
        assert reason_text("mcr", half_flush, "why", "zh_Hans") == "一种花色（条子）加字牌"
        assert reason_text("mcr", listed, "why", "zh_Hans") == "123m + 123m; 456p + 456p"
        # A reason stored without a code (scored before the codes existed) is shown as written:
        # nothing reads its English back.
        assert reason_text("mcr", {"why": "one suit (Bamboo) and honours"}, "why", "zh_Hans") \
            == "one suit (Bamboo) and honours"
        assert set(words()) == {"East", "South", "West", "North", "White", "Green", "Red",
                                "Characters", "Dots", "Bamboo"}
    with app.test_request_context("/?lang=pl"):
        app.preprocess_request()
        honours = coded("why", mcr_why("mcr.pung_of_honours", honours="White, Red"))
        assert reason_text("mcr", honours, "why", "pl") == "pung: Biały smok, Czerwony smok"
        unknown = {"why": "drew 5m from the wall", "why_code": "mcr.brand_new", "why_params": {}}
        assert reason_text("mcr", unknown, "why", "pl") == "drew 5m from the wall"


def test_the_other_families_reasons(app) -> None:
    with app.test_request_context("/?lang=zh_Hant"):
        app.preprocess_request()
        flowers = coded("why", unit_why("chinese.seat_flower", flowers="Plum, Spring", honour="East", seat=1))
        assert reason_text("hongkong", flowers, "why", "zh_Hant") == "梅，春：對應東的花牌（第 1 位）"
        wait = coded("why", unit_why("chinese.single_wait", tile_name="5 Dots"))
        assert reason_text("taiwanese", wait, "why", "zh_Hant") == "只有 5 筒子 能和牌（邊張、嵌張或單釣）"
    with app.test_request_context("/?lang=ja"):
        app.preprocess_request()
        melded = coded("why", babcock_why("babcock.set_melded", shape="kong", grade="twos to eights",
                                          exposure="exposed", points=8, meld="kan"))
        assert reason_text("babcock", melded, "why", "ja") == "2〜8の明槓子：8（副露 kan）"
        limit = coded("why", babcock_why("babcock.share_of_limit", reason=babcock_why("babcock.earth"),
                                         fraction="1/2", limit=1000, value=500))
        assert str(limit["why"]) == "won on East's first discard: 1/2 of the limit 1000 = 500"
        assert reason_text("babcock", limit, "why", "ja") \
            == "東家の最初の捨て牌で和了：上限 1000 の 1/2 = 500"
