"""The table rules of the three rule sheets: draws and deals, abortive draws, draw payments, riichi
sticks, agreed values, option ranges, the classical sheet's sacred discard and ready declaration,
and the MCR sheet's penalty for revealing a hand. Each test quotes the sentence of the sheet it rests
on (the MCR and Japanese sheets are Polish: the Polish first, then the English)."""

from __future__ import annotations

import pytest

from engine.core.tiles import parse_tiles
from engine.families import RulesError, presets, resolve_options, score_json, score_request
from engine.families.riichi.draws import nine_terminals, same_first_discards
from engine.table.events import TableError, declared_score, penalty_event
from engine.table.state import Table

PLAYERS = ["Ann", "Bob", "Cai", "Dee"]
A, B, C, D = range(4)


def win(winner, discarder, total, **extra):
    return {"type": "win", "winner": winner, "discarder": discarder,
            "score": declared_score(total), **extra}


def abortive(reason, **evidence):
    return {"type": "draw", "abortive": True, "reason": reason, **evidence}


# -- 1. the classical sheet: the deal passes after a draw; no abortive draws -----------------------

def test_classical_deal_passes_after_a_draw():
    # The classical sheet: "When a draw occurs the hand stops. The deal passes and a new hand begins."
    table = Table("classical", PLAYERS)
    state = table.record({"type": "draw", "waiting": [A]})
    assert (state.dealer, state.label, state.dealer_hands) == (B, "E2", 1)
    # After an East win East keeps the deal ("The 'Dealers Extra Hand' occurs when East wins. He/she
    # keeps the deal"), and a draw in the extra hand still passes it.
    state = table.record(win(B, None, 20))
    assert state.dealer == B
    state = table.record({"type": "draw"})
    assert (state.dealer, state.label) == (C, "E3")


def test_classical_table_refuses_abortive_draws():
    # The classical sheet ends a hand by a win or by the wall: "Should the game proceed with no hand
    # completed for game until there are only fourteen pieces (seven twos) left in the wall, ... the game is
    # declared a 'draw'". It names no abortive draw.
    table = Table("classical", PLAYERS)
    with pytest.raises(TableError, match="no abortive draws"):
        table.record(abortive("four_kongs"))
    assert table.state.records == ()


def test_mcr_table_refuses_abortive_draws():
    # The MCR sheet: "Rozgrywka może zakończyć się na dwa sposoby: gra nierozegrana – gdy wszystkie kamienie
    # w Murze zostaną wyczerpane ...; wygrana" (A hand can end in two ways: a draw, when all the tiles of
    # the wall are used up ...; a win).
    with pytest.raises(TableError, match="no abortive draws"):
        Table("mcr", PLAYERS).record(abortive("four_kongs"))


# -- 2. the Japanese sheet's abortive draws as written ---------------------------------------------

# 1m 1m 9p 1p 1s E S W N + 2345m 5p: nine terminal/honour tiles, eight different kinds.
NINE_TILES_EIGHT_KINDS = "11m19p1s1234z2345m"


def test_nine_terminals_counts_tiles_in_doc_b():
    # The Japanese sheet: "gdy w rozdaniu początkowym, wśród 13 otrzymanych, gracz dostatnie dziewięć
    # kamieni skrajnych i/lub Honorów" (when in the starting deal, among the 13 received, a player gets nine
    # terminal and/or honour tiles).
    tiles = parse_tiles(NINE_TILES_EIGHT_KINDS)
    assert len(tiles) == 13
    assert nine_terminals(tiles, "tiles")
    assert not nine_terminals(tiles, "kinds")            # the modern reading, an option
    state = Table("japanese-classical", PLAYERS).record(
        abortive("nine_terminals", player=B, tiles=NINE_TILES_EIGHT_KINDS))
    record = state.records[-1]
    assert record.kind == "abortive_draw" and record.details["reason"] == "nine_terminals"
    assert state.dealer == B                              # "W przypadku remisu Wiatry się zmieniają."


def test_nine_terminals_condition_is_checked_where_tiles_are_given():
    # Eight terminal/honour tiles: 1m 9p 1p 1s E S W N.
    with pytest.raises(TableError, match="8 terminal/honour tiles"):
        Table("japanese-classical", PLAYERS).record(
            abortive("nine_terminals", player=B, tiles="12m19p1s1234z2345m"))
    # Riichi reads it as nine different kinds: eight kinds are refused, unless the table chooses
    # the Japanese sheet's reading.
    with pytest.raises(TableError, match="8 different terminal/honour kinds"):
        Table("riichi", PLAYERS).record(abortive("nine_terminals", player=B, tiles=NINE_TILES_EIGHT_KINDS))
    state = Table("riichi", PLAYERS, {"nine_terminals": "tiles"}).record(
        abortive("nine_terminals", player=B, tiles=NINE_TILES_EIGHT_KINDS))
    assert state.records[-1].kind == "abortive_draw"


def test_same_tile_by_all_four_is_any_tile_in_doc_b():
    # The Japanese sheet: "gdy podczas pierwszej zrzutki zostanie wyrzucony ten sam kamień przez wszystkich"
    # (when on the first discard round the same tile is discarded by everyone).
    assert same_first_discards(parse_tiles("5p5p5p5p"), "any_tile")
    assert not same_first_discards(parse_tiles("5p5p5p5p"), "wind")
    state = Table("japanese-classical", PLAYERS).record(abortive("same_first_discards", discards="5p5p5p5p"))
    assert state.records[-1].kind == "abortive_draw"
    with pytest.raises(TableError, match="not the same tile"):
        Table("japanese-classical", PLAYERS).record(abortive("same_first_discards", discards="5p5p5p6p"))
    with pytest.raises(TableError, match="not the same wind"):
        Table("riichi", PLAYERS).record(abortive("same_first_discards", discards="5p5p5p5p"))


@pytest.mark.parametrize("reason", ["", "other", "nine kinds", "four_riichi"])
def test_abortive_reason_is_one_of_the_presets_own_kinds(reason):
    # The Japanese sheet lists its abortive draws ("Grę uważa się za nierozegraną (remis) w następujących
    # przypadkach" = a hand counts as a draw in the following cases); four riichi declarations are not among
    # them (the Japanese sheet has no riichi).
    with pytest.raises(TableError, match="reason is one of"):
        Table("japanese-classical", PLAYERS).record(abortive(reason))


def test_four_kongs_and_three_claims_are_doc_b_abortive_draws():
    # The Japanese sheet: "gdy przez różnych graczy zgłoszone zostaną cztery Kongi" (when four kongs are
    # declared by different players) and "gdy trzech graczy chce wziąć ten sam wyrzucony kamień do wygranej"
    # (when three players want the same discard to win).
    table = Table("japanese-classical", PLAYERS)
    with pytest.raises(TableError, match="four kongs"):
        table.record(abortive("four_kongs", kongs=[B, B, B, B]))
    state = table.record(abortive("four_kongs", kongs=[A, B, B, C]))
    assert state.records[-1].details["reason"] == "four_kongs"
    claims = {"type": "win", "discarder": B, "claims": [
        {"winner": p, "score": declared_score(100)} for p in (A, C, D)]}
    state = table.record(claims)
    assert state.records[-1].kind == "abortive_draw" and state.records[-1].details["reason"] == "three_ron"


# -- 3. the Japanese sheet: no settlement at a draw unless agreed ----------------------------------

def test_doc_b_draw_payments_are_off_by_default():
    # The Japanese sheet: "Nie następują natomiast rozliczenia między graczami. Można jednak ustalić, że
    # gracze czekający zostaną nagrodzeni" (There is no settlement between the players. It can however be
    # agreed that the waiting players are rewarded).
    state = Table("japanese-classical", PLAYERS).record({"type": "draw", "waiting": [B]})
    assert state.totals == (2000, 2000, 2000, 2000)
    agreed = Table("japanese-classical", PLAYERS, {"draw_payments": True}).record(
        {"type": "draw", "waiting": [B]})
    assert agreed.totals == (1800, 2600, 1800, 1800)    # "jeden: 200 punktów" from each


# -- 4. no riichi sticks where the preset has no riichi --------------------------------------------

def test_riichi_declarations_refused_where_riichi_is_off():
    # The Japanese sheet describes no riichi: its table takes no riichi stick. japanese-classical has riichi
    # off.
    table = Table("japanese-classical", PLAYERS)
    with pytest.raises(TableError, match="no riichi declarations.*'riichi' is off"):
        table.record({"type": "draw", "riichi": [A]})
    with pytest.raises(TableError, match="no riichi declarations"):
        table.record(win(B, C, 100, riichi=[B]))
    assert table.state.totals == (2000,) * 4 and table.state.sticks == 0
    # A table that turns riichi on plays its 100-point stick.
    state = Table("japanese-classical", PLAYERS, {"riichi": True}).record({"type": "draw", "riichi": [A]})
    assert state.totals[A] == 1900 and state.sticks == 1


# -- 5. agreed values checked against the preset ---------------------------------------------------

def test_classical_agreed_value_capped_at_the_limit():
    # The classical sheet: "When a player wins by completing his hand the other 3 players pay him his entire
    # score regardless of their scores." The preset's limit (Babcock's 300) caps that score.
    state = Table("classical", PLAYERS).record(win(B, A, 5000))
    # 300 from Cai and Dee, 600 from Ann (East pays double): not 10,000 from East.
    assert state.totals == (-600, 1200, -300, -300)
    assert "5000 capped at the limit of 300" in state.records[-1].summary


def test_japanese_classical_agreed_value_capped_at_500_per_payer():
    # The Japanese sheet: "(zasada ta działa w przypadku limitu ustalonego na 1500)" (this rule works with
    # the limit set at 1500): 500 per payer, so a discarder pays at most 1500 for a non-dealer's hand.
    state = Table("japanese-classical", PLAYERS).record(win(B, C, 5000))
    assert state.totals == (2000, 3500, 500, 2000)
    assert "capped at the limit of 500" in state.records[-1].summary


def test_losers_values_checked():
    # The classical sheet: "each one of the 3 losing players paying each one that has a larger hand the
    # difference between their scores": a loser's score is a hand's score, never below 0, at most the limit.
    zero = declared_score(0)
    negative = {"total": -20, "declared": True}          # as an API or an imported file could send it
    event = win(A, None, 40, others={"1": negative, "2": zero, "3": zero})
    with pytest.raises(TableError, match="Bob's hand: a hand's value cannot be negative"):
        Table("classical", PLAYERS).record(event)
    event = win(A, None, 40, others={"1": declared_score(9999), "2": zero, "3": zero})
    state = Table("classical", PLAYERS).record(event)
    # Bob's 9999 counts as 300: Cai and Dee each pay Bob 300.
    assert state.totals == (240, -80 + 600, -80 - 300, -80 - 300)
    assert "Bob's hand: 9999 capped at the limit of 300" in state.records[-1].summary


def test_negative_agreed_value_is_refused_not_a_false_win():
    # The MCR sheet's false win is a declared win that proves wrong ("W przypadku nieprawidłowości, gracz
    # zgłaszający nieprawidłową wygraną zostaje ukarany" = if irregular, the player declaring the wrong win
    # is penalised); a negative value is a typing error, not a declared win.
    with pytest.raises(TableError, match="cannot be negative"):
        declared_score(-50)
    for rules in ("mcr", "classical", "japanese-classical"):
        table = Table(rules, PLAYERS)
        with pytest.raises(TableError, match="cannot be negative"):
            table.record({"type": "win", "winner": B, "discarder": None,
                          "score": {"total": -50, "declared": True}})
        assert table.state.records == ()


def test_agreed_value_under_the_minimum_is_not_a_win():
    # The MCR sheet: "gracz ... musi pamiętać, by jego zestaw miał wartość przynajmniej 8 punktów" (the
    # player must make sure the hand is worth at least 8 points).
    state = Table("mcr", PLAYERS).record({"type": "win", "winner": B, "discarder": A,
                                          "score": declared_score(6)})
    assert state.records[-1].kind == "false_win" and "minimum of 8" in state.records[-1].summary


def test_hongkong_agreed_total_under_three_faan_is_a_false_win():
    # Hong Kong needs 3 faan to win (the preset's min_faan). An agreed 2 is a false win: Bob pays
    # each other player the penalty, by default what each pays for a self-drawn limit hand: 13 faan
    # half-spicy is 16 x 2^4 x 3/2 = 384 table points, half of it 192 from each loser.
    state = Table("hongkong", PLAYERS).record(win(B, C, 2))
    record = state.records[-1]
    assert record.kind == "false_win" and "minimum of 3" in record.summary
    assert state.totals == (192, -576, 192, 192)


def test_hongkong_agreed_total_over_the_limit_is_capped_and_says_so():
    # An agreed 20 faan is paid as the limit, 13: 384 table points, all from the discarder
    # (the preset's discarder_pays "all"); the history records 13 and the cap.
    state = Table("hongkong", PLAYERS).record(win(B, C, 20))
    record = state.records[-1]
    assert state.totals == (0, 384, -384, 0)
    assert record.details["total"] == 13
    assert "Bob's hand: 20 capped at the limit of 13" in record.summary


def test_riichi_agreed_total_needs_han_and_fu():
    with pytest.raises(TableError, match="needs its han and fu"):
        Table("riichi", PLAYERS).record(win(B, A, 7700))


# -- 6. options typed, with ranges -----------------------------------------------------------------

@pytest.mark.parametrize("value", [0, -10, True, "10"])
def test_rounding_out_of_range_names_the_option(value):
    with pytest.raises(RulesError, match="option 'rounding'"):
        Table("japanese-classical", PLAYERS, {"rounding": value})
    result = score_json({"rules": "japanese-classical", "hand": "234m567p345s678s22p", "win_tile": "8s",
                         "options": {"rounding": value}})
    assert result["ok"] is False and "rounding" in result["error"]


@pytest.mark.parametrize(("rules", "option", "value"), [
    ("mcr", "minimum", -1), ("mcr", "two_concealed_kongs", 7), ("classical", "limit", 0),
    ("classical", "sacred_discard", "sometimes"), ("classical", "dead_wall", 200),
    ("riichi", "draw_pool", 1000), ("riichi", "honba_value", 100), ("riichi", "minimum_han", 14),
    ("japanese-classical", "nine_terminals", "some"), ("japanese-classical", "start_points", -5),
])
def test_option_values_are_range_checked(rules, option, value):
    with pytest.raises(RulesError, match=f"option '{option}'"):
        resolve_options(rules, {option: value})


def test_every_option_of_the_sheet_presets_has_a_spec():
    for rules in ("mcr", "mcr-ema", "riichi", "japanese-classical", "classical"):
        family, defaults = presets()[rules]
        assert not set(defaults) - set(family.option_specs), rules
        resolve_options(rules, {})                    # every default is inside its own range


# -- the classical sheet: sacred discard and ready -------------------------------------------------

# The classical sheet: "A sacred discard occurs if a player discovers that a previously discarded tile (by
# that player) would permit the player to go out. ... If another player discards an identical tile, the
# 'ready' player may not use it unless she has drawn from the wall at least once after their own discard."
READY_HAND = {"rules": "classical", "hand": "123m456m789p23s55s4s", "win_tile": "4s",
              "win_by": "ron", "seat_wind": "S"}            # Bob waits on 1s or 4s


def classical_win(winner, discarder, tile, options=None, **extra):
    score = score_request({**READY_HAND, "options": options or {}}).to_dict()
    return {"type": "win", "winner": winner, "discarder": discarder, "score": score,
            "hand": dict(READY_HAND, win_tile=tile), **extra}


def test_sacred_discard_refused_until_a_draw_from_the_wall():
    table = Table("classical", PLAYERS)
    table.record({"type": "discard", "player": B, "tile": "4s"})
    with pytest.raises(TableError, match="Bob may not win on this discard: 4 Bamboo is a sacred discard"):
        table.record(classical_win(B, C, "4s"))
    # Claiming a tile is not a draw from the wall: Bob pungs (nothing recorded), still barred.
    with pytest.raises(TableError, match="sacred discard"):
        table.record(classical_win(B, D, "4s"))
    table.record({"type": "wall_draw", "player": B})
    state = table.record(classical_win(B, C, "4s"))
    assert state.records[-1].kind == "win"


def test_sacred_discard_with_an_agreed_total_needs_the_tile():
    table = Table("classical", PLAYERS)
    table.record({"type": "discard", "player": B, "tile": "4s"})
    with pytest.raises(TableError, match="say which tile won"):
        table.record(win(B, C, 40))
    with pytest.raises(TableError, match="sacred discard"):
        table.record(win(B, C, 40, tile="4s"))
    assert table.record(win(B, C, 40, tile="1s")).records[-1].kind == "win"


def test_sacred_discard_as_a_false_claim():
    table = Table("classical", PLAYERS, {"sacred_claim": "false_win"})
    table.record({"type": "discard", "player": B, "tile": "4s"})
    state = table.record(classical_win(B, C, "4s"))
    assert state.records[-1].kind == "false_win" and "sacred discard" in state.records[-1].summary


def test_sacred_discard_options():
    # last discard only: a discard before the last one is not sacred.
    table = Table("classical", PLAYERS, {"sacred_discard": "last_discard"})
    table.record({"type": "discard", "player": B, "tile": "4s"})
    table.record({"type": "discard", "player": B, "tile": "9m"})
    assert table.record(classical_win(B, C, "4s")).records[-1].kind == "win"
    # 1-4-7: Bob discarded 1s (one of his waits) and has not drawn since: 4s is barred too.
    table = Table("classical", PLAYERS, {"sacred_discard": "one_four_seven"})
    table.record({"type": "discard", "player": B, "tile": "1s"})
    with pytest.raises(TableError, match="every tile the hand waits on"):
        table.record(classical_win(B, C, "4s"))
    # The classical sheet's rule bars only the identical tile.
    table = Table("classical", PLAYERS)
    table.record({"type": "discard", "player": B, "tile": "1s"})
    assert table.record(classical_win(B, C, "4s")).records[-1].kind == "win"
    # absolute: a draw from the wall does not lift it.
    table = Table("classical", PLAYERS, {"sacred_discard": "absolute"})
    table.record({"type": "discard", "player": B, "tile": "1s"})
    table.record({"type": "wall_draw", "player": B})
    with pytest.raises(TableError, match="sacred discard"):
        table.record(classical_win(B, C, "4s"))


def test_ready_declaration_is_recorded_and_the_hand_forgets_play():
    # The classical sheet: "When a player needs one tile go out, the hand is 'ready' and should be declared."
    table = Table("classical", PLAYERS)
    table.record({"type": "discard", "player": B, "tile": "4s"})
    state = table.record({"type": "ready", "player": B})
    assert state.records[-1].kind == "ready" and state.records[-1].deltas == (0, 0, 0, 0)
    assert "Bob declares a ready hand" in state.records[-1].summary and state.play.ready == {B}
    state = table.record({"type": "draw"})
    assert state.play.ready == frozenset() and state.play.discards == ((), (), (), ())
    assert table.record(classical_win(B, C, "4s")).records[-1].kind == "win"   # a new hand


def test_play_events_only_where_the_preset_has_a_sacred_discard():
    with pytest.raises(TableError, match="no sacred-discard rule"):
        Table("mcr", PLAYERS).record({"type": "ready", "player": B})


def test_robbing_a_kong_by_a_fishing_player_scores_its_bonus():
    # The classical sheet: "a player who is fishing may claim a tile added to a concealed pung to turn it to
    # a kong, and thus win (and gets bonus points for doing so). This is called robbing a kong." Bob holds a
    # concealed 999p pung (8) and waits on 1s/4s; Cai adds 4s to his pung and Bob robs it.
    hand = {"rules": "classical", "hand": "123m456m999p23s55s4s", "win_tile": "4s", "win_by": "ron",
            "seat_wind": "S", "flags": ["robbing_kong"]}
    score = score_request(hand)
    robbed = [item for item in score.items if item.name == "Robbing a kong"]
    assert robbed and robbed[0].value == 10
    plain = score_request({**hand, "flags": []})
    assert score.total == plain.total + 10            # Mah-Jongg 20 + pung 8, + 10 for the robbing
    # A robbed kong is not a discard: Bob's own 4s discard does not bar it.
    table = Table("classical", PLAYERS)
    table.record({"type": "discard", "player": B, "tile": "4s"})
    state = table.record({"type": "win", "winner": B, "discarder": C, "score": score.to_dict(),
                          "hand": hand})
    assert state.records[-1].kind == "win"


# -- the MCR sheet: revealing a hand before the win is verified ------------------------------------

def test_revealing_a_hand_before_verification_is_a_warning_or_an_agreed_penalty():
    # The MCR sheet: "Gdy któryś z pozostałych graczy ujawni swoją rękę przed zweryfikowaniem zgłoszonej
    # wygranej, popełnia przewinienie i może zostać ukarany ostrzeżeniem lub innymi karami." (When one of
    # the other players reveals their hand before the declared win has been verified, they commit an offence
    # and may be punished with a warning or other penalties.)
    table = Table("mcr", PLAYERS)
    state = table.record(penalty_event(C, 0, offence="revealed_hand"))
    record = state.records[-1]
    assert record.kind == "warning" and record.deltas == (0, 0, 0, 0)
    assert record.details["offence"] == "revealed_hand"
    assert record.summary == "warning to Cai: revealed their hand before the declared win was verified"
    state = table.record(penalty_event(C, 30, offence="revealed_hand", reason="second time"))
    assert state.records[-1].kind == "penalty" and state.totals == (10, 10, -30, 10)
    assert "revealed their hand" in state.records[-1].summary and "second time" in state.records[-1].summary
    with pytest.raises(TableError, match="not one riichi names"):
        Table("riichi", PLAYERS).record(penalty_event(C, 0, offence="revealed_hand"))
