"""``tiletally table ...`` end to end on a SQLite file: new, win, draw, false win, penalty, undo,
show, export (CSV and JSON) and import."""

from __future__ import annotations

import csv
import io
import json
from functools import partial

import pytest


@pytest.fixture
def run(tiletally_cli):
    return partial(tiletally_cli, "table")


def totals(run) -> list[int]:
    code, out, _ = run("show", "--json")
    assert code == 0
    return json.loads(out)["totals"]


def test_an_mcr_session_from_the_command_line(run, tmp_path):
    code, out, _ = run("new", "--rules", "mcr", "--players", "Ann,Bob,Cai,Dee", "--name", "club")
    assert code == 0 and "edit token" in out and "read-only token" in out
    assert run("win", "cai", "--from", "Ann", "--total", "24")[0] == 0   # Cai +48, Ann -32, Bob/Dee -8
    assert run("win", "Bob", "--total", "8")[0] == 0                     # self-drawn: 3 x 16
    assert run("draw", "--waiting", "Ann")[0] == 0
    assert run("false-win", "Dee")[0] == 0                               # Dee -60, others +20
    assert run("penalty", "Dee", "30")[0] == 0                           # Dee -30, others +10
    assert totals(run) == [-32 - 16 + 20 + 10, -8 + 48 + 20 + 10, 48 - 16 + 20 + 10, -8 - 16 - 60 - 30]
    code, out, _ = run("undo")
    assert code == 0 and "undo: penalty" in out
    assert totals(run) == [-28, 60, 52, -84]
    # Under the 8-fan minimum: a false win, with the reason printed.
    code, out, _ = run("win", "Bob", "--from", "Ann", "--total", "6")
    assert code == 0 and "false win" in out and "minimum of 8" in out
    assert totals(run) == [-28 + 20, 60 - 60, 52 + 20, -84 + 20]

    code, out, _ = run("export", "--format", "csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][:5] == ["event", "hand", "label", "kind", "summary"]
    assert rows[-1][-4:] == ["-8", "0", "72", "-64"]
    path = tmp_path / "table.json"
    assert run("export", "--format", "json", "--output", str(path))[0] == 0
    code, out, _ = run("import", str(path))
    assert code == 0 and "table 2 imported" in out
    assert totals(run) == [-8, 0, 72, -64]          # the newest table is the imported one
    code, out, _ = run("show", "--table", "1")
    assert code == 0 and "table 1 'club': mcr" in out
    assert "2" in run("list")[1]


def test_a_riichi_hand_scored_from_tiles(run):
    run("new", "--rules", "riichi", "--players", "Ann,Bob,Cai,Dee")
    # Ann (dealer) in riichi wins on Cai's 2z: riichi + seat wind East + round wind East = 3 han;
    # 20 + 10 (closed ron) + 8 (closed pung of 1z) + 2 (single wait) = 40 fu; dealer:
    # 40 x 2^5 = 1280 basic, x 6 = 7680 -> 7700. Her stick goes out and comes back.
    code, out, err = run("win", "Ann", "--from", "Cai", "--hand", "123m456p789s11122z", "--win-tile", "2z",
                         "--riichi", "Ann")
    assert code == 0, err
    assert totals(run) == [32700, 25000, 17300, 25000]


def test_errors_are_reported_not_raised(run):
    assert run("show")[0] == 2                                      # no table yet
    run("new", "--rules", "riichi", "--players", "Ann,Bob,Cai,Dee")
    code, _, err = run("win", "Zed", "--total", "1000")
    assert code == 2 and "no player 'Zed'" in err
    code, _, err = run("win", "Ann")
    assert code == 2 and "--hand" in err
    code, _, err = run("new", "--rules", "riichi", "--players", "Ann,Bob,Cai,Dee", "--option", "colour=3")
    assert code == 2 and "unknown option 'colour'" in err
    code, _, err = run("undo")
    assert code == 2 and "nothing to undo" in err


def test_agreed_totals_and_penalties_are_held_to_the_range_requests_are(run):
    run("new", "--rules", "mcr", "--players", "Ann,Bob,Cai,Dee")
    huge = str(10**20)
    for args in (("win", "Ann", "--from", "Bob", "--total", huge),
                 ("win", "Ann", "--from", "Bob", "--total", "8", "--claim-total", huge),
                 ("penalty", "Bob", huge)):
        code, _, err = run(*args)
        assert code == 2 and "must be a whole number from 0 to 1000000" in err, args
    assert totals(run) == [0, 0, 0, 0]              # nothing recorded
    assert run("penalty", "Bob", "999999")[0] == 0     # the most that splits evenly among three


def test_new_names_every_preset_in_its_help(run, capsys):
    from engine.families import presets  # noqa: PLC0415 - the registry the help is written from

    with pytest.raises(SystemExit):
        run("new", "--help")
    help_text = " ".join(capsys.readouterr().out.split())
    assert len(presets()) == 7
    for name in presets():
        assert f" {name}," in help_text or f" {name} " in help_text, name


def test_the_players_end_the_game_and_see_the_final_standings(run):
    assert run("new", "--rules", "mcr", "--players", "Ann,Bob,Cai,Dee")[0] == 0
    assert run("win", "Cai", "--from", "Ann", "--total", "24")[0] == 0   # Cai +48, Ann -32, Bob/Dee -8
    code, out, _ = run("end")
    # Table points: Cai 4; Bob and Dee level second share (2 + 1) / 2 = 1.5; Ann 0.
    assert code == 0 and "game over" in out and "final standings (Table points):" in out
    assert "  1. Cai 4\n  2. Bob 1.5\n  2. Dee 1.5\n  4. Ann 0" in out
    code, out, _ = run("undo")
    assert code == 0 and "undo: the end of the game" in out and "game over" not in out
