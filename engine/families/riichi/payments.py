"""Japanese rules as data: the two presets, Riichi's limit table, and every payment rule.

Nothing here looks at tiles. A scored hand arrives as han/fu/limit (``riichi``) or as the
per-payer value V (``japanese-classical``), and these functions turn it into per-seat deltas
for the table: wins, false wins (chombo) and the exhaustive-draw pool.

Seats are places at the table, 0..3 in turn order; ``dealer`` is the seat of East.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.hand import DeclaredHand
from engine.core.result import Score
from engine.core.tiles import EAST
from engine.families.settlement import check_seats

# -- presets ------------------------------------------------------------------------------------
# Every option a preset has, with its default. Names shared across families are red_fives,
# open_tanyao, kiriage, double_yakuman, counted_yakuman, limit and false_win_penalty.

PRESETS: dict[str, dict[str, Any]] = {
    # Modern Riichi as Tenhou scores it (docs/rules.md, `riichi`).
    "riichi": {
        "scoring": "han_fu",
        "minimum_han": 1,              # one yaku needed; dora are not yaku
        "red_fives": True,             # Tenhou plays with one red five per suit
        "open_tanyao": True,           # kuitan ari
        "kiriage": False,              # 4 han 30 fu / 3 han 60 fu stay below mangan
        "double_yakuman": False,       # Tenhou scores 13-wait kokushi, suuankou tanki, pure nine
                                       # gates and big four winds as single yakuman
        "counted_yakuman": True,       # 13+ han without a yakuman = yakuman (False: sanbaiman)
        "renhou_as_yakuman": False,    # the renhou flag scores 5 han unless this is on
        "open_pinfu_fu": True,         # an open hand with no fu gets 2 (30 fu in all)
        "pinfu_tsumo_fu": False,       # True: pinfu tsumo earns the 2 tsumo fu (no 20-fu hand)
        "riichi": True,                # situational yaku switches (shared with the classical game)
        "ippatsu": True,
        "dora": True,
        "seven_pairs": True,
        "limit": 0,                    # unused by han/fu scoring (limits come from the han table)
        "honba_value": 300,            # per counter, from the discarder (ron) or 100 x 3 (tsumo)
        "honba_dealer_only": False,    # every winner collects the counters
        "counter_on_draw": True,       # a counter is added on every draw, too
        "riichi_stick": 1000,
        "draw_payments": True,
        "draw_pool": 3000,             # noten payments: 1000/1500/1000 per tenpai count
        "dealer_keeps_on_draw": "tenpai",   # "tenpai", "always" or "never"
        "multiple_ron": "double_ron",       # "double_ron" (triple = abortive) or "head_bump"
        "abortive_draws": True,
        "nine_terminals": "kinds",     # kyuushu kyuuhai: nine different terminal/honour kinds
        "same_first_discards": "wind", # suufon renda: the same wind from all four
        "false_win_penalty": 2000,     # chombo: basic points of a reverse mangan tsumo
        "start_points": 25000,
        "game_length": "half",         # Tenhou's half game (hanchan): East and South rounds
        "ends_below_zero": True,       # Tenhou: a player below zero ends the game (tobi)
        "agari_yame": True,            # Tenhou: the last dealer winning in first ends the game
        # Final standings as Tenhou counts them: 30,000 returned (oka 20,000), uma 10-20, level
        # players placed by seat from the first dealer.
        "standings": "uma_oka",
        "return_points": 30000,
        "uma_low": 10,
        "uma_high": 20,
        "tied_places": "first_dealer",
        "placement_points": "4-2-1-0",
    },
    # The points-times-doubles game (docs/rules.md, `japanese-classical`).
    "japanese-classical": {
        "scoring": "points_doubles",
        "minimum_han": 0,              # no minimum to win
        "red_fives": False,
        "open_tanyao": True,
        "kiriage": False,
        "double_yakuman": False,
        "counted_yakuman": True,
        "renhou_as_yakuman": False,
        "open_pinfu_fu": False,        # basic points are not fu: no extra 2 for an open hand,
        "pinfu_tsumo_fu": True,        # and a self-drawn win always earns its 2
        "riichi": False,               # riichi, ippatsu and dora doubles count only when switched on
        "ippatsu": False,
        "dora": False,
        "seven_pairs": True,           # seven pairs scores 100 basic points (optional in the Japanese sheet)
        "limit": 500,                  # V never exceeds this, per payer
        "rounding": 10,                # V is rounded up to a multiple of this
        "east_pays_double": False,     # the Japanese sheet: East neither pays nor receives double
        "honba_value": 300,            # per counter: 100 from each loser (tsumo), 300 (ron)
        "honba_dealer_only": True,     # counters are paid only when East wins and stays
        "counter_on_draw": False,
        "riichi_stick": 100,
        "draw_payments": False,        # the Japanese sheet: "there is no settlement between players"; a table
                                       # may agree on the pool below
        "draw_pool": 600,              # one tenpai +600, two +300 each, three +200 each
        "dealer_keeps_on_draw": "never",    # on any draw the deal passes
        "multiple_ron": "head_bump",
        "abortive_draws": True,
        "nine_terminals": "tiles",     # the Japanese sheet counts nine terminal/honour tiles
        "same_first_discards": "any_tile",  # the Japanese sheet: the same tile (any) from everyone
        "false_win_penalty": 500,      # a limit (500) to each other player; UNVERIFIED in the Japanese sheet
        "start_points": 2000,
        "game_length": "full",         # four rounds, as the Japanese sheet plays
        "ends_below_zero": False,
        "agari_yame": False,
        # The Japanese sheet ranks by the points won or lost: no uma, nothing returned.
        "standings": "net",
        "return_points": 2000,
        "uma_low": 0,
        "uma_high": 0,
        "tied_places": "split",
        "placement_points": "4-2-1-0",
    },
}

# -- Riichi limits ------------------------------------------------------------------------------
# (lowest han, basic points, name): the mangan tiers, read top to bottom.
LIMIT_TIERS: tuple[tuple[int, int, str], ...] = (
    (11, 6000, "sanbaiman"),
    (8, 4000, "baiman"),
    (6, 3000, "haneman"),
    (5, 2000, "mangan"),
)
MANGAN_BASIC = 2000
YAKUMAN_BASIC = 8000
YAKUMAN_NAMES = {1: "yakuman", 2: "double yakuman", 3: "triple yakuman", 4: "quadruple yakuman",
                 5: "quintuple yakuman", 6: "sextuple yakuman"}
MAX_YAKUMAN = 6


def riichi_basic_points(han: int, fu: int, *, yakuman: int = 0,
                        options: Mapping[str, Any]) -> tuple[int, str | None]:
    """Basic points and limit name for a hand: yakuman multiples, then mangan tiers, then fu x 2^(2+han).

    ``yakuman`` is the number of yakuman the hand has (0 for an ordinary hand). A 13+ han hand
    without one is a counted yakuman, or sanbaiman when ``counted_yakuman`` is off.
    """
    if yakuman:
        count = min(yakuman, MAX_YAKUMAN)
        return YAKUMAN_BASIC * count, YAKUMAN_NAMES[count]
    if han >= 13:
        if options.get("counted_yakuman", True):
            return YAKUMAN_BASIC, "yakuman"
        han = 12
    for lowest, basic, name in LIMIT_TIERS:
        if han >= lowest:
            return basic, name
    basic = fu * 2 ** (2 + han)
    if options.get("kiriage") and (han, fu) in ((4, 30), (3, 60)):
        return MANGAN_BASIC, "mangan"
    if basic > MANGAN_BASIC:
        return MANGAN_BASIC, "mangan"
    return basic, None


def round_up(value: int, step: int) -> int:
    return -(-value // step) * step


def riichi_hand_value(basic: int, *, dealer_win: bool, tsumo: bool) -> int:
    """Points a Riichi hand collects before counters and sticks (what ``total`` reports)."""
    if tsumo:
        if dealer_win:
            return 3 * round_up(2 * basic, 100)
        return round_up(2 * basic, 100) + 2 * round_up(basic, 100)
    return round_up((6 if dealer_win else 4) * basic, 100)


def riichi_value(han: int, fu: int, yakuman: int, dealer_win: bool, tsumo: bool, counted_yakuman: bool,
                 kiriage: bool) -> tuple[int, int, str | None, Mapping[str, int]]:
    """(hand value, basic points, limit, payment summary) of a han/fu/yakuman count; the summary
    is shared between hands, so callers copy it.

    Few (han, fu) pairs occur, and every hand with the same ones pays the same, so the scorer
    keeps each answer (``family._RIICHI_VALUES``) and the limit tiers and roundings are worked out
    once per pair.
    """
    options = {"counted_yakuman": counted_yakuman, "kiriage": kiriage}
    basic, limit = riichi_basic_points(han, fu, yakuman=yakuman, options=options)
    return (riichi_hand_value(basic, dealer_win=dealer_win, tsumo=tsumo), basic, limit,
            payment_summary(basic, dealer_win=dealer_win, tsumo=tsumo))


# -- win payments -------------------------------------------------------------------------------

def _basic_from_score(score: Score, options: Mapping[str, Any]) -> int:
    basic = score.details.get("basic_points") if score.details else None
    if basic is not None:
        return int(basic)
    multiples = {name: count for count, name in YAKUMAN_NAMES.items()}
    if score.limit in multiples:
        return YAKUMAN_BASIC * multiples[score.limit]
    for _, tier_basic, name in LIMIT_TIERS:
        if score.limit == name:
            return tier_basic
    return riichi_basic_points(score.han or 0, score.fu or 0, options=options)[0]


def riichi_win_payments(basic: int, *, winner: int, discarder: int | None, dealer: int,
                        honba: int = 0, honba_value: int = 300) -> list[int]:
    """Riichi: ron, the discarder pays 4x (6x dealer) basic; tsumo, the dealer 2x and others 1x
    (a dealer's tsumo: everyone 2x); each payment rounded up to 100. Counters: honba_value per
    counter from the discarder, or a third of it from each payer on a tsumo."""
    check_seats(winner, discarder, dealer)
    deltas = [0, 0, 0, 0]
    dealer_win = winner == dealer
    if discarder is not None:
        amount = round_up((6 if dealer_win else 4) * basic, 100) + honba_value * honba
        deltas[discarder] -= amount
        deltas[winner] += amount
        return deltas
    for seat in range(4):
        if seat == winner:
            continue
        share = round_up((2 if dealer_win or seat == dealer else 1) * basic, 100)
        amount = share + honba_value * honba // 3
        deltas[seat] -= amount
        deltas[winner] += amount
    return deltas


def classical_win_payments(value: int, *, winner: int, discarder: int | None, dealer: int,
                           honba: int = 0, options: Mapping[str, Any]) -> list[int]:
    """The Japanese sheet: each loser owes V (doubled between East and another player when East pays double);
    on a discard the discarder pays what all three would have paid. Counters only when the dealer
    wins (``honba_dealer_only``): a third of honba_value from each loser, or all of it from the
    discarder, per counter."""
    check_seats(winner, discarder, dealer)
    doubled = bool(options.get("east_pays_double", False))
    honba_value = int(options.get("honba_value", 300))
    if options.get("honba_dealer_only", True) and winner != dealer:
        honba = 0
    owed = {seat: value * (2 if doubled and dealer in (seat, winner) else 1)
            for seat in range(4) if seat != winner}
    deltas = [0, 0, 0, 0]
    if discarder is not None:
        amount = sum(owed.values()) + honba_value * honba
        deltas[discarder] -= amount
        deltas[winner] += amount
        return deltas
    for seat, amount in owed.items():
        amount += honba_value * honba // 3
        deltas[seat] -= amount
        deltas[winner] += amount
    return deltas


def win_payments(score: Score, *, winner: int, discarder: int | None, dealer: int,
                 options: dict, honba: int = 0,
                 others: Mapping[int, Score] | None = None) -> list[int]:
    """Per-seat deltas (summing to zero) for a scored Japanese win; riichi sticks not included."""
    if not score.valid:
        raise ValueError("cannot pay out a hand that is not a valid win")
    if options.get("scoring") == "points_doubles":
        return classical_win_payments(score.total, winner=winner, discarder=discarder,
                                      dealer=dealer, honba=honba, options=options)
    honba_value = int(options.get("honba_value", 300))
    if options.get("honba_dealer_only", False) and winner != dealer:
        honba = 0
    return riichi_win_payments(_basic_from_score(score, options), winner=winner,
                               discarder=discarder, dealer=dealer, honba=honba,
                               honba_value=honba_value)


def payment_summary(score_basic: int, *, dealer_win: bool, tsumo: bool) -> dict[str, int]:
    """The readable ``payments`` of a Riichi result before counters: signed, winner first, in the
    shape every family uses (``{"winner": 38, "discarder": -22, "others": -8}``)."""
    if tsumo:
        if dealer_win:
            each = round_up(2 * score_basic, 100)
            return {"winner": 3 * each, "others": -each}
        dealer, other = round_up(2 * score_basic, 100), round_up(score_basic, 100)
        return {"winner": dealer + 2 * other, "dealer": -dealer, "others": -other}
    amount = round_up((6 if dealer_win else 4) * score_basic, 100)
    return {"winner": amount, "discarder": -amount}


def classical_summary(value: int, *, dealer_win: bool, tsumo: bool,
                      options: Mapping[str, Any]) -> dict[str, int]:
    """The readable ``payments`` of a japanese-classical result before counters, signed."""
    doubled = bool(options.get("east_pays_double", False))
    if tsumo:
        if not doubled or dealer_win:
            each = 2 * value if doubled else value
            return {"winner": 3 * each, "others": -each}
        return {"winner": 4 * value, "dealer": -2 * value, "others": -value}
    amount = (6 if dealer_win else 4) * value if doubled else 3 * value
    return {"winner": amount, "discarder": -amount}


def with_counters(summary: dict[str, int], hand: DeclaredHand,
                  options: Mapping[str, Any]) -> dict[str, int]:
    """A copy of a summary with the hand's counters (``honba_value`` each: from the discarder, or a
    third from each payer on a self-draw; only for East under ``honba_dealer_only``) and the riichi
    sticks on the table, which the winner takes from the pot."""
    honba = hand.honba
    if honba and options.get("honba_dealer_only", False) and hand.seat_wind != EAST:
        honba = 0
    riichi_sticks = hand.riichi_sticks
    if not honba and not riichi_sticks:
        return {**summary}
    tsumo = hand.win_by == "tsumo"
    stick_value = int(options.get("riichi_stick", 1000))
    out = dict(summary)
    bonus = honba * int(options.get("honba_value", 300))
    if bonus:
        if tsumo:
            for role in out:
                if role != "winner":
                    out[role] -= bonus // 3
        else:
            out["discarder"] -= bonus
        out["winner"] += bonus
    if riichi_sticks:
        out["riichi_sticks"] = riichi_sticks * stick_value
        out["winner"] += riichi_sticks * stick_value
    return out


# -- false wins and draws -----------------------------------------------------------------------

def false_win_payments(offender: int, dealer: int, options: dict) -> list[int]:
    """Chombo. Riichi (the common club rule; Tenhou has none): the offender pays a reverse mangan
    tsumo, i.e. false_win_penalty = 2000 basic points: 4000 to the dealer and 2000 to each other
    player from a non-dealer, 4000 to each from the dealer. japanese-classical: the offender pays
    false_win_penalty (the 500 limit) to each other player."""
    check_seats(dealer=dealer, offender=offender)
    penalty = int(options.get("false_win_penalty", 0))
    deltas = [0, 0, 0, 0]
    for seat in range(4):
        if seat == offender:
            continue
        if options.get("scoring") == "points_doubles":
            amount = penalty
        else:
            amount = round_up((2 if dealer in (seat, offender) else 1) * penalty, 100)
        deltas[seat] += amount
        deltas[offender] -= amount
    return deltas


def draw_payments(tenpai: Sequence[bool], options: dict) -> list[int]:
    """Exhaustive draw: the non-waiting players fill a fixed pool that the waiting players share.

    With k players waiting (1-3) each receives pool/k and each of the others pays pool/(4-k):
    for the 600 pool of the Japanese sheet, one waiting gets 200 from each; two get 150 from each non-waiting;
    three get 200 each from the one not waiting. Riichi's 3000 pool gives 1000/1500/1000.
    """
    if len(tenpai) != 4:
        raise ValueError(f"draw payments need 4 seats, got {len(tenpai)}")
    waiting = sum(1 for flag in tenpai if flag)
    if not options.get("draw_payments", True) or waiting in (0, 4):
        return [0, 0, 0, 0]
    pool = int(options.get("draw_pool", 3000))
    return [pool // waiting if flag else -(pool // (4 - waiting)) for flag in tenpai]
