"""Riichi scores worked by hand: fu rules, limits, options, dora, verdicts, and the waits helper.

Seat South and round South unless a test says otherwise; basic points = fu x 2^(2 + han).
"""

from __future__ import annotations

import pytest

from engine.core.hand import make_hand
from engine.families import resolve_options, score_json
from engine.families.riichi.family import furiten_waits, is_tenpai, score_hand, waits

BASE = {"seat_wind": "S", "round_wind": "S", "win_by": "ron"}


def score(hand: str, win: str, *, melds=(), options=None, **context):
    _, resolved = resolve_options("riichi", options or {})
    return score_hand(make_hand(hand, melds=list(melds), win_tile=win, **{**BASE, **context}),
                      resolved, {})


def test_pinfu_tsumo_is_20_fu():
    # tsumo + tanyao + pinfu = 3 han, 20 fu; basic 20 x 2^5 = 640: dealer 1280 -> 1300,
    # others 640 -> 700; total 1300 + 700 + 700 = 2700
    result = score("234m567p345s678s22p", "8s", win_by="tsumo")
    assert (result.han, result.fu, result.total) == (3, 20, 2700)
    assert result.payments == {"winner": 2700, "dealer": -1300, "others": -700}


def test_seven_pairs_is_25_fu():
    # chiitoitsu 2 han 25 fu: 25 x 2^4 = 400; ron 4 x 400 = 1600
    result = score("1133m5577p99s1122z", "2z")
    assert (result.han, result.fu, result.total) == (2, 25, 1600)


def test_open_pinfu_shape_is_30_fu():
    # open tanyao 1 han; 20 base + 2 for an open hand without fu = 22 -> 30; 30 x 8 = 240 -> 960 -> 1000
    result = score("567p345s678s22p", "8s", melds=["chi:234m"])
    assert (result.han, result.fu, result.total) == (1, 30, 1000)


def test_kong_fu_and_rounding():
    # riichi 1 han; 30 (closed ron) + 32 (concealed East kong) + 2 (single wait) = 64 -> 70 fu;
    # 70 x 8 = 560; ron 2240 -> 2300
    result = score("234m567p678s99p", "9p", melds=["ankan:1111z"], flags=["riichi"])
    assert (result.han, result.fu, result.total) == (1, 70, 2300)


def test_pung_completed_on_a_discard_counts_open():
    # tanyao; 30 + 4 (222m) + 4 (555p) + 2 (888s, opened by the ron) = 40 fu; 40 x 8 = 320 -> 1300
    result = score("222m555p888s345s66p", "8s")
    assert (result.han, result.fu, result.total) == (1, 40, 1300)


def test_best_split_of_the_wait():
    # 45666p on 6p: 456 + 66 (two-sided: riichi + pinfu, 2 han 30 fu: 480 x 4 = 1920 -> 2000)
    # beats 456 + 66 as a single wait (riichi only, 32 -> 40 fu: 320 x 4 = 1280 -> 1300)
    result = score("123m789s234s45666p", "6p", flags=["riichi"])
    assert (result.han, result.fu, result.total) == (2, 30, 2000)
    assert {"riichi", "pinfu"} == set(result.details["yaku"])


def test_counted_yakuman_option():
    # chinitsu 6 + ryanpeikou 3 + tanyao 1 + pinfu 1 + riichi 1 + tsumo 1 = 13 han
    # counted yakuman: 8000 basic, tsumo 16000 + 8000 + 8000 = 32000
    # without it sanbaiman: 6000 basic, 12000 + 6000 + 6000 = 24000
    hand = ("223344556677m88m", "8m")
    result = score(*hand, win_by="tsumo", flags=["riichi"])
    assert (result.han, result.limit, result.total) == (13, "yakuman", 32000)
    capped = score(*hand, win_by="tsumo", flags=["riichi"], options={"counted_yakuman": False})
    assert (capped.limit, capped.total) == ("sanbaiman", 24000)


def test_double_yakuman_option():
    # suuankou tanki: one yakuman by default (Tenhou), two with the option; non-dealer ron 4 x 8000
    hand = ("222m555p888s111z99m", "9m")
    assert (score(*hand).limit, score(*hand).total) == ("yakuman", 32000)
    doubled = score(*hand, options={"double_yakuman": True})
    assert (doubled.limit, doubled.total) == ("double yakuman", 64000)


def test_kiriage_option():
    # riichi + tanyao + pinfu + 1 dora (indicator 7s -> 8s) = 4 han 30 fu: 30 x 64 = 1920 -> 7680 -> 7700
    hand = ("234m567p345s678s22p", "8s")
    plain = score(*hand, flags=["riichi"], dora_indicators="7s")
    assert (plain.han, plain.fu, plain.limit, plain.total) == (4, 30, None, 7700)
    rounded = score(*hand, flags=["riichi"], dora_indicators="7s", options={"kiriage": True})
    assert (rounded.limit, rounded.total) == ("mangan", 8000)


def test_dora_red_fives_and_ura():
    # riichi + tanyao + pinfu = 3; dora (1p -> 2p) x2, red 5p x1, ura (7s -> 8s) x1: 7 han haneman
    result = score("234m0p67p345s678s22p", "8s", flags=["riichi"], dora_indicators="1p",
                   ura_indicators="7s")
    assert [(item.name, item.value) for item in result.items[-3:]] == [
        ("Dora", 2), ("Aka Dora", 1), ("Ura Dora", 1)]
    assert (result.han, result.limit, result.total) == (7, "haneman", 12000)
    plain_fives = score("234m0p67p345s678s22p", "8s", flags=["riichi"], dora_indicators="1p",
                        ura_indicators="7s", options={"red_fives": False})
    assert plain_fives.han == 6


def test_ura_dora_needs_riichi_and_dora_need_a_yaku():
    # no riichi: ura indicators are ignored; a hand with dora but no yaku is not a win
    assert score("234m567p345s678s22p", "8s", ura_indicators="7s").han == 2   # tanyao + pinfu
    result = score("234m567p345s678s99p", "7s", dora_indicators="1p")
    assert not result.valid and result.reason.startswith("no yaku")


def test_dealer_payments_and_counters():
    # dealer mangan ron: 6 x 2000 = 12000, honba is added by win_payments, not in total
    result = score("234m567p345s678s22p", "8s", seat_wind="E", flags=["riichi"], dora_indicators="1p")
    assert (result.han, result.total, result.payments) == (5, 12000, {"winner": 12000, "discarder": -12000})
    # with 2 counters and 1 riichi stick on the table: the discarder pays 12000 + 2 x 300 = 12600,
    # the winner also takes the 1000 stick from the pot: 13600 (total stays the hand's 12000)
    result = score("234m567p345s678s22p", "8s", seat_wind="E", flags=["riichi"], dora_indicators="1p",
                   honba=2, riichi_sticks=1)
    assert result.total == 12000
    assert result.payments == {"winner": 13600, "discarder": -12600, "riichi_sticks": 1000}
    # non-dealer tsumo with 1 counter: 100 more from each payer
    result = score("234m567p345s678s22p", "8s", win_by="tsumo", honba=1)
    assert result.payments == {"winner": 3000, "dealer": -1400, "others": -800}


def test_not_a_win_and_contradicting_flags():
    assert score("123m456p789s12345z", "5z").reason.startswith("not a complete hand")
    assert score("567p345s678s22p", "8s", melds=["chi:234m"], flags=["riichi"]).reason == \
        "riichi needs a closed hand"
    assert score("234m567p345s678s22p", "8s", flags=["tenhou"]).reason == "tenhou is the dealer's win"


def test_json_contract():
    out = score_json({"rules": "riichi", "hand": "234m567p345s678s22p", "win_tile": "8s",
                      "win_by": "tsumo", "seat_wind": "S"})
    assert out["ok"] and out["valid"] and out["han"] == 3 and out["fu"] == 20 and out["total"] == 2700
    assert [item["name"] for item in out["items"]] == ["Menzen Tsumo", "Tanyao", "Pinfu"]
    bad = score_json({"rules": "riichi", "options": {"kiriagi": True}, "hand": "234m567p345s678s22p"})
    assert not bad["ok"] and "kiriagi" in bad["error"]


@pytest.mark.parametrize(("hand", "melds", "expected"), [
    ("123m456p789s1122z", (), ["1z", "2z"]),                                  # two pairs
    ("1112345678999m", (), [f"{n}m" for n in range(1, 10)]),                 # nine gates
    ("19m19p19s1234567z", (), ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z",
                               "6z", "7z"]),                                  # 13-sided orphans
    ("1133m5577p99s112z", (), ["2z"]),                                        # seven pairs
    ("2345p", ("pon:111z", "chi:123m", "chi:789s"), ["2p", "5p"]),             # with melds
    ("1111m234p567s789s", (), []),          # only wait would be a fifth 1m: not tenpai
    ("13579m2468p1357s", (), []),
])
def test_waits(hand, melds, expected):
    assert waits(hand, melds) == expected
    assert is_tenpai(hand, melds) == bool(expected)


def test_furiten_names_the_discarded_waits():
    # waiting on 1z and 2z; 2z is among the discards, so the hand may not win on a discard
    assert furiten_waits("123m456p789s1122z", "9m2z5p") == ["2z"]
    assert furiten_waits("123m456p789s1122z", "9m5p") == []
