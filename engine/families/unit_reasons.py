"""The Hong Kong and Taiwanese games' reasons as English templates (engine.reasons): both score
units of one kind (engine/families/units.py) and word their reasons alike. The scoring code
makes each reason from its code here (``why``)."""

from __future__ import annotations

from typing import Any

from engine.core.tiles import BONUS_NAMES, DRAGONS
from engine.families.reading import SEAT_NAMES, Reading
from engine.reasons import Reason, reason
from engine.reasons.marker import N_

REASONS = {
    # -- limit and special hands
    "chinese.thirteen_orphans": N_("one of each terminal and honour, and a second of one of them"),
    "chinese.great_winds": N_("pungs or kongs of all four winds"),
    "chinese.all_kongs": N_("four kongs: {tiles}"),
    "chinese.heavenly": N_("the dealer's dealt tiles were a complete hand"),
    "chinese.earthly_hk": N_("won on the dealer's first discard"),
    "chinese.earthly_tw": N_("won in the first go-round, before any call"),
    "chinese.all_honours": N_("only winds and dragons"),
    "chinese.four_concealed_pungs": N_("four pungs or kongs formed in the hand: {tiles}"),
    "chinese.orphans": N_("only ones and nines"),
    "chinese.nine_gates": N_("1112345678999 of one suit, concealed, and one more of that suit"),
    "chinese.eight_flowers": N_("all eight flowers and seasons: the hand wins at once, paid like a "
                                "self-draw"),
    # -- the shape of the hand
    "chinese.four_chows": N_("four chows: {tiles}"),
    "chinese.four_pungs": N_("four pungs or kongs: {tiles}"),
    "chinese.five_pungs": N_("five pungs or kongs: {tiles}"),
    "chinese.concealed_pungs": N_("pungs or kongs formed in the hand: {tiles}"),
    "chinese.full_flush": N_("every tile of one suit"),
    "chinese.half_flush": N_("one suit and honours"),
    "chinese.mixed_orphans": N_("only ones, nines and honours"),
    "chinese.ping_hu": N_("five chows, no honours, no flowers, won on a discard with a two-sided wait"),
    "chinese.all_melded": N_("all five sets called from others, the pair won on a discard"),
    # -- winds and dragons
    "chinese.dragons": N_("pung or kong of {honours}"),
    "chinese.dragons_and_pair": N_("pung or kong of {honours}, and a pair of {honour}"),
    "chinese.small_winds": N_("pungs of three winds and a pair of the fourth"),
    "chinese.seat_wind": N_("pung or kong of {honour}, the seat's wind"),
    "chinese.round_wind": N_("pung or kong of {honour}, the round's wind"),
    # -- how the hand was won
    "chinese.self_drawn": N_("the winning tile was drawn, not a discard"),
    "chinese.fully_concealed": N_("nothing called from others (a concealed kong is allowed)"),
    "chinese.concealed": N_("nothing called from others"),
    "chinese.concealed_self_drawn": N_("nothing called and the winning tile drawn (門清 1, 自摸 1, 不求 1)"),
    "chinese.single_wait": N_("only {tile_name} could complete the hand (edge, closed or pair wait)"),
    "chinese.robbing_kong": N_("won on the tile another player added to a pung"),
    "chinese.last_tile": N_("won on the last tile of the wall (or its discard)"),
    "chinese.last_wall_tile": N_("self-drawn with the last tile of the wall"),
    "chinese.last_discard": N_("won on the discard after the last tile of the wall"),
    "chinese.kong_on_kong": N_("won on the replacement tile of a second kong in a row"),
    "chinese.replacement_hk": N_("won on the replacement tile after a kong or a flower"),
    "chinese.replacement_tw": N_("won on the replacement tile drawn after a kong or a flower"),
    # -- flowers
    "chinese.no_flowers": N_("no flower or season tiles"),
    "chinese.seat_flower": N_("{flowers}: the flower/season numbered for {honour} (seat {seat})"),
    "chinese.four_flowers": N_("all four flowers"),
    "chinese.four_seasons": N_("all four seasons"),
    "chinese.both_flower_sets": N_("all four flowers and all four seasons"),
    "chinese.chicken_hk": N_("no faan from the shape, honours or the win"),
    "chinese.chicken_tw": N_("a winning hand with no tai wins the base alone"),
    # -- the dealer (Taiwanese)
    "chinese.dealer": N_("the dealer adds a tai whether he wins or pays"),
    "chinese.dealer_streak": N_("連{count}拉{count}: the dealer has kept the deal {count} time in a row"),
    "chinese.dealer_streaks": N_("連{count}拉{count}: the dealer has kept the deal {count} times in a row"),
    # -- units not counted (``because``)
    "chinese.limit_hand": N_("a limit hand ({fan}) scores its limit and the winning conditions only"),
    "chinese.replaced": N_("replaced by {fan}"),
    "chinese.eight_flowers_alone": N_("Eight Flowers wins at once; other tai are not counted"),
}


def why(code: str, **params: Any) -> Reason:
    """The reason ``code`` with its params, its English text rendered from the template."""
    return reason(REASONS, code, **params)


# -- reasons both games give alike, from the reading ----------------------------------------------

def flowers_why(r: Reading) -> Reason:
    return why("chinese.seat_flower", flowers=", ".join(BONUS_NAMES[n] for n in r.seat_flowers()),
               honour=SEAT_NAMES[r.seat], seat=r.seat + 1)


def flower_sets_why(r: Reading) -> Reason:
    sets = r.complete_flower_sets()
    if len(sets) == 2:
        return why("chinese.both_flower_sets")
    return why("chinese.four_flowers" if sets[0] == 0 else "chinese.four_seasons")


def dragons_named(r: Reading) -> str:
    return ", ".join(r.name(g.first) for g in r.triplets_of(DRAGONS))


def dragon_why(r: Reading) -> Reason:
    return why("chinese.dragons", honours=dragons_named(r))
