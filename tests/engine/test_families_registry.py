"""The family registry: every registered family is named by its package, offers typed options and
labelled flags, and has a table flow."""

from __future__ import annotations

import pytest

from engine.families import RulesError, families, presets, resolve_options, score_json
from engine.table.flow import flow_for


def test_families_are_named_by_their_package() -> None:
    names = {name: family.name for name, (family, _) in presets().items()}
    assert names["mcr"] == "mcr" and names["mcr-ema"] == "mcr"
    assert names["riichi"] == "riichi" and names["japanese-classical"] == "riichi"
    assert names["classical"] == "babcock"
    for family in families():
        assert family.score.__module__ == f"engine.families.{family.name}.family"


def test_a_preset_without_its_own_flow_takes_its_familys_first() -> None:
    for family in families():
        assert family.flows, f"family {family.name!r} has no table flow"
        first = next(iter(family.flows.values()))
        assert flow_for(family, "a-house-preset") == family.flow_options(first, {})
    riichi = next(family for family in families() if family.name == "riichi")
    assert flow_for(riichi, "a-house-preset").riichi_stick == 1000


def test_every_option_has_one_spec_with_a_label_and_its_default_in_range() -> None:
    for family in families():
        options = {name for defaults in family.presets.values() for name in defaults}
        assert set(family.option_specs) == options, family.name      # one spec per option, no more
        for preset in family.presets:
            resolve_options(preset, {})                                # every default is in its range
            for option in family.options(preset):
                assert option.label and option.kind in ("bool", "int", "float", "text")
                if option.choices:
                    assert option.value in option.choices
                    assert set(option.spec.words) == set(option.choices)


def test_each_family_offers_its_flags_and_reads_no_flag_twice() -> None:
    for family in families():
        assert family.flags and len(set(family.flag_names())) == len(family.flags)
        assert not set(family.unlisted_flags) & set(family.flag_names())
        assert set(family.ready_flags) <= set(family.flag_names())


def test_a_value_outside_an_options_choices_is_refused() -> None:
    with pytest.raises(RulesError, match="multiple_ron"):
        resolve_options("riichi", {"multiple_ron": "triple_ron"})
    assert resolve_options("riichi", {"multiple_ron": "head_bump"})[1]["multiple_ron"] == "head_bump"


@pytest.mark.parametrize(("rules", "flag"), [("taiwanese", "tenhou"), ("hongkong", "chankan"),
                                            ("mcr", "riichi"), ("riichi", "heaven")])
def test_a_flag_outside_the_presets_own_vocabulary_is_refused_by_name(rules, flag) -> None:
    # Taiwanese calls the heavenly hand "heaven" (24 tai); Riichi's "tenhou" would score nothing
    # there, so it is refused rather than dropped.
    tiles = "123m456m789m123p456p55p" if rules == "taiwanese" else "123m456m789m123p55p"
    request = {"rules": rules, "hand": tiles, "win_tile": "5p", "flags": [flag]}
    result = score_json(request)
    assert result["ok"] is False and result["code"] == "hand.unknown_flag"
    assert result["params"]["flag"] == flag and flag in result["error"] and rules in result["error"]


def test_a_flag_the_family_knows_is_honoured() -> None:
    # The Taiwanese heavenly hand: 24 tai for the dealer's win on his first draw.
    hand = {"rules": "taiwanese", "hand": "123m456m789m123p456p55p", "win_tile": "5p",
            "win_by": "tsumo", "seat_wind": "E"}
    with_flag = score_json({**hand, "flags": ["heaven"]})
    names = [item["name"] for item in with_flag["items"]]
    assert any("天胡" in name for name in names), names


@pytest.mark.parametrize("options", [[], 0, False, "", [1], "x"])
def test_options_must_be_an_object(options) -> None:
    result = score_json({"rules": "mcr", "hand": "123m456m789m123p55p", "options": options})
    assert result["ok"] is False and result["code"] == "rules.options_not_object"
    with pytest.raises(RulesError, match="options must be a JSON object"):
        resolve_options("mcr", options)
