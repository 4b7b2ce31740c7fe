"""Native names as data: every MCR fan has its Chinese name and every Riichi yaku its Japanese
one, each table agrees with the engine's own tables, and the names agree with two published
lists the tests can run: PyMahjongGB's fan calculator (which returns the Chinese name of each
fan it scores) and the ``mahjong`` library's yaku classes (whose docstrings open with the
Japanese name). Every difference from them is listed by name, with the reason, in docs/i18n.md.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import unicodedata

import pytest
from mcr_random import random_hands
from riichi_random import LIBRARY_NAMES

from engine.families import family_named, score_json
from engine.families.babcock import names as babcock
from engine.families.mcr import names as mcr
from engine.families.mcr.fans import FANS
from engine.families.riichi import names as riichi
from engine.families.riichi.family import DORA_REASONS
from engine.families.riichi.yaku import ALL_YAKU
from engine.names import add_native_names, localized_name, native_name


def test_every_mcr_fan_has_its_chinese_names():
    assert len(FANS) == 81
    assert set(mcr.NAMES) == set(FANS)
    for key, fan in FANS.items():
        english, simplified, traditional, _ = mcr.NAMES[key]
        assert english == fan.name
        assert simplified and traditional
        assert native_name(family_named("mcr"), fan.name) == simplified
        assert localized_name(family_named("mcr"), fan.name, "zh_Hant") == traditional
    assert len({names[1] for names in mcr.NAMES.values()}) == 81  # no two fans share a name


def test_every_riichi_yaku_and_dora_has_its_japanese_name():
    for unit in ALL_YAKU:
        english, japanese_name, _ = riichi.NAMES[unit.id]
        assert english == unit.name
        assert native_name(family_named("riichi"), unit.name) == japanese_name
    for english, _ in DORA_REASONS:
        assert native_name(family_named("riichi"), english)


def test_polish_names_are_the_source_documents_own_first():
    assert localized_name(family_named("mcr"), "Seven Pairs", "pl") == "Siedem Par"
    assert localized_name(family_named("mcr"), "Thirteen Orphans", "pl") == "13 Sierot"
    assert localized_name(family_named("riichi"), "Kokushi Musou", "pl") == "Trzynaście Sierot"
    # Where the documents do not name a hand, the Polish reader still gets our translation.
    assert localized_name(family_named("mcr"), "Full Flush", "pl") == "Pełny Kolor"


# -- against PyMahjongGB ------------------------------------------------------------------------

# PyMahjongGB prints the three wait fans as "独听・边张" (single-wait: edge); the Green Book list
# (docs/i18n.md) names them 边张, 嵌张, 单钓将.
PYMAHJONGGB_WAITS = {"独听・边张": "边张", "独听・嵌张": "嵌张", "独听・单钓": "单钓将"}
# Fans the random hands rarely reach, with a hand that has each.
RARE_FAN_HANDS = [
    {"hand": "111z222z333z444z55m", "win_tile": "5m", "win_by": "tsumo"},
    {"hand": "111m999m111p999p11s", "win_tile": "1s"},
    {"hand": "789m789p789s777s99m", "win_tile": "9m"},
    {"hand": "789s44z", "melds": ["chi:123m", "chi:567p", "pon:222s"], "win_tile": "9s",
     "seat_wind": "S"},
]


def test_mcr_names_agree_with_pymahjonggb():
    pytest.importorskip("MahjongGB")
    from MahjongGB import MahjongFanCalculator
    from mcr_oracle import ALIASES, PYMAHJONGGB_MELDED_CONCEALED, oracle_arguments

    theirs: dict[str, str] = {}
    for data in random_hands(2000, seed=20261129) + RARE_FAN_HANDS:
        for _, _, chinese, english in MahjongFanCalculator(*oracle_arguments(data)):
            theirs[ALIASES.get(english, english)] = PYMAHJONGGB_WAITS.get(chinese, chinese)
    theirs.pop(PYMAHJONGGB_MELDED_CONCEALED)   # not a fan of our presets (tests/mcr_oracle.py)
    assert set(theirs) == {fan.name for fan in FANS.values()}
    assert {english: native_name(family_named("mcr"), english) for english in theirs} == theirs


# -- against the mahjong library -----------------------------------------------------------------

# Where our Japanese name and the library's docstring differ, and why (docs/i18n.md).
LIBRARY_DIFFERENCES = {
    "chankan": ("搶槓", "槍槓"),          # both are printed; 槍槓 is the usual Japanese form
    "haku": ("白", "役牌 白"),            # the library names the tile; the yaku is 役牌
    "hatsu": ("發", "役牌 發"),
    "chun": ("中", "役牌 中"),
}


def _library_docstring_names() -> dict[str, str]:
    pytest.importorskip("mahjong")
    from mahjong.hand_calculating import yaku_list
    from mahjong.hand_calculating.yaku import Yaku

    names = {}
    for package in (yaku_list, importlib.import_module(yaku_list.__name__ + ".yakuman")):
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            for _, cls in inspect.getmembers(module, inspect.isclass):
                if issubclass(cls, Yaku) and cls.__module__ == module.__name__ and cls.__doc__:
                    names[cls.name] = cls.__doc__.strip().split(":")[0]
    return names


def _same(a: str, b: str) -> bool:
    def plain(text: str) -> str:
        return unicodedata.normalize("NFKC", text).replace(" ", "")
    return plain(a) == plain(b)


def test_japanese_names_agree_with_the_mahjong_library():
    library = _library_docstring_names()
    differences = {}
    for yaku_id, library_name in LIBRARY_NAMES.items():
        ours = riichi.NAMES[yaku_id][1]
        if not _same(library[library_name], ours):
            differences[yaku_id] = (library[library_name], ours)
    for english, _ in DORA_REASONS:
        assert _same(library[english], native_name(family_named("riichi"), english))
    assert differences == LIBRARY_DIFFERENCES


# -- the engine's JSON -------------------------------------------------------------------------

def test_score_json_adds_native_names_and_nothing_else():
    data = {"rules": "riichi", "hand": "123m456m789m123p11z", "win_tile": "1z", "win_by": "ron"}
    result = score_json(data)
    assert [(item["name"], item["native_name"]) for item in result["items"]] == [("Ittsu", "一気通貫")]
    mcr_result = score_json({"hand": "123m456m789m123p55p", "win_tile": "5p", "win_by": "tsumo"})
    assert all(item["native_name"] == native_name(family_named("mcr"), item["name"])
               for item in mcr_result["items"] + mcr_result["excluded"])
    # engine.reasons adds the codes of the reasons and of the names built from a template
    added = ("native_name", "why_code", "why_params", "name_code", "name_params")
    stripped = {**mcr_result, "items": [{k: v for k, v in item.items() if k not in added}
                                        for item in mcr_result["items"]]}
    assert set(stripped["items"][0]) == {"name", "value", "count", "why"}


def test_an_item_without_a_native_name_gets_null():
    result = add_native_names({"items": [{"name": "Declared total", "value": 8}]}, family_named("mcr"))
    assert result["items"] == [{"name": "Declared total", "value": 8, "native_name": None}]
    assert native_name(family_named("hongkong"), "Seven Pairs") is None   # a family without names


def test_classical_names_cover_its_fixed_items():
    from engine.families.babcock.tables import BONUSES, LIMIT_HANDS

    named = {english for english, _, _ in babcock.NAMES.values()}
    assert named <= set(BONUSES) | set(LIMIT_HANDS) | {"Mah-Jongg", "Limit"}
    result = score_json({"rules": "classical", "hand": "111m222p333s444z55z", "win_tile": "5z",
                         "win_by": "tsumo"})
    names = {item["name"]: item["native_name"] for item in result["items"]}
    assert names["Mah-Jongg"] == "和牌" and names["Drawn winning tile"] == "自摸"


@pytest.mark.parametrize("family", ["mcr", "riichi", "babcock", "taiwanese", "hongkong"])
def test_every_item_has_a_name_in_every_language(family: str) -> None:
    for english, names in family_named(family).native_names.items():
        for language in ("pl", "ja", "zh_Hans", "zh_Hant"):
            assert names.get(language), (family, english, language)


def test_every_tai_and_faan_the_engine_names_is_in_the_tables() -> None:
    from engine.families.hongkong.faan import FAAN
    from engine.families.taiwanese.tai import DEALER_TAI, TAI
    for family, units in (("taiwanese", TAI + DEALER_TAI), ("hongkong", FAAN)):
        for unit in units:
            item = unit.name + " " + unit.chinese      # as engine.families.units.Earned names it
            assert item in family_named(family).native_names, (family, item)
