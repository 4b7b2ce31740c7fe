"""MCR counting principles, options, the minimum and payments, as worked examples."""

import pytest

from engine.core.hand import make_hand
from engine.core.result import Score
from engine.families import resolve_options, score_json
from engine.families.mcr.family import PRESETS, false_win_payments, score_hand, win_payments


def score(hand, win, *melds, rules="mcr", options=None, **context):
    data = {"rules": rules, "hand": hand, "win_tile": win, "melds": list(melds),
            "options": options or {}, **context}
    return score_json(data)


def items(result):
    return {item["name"]: item["value"] * item["count"] for item in result["items"]}


def test_presets_list_every_option_and_differ_in_the_penalty():
    assert set(PRESETS["mcr"]) == set(PRESETS["mcr-ema"])
    assert PRESETS["mcr"]["false_win_penalty"] == 20 and PRESETS["mcr-ema"]["false_win_penalty"] == 10
    assert PRESETS["mcr"]["two_concealed_kongs"] == 8


def test_contract_example_payments_on_a_discard():
    # Mixed Straight 8 + Concealed Hand 2 + Pung of Terminals or Honors 1 = 11, + 3 flowers = 14.
    # Discard: winner 14 + 3 * 8 = 38, discarder -(8 + 14) = -22, the two others -8 each.
    result = score("123m456p789s11222z", "2z", flowers="135f")
    assert result["total"] == 14 and result["fan_points"] == 11
    assert result["payments"] == {"winner": 38, "discarder": -22, "others": -8}


def test_self_draw_payments_every_loser_pays_8_plus_f():
    hand = make_hand("123m456p789s11222z", win_tile="2z", win_by="tsumo", flowers="1f")
    _, options = resolve_options("mcr", {})
    result = score_hand(hand, options, {})
    # Mixed Straight 8 + Fully Concealed 4 + Pung of Terminals or Honors 1 + 1 flower = 14
    assert result.total == 14
    assert win_payments(result, winner=2, discarder=None, dealer=0, options=options) == [-22, -22, 66, -22]
    assert win_payments(result, winner=2, discarder=3, dealer=0, options=options) == [-8, -8, 38, -22]


def test_false_win_penalty_from_the_preset():
    assert false_win_payments(1, 0, PRESETS["mcr"]) == [20, -60, 20, 20]
    assert false_win_payments(1, 0, PRESETS["mcr-ema"]) == [10, -30, 10, 10]


def test_win_payments_refuse_a_hand_below_the_minimum():
    with pytest.raises(ValueError):
        win_payments(Score(valid=True, meets_minimum=False, total=7), winner=0, discarder=1,
                     dealer=0, options={})


def test_flowers_do_not_count_towards_the_minimum():
    # No Honors is the only fan: 1 point, plus 8 flowers = 9 in total, still not a win
    result = score("234p55s", "4p", "chi:123m", "pon:777p", "chi:567s", flowers="12345678f")
    assert result["fan_points"] == 1 and result["total"] == 9
    assert result["fan_points"] < 8 < result["total"]
    assert result["meets_minimum"] is False and result["payments"] == {}
    assert "8" in result["reason"] or "minimum" in result["reason"]


def test_account_once_four_terminal_chows_score_three_not_four():
    # 123m 789m 123s 789s: Two Terminal Chows twice and one Mixed Double Chow (RULES §1.5 #5)
    result = score("123789m123789s11z", "1z")
    chow_fans = {name: points for name, points in items(result).items()
                 if name in ("Two Terminal Chows", "Mixed Double Chow", "Pure Double Chow")}
    assert sum(chow_fans.values()) == 3
    assert any("account-once" in ex["because"] or "non-" in ex["because"]
               for ex in result["excluded"] if ex["name"] in ("Mixed Double Chow", "Two Terminal Chows"))


def test_non_repeat_is_per_pung():
    # Big Three Dragons accounts for its three pungs, not for a fourth terminal pung
    result = score("22m999p555666777z", "2m")
    assert items(result)["Big Three Dragons"] == 88
    assert items(result)["Pung of Terminals or Honors"] == 1


def test_non_separation_no_short_straight_inside_four_shifted_chows():
    result = score("122333444556m99p", "9p")
    assert "Four Pure Shifted Chows" in items(result) and "Short Straight" not in items(result)
    assert any(ex["name"] == "Pure Shifted Chows" for ex in result["excluded"])


def test_take_the_highest_reading():
    # 111222333m as three pungs (Pure Shifted Pungs + Three Concealed Pungs) beats three chows
    result = score("111222333m456p99s", "4p", win_by="tsumo")
    assert "Pure Shifted Pungs" in items(result) and "Three Concealed Pungs" in items(result)


def test_a_pung_completed_on_a_discard_is_melded():
    tsumo = score("111m222p333s44455z", "4z", win_by="tsumo")
    ron = score("111m222p333s44455z", "4z", win_by="ron")
    assert "Four Concealed Pungs" in items(tsumo)
    assert "Three Concealed Pungs" in items(ron)


def test_wait_fans_need_a_unique_wait():
    assert "Closed Wait" in items(score("12355m456p123789s", "2m"))
    # 4m completes 12344m as 123+44 or 234+4.. - waits 1m and 4m, so no wait fan
    assert not {"Edge Wait", "Closed Wait", "Single Wait"} & set(items(score("12344m456p123789s", "4m")))


def test_situational_flags_need_their_situation():
    result = score("123m456p789s11222z", "2z", flags=["kong_replacement"], win_by="tsumo")
    assert "Out with Replacement Tile" not in items(result)
    assert "kong_replacement" in result["notes"][0]
    robbed = score("123m456p345789s11z", "1z", flags=["robbing_kong"])
    assert "Robbing the Kong" not in items(robbed)


def test_option_two_concealed_kongs_value():
    hand = ("123456s99s", "9s", "ankan:1111m", "ankan:2222p")
    assert items(score(*hand))["Two Concealed Kongs"] == 8
    assert items(score(*hand, options={"two_concealed_kongs": 6}))["Two Concealed Kongs"] == 6


def test_option_melded_and_concealed_kong():
    hand = ("123456s99s", "9s", "kan:1111m", "ankan:2222p")
    six = items(score(*hand))
    assert six["Two Melded Kongs"] + six["Concealed Kong"] == 6
    five = items(score(*hand, options={"melded_concealed_kongs": 5}))
    assert five["Melded and Concealed Kongs"] == 5 and "Concealed Kong" not in five


def test_option_knitted_straight_waits():
    hand = ("147m258p369s11155z", "5z")
    assert "Single Wait" not in items(score(*hand))
    assert "Single Wait" in items(score(*hand, options={"knitted_straight_waits": True}))


def test_chicken_hand_only_when_nothing_else_scores():
    result = score("234p11z", "4p", "chi:123m", "pon:777p", "chi:567s")
    assert items(result) == {"Chicken Hand": 8} and result["meets_minimum"]


def test_not_a_win_is_valid_false_with_a_reason():
    result = score("123m456p789s11234z", "4z")
    assert result["ok"] and result["valid"] is False and "not a winning hand" in result["reason"]


def test_every_item_says_why():
    result = score("111999m111p11222z", "2z", flowers="2f")
    assert all(item["why"] for item in result["items"])
