"""What follows each hand at a Japanese table (docs/rules.md), and the options that change it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine.families.flow import KEEP_ALWAYS, KEEP_IF_WAITING, KEEP_NEVER, Flow

# japanese-classical: a counter only when East wins and stays; the deal passes on any draw
# (counters then reset); the sheet's four abortive draws; three ron claimants = abortive draw; a
# 100-point riichi stick only where the table turns riichi on (the Japanese sheet has none); the
# optional 600 draw pool is the family's draw_payments (it reads the preset's option, off by
# default: "Nie następują natomiast rozliczenia między graczami").
JAPANESE_CLASSICAL = Flow(
    name="japanese-classical", counter_on_dealer_win=True, three_claims_abortive=True,
    riichi_stick=100, draw_payments=True, false_win_dead_hand=False,
    abortive_kinds=("nine_terminals", "four_kongs", "same_first_discards", "three_ron"),
    penalty_points=300,
)

# Riichi (decisions table): a half game (East and South rounds), honba on dealer repeats and on
# every draw, the dealer keeps the deal when tenpai at an exhaustive draw and after an abortive
# draw, 1000-point riichi sticks, the 3000 draw pool.
RIICHI = Flow(
    name="riichi", rounds=2, keep_on_exhaustive_draw=KEEP_IF_WAITING, keep_on_abortive_draw=KEEP_ALWAYS,
    counter_on_dealer_win=True, counter_on_draw=True, three_claims_abortive=True,
    riichi_stick=1000, start_points=25000, draw_payments=True, false_win_dead_hand=False,
    abortive_kinds=("nine_terminals", "four_kongs", "same_first_discards", "three_ron", "four_riichi"),
    penalty_points=3000, ends_below_zero=True, agari_yame=True,
)

FLOWS: dict[str, Flow] = {"riichi": RIICHI, "japanese-classical": JAPANESE_CLASSICAL}

# Prevailing-wind rounds a game of each length plays.
GAME_LENGTHS = {"east": 1, "half": 2, "full": 4}
_KEEP_WORDS = {"tenpai": KEEP_IF_WAITING, "waiting": KEEP_IF_WAITING, "always": KEEP_ALWAYS,
               "never": KEEP_NEVER}
# The options that change the flow: option -> (Flow field, the option's value as the field's).
_OPTION_FIELDS: dict[str, tuple[str, Any]] = {
    "counter_on_draw": ("counter_on_draw", bool),
    "riichi_stick": ("riichi_stick", int),
    "start_points": ("start_points", int),
    "dealer_keeps_on_draw": ("keep_on_exhaustive_draw", _KEEP_WORDS.__getitem__),
    "multiple_ron": ("claim_rule", str),
    "game_length": ("rounds", GAME_LENGTHS.__getitem__),
    "ends_below_zero": ("ends_below_zero", bool),
    "agari_yame": ("agari_yame", bool),
}


def flow_options(flow: Flow, options: Mapping[str, Any]) -> Flow:
    """The flow with the table's options (already checked against their specs) applied."""
    changes = {field_name: convert(options[option])
               for option, (field_name, convert) in _OPTION_FIELDS.items()
               if options.get(option) is not None}
    if options.get("riichi") is False:
        changes["riichi_stick"] = 0         # no riichi declarations, so no sticks to take
    if options.get("abortive_draws") is False:
        changes["abortive_kinds"] = ()
    return replace(flow, **changes)
