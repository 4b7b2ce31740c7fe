"""Classical (Babcock) scoring: worked examples computed by hand from Babcock's score sheet (docs/rules.md).

Each expected figure has its arithmetic beside it. Figs 16-18 and 27 are the hands of Babcock's
Chapters 6-7 (Wikisource), rebuilt tile for tile where the text names them; their totals (32, 72,
168, 128 and the limit 300) are the book's. No public library scores this family, so these
examples are the reference.
"""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.tiles import DRAGONS, EAST, WINDS, Tile, is_terminal_or_honor
from engine.families import RulesError, score_json, score_request
from engine.families.babcock.family import PRESETS
from engine.families.babcock.scoring import LaidDownHand, loser_from_dict, score_loser
from engine.families.babcock.tables import SET_POINTS


def score(hand, **context):
    options = context.pop("options", {})
    return score_request({"rules": "classical", "hand": hand, "options": options, **context})


def names(result):
    return {item.name for item in result.items}


def loser(options=None, **data):
    merged = dict(PRESETS["classical"], **(options or {}))
    return score_loser(loser_from_dict(data), merged)


# -- set points and winner bonuses --------------------------------------------------------------

def test_babcock_fig16_only_possible_place():
    # Exposed pung 444p 2 + concealed pung 999s 8 + Mah-Jongg 20 + only possible place 2
    # (closed wait 6_8m: nothing else completes 68m 11m 567p 999s) = 32; mixed suits, no doubles.
    result = score("678m11m567p999s", melds=["pon:444p"], win_tile="7m", win_by="ron", seat_wind="S")
    assert result.total == 32
    assert "Only possible place" in names(result) and result.details["doubles"] == 0


def test_babcock_fig17_drawn_and_own_wind():
    # Exposed 111p 4 + exposed West pung 4 + concealed 777m 4 + Mah-Jongg 20 = 32; drawn 2 and
    # closed wait 1_3m 2 => 36; West holds a pung of his own wind: 36 x 2 = 72 (Babcock: 72).
    result = score("777m123m55p", melds=["pon:111p", "pon:333z"], win_tile="2m", win_by="tsumo",
                   seat_wind="W")
    assert (result.details["points"], result.details["doubles"], result.total) == (36, 1, 72)


def test_babcock_fig17_held_by_south_has_no_wind_double():
    # Same tiles held by South: the West pung is not his wind; 36 x 2^0 = 36.
    result = score("777m123m55p", melds=["pon:111p", "pon:333z"], win_tile="2m", win_by="tsumo",
                   seat_wind="S")
    assert result.total == 36


def test_babcock_fig18_claimed_dragon_pung_is_exposed():
    # Won by punging the third Green: kong 8888p exposed 8 + Green pung exposed 4 + East pung
    # concealed 8 + White pair 2 + Mah-Jongg 20 = 42; doubles: Green 1, own wind East 1 =>
    # 42 x 4 = 168 (Babcock: 168). Waits were Green and White, so no only-possible-place bonus.
    result = score("666z111z55z", melds=["kan:8888p", "chi:123s"], win_tile="6z", win_by="ron",
                   seat_wind="E")
    assert (result.details["points"], result.details["doubles"], result.total) == (42, 2, 168)
    assert "Exposed pung of Green" in names(result)


def test_no_score_hand():
    # All chows, a pair of 5s, two-sided wait 1s/4s, on a discard: nothing but Mah-Jongg 20,
    # so "no score" 10 => 30.
    result = score("123m456m789p234s55s", win_tile="4s", win_by="ron", seat_wind="S")
    assert result.total == 30 and "No score" in names(result)


def test_no_runs_self_drawn_concealed_pungs():
    # Concealed pungs 222m 333p 444s 666s: 4 x 4 = 16; 99m pair 0; Mah-Jongg 20, drawn 2,
    # no runs 10 => 48. Waits were 6s and 9m (two), so no only-possible-place bonus.
    result = score("222m333p444s666s99m", win_tile="6s", win_by="tsumo", seat_wind="S")
    assert result.total == 48 and "No runs" in names(result)


def test_pung_completed_by_discard_counts_exposed():
    # As above on a discard: 666s is exposed, 2 instead of 4: 4+4+4+2 = 14, Mah-Jongg 20,
    # no runs 10 => 44.
    result = score("222m333p444s666s99m", win_tile="6s", win_by="ron", seat_wind="S")
    assert result.total == 44


def test_loose_tile_win():
    # Exposed kong 5555p 8; single wait on 1p (only possible place 2); Mah-Jongg 20; the loose
    # tile is drawn 2 + loose tile 8 => 8 + 2 + 20 + 2 + 8 = 40.
    result = score("123m456m789s11p", melds=["kan:5555p"], win_tile="1p", win_by="tsumo",
                   flags=["kong_replacement"], seat_wind="S")
    assert result.total == 40 and {"Loose tile", "Drawn winning tile"} <= names(result)


def test_robbing_a_kong_is_not_a_no_score_hand():
    # Chows and a 99p pair, two-sided wait 1p/4p, won on a robbed 4p: Mah-Jongg 20 + robbing 10
    # = 30; the robbing bonus is a score, so no "no score" 10.
    result = score("123m456m789s234p99p", win_tile="4p", win_by="ron", flags=["robbing_kong"],
                   seat_wind="S")
    assert result.total == 30 and "No score" not in names(result)


@pytest.mark.parametrize(("hand", "melds"), [("123m456m789s234p44p", []),
                                            ("123m456m789s44p", ["chi:345p"])])
def test_robbing_a_kong_is_refused_when_the_winner_holds_another_copy(hand, melds):
    # A robbed kong is the fourth 4p, added to another player's exposed pung of three: no other 4p
    # is left for the winner, so a hand holding one (concealed, or in a meld) cannot have robbed it.
    result = score(hand, melds=melds, win_tile="4p", win_by="ron", flags=["robbing_kong"],
                   seat_wind="S")
    assert not result.valid and "4p" in result.reason and "robbing" in result.reason.lower()


def test_robbing_a_kong_is_refused_on_a_self_draw():
    result = score("123m456m789s234p99p", win_tile="4p", win_by="tsumo", flags=["robbing_kong"],
                   seat_wind="S")
    assert not result.valid and "robbing" in result.reason.lower()


def test_last_tile_of_the_wall():
    # Same chows, self-drawn last tile: Mah-Jongg 20 + drawn 2 + last tile 10 = 32.
    result = score("123m456m789s234p99p", win_tile="4p", win_by="tsumo", flags=["last_tile"],
                   seat_wind="S")
    assert result.total == 32


def test_own_wind_pair():
    # Seat North: 44z pair of own wind 2. Concealed 777p 4, exposed 555s 2, chows 0,
    # Mah-Jongg 20, single wait on North (only possible place 2), on a discard => 30.
    result = score("123m777p678p44z", melds=["pon:555s"], win_tile="4z", win_by="ron", seat_wind="N")
    assert result.total == 30 and "Pair of North" in names(result)


# -- doubles and the limit ----------------------------------------------------------------------

def test_one_suit_reaches_the_limit():
    # Concealed 111m 8 + 555m 4 + 999m 8 (234m chow, 77m pair: 0) = 20; Mah-Jongg 20, drawn 2
    # => 42 (waits were 6m and 7m: no only-possible-place). One suit: 3 doubles, 42 x 8 = 336
    # > limit 300 => 300. With the 500 limit: 336.
    hand = dict(win_tile="7m", win_by="tsumo", seat_wind="S")
    capped = score("111m234m555m999m77m", **hand)
    assert (capped.details["points"], capped.details["doubles"], capped.total) == (42, 3, 300)
    assert capped.limit == "limit"
    assert score("111m234m555m999m77m", options={"limit": 500}, **hand).total == 336


def test_one_suit_with_honours():
    # Babcock Fig 27 held by East: exposed South 4, North 4, East (punged to win) 4; West pair
    # and the 123p chow 0; Mah-Jongg 20 => 32. Own wind 1 double, dots with honours 1 double:
    # 32 x 4 = 128 (Babcock: 128).
    result = score("111z33z123p", melds=["pon:222z", "pon:444z"], win_tile="1z", win_by="ron",
                   seat_wind="E")
    assert result.total == 128 and "Double: one suit with honours" in names(result)


def test_four_wind_hand_option_scores_the_limit():
    # The same hand with the Chapter 7 option: the limit, 300 (Babcock: 300).
    result = score("111z33z123p", melds=["pon:222z", "pon:444z"], win_tile="1z", win_by="ron",
                   seat_wind="E", options={"four_wind_hand": True})
    assert result.total == 300 and "Four Wind Hand" in names(result)


def test_fig27_held_by_west_is_no_four_wind_hand():
    # Held by West there is no set of his own wind: East, South, North exposed 4 + 4 + 4, the
    # West pair is his own wind 2, Mah-Jongg 20 => 34; one suit with honours => 68.
    result = score("111z33z123p", melds=["pon:222z", "pon:444z"], win_tile="1z", win_by="ron",
                   seat_wind="W", options={"four_wind_hand": True})
    assert result.total == 68


def test_three_great_scholars_option():
    # Exposed pungs of the three dragons 4 + 4 + 4, 123m chow, single wait on 9m (2), on a
    # discard, Mah-Jongg 20 => 34; 3 dragon doubles (bamboo and characters: no suit double),
    # 34 x 8 = 272. Option on: the limit, 300.
    hand = dict(melds=["pon:555z", "pon:666z", "pon:777z"], win_tile="9m", win_by="ron", seat_wind="S")
    assert score("123s99m", **hand).total == 272
    assert score("123s99m", options={"three_great_scholars": True}, **hand).total == 300


def test_heads_and_tails_option():
    # Concealed 111m 8, 999p 8, 111s 8, White 8 = 32; South pair (seat West) 0; single wait on
    # South 2; drawn 2; no runs 10; Mah-Jongg 20 => 66; White pung 1 double => 132.
    hand = dict(win_tile="2z", win_by="tsumo", seat_wind="W")
    assert score("111m999p111s555z22z", **hand).total == 132
    assert score("111m999p111s555z22z", options={"heads_and_tails": True}, **hand).total == 300


def test_prevailing_wind_option():
    # Seat South, prevailing East; exposed East pung 4, concealed 444p 4, chows, 66p pair 0,
    # 34s waited on 2s or 5s, won on a discard; Mah-Jongg 20 => 28; Babcock: no double (28).
    # Millington's prevailing-wind option: 1 double => 56.
    hand = dict(melds=["pon:111z"], win_tile="5s", win_by="ron", seat_wind="S", round_wind="E")
    assert score("444p66p123m345s", **hand).total == 28
    assert score("444p66p123m345s", options={"prevailing_wind": True}, **hand).total == 56


def test_flowers_option():
    # The no-score hand held by East with Plum (1f) and Spring (5f), both East's own: 4 + 4 = 8
    # points, 2 doubles; Mah-Jongg 20 => 28 x 4 = 112. Off by default: 30 as before.
    hand = dict(win_tile="4s", win_by="ron", seat_wind="E", flowers="15f")
    assert score("123m456m789p234s55s", options={"flowers": True}, **hand).total == 112
    assert score("123m456m789p234s55s", **hand).total == 30


# -- limit hands ---------------------------------------------------------------------------------

def test_hand_from_heaven():
    # East's dealt hand complete: the limit, 300 (ordinary count would be 48).
    result = score("222m333p444s666s99m", win_tile="6s", win_by="tsumo", seat_wind="E", flags=["heaven"])
    assert result.total == 300 and names(result) == {"Hand from Heaven"}
    assert result.details["ordinary_value"] == 48


def test_heaven_is_easts_and_earth_is_not():
    assert not score("222m333p444s666s99m", win_tile="6s", win_by="tsumo", seat_wind="S",
                     flags=["heaven"]).valid
    assert not score("222m333p444s666s99m", win_tile="6s", seat_wind="E", flags=["earth"]).valid


def test_hand_from_earth_is_half_the_limit():
    # 300 / 2 = 150 (the ordinary count, 30, is lower).
    result = score("123m456m789p234s55s", win_tile="4s", win_by="ron", seat_wind="S", flags=["earth"])
    assert result.total == 150


def test_lucky_thirteen_is_a_third_of_the_limit():
    # Declared original thirteen: 300 / 3 = 100; with the 1000 limit, 1000 / 3 rounded down = 333.
    hand = dict(win_tile="4s", win_by="ron", seat_wind="S", flags=["declared_ready"])
    assert score("123m456m789p234s55s", **hand).total == 100
    assert score("123m456m789p234s55s", options={"limit": 1000}, **hand).total == 333
    assert score("123m456m789p234s55s", options={"lucky_thirteen": False}, **hand).total == 30


def test_limit_hand_never_lowers_a_hand():
    # A declared hand whose ordinary value (one suit, 300) beats a third of the limit keeps 300.
    result = score("111m234m555m999m77m", win_tile="7m", win_by="tsumo", seat_wind="S",
                   flags=["declared_ready"])
    assert result.total == 300


def test_thirteen_orphans():
    assert score("19m19p19s12345677z", win_tile="7z", seat_wind="S").total == 300
    result = score("19m19p19s12345677z", win_tile="7z", seat_wind="S", options={"thirteen_orphans": False})
    assert not result.valid and "four sets" in result.reason


def test_not_a_win_is_invalid_not_an_error():
    result = score("11m33m55m77m99m11p33p", win_tile="3p", seat_wind="S")   # seven pairs: not Babcock
    assert result.valid is False


def test_every_item_says_why():
    result = score("666z111z55z", melds=["kan:8888p", "chi:123s"], win_tile="6z", seat_wind="E")
    assert all(item.why for item in result.items)


# -- losers' hands -------------------------------------------------------------------------------

def test_loser_exposed_and_concealed_sets():
    # East: exposed South pung 4 (not his wind), concealed 555m 4, Red pair 2 => 10; chars with
    # honours 1 double => 20.
    result = loser(hand="555m77z", melds=["pon:222z"], seat_wind="E")
    assert (result.details["points"], result.total) == (10, 20)


def test_loser_undeclared_four_is_a_pung_and_one_pair_counts():
    # 7777p undeclared: a concealed pung of simples, 4; East pair of a South player 0; mixed => 4.
    assert loser(hand="7777p123s456m11z", seat_wind="S").total == 4
    # Three scoring pairs (White, Green, own wind East): one pair counts, 2; honours and chars: x2 = 4.
    assert loser(hand="55z66z11z123m", seat_wind="E").total == 4


def test_loser_kongs_and_dragon_double():
    # Exposed Red kong 16 + concealed 1s kong 32 = 48; Red 1 double => 96 (234p: mixed suits).
    assert loser(hand="234p", melds=["kan:7777z", "ankan:1111s"], seat_wind="W").total == 96


def test_loser_reaches_the_limit():
    # North: exposed White 4, Green 4; concealed Red 8, North 8 = 24; doubles: 3 dragons, own
    # wind, all honours 3 = 7 => 24 x 128 = 3072 -> 300.
    result = loser(hand="777z444z", melds=["pon:555z", "pon:666z"], seat_wind="N")
    assert result.total == 300 and result.limit == "limit"


def test_dead_loser_scores_zero():
    assert loser(hand="777z444z", melds=["pon:555z"], seat_wind="N", dead=True).total == 0


def test_loser_without_scoring_sets_is_zero_even_in_one_suit():
    # Only chows in one suit: 0 points, and 0 x 2^3 = 0.
    assert score_loser(LaidDownHand(), PRESETS["classical"]).total == 0
    assert loser(hand="123456789m", seat_wind="S").total == 0


# -- options -------------------------------------------------------------------------------------

def test_unknown_or_bad_options_are_errors():
    with pytest.raises(RulesError, match="limt"):
        score("123m456m789p234s55s", win_tile="4s", options={"limt": 500})
    with pytest.raises(RulesError, match="sacred_discard"):
        score("123m456m789p234s55s", win_tile="4s", options={"sacred_discard": "sometimes"})
    assert score_json({"rules": "classical", "hand": "123m456m789p234s55s",
                       "options": {"limit": 0}})["ok"] is False


# -- properties of loser scoring ------------------------------------------------------------------

@st.composite
def laid_down(draw):
    kinds = draw(st.lists(st.sampled_from((0, 4, 8, 13, 27, 28, 31, 32, 33)), max_size=14))
    concealed = tuple(Tile(kind) for kind in sorted(kinds) if kinds.count(kind) <= 4)
    return LaidDownHand(concealed, (), draw(st.sampled_from(WINDS)), EAST, (), draw(st.booleans()))


def brute_force_points(hand):
    """Every way to take concealed pungs and at most one pair from the tiles; the most points."""
    counts = [0] * 34
    for tile in hand.concealed:
        counts[tile.kind] += 1
    triples = [kind for kind in range(34) if counts[kind] >= 3]
    best = 0
    for chosen in itertools.product((False, True), repeat=len(triples)):
        left = list(counts)
        points = 0
        for kind, take in zip(triples, chosen, strict=True):
            if take:
                left[kind] -= 3
                points += SET_POINTS[("pung", False, is_terminal_or_honor(kind))]
        pair_points = [2 * ((kind in DRAGONS) + (kind == hand.seat_wind))
                       for kind in range(34) if left[kind] >= 2]
        best = max(best, points + max(pair_points, default=0))
    return best


@settings(max_examples=150, deadline=None)
@given(laid_down())
def test_loser_reading_is_the_best_one(hand):
    result = score_loser(hand, PRESETS["classical"])
    assert 0 <= result.total <= PRESETS["classical"]["limit"]
    if hand.dead:
        assert result.total == 0
    else:
        assert result.details["points"] == brute_force_points(hand)
