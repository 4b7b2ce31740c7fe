"""Placings of a finished game under each family's rules, and standings over games; every figure
below is worked by hand in the comment beside it."""

from __future__ import annotations

import pytest

from engine.families import get_preset, resolve_options
from engine.families.standings import GameTotals, rank, rule_named, shared_places, split_by_place


def placings(preset: str, totals: tuple[int, ...], left: int = 0, **overrides):
    family, options = resolve_options(preset, overrides)
    rule = family.standings_rule(options)
    return rule.code, [(p.place, p.figure, p.tiebreak) for p in rule.place(GameTotals(totals, left), options)]


def test_shared_places_and_split_points():
    assert shared_places([10, 30, 30, 5]) == (3, 1, 1, 4)
    # Three level for second on 4/2/1/0: (2 + 1 + 0) / 3 = 1 each.
    assert split_by_place([50, 0, 0, 0], (4, 2, 1, 0)) == (4, 1, 1, 1)


def test_mcr_table_points_in_plain_order():
    # 4/2/1/0 by score; the score is the tiebreak.
    code, rows = placings("mcr", (-20, 64, 8, -52))
    assert code == "table_points"
    assert rows == [(3, 1, -20), (1, 4, 64), (2, 2, 8), (4, 0, -52)]


def test_mcr_two_level_first_share_three_each():
    # Two tied first: (4 + 2) / 2 = 3 each, both place 1; the next is third.
    _, rows = placings("mcr", (30, 30, -10, -50))
    assert rows == [(1, 3, 30), (1, 3, 30), (3, 1, -10), (4, 0, -50)]


def test_mcr_all_four_level_share_seven_quarters():
    # (4 + 2 + 1 + 0) / 4 = 1.75 each.
    _, rows = placings("mcr", (0, 0, 0, 0))
    assert rows == [(1, 1.75, 0)] * 4


def test_riichi_uma_and_oka_tenhou_defaults():
    # 25,000 start, 30,000 returned: oka = 4 x 5,000 = 20,000 to the first; uma 10-20.
    # 42,300: 42,300 - 30,000 + 20,000 + 20,000 = 52,300
    # 31,000:  1,000 + 10,000 = 11,000;  18,700: -11,300 - 10,000 = -21,300
    #  8,000: -22,000 - 20,000 = -42,000.  Sum: 52,300 + 11,000 - 21,300 - 42,000 = 0.
    code, rows = placings("riichi", (31000, 42300, 8000, 18700))
    assert code == "uma_oka"
    assert rows == [(2, 11000, 6000), (1, 52300, 17300), (4, -42000, -17000), (3, -21300, -6300)]
    assert sum(figure for _, figure, _ in rows) == 0


def test_riichi_sticks_left_on_the_table_go_to_the_first():
    # Two sticks (2,000) were never won: the totals sum to 98,000. First: 40,000 - 30,000
    # + 20,000 + 20,000 + 2,000 = 52,000; then 30,000 -> 10,000; 20,000 -> -20,000;
    # 8,000 -> -42,000. Sum 0.
    _, rows = placings("riichi", (40000, 30000, 20000, 8000), left=2000)
    assert [figure for _, figure, _ in rows] == [52000, 10000, -20000, -42000]


def test_riichi_level_players_placed_by_seat_from_the_first_dealer():
    # Seats 1 and 3 level on 30,000: seat 1 sits nearer the first dealer, so it is first.
    # Seat 1: 0 + 20,000 + 20,000 = 40,000; seat 3: 0 + 10,000 = 10,000;
    # seat 0 (22,000): -8,000 - 10,000 = -18,000; seat 2 (18,000): -12,000 - 20,000 = -32,000.
    _, rows = placings("riichi", (22000, 30000, 18000, 30000))
    assert rows == [(3, -18000, -3000), (1, 40000, 5000), (4, -32000, -7000), (2, 10000, 5000)]


def test_riichi_level_players_may_share_uma_and_oka():
    # Same game, level players share first's and second's 40,000 + 10,000: 25,000 each; both 1st.
    _, rows = placings("riichi", (22000, 30000, 18000, 30000), tied_places="split")
    assert rows == [(3, -18000, -3000), (1, 25000, 5000), (4, -32000, -7000), (1, 25000, 5000)]


def test_riichi_wrc_style_uma_without_oka():
    # Return = start (no oka), uma 5-15: 35,000 -> 10,000 + 15,000 = 25,000;
    # 27,000 -> 2,000 + 5,000 = 7,000; 23,000 -> -2,000 - 5,000 = -7,000; 15,000 -> -25,000.
    _, rows = placings("riichi", (35000, 27000, 23000, 15000), return_points=25000,
                       uma_low=5, uma_high=15)
    assert [figure for _, figure, _ in rows] == [25000, 7000, -7000, -25000]


def test_riichi_placement_points_split_ties():
    # 4/2/1/0; second and third level share (2 + 1) / 2 = 1.5; the tiebreak is net of 25,000.
    _, rows = placings("riichi", (40000, 25000, 25000, 10000), standings="placement_points")
    assert rows == [(1, 4, 15000), (2, 1.5, 0), (2, 1.5, 0), (4, 0, -15000)]


def test_japanese_classical_counts_net_points():
    # Start 2,000: net is the total less 2,000.
    code, rows = placings("japanese-classical", (3500, 2000, 1500, 1000))
    assert code == "net"
    assert [figure for _, figure, _ in rows] == [1500, 0, -500, -1000]


def test_others_net_and_money_at_a_stake():
    family, options = get_preset("hongkong")
    assert family.standings_rule(options).code == "net"
    game = GameTotals((96, -32, -32, -32))
    # Stake 25 hundredths a point: 96 x 0.25 = 24.00; -32 x 0.25 = -8.00.
    money = rule_named(family.standings_rules, "money")
    assert [p.figure for p in money.place(game, {"stake": 25})] == [24.0, -8.0, -8.0, -8.0]
    # Without a stake, the rule's default (100 hundredths = 1 a point).
    assert [p.figure for p in money.place(game, {})] == [96.0, -32.0, -32.0, -32.0]
    assert [p.place for p in money.place(game, {})] == [1, 2, 2, 2]


def test_an_unknown_standings_rule_is_refused_naming_the_rules():
    family, _ = get_preset("mcr")
    with pytest.raises(ValueError, match="table_points, net"):
        rule_named(family.standings_rules, "uma_oka")


def test_rank_sums_figures_then_tiebreaks_and_says_what_passing_needs():
    # Two MCR games: Ann 4 + 1 = 5 table points (score 40 - 5 = 35), Bo 2 + 3 = 5 (10 + 30 = 40),
    # Cy 1 + 3 = 4, Di 0 + 0 = 0. Bo is first on the tiebreak, Ann second needing 0 more table
    # points (level, behind on score), Cy needs 1 to pass Ann, Di 4 to pass Cy.
    rows = [("Ann", 5, 35, 2), ("Bo", 5, 40, 2), ("Cy", 4, -20, 2), ("Di", 0, -55, 2)]
    standings = rank(rows)
    assert [(s.key, s.place, s.to_pass) for s in standings] == [
        ("Bo", 1, None), ("Ann", 2, 0), ("Cy", 3, 1), ("Di", 4, 4)]


def test_rank_level_on_both_keys_share_the_place():
    standings = rank([("Ann", 3, 10, 1), ("Bo", 3, 10, 1), ("Cy", 1, -20, 1)])
    assert [(s.key, s.place) for s in standings] == [("Ann", 1), ("Bo", 1), ("Cy", 3)]
