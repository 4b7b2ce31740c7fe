"""Placings at the end of a game, and standings over many games.

A family names its ways of placing the players of one finished game (``Family.standings_rules``;
the first is its default): MCR's table points, Riichi's uma and oka, everyone's net points. Each
rule turns the game's final totals into one ``Placing`` per seat, whose ``figure`` and
``tiebreak`` add up over games, so a season (or an evening) ranks its players by the sums
(``rank``). This module holds what every family shares: the records, ties split between the
places they hold, the net and money rules, and the ranking of sums. A family's own rules live in
its package and are reached only through the family.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.families.option_specs import OptionSpec, int_option
from engine.reasons.marker import N_


@dataclass(frozen=True)
class GameTotals:
    """One finished game: each seat's final total, seats in the table's seat order (seat 0 = the
    first dealer). For Riichi a total includes the starting points. ``left_on_table`` is what is
    still on the table when the game ends (Riichi's riichi sticks), for a rule that hands it out."""

    totals: tuple[int, ...]
    left_on_table: int = 0


@dataclass(frozen=True)
class Placing:
    """What one game gives one seat: its place (tied seats share the best place, both "1"), the
    ranking figure (table points, score after uma and oka, net points, money) and the second key
    (the game's net score). Both figures add up over games."""

    seat: int
    place: int
    figure: float
    tiebreak: float


PlaceGame = Callable[[GameTotals, Mapping[str, Any]], tuple[Placing, ...]]


@dataclass(frozen=True)
class StandingsRule:
    """One way of placing a game's players. ``options`` are the specs of the options ``place``
    reads (a preset's options where the family's presets carry them, else ``defaults``)."""

    code: str                       # "table_points", "uma_oka", "placement_points", "net", "money"
    label: str                      # English, marked with N_ for the pages
    unit: str                       # English, marked with N_ ("table points", "points", "money")
    options: Mapping[str, OptionSpec]
    place: PlaceGame
    defaults: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Standing:
    """One player's line in standings over several games: sums of the games' figures, the place
    they give (tied players share the best place), and how much the player needs to pass the one
    above (None for the first; 0 when level on figure and behind on the tiebreak)."""

    key: Hashable
    place: int
    figure: float
    tiebreak: float
    games: int
    to_pass: float | None


def shared_places(keys: Sequence[Any]) -> tuple[int, ...]:
    """Each entry's place, higher keys first, equal keys sharing the best place (1, 1, 3, 4)."""
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


def split_by_place(totals: Sequence[int], by_place: Sequence[float]) -> tuple[float, ...]:
    """Each seat's share of ``by_place`` (what first, second... receive): tied seats share equally
    what the places they hold together give (two tied first on 4/2/1/0: 3 each)."""
    shares = []
    for total in totals:
        above = sum(1 for other in totals if other > total)
        level = sum(1 for other in totals if other == total)
        shares.append(sum(by_place[above:above + level]) / level)
    return tuple(shares)


def option(options: Mapping[str, Any], defaults: Mapping[str, Any], name: str) -> Any:
    """An option's value: the table's (or season's), else the rule's default."""
    value = options.get(name)
    return defaults[name] if value is None else value


def start_points(options: Mapping[str, Any]) -> int:
    """Every seat's total before the first hand (0 where the preset has no starting points)."""
    return int(options.get("start_points") or 0)


def net_totals(game: GameTotals, options: Mapping[str, Any]) -> tuple[int, ...]:
    start = start_points(options)
    return tuple(total - start for total in game.totals)


def points_by_place(game: GameTotals, options: Mapping[str, Any],
                    by_place: Sequence[float]) -> tuple[Placing, ...]:
    """Placings by fixed points per place (MCR's table points, Riichi's placement points), ties
    split; the net score is the tiebreak."""
    net = net_totals(game, options)
    places = shared_places(net)
    shares = split_by_place(net, by_place)
    return tuple(Placing(seat, places[seat], shares[seat], float(net[seat]))
                 for seat in range(len(net)))


def _place_net(game: GameTotals, options: Mapping[str, Any]) -> tuple[Placing, ...]:
    net = net_totals(game, options)
    places = shared_places(net)
    return tuple(Placing(seat, places[seat], float(net[seat]), float(net[seat]))
                 for seat in range(len(net)))


MONEY_DEFAULTS: Mapping[str, Any] = {"stake": 100}


def _place_money(game: GameTotals, options: Mapping[str, Any]) -> tuple[Placing, ...]:
    stake = option(options, MONEY_DEFAULTS, "stake")
    return tuple(Placing(placing.seat, placing.place, round(placing.figure * stake / 100, 2),
                         placing.tiebreak)
                 for placing in _place_net(game, options))


NET = StandingsRule(code="net", label=N_("Net points"), unit=N_("points"), options={},
                    place=_place_net)
MONEY = StandingsRule(
    code="money", label=N_("Net money"), unit=N_("money"),
    options={"stake": int_option(N_("Stake per point (hundredths of the currency)"), 0, 1_000_000,
                                 "money per point won or lost, in hundredths (100: 1 per point)")},
    place=_place_money, defaults=MONEY_DEFAULTS)


def rule_named(rules: Iterable[StandingsRule], code: str) -> StandingsRule:
    """The rule with this code; ValueError naming the codes there are."""
    rules = tuple(rules)
    for rule in rules:
        if rule.code == code:
            return rule
    raise ValueError(f"unknown standings rule {code!r}; rules: {', '.join(r.code for r in rules)}")


def rule_for(rules: Sequence[StandingsRule], options: Mapping[str, Any]) -> StandingsRule:
    """The rule a table plays: the one its ``standings`` option names, else the first."""
    code = options.get("standings")
    return rule_named(rules, code) if code else rules[0]


def rank(rows: Iterable[tuple[Hashable, float, float, int]]) -> list[Standing]:
    """Standings from per-player sums (key, figure sum, tiebreak sum, games played): by figure,
    then tiebreak, both descending; equal on both share the best place. Input order breaks no
    tie: equal players keep the order given."""
    rows = list(rows)
    ordered = sorted(rows, key=lambda row: (-row[1], -row[2]))
    keys = [(row[1], row[2]) for row in ordered]
    places = shared_places(keys)
    standings = []
    for index, (key, figure, tiebreak, games) in enumerate(ordered):
        to_pass = None if index == 0 else ordered[index - 1][1] - figure
        standings.append(Standing(key, places[index], figure, tiebreak, games, to_pass))
    return standings
