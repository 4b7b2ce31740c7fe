"""The one claim resolver: calls rank win > pung/kong > chow, then the preset's claim rule."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.families.claims import Claim, resolve_claims, turn_distance


def test_head_bump_gives_the_discard_to_the_first_in_turn() -> None:
    taken = resolve_claims([Claim(3), Claim(1)], discarder=2)
    assert taken == [Claim(3)]


def test_double_ron_lets_every_winner_win_nearest_first() -> None:
    taken = resolve_claims([Claim(3), Claim(2, "pung"), Claim(1)], discarder=0, rule="double_ron")
    assert taken == [Claim(1), Claim(3)]


def test_three_winners_are_an_abortive_draw_only_where_the_preset_says_so() -> None:
    claims = [Claim(1), Claim(2), Claim(3)]
    assert resolve_claims(claims, 0, rule="double_ron", three_wins_abortive=True) == []
    assert resolve_claims(claims, 0, rule="double_ron") == claims
    assert resolve_claims(claims, 0, rule="head_bump") == [Claim(1)]


def test_an_unknown_rule_is_refused() -> None:
    with pytest.raises(ValueError, match="claim rule"):
        resolve_claims([Claim(1)], 0, rule="triple_ron")


@settings(deadline=None)  # a loaded machine must not fail a rule test on time
@given(st.integers(0, 3), st.lists(st.tuples(st.integers(0, 3), st.sampled_from(["win", "pung", "kong"])),
                                   max_size=3, unique_by=lambda pair: pair[0]))
def test_the_taken_claim_is_the_best_ranked_then_nearest(discarder: int, pairs: list) -> None:
    claims = [Claim(seat, call) for seat, call in pairs if seat != discarder]
    taken = resolve_claims(claims, discarder)
    if not claims:
        assert taken == []
        return
    (best,) = taken
    rank = {"win": 0, "pung": 1, "kong": 1}
    for claim in claims:
        assert (rank[best.call], turn_distance(best.seat, discarder)) <= \
            (rank[claim.call], turn_distance(claim.seat, discarder))
