"""Whole games at the table, one per preset family, against totals worked by hand.

Scores are entered as declared totals (han/fu for Riichi), so these tests exercise the table:
rotation, counters, sticks, claims, draw pools and the families' payment rules. The arithmetic of
every hand is written next to it.
"""

from __future__ import annotations

import pytest

from engine.table.events import TableError, declared_score
from engine.table.state import Table

PLAYERS = ["Ann", "Bob", "Cai", "Dee"]
A, B, C, D = range(4)


def win(winner, discarder, total, **score):
    minimum = score.pop("minimum", 0)
    event = {"type": "win", "winner": winner, "discarder": discarder,
             "score": declared_score(total, minimum=minimum, **score)}
    return event


# -- MCR -----------------------------------------------------------------------------------------

# Green Book Appendix 4 (docs/rules.md): who sits East, South, West, North in each round.
APPENDIX4 = {"E": "ABCD", "S": "BADC", "W": "CDBA", "N": "DCAB"}


def mcr_winds(hand_number: int) -> dict[str, str]:
    """Seat wind of each player in hand 1-16, read from the Appendix 4 table: in hand k (0-3) of a
    round, the player in the round's seat k is East and the winds follow in turn order."""
    round_letter = "ESWN"[(hand_number - 1) // 4]
    k = (hand_number - 1) % 4
    seating = APPENDIX4[round_letter]
    return {seating[seat]: "ESWN"[(seat - k) % 4] for seat in range(4)}


def test_mcr_full_game_seats_and_totals():
    table = Table("mcr", PLAYERS)
    F = 8
    hands = [
        win(A, B, 8, minimum=F),    # 1: A +(8+8)+8+8 = +32, B -16, C -8, D -8
        win(B, None, 10, minimum=F),  # 2: self-drawn: everyone pays 8+10 = 18; B +54
        {"type": "draw", "waiting": [A]},  # 3: a drawn hand pays nothing in MCR
        win(C, D, 24, minimum=F),   # 4: C +48, D -32, A -8, B -8
        {"type": "false_win", "offender": D},  # 5: D -60, each other +20 (the MCR sheet); play goes on
        win(A, C, 12, minimum=F),   # 5: A +36, C -20, B -8, D -8
        win(D, None, 8, minimum=F),  # 6: D +48, others -16
        {"type": "draw"},            # 7
        win(B, A, 16, minimum=F),   # 8: B +40, A -24, C -8, D -8
        {"type": "draw"},            # 9
        win(C, None, 8, minimum=F),  # 10: C +48, others -16
        {"type": "draw"},            # 11
        win(A, D, 8, minimum=F),    # 12: A +32, D -16, B -8, C -8
        {"type": "draw"},            # 13
        {"type": "draw"},            # 14
        win(D, B, 30, minimum=F),   # 15: D +54, B -38, A -8, C -8
        {"type": "draw"},            # 16
    ]
    letters = "ABCD"
    for event in hands:
        state = table.state
        if event["type"] != "false_win":
            winds = {letters[p]: "ESWN"[w] for p, w in enumerate(state.seat_winds)}
            assert winds == mcr_winds(state.hand_number), state.hand_number
            assert state.round_wind == "ESWN"[(state.hand_number - 1) // 4]
        table.record(event)
    state = table.state
    assert state.finished and state.hand_number == 17
    # A: 32-18-8+20+36-16-24-16+32-8 = 30     B: -16+54-8+20-8-16+40-16-8-38 = 4
    # C: -8-18+48+20-20-16-8+48-8-8 = 30      D: -8-18-32-60-8+48-8-16-16+54 = -64
    assert state.totals == (30, 4, 30, -64)
    # Named spot checks of the seat table: hand 5 Bob is East and Ann South; hand 16 Bob is East.
    first = {r.hand_number: r for r in state.records}
    assert PLAYERS[first[5].dealer] == "Bob" and PLAYERS[first[6].dealer] == "Ann"
    assert PLAYERS[first[9].dealer] == "Cai" and PLAYERS[first[16].dealer] == "Bob"
    with pytest.raises(TableError, match="game is over"):
        table.record({"type": "draw"})


def test_mcr_dead_hand_cannot_win_and_minimum():
    table = Table("mcr", PLAYERS)
    table.record({"type": "false_win", "offender": B})
    with pytest.raises(TableError, match="dead"):
        table.record(win(B, A, 8, minimum=8))
    # A declared 6 is under the 8 minimum: recorded as a false win (A -60, others +20).
    state = table.record(win(A, C, 6, minimum=8))
    assert state.records[-1].kind == "false_win"
    # Bob's false win: Bob -60, others +20; Ann's: Ann -60, others +20.
    assert state.totals == (20 - 60, -60 + 20, 20 + 20, 20 + 20)
    assert state.hand_number == 1     # a false win does not end the hand


def test_mcr_head_bump_follows_turn_order_of_places():
    # Hand 5: places change (B A D C in E S W N). Turn order by place: Bob, Ann, Dee, Cai.
    table = Table("mcr", PLAYERS)
    for _ in range(4):
        table.record({"type": "draw"})
    # Dee discards; Cai (next in turn after Dee) and Ann (two after) both claim: Cai wins.
    event = {"type": "win", "discarder": D, "claims": [
        {"winner": A, "score": declared_score(8)}, {"winner": C, "score": declared_score(10)}]}
    state = table.record(event)
    assert state.records[-1].details["winners"] == [C]
    # C +(8+10)+8+8 = 34, D -18, A -8, B -8
    assert state.totals == (-8, -8, 34, -18)


# -- Riichi --------------------------------------------------------------------------------------

def test_riichi_half_game_with_repeats_draws_counters_and_sticks():
    table = Table("riichi", PLAYERS)
    steps = [
        # E1 (Ann deals): Ann rons Cai, 2 han 30 fu: basic 30*2^4 = 480, dealer ron 6*480 = 2880 -> 2900
        (win(A, C, 2900, han=2, fu=30), "E1 +1", A, 0),
        # E1 +1: wall runs out, Ann and Bob tenpai, Bob in riichi (1000 on the table);
        # 3000 pool: tenpai +1500 each, noten -1500 each. Ann is tenpai -> keeps, counter 2.
        ({"type": "draw", "waiting": [A, B], "riichi": [B]}, "E1 +2", A, 1),
        # E1 +2: Bob tsumo 3 han 40 fu: basic 40*2^5 = 1280; dealer pays 2560 -> 2600, others 1300;
        # + 2 counters x 100 from each payer: Ann -2800, Cai -1500, Dee -1500; Bob +5800 + 1000 stick.
        (win(B, None, 5800, han=3, fu=40), "E2", B, 0),
        # E2: abortive draw (nine terminals): Bob keeps the deal, counter 1, no payments.
        ({"type": "draw", "abortive": True, "reason": "nine_terminals"}, "E2 +1", B, 0),
        # E2 +1: nobody tenpai: no payments; Bob (noten) passes the deal; counter 2 (every draw adds one).
        ({"type": "draw", "waiting": []}, "E3 +2", C, 0),
        # E3 +2: Dee in riichi rons Ann, mangan: basic 2000 x 4 = 8000 + 2 x 300 = 8600; Dee's own
        # stick comes back to her (-1000 + 1000).
        ({**win(D, A, 8000, limit="mangan", han=5, fu=30), "riichi": [D]}, "E4", D, 0),
        # E4 (Dee deals): Dee tsumo mangan: each pays 2 x 2000 = 4000; Dee keeps, counter 1.
        (win(D, None, 12000, limit="mangan", han=5, fu=30), "E4 +1", D, 0),
        # E4 +1: Cai rons Dee, 1 han 30 fu: basic 240 x 4 = 960 -> 1000 + 300 = 1300. Deal passes.
        (win(C, D, 1000, han=1, fu=30), "S1", A, 0),
        # S1: Cai alone tenpai, in riichi: +3000 from the pool, -1000 stick; others -1000. Ann noten: passes.
        ({"type": "draw", "waiting": [C], "riichi": [C]}, "S2 +1", B, 1),
        # S2 +1: Ann rons Bob, 4 han 30 fu: basic 1920 (under 2000, no kiriage) x 4 = 7680 -> 7700
        # + 300 = 8000, and the 1000 stick on the table.
        (win(A, B, 7700, han=4, fu=30), "S3", C, 0),
        # S3: all four tenpai: no payments; Cai keeps the deal, counter 1.
        ({"type": "draw", "waiting": [A, B, C, D]}, "S3 +1", C, 0),
        # S3 +1: Dee tsumo 1 han 30 fu: basic 240; Cai (dealer) 480 -> 500 + 100, others 300 + 100.
        (win(D, None, 1100, han=1, fu=30), "S4", D, 0),
        # S4: Ann rons Dee, 2 han 30 fu: 480 x 4 = 1920 -> 2000. The deal leaves South 4: game over.
        (win(A, D, 2000, han=2, fu=30), None, None, 0),
    ]
    for event, label, dealer, sticks in steps:
        state = table.record(event)
        if label is None:
            assert state.finished
        else:
            assert (state.label, state.dealer, state.sticks) == (label, dealer, sticks)
    # Ann: 25000 + 2900 + 1500 - 2800 - 8600 - 4000 - 1000 + 9000 - 400 + 2000 = 23600
    # Bob: 25000 + 500 + 6800 - 4000 - 1000 - 8000 - 400 = 18900
    # Cai: 25000 - 2900 - 1500 - 1500 - 4000 + 1300 + 2000 - 600 = 17800
    # Dee: 25000 - 1500 - 1500 + 8600 + 12000 - 1300 - 1000 + 1400 - 2000 = 39700
    assert state.totals == (23600, 18900, 17800, 39700)
    assert sum(state.totals) == 100000 and state.sticks == 0


def test_riichi_double_ron_and_head_bump_option():
    claims = {"type": "win", "discarder": A, "claims": [
        {"winner": D, "score": declared_score(1000, han=1, fu=30)},
        {"winner": B, "score": declared_score(2000, han=2, fu=30)}]}
    table = Table("riichi", PLAYERS)
    # Draw: Bob alone tenpai and in riichi: +3000 - 1000 stick, others -1000; Ann (noten) passes the
    # deal to Bob; counter 1.
    table.record({"type": "draw", "waiting": [B], "riichi": [B]})
    state = table.record(claims)
    # Bob (now dealer) is first in turn after Ann: 480 x 6 = 2880 -> 2900 + 300 counter + the 1000
    # stick = 4200 from the table; Dee 240 x 4 = 960 -> 1000, no counter.
    assert state.totals == (25000 - 1000 - 3200 - 1000, 25000 + 2000 + 4200,
                            25000 - 1000, 25000 - 1000 + 1000)
    assert state.dealer == B and state.honba == 2      # the dealer won: he keeps the deal
    bumped = Table("riichi", PLAYERS, {"multiple_ron": "head_bump"})
    bumped.record({"type": "draw", "waiting": [B], "riichi": [B]})
    state = bumped.record(claims)
    assert state.totals == (25000 - 1000 - 3200, 25000 + 2000 + 4200, 25000 - 1000, 25000 - 1000)
    third = {"winner": C, "score": declared_score(1000, han=1, fu=30)}
    three = dict(claims, claims=claims["claims"] + [third])
    state = Table("riichi", PLAYERS).record(three)
    assert state.records[-1].kind == "abortive_draw" and state.honba == 1 and state.dealer == A


# -- japanese-classical --------------------------------------------------------------------------

def test_japanese_classical_counters_and_600_pool():
    # The 600 pool is the agreed option (the Japanese sheet: "Można jednak ustalić, że gracze czekający
    # zostaną nagrodzeni" = the players may however agree that the waiting players are rewarded).
    table = Table("japanese-classical", PLAYERS, {"draw_payments": True})
    events = [
        win(A, B, 160),   # E1 Ann (East) rons Bob, V 160: Bob pays for all three, 3 x 160 = 480; counter 1
        win(A, None, 200),  # E1 +1: Ann tsumo V 200: each pays 200 + 100 (one counter) = 300; counter 2
        {"type": "draw", "waiting": [B]},   # 600 pool: Bob +600, others -200; the deal passes, counters 0
        win(C, D, 320),   # E2 (Bob deals): Cai rons Dee: 3 x 320 = 960
        {"type": "draw", "waiting": [A, C]},  # E3: Ann, Cai +300 each (150 from each of Bob, Dee)
        {"type": "win", "discarder": A, "claims": [     # E4: three ron claimants: abortive, deal passes
            {"winner": B, "score": declared_score(100)}, {"winner": C, "score": declared_score(100)},
            {"winner": D, "score": declared_score(100)}]},
        win(A, C, 500),   # S1 (Ann deals): V 500 (the limit): Cai pays 1500; counter 1
        win(D, A, 100),   # S1 +1: Dee rons Ann: 300; counters are paid only to East: none. Deal passes.
        {"type": "draw", "waiting": [A, B, C]},  # S2: Dee pays 200 to each waiting player
        {"type": "win", "discarder": D, "claims": [     # S3: Ann and Bob claim Dee's discard: head bump,
            {"winner": B, "score": declared_score(300)},  # Ann is next in turn after Dee: 3 x 150 = 450
            {"winner": A, "score": declared_score(150)}]},
        {"type": "draw"},  # S4: nobody waiting: nothing paid
    ]
    labels = []
    for event in events:
        labels.append(table.state.label)
        state = table.record(event)
    assert labels == ["E1", "E1 +1", "E1 +2", "E2", "E3", "E4", "S1", "S1 +1", "S2", "S3", "S4"]
    assert state.label == "W1" and state.dealer == A and state.honba == 0
    # Ann: 2000 + 480 + 900 - 200 + 300 + 1500 - 300 + 200 + 450 = 5330
    # Bob: 2000 - 480 - 300 + 600 - 300 + 200 = 1720
    # Cai: 2000 - 300 - 200 + 960 + 300 - 1500 + 200 = 1460
    # Dee: 2000 - 300 - 200 - 960 - 300 + 300 - 600 - 450 = -510
    assert state.totals == (5330, 1720, 1460, -510)


# -- classical (Babcock) -------------------------------------------------------------------------

def test_classical_losers_settle_and_east_extra_hands():
    table = Table("classical", PLAYERS)

    def cwin(winner, discarder, total, others):
        event = win(winner, discarder, total)
        event["others"] = {str(p): declared_score(v) for p, v in others.items()}
        return event

    # E1: Ann (East) wins 40; losers Bob 10, Cai 20, Dee 0. Each loser pays 40 x 2 (East) = 80: Ann +240.
    # Losers: Bob pays Cai 10, Dee pays Bob 10, Dee pays Cai 20. Bob -80, Cai -50, Dee -110.
    state = table.record(cwin(A, None, 40, {B: 10, C: 20, D: 0}))
    assert state.totals == (240, -80, -50, -110)
    assert (state.dealer, state.dealer_hands, state.label) == (A, 2, "E1")   # East's extra hand
    # E1 again: Ann wins 24 on Bob's discard: 3 x 48 = +144; Bob 8, Cai 8, Dee 16: Bob and Cai pay Dee 8.
    state = table.record(cwin(A, B, 24, {B: 8, C: 8, D: 16}))
    assert state.totals == (384, -136, -106, -142)
    # E1 again: a draw. The classical sheet: "When a draw occurs the hand stops. The deal passes and a new
    # hand begins." Bob deals E2.
    state = table.record({"type": "draw"})
    assert (state.dealer, state.dealer_hands, state.label) == (B, 1, "E2")
    # Dee claims a false Mah-Jongg: half the limit (150) to each, doubled to East (Bob): Bob +300,
    # Ann, Cai +150, Dee -600.
    state = table.record({"type": "false_win", "offender": D})
    assert state.totals == (534, 164, 44, -742)
    # Cai wins 30 on Dee's discard; Ann 12, Bob 4, Dee dead (0). Ann and Dee pay 30, Bob (East) 60:
    # Cai +120. Losers: Bob pays Ann 8 x 2 = 16; dead Dee pays Ann 12 and Bob 4 x 2 = 8.
    # Ann -30 + 16 + 12 = -2; Bob -60 - 16 + 8 = -68; Dee -30 - 12 - 8 = -50.
    state = table.record(cwin(C, D, 30, {A: 12, B: 4}))
    assert (state.dealer, state.label) == (C, "E3")   # not East's win: the deal passes
    # E3: Cai (East) wins 10 by self-draw: each pays 20; Ann 2, Bob 2, Dee 6: Ann and Bob pay Dee 4.
    state = table.record(cwin(C, None, 10, {A: 2, B: 2, D: 6}))
    # Ann: 534 - 2 - 24 = 508        Bob: 164 - 68 - 24 = 72
    # Cai: 44 + 120 + 60 = 224       Dee: -742 - 50 - 12 = -804
    assert state.totals == (508, 72, 224, -804)
    assert sum(state.totals) == 0


def test_classical_two_claimants_next_in_turn():
    table = Table("classical", PLAYERS)
    event = {"type": "win", "discarder": B, "claims": [
        {"winner": A, "score": declared_score(50)}, {"winner": D, "score": declared_score(20)}]}
    # After Bob come Cai, Dee, Ann: Dee wins. Dee 20 from Bob and Cai, 40 from Ann (East): +80.
    state = table.record(event)
    assert state.records[-1].details["winners"] == [D]
    assert state.totals == (-40, -20, -20, 80)


# -- undo and amend ------------------------------------------------------------------------------

def test_undo_and_amend_recompute_later_hands():
    table = Table("riichi", PLAYERS)
    table.record(win(A, C, 2900, han=2, fu=30))          # Ann repeats: counter 1
    table.record(win(B, D, 2000, han=2, fu=30))          # 2000 + 300 from Dee; deal passes to Bob
    before = table.state.totals
    # Amend hand 1 to a Bob win: Ann no longer repeats, so hand 2 is Bob's dealer ron with no counters:
    # hand 1: 480 x 4 = 2000 from Cai; hand 2: Bob (dealer) 480 x 6 = 2880 -> 2900 from Dee; Bob keeps.
    state = table.amend(0, win(B, C, 2000, han=2, fu=30))
    assert state.totals == (25000, 25000 + 2000 + 2900, 23000, 25000 - 2900)
    assert state.dealer == B and state.honba == 1
    state = table.amend(0, win(A, C, 2900, han=2, fu=30))
    assert state.totals == before
    state = table.undo()
    assert state.totals == (27900, 25000, 22100, 25000) and state.honba == 1
    with pytest.raises(TableError, match="not in the table's history"):
        table.amend(1, win(A, C, 2900, han=2, fu=30))


def test_japanese_false_win_is_a_redeal_not_a_dead_hand():
    table = Table("riichi", PLAYERS)
    # Chombo by Bob (not the dealer): a reverse mangan tsumo, 2000 basic: Ann (dealer) +4000,
    # Cai and Dee +2000, Bob -8000. The hand is dealt again: same label, Bob may win it.
    state = table.record({"type": "false_win", "offender": B})
    assert state.totals == (29000, 17000, 27000, 27000) and state.label == "E1" and not state.dead
    state = table.record(win(B, A, 1000, han=1, fu=30))        # 240 x 4 = 960 -> 1000
    assert state.totals == (28000, 18000, 27000, 27000)
    doc_b = Table("japanese-classical", PLAYERS).record({"type": "false_win", "offender": C})
    assert doc_b.totals == (2500, 2500, 500, 2500)              # the 500 limit to each other player
