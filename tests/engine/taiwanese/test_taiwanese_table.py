"""The Taiwanese table: the dealer's streak through wins and draws, its tai in every payment."""

from engine.families import score_json
from engine.families.taiwanese.family import PRESETS, payment
from engine.table.dispute import Claim, settle
from engine.table.events import declared_score
from engine.table.state import Table, hand_context

OPTIONS = PRESETS["taiwanese"]
PLAYERS = ["Ann", "Bob", "Cai", "Dee"]
CHOWS = "123m456p789s234s678m55p"     # 平胡 2 + 門清 1 on a discard; 門清自摸 3 when self-drawn


def win(table, winner, discarder, hand=CHOWS, win_tile="4s"):
    request = {**hand_context(table.state, winner), "hand": hand, "win_tile": win_tile,
               "win_by": "tsumo" if discarder is None else "ron"}
    score = score_json(request)
    state = table.record({"type": "win", "winner": winner, "discarder": discarder, "score": score,
                          "hand": request})
    return score, state.records[-1], state


def test_a_dealer_who_wins_three_hands_in_a_row_then_loses():
    table = Table("taiwanese", PLAYERS)
    hand_tai = 3
    # Hand 1: Ann deals and wins on Bob's discard: 莊家 1, no streak yet.
    score, record, state = win(table, 0, 1)
    assert score["total"] == hand_tai + 1 and score["streak"] == 0
    assert record.deltas == (payment(hand_tai + 1, OPTIONS), -payment(hand_tai + 1, OPTIONS), 0, 0)
    assert (state.dealer, state.honba) == (0, 1)
    # Hand 2: still Ann's deal, streak 1 (連1拉1, 2 tai); she wins on Cai's discard.
    score, record, state = win(table, 0, 2)
    assert score["total"] == hand_tai + 1 + 2 and record.label == "E1 +1"
    assert record.deltas == (payment(hand_tai + 3, OPTIONS), 0, -payment(hand_tai + 3, OPTIONS), 0)
    # Hand 3: streak 2, she draws the winning tile herself: each of the three pays.
    score, record, state = win(table, 0, None)
    self_tai = 3                                           # 門清自摸
    each = payment(self_tai + 1 + 2 * 2, OPTIONS)
    assert score["total"] == self_tai + 5 and record.deltas == (3 * each, -each, -each, -each)
    assert (state.dealer, state.honba) == (0, 3)
    # Hand 4: streak 3; Dee wins on Ann's discard: only Ann pays, with her 1 + 2 x 3 tai.
    score, record, state = win(table, 3, 0)
    assert score["total"] == hand_tai and score["total_tai_charged_to_dealer"] == hand_tai + 7
    assert record.deltas == (-payment(hand_tai + 7, OPTIONS), 0, 0, payment(hand_tai + 7, OPTIONS))
    # The deal passes to Bob and the streak is over.
    assert (state.dealer, state.honba, state.round_wind) == (1, 0, "E")
    assert sum(state.totals) == 0


def test_a_draw_keeps_the_deal_and_adds_to_the_streak():
    table = Table("taiwanese", PLAYERS)
    win(table, 0, 1)                                      # Ann wins her deal: streak 1
    state = table.record({"type": "draw", "waiting": [2]})
    assert state.records[-1].deltas == (0, 0, 0, 0)
    assert (state.dealer, state.honba) == (0, 2)
    # Bob wins on Cai's discard next hand: Ann (the dealer) does not pay, so no dealer tai.
    score, record, state = win(table, 1, 2)
    assert record.deltas == (0, payment(3, OPTIONS), -payment(3, OPTIONS), 0)
    assert (state.dealer, state.honba) == (1, 0)


def test_a_non_dealer_self_draw_during_a_streak():
    table = Table("taiwanese", PLAYERS)
    table.record({"type": "draw", "waiting": []})          # streak 1 on a draw
    score, record, _ = win(table, 2, None)
    plain, dealer = payment(3, OPTIONS), payment(3 + 1 + 2, OPTIONS)
    assert record.deltas == (-dealer, -plain, dealer + 2 * plain, -plain)


def test_a_false_win_in_a_dispute():
    table = Table("taiwanese", PLAYERS)
    request = {**hand_context(table.state, 1), "hand": "123m456p789s234s678m56p", "win_tile": "6p"}
    verdict = settle(table.state, Claim(player=1, discarder=0, total=5), score_json(request), hand=request)
    assert verdict.upheld is False and verdict.event["type"] == "false_win"
    penalty = payment(OPTIONS["false_win_tai"], OPTIONS)
    assert verdict.deltas == (penalty, -3 * penalty, penalty, penalty)


def test_a_dispute_over_a_claimed_tai():
    table = Table("taiwanese", PLAYERS)
    request = {**hand_context(table.state, 1), "hand": CHOWS, "win_tile": "4s"}
    claim = Claim(player=1, discarder=0, items=(("All Chows", 1), ("Self-drawn", 1)), total=4)
    verdict = settle(table.state, claim, score_json(request), hand=request)
    kinds = {(d.kind, d.name.split(" ")[0]) for d in verdict.differences}
    assert verdict.upheld and ("not_applicable", "Self-drawn") in kinds and ("missed", "Concealed") in kinds
    # Ann deals and discarded: she pays the hand's 3 tai and her dealer tai.
    assert verdict.deltas == (-payment(4, OPTIONS), payment(4, OPTIONS), 0, 0)


def test_hong_kong_table_replays_a_draw_and_keeps_no_counters():
    table = Table("hongkong", PLAYERS)
    state = table.record({"type": "draw", "waiting": []})
    assert (state.dealer, state.honba) == (0, 0)
    request = {**hand_context(state, 2), "hand": "123m456m77z", "melds": ["pon:555z", "pon:666z"],
               "win_tile": "7z", "flowers": "4f"}
    score = score_json(request)                            # 8 faan: 64 table points
    state = table.record({"type": "win", "winner": 2, "discarder": 0, "score": score})
    assert state.records[-1].deltas == (-64, 0, 64, 0)
    assert (state.dealer, state.honba) == (1, 0)
    false = table.record({"type": "false_win", "offender": 3})
    penalty = 384 // 2                                     # a self-drawn limit hand from each
    assert false.records[-1].deltas == (penalty, penalty, penalty, -3 * penalty)


def test_a_total_entered_without_tiles_is_the_hands_tai():
    table = Table("taiwanese", PLAYERS)
    table.record({"type": "draw", "waiting": []})          # streak 1
    state = table.record({"type": "win", "winner": 1, "discarder": 0, "score": declared_score(5)})
    assert state.records[-1].deltas == (-payment(5 + 1 + 2, OPTIONS), payment(5 + 1 + 2, OPTIONS), 0, 0)
