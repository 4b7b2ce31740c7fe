"""Classical Chinese (Babcock, 1923) values as data: set points, winner bonuses, doubles, limit hands.

The scoring code in ``scoring`` only looks values up here, so a house that plays
Millington's table or another limit changes numbers in one place (or through preset options)
rather than in the logic. Sources (docs/rules.md): Babcock's Standard Score Sheet,
Chapters 5-7, and Millington's table for the options.
"""

from __future__ import annotations

from fractions import Fraction

# -- 3.1 set points: (shape, exposed?, terminal or honour?) -> points ---------------------------
# A pung of 2-8 exposed is the unit (2); 1/9/winds/dragons double it; concealed doubles it;
# a kong is four times the pung of the same tile.
SET_POINTS: dict[tuple[str, bool, bool], int] = {
    ("pung", True, False): 2,
    ("pung", False, False): 4,
    ("pung", True, True): 4,
    ("pung", False, True): 8,
    ("kong", True, False): 8,
    ("kong", False, False): 16,
    ("kong", True, True): 16,
    ("kong", False, True): 32,
}

# A pair of dragons, or of the player's own wind, scores 2 exposed or concealed; other pairs 0.
SCORING_PAIR_POINTS = 2

# -- 3.2 winner-only bonuses, added to the points before doubling -------------------------------
# name -> (points, its reason's code in ``reasons``). Mah-Jongg itself comes from the
# ``mahjong_bonus`` option (20 Babcock, 10 Millington), so it is not in this table.
BONUSES: dict[str, tuple[int, str]] = {
    "Drawn winning tile": (2, "babcock.drawn_winning_tile"),
    "Only possible place": (2, "babcock.only_possible_place"),
    "Loose tile": (8, "babcock.loose_tile"),
    "No runs": (10, "babcock.no_runs"),
    "Robbing a kong": (10, "babcock.robbing_a_kong"),
    "Last tile": (10, "babcock.last_tile"),
    "No score": (10, "babcock.no_score"),
}

# -- 3.3 doubles (every hand, winner and losers) -------------------------------------------------
# name -> (doubles, the code of its reason in ``reasons``)
DOUBLES: dict[str, tuple[int, str]] = {
    "Dragon set": (1, "babcock.dragon_set"),
    "Own wind set": (1, "babcock.own_wind_set"),
    "Prevailing wind set": (1, "babcock.prevailing_wind_set"),
    "One suit with honours": (1, "babcock.one_suit_with_honours"),
    "One suit": (3, "babcock.one_suit"),
    "All honours": (3, "babcock.all_honours"),
    "Own flower or season": (1, "babcock.own_flower"),
}

# -- limit hands: name -> (share of the limit, its reason's code) ------------------------------
# Heaven, Earth and the declared Lucky Thirteen are Babcock's; the rest are his Chapter 7
# optional hands (and Thirteen Orphans, listed by the issue), each switched by an option.
LIMIT_HANDS: dict[str, tuple[Fraction, str]] = {
    "Hand from Heaven": (Fraction(1), "babcock.heaven"),
    "Hand from Earth": (Fraction(1, 2), "babcock.earth"),
    "Lucky Thirteen": (Fraction(1, 3),
                       "babcock.lucky_thirteen"),
    "Thirteen Orphans": (Fraction(1), "babcock.thirteen_orphans"),
    "Four Wind Hand": (Fraction(1),
                       "babcock.four_wind_hand"),
    "Heads and Tails": (Fraction(1), "babcock.heads_and_tails"),
    "Three Great Scholars": (Fraction(1), "babcock.three_great_scholars"),
}

# -- flowers and seasons (Babcock Chapter 10 variant; off by default) ---------------------------
FLOWER_POINTS = 4          # each flower or season, for every hand

# -- the wall ------------------------------------------------------------------------------------
DEAD_WALL_TILES = 14       # the last fourteen tiles (loose tiles included) are never drawn
