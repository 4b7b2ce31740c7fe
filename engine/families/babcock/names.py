"""Chinese names of the classical (Babcock) bonuses and limit hands that have a fixed English name
(``engine.families.babcock.tables``), keyed by that name: the breakdown's set lines and doubles are built from
the hand ("Pung of 5p", "Double: own wind East pung") and have no single native name.

Each entry: (English name, Simplified Chinese, Traditional Chinese). Only the names whose Chinese
form is the common one are listed; docs/i18n.md says which are left out and why.
"""

from __future__ import annotations

NAMES: dict[str, tuple[str, str, str]] = {
    "mah_jongg": ("Mah-Jongg", "和牌", "和牌"),
    "drawn_winning_tile": ("Drawn winning tile", "自摸", "自摸"),
    "only_possible_place": ("Only possible place", "独听", "獨聽"),
    "loose_tile": ("Loose tile", "杠上开花", "槓上開花"),
    "no_runs": ("No runs", "对对和", "對對和"),
    "robbing_a_kong": ("Robbing a kong", "抢杠", "搶槓"),
    "last_tile": ("Last tile", "海底捞月", "海底撈月"),
    "limit": ("Limit", "满贯", "滿貫"),
    "hand_from_heaven": ("Hand from Heaven", "天和", "天和"),
    "hand_from_earth": ("Hand from Earth", "地和", "地和"),
    "thirteen_orphans": ("Thirteen Orphans", "十三幺", "十三么"),
    "four_wind_hand": ("Four Wind Hand", "大四喜", "大四喜"),
    "heads_and_tails": ("Heads and Tails", "混幺九", "混么九"),
    "three_great_scholars": ("Three Great Scholars", "大三元", "大三元"),
}


JAPANESE: dict[str, str] = {
    "mah_jongg": "和了", "drawn_winning_tile": "自摸", "only_possible_place": "単騎待ち",
    "loose_tile": "嶺上開花", "no_runs": "対々和", "robbing_a_kong": "搶槓", "last_tile": "海底撈月",
    "limit": "満貫", "hand_from_heaven": "天和", "hand_from_earth": "地和", "thirteen_orphans": "十三幺",
    "four_wind_hand": "大四喜", "heads_and_tails": "混幺九", "three_great_scholars": "大三元",
}
POLISH: dict[str, str] = {
    "mah_jongg": "Mahjong", "drawn_winning_tile": "Samodzielnie Dobrany Kamień Wygrywający",
    "only_possible_place": "Jedyne Możliwe Miejsce", "loose_tile": "Kamień Zastępczy",
    "no_runs": "Bez Sekwensów",
    "robbing_a_kong": "Rabowanie Konga", "last_tile": "Ostatni Kamień", "limit": "Limit",
    "hand_from_heaven": "Ręka Nieba", "hand_from_earth": "Ręka Ziemi",
    "thirteen_orphans": "Trzynaście Sierot",
    "four_wind_hand": "Ręka Czterech Wiatrów", "heads_and_tails": "Głowy i Ogony",
    "three_great_scholars": "Trzech Wielkich Uczonych",
}


NATIVE_LANGUAGE = "zh_Hans"


def name_table() -> dict[str, dict[str, str]]:
    """English name -> {language tag: name}; "native" is the players' own (Simplified Chinese)."""
    return {english: {"native": simplified, "zh_Hans": simplified, "zh_Hant": traditional,
                      "ja": JAPANESE[key], "pl": POLISH[key]}
            for key, (english, simplified, traditional) in NAMES.items()}
