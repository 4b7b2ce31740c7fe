"""Every breakdown reason of every family is made from a code and params (engine.reasons): on
thousands of scored random hands, each reason's template written again with its params gives the
engine's text exactly, and no reason comes without its code; the JSON contract only gains the
code fields."""

from __future__ import annotations

import json
import re

import pytest
from hongkong.hongkong_hands import HANDS as HONGKONG_HANDS
from mcr_random import random_hands
from riichi_random import random_requests
from taiwanese.taiwanese_hands import HANDS as TAIWANESE_HANDS

from engine.families import families, family_named, score_json, score_request
from engine.families.babcock.reasons import why as babcock_why
from engine.families.mcr.reasons import why as mcr_why
from engine.families.riichi.reasons import why as riichi_why
from engine.names import add_native_names
from engine.reasons import HONOURS, LIST_CODE, Reason, reason, reasons_joined, write
from engine.table.events import score_from_dict

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
            seen.add(excluded["because_code"])
            if excluded["because_code"] is None or write(family, {"code": excluded["because_code"],
                                                                  "params": excluded["because_params"]}) \
                    != excluded["because"]:
                unread.append(excluded["because"])
    assert not unread, sorted(set(unread))[:10]
    assert len(seen) > 12   # the hands reach many of the family's reasons


@pytest.mark.parametrize("name", sorted(family.name for family in families()))
def test_each_template_renders_from_its_params(name: str) -> None:
    family = family_named(name)
    plain = next(code for code, template in family.reasons.items() if "{" not in template)
    for code, template in family.reasons.items():
        params: dict = {}
        for name in re.findall(r"\{(\w+)\}", template):
            kind = name.rstrip("0123456789")
            words = family.reason_words.get(kind)
            params[name] = (words[-1] if words else SAMPLES[kind] if kind in SAMPLES else
                            reason(family.reasons, plain) if kind == "reason" else 3)
        made = reason(family.reasons, code, **params)
        assert isinstance(made, Reason) and made.code == code and "{" not in made
        assert write(family, made.explained()) == made, (code, made)


def test_params_are_tiles_numbers_and_known_words() -> None:
    wind = mcr_why("mcr.prevalent_wind", honour="East")
    assert (wind, wind.explained()) == ("pung of East, the prevalent wind",
                                        {"code": "mcr.prevalent_wind", "params": {"honour": "East"}})
    doubles = riichi_why("riichi.doubles", han=2, reason=riichi_why("riichi.honitsu", suit="p"))
    assert doubles == "2 doubles: one suit (p) with honours"
    assert doubles.explained() == {"code": "riichi.doubles", "params": {
        "han": 2, "reason": {"code": "riichi.honitsu", "params": {"suit": "p"}}}}
    first, second = mcr_why("mcr.sets", tiles="123m + 123m"), mcr_why("mcr.sets", tiles="456p + 456p")
    listed = reasons_joined((reasons_joined((first, first)), second))   # the same fan three times
    assert listed == "123m + 123m; 123m + 123m; 456p + 456p"
    assert listed.explained() == {"code": LIST_CODE, "params": {"parts": [   # type: ignore[attr-defined]
        first.explained(), first.explained(), second.explained()]}}
    assert reasons_joined((first, "a reason nobody coded")).__class__ is str   # no code, no guess
    melded = babcock_why("babcock.set_melded", shape="pung", grade="twos to eights", exposure="exposed",
                         points=2, meld="pon")
    assert melded == "pung of twos to eights, exposed: 2 (meld pon)"
    assert "White" in HONOURS


def test_the_json_contract_is_the_scores_own_dict_with_native_names() -> None:
    request = {"rules": "mcr", "hand": "123m456p789s11122z", "win_tile": "2z", "win_by": "tsumo"}
    before = add_native_names(score_request(request).to_dict(), family_named("mcr"))
    after = score_json(request)
    assert after["excluded"] and all(row["because_code"] for row in after["excluded"])
    assert all(row["why_code"] for row in after["items"])
    assert after == before
    wind = next(item for item in after["items"] if item["name"] == "Prevalent Wind")
    assert (wind["why_code"], wind["why_params"]) == ("mcr.prevalent_wind", {"honour": "East"})


def test_a_stored_score_keeps_its_codes_and_plain_text_gets_none() -> None:
    request = {"rules": "japanese-classical", "hand": "234m234m55m666z777z", "win_tile": "5m",
               "win_by": "ron"}
    stored = json.loads(json.dumps(score_json(request)))     # as a table keeps it
    again = score_from_dict(stored).to_dict()
    assert [(item["why"], item["why_code"], item["why_params"]) for item in again["items"]] == \
        [(item["why"], item["why_code"], item["why_params"]) for item in stored["items"]]
    riichi = family_named("riichi")
    options = {"scoring": "points_doubles"}
    doubles = [item for item in again["items"] if riichi.line_unit(options, item) == "double"]
    assert doubles and all(item["why_code"] in ("riichi.one_double", "riichi.doubles") for item in doubles)
    # A reason stored without its code (before the codes existed) stays text: no code is guessed.
    written = {"name": "Dora", "value": 1, "count": 1, "why": "tiles after the dora indicators"}
    assert score_from_dict({"items": [written]}).to_dict()["items"][0]["why_code"] is None


def test_classical_names_carry_their_codes_and_the_doubles_are_told_by_them() -> None:
    """A classical item name built from a template ("Double: Green pung") carries its code and
    params, kept through a stored score; the points-and-doubles game tells a double by that code,
    and a name stored without one is not read back."""
    from engine.families.babcock.titles import DOUBLE_LINES, LINES

    classical = family_named("babcock")
    named = doubles = 0
    for request in _hands("classical")[:600]:
        stored = json.loads(json.dumps(score_json(request)))
        again = score_from_dict(stored).to_dict()
        for item in again["items"]:
            if item["name_code"] is None:
                continue
            named += 1
            assert LINES[item["name_code"]].format(**item["name_params"]) == item["name"]
            is_double = classical.line_unit({}, item) == "double"
            assert is_double == (item["name_code"] in DOUBLE_LINES), item
            doubles += is_double
    assert named > 300 and doubles > 50
    written = {"name": "Double: Green pung", "value": 1, "count": 1, "why": "a pung of dragons"}
    item = score_from_dict({"items": [written]}).to_dict()["items"][0]
    assert item["name_code"] is None and classical.line_unit({}, item) == "point"
