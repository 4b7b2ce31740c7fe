"""Every breakdown reason of MCR and the Japanese games has a code and params (engine.reasons):
read back from thousands of scored random hands, each reason's template written again with its
params gives the engine's text exactly; each template reads back as itself; the JSON contract
only gains the code fields."""

from __future__ import annotations

import re

import pytest
from hongkong.hongkong_hands import HANDS as HONGKONG_HANDS
from mcr_random import random_hands
from riichi_random import random_requests
from taiwanese.taiwanese_hands import HANDS as TAIWANESE_HANDS

from engine.families import families, family_named, score_json, score_request
from engine.names import add_native_names
from engine.reasons import HONOURS, explain, write

SAMPLES = {"tile": "5m", "tiles": "123m + 456p", "suit": "p", "suit_name": "Dots", "honour": "Green",
           "honours": "East, South", "fan": "Pure Straight", "option": "knitted_straight_waits",
           "tile_name": "5 Dots", "flowers": "Plum, Spring", "wind_letter": "S", "meld": "pon:555p",
           "fraction": "1/2"}
FAMILY = {"mcr": "mcr", "mcr-ema": "mcr", "riichi": "riichi", "japanese-classical": "riichi",
          "classical": "babcock", "hongkong": "hongkong", "taiwanese": "taiwanese"}


def _hands(rules: str) -> list[dict]:
    if FAMILY[rules] == "riichi":
        return [dict(request, rules=rules) for request in random_requests(11, 1500)]
    worked = {"taiwanese": TAIWANESE_HANDS, "hongkong": HONGKONG_HANDS}.get(rules, [])
    return ([dict(hand, rules=rules) for hand in random_hands(1500, seed=11)]
            + [dict(hand["request"], rules=rules) for hand in worked])


def _codes(explained: dict) -> set[str]:
    """An explained reason's code and those of the reasons inside it."""
    inner = [explained["params"]["reason"]] if "reason" in explained["params"] else []
    return {explained["code"]}.union(*(_codes(part) for part in inner))


@pytest.mark.parametrize("rules", sorted(FAMILY))
def test_every_reason_of_random_hands_has_a_code(rules: str) -> None:
    family = family_named(FAMILY[rules])
    seen: set[str] = set()
    unread = []
    for hand in _hands(rules):
        result = score_json(hand)
        if not result["ok"]:
            continue
        for item in result["items"] + result.get("dealer_items", []):
            seen.update(_codes({"code": item["why_code"], "params": item["why_params"] or {}}))
            if item["why_code"] is None or write(family, {"code": item["why_code"],
                                                         "params": item["why_params"]}) != item["why"]:
                unread.append(item["why"])
        for excluded in result.get("excluded", []):
            explained = explain(family, excluded["because"])
            if explained is None or write(family, explained) != excluded["because"]:
                unread.append(excluded["because"])
            assert excluded["because_code"] == (explained and explained["code"])
    assert not unread, sorted(set(unread))[:10]
    assert len(seen) > 12   # the hands reach many of the family's reasons


@pytest.mark.parametrize("name", sorted(family.name for family in families()))
def test_each_template_reads_back_as_itself(name: str) -> None:
    family = family_named(name)
    plain = next(code for code, template in family.reasons.items() if "{" not in template)
    for code, template in family.reasons.items():
        params = {}
        for name in re.findall(r"\{(\w+)\}", template):
            kind = name.rstrip("0123456789")
            words = family.reason_words.get(kind)
            params[name] = (words[-1] if words else SAMPLES[kind] if kind in SAMPLES else
                            {"code": plain, "params": {}}
                            if kind == "reason" else 3)
        text = write(family, {"code": code, "params": params})
        assert explain(family, text) == {"code": code, "params": params}, (code, text)


def test_params_are_tiles_numbers_and_known_words() -> None:
    explained = explain(family_named("mcr"), "pung of East, the prevalent wind")
    assert explained == {"code": "mcr.prevalent_wind", "params": {"honour": "East"}}
    assert explain(family_named("mcr"), "every tile is 1-3") == {"code": "mcr.range",
                                                                  "params": {"low": 1, "high": 3}}
    assert explain(family_named("riichi"), "2 doubles: one suit (p) with honours") == {
        "code": "riichi.doubles",
        "params": {"han": 2, "reason": {"code": "riichi.honitsu", "params": {"suit": "p"}}}}
    assert explain(family_named("mcr"), "123m + 123m; 456p + 456p") == {"code": "list", "params": {"parts": [
        {"code": "mcr.sets", "params": {"tiles": "123m + 123m"}},
        {"code": "mcr.sets", "params": {"tiles": "456p + 456p"}}]}}
    assert explain(family_named("mcr"), "a reason nobody wrote") is None
    assert explain(family_named("hongkong"), "no melds, self-drawn") is None   # MCR's, not Hong Kong's
    assert explain(family_named("babcock"), "pung of twos to eights, exposed: 2 (meld pon)") == {
        "code": "babcock.set_melded",
        "params": {"shape": "pung", "grade": "twos to eights", "exposure": "exposed", "points": 2,
                   "meld": "pon"}}
    streak = explain(family_named("taiwanese"), "連2拉2: the dealer has kept the deal 2 times in a row")
    assert streak == {"code": "chinese.dealer_streaks", "params": {"count": 2}}
    assert explain(family_named("taiwanese"), "連2拉3: the dealer has kept the deal 2 times in a row") is None
    assert "White" in HONOURS


def test_the_json_contract_only_gains_the_code_fields() -> None:
    request = {"rules": "mcr", "hand": "123m456p789s11122z", "win_tile": "2z", "win_by": "tsumo"}
    before = add_native_names(score_request(request).to_dict(), family_named("mcr"))
    after = score_json(request)
    added = {"why_code", "why_params", "because_code", "because_params"}

    def without_codes(rows: list[dict]) -> list[dict]:
        return [{key: value for key, value in row.items() if key not in added} for row in rows]
    assert after["excluded"] and all(row["because_code"] for row in after["excluded"])
    assert without_codes(after["items"]) == before["items"]
    assert without_codes(after["excluded"]) == before["excluded"]
    assert after.keys() == before.keys()
    assert all(after[key] == before[key] for key in before if key not in ("items", "excluded"))
    wind = next(item for item in after["items"] if item["name"] == "Prevalent Wind")
    assert (wind["why_code"], wind["why_params"]) == ("mcr.prevalent_wind", {"honour": "East"})
