"""The ``python -m engine score`` JSON-lines contract and the ``tiletally score`` command."""

import io
import json
import subprocess
import sys

from mcr_random import random_hands

from engine.__main__ import score_stream
from webapp.cli import main as tiletally


def run_lines(lines):
    sink = io.StringIO()
    failures = score_stream(io.StringIO("".join(line + "\n" for line in lines)), sink)
    return failures, [json.loads(line) for line in sink.getvalue().splitlines()]


GOOD = json.dumps({"rules": "mcr", "hand": "123m456p789s11222z", "win_tile": "2z", "win_by": "ron"})


def test_malformed_lines_answer_ok_false_and_the_batch_goes_on():
    lines = [
        GOOD,
        "{not json",
        "[1, 2, 3]",
        json.dumps({"rules": "mcr", "hand": "123m456p789s1122z"}),            # 13 tiles
        json.dumps({"rules": "mcr", "hand": "123m456p789s11222x"}),           # bad letter
        json.dumps({"rules": "mcr", "hand": "11111m456p789s122z"}),           # five copies
        json.dumps({"rules": "nope", "hand": "123m456p789s11222z"}),          # unknown preset
        json.dumps({"rules": "mcr", "hand": "123m456p789s11222z", "melds": ["pon:123m"]}),
        GOOD,
    ]
    failures, results = run_lines(lines)
    assert len(results) == len(lines)
    assert results[0]["ok"] and results[-1]["ok"] and results[0] == results[-1]
    assert failures == len(lines) - 2
    for result in results[1:-1]:
        assert result["ok"] is False and result["error"]
    assert "position 17" in results[4]["error"]
    assert "1m" in results[5]["error"]
    assert "nope" in results[6]["error"]


def test_unknown_option_is_named():
    line = json.dumps({"rules": "mcr", "hand": "123m456p789s11222z", "options": {"two_concealed_kong": 6}})
    _, [result] = run_lines([line])
    assert result["ok"] is False and "two_concealed_kong" in result["error"]


def test_option_of_the_wrong_type_is_an_error():
    line = json.dumps({"rules": "mcr", "hand": "123m456p789s11222z", "options": {"minimum": "8"}})
    _, [result] = run_lines([line])
    assert result["ok"] is False and "minimum" in result["error"]


def test_a_10000_line_batch_keeps_going():
    hands = random_hands(9_000, seed=3)
    lines = [json.dumps(hand) for hand in hands]
    for index in range(0, 10_000, 10):   # every tenth line is broken in some way
        lines.insert(index, "{broken" if index % 20 else json.dumps({"hand": "1m"}))
    lines = lines[:10_000]
    failures, results = run_lines(lines)
    assert len(results) == 10_000
    assert failures == 1000
    assert sum(result["ok"] and result["valid"] for result in results) == 9000
    assert all(set(result) >= {"items", "total", "payments"} for result in results if result["ok"])


def test_output_has_the_contract_keys():
    _, [result] = run_lines([GOOD])
    assert set(result) >= {"ok", "valid", "meets_minimum", "items", "total", "han", "fu", "limit",
                           "payments"}
    assert set(result["items"][0]) == {"name", "value", "count", "why", "native_name", "why_code",
                                       "why_params", "name_code", "name_params"}


def test_module_entry_point_reads_stdin():
    completed = subprocess.run([sys.executable, "-m", "engine", "score"], input=GOOD + "\n{x\n",
                               capture_output=True, text=True, check=True)
    first, second = (json.loads(line) for line in completed.stdout.splitlines())
    assert first["ok"] and second["ok"] is False


def test_tiletally_score_prints_a_breakdown(capsys):
    code = tiletally(["score", "123m456p789s11222z", "--rules", "mcr", "--win-tile", "2z", "--tsumo",
                      "--flowers", "15f"])
    out = capsys.readouterr().out
    assert code == 0
    # Mixed Straight 8 + Fully Concealed Hand 4 + Pung of Terminals or Honors 1 + 2 flowers = 15
    assert "Mixed Straight" in out and "Total: 15" in out
    assert "Self-Drawn" in out  # listed under "Not counted", excluded by Fully Concealed Hand


def test_tiletally_score_json_and_melds(capsys):
    code = tiletally(["score", "456p789s11222z", "--win-tile", "2z", "--melds", "chi:123m",
                      "--option", "minimum=6", "--json"])
    result = json.loads(capsys.readouterr().out)
    assert code == 0 and result["ok"] and result["meets_minimum"]
    # Mixed Straight 8 + Pung of Terminals or Honors 1 = 9 (open: no Concealed Hand)
    assert result["total"] == 9


def test_tiletally_score_errors_name_the_problem(capsys):
    assert tiletally(["score", "123m456p789s11222z", "--option", "penalty=3"]) == 2
    assert "penalty" in capsys.readouterr().err
