"""The rule sheets' table rules through ``tiletally table ...`` (see test_table_rules.py for
the engine): riichi refused where the preset has none, agreed values checked, abortive-draw kinds,
the classical sheet's discard / wall-draw / ready, the MCR sheet's warning for revealing a hand."""

from __future__ import annotations

import json
from functools import partial

import pytest


@pytest.fixture
def run(tiletally_cli):
    return partial(tiletally_cli, "table")


def shown(run) -> dict:
    code, out, _ = run("show", "--json")
    assert code == 0
    return json.loads(out)


def test_riichi_refused_on_japanese_classical(run):
    # The Japanese sheet has no riichi: japanese-classical ships riichi off, so no 100-point stick is taken.
    run("new", "--rules", "japanese-classical", "--players", "Ann,Bob,Cai,Dee")
    code, _, err = run("draw", "--riichi", "Ann")
    assert code == 2 and "no riichi declarations" in err and "'riichi' is off" in err
    code, _, err = run("win", "Bob", "--from", "Cai", "--total", "100", "--riichi", "Bob")
    assert code == 2 and "no riichi declarations" in err
    table = shown(run)
    assert table["hands"] == [] and table["totals"] == [2000] * 4


def test_hongkong_agreed_total_under_three_faan_is_a_false_win(run):
    # Hong Kong needs 3 faan: an agreed 2 is not paid as a win (Cai -4) but is Bob's false win, a
    # self-drawn limit hand to each other player (384 table points at 13 faan, half from each: 192).
    run("new", "--rules", "hongkong", "--players", "Ann,Bob,Cai,Dee")
    code, _, _ = run("win", "Bob", "--from", "Cai", "--total", "2")
    assert code == 0
    table = shown(run)
    assert table["hands"][-1]["kind"] == "false_win" and table["totals"] == [192, -576, 192, 192]


def test_agreed_totals_checked(run):
    run("new", "--rules", "classical", "--players", "Ann,Bob,Cai,Dee")
    # The classical sheet: "the other 3 players pay him his entire score"; the preset's limit caps that score.
    code, out, _ = run("win", "Bob", "--from", "Ann", "--total", "5000")
    assert code == 0 and "5000 capped at the limit of 300" in out
    assert shown(run)["totals"] == [-600, 1200, -300, -300]
    # A negative value is refused, and is not a false win.
    code, _, err = run("win", "Bob", "--total", "-50")
    assert code == 2 and "cannot be negative" in err
    code, _, err = run("win", "Cai", "--total", "40", "--others", "Ann=-20,Bob=0,Dee=0")
    assert code == 2 and "Ann's hand" in err and "cannot be negative" in err
    assert len(shown(run)["hands"]) == 1


def test_option_out_of_range_names_the_option(run):
    code, _, err = run("new", "--rules", "japanese-classical", "--players", "Ann,Bob,Cai,Dee",
                       "--option", "rounding=0")
    assert code == 2 and "option 'rounding'" in err and "ZeroDivision" not in err


def test_an_option_nested_too_deep_is_refused_not_a_traceback(run, tiletally_cli):
    deep = "x=" + "[" * 100_000
    code, _, err = run("new", "--rules", "classical", "--players", "Ann,Bob,Cai,Dee", "--option", deep)
    assert code == 2 and "nested deeper than 32 levels" in err
    code, _, err = tiletally_cli("score", "123m456p789s11122z", "--option", deep)
    assert code == 2 and "nested deeper than 32 levels" in err


def test_abortive_draw_kinds_from_the_command_line(run):
    run("new", "--rules", "japanese-classical", "--players", "Ann,Bob,Cai,Dee")
    code, _, err = run("draw", "--abortive", "--reason", "other")
    assert code == 2 and "reason is one of" in err
    # The Japanese sheet: nine terminal and/or honour tiles among the 13 dealt.
    code, _, err = run("draw", "--abortive", "--reason", "nine_terminals", "--player", "Bob",
                       "--tiles", "12m19p1s1234z2345m")
    assert code == 2 and "8 terminal/honour tiles" in err
    code, out, _ = run("draw", "--abortive", "--reason", "nine_terminals", "--player", "Bob",
                       "--tiles", "11m19p1s1234z2345m")
    assert code == 0 and "abortive draw (nine terminal and honour tiles" in out and "declared by Bob" in out
    code, out, _ = run("draw", "--abortive", "--reason", "same_first_discards", "--discards", "7s7s7s7s")
    assert code == 0


def test_sacred_discard_and_ready_from_the_command_line(run):
    # The classical sheet: "the 'ready' player may not use it unless she has drawn from the wall at least
    # once after their own discard."
    run("new", "--rules", "classical", "--players", "Ann,Bob,Cai,Dee")
    assert run("discard", "Bob", "4s")[0] == 0
    code, out, _ = run("ready", "Bob")
    assert code == 0 and "Bob declares a ready hand" in out and "ready: Bob" in out
    code, _, err = run("win", "Bob", "--from", "Cai", "--total", "40", "--tile", "4s")
    assert code == 2 and "sacred discard" in err
    code, _, err = run("win", "Bob", "--from", "Cai", "--hand", "123m456m789p23s55s4s")
    assert code == 2 and "sacred discard" in err
    assert run("wall-draw", "Bob")[0] == 0
    code, out, _ = run("undo")
    assert code == 0 and "undo: Bob drew from the wall" in out
    assert run("wall-draw", "Bob")[0] == 0
    code, out, _ = run("win", "Bob", "--from", "Cai", "--total", "40", "--tile", "4s")
    assert code == 0 and "Bob wins on Cai's discard, 40" in out


def test_revealed_hand_warning_from_the_command_line(run):
    # The MCR sheet: "... może zostać ukarany ostrzeżeniem lub innymi karami." (may be punished with a
    # warning or other penalties).
    run("new", "--rules", "mcr", "--players", "Ann,Bob,Cai,Dee")
    code, out, _ = run("penalty", "Cai", "0", "--offence", "revealed_hand")
    assert code == 0 and "warning to Cai: revealed their hand before the declared win was verified" in out
    code, out, _ = run("penalty", "Cai", "30", "--offence", "revealed_hand")
    assert code == 0 and "penalty to Cai: revealed their hand" in out
    table = shown(run)
    assert [hand["kind"] for hand in table["hands"]] == ["warning", "penalty"]
    assert table["totals"] == [10, 10, -30, 10]
    code, _, err = run("penalty", "Cai", "0", "--offence", "slow_play")
    assert code == 2 and "offence 'slow_play'" in err
