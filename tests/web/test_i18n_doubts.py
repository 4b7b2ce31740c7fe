"""The photo reader's doubts in the reader's language: each code renders in Polish and Japanese
from its params (with Polish's three plural forms), a hand the engine refuses in the engine's
words, an unknown code as the reader's English text; every message is translated; the declare page
hands its script the messages per plural category."""

from __future__ import annotations

import html
import json
import re

import pytest
from babel.support import Translations
from i18n_catalogs import TRANSLATED, TRANSLATIONS, catalog, compile_catalogs

from engine.core.hand import HandError, hand_from_dict
from webapp import engine_messages
from webapp.doubt_messages import MESSAGES, page_templates, plural_samples, render

# One doubt of each code, as vision.layout, vision.sets and vision.halves write them.
DOUBTS = [
    ("stray", "stray", {"count": 2, "codes": "5z 2s"},
     "2 faint detections away from the hand (5z 2s) left out"),
    ("apart", "apart", {"count": 3, "codes": "9p 1z 4s"}, "3 tiles away from the hand (9p 1z 4s) left out"),
    ("winning_tile", "winning_tile", {"count": 2, "codes": "3m 6z"},
     "2 single tiles are laid apart (3m, 6z); the last is taken as the winning tile"),
    ("no_winning_tile", "no_winning_tile", {"tile": "6z"},
     "no tile is laid apart as the winning tile; the last tile of the row (6z) is taken"),
    ("meld_apart", "meld_apart", {"codes": "5p 5p 5p"},
     "5p 5p 5p lies apart where melds go but no tile of it was seen sideways: read as a called meld"),
    ("low_confidence", "low_confidence", {"index": 4, "tile": "5p", "confidence": 0.41},
     "tile 4 read as 5p with confidence 0.41"),
    ("five_of_a_kind", "five_of_a_kind", {"count": 5, "tile": "1m", "limit": 4},
     "5 tiles read as 1m; a set has 4"),
    ("five_of_a_kind", "red_fives", {"count": 2, "tile": "0p"}, "2 red fives 0p; a set has one"),
    ("hand", "no_concealed", {}, "no concealed tiles were found"),
    ("regrouped", "regrouped", {"codes": "5p 6p 7p", "index": 6, "was": "5p 6p | 7p 1z"},
     "5p 6p 7p taken as one called set around the sideways tile 6 (laid as 5p 6p | 7p 1z)"),
    ("face_down", "face_down", {"count": 1, "codes": "back 3m"},
     "face-down tile in no concealed kong (back 3m): left out (a gap or a shadow?)"),
    ("face_down", "all_face_down", {}, "face-down tiles: all four are face down: which tile is it?"),
    ("kong_seen_in_part", "kong_seen_in_part", {"tile": "6p", "count": 3},
     "concealed kong of 6p: only 3 of its four tiles were seen"),
    ("sideways", "sideways", {"index": 4, "count": 5},
     "tile 4 looks sideways in a group of 5 tiles, which is no meld; read as concealed"),
    ("illegal_set", "illegal_set", {"codes": "1m 5p 9s"},
     "called tiles 1m 5p 9s are no legal set (chi, pon or kan)"),
    ("joined", "joined", {"index": 12, "tile": "4m", "other": "1m"},
     "tile 12 (4m) and a box over it read as 1m are taken as one tile (one tile or two?)"),
    ("joined", "joined_unplaced", {"tile": "4m", "other": "1m"},
     "a tile read as 4m and a box over it read as 1m are taken as one tile (one tile or two?)"),
]

# What each says in Polish and in Japanese (the tile notation and numbers filled in).
POLISH = {
    "stray": "pominięto 2 słabe wykrycia z dala od ręki (5z 2s)",
    "apart": "pominięto 3 kamienie z dala od ręki (9p 1z 4s)",
    "winning_tile": "2 pojedyncze kamienie leżą osobno (3m 6z); ostatni przyjęto jako kamień wygrywający",
    "no_winning_tile": "żaden kamień nie leży osobno jako wygrywający; przyjęto ostatni kamień rzędu (6z)",
    "meld_apart": "5p 5p 5p leży osobno, w miejscu meldów, ale żaden z jego kamieni nie leży bokiem: "
                  "odczytano jako odkryty meld",
    "low_confidence": "kamień 4 odczytany jako 5p z pewnością 0,41",
    "five_of_a_kind": "5 kamieni odczytanych jako 1m; komplet ma 4",
    "red_fives": "2 czerwone piątki 0p; komplet ma jedną",
    "no_concealed": "nie znaleziono ukrytych kamieni",
    "regrouped": "5p 6p 7p przyjęto jako jeden odkryty zestaw wokół kamienia 6 położonego bokiem "
                 "(położone jako 5p 6p | 7p 1z)",
    "face_down": "kamień odwrócony grzbietem, który nie należy do ukrytego konga (back 3m): pominięty "
                 "(szczelina albo cień?)",
    "all_face_down": "kamienie odwrócone grzbietem: wszystkie cztery leżą grzbietem do góry: jaki to kamień?",
    "kong_seen_in_part": "ukryty kong 6p: widać tylko 3 z jego czterech kamieni",
    "sideways": "kamień 4 wygląda na położony bokiem, ale jego grupa ma 5 kamieni i nie jest meldem; "
                "odczytano jako ukryty",
    "illegal_set": "kamienie wzięte od innych 1m 5p 9s nie tworzą dozwolonego zestawu (chi, pon ani kan)",
    "joined": "kamień 12 (4m) i ramka nad nim odczytana jako 1m zostały uznane za jeden kamień "
              "(jeden kamień czy dwa?)",
    "joined_unplaced": "kamień odczytany jako 4m i ramka nad nim odczytana jako 1m zostały uznane za "
                       "jeden kamień (jeden kamień czy dwa?)",
}
JAPANESE = {
    "stray": "手牌から離れた弱い検出枠2個（5z 2s）を除外しました",
    "apart": "手牌から離れた牌3枚（9p 1z 4s）を除外しました",
    "winning_tile": "単独で離して置かれた牌が2枚あります（3m 6z）。最後の牌を和了牌とみなしました",
    "no_winning_tile": "和了牌として離して置かれた牌がありません。列の最後の牌（6z）を和了牌とみなしました",
    "meld_apart": "5p 5p 5p は副露の位置に離して置かれていますが、横向きの牌が見えません："
                  "副露として読み取りました",
    "low_confidence": "牌 4 を 5p と読み取りました（確信度 0.41）",
    "five_of_a_kind": "5枚が 1m と読み取られました：1組の牌には4枚しかありません",
    "red_fives": "赤五 0p が2枚あります：1組の牌に赤五は1枚だけです",
    "no_concealed": "門前の牌が見つかりませんでした",
    "regrouped": "横向きの牌 6 を含む 5p 6p 7p を1つの副露とみなしました（置かれ方：5p 6p | 7p 1z）",
    "face_down": "どの暗槓にも属さない裏向きの牌（back 3m）：除外しました（隙間か影？）",
    "all_face_down": "裏向きの牌：4枚とも裏向きです。何の牌ですか？",
    "kong_seen_in_part": "6p の暗槓：4枚のうち3枚しか見えませんでした",
    "sideways": "牌 4 は横向きに見えますが、5枚の組は副露になりません：門前の牌として読み取りました",
    "illegal_set": "鳴いた牌 1m 5p 9s は正しい面子（チー・ポン・カン）になっていません",
    "joined": "牌 12（4m）と、その上で 1m と読み取られた枠を1枚の牌とみなしました（1枚か2枚か？）",
    "joined_unplaced": "4m と読み取られた牌と、その上で 1m と読み取られた枠を1枚の牌とみなしました"
                       "（1枚か2枚か？）",
}


@pytest.fixture(scope="module", autouse=True)
def _catalogs() -> None:
    compile_catalogs()


def translations(language: str) -> Translations:
    return Translations.load(str(TRANSLATIONS), [language], "messages")


def doubt(kind: str, code: str, params: dict, message: str) -> dict:
    return {"kind": kind, "tiles": [], "message": message, "code": code, "params": params}


def test_every_message_has_a_sample_and_every_sample_a_message() -> None:
    assert {code for _, code, _, _ in DOUBTS} == set(MESSAGES) == set(POLISH) == set(JAPANESE)


@pytest.mark.parametrize(("kind", "code", "params", "message"), DOUBTS, ids=[d[1] for d in DOUBTS])
def test_each_doubt_renders_in_polish_and_japanese(kind: str, code: str, params: dict, message: str) -> None:
    item = doubt(kind, code, params, message)
    assert render(item, translations("pl"), "pl") == POLISH[code]
    assert render(item, translations("ja"), "ja") == JAPANESE[code]
    assert render(item, translations("en"), "en") == message     # English: the reader's own text


@pytest.mark.parametrize(("kind", "code", "params", "message"), DOUBTS, ids=[d[1] for d in DOUBTS])
def test_the_english_message_is_the_readers_text(kind: str, code: str, params: dict, message: str) -> None:
    # the English message (its form for the count) filled in is what the reader writes, up to how
    # it lists tiles (the reader writes "3m, 6z" where a list has commas)
    english = MESSAGES[code]
    template = english[params["count"] != 1] if isinstance(english, tuple) else english
    assert template.format(**params) == message.replace("3m, 6z", "3m 6z")


def test_polish_counts_take_their_plural_form() -> None:
    pl = translations("pl")
    stray = [render(doubt("stray", "stray", {"count": n, "codes": "5z"}, "x"), pl, "pl")
             for n in (1, 3, 5, 22)]
    assert stray == ["pominięto 1 słabe wykrycie z dala od ręki (5z)",
                     "pominięto 3 słabe wykrycia z dala od ręki (5z)",
                     "pominięto 5 słabych wykryć z dala od ręki (5z)",
                     "pominięto 22 słabe wykrycia z dala od ręki (5z)"]
    sideways = render(doubt("sideways", "sideways", {"index": 2, "count": 2}, "x"), pl, "pl")
    assert "jego grupa ma 2 kamienie" in sideways


def test_a_hand_the_engine_refuses_is_said_in_the_engines_words() -> None:
    with pytest.raises(HandError) as refused:
        hand_from_dict({"hand": "123m456p789s11z", "melds": [], "win_tile": "1z"})
    error = refused.value
    item = doubt("hand", error.code, error.params, str(error))     # as vision.layout says it
    assert render(item, translations("pl"), "pl").startswith("Liczba kamieni w ręce: 11;")
    assert render(item, translations("ja"), "ja") == engine_messages.render(
        error.code, error.params, str(error), translations("ja").gettext) != str(error)


def test_an_unknown_code_or_missing_params_show_the_english() -> None:
    assert render(doubt("new_kind", "new_kind", {"x": 1}, "something new"), translations("pl"), "pl") \
        == "something new"
    assert render(doubt("stray", "stray", {}, "2 faint detections"), translations("pl"), "pl") \
        == "2 faint detections"
    assert render({"kind": "stray", "message": "old reading"}, translations("ja"), "ja") == "old reading"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_doubt_message_is_translated(language: str) -> None:
    strings = {message.id: message.string for message in catalog(language, "messages") if message.id}
    for english in MESSAGES.values():
        forms = strings.get(english)
        assert forms, f"{language}: {english!r} missing"
        forms = (forms,) if isinstance(forms, str) else forms
        assert all(forms), f"{language}: {english!r} has an empty form"
        english_forms = (english,) if isinstance(english, str) else english
        assert not set(forms) & set(english_forms), f"{language}: {english!r} left in English"


def test_the_page_gets_each_plural_category() -> None:
    assert plural_samples("pl") == {"many": 0, "one": 1, "few": 2}
    assert set(plural_samples("ja")) == {"other"}
    polish = page_templates(translations("pl"), "pl")
    assert polish["five_of_a_kind"] == {"many": "{count} kamieni odczytanych jako {tile}; komplet ma {limit}",
                                        "one": "{count} kamień odczytany jako {tile}; komplet ma {limit}",
                                        "few": "{count} kamienie odczytane jako {tile}; komplet ma {limit}"}
    assert page_templates(translations("ja"), "ja")["stray"] == {
        "other": "手牌から離れた弱い検出枠{count}個（{codes}）を除外しました"}
    assert page_templates(translations("en"), "en") is None


def test_the_declare_page_embeds_the_doubts_in_its_language(client, make_table) -> None:
    token = make_table("mcr")["edit_token"]
    page = client.get(f"/t/{token}/declare?lang=pl").get_data(as_text=True)
    data = json.loads(html.unescape(re.search(r'id="i18n-engine">(.*?)</script>', page, re.S).group(1)))
    assert data["doubts"]["no_concealed"] == "nie znaleziono ukrytych kamieni"
    assert data["doubts"]["stray"]["few"].startswith("pominięto {count} słabe wykrycia")
    english = client.get(f"/t/{token}/declare?lang=en").get_data(as_text=True)
    assert json.loads(html.unescape(re.search(r'id="i18n-engine">(.*?)</script>', english, re.S)
                                    .group(1)))["doubts"] is None
