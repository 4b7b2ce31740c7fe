"""The engine's input checks: indicators and tile strings are capped by what the game allows,
and a tile that cannot be an indicator is a clear error, not a crash."""

from __future__ import annotations

import pytest

from engine.core.hand import HandError, hand_from_dict
from engine.families import score_json

WIN = {"hand": "123m456p789s11z222z", "win_tile": "2z", "win_by": "ron", "seat_wind": "E",
       "round_wind": "E", "rules": "riichi", "flags": ["riichi"]}


@pytest.mark.parametrize(("field", "value", "words"), [
    ("dora_indicators", "1f", "flower or season cannot be a dora indicator"),
    ("ura_indicators", "5f", "flower or season cannot be a dora indicator"),
    ("dora_indicators", "123456m", "at most 5"),
    ("ura_indicators", "1m" * 100_000, "at most 5"),
    ("flowers", "1f" * 50_000, "at most 8"),
])
def test_indicators_and_flowers_beyond_the_game_are_refused(field, value, words):
    with pytest.raises(HandError, match=words):
        hand_from_dict(dict(WIN, **{field: value}))
    result = score_json(dict(WIN, **{field: value}))
    assert result["ok"] is False and words in result["error"]


def test_a_huge_hand_string_or_meld_list_is_refused_before_parsing():
    with pytest.raises(HandError, match="at most 22 tiles"):
        hand_from_dict(dict(WIN, hand="1m" * 500_000))
    with pytest.raises(HandError, match="at most 5"):
        hand_from_dict(dict(WIN, melds=["pon:111m"] * 100_000))


def test_five_indicators_still_count():
    result = score_json(dict(WIN, dora_indicators="1z2z3z4z5z", ura_indicators="1m2m3m4m5m"))
    assert result["ok"] and result["valid"], result
