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


NATIVE_LANGUAGE = "ja"


def name_table() -> dict[str, dict[str, str]]:
    """English name -> {language tag: name}; "native" is the players' own (Japanese)."""
    table: dict[str, dict[str, str]] = {}
    for english, japanese_name, polish in NAMES.values():
        entry = {"native": japanese_name, "ja": japanese_name}
        if polish:
            entry["pl"] = polish
        table[english] = entry
    return table
