"""The declare page's minimum line in the reader's language: every minimum code has a template the
page gets and a translation in every catalog, and the score preview answers the code and params
beside the unchanged English text."""

from __future__ import annotations

import pytest
from i18n_catalogs import TRANSLATED, catalog, compile_catalogs

from engine.families import families
from engine.families.settlement import MINIMUM_MESSAGES
from webapp.engine_messages import TEMPLATES, minimum_fields, render

# Mixed suits, all chows, concealed, on a discard: well under MCR's 8 fan.
SMALL_MCR_WIN = {"hand": "234m567m345p678s99s", "win_tile": "9s", "win_by": "ron", "winner": 0,
                 "discarder": 1}


@pytest.fixture(scope="module", autouse=True)
def _catalogs() -> None:
    compile_catalogs()


def test_every_minimum_code_has_a_template_the_page_gets() -> None:
    assert set(MINIMUM_MESSAGES) <= set(TEMPLATES)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_minimum_line_is_translated(language: str) -> None:
    messages = {message.id: message.string for message in catalog(language, "messages") if message.id}
    missing = [msgid for msgid in MINIMUM_MESSAGES.values() if not messages.get(msgid)]
    assert missing == []
    same = [msgid for msgid in MINIMUM_MESSAGES.values() if messages[msgid] == msgid]
    assert same == [], f"{language}: left in English"


FAMILIES = {family.name: family for family in families()}


@pytest.mark.parametrize("name", sorted(FAMILIES))
@pytest.mark.parametrize("met", [True, False])
def test_each_family_answers_a_known_code_whose_template_gives_its_english(name: str, met: bool) -> None:
    family = FAMILIES[name]
    line = family.minimum_text({}, {"meets_minimum": met, "han": 1})
    assert line.code in MINIMUM_MESSAGES
    assert MINIMUM_MESSAGES[line.code].format(**line.params) == line.text


def test_the_preview_carries_the_minimum_code_and_params(client, make_table) -> None:
    token = make_table()["edit_token"]
    preview = client.post(f"/api/tables/{token}/score", json=SMALL_MCR_WIN).json
    assert preview["score"]["valid"] and preview["score"]["meets_minimum"] is False
    assert preview["minimum_text"] == "minimum 8 fan, flowers not counted: not met"
    assert preview["minimum_code"] == "minimum.not_met"
    assert preview["minimum_params"] == {"minimum": 8, "unit": "fan"}


def test_the_line_renders_in_the_readers_language_with_its_unit(app) -> None:
    line = minimum_fields(FAMILIES["mcr"].minimum_text({"minimum": 8}, {"meets_minimum": True}))
    with app.test_request_context(headers={"Accept-Language": "zh_Hans"}):
        text = render(line["minimum_code"], line["minimum_params"], line["minimum_text"])
    assert text == "起和 8 番（花牌不计）：已达到"
