"""Chinese names of the 81 MCR fans, keyed by the engine's fan keys (``engine.families.mcr.fans``).

Each entry: (English name, Simplified Chinese, Traditional Chinese, Polish or None). The Simplified
names are the Green Book's, as listed in the published fan table cited in docs/i18n.md; the
Traditional ones are the same names in Traditional characters (么 for 幺, as Hong Kong and Taiwan
print it). Polish names only where the Polish source rules give one (docs/i18n.md says which).
"""

from __future__ import annotations

NAMES: dict[str, tuple[str, str, str, str | None]] = {
    "big_four_winds": ("Big Four Winds", "大四喜", "大四喜", None),
    "big_three_dragons": ("Big Three Dragons", "大三元", "大三元", None),
    "all_green": ("All Green", "绿一色", "綠一色", None),
    "nine_gates": ("Nine Gates", "九莲宝灯", "九蓮寶燈", None),
    "four_kongs": ("Four Kongs", "四杠", "四槓", None),
    "seven_shifted_pairs": ("Seven Shifted Pairs", "连七对", "連七對", None),
    "thirteen_orphans": ("Thirteen Orphans", "十三幺", "十三么", "13 Sierot"),
    "all_terminals": ("All Terminals", "清幺九", "清么九", None),
    "little_four_winds": ("Little Four Winds", "小四喜", "小四喜", None),
    "little_three_dragons": ("Little Three Dragons", "小三元", "小三元", None),
    "all_honors": ("All Honors", "字一色", "字一色", None),
    "four_concealed_pungs": ("Four Concealed Pungs", "四暗刻", "四暗刻", None),
    "pure_terminal_chows": ("Pure Terminal Chows", "一色双龙会", "一色雙龍會", None),
    "quadruple_chow": ("Quadruple Chow", "一色四同顺", "一色四同順", None),
    "four_pure_shifted_pungs": ("Four Pure Shifted Pungs", "一色四节高", "一色四節高", None),
    "four_pure_shifted_chows": ("Four Pure Shifted Chows", "一色四步高", "一色四步高", None),
    "three_kongs": ("Three Kongs", "三杠", "三槓", None),
    "all_terminals_and_honors": ("All Terminals and Honors", "混幺九", "混么九", None),
    "seven_pairs": ("Seven Pairs", "七对", "七對", "Siedem Par"),
    "greater_honors_and_knitted_tiles": ("Greater Honors and Knitted Tiles", "七星不靠", "七星不靠",
                                         "Większe Honory i Przeplatanka"),
    "all_even_pungs": ("All Even Pungs", "全双刻", "全雙刻", None),
    "full_flush": ("Full Flush", "清一色", "清一色", None),
    "pure_triple_chow": ("Pure Triple Chow", "一色三同顺", "一色三同順", None),
    "pure_shifted_pungs": ("Pure Shifted Pungs", "一色三节高", "一色三節高", None),
    "upper_tiles": ("Upper Tiles", "全大", "全大", None),
    "middle_tiles": ("Middle Tiles", "全中", "全中", None),
    "lower_tiles": ("Lower Tiles", "全小", "全小", None),
    "pure_straight": ("Pure Straight", "清龙", "清龍", None),
    "three_suited_terminal_chows": ("Three-Suited Terminal Chows", "三色双龙会", "三色雙龍會", None),
    "pure_shifted_chows": ("Pure Shifted Chows", "一色三步高", "一色三步高", None),
    "all_fives": ("All Fives", "全带五", "全帶五", None),
    "triple_pung": ("Triple Pung", "三同刻", "三同刻", None),
    "three_concealed_pungs": ("Three Concealed Pungs", "三暗刻", "三暗刻", None),
    "lesser_honors_and_knitted_tiles": ("Lesser Honors and Knitted Tiles", "全不靠", "全不靠",
                                        "Mniejsze Honory i Przeplatanka"),
    "knitted_straight": ("Knitted Straight", "组合龙", "組合龍", None),
    "upper_four": ("Upper Four", "大于五", "大於五", None),
    "lower_four": ("Lower Four", "小于五", "小於五", None),
    "big_three_winds": ("Big Three Winds", "三风刻", "三風刻", None),
    "mixed_straight": ("Mixed Straight", "花龙", "花龍", None),
    "reversible_tiles": ("Reversible Tiles", "推不倒", "推不倒", None),
    "mixed_triple_chow": ("Mixed Triple Chow", "三色三同顺", "三色三同順", None),
    "mixed_shifted_pungs": ("Mixed Shifted Pungs", "三色三节高", "三色三節高", None),
    "chicken_hand": ("Chicken Hand", "无番和", "無番和", None),
    "last_tile_draw": ("Last Tile Draw", "妙手回春", "妙手回春", None),
    "last_tile_claim": ("Last Tile Claim", "海底捞月", "海底撈月", None),
    "out_with_replacement_tile": ("Out with Replacement Tile", "杠上开花", "槓上開花", None),
    "robbing_the_kong": ("Robbing the Kong", "抢杠和", "搶槓和", None),
    "two_concealed_kongs": ("Two Concealed Kongs", "双暗杠", "雙暗槓", None),
    "all_pungs": ("All Pungs", "碰碰和", "碰碰和", None),
    "half_flush": ("Half Flush", "混一色", "混一色", None),
    "mixed_shifted_chows": ("Mixed Shifted Chows", "三色三步高", "三色三步高", None),
    "all_types": ("All Types", "五门齐", "五門齊", None),
    "melded_hand": ("Melded Hand", "全求人", "全求人", None),
    "two_dragon_pungs": ("Two Dragon Pungs", "双箭刻", "雙箭刻", None),
    "outside_hand": ("Outside Hand", "全带幺", "全帶么", None),
    "fully_concealed_hand": ("Fully Concealed Hand", "不求人", "不求人", None),
    "two_melded_kongs": ("Two Melded Kongs", "双明杠", "雙明槓", None),
    "last_tile": ("Last Tile", "和绝张", "和絕張", None),
    "dragon_pung": ("Dragon Pung", "箭刻", "箭刻", None),
    "prevalent_wind": ("Prevalent Wind", "圈风刻", "圈風刻", None),
    "seat_wind": ("Seat Wind", "门风刻", "門風刻", None),
    "concealed_hand": ("Concealed Hand", "门前清", "門前清", None),
    "all_chows": ("All Chows", "平和", "平和", None),
    "tile_hog": ("Tile Hog", "四归一", "四歸一", None),
    "double_pung": ("Double Pung", "双同刻", "雙同刻", None),
    "two_concealed_pungs": ("Two Concealed Pungs", "双暗刻", "雙暗刻", None),
    "concealed_kong": ("Concealed Kong", "暗杠", "暗槓", None),
    "all_simples": ("All Simples", "断幺", "斷么", None),
    "pure_double_chow": ("Pure Double Chow", "一般高", "一般高", None),
    "mixed_double_chow": ("Mixed Double Chow", "喜相逢", "喜相逢", None),
    "short_straight": ("Short Straight", "连六", "連六", None),
    "two_terminal_chows": ("Two Terminal Chows", "老少副", "老少副", None),
    "pung_of_terminals_or_honors": ("Pung of Terminals or Honors", "幺九刻", "么九刻", None),
    "melded_kong": ("Melded Kong", "明杠", "明槓", None),
    "one_voided_suit": ("One Voided Suit", "缺一门", "缺一門", None),
    "no_honors": ("No Honors", "无字", "無字", None),
    "edge_wait": ("Edge Wait", "边张", "邊張", None),
    "closed_wait": ("Closed Wait", "嵌张", "嵌張", None),
    "single_wait": ("Single Wait", "单钓将", "單釣將", None),
    "self_drawn": ("Self-Drawn", "自摸", "自摸", None),
    "flower_tiles": ("Flower Tiles", "花牌", "花牌", None),
}


NATIVE_LANGUAGE = "zh_Hans"


def name_table() -> dict[str, dict[str, str]]:
    """English name -> {language tag: name}; "native" is the players' own (Simplified Chinese)."""
    table: dict[str, dict[str, str]] = {}
    for english, simplified, traditional, polish in NAMES.values():
        entry = {"native": simplified, "zh_Hans": simplified, "zh_Hant": traditional}
        if polish:
            entry["pl"] = polish
        table[english] = entry
    return table
