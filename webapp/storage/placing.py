"""Which standings rule places a club table's players, and with which options: the family's own
rules (``Family.standings_rules``, ``engine.families.standings``) under its season's choice.

A season names one rule (and its options, such as a stake per point); a table of a family that
has no rule by that code (a mixed season) is placed by its family's default rule. A table in no
season is placed by its preset's own rule (the ``standings`` option where the preset has one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.families import families, family_named, get_preset
from engine.families.protocol import Family
from engine.families.standings import GameTotals, StandingsRule
from webapp.storage.season import Season

Placed = tuple[int, float, float]  # (place, figure, tiebreak) of one seat


class RuleRefused(ValueError):
    """A season's family, rule or rule option that does not exist or is out of range."""


def family_fits(season_family: str | None, rules: str) -> bool:
    """Whether a table of preset ``rules`` can count in a season of ``season_family``."""
    return season_family is None or get_preset(rules)[0].name == season_family


def rules_offered(season_family: str | None) -> list[StandingsRule]:
    """The rules a season of this family (None: mixed) can choose from, each code once."""
    chosen = [family_named(season_family)] if season_family else families()
    found: dict[str, StandingsRule] = {}
    for family in chosen:
        for rule in family.standings_rules:
            found.setdefault(rule.code, rule)
    return list(found.values())


def checked_rule(season_family: str | None, code: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The season's rule options as stored, or RuleRefused: the rule must be one the family
    offers, and each option one the rule reads, in its range."""
    try:
        offered = {rule.code: rule for rule in rules_offered(season_family)}
    except Exception as error:  # an unknown family name
        raise RuleRefused(f"unknown rule family {season_family!r}") from error
    if code not in offered:
        raise RuleRefused(f"unknown standings rule {code!r}; rules: {', '.join(offered)}")
    rule = offered[code]
    checked: dict[str, Any] = {}
    for name, value in options.items():
        spec = rule.options.get(name)
        if spec is None:
            raise RuleRefused(f"the {code} rule has no option {name!r}")
        if value is None or value == "":
            continue
        if spec.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise RuleRefused(f"option {name!r} must be a whole number")
            if (spec.minimum is not None and value < spec.minimum) or (
                spec.maximum is not None and value > spec.maximum
            ):
                raise RuleRefused(f"option {name!r} must be {spec.describe()}")
        elif spec.kind == "choice" and value not in spec.choices:
            raise RuleRefused(f"option {name!r} must be {spec.describe()}")
        checked[name] = value
    return checked


def rule_of(family: Family, season: Season | None, options: Mapping[str, Any]) -> StandingsRule:
    """The rule that places a table of ``family`` (with its table options) in ``season``."""
    if season is not None:
        for rule in family.standings_rules:
            if rule.code == season.rule:
                return rule
        return family.standings_rules[0]
    return family.standings_rule(options)


def placings(
    rules: str,
    overrides: Mapping[str, Any],
    season: Season | None,
    totals: Sequence[int],
    left_on_table: int = 0,
) -> list[Placed]:
    """Each seat's (place, figure, tiebreak) for a table of preset ``rules`` at these totals."""
    family, defaults = get_preset(rules)
    options: dict[str, Any] = {**defaults, **dict(overrides)}
    rule = rule_of(family, season, options)
    if season is not None and season.rule == rule.code:
        options.update(season.rule_options)
    placed = rule.place(GameTotals(tuple(totals), left_on_table), options)
    by_seat = {placing.seat: placing for placing in placed}
    return [
        (by_seat[seat].place, float(by_seat[seat].figure), float(by_seat[seat].tiebreak))
        for seat in range(len(totals))
    ]
