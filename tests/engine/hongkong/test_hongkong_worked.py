"""Hong Kong: every worked hand scored directly and through ``python -m engine score``; payouts."""

import pytest
from hongkong_hands import HANDS
from worked_hands import worked_hand_tests

from engine.families import RulesError, score_json, score_request
from engine.families.hongkong.payout import multiplier, win_deltas


def request_of(hand):
    return {"rules": "hongkong", **hand["request"]}


def check(result, hand):
    assert result["ok"], result
    names = {item["name"].rsplit(" ", 1)[0] for item in result["items"]}
    assert (result["total"], names) == (hand["total"], hand["items"]), hand["source"]
    assert result["meets_minimum"] is hand.get("meets", True)
    if "payments" in hand:
        assert result["payments"] == hand["payments"]


(test_there_are_at_least_thirty_worked_hands_each_with_a_source, test_worked_hand,
 test_every_worked_hand_through_the_json_lines_cli) = worked_hand_tests(HANDS, request_of, check)


def test_the_published_multiplier_schedules():
    # yawnoc/mahjong-scorer README, "Multiplier": half-spicy and spicy-spicy rises, 0-13 faan.
    half = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384]
    full = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192]
    assert [multiplier(faan) for faan in range(14)] == half
    assert [multiplier(faan, "full-spicy") for faan in range(14)] == full


def test_who_pays_a_discard_and_a_self_draw():
    # 8 faan half-spicy: table points 64.
    assert win_deltas(64, winner=1, discarder=3) == [0, 64, 0, -64]
    assert win_deltas(64, winner=1, discarder=3, responsibility="self") == [-16, 64, -16, -32]
    assert win_deltas(64, winner=1, discarder=None) == [-32, 96, -32, -32]


def test_payout_options_change_the_summary():
    hand = next(h for h in HANDS if h["id"] == "small-dragons")          # 8 faan on a discard
    plain = score_json(request_of(hand))["payments"]
    spicy = score_json({**request_of(hand), "options": {"payout": "full-spicy"}})["payments"]
    halved = score_json({**request_of(hand), "options": {"discarder_pays": "self"}})["payments"]
    assert plain == {"winner": multiplier(8), "discarder": -multiplier(8)}
    assert spicy == {"winner": multiplier(8, "full-spicy"), "discarder": -multiplier(8, "full-spicy")}
    points = multiplier(8)
    assert halved == {"winner": points, "discarder": -points // 2, "others": -points // 4}


def test_limit_option_caps_the_total():
    hand = next(h for h in HANDS if h["id"] == "all-pungs-one-suit")     # 11 faan
    result = score_json({**request_of(hand), "options": {"limit_faan": 10}})
    assert result["total"] == 10 and result["capped"] is True


def test_bad_options_are_named():
    for options, word in (({"payout": "mild"}, "payout"), ({"discarder_pays": "nobody"}, "discarder_pays"),
                          ({"min_faan": 14}, "min_faan"), ({"limit_faan": 0}, "limit_faan")):
        with pytest.raises(RulesError, match=word):
            score_request({"rules": "hongkong", "hand": "123m456p789s234s55m", "options": options})


def test_a_hand_that_is_not_a_win_says_so():
    result = score_json({"rules": "hongkong", "hand": "123m456p789s234s56m"})
    assert result["ok"] and result["valid"] is False and "4 sets" in result["reason"]
    bad = score_json({"rules": "hongkong", "hand": "123m456p789s234s55m567p"})
    assert bad["ok"] is False and "14" in bad["error"]
