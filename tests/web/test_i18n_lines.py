"""The classical game's set lines and doubles (names the scorer builds from the hand) in the
reader's language: written from the item's code and params (``name_code``, ``name_params``) with
the translated template, on the hand page, on the declare page's titles and on the command line,
never read back from the English; English keeps the engine's names, and every template is
translated."""

from __future__ import annotations

import html
import json
import re

import pytest
from babel.support import Translations
from i18n_catalogs import TRANSLATED, TRANSLATIONS, catalog, compile_catalogs

from engine.families.babcock.titles import LINES
from webapp.item_lines import line_title, page_titles, titled

# Ann (East, East round) wins the classical game on Bob's 2z: a concealed pung of 5 Dots and of
# East (her own wind: a double).
CLASSICAL_WIN = {"hand": "123m555p789s111z22z", "win_tile": "2z", "win_by": "ron", "winner": 0,
                 "discarder": 1}


@pytest.fixture(scope="module", autouse=True)
def _catalogs() -> None:
    compile_catalogs()


def tr(language: str) -> Translations:
    return Translations.load(str(TRANSLATIONS), [language], "messages")


@pytest.mark.parametrize(("code", "params", "language", "expected"), [
    ("babcock.concealed_set", {"shape": "pung", "tile_name": "5 Dots"}, "zh_Hans", "5 饼子的暗刻子"),
    ("babcock.exposed_set", {"shape": "kong", "tile_name": "Red"}, "zh_Hant", "紅中的明槓"),
    ("babcock.scoring_pair", {"tile_name": "Green"}, "zh_Hans", "发财的对子"),
    ("babcock.own_wind_set_double", {"honour": "East", "shape": "pung"}, "zh_Hans", "加倍：门风东刻子"),
    ("babcock.prevailing_wind_set_double", {"honour": "South", "shape": "kong"}, "zh_Hant", "加倍：圈風南槓"),
    ("babcock.dragon_set_double", {"honour": "Red", "shape": "pung"}, "ja", "倍：中の刻子"),
    ("babcock.one_suit_double", {}, "ja", "倍：清一色"),
    ("babcock.own_flower_double", {"flowers": "Plum"}, "zh_Hans", "加倍：正花（梅）"),
    ("babcock.flower", {"flowers": "Plum"}, "ja", "梅"),
    ("babcock.concealed_set", {"shape": "pung", "tile_name": "5 Dots"}, "pl", "Ukryty pung: 5 Kółka"),
    ("babcock.all_honours_double", {}, "pl", "Podwojenie: same honory"),
])
def test_a_built_name_in_the_readers_language(code: str, params: dict, language: str, expected: str) -> None:
    assert line_title("babcock", code, params, language, tr(language)) == expected
    # written from the code and params, whatever the English text says
    written = titled("babcock", "(any English)", language, tr=tr(language), code=code, params=params)
    assert written.title == expected


def test_english_other_names_and_other_families_are_left_alone() -> None:
    pung = ("babcock.concealed_set", {"shape": "pung", "tile_name": "5 Dots"})
    assert line_title("babcock", *pung, "en", tr("en")) is None
    assert line_title("mcr", *pung, "zh_Hans", tr("zh_Hans")) is None
    assert line_title("babcock", "babcock.no_such_line", {}, "zh_Hans", tr("zh_Hans")) is None
    # a name the names data titles keeps that title
    assert titled("babcock", "Thirteen Orphans", "zh_Hans", tr=tr("zh_Hans")).title != "Thirteen Orphans"


def test_a_name_without_its_code_is_shown_as_written() -> None:
    """A stored item written before the names had codes: its English name is not read back."""
    assert titled("babcock", "Concealed pung of 5 Dots", "zh_Hans", tr=tr("zh_Hans")).title == \
        "Concealed pung of 5 Dots"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_line_is_translated(language: str) -> None:
    strings = {message.id: message.string for message in catalog(language, "messages") if message.id}
    marked = [template for template in LINES.values() if template != "{flowers}"]
    assert all(strings.get(template) for template in marked), language
    assert not [template for template in marked if strings[template] == template], language


def test_the_hand_page_in_chinese(client, make_table) -> None:
    token = make_table("classical")["edit_token"]
    assert client.post(f"/api/tables/{token}/hands", json=dict(CLASSICAL_WIN, version=0)).status_code == 201
    page = client.get(f"/t/{token}/hands/0?lang=zh_Hans").get_data(as_text=True)
    assert "<div>5 饼子的暗刻子</div>" in page
    assert "<div>加倍：门风东刻子</div>" in page
    assert "Concealed pung" not in page
    english = client.get(f"/t/{token}/hands/0?lang=en").get_data(as_text=True)
    assert "<div>Concealed pung of 5 Dots</div>" in english


def test_the_declare_page_titles_the_lines(client, make_table) -> None:
    token = make_table("classical")["edit_token"]
    page = client.get(f"/t/{token}/declare?lang=zh_Hant").get_data(as_text=True)
    data = json.loads(html.unescape(re.search(r'id="i18n-engine">(.*?)</script>', page, re.S).group(1)))
    assert data["titles"]["Concealed pung of 5 Dots"] == ["5 筒子的暗刻子", None]
    assert page_titles("babcock", "en") == {} and page_titles("mcr", "zh_Hans") == {}
