"""Adding a family is one package and one registry line: a toy family written to a temporary
package plays a hand at a table, through the engine's request and the web app's score preview,
with nothing else changed."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

import engine.families as registry
from engine.families import score_json
from engine.table.state import Table
from webapp.app import create_app

# The toy game: any complete hand wins 1 point; each loser pays the stake per point to the winner
# (the discarder alone on a discard), a false win costs the stake to each other player.
TOY_FAMILY = '''
from engine.core.result import Item, Score
from engine.families.flow import Flow
from engine.families.option_specs import int_option
from engine.families.protocol import Family, Flag, Units
from engine.families.settlement import check_win, each_pays, minimum_line


def score(hand, options, request):
    hand.validate()
    return Score(True, True, (Item("Toy win", 1, 1, "any complete hand"),), 1)


def win_payments(score, *, winner, discarder, dealer, options, honba=0, others=None):
    check_win(score, winner=winner, discarder=discarder)
    pay = options["stake"] * score.total
    deltas = [0, 0, 0, 0]
    for seat in range(4):
        if seat != winner and discarder in (None, seat):
            deltas[seat] -= pay
            deltas[winner] += pay
    return deltas


FAMILY = Family(
    name="toy", title="Toy", presets={"toy": {"stake": 10}}, preset_titles={"toy": "Toy"},
    option_specs={"stake": int_option("Stake", 1, 100, "points per point")},
    flags=(Flag("lucky", "Lucky"),), units=Units("point", "points"), score=score,
    win_payments=win_payments,
    false_win_payments=lambda offender, dealer, options: each_pays(offender, options["stake"]),
    minimum_text=lambda options, score: minimum_line("minimum.none"),
    flows={"toy": Flow(name="toy", rounds=1)},
)
'''
HAND = {"hand": "123m456m789m123p55p", "win_tile": "5p", "win_by": "ron"}


@pytest.fixture()
def toy_family(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    package = tmp_path / "toy_rules"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "family.py").write_text(textwrap.dedent(TOY_FAMILY))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "FAMILY_PACKAGES", [*registry.FAMILY_PACKAGES, "toy_rules"])
    monkeypatch.setattr(registry, "_PRESETS_CACHE", None)
    yield "toy"
    sys.modules.pop("toy_rules.family", None)
    sys.modules.pop("toy_rules", None)


def test_a_toy_family_plays_a_hand_at_the_table(toy_family: str) -> None:
    request = {"rules": toy_family, **HAND, "flags": ["lucky"], "options": {"stake": 20}}
    score = score_json(request)
    assert score["ok"] and score["total"] == 1
    assert score_json({**request, "flags": ["tenhou"]})["code"] == "hand.unknown_flag"
    table = Table(toy_family, ["Ann", "Bob", "Cai", "Dee"], {"stake": 20})
    state = table.record({"type": "win", "winner": 1, "discarder": 2, "score": score,
                          "hand": request})
    assert state.totals == (0, 20, -20, 0)          # 1 point x stake 20, from the discarder
    state = table.record({"type": "win", "winner": 0, "discarder": None, "score": score})
    assert state.totals == (60, 0, -40, -20)        # a self-draw: 20 from each of the three


def test_a_toy_family_is_offered_and_previewed_by_the_web_app(toy_family: str, tmp_path: Path) -> None:
    client = create_app({"DATA_DIR": str(tmp_path / "data")}).test_client()
    assert "Toy · toy" in client.get("/").get_data(as_text=True)
    made = client.post("/api/tables", json={"name": "toy table", "players": ["Ann", "Bob", "Cai", "Dee"],
                                            "rules": toy_family, "options": {"stake": 5}})
    assert made.status_code == 201, made.json
    token = made.json["edit_token"]
    preview = client.post(f"/api/tables/{token}/score", json={**HAND, "winner": 0, "discarder": 1}).json
    assert preview["ok"] and preview["score"]["total"] == 1, preview
    assert preview["payments"] == [5, -5, 0, 0], preview
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert "Stake" in page
