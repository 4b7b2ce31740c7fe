"""The family registry: every registered family is named by its package and has a table flow."""

from __future__ import annotations

from engine.families import family_name, presets
from engine.table.flow import FAMILY_FLOWS, flow_for


def test_families_are_named_by_their_package() -> None:
    names = {name: family_name(module) for name, (module, _) in presets().items()}
    assert names["mcr"] == "mcr" and names["mcr-ema"] == "mcr"
    assert names["riichi"] == "riichi" and names["japanese-classical"] == "riichi"
    assert names["classical"] == "babcock"


def test_a_preset_without_its_own_flow_takes_its_familys() -> None:
    for module, _ in presets().values():
        family = family_name(module)
        assert family in FAMILY_FLOWS, f"family {family!r} has no table flow"
        assert flow_for("a-house-preset", family) == FAMILY_FLOWS[family]
    assert flow_for("a-house-preset", "riichi").riichi_stick == 1000
