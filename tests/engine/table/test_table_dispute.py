"""Disputes: a declared claim checked against the engine's score of the hand."""

from __future__ import annotations

from engine.core.result import Excluded, Item, Score
from engine.table.dispute import Claim, compare, settle
from engine.table.state import Table

PLAYERS = ["Ann", "Bob", "Cai", "Dee"]

# A scored MCR hand as the engine would return it: All Pungs 6 + Half Flush 6 + two Pungs of
# Terminals or Honors (1 each) = 14; Mixed Triple Chow excluded (not a chow hand).
SCORED = Score(
    valid=True, meets_minimum=True, total=14,
    items=(Item("All Pungs", 6, why="four pungs"), Item("Half Flush", 6, why="dots and honours"),
           Item("Pung of Terminals or Honors", 1, count=2, why="111p, 999p")),
    excluded=(Excluded("Single Wait", 1, "non-repeat: implied by All Pungs' pair wait"),),
)


def test_each_difference_is_listed_with_its_reason():
    claim = Claim(player=1, discarder=0, total=16,
                  items=(("all pungs", 1), ("Single Wait", 1), ("Pung of Terminals or Honors", 1),
                         ("Mixed Triple Chow", 1)))
    found = {(d.kind, d.name): d for d in compare(claim, SCORED)}
    assert set(found) == {
        ("count", "Pung of Terminals or Honors"),   # claimed once, the hand has two
        ("not_applicable", "Single Wait"),          # excluded, with the principle
        ("not_applicable", "Mixed Triple Chow"),    # the hand does not have it
        ("missed", "Half Flush"),
        ("total", "total"),
    }
    assert "non-repeat" in found[("not_applicable", "Single Wait")].why
    assert (found[("total", "total")].claimed, found[("total", "total")].actual) == (16, 14)
    assert (found[("count", "Pung of Terminals or Honors")].claimed,
            found[("count", "Pung of Terminals or Honors")].actual) == (1, 2)


def test_an_exact_claim_has_no_differences():
    claim = Claim(player=1, total=14, items=(("All Pungs", 1), ("Half Flush", 1),
                                             ("Pung of Terminals or Honors", 2)))
    assert compare(claim, SCORED) == []


def test_upheld_claim_records_the_engine_value_not_the_announced_one():
    state = Table("mcr", PLAYERS).state
    verdict = settle(state, Claim(player=1, discarder=0, total=20), SCORED)
    assert verdict.upheld and verdict.event["type"] == "win"
    # Bob wins 14 on Ann's discard: Bob 14 + 24 = 38, Ann -(8 + 14) = -22, Cai and Dee -8.
    assert verdict.deltas == (-22, 38, -8, -8)


def test_just_mahjong_under_the_minimum_becomes_a_false_win():
    state = Table("mcr", PLAYERS).state
    low = Score(valid=True, meets_minimum=False, total=6, items=(Item("All Pungs", 6),),
                reason="6 fan without flowers; the minimum is 8")
    verdict = settle(state, Claim(player=2), low)
    assert not verdict.upheld
    assert verdict.event == {"type": "false_win", "offender": 2,
                             "reason": "6 fan without flowers; the minimum is 8"}
    assert [d.kind for d in verdict.differences] == ["under_minimum"]
    assert verdict.deltas == (20, 20, -60, 20)     # the MCR sheet: 20 to each other player
    ema = settle(Table("mcr-ema", PLAYERS).state, Claim(player=2), low)
    assert ema.deltas == (10, 10, -30, 10)


def test_a_hand_that_is_not_a_win_is_a_false_win_with_the_preset_penalty():
    bad = Score(valid=False, meets_minimum=False, reason="13 tiles do not make four sets and a pair")
    verdict = settle(Table("classical", PLAYERS).state, Claim(player=3, total=40), bad)
    assert not verdict.upheld and verdict.differences[0].kind == "not_a_win"
    # Classical: half the limit (300 / 2 = 150) to each, doubled with East (Ann): 300 + 150 + 150.
    assert verdict.deltas == (300, 150, 150, -600)


def test_a_real_mcr_hand_scored_by_the_engine():
    from engine.families import score_request
    from engine.table.state import hand_context

    state = Table("mcr", PLAYERS).state
    request = {**hand_context(state, 1), "hand": "111222333m44455p", "win_tile": "5p", "win_by": "ron"}
    score = score_request(request)
    claim = Claim(player=1, discarder=0, total=100,
                  items=(("All Pungs", 1), ("Four Concealed Pungs", 1), ("Pure Shifted Pungs", 1)))
    verdict = settle(state, claim, score, hand=request)
    kinds = {(d.kind, d.name) for d in verdict.differences}
    # All Pungs is implied by Four Concealed Pungs (non-repeat), so it is not counted.
    assert ("not_applicable", "All Pungs") in kinds
    assert any("non-repeat" in d.why for d in verdict.differences if d.name == "All Pungs")
    assert {name for kind, name in kinds if kind == "missed"} == {
        item.name for item in score.items} - {"Four Concealed Pungs", "Pure Shifted Pungs"}
    assert ("total", "total") in kinds and verdict.upheld
    # Bob wins F on Ann's discard: Bob F + 24, Ann -(8 + F), Cai and Dee -8.
    total = score.total
    assert verdict.deltas == (-(8 + total), total + 24, -8, -8)
    assert verdict.event["hand"] == request and verdict.event["score"]["total"] == total
