"""The Japanese presets' options: range, label and meaning of each (docs/japanese.md)."""

from __future__ import annotations

from engine.families.option_specs import (
    ABORTIVE_DRAWS,
    EAST_PAYS_DOUBLE,
    START_POINTS,
    OptionSpec,
    bool_option,
    choice_option,
    int_option,
)
from engine.families.riichi.standings import STANDINGS_OPTIONS
from engine.reasons.marker import N_

OPTION_SPECS: dict[str, OptionSpec] = {
    "scoring": choice_option(N_("Scoring"), {"han_fu": N_("han and fu (Riichi)"),
                                             "points_doubles": N_("basic points x doubles")},
                             "han and fu (Riichi) or points times doubles (the Japanese sheet)"),
    "minimum_han": int_option(N_("Minimum han"), 0, 13, "han (yaku) needed to win, dora not counted"),
    "red_fives": bool_option(N_("Red fives"), "red fives are dora"),
    "open_tanyao": bool_option(N_("Open tanyao"), "All Simples counts in an open hand (kuitan)"),
    "kiriage": bool_option(N_("Round up to mangan (kiriage)"),
                           "4 han 30 fu and 3 han 60 fu are rounded up to mangan"),
    "double_yakuman": bool_option(N_("Double yakuman"),
                                  "the four wait-dependent yakuman count double"),
    "counted_yakuman": bool_option(N_("Counted yakuman (13 han or more)"),
                                   "13 han or more is a yakuman"),
    "renhou_as_yakuman": bool_option(N_("Renhou as yakuman"),
                                     "a win before one's first draw is a yakuman (else 5 han)"),
    "open_pinfu_fu": bool_option(N_("Fu of an open pinfu shape"), "an open hand with no fu gets 2"),
    "pinfu_tsumo_fu": bool_option(N_("Fu for tsumo with pinfu"),
                                  "a self-drawn pinfu earns the 2 self-draw fu"),
    "riichi": bool_option(N_("Riichi"), "riichi declarations (and their sticks) are played"),
    "ippatsu": bool_option(N_("Ippatsu"), "ippatsu counts"),
    "dora": bool_option(N_("Dora"), "dora count"),
    "seven_pairs": bool_option(N_("Seven Pairs"), "Seven Pairs is a winning hand"),
    "limit": int_option(N_("Limit"), 0, 100_000,
                        "the most a hand is worth per payer (0: no limit of this kind)"),
    "rounding": int_option(N_("Rounding"), 1, 1000, "a hand's value is rounded up to a multiple of this"),
    "east_pays_double": EAST_PAYS_DOUBLE,
    "honba_value": int_option(N_("Points per counter"), 0, 30_000,
                              "points per counter (a third from each loser on a self-draw)", step=3),
    "honba_dealer_only": bool_option(N_("Counters for the dealer only"),
                                     "counters are paid only when the dealer wins"),
    "counter_on_draw": bool_option(N_("A counter after a draw"), "every draw adds a counter"),
    "riichi_stick": int_option(N_("Riichi stick"), 0, 100_000,
                               "points a riichi declaration puts on the table"),
    "draw_payments": bool_option(N_("Payments at a draw"),
                                 "the waiting players are paid at an exhaustive draw"),
    "draw_pool": int_option(N_("Draw payment pool"), 0, 120_000,
                            "the draw payments' pool (1, 2 or 3 waiting share it)", step=6),
    "dealer_keeps_on_draw": choice_option(
        N_("The dealer keeps the deal after a draw"),
        {"tenpai": N_("when waiting"), "waiting": N_("when waiting"), "always": N_("always"),
         "never": N_("never")},
        "the dealer keeps the deal after an exhaustive draw"),
    "multiple_ron": choice_option(
        N_("Several wins on one discard"),
        {"double_ron": N_("every claimant wins (double ron)"),
         "head_bump": N_("head bump: the next in turn"),
         "next_in_turn": N_("the next in turn wins")},
        "several players win on one discard"),
    "abortive_draws": ABORTIVE_DRAWS,
    "nine_terminals": choice_option(
        N_("Nine-terminals abortive draw counts"),
        {"tiles": N_("nine tiles"), "kinds": N_("nine kinds")},
        "the nine-terminals abortive draw counts tiles (the Japanese sheet) or different kinds "
        "(modern Riichi)"),
    "same_first_discards": choice_option(
        N_("Same first discards by all four abortive draw"),
        {"any_tile": N_("any tile"), "wind": N_("a wind only")},
        "the first-go-round abortive draw: any tile (the Japanese sheet) or a wind (modern Riichi)"),
    "false_win_penalty": int_option(N_("False win penalty"), 0, 100_000, "a false win's (chombo) penalty"),
    "start_points": START_POINTS,
    "game_length": choice_option(
        N_("Game length"),
        {"east": N_("East round only"), "half": N_("half game (East and South)"),
         "full": N_("full game (four rounds)")},
        "the prevailing-wind rounds a game plays"),
    "ends_below_zero": bool_option(N_("A player below zero ends the game"),
                                   "the game ends at once when a score falls below zero"),
    "agari_yame": bool_option(N_("The last dealer's win in first place ends the game"),
                              "the dealer of the last hand who wins it and is then alone in first "
                              "place ends the game (agari-yame)"),
    **STANDINGS_OPTIONS,
}
