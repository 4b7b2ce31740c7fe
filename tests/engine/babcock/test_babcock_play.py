"""Classical play rulings: claims on one discard, the sacred discard, and the draw at 14 tiles."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.hand import parse_meld
from engine.core.tiles import parse_tile, parse_tiles
from engine.families.babcock.family import PRESETS
from engine.families.babcock.play import (
    is_draw,
    may_declare_kong,
    may_draw,
    may_win_on,
    resolve_claims,
    sacred_tiles,
)
from engine.families.claims import Claim

TRADITIONAL = dict(PRESETS["classical"], sacred_discard="last_discard")
EXTENDED = dict(TRADITIONAL, sacred_discard="extended")


# -- claims --------------------------------------------------------------------------------------

def test_win_beats_pung_and_chow():
    # Seat 0 discards; seat 1 chows, seat 2 pungs, seat 3 wins: the win takes it.
    claims = [Claim(1, "chow"), Claim(2, "pung"), Claim(3, "win")]
    assert resolve_claims(claims, discarder=0) == Claim(3, "win")


def test_pung_or_kong_beats_chow():
    assert resolve_claims([Claim(2, "chow"), Claim(0, "kong")], discarder=1) == Claim(0, "kong")
    assert resolve_claims([Claim(2, "chow"), Claim(3, "pung")], discarder=1) == Claim(3, "pung")


def test_two_winners_next_in_turn_after_the_discarder():
    # Seat 2 discards; seats 1 and 3 both win: seat 3 plays next (2 -> 3 -> 0 -> 1).
    assert resolve_claims([Claim(1, "win"), Claim(3, "win")], discarder=2) == Claim(3, "win")
    # Seat 3 discards; seats 0 and 2 win: seat 0 is next.
    assert resolve_claims([Claim(2, "win"), Claim(0, "win")], discarder=3) == Claim(0, "win")


def test_no_claims():
    assert resolve_claims([], discarder=0) is None


@pytest.mark.parametrize("claims, message", [
    ([Claim(2, "chow")], "only the next player"),
    ([Claim(0, "pung")], "discarded the tile"),
    ([Claim(1, "pung"), Claim(1, "win")], "two claims"),
    ([Claim(1, "ron")], "unknown claim"),
])
def test_illegal_claims(claims, message):
    with pytest.raises(ValueError, match=message):
        resolve_claims(claims, discarder=0)


@settings(deadline=None)  # a loaded machine must not fail a rule test on time
@given(st.integers(0, 3), st.lists(st.tuples(st.integers(0, 3), st.sampled_from(["win", "pung", "kong"])),
                                   unique_by=lambda claim: claim[0]))
def test_a_win_is_always_taken_when_there_is_one(discarder, raw):
    claims = [Claim(seat, call) for seat, call in raw if seat != discarder]
    taken = resolve_claims(claims, discarder)
    winners = [claim for claim in claims if claim.call == "win"]
    if winners:
        assert taken.call == "win"
        assert (taken.seat - discarder) % 4 == min((c.seat - discarder) % 4 for c in winners)
    elif claims:
        assert taken == min(claims, key=lambda claim: (claim.seat - discarder) % 4)
    else:
        assert taken is None


# -- sacred discard -------------------------------------------------------------------------------

READY = parse_tiles("123m456m789p23s55s")    # waits on 1s or 4s


def test_traditional_forbids_only_the_last_own_discard():
    discards = parse_tiles("1s9m4s")
    ruling = may_win_on(parse_tile("4s"), READY, [], discards, TRADITIONAL)
    assert not ruling.allowed and "sacred" in ruling.why
    assert may_win_on(parse_tile("1s"), READY, [], discards, TRADITIONAL).allowed


def test_extended_forbids_any_own_discard():
    discards = parse_tiles("1s9m")
    assert may_win_on(parse_tile("1s"), READY, [], discards, TRADITIONAL).allowed
    assert not may_win_on(parse_tile("1s"), READY, [], discards, EXTENDED).allowed
    assert may_win_on(parse_tile("4s"), READY, [], discards, EXTENDED).allowed


def test_self_drawn_is_never_sacred():
    assert may_win_on(parse_tile("4s"), READY, [], parse_tiles("4s"), EXTENDED, self_drawn=True).allowed


def test_a_tile_that_does_not_complete_is_refused():
    ruling = may_win_on(parse_tile("7s"), READY, [], [], TRADITIONAL)
    assert not ruling.allowed and "does not complete" in ruling.why


def test_ready_hand_with_melds_and_thirteen_orphans():
    melds = [parse_meld("pon:777z")]
    # 123m 456m 789p 1z + a Red pung: a single wait on East (a pair).
    assert not may_win_on(parse_tile("5s"), parse_tiles("123m456m789p1z"), melds, [], TRADITIONAL).allowed
    assert may_win_on(parse_tile("1z"), parse_tiles("123m456m789p1z"), melds, [], TRADITIONAL).allowed
    orphans = parse_tiles("19m19p19s1234567z")   # thirteen-sided
    assert may_win_on(parse_tile("9p"), orphans, [], parse_tiles("5m"), TRADITIONAL).allowed
    no_orphans = dict(TRADITIONAL, thirteen_orphans=False)
    assert not may_win_on(parse_tile("9p"), orphans, [], [], no_orphans).allowed


def test_sacred_tiles():
    assert sacred_tiles([], TRADITIONAL) == set()
    assert sacred_tiles(parse_tiles("1s9m"), TRADITIONAL) == {parse_tile("9m").kind}
    assert sacred_tiles(parse_tiles("1s9m"), EXTENDED) == {parse_tile("1s").kind, parse_tile("9m").kind}


# -- the draw ------------------------------------------------------------------------------------

def test_draw_when_fourteen_tiles_remain():
    # 136 - 53 dealt = 83 in the wall; play stops at 14, loose tiles counted.
    assert not is_draw(83) and not is_draw(15)
    assert is_draw(14) and is_draw(13)
    assert may_draw(15) and not may_draw(14)
    assert may_declare_kong(15) and not may_declare_kong(14)
    assert is_draw(16, dict(TRADITIONAL, dead_wall=16))
    with pytest.raises(ValueError):
        is_draw(-1)
