"""How a Japanese game places its players (docs/rules.md, "Placings"): the final score after uma
and oka, total placement points, or the net score. The numbers are the presets' options.

Uma and oka: every player pays back the return points (30,000 on a 25,000-point table), the first
takes the difference of all four (the oka, 20,000), and the places add the uma ("10-20": +20,000,
+10,000, -10,000, -20,000). Riichi sticks still on the table at the end go to the first. Tied
players are placed by seat, the one nearer the first dealer first, or share the uma and oka of the
places they hold together (``tied_places``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.families.option_specs import OptionSpec, choice_option, int_option
from engine.families.standings import (
    NET,
    GameTotals,
    Placing,
    StandingsRule,
    points_by_place,
    shared_places,
    split_by_place,
    start_points,
)
from engine.reasons.marker import N_

TIED_BY_SEAT = "first_dealer"
TIED_SPLIT = "split"
PLACEMENT_POINTS = {"4-2-1-0": (4, 2, 1, 0), "3-2-1-0": (3, 2, 1, 0)}

# The specs of the options the rules read; they are options of every Japanese preset.
STANDINGS_OPTIONS: dict[str, OptionSpec] = {
    "standings": choice_option(
        N_("Final standings"),
        {"uma_oka": N_("score after uma and oka"), "placement_points": N_("placement points"),
         "net": N_("net points")},
        "how the players of a finished game are placed and ranked"),
    "return_points": int_option(N_("Return points"), 0, 1_000_000,
                                "each player's score is counted from this; the first takes the "
                                "difference to the starting points of all four (the oka)"),
    "uma_low": int_option(N_("Uma for second and third (thousands)"), 0, 100,
                          "second gains this many thousand points, third loses as many"),
    "uma_high": int_option(N_("Uma for first and fourth (thousands)"), 0, 100,
                           "first gains this many thousand points, fourth loses as many"),
    "tied_places": choice_option(
        N_("Players level at the end"),
        {TIED_BY_SEAT: N_("the one nearer the first dealer places higher"),
         TIED_SPLIT: N_("share the uma and oka of their places")},
        "how players with equal final scores are placed"),
    "placement_points": choice_option(N_("Placement points"),
                                      {code: code.replace("-", ", ") for code in PLACEMENT_POINTS},
                                      "points per place, first to fourth, when the standings "
                                      "count placement points (ties share them)"),
}


def _place_uma_oka(game: GameTotals, options: Mapping[str, Any]) -> tuple[Placing, ...]:
    totals = game.totals
    start = start_points(options)
    back = int(options["return_points"])
    low, high = int(options["uma_low"]) * 1000, int(options["uma_high"]) * 1000
    oka = (back - start) * len(totals)
    bonus = (high + oka + game.left_on_table, low, -low, -high)
    if options["tied_places"] == TIED_SPLIT:
        places = shared_places(totals)
        shares = split_by_place(totals, bonus)
    else:
        order = sorted(range(len(totals)), key=lambda seat: (-totals[seat], seat))
        places = tuple(order.index(seat) + 1 for seat in range(len(totals)))
        shares = tuple(float(bonus[place - 1]) for place in places)
    return tuple(Placing(seat, places[seat], totals[seat] - back + shares[seat],
                         float(totals[seat] - start))
                 for seat in range(len(totals)))


def _place_by_points(game: GameTotals, options: Mapping[str, Any]) -> tuple[Placing, ...]:
    return points_by_place(game, options, PLACEMENT_POINTS[options["placement_points"]])


UMA_OKA = StandingsRule(
    code="uma_oka", label=N_("Score after uma and oka"), unit=N_("points"),
    options={name: STANDINGS_OPTIONS[name]
             for name in ("return_points", "uma_low", "uma_high", "tied_places")},
    place=_place_uma_oka)
PLACEMENT = StandingsRule(
    code="placement_points", label=N_("Placement points"), unit=N_("placement points"),
    options={"placement_points": STANDINGS_OPTIONS["placement_points"]}, place=_place_by_points)

STANDINGS_RULES: tuple[StandingsRule, ...] = (UMA_OKA, PLACEMENT, NET)
