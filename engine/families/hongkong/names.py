"""Names of the Hong Kong faan (``engine.families.hongkong.faan``), keyed by the unit's key.

Each entry: (English, Traditional Chinese as the players write it, Simplified Chinese, Japanese,
Polish). The English and Traditional names are the units' own (a breakdown item is named
"English Traditional"); the others are our translations.
"""

from __future__ import annotations

NAMES: dict[str, tuple[str, str, str, str, str]] = {
    "thirteen_orphans": ("Thirteen Orphans", "十三么", "十三幺", "国士無双", "Trzynaście Sierot"),
    "great_winds": ("Great Winds", "大四喜", "大四喜", "大四喜", "Wielkie Wiatry"),
    "all_kongs": ("All Kongs", "十八羅漢", "十八罗汉", "十八羅漢", "Same Kongi"),
    "heavenly": ("Heavenly Hand", "天糊", "天糊", "天和", "Ręka Nieba"),
    "earthly": ("Earthly Hand", "地糊", "地糊", "地和", "Ręka Ziemi"),
    "all_honours": ("All Honours", "字一色", "字一色", "字一色", "Same Honory"),
    "four_concealed_pungs": ("Four Concealed Pungs", "坎坎糊", "坎坎糊", "四暗刻", "Cztery Ukryte Pungi"),
    "orphans": ("Orphans", "清么九", "清幺九", "清老頭", "Same Skrajne"),
    "nine_gates": ("Nine Gates", "九子連環", "九子连环", "九蓮宝燈", "Dziewięć Bram"),
    "common_hand": ("Common Hand", "平糊", "平糊", "平和", "Zwykła Ręka"),
    "all_pungs": ("All in Triplets", "對對糊", "对对糊", "対々和", "Same Pungi"),
    "all_one_suit": ("All One Suit", "清一色", "清一色", "清一色", "Pełny Kolor"),
    "mixed_one_suit": ("Mixed One Suit", "混一色", "混一色", "混一色", "Pół Koloru"),
    "mixed_orphans": ("Mixed Orphans", "花么九", "花幺九", "混老頭", "Skrajne i Honory"),
    "great_dragons": ("Great Dragons", "大三元", "大三元", "大三元", "Wielkie Smoki"),
    "small_dragons": ("Small Dragons", "小三元", "小三元", "小三元", "Małe Smoki"),
    "small_winds": ("Small Winds", "小四喜", "小四喜", "小四喜", "Małe Wiatry"),
    "dragon": ("Dragon Pung", "三元牌", "三元牌", "三元牌", "Pung Smoków"),
    "seat_wind": ("Seat Wind", "門風", "门风", "門風", "Wiatr Miejsca"),
    "round_wind": ("Round Wind", "圈風", "圈风", "圏風", "Wiatr Rundy"),
    "self_drawn": ("Self-drawn", "自摸", "自摸", "自摸", "Samodzielne Dobranie"),
    "fully_concealed": ("Fully Concealed", "門前清", "门前清", "門前清", "W Pełni Ukryta Ręka"),
    "robbing_kong": ("Robbing the Kong", "搶槓", "抢杠", "搶槓", "Rabowanie Konga"),
    "last_tile": ("Win by Last Catch", "海底撈月", "海底捞月", "海底撈月", "Ostatni Kamień ze Ściany"),
    "kong_on_kong": ("Kong on Kong", "槓上槓自摸", "杠上杠自摸", "槓上槓", "Kong na Kongu"),
    "replacement": ("Win on Replacement", "槓上自摸", "杠上自摸", "嶺上開花",
        "Wygrana na Kamieniu Zastępczym"),
    "no_flowers": ("No Flowers", "無花", "无花", "花なし", "Bez Kwiatów"),
    "seat_flower": ("Seat Flower", "正花", "正花", "正花", "Kwiat Miejsca"),
    "flower_set": ("Flower Set", "一台花", "一台花", "一台花", "Komplet Kwiatów"),
}


NATIVE_LANGUAGE = "zh_Hant"

