"""MCR's reasons as English templates (engine.reasons): why each fan scores, and why a fan the
hand has is not counted. The scoring code makes each reason from its code here (``why``), most
of them once, when the module is loaded."""

from __future__ import annotations

from typing import Any

from engine.reasons import Reason, reason
from engine.reasons.marker import N_

REASONS = {
    # -- sets and tiles named by the fan itself
    "mcr.sets": N_("{tiles}"),
    "mcr.pairs": N_("pairs {tiles}"),
    "mcr.knitted": N_("knitted {tiles}"),
    "mcr.greater_honors_knitted": N_("all seven honours and knitted {tiles}"),
    "mcr.lesser_honors_knitted": N_("single knitted {tiles} and honours"),
    "mcr.thirteen_orphans": N_("every terminal and honour, pair {tiles}"),
    "mcr.seven_shifted_pairs": N_("seven consecutive pairs of one suit"),
    "mcr.pure_terminal_chows": N_("{tiles} twice, {tiles2} twice and {tiles3}"),
    "mcr.three_suited_terminal_chows": N_("123 and 789 in two suits, pair {tiles}"),
    "mcr.nine_gates": N_("{tiles} waiting on all nine"),
    "mcr.pung_of_tiles": N_("pung of {tiles}"),
    "mcr.pung_of_honours": N_("pung of {honours}"),
    "mcr.prevalent_wind": N_("pung of {honour}, the prevalent wind"),
    "mcr.seat_wind": N_("pung of {honour}, the seat wind"),
    "mcr.big_four_winds": N_("pungs of all four winds"),
    "mcr.big_three_dragons": N_("pungs of all three dragons"),
    "mcr.little_four_winds": N_("three wind pungs and a pair of {honour}"),
    "mcr.little_three_dragons": N_("two dragon pungs and a pair of {honour}"),
    "mcr.concealed_pungs": N_("concealed {tiles}"),
    "mcr.tile_hog": N_("all four {tiles} used without a kong"),
    # -- the whole hand
    "mcr.range": N_("every tile is {low}-{high}"),
    "mcr.half_flush": N_("one suit ({suit_name}) and honours"),
    "mcr.full_flush": N_("only {suit_name}"),
    "mcr.one_voided_suit": N_("no {suit_name}"),
    "mcr.all_honors": N_("only winds and dragons"),
    "mcr.no_honors": N_("no winds or dragons"),
    "mcr.all_terminals": N_("only 1s and 9s"),
    "mcr.all_terminals_and_honors": N_("only 1s, 9s and honours"),
    "mcr.all_types": N_("all three suits, a wind and a dragon"),
    "mcr.reversible_tiles": N_("only 1234589p, 245689s and White"),
    "mcr.all_green": N_("only 23468s and Green"),
    "mcr.fully_concealed_hand": N_("no melds, self-drawn"),
    "mcr.concealed_hand": N_("no melds, won on a discard"),
    "mcr.melded_hand": N_("four melded sets, won on a discard"),
    "mcr.all_pungs": N_("four pungs or kongs"),
    "mcr.all_even_pungs": N_("pungs and pair of even numbers"),
    "mcr.outside_hand": N_("a terminal or honour in every set and the pair"),
    "mcr.all_fives": N_("a five in every set and the pair"),
    "mcr.all_chows": N_("four chows and a suited pair"),
    "mcr.all_chows_knitted": N_("only chows (the knitted straight counts as three) and a suited pair"),
    "mcr.chicken_hand": N_("no other fan scores"),
    # -- kongs
    "mcr.four_kongs": N_("four kongs"),
    "mcr.three_kongs": N_("three kongs"),
    "mcr.two_concealed_kongs": N_("two concealed kongs"),
    "mcr.two_melded_kongs": N_("two melded kongs"),
    "mcr.melded_and_concealed_kongs": N_("one melded and one concealed kong"),
    "mcr.two_kongs_one_concealed": N_("two kongs, one of them concealed"),
    "mcr.concealed_kong_also": N_("the concealed kong also scores as such"),
    "mcr.concealed_kong": N_("a concealed kong"),
    "mcr.melded_kong": N_("a melded kong"),
    # -- the win
    "mcr.self_drawn": N_("drew {tile} from the wall"),
    "mcr.last_tile_draw": N_("won on the last tile of the wall"),
    "mcr.last_tile_claim": N_("won on the discard of the last tile"),
    "mcr.out_with_replacement_tile": N_("won on the replacement tile after a kong"),
    "mcr.robbing_the_kong": N_("won on the {tile} another player added to a pung"),
    "mcr.last_tile_in_melds": N_("the other three {tile} are in the hand's melds"),
    "mcr.last_tile_visible": N_("the other three {tile} were already visible"),
    "mcr.edge_wait": N_("{tile} was the only tile that completed an edge chow"),
    "mcr.closed_wait": N_("{tile} was the only tile, in the middle of a chow"),
    "mcr.single_wait": N_("{tile} was the only tile, completing the pair"),
    "mcr.flower": N_("{count} flower/season tile: {tiles}"),
    "mcr.flowers": N_("{count} flower/season tiles: {tiles}"),
    # -- fans not counted (``because``)
    "mcr.implied": N_("implied by {fan} (non-repeat)"),
    "mcr.implied_option_off": N_("implied by {fan} (option {option} is off) (non-repeat)"),
    "mcr.already_make": N_("{tiles}: non-repeat/non-separation: these sets already make {fan}"),
    "mcr.sets_used": N_("{tiles}: non-separation: all its sets are already used in other fans"),
    "mcr.non_identical": N_("{tiles}: non-identical: a set already makes {fan}"),
    "mcr.account_once": N_("{tiles}: account-once: an unused set may combine with an already-used set "
                           "only once"),
    "mcr.pungs_counted": N_("{count} such pung(s) already counted by a wind, dragon or whole-hand fan "
                            "(non-repeat)"),
}


def why(code: str, **params: Any) -> Reason:
    """The reason ``code`` with its params, its English text rendered from the template."""
    return reason(REASONS, code, **params)
