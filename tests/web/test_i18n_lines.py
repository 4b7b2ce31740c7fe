"""The classical game's set lines and doubles (names the scorer builds from the hand) in the
reader's language: read back into their code and params and written from the translated template,
on the hand page, on the declare page's titles and on the command line; English keeps the engine's
names, and every template is translated."""

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


@pytest.mark.parametrize(("english", "language", "expected"), [
    ("Concealed pung of 5 Dots", "zh_Hans", "5 饼子的暗刻子"),
    ("Exposed kong of Red", "zh_Hant", "紅中的明槓"),
    ("Pair of Green", "zh_Hans", "发财的对子"),
    ("Double: own wind East pung", "zh_Hans", "加倍：门风东刻子"),
    ("Double: prevailing wind South kong", "zh_Hant", "加倍：圈風南槓"),
    ("Double: Red pung", "ja", "倍：中の刻子"),
    ("Double: one suit", "ja", "倍：清一色"),
    ("Double: own Plum", "zh_Hans", "加倍：正花（梅）"),
    ("Plum", "ja", "梅"),
    ("Concealed pung of 5 Dots", "pl", "Ukryty pung: 5 Kółka"),
    ("Double: all honours", "pl", "Podwojenie: same honory"),
])
def test_a_built_name_in_the_readers_language(english: str, language: str, expected: str) -> None:
    assert line_title("babcock", english, language, tr(language)) == expected


def test_english_other_names_and_other_families_are_left_alone() -> None:
    assert line_title("babcock", "Concealed pung of 5 Dots", "en", tr("en")) is None
    assert line_title("babcock", "Mah-Jongg", "zh_Hans", tr("zh_Hans")) is None
    assert line_title("mcr", "Concealed pung of 5 Dots", "zh_Hans", tr("zh_Hans")) is None
    # a name the names data titles keeps that title
    assert titled("babcock", "Thirteen Orphans", "zh_Hans", tr=tr("zh_Hans")).title != "Thirteen Orphans"


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
