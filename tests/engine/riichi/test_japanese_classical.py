"""The points-times-doubles Japanese game (preset japanese-classical), worked by hand (docs/rules.md).

Basic points: 20 winning, +2 self-drawn, +10 concealed hand won on a discard, +2 dragon pair,
+2 seat/round wind pair (each), +2 edge/closed/single wait, pungs 2/4 simple, 4/8 terminal or
honour (open/concealed), kongs 8/16 and 16/32. Doubles = han of the shared yaku (riichi, ippatsu,
dora off by default). V = min(500, basic x 2^doubles rounded up to 10). Ron: discarder pays 3V;
tsumo: each pays V; counters only on East's win: +100 per loser (tsumo) / +300 (ron) each.
Seat South, round South, ron, unless a test says otherwise.
"""

from __future__ import annotations

from engine.core.hand import make_hand
from engine.families import resolve_options
from engine.families.riichi.family import draw_payments, is_tenpai, score_hand, win_payments

BASE = {"seat_wind": "S", "round_wind": "S", "win_by": "ron"}


def classical(hand: str, win: str, *, melds=(), options=None, **context):
    _, resolved = resolve_options("japanese-classical", options or {})
    return score_hand(make_hand(hand, melds=list(melds), win_tile=win, **{**BASE, **context}),
                      resolved, {})


def pay(result, *, winner: int, discarder: int | None, honba: int = 0, options=None) -> list[int]:
    _, resolved = resolve_options("japanese-classical", options or {})
    return win_payments(result, winner=winner, discarder=discarder, dealer=0, options=resolved,
                        honba=honba)


def test_plain_closed_ron():
    # 20 + 10 (concealed, discard) = 30 points; tanyao + pinfu = 2 doubles; 30 x 4 = 120
    result = classical("234m567p345s678s22p", "8s")
    assert (result.details["basic_points"], result.details["doubles"], result.total) == (30, 2, 120)
    assert pay(result, winner=1, discarder=2) == [0, 360, -360, 0]       # 3V = 360


def test_self_drawn():
    # 20 + 2 (self-drawn) = 22; menzen tsumo + tanyao + pinfu = 3 doubles; 22 x 8 = 176 -> 180
    result = classical("234m567p345s678s22p", "8s", win_by="tsumo")
    assert (result.details["basic_points"], result.details["doubles"], result.total) == (22, 3, 180)
    assert pay(result, winner=1, discarder=None) == [-180, 540, -180, -180]


def test_pungs_and_a_pung_completed_by_the_discard():
    # 20 + 10 + 4 (222m concealed) + 4 (555p concealed) + 2 (888s, open: completed on the discard)
    # = 40; tanyao 1 double: 80
    result = classical("222m555p888s345s66p", "8s")
    assert (result.details["basic_points"], result.total) == (40, 80)


def test_dragons_and_an_edge_wait():
    # 20 + 10 + 8 (concealed 5z pung) + 2 (6z pair) + 2 (edge 12-3) = 42; white dragon 1 double:
    # 84 -> 90; discarder pays 270
    result = classical("555z66z123m789p456s", "3m")
    assert (result.details["basic_points"], result.details["doubles"], result.total) == (42, 1, 90)
    assert pay(result, winner=3, discarder=0) == [-270, 0, 0, 270]


def test_double_wind_pair_and_no_minimum():
    # East seat and East round: 20 + 10 + 2 + 2 (1z pair is both winds) = 34; no doubles; 34 -> 40.
    # East does not receive double in the Japanese sheet: the discarder pays 3V = 120
    result = classical("234m567p345s678s11z", "8s", seat_wind="E", round_wind="E")
    assert (result.details["basic_points"], result.details["doubles"], result.total) == (34, 0, 40)
    assert result.valid and pay(result, winner=0, discarder=2) == [120, 0, -120, 0]


def test_kongs():
    # open hand: 20 + 16 (open 9p kong) + 16 (concealed 2s kong) + 2 (7z pair) + 2 (single wait)
    # = 56; no doubles; 56 -> 60; discarder pays 180
    result = classical("123m456m77z", "7z", melds=["kan:9999p", "ankan:2222s"])
    assert (result.details["basic_points"], result.details["doubles"], result.total) == (56, 0, 60)


def test_open_hand_gets_no_extra_points():
    # 20 only (open, discard, no fu); open tanyao 1 double: 40
    result = classical("567p345s678s22p", "8s", melds=["chi:234m"])
    assert (result.details["basic_points"], result.total) == (20, 40)


def test_seven_pairs_is_100_points():
    # 100 points flat; seven pairs' own 2 han are not doubled again; no other yaku: V = 100
    result = classical("1133m5577p99s1122z", "2z")
    assert (result.details["basic_points"], result.details["doubles"], result.total) == (100, 0, 100)


def test_seven_pairs_self_drawn_all_simples():
    # 100 points; menzen tsumo + tanyao = 2 doubles: 400, each loser pays 400
    result = classical("2233m5577p88s4466s", "8s", win_by="tsumo")
    assert (result.details["doubles"], result.total) == (2, 400)


def test_limit_500_so_a_discard_costs_at_most_1500():
    # chinitsu 6 doubles; 20 + 10 + 4 (888m) + 2 (single wait on 2m) = 36; 36 x 64 = 2304 -> 500;
    # the discarder pays 3 x 500 = 1500 (the Japanese sheet's "limit 1500")
    result = classical("234m456m678m888m22m", "2m")
    assert (result.total, result.limit) == (500, "limit")
    assert pay(result, winner=1, discarder=0) == [-1500, 1500, 0, 0]


def test_counters_only_when_east_wins():
    # East's tsumo with 2 counters: V = 180 (as test_self_drawn), each pays 180 + 2 x 100 = 380
    east = classical("234m567p345s678s22p", "8s", win_by="tsumo", seat_wind="E")
    assert east.total == 180
    assert pay(east, winner=0, discarder=None, honba=2) == [1140, -380, -380, -380]
    # East's ron with 1 counter: 3 x 120 + 300 = 660
    east_ron = classical("234m567p345s678s22p", "8s", seat_wind="E")
    assert pay(east_ron, winner=0, discarder=3, honba=1) == [660, 0, 0, -660]
    # a non-dealer's win ignores the counters
    south = classical("234m567p345s678s22p", "8s", win_by="tsumo")
    assert pay(south, winner=1, discarder=None, honba=2) == [-180, 540, -180, -180]


def test_riichi_and_dora_count_only_when_switched_on():
    # pinfu only: 30 x 2 = 60; with the riichi switch: riichi + pinfu = 2 doubles, 120;
    # with dora too (8p -> 9p, a pair: 2 dora): 4 doubles, 30 x 16 = 480
    hand = ("234m567p345s678s99p", "8s")
    assert classical(*hand, flags=["riichi"]).total == 60
    assert classical(*hand, flags=["riichi"], options={"riichi": True}).total == 120
    assert classical(*hand, flags=["riichi"], dora_indicators="8p",
                     options={"riichi": True, "dora": True}).total == 480


def test_east_pays_double_option():
    # V = 120 (test_plain_closed_ron); with East paying double a non-dealer's ron costs
    # 2V + V + V = 480, and a non-dealer's tsumo takes 2V from East, V from the others
    options = {"east_pays_double": True}
    result = classical("234m567p345s678s22p", "8s", options=options)
    assert pay(result, winner=1, discarder=2, options=options) == [0, 480, -480, 0]
    drawn = classical("234m567p345s678s22p", "8s", win_by="tsumo", options=options)   # V = 180
    assert pay(drawn, winner=1, discarder=None, options=options) == [-360, 720, -180, -180]


def test_draw_pool_of_600_from_the_waits():
    # seats 0 and 2 wait (two pairs / a two-sided wait), 1 and 3 do not: each of 1 and 3 pays
    # 150 to each waiting player: +300, -300, +300, -300
    hands = ["123m456p789s1122z", "13579m2468p1357s", "123m456p789s2345s", "1111m234p567s789s"]
    tenpai = [is_tenpai(hand) for hand in hands]
    assert tenpai == [True, False, True, False]
    _, options = resolve_options("japanese-classical", {"draw_payments": True})   # agreed option
    assert draw_payments(tenpai, options) == [300, -300, 300, -300]
    # one waiting: 200 from each of the others; three waiting: the other pays 200 to each
    assert draw_payments([False, False, True, False], options) == [-200, -200, 600, -200]
    assert draw_payments([True, True, False, True], options) == [200, 200, -600, 200]
