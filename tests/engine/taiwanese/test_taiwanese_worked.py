"""Taiwanese: every worked hand scored directly and through ``python -m engine score``."""

import pytest
from taiwanese_hands import HANDS
from worked_hands import worked_hand_tests

from engine.families import RulesError, score_json, score_request
from engine.families.taiwanese.family import PRESETS, payment

OPTIONS = PRESETS["taiwanese"]


def request_of(hand):
    return {"rules": "taiwanese", **hand["request"]}


def check(result, hand):
    assert result["ok"], result
    names = {" ".join(word for word in item["name"].split() if word.isascii()) for item in result["items"]}
    assert (result["total"], names) == (hand["total"], hand["items"]), hand["source"]
    assert result["meets_minimum"] is True
    if "payments" in hand:
        assert result["payments"] == hand["payments"]
    if "charged_to_dealer" in hand:
        assert result["total_tai_charged_to_dealer"] == hand["charged_to_dealer"]


(test_there_are_at_least_thirty_worked_hands_each_with_a_source, test_worked_hand,
 test_every_worked_hand_through_the_json_lines_cli) = worked_hand_tests(HANDS, request_of, check)


def test_a_self_drawn_dealer_hand_is_paid_by_all_three_with_the_streak():
    hand = {"rules": "taiwanese", "hand": "123m456p789s234s678m55p", "win_tile": "4s",
            "win_by": "tsumo", "seat_wind": "E", "honba": 1}
    result = score_json(hand)
    # 門清自摸 3 + 莊家 1 + 連1拉1 2
    assert (result["hand_tai"], result["dealer_tai"], result["total"]) == (3, 3, 6)
    each = payment(6, OPTIONS)
    assert result["payments"] == {"E": 3 * each, "S": -each, "W": -each, "N": -each}


def test_a_non_dealer_self_draw_charges_the_dealer_his_tai():
    hand = {"rules": "taiwanese", "hand": "123m456p789s234s678m55p", "win_tile": "4s",
            "win_by": "tsumo", "seat_wind": "W", "honba": 2}
    result = score_json(hand)
    plain, dealer = payment(3, OPTIONS), payment(3 + 1 + 2 * 2, OPTIONS)
    assert result["payments"] == {"E": -dealer, "S": -plain, "W": dealer + 2 * plain, "N": -plain}


def test_stakes_are_options():
    hand = {"rules": "taiwanese", "hand": "123m456p789s234s678m55p", "win_tile": "4s", "seat_wind": "S",
            "options": {"base": 50, "per_tai": 10}}
    result = score_json(hand)                      # 平胡 2 + 門清 1 = 3 tai
    assert result["payments"]["discarder"] == -(50 + 10 * 3)


def test_seventeen_tiles_are_needed_and_the_error_says_so():
    bad = score_json({"rules": "taiwanese", "hand": "123m456p789s234s55m"})
    assert bad["ok"] is False and "17" in bad["error"]
    melds = score_json({"rules": "taiwanese", "hand": "5p", "melds": ["chi:123m"] * 6})
    assert melds["ok"] is False
    not_a_win = score_json({"rules": "taiwanese", "hand": "123m456p789s234s678m56p"})
    assert not_a_win["ok"] and not_a_win["valid"] is False and "5 sets" in not_a_win["reason"]


def test_bad_options_are_named():
    with pytest.raises(RulesError, match="per_tai"):
        score_request({"rules": "taiwanese", "hand": "123m456p789s234s678m55p", "options": {"per_tai": -1}})
    with pytest.raises(RulesError, match="tai_per_hand"):
        score_request({"rules": "taiwanese", "hand": "123m456p789s234s678m55p",
                       "options": {"tai_per_hand": 1}})
