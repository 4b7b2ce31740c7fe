"""Japanese names of the Riichi yaku and of the other items a Japanese breakdown shows, keyed by
the engine's yaku ids (``engine.families.riichi.yaku``) or, for the few items that are not yaku (dora, and the
points of the points-and-doubles game of the second source document), by a fixed key.

Each entry: (English name, Japanese, Polish or None). The Japanese names are the standard ones of
the published yaku lists cited in docs/i18n.md; Polish only where the Polish source rules name the
hand (docs/i18n.md says which).
"""

from __future__ import annotations

_WINDS = (("east", "East", "東"), ("south", "South", "南"), ("west", "West", "西"),
          ("north", "North", "北"))

NAMES: dict[str, tuple[str, str, str | None]] = {
    "menzen_tsumo": ("Menzen Tsumo", "門前清自摸和", None),
    "riichi": ("Riichi", "立直", None),
    "double_riichi": ("Double Riichi", "ダブル立直", None),
    "ippatsu": ("Ippatsu", "一発", None),
    "rinshan": ("Rinshan Kaihou", "嶺上開花", None),
    "chankan": ("Chankan", "槍槓", "Rabowanie Konga"),
    "haitei": ("Haitei Raoyue", "海底撈月", None),
    "houtei": ("Houtei Raoyui", "河底撈魚", None),
    "renhou": ("Renhou", "人和", None),
    "renhou_yakuman": ("Renhou (yakuman)", "人和（役満）", None),
    "tenhou": ("Tenhou", "天和", None),
    "chiihou": ("Chiihou", "地和", None),
    "tanyao": ("Tanyao", "断么九", None),
    "honitsu": ("Honitsu", "混一色", None),
    "chinitsu": ("Chinitsu", "清一色", None),
    "honroutou": ("Honroutou", "混老頭", None),
    "haku": ("Yakuhai (White)", "役牌 白", None),
    "hatsu": ("Yakuhai (Green)", "役牌 發", None),
    "chun": ("Yakuhai (Red)", "役牌 中", None),
    "shousangen": ("Shousangen", "小三元", None),
    "sankantsu": ("San Kantsu", "三槓子", None),
    "kokushi": ("Kokushi Musou", "国士無双", "Trzynaście Sierot"),
    "kokushi_13_wait": ("Kokushi Musou (13-sided wait)", "国士無双十三面待ち", None),
    "chuuren": ("Chuuren Poutou", "九蓮宝燈", None),
    "chuuren_9_wait": ("Junsei Chuuren Poutou", "純正九蓮宝燈", None),
    "daisangen": ("Daisangen", "大三元", None),
    "shousuushii": ("Shousuushii", "小四喜", None),
    "daisuushii": ("Daisuushii", "大四喜", None),
    "ryuuiisou": ("Ryuuiisou", "緑一色", None),
    "tsuuiisou": ("Tsuuiisou", "字一色", None),
    "chinroutou": ("Chinroutou", "清老頭", None),
    "suukantsu": ("Suu Kantsu", "四槓子", None),
    **{f"seat_wind_{key}": (f"Yakuhai (seat wind {english})", f"自風牌 {kanji}", None)
       for key, english, kanji in _WINDS},
    **{f"round_wind_{key}": (f"Yakuhai (round wind {english})", f"場風牌 {kanji}", None)
       for key, english, kanji in _WINDS},
    "pinfu": ("Pinfu", "平和", None),
    "chiitoitsu": ("Chiitoitsu", "七対子", "Siedem Par"),
    "iipeikou": ("Iipeikou", "一盃口", None),
    "ryanpeikou": ("Ryanpeikou", "二盃口", None),
    "sanshoku": ("Sanshoku Doujun", "三色同順", None),
    "ittsu": ("Ittsu", "一気通貫", None),
    "chanta": ("Chanta", "混全帯么九", None),
    "junchan": ("Junchan", "純全帯么九", None),
    "toitoi": ("Toitoi", "対々和", None),
    "sanankou": ("San Ankou", "三暗刻", None),
    "sanshoku_doukou": ("Sanshoku Doukou", "三色同刻", None),
    "suuankou": ("Suu Ankou", "四暗刻", None),
    "suuankou_tanki": ("Suu Ankou Tanki", "四暗刻単騎", None),
    # Not yaku: the dora items, and the points of the points-and-doubles game.
    "dora": ("Dora", "ドラ", None),
    "aka_dora": ("Aka Dora", "赤ドラ", None),
    "ura_dora": ("Ura Dora", "裏ドラ", None),
    "seven_pairs_points": ("Seven Pairs", "七対子", "Siedem Par"),
    "winning_points": ("Winning", "和了", None),
    "concealed_hand_points": ("Concealed hand", "門前加符", None),
    "self_drawn_points": ("Self-drawn", "自摸符", None),
}


_WIND_ZH = {"east": ("东", "東"), "south": ("南", "南"), "west": ("西", "西"), "north": ("北", "北")}
_WIND_PL = {"east": "Wschód", "south": "Południe", "west": "Zachód", "north": "Północ"}
CHINESE: dict[str, tuple[str, str]] = {
    "menzen_tsumo": ("门前清自摸和", "門前清自摸和"), "riichi": ("立直", "立直"),
    "double_riichi": ("两立直", "兩立直"), "ippatsu": ("一发", "一發"), "rinshan": ("岭上开花", "嶺上開花"),
    "chankan": ("抢杠", "搶槓"), "haitei": ("海底摸月", "海底摸月"), "houtei": ("河底捞鱼", "河底撈魚"),
    "renhou": ("人和", "人和"), "renhou_yakuman": ("人和（役满）", "人和（役滿）"),
    "tenhou": ("天和", "天和"),
    "chiihou": ("地和", "地和"), "tanyao": ("断幺九", "斷么九"), "honitsu": ("混一色", "混一色"),
    "chinitsu": ("清一色", "清一色"), "honroutou": ("混老头", "混老頭"), "haku": ("役牌 白", "役牌 白"),
    "hatsu": ("役牌 发", "役牌 發"), "chun": ("役牌 中", "役牌 中"), "shousangen": ("小三元", "小三元"),
    "sankantsu": ("三杠子", "三槓子"), "kokushi": ("国士无双", "國士無雙"),
    "kokushi_13_wait": ("国士无双十三面", "國士無雙十三面"), "chuuren": ("九莲宝灯", "九蓮寶燈"),
    "chuuren_9_wait": ("纯正九莲宝灯", "純正九蓮寶燈"), "daisangen": ("大三元", "大三元"),
    "shousuushii": ("小四喜", "小四喜"), "daisuushii": ("大四喜", "大四喜"),
    "ryuuiisou": ("绿一色", "綠一色"),
    "tsuuiisou": ("字一色", "字一色"), "chinroutou": ("清老头", "清老頭"), "suukantsu": ("四杠子", "四槓子"),
    **{f"seat_wind_{key}": (f"自风牌 {simplified}", f"自風牌 {traditional}")
       for key, (simplified, traditional) in _WIND_ZH.items()},
    **{f"round_wind_{key}": (f"场风牌 {simplified}", f"場風牌 {traditional}")
       for key, (simplified, traditional) in _WIND_ZH.items()},
    "pinfu": ("平和", "平和"), "chiitoitsu": ("七对子", "七對子"), "iipeikou": ("一杯口", "一盃口"),
    "ryanpeikou": ("二杯口", "二盃口"), "sanshoku": ("三色同顺", "三色同順"),
    "ittsu": ("一气通贯", "一氣通貫"),
    "chanta": ("混全带幺九", "混全帶么九"), "junchan": ("纯全带幺九", "純全帶么九"),
    "toitoi": ("对对和", "對對和"),
    "sanankou": ("三暗刻", "三暗刻"), "sanshoku_doukou": ("三色同刻", "三色同刻"),
    "suuankou": ("四暗刻", "四暗刻"),
    "suuankou_tanki": ("四暗刻单骑", "四暗刻單騎"), "dora": ("宝牌", "寶牌"),
    "aka_dora": ("赤宝牌", "赤寶牌"),
    "ura_dora": ("里宝牌", "裏寶牌"), "seven_pairs_points": ("七对子", "七對子"),
    "winning_points": ("和了", "和了"),
    "concealed_hand_points": ("门前加符", "門前加符"), "self_drawn_points": ("自摸符", "自摸符"),
}
POLISH: dict[str, str] = {
    "menzen_tsumo": "Samodzielne Dobranie z Zakrytą Ręką", "riichi": "Riichi",
    "double_riichi": "Podwójne Riichi",
    "ippatsu": "Ippatsu", "rinshan": "Wygrana na Kamieniu Zastępczym",
    "haitei": "Ostatni Kamień ze Ściany", "houtei": "Ostatnia Zrzutka", "renhou": "Ręka Człowieka",
    "renhou_yakuman": "Ręka Człowieka (yakuman)", "tenhou": "Ręka Nieba", "chiihou": "Ręka Ziemi",
    "tanyao": "Same Proste", "honitsu": "Pół Koloru", "chinitsu": "Pełny Kolor",
    "honroutou": "Same Skrajne i Honory", "haku": "Yakuhai (Biały Smok)", "hatsu": "Yakuhai (Zielony Smok)",
    "chun": "Yakuhai (Czerwony Smok)", "shousangen": "Trzy Małe Smoki", "sankantsu": "Trzy Kongi",
    "kokushi_13_wait": "Trzynaście Sierot (czekanie na 13)", "chuuren": "Dziewięć Bram",
    "chuuren_9_wait": "Czyste Dziewięć Bram", "daisangen": "Trzy Wielkie Smoki",
    "shousuushii": "Cztery Małe Wiatry", "daisuushii": "Cztery Wielkie Wiatry", "ryuuiisou": "Cała Zieleń",
    "tsuuiisou": "Same Honory", "chinroutou": "Same Skrajne", "suukantsu": "Cztery Kongi",
    **{f"seat_wind_{key}": f"Yakuhai (wiatr miejsca: {name})" for key, name in _WIND_PL.items()},
    **{f"round_wind_{key}": f"Yakuhai (wiatr rundy: {name})" for key, name in _WIND_PL.items()},
    "pinfu": "Pinfu (Same Sekwensy)", "iipeikou": "Podwójny Sekwens", "ryanpeikou": "Dwa Podwójne Sekwensy",
    "sanshoku": "Trzy Kolory (Sekwensy)", "ittsu": "Czysty Strit",
    "chanta": "Skrajne lub Honor w Każdym Zestawie",
    "junchan": "Skrajny w Każdym Zestawie", "toitoi": "Same Pungi", "sanankou": "Trzy Ukryte Pungi",
    "sanshoku_doukou": "Trzy Kolory (Pungi)", "suuankou": "Cztery Ukryte Pungi",
    "suuankou_tanki": "Cztery Ukryte Pungi (czekanie na parę)", "dora": "Dora", "aka_dora": "Czerwona Dora",
    "ura_dora": "Ura Dora", "winning_points": "Wygrana", "concealed_hand_points": "Ukryta Ręka",
    "self_drawn_points": "Samodzielne Dobranie",
}


NATIVE_LANGUAGE = "ja"


def name_table() -> dict[str, dict[str, str]]:
    """English name -> {language tag: name}; "native" is the players' own (Japanese); Chinese
    and Polish where the players of those languages name it (ours where no source does)."""
    table: dict[str, dict[str, str]] = {}
    for key, (english, japanese_name, polish) in NAMES.items():
        simplified, traditional = CHINESE[key]
        table[english] = {"native": japanese_name, "ja": japanese_name, "zh_Hans": simplified,
                          "zh_Hant": traditional, "pl": polish or POLISH[key]}
    return table
