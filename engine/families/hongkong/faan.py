"""The Hong Kong faan list as data: every faan one unit with its value, predicate and reason.

Values are the defaults of the chosen published table (docs/hongkong.md names the source of each);
where sources disagree the unit names the preset option that changes it. Categories:
``hand`` (the shape), ``honour`` (wind and dragon sets), ``condition`` (how the hand was won),
``bonus`` (flowers: they never help reach the minimum) and ``limit`` (limit hands).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.tiles import DRAGONS, WINDS
from engine.families.reading import Reading
from engine.families.unit_reasons import dragon_why, dragons_named, flower_sets_why, flowers_why, why
from engine.families.units import Unit, once_if

HAND, HONOUR, CONDITION, BONUS, LIMIT = "hand", "honour", "condition", "bonus", "limit"
Options = Mapping[str, Any]


def _flush(r: Reading) -> bool:
    return len(r.suits) == 1


def _nine_gates(r: Reading) -> bool:
    if not r.regular or r.hand.melds or len(r.suits) != 1 or r.has_honours:
        return False
    base = 9 * next(iter(r.suits))
    need = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    return all(r.counts[base + n] >= need[n] for n in range(9))


def _seat_flower_count(r: Reading, options: Options) -> int:
    own = r.seat_flowers()
    if options.get("flower_set_replaces_seat", True):
        sets = r.complete_flower_sets()
        own = tuple(number for number in own if number // 4 not in sets)
    return len(own)


FAAN: tuple[Unit, ...] = (
    # -- limit hands (scored alone, plus the winning conditions) ----------------------------------
    Unit("thirteen_orphans", "Thirteen Orphans", "十三么", LIMIT, 13,
         lambda r, o: once_if(r.form == "thirteen_orphans"),
         lambda r: why("chinese.thirteen_orphans")),
    Unit("great_winds", "Great Winds", "大四喜", LIMIT, 13,
         lambda r, o: once_if(len(r.triplets_of(WINDS)) == 4),
         lambda r: why("chinese.great_winds")),
    Unit("all_kongs", "All Kongs", "十八羅漢", LIMIT, 13,
         lambda r, o: once_if(len(r.kongs) == 4),
         lambda r: why("chinese.all_kongs", tiles=r.show_all(r.kongs))),
    Unit("heavenly", "Heavenly Hand", "天糊", LIMIT, 13,
         lambda r, o: once_if("heaven" in r.flags and r.is_dealer),
         lambda r: why("chinese.heavenly")),
    Unit("earthly", "Earthly Hand", "地糊", LIMIT, 13,
         lambda r, o: once_if("earth" in r.flags and not r.is_dealer),
         lambda r: why("chinese.earthly_hk")),
    Unit("all_honours", "All Honours", "字一色", LIMIT, 10,
         lambda r, o: once_if(r.regular and r.all_honours), lambda r: why("chinese.all_honours"),
         option="small_limit_faan"),
    Unit("four_concealed_pungs", "Four Concealed Pungs", "坎坎糊", LIMIT, 10,
         lambda r, o: once_if(r.regular and len(r.concealed_triplets) == 4),
         lambda r: why("chinese.four_concealed_pungs", tiles=r.show_all(r.concealed_triplets)),
         option="small_limit_faan"),
    Unit("orphans", "Orphans", "清么九", LIMIT, 10,
         lambda r, o: once_if(r.regular and r.all_terminals), lambda r: why("chinese.orphans"),
         option="small_limit_faan"),
    Unit("nine_gates", "Nine Gates", "九子連環", LIMIT, 10,
         lambda r, o: once_if(_nine_gates(r)),
         lambda r: why("chinese.nine_gates"),
         option="small_limit_faan"),
    # -- the shape of the hand --------------------------------------------------------------------
    Unit("common_hand", "Common Hand", "平糊", HAND, 1,
         lambda r, o: once_if(r.regular and len(r.chows) == 4),
         lambda r: why("chinese.four_chows", tiles=r.show_all(r.chows))),
    Unit("all_pungs", "All in Triplets", "對對糊", HAND, 3,
         lambda r, o: once_if(r.regular and len(r.triplets) == 4),
         lambda r: why("chinese.four_pungs", tiles=r.show_all(r.triplets))),
    Unit("all_one_suit", "All One Suit", "清一色", HAND, 7,
         lambda r, o: once_if(_flush(r) and not r.has_honours),
         lambda r: why("chinese.full_flush"), replaces=("mixed_one_suit",), option="all_one_suit_faan"),
    Unit("mixed_one_suit", "Mixed One Suit", "混一色", HAND, 3,
         lambda r, o: once_if(_flush(r) and r.has_honours), lambda r: why("chinese.half_flush")),
    Unit("mixed_orphans", "Mixed Orphans", "花么九", HAND, 1,
         lambda r, o: once_if(r.regular and r.all_terminals_or_honours and r.has_honours and r.suits),
         lambda r: why("chinese.mixed_orphans")),
    Unit("great_dragons", "Great Dragons", "大三元", HAND, 8,
         lambda r, o: once_if(len(r.triplets_of(DRAGONS)) == 3), dragon_why,
         replaces=("dragon",), option="great_dragons_faan"),
    Unit("small_dragons", "Small Dragons", "小三元", HAND, 5,
         lambda r, o: once_if(len(r.triplets_of(DRAGONS)) == 2 and r.pair_in(DRAGONS)),
         lambda r: why("chinese.dragons_and_pair", honours=dragons_named(r), honour=r.name(r.pair.first)),
         replaces=("dragon",), option="small_dragons_faan"),
    Unit("small_winds", "Small Winds", "小四喜", HAND, 6,
         lambda r, o: once_if(len(r.triplets_of(WINDS)) == 3 and r.pair_in(WINDS)),
         lambda r: why("chinese.small_winds"), option="small_winds_faan"),
    # -- winds and dragons --------------------------------------------------------------------------
    Unit("dragon", "Dragon Pung", "三元牌", HONOUR, 1,
         lambda r, o: len(r.triplets_of(DRAGONS)), dragon_why),
    Unit("seat_wind", "Seat Wind", "門風", HONOUR, 1,
         lambda r, o: len(r.triplets_of((r.seat_wind,))),
         lambda r: why("chinese.seat_wind", honour=r.name(r.seat_wind))),
    Unit("round_wind", "Round Wind", "圈風", HONOUR, 1,
         lambda r, o: len(r.triplets_of((r.round_wind,))),
         lambda r: why("chinese.round_wind", honour=r.name(r.round_wind))),
    # -- how the hand was won -------------------------------------------------------------------------
    Unit("self_drawn", "Self-drawn", "自摸", CONDITION, 1,
         lambda r, o: once_if(r.tsumo), lambda r: why("chinese.self_drawn")),
    Unit("fully_concealed", "Fully Concealed", "門前清", CONDITION, 1,
         lambda r, o: once_if(r.open_melds == 0),
         lambda r: why("chinese.fully_concealed")),
    Unit("robbing_kong", "Robbing the Kong", "搶槓", CONDITION, 1,
         lambda r, o: once_if("robbing_kong" in r.flags),
         lambda r: why("chinese.robbing_kong")),
    Unit("last_tile", "Win by Last Catch", "海底撈月", CONDITION, 1,
         lambda r, o: once_if("last_tile" in r.flags),
         lambda r: why("chinese.last_tile")),
    Unit("kong_on_kong", "Kong on Kong", "槓上槓自摸", CONDITION, 8,
         lambda r, o: once_if("kong_on_kong" in r.flags),
         lambda r: why("chinese.kong_on_kong"), replaces=("replacement",)),
    Unit("replacement", "Win on Replacement", "槓上自摸", CONDITION, 1,
         lambda r, o: once_if("kong_replacement" in r.flags),
         lambda r: why("chinese.replacement_hk")),
    # -- flowers (never count towards the minimum) ---------------------------------------------------
    Unit("no_flowers", "No Flowers", "無花", BONUS, 1,
         lambda r, o: once_if(not r.flower_numbers), lambda r: why("chinese.no_flowers"),
         option="no_flowers_faan"),
    Unit("seat_flower", "Seat Flower", "正花", BONUS, 1, _seat_flower_count, flowers_why),
    Unit("flower_set", "Flower Set", "一台花", BONUS, 2,
         lambda r, o: len(r.complete_flower_sets()),
         flower_sets_why),
)

# Winning conditions that a limit hand still adds (the chosen table's formula).
LIMIT_CONDITIONS = ("self_drawn", "fully_concealed", "robbing_kong", "last_tile", "replacement",
                    "kong_on_kong")
