"""The family registry: every registered family is named by its package, offers typed options and
labelled flags, and has a table flow."""

from __future__ import annotations

import pytest

from engine.core.hand import FLAGS
from engine.families import RulesError, families, presets, resolve_options
from engine.table.flow import FAMILY_FLOWS, flow_for


def test_families_are_named_by_their_package() -> None:
    names = {name: family.name for name, (family, _) in presets().items()}
    assert names["mcr"] == "mcr" and names["mcr-ema"] == "mcr"
    assert names["riichi"] == "riichi" and names["japanese-classical"] == "riichi"
    assert names["classical"] == "babcock"
    for family in families():
        assert family.score.__module__ == f"engine.families.{family.name}.family"


def test_a_preset_without_its_own_flow_takes_its_familys() -> None:
    for family in families():
        assert family.name in FAMILY_FLOWS, f"family {family.name!r} has no table flow"
        assert flow_for("a-house-preset", family.name) == FAMILY_FLOWS[family.name]
    assert flow_for("a-house-preset", "riichi").riichi_stick == 1000


def test_every_option_has_a_label_and_a_kind_matching_its_default() -> None:
    for family in families():
        assert set(family.option_texts) <= {name for defaults in family.presets.values() for name in defaults}
        for preset in family.presets:
            for option in family.options(preset):
                assert option.name in family.option_texts, f"{preset}: {option.name} has no label"
                assert option.kind in ("bool", "int", "float", "text")
                if option.choices:
                    assert option.value in option.choices


def test_flags_are_ones_the_hand_reader_knows() -> None:
    for family in families():
        assert family.flags and set(family.flag_names()) <= set(FLAGS)
        assert set(family.ready_flags) <= set(family.flag_names())


def test_a_value_outside_an_options_choices_is_refused() -> None:
    with pytest.raises(RulesError, match="multiple_ron"):
        resolve_options("riichi", {"multiple_ron": "triple_ron"})
    assert resolve_options("riichi", {"multiple_ron": "head_bump"})[1]["multiple_ron"] == "head_bump"
