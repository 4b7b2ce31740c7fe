"""Engine errors carry a code and its parameters beside the English text, so the web layer can
say the same thing in the reader's language."""

from __future__ import annotations

import pytest

from engine.families import score_json


@pytest.mark.parametrize(("data", "code", "params"), [
    ({"hand": "123m45x"}, "notation.unexpected_character",
     {"char": "x", "position": 6, "field": "hand"}),
    ({"hand": "123m456m789m123p5"}, "notation.digit_without_suit",
     {"digit": "5", "position": 16, "field": "hand"}),
    ({"hand": "123m456m789m123p5p"}, "hand.tile_count", {"total": 13, "kongs": 0, "need": 14, "base": 14}),
    ({"hand": "123m456m789m11111p"}, "hand.tile_used_too_often",
     {"tile": "1p", "count": 5, "limit": 4}),
    ({"hand": "123m456m789m123p55p", "melds": ["pon:123m"]}, "meld.illegal_pung",
     {"meld": "pon:123m"}),
    ({"hand": "123m456m789m123p55p", "win_tile": "9z"}, "notation.not_an_honour",
     {"digit": "9", "position": 0, "field": ""}),
    ({"hand": "123m456m789m123p55p", "flags": ["moon"]}, "hand.unknown_flag", {"flag": "moon"}),
    ({"rules": "go", "hand": "1m"}, "rules.unknown_preset", {"rules": "go"}),
    ({"hand": "123m456m789m123p55p", "options": {"minimum": "8"}}, "rules.option_type",
     {"option": "minimum", "value": "'8'"}),
    ([1, 2], "request.not_an_object", {}),
])
def test_errors_have_a_code_and_params(data, code, params):
    result = score_json(data)
    assert result["ok"] is False
    assert (result["code"], result["params"]) == (code, params)
    assert result["error"]   # the English text stays


def test_a_hand_below_the_minimum_has_a_reason_code():
    result = score_json({"hand": "345s66p", "melds": ["chi:123m", "pon:999p", "chi:678s"],
                         "win_tile": "6p", "seat_wind": "S"})
    assert result["valid"] and not result["meets_minimum"]
    assert result["reason_code"] == "score.below_minimum"
    assert result["reason_params"] == {"points": result["fan_points"], "minimum": 8}


def test_not_a_win_and_no_yaku_have_reason_codes():
    assert score_json({"hand": "1234m456m789m123p5p", "win_tile": "5p"})["reason_code"] == "score.not_a_win"
    riichi = score_json({"rules": "riichi", "hand": "123m456p789s11z", "melds": ["chi:234m"],
                         "win_tile": "1z"})
    assert riichi["reason_code"] == "score.no_yaku"
