"""What ends a game: its length, a player below zero, the last dealer's win in first place, the
players; and the final placings the table gives. Every figure is worked by hand beside it."""

from __future__ import annotations

import pytest

from engine.table.events import TableError, declared_score
from engine.table.game_end import final_placings
from engine.table.state import Table

PLAYERS = ["Ann", "Bob", "Cai", "Dee"]
A, B, C, D = range(4)


def win(winner, discarder, total, **score):
    return {"type": "win", "winner": winner, "discarder": discarder,
            "score": declared_score(total, **score)}


def nobody_waiting():
    return {"type": "draw", "waiting": []}


def test_east_only_game_ends_after_the_fourth_dealer():
    # Four draws with nobody waiting: each dealer passes the deal; E4's draw ends the East round.
    table = Table("riichi", PLAYERS, {"game_length": "east"})
    for _ in range(3):
        assert not table.record(nobody_waiting()).finished
    state = table.record(nobody_waiting())
    assert state.finished and state.end_reason == "last_hand"
    with pytest.raises(TableError, match="game is over"):
        table.record(nobody_waiting())


def test_half_game_goes_on_into_the_south_round():
    table = Table("riichi", PLAYERS)
    for _ in range(4):
        state = table.record(nobody_waiting())
    assert not state.finished and state.label == "S1 +4"


def test_a_player_below_zero_ends_the_game():
    # Ann (dealer) rons Bob for a dealer yakuman, 48,000: Bob 25,000 - 48,000 = -23,000.
    table = Table("riichi", PLAYERS)
    state = table.record(win(A, B, 48000, han=13, fu=30, limit="yakuman"))
    assert state.totals[B] == -23000
    assert state.finished and state.end_reason == "below_zero"


def test_zero_itself_does_not_end_the_game_and_a_penalty_below_zero_does():
    # A penalty of 25,000 from Cai to Bob leaves Cai at 0: play goes on; 100 more ends it.
    table = Table("riichi", PLAYERS)
    state = table.record({"type": "penalty", "deltas": [0, 25000, -25000, 0]})
    assert state.totals[C] == 0 and not state.finished
    state = table.record({"type": "penalty", "deltas": [0, 100, -100, 0]})
    assert state.finished and state.end_reason == "below_zero"


def test_below_zero_may_play_on_as_an_option():
    table = Table("riichi", PLAYERS, {"ends_below_zero": False})
    state = table.record(win(A, B, 48000, han=13, fu=30, limit="yakuman"))
    assert state.totals[B] < 0 and not state.finished


def east_game_to_the_last_deal(options=None):
    # Three draws with nobody waiting: Dee deals E4 with 3 counters, totals unchanged.
    table = Table("riichi", PLAYERS, {"game_length": "east", **(options or {})})
    for _ in range(3):
        table.record(nobody_waiting())
    assert table.state.label == "E4 +3" and table.state.dealer == D
    return table


def test_the_last_dealers_win_in_first_place_ends_the_game():
    # E4 +3: Dee (dealer) rons Ann 2 han 30 fu: 2900 + 3 x 300 = 3800. Dee 28,800, alone first:
    # she would deal again, and the game ends instead.
    table = east_game_to_the_last_deal()
    state = table.record(win(D, A, 2900, han=2, fu=30))
    assert state.totals == (21200, 25000, 25000, 28800)
    assert state.finished and state.end_reason == "agari_yame"


def test_the_last_dealers_win_not_in_first_place_plays_on():
    # E1: Ann (dealer) rons Cai for a dealer mangan, 12,000: Ann 37,000, keeps the deal.
    table = Table("riichi", PLAYERS, {"game_length": "east"})
    table.record(win(A, C, 12000, han=5, fu=30, limit="mangan"))     # Ann 37,000 + counter
    for _ in range(3):
        table.record(nobody_waiting())                                # Ann, Bob, Cai pass the deal
    assert table.state.dealer == D
    # Dee (dealer) rons Bob 2900 + 4 x 300 = 4100: Dee 29,100 behind Ann's 37,000: Dee deals again.
    state = table.record(win(D, B, 2900, han=2, fu=30))
    assert state.totals[D] == 29100 and not state.finished and state.dealer == D


def test_agari_yame_is_an_option():
    table = east_game_to_the_last_deal({"agari_yame": False})
    state = table.record(win(D, A, 2900, han=2, fu=30))
    assert not state.finished and state.label == "E4 +4"


def test_the_players_end_the_game_and_undo_takes_it_back():
    table = Table("mcr", PLAYERS)
    table.record(win(A, None, 8))     # MCR self-draw 8 fan: each pays 8 + 8 = 16: Ann +48
    state = table.record({"type": "end_game"})
    assert state.finished and state.end_reason == "players"
    with pytest.raises(TableError, match="game is over"):
        table.record(win(B, None, 8))
    assert not table.undo().finished


def test_final_placings_follow_the_tables_rule():
    table = Table("mcr", PLAYERS)
    table.record(win(A, None, 8))     # Ann +48, the others -16 each
    state = table.record({"type": "end_game"})
    rule, placings = final_placings(state)
    # Ann first: 4 table points; three level on -16 share (2 + 1 + 0) / 3 = 1 each, all second.
    assert rule.code == "table_points"
    assert [(p.place, p.figure, p.tiebreak) for p in placings] == [
        (1, 4, 48), (2, 1, -16), (2, 1, -16), (2, 1, -16)]


def test_final_placings_hand_sticks_left_on_the_table_to_the_first():
    # Bob alone tenpai and in riichi: +3000 from the pool and -1000 stick (on the table): Bob
    # 27,000, the others 24,000. Ended there: oka 20,000 + uma 20,000 + the 1,000 stick to Bob:
    # 27,000 - 30,000 + 41,000 = 38,000. Ann, Cai, Dee level on 24,000: placed by seat: Ann
    # second (-6,000 + 10,000 = 4,000), Cai third (-16,000), Dee fourth (-26,000). Sum: 0.
    table = Table("riichi", PLAYERS)
    table.record({"type": "draw", "waiting": [B], "riichi": [B]})
    rule, placings = final_placings(table.record({"type": "end_game"}))
    assert rule.code == "uma_oka"
    assert [(p.place, p.figure) for p in placings] == [(2, 4000), (1, 38000), (3, -16000), (4, -26000)]
