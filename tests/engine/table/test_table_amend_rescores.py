"""An amendment that moves the seats of later hands scores those hands again: the amended table
ends exactly where a table that had recorded the right hand from the start would be."""

from __future__ import annotations

from engine.families import score_json
from engine.table.events import WIND_LETTERS, declared_score
from engine.table.standing import TableState
from engine.table.state import Table
from engine.table.win_request import others_from_score, win_request

PLAYERS = ["Ann", "Bob", "Cai", "Dee"]
A, B, C, D = range(4)
# Babcock's Fig 17 (engine/babcock settlement test): the winner's hand and the three laid down.
FIG17 = {"hand": "777m123m55p", "melds": ["pon:111p", "pon:333z"], "win_tile": "2m"}
LAID_DOWN = {A: {"hand": "555m77z", "melds": ["pon:222z"]}, B: {"hand": "7777p123s456m11z", "melds": []},
             D: {"hand": "", "melds": [], "dead": True}}


def declared(winner: int, total: int) -> dict:
    return {"type": "win", "winner": winner, "discarder": None, "score": declared_score(total)}


def fig17_by_cai(state: TableState) -> dict:
    """Cai's self-drawn Fig 17, entered as the web app enters it: in the table's context now."""
    losers = [{**hand, "seat_wind": WIND_LETTERS[state.seat_winds[player]]}
              for player, hand in LAID_DOWN.items()]
    request = win_request(state, C, overrides={}, hand=FIG17["hand"], melds=FIG17["melds"],
                          win_tile=FIG17["win_tile"], win_by="tsumo", losers=losers)
    score = score_json(request)
    assert score["ok"] and score["valid"], score
    event = {"type": "win", "winner": C, "discarder": None, "score": score, "riichi": [],
             "hand": {key: value for key, value in request.items() if key != "options"}}
    others = others_from_score(state, score)
    if others:
        event["others"] = others
    return event


def test_amended_dealer_win_rescores_the_later_hand_and_its_losers() -> None:
    amended = Table("classical", PLAYERS)
    amended.record(declared(A, 20))                 # East wins and deals again: Cai stays West
    amended.record(fig17_by_cai(amended.state))
    assert amended.state.records[1].details["total"] == 72
    amended.amend(0, declared(B, 20))               # Bob won it: he deals hand 2, Cai sits South

    right = Table("classical", PLAYERS)
    right.record(declared(B, 20))
    right.record(fig17_by_cai(right.state))
    assert right.state.records[1].details["total"] != 72      # West's own-wind pung no longer doubles
    assert amended.state.records == right.state.records
    assert amended.state.summary() == right.state.summary()
    rescored = amended.log[-1]["rescored"]
    assert [item["target"] for item in rescored] == [1]
    assert rescored[0]["event"] == right.log[1]


def test_an_amend_that_moves_nothing_rescores_nothing() -> None:
    table = Table("classical", PLAYERS)
    table.record(declared(A, 20))
    table.record(fig17_by_cai(table.state))
    before = table.state
    table.amend(0, declared(A, 24))                 # a different value, the same dealer after it
    assert "rescored" not in table.log[-1]
    later, was = table.state.records[1], before.records[1]
    assert (later.label, later.deltas, later.details) == (was.label, was.deltas, was.details)
