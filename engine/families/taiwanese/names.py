"""Names of the Taiwanese tai (``engine.families.taiwanese.tai``), keyed by the unit's key.

Each entry: (English, Traditional Chinese as the players write it, Simplified Chinese, Japanese,
Polish). The English and Traditional names are the units' own (a breakdown item is named
"English Traditional"); the others are our translations (Japanese in the kanji forms Japanese
players of Taiwanese mahjong write).
"""

from __future__ import annotations

NAMES: dict[str, tuple[str, str, str, str, str]] = {
    "dealer": ("Dealer", "莊家", "庄家", "親", "Rozdający"),
    "dealer_streak": ("Dealer Streak", "連莊拉莊", "连庄拉庄", "連荘", "Seria Rozdającego"),
    "eight_flowers": ("Eight Flowers", "八仙過海", "八仙过海", "八仙過海", "Osiem Kwiatów"),
    "heavenly": ("Heavenly Hand", "天胡", "天胡", "天和", "Ręka Nieba"),
    "earthly": ("Earthly Hand", "地胡", "地胡", "地和", "Ręka Ziemi"),
    "big_winds": ("Big Four Winds", "大四喜", "大四喜", "大四喜", "Cztery Wielkie Wiatry"),
    "small_winds": ("Small Four Winds", "小四喜", "小四喜", "小四喜", "Cztery Małe Wiatry"),
    "big_dragons": ("Big Three Dragons", "大三元", "大三元", "大三元", "Trzy Wielkie Smoki"),
    "small_dragons": ("Small Three Dragons", "小三元", "小三元", "小三元", "Trzy Małe Smoki"),
    "full_flush": ("Full Flush", "清一色", "清一色", "清一色", "Pełny Kolor"),
    "half_flush": ("Half Flush", "混一色", "混一色", "混一色", "Pół Koloru"),
    "all_pungs": ("All Pungs", "碰碰胡", "碰碰胡", "対々和", "Same Pungi"),
    "five_concealed_pungs": ("Five Concealed Pungs", "五暗刻", "五暗刻", "五暗刻", "Pięć Ukrytych Pungów"),
    "four_concealed_pungs": ("Four Concealed Pungs", "四暗刻", "四暗刻", "四暗刻", "Cztery Ukryte Pungi"),
    "three_concealed_pungs": ("Three Concealed Pungs", "三暗刻", "三暗刻", "三暗刻", "Trzy Ukryte Pungi"),
    "ping_hu": ("All Chows", "平胡", "平胡", "平和", "Same Chowy"),
    "all_melded": ("All Melded", "全求", "全求", "全求人", "Wszystko Odkryte"),
    "dragon": ("Dragon Pung", "三元牌", "三元牌", "三元牌", "Pung Smoków"),
    "seat_wind": ("Seat Wind", "門風", "门风", "門風", "Wiatr Miejsca"),
    "round_wind": ("Round Wind", "圈風", "圈风", "圏風", "Wiatr Rundy"),
    "seat_flower": ("Seat Flower", "正花", "正花", "正花", "Kwiat Miejsca"),
    "flower_set": ("Flower Set", "花槓", "花杠", "花槓", "Komplet Kwiatów"),
    "concealed_self_drawn": ("Concealed Self-drawn", "門清自摸", "门清自摸", "門前清自摸",
        "Ukryta Ręka, Samodzielne Dobranie"),
    "concealed": ("Concealed", "門清", "门清", "門前清", "Ukryta Ręka"),
    "self_drawn": ("Self-drawn", "自摸", "自摸", "自摸", "Samodzielne Dobranie"),
    "single_wait": ("Single Wait", "獨聽", "独听", "単騎", "Czekanie na Jeden Kamień"),
    "robbing_kong": ("Robbing the Kong", "搶槓", "抢杠", "搶槓", "Rabowanie Konga"),
    "kong_replacement": ("Out on a Replacement", "槓上開花", "杠上开花", "嶺上開花",
        "Wyjście na Kamieniu Zastępczym"),
    "last_wall_tile": ("Last Tile of the Wall", "海底撈月", "海底捞月", "海底撈月",
        "Ostatni Kamień ze Ściany"),
    "last_discard": ("Last Discard", "河底撈魚", "河底捞鱼", "河底撈魚", "Ostatnia Zrzutka"),
}


NATIVE_LANGUAGE = "zh_Hant"

