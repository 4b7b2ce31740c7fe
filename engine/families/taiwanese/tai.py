"""The Taiwanese 16-tile tai list as data: every tai one unit with its value, predicate and reason.

Values are the defaults of the chosen published table (docs/taiwanese.md names the source of each);
where sources disagree the unit names the preset option that changes it. The dealer's tai (莊家
and the streak 連莊拉莊) are a list of their own, ``DEALER_TAI``: they count only between the dealer
and the winner, so the family module adds them per payment.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.tiles import DRAGONS, WINDS
from engine.families.reading import Reading
from engine.families.unit_reasons import dragon_why, dragons_named, flower_sets_why, flowers_why, why
from engine.families.units import Unit, once_if

HAND, HONOUR, CONDITION, BONUS, SPECIAL, DEALER = "hand", "honour", "condition", "bonus", "special", "dealer"
Options = Mapping[str, Any]
SETS = 5


def concealed(r: Reading, options: Options) -> bool:
    """門清: nothing called; a concealed kong is allowed unless the table says otherwise."""
    if r.open_melds:
        return False
    return bool(options.get("concealed_kong_keeps_concealed", True)) or not r.hand.melds


def single_wait(r: Reading) -> bool:
    return len(r.wait_kinds) == 1


def all_melded(r: Reading) -> bool:
    """全求: all five sets called from others, the pair completed by a discard."""
    return r.open_melds == SETS and not r.tsumo


def _seat_flowers(r: Reading, options: Options) -> int:
    return len(r.seat_flowers())


def _concealed_pungs(count: int):  # noqa: ANN202 - a predicate factory
    return lambda r, o: once_if(len(r.concealed_triplets) == count)


def _pungs_why(r: Reading) -> str:
    return why("chinese.concealed_pungs", tiles=r.show_all(r.concealed_triplets))


TAI: tuple[Unit, ...] = (
    # -- special hands ----------------------------------------------------------------------------
    Unit("eight_flowers", "Eight Flowers", "八仙過海", SPECIAL, 8,
         lambda r, o: once_if(len(r.flower_numbers) == 8),
         lambda r: why("chinese.eight_flowers"),
         option="eight_flowers_tai"),
    Unit("heavenly", "Heavenly Hand", "天胡", SPECIAL, 24,
         lambda r, o: once_if("heaven" in r.flags and r.is_dealer),
         lambda r: why("chinese.heavenly"),
         replaces=("concealed_self_drawn", "self_drawn", "concealed", "single_wait")),
    Unit("earthly", "Earthly Hand", "地胡", SPECIAL, 16,
         lambda r, o: once_if("earth" in r.flags and not r.is_dealer),
         lambda r: why("chinese.earthly_tw"),
         replaces=("concealed_self_drawn", "self_drawn", "concealed", "single_wait")),
    # -- the shape --------------------------------------------------------------------------------
    Unit("big_winds", "Big Four Winds", "大四喜", HAND, 16,
         lambda r, o: once_if(len(r.triplets_of(WINDS)) == 4),
         lambda r: why("chinese.great_winds"), replaces=("small_winds", "seat_wind", "round_wind")),
    Unit("small_winds", "Small Four Winds", "小四喜", HAND, 8,
         lambda r, o: once_if(len(r.triplets_of(WINDS)) == 3 and r.pair_in(WINDS)),
         lambda r: why("chinese.small_winds"),
         replaces=("seat_wind", "round_wind")),
    Unit("big_dragons", "Big Three Dragons", "大三元", HAND, 8,
         lambda r, o: once_if(len(r.triplets_of(DRAGONS)) == 3), dragon_why, replaces=("dragon",)),
    Unit("small_dragons", "Small Three Dragons", "小三元", HAND, 4,
         lambda r, o: once_if(len(r.triplets_of(DRAGONS)) == 2 and r.pair_in(DRAGONS)),
         lambda r: why("chinese.dragons_and_pair", honours=dragons_named(r), honour=r.name(r.pair.first)),
         replaces=("dragon",)),
    Unit("full_flush", "Full Flush", "清一色", HAND, 8,
         lambda r, o: once_if(len(r.suits) == 1 and not r.has_honours), lambda r: why("chinese.full_flush"),
         option="full_flush_tai"),
    Unit("half_flush", "Half Flush", "混一色", HAND, 4,
         lambda r, o: once_if(len(r.suits) == 1 and r.has_honours), lambda r: why("chinese.half_flush")),
    Unit("all_pungs", "All Pungs", "碰碰胡", HAND, 4,
         lambda r, o: once_if(len(r.triplets) == SETS),
         lambda r: why("chinese.five_pungs", tiles=r.show_all(r.triplets))),
    Unit("five_concealed_pungs", "Five Concealed Pungs", "五暗刻", HAND, 8, _concealed_pungs(5),
         _pungs_why, replaces=("four_concealed_pungs", "three_concealed_pungs")),
    Unit("four_concealed_pungs", "Four Concealed Pungs", "四暗刻", HAND, 5, _concealed_pungs(4),
         _pungs_why, replaces=("three_concealed_pungs",)),
    Unit("three_concealed_pungs", "Three Concealed Pungs", "三暗刻", HAND, 2, _concealed_pungs(3),
         _pungs_why),
    Unit("ping_hu", "All Chows", "平胡", HAND, 2,
         lambda r, o: once_if(len(r.chows) == SETS and not r.has_honours and not r.flower_numbers
                           and not r.tsumo and not single_wait(r)),
         lambda r: why("chinese.ping_hu")),
    Unit("all_melded", "All Melded", "全求", HAND, 2,
         lambda r, o: once_if(all_melded(r)),
         lambda r: why("chinese.all_melded"),
         replaces=("single_wait",)),
    # -- winds, dragons, flowers ------------------------------------------------------------------
    Unit("dragon", "Dragon Pung", "三元牌", HONOUR, 1, lambda r, o: len(r.triplets_of(DRAGONS)),
         dragon_why),
    Unit("seat_wind", "Seat Wind", "門風", HONOUR, 1,
         lambda r, o: len(r.triplets_of((r.seat_wind,))),
         lambda r: why("chinese.seat_wind", honour=r.name(r.seat_wind))),
    Unit("round_wind", "Round Wind", "圈風", HONOUR, 1,
         lambda r, o: len(r.triplets_of((r.round_wind,))),
         lambda r: why("chinese.round_wind", honour=r.name(r.round_wind))),
    Unit("seat_flower", "Seat Flower", "正花", BONUS, 1, _seat_flowers, flowers_why),
    Unit("flower_set", "Flower Set", "花槓", BONUS, 2,
         lambda r, o: len(r.complete_flower_sets()),
         flower_sets_why),
    # -- how the hand was won -------------------------------------------------------------------------
    Unit("concealed_self_drawn", "Concealed Self-drawn", "門清自摸", CONDITION, 3,
         lambda r, o: once_if(r.tsumo and concealed(r, o)),
         lambda r: why("chinese.concealed_self_drawn"),
         replaces=("concealed", "self_drawn")),
    Unit("concealed", "Concealed", "門清", CONDITION, 1,
         lambda r, o: once_if(concealed(r, o)), lambda r: why("chinese.concealed")),
    Unit("self_drawn", "Self-drawn", "自摸", CONDITION, 1,
         lambda r, o: once_if(r.tsumo), lambda r: why("chinese.self_drawn")),
    Unit("single_wait", "Single Wait", "獨聽", CONDITION, 1,
         lambda r, o: once_if(single_wait(r)),
         lambda r: why("chinese.single_wait", tile_name=r.name(r.wait_kinds[0]))),
    Unit("robbing_kong", "Robbing the Kong", "搶槓", CONDITION, 1,
         lambda r, o: once_if("robbing_kong" in r.flags),
         lambda r: why("chinese.robbing_kong")),
    Unit("kong_replacement", "Out on a Replacement", "槓上開花", CONDITION, 1,
         lambda r, o: once_if("kong_replacement" in r.flags and r.tsumo),
         lambda r: why("chinese.replacement_tw")),
    Unit("last_wall_tile", "Last Tile of the Wall", "海底撈月", CONDITION, 1,
         lambda r, o: once_if("last_tile" in r.flags and r.tsumo),
         lambda r: why("chinese.last_wall_tile")),
    Unit("last_discard", "Last Discard", "河底撈魚", CONDITION, 1,
         lambda r, o: once_if("last_tile" in r.flags and not r.tsumo),
         lambda r: why("chinese.last_discard")),
)

# The dealer's tai, whether he wins or pays: 莊家 once, and 連n拉n for a streak of n hands.
DEALER_TAI: tuple[Unit, ...] = (
    Unit("dealer", "Dealer", "莊家", DEALER, 1, lambda r, o: 1,
         lambda r: why("chinese.dealer"), option="dealer_tai"),
    Unit("dealer_streak", "Dealer Streak", "連莊拉莊", DEALER, 2, lambda r, o: max(0, r.hand.honba),
         lambda r: why("chinese.dealer_streaks" if r.hand.honba > 1 else "chinese.dealer_streak",
                             count=r.hand.honba), option="streak_tai"),
)
