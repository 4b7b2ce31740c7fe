"""Babcock settlement: worked four-player examples and properties of the payment rules.

Seats are in turn order (0 East's seat when the dealer is 0). Every expected figure is computed
by hand in its comment; the property tests check the rules against an independent pairwise
model of who pays whom.
"""

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.result import Score
from engine.families import score_json
from engine.families.babcock.family import PRESETS, false_win_payments, win_payments

OPTIONS = PRESETS["classical"]


def hand(value, dead=False):
    return Score(valid=True, meets_minimum=True, total=value, details={"dead": dead} if dead else {})


def test_rules_3_4_check_non_east_winner():
    # Winner seat 1 (200), dealer seat 0 (100), seat 2 (50), seat 3 (20).
    # Winner: 200 x 2 from East + 200 + 200 = +800.
    # East: -400 + (100-50) x 2 + (100-20) x 2 = -400 + 100 + 160 = -140.
    # Seat 2: -200 - 100 + (50-20) = -270.  Seat 3: -200 - 160 - 30 = -390.
    deltas = win_payments(hand(200), winner=1, discarder=None, dealer=0, options=OPTIONS,
                          others={0: hand(100), 2: hand(50), 3: hand(20)})
    assert deltas == [-140, 800, -270, -390]


def test_east_wins_fig18():
    # East wins 168: each loser pays 336 => +1008. Losers S 20, W 0, N 40.
    # S: -336 + 20 (from W) - 20 (to N) = -336.  W: -336 - 20 - 40 = -396.
    # N: -336 + 20 (from S) + 40 (from W) = -276.  Sum: 1008 - 336 - 396 - 276 = 0.
    deltas = win_payments(hand(168), winner=0, discarder=2, dealer=0, options=OPTIONS,
                          others={1: hand(20), 2: hand(0), 3: hand(40)})
    assert deltas == [1008, -336, -396, -276]


def test_dead_east_loser_pays_everyone_double():
    # Winner S 100; East dead; W 30; N 10.
    # East: -200 to S, -30 x 2 to W, -10 x 2 to N = -280.  S: +200 + 100 + 100 = +400.
    # W: -100 + 60 + (30 - 10) = -20.  N: -100 + 20 - 20 = -100.  Sum 0.
    deltas = win_payments(hand(100), winner=1, discarder=None, dealer=0, options=OPTIONS,
                          others={0: hand(55, dead=True), 2: hand(30), 3: hand(10)})
    assert deltas == [-280, 400, -20, -100]


def test_without_east_doubling():
    # The same as the 3.4 check with east_pays_double off: winner +600; East -200 + 50 + 80 = -70;
    # seat 2: -200 - 50 + 30 = -220; seat 3: -200 - 80 - 30 = -310.
    deltas = win_payments(hand(200), winner=1, discarder=None, dealer=0,
                          options=dict(OPTIONS, east_pays_double=False),
                          others={0: hand(100), 2: hand(50), 3: hand(20)})
    assert deltas == [-70, 600, -220, -310]


def test_false_win_half_the_limit_to_each():
    # Offender South, limit 300: 150 to each, East doubled to 300 => South -600.
    assert false_win_payments(1, 0, OPTIONS) == [300, -600, 150, 150]
    # Offender East pays everyone 300 => -900; a set penalty of 50 from South => [100,-200,50,50].
    assert false_win_payments(0, 0, OPTIONS) == [-900, 300, 300, 300]
    assert false_win_payments(1, 0, dict(OPTIONS, false_win_penalty=50)) == [100, -200, 50, 50]


def test_table_through_engine_score():
    # West wins Babcock's Fig 17 for 72 (self-drawn). East laid down 555m, Red pair and an exposed
    # South pung: 20. South: 7777p undeclared (a pung, 4) and chows: 4. North is dead.
    # West +72 x 2 + 72 + 72 = +288. East: -144 + (20-4) x 2 from S + 20 x 2 from N = -72.
    # South: -72 - 32 + 4 (from N) = -100. North: -72 - 40 - 4 = -116.
    request = {
        "rules": "classical", "hand": "777m123m55p", "melds": ["pon:111p", "pon:333z"],
        "win_tile": "2m", "win_by": "tsumo", "seat_wind": "W",
        "losers": [
            {"hand": "555m77z", "melds": ["pon:222z"], "seat_wind": "E"},
            {"hand": "7777p123s456m11z", "seat_wind": "S"},
            {"hand": "", "seat_wind": "N", "dead": True},
        ],
    }
    out = subprocess.run([sys.executable, "-m", "engine", "score"], input=json.dumps(request) + "\n",
                         capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[1])
    result = json.loads(out.stdout)
    assert result["ok"] and result["total"] == 72
    assert result["payments"] == {"E": -72, "S": -100, "W": 288, "N": -116}
    assert [(loser["seat_wind"], loser["total"]) for loser in result["losers"]] == \
        [("E", 20), ("S", 4), ("N", 0)]


def test_losers_input_errors():
    base = {"rules": "classical", "hand": "123m456m789p234s55s", "win_tile": "4s", "seat_wind": "S"}
    same_seat = score_json(dict(base, losers=[{"hand": "11z", "seat_wind": "S"}]))
    assert not same_seat["ok"] and "seat wind S" in same_seat["error"]
    too_many = score_json(dict(base, losers=[{"hand": "5555m", "seat_wind": "E"},
                                             {"hand": "5m", "seat_wind": "W"}]))
    assert not too_many["ok"] and "5m appears 6 times" in too_many["error"]
    no_seat = score_json(dict(base, losers=[{"hand": "11z"}]))
    assert not no_seat["ok"] and "seat_wind" in no_seat["error"]


# -- properties ----------------------------------------------------------------------------------

def flows(value, winner, values, dead):
    """Independent model: every (payer, payee, amount) of the settlement before East's doubling."""
    out = [(seat, winner, value) for seat in range(4) if seat != winner]
    losers = sorted(values)
    for i, a in enumerate(losers):
        for b in losers[i + 1:]:
            va, vb = (0 if a in dead else values[a]), (0 if b in dead else values[b])
            out.append((a, b, vb - va) if vb > va else (b, a, va - vb))
    return out


def apply(flow_list, east=None):
    """Net deltas of the flows; with ``east``, only the flows that touch East."""
    deltas = [0] * 4
    for payer, payee, amount in flow_list:
        if east is None or east in (payer, payee):
            deltas[payer] -= amount
            deltas[payee] += amount
    return deltas


def model(value, winner, values, dead, east):
    """East pays and receives double: the plain flows plus the flows touching East once more."""
    model_flows = flows(value, winner, values, dead)
    return [p + e for p, e in zip(apply(model_flows), apply(model_flows, east), strict=True)]


@st.composite
def tables(draw):
    winner = draw(st.integers(0, 3))
    east = draw(st.integers(0, 3))
    losers = [seat for seat in range(4) if seat != winner]
    present = draw(st.lists(st.sampled_from(losers), unique=True))
    values = {seat: draw(st.integers(0, 1000)) for seat in present}
    dead = {seat for seat in present if draw(st.booleans())}
    return draw(st.integers(0, 1000)), winner, east, values, dead


def run(value, winner, east, values, dead, options=OPTIONS):
    others = {seat: hand(v, dead=seat in dead) for seat, v in values.items()}
    return win_payments(hand(value), winner=winner, discarder=None, dealer=east, options=options,
                        others=others)


@settings(deadline=None)  # a loaded machine must not fail a rule test on time
@given(tables())
def test_settlement_sums_to_zero_and_matches_the_pairwise_model(table):
    value, winner, east, values, dead = table
    deltas = run(value, winner, east, values, dead)
    assert sum(deltas) == 0
    assert deltas == model(value, winner, values, dead, east)


@settings(deadline=None)  # a loaded machine must not fail a rule test on time
@given(tables(), st.data())
def test_swapping_which_loser_is_east_changes_only_the_doubling(table, data):
    # Moving East from loser a to loser b changes the settlement by exactly the flows touching a
    # (no longer doubled) and those touching b (now doubled): nothing else moves.
    value, winner, _, values, dead = table
    losers = [seat for seat in range(4) if seat != winner]
    a, b = data.draw(st.sampled_from(losers)), data.draw(st.sampled_from(losers))
    model_flows = flows(value, winner, values, dead)
    with_a = run(value, winner, a, values, dead)
    with_b = run(value, winner, b, values, dead)
    expected = [x - y for x, y in zip(apply(model_flows, a), apply(model_flows, b), strict=True)]
    assert [x - y for x, y in zip(with_a, with_b, strict=True)] == expected
    plain = run(value, winner, a, values, dead, dict(OPTIONS, east_pays_double=False))
    assert plain == apply(model_flows)


@settings(deadline=None)  # a loaded machine must not fail a rule test on time
@given(tables())
def test_a_dead_hand_never_receives(table):
    value, winner, east, values, dead = table
    deltas = run(value, winner, east, values, dead)
    for seat in dead:
        assert deltas[seat] <= 0
        # and it pays each other player that player's full value (its own counts as 0)
        expected = value * (2 if east in (seat, winner) else 1)
        expected += sum(values[other] * (2 if east in (seat, other) else 1)
                        for other in values if other != seat and other not in dead)
        assert deltas[seat] == -expected


@settings(deadline=None)  # a loaded machine must not fail a rule test on time
@given(tables())
def test_the_winner_collects_from_all_three(table):
    value, winner, east, values, dead = table
    deltas = run(value, winner, east, values, dead)
    # 3 payments of the value, one of them doubled when East loses, all doubled when East wins.
    assert deltas[winner] == value * (6 if east == winner else 4)
