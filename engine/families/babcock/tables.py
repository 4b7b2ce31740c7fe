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
# name -> (points, why). Mah-Jongg itself comes from the ``mahjong_bonus`` option (20 Babcock,
# 10 Millington), so it is not in this table.
BONUSES: dict[str, tuple[int, str]] = {
    "Drawn winning tile": (2, "the winning tile was drawn from the wall, not claimed"),
    "Only possible place": (2, "the hand waited on one tile kind only (edge, closed or pair wait)"),
    "Loose tile": (8, "won on the loose tile drawn after a kong; with the 2 for drawing it, 10"),
    "No runs": (10, "the winning hand has no chows"),
    "Robbing a kong": (10, "won on the tile another player added to an exposed pung"),
    "Last tile": (10, "won with the last tile of the live wall"),
    "No score": (10, "nothing but Mah-Jongg scored: no scoring sets, pairs or other bonuses"),
}

# -- 3.3 doubles (every hand, winner and losers) -------------------------------------------------
DOUBLES: dict[str, tuple[int, str]] = {
    "Dragon set": (1, "a pung or kong of dragons doubles the hand"),
    "Own wind set": (1, "a pung or kong of the player's own wind doubles the hand"),
    "Prevailing wind set": (1, "a pung or kong of the prevailing wind (Millington's option)"),
    "One suit with honours": (1, "every tile is of one suit or an honour"),
    "One suit": (3, "every tile is of one suit"),
    "All honours": (3, "every tile is a wind or a dragon"),
    "Own flower or season": (1, "the flower or season of the player's seat (option)"),
}

# -- limit hands: name -> (share of the limit, why) ---------------------------------------------
# Heaven, Earth and the declared Lucky Thirteen are Babcock's; the rest are his Chapter 7
# optional hands (and Thirteen Orphans, listed by the issue), each switched by an option.
LIMIT_HANDS: dict[str, tuple[Fraction, str]] = {
    "Hand from Heaven": (Fraction(1), "East's dealt fourteen tiles are a complete hand"),
    "Hand from Earth": (Fraction(1, 2), "won on East's first discard"),
    "Lucky Thirteen": (Fraction(1, 3),
                       "the original thirteen tiles were ready, declared, and won unchanged"),
    "Thirteen Orphans": (Fraction(1), "one of each 1, 9, wind and dragon, and one more of them"),
    "Four Wind Hand": (Fraction(1),
                       "three wind sets including the player's own, and a set or pair of the fourth"),
    "Heads and Tails": (Fraction(1), "no tiles other than ones, nines, winds and dragons"),
    "Three Great Scholars": (Fraction(1), "a pung or kong of each of the three dragons"),
}

# -- flowers and seasons (Babcock Chapter 10 variant; off by default) ---------------------------
FLOWER_POINTS = 4          # each flower or season, for every hand

# -- the wall ------------------------------------------------------------------------------------
DEAD_WALL_TILES = 14       # the last fourteen tiles (loose tiles included) are never drawn
