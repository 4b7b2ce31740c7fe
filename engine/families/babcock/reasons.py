"""The classical game's reasons (Babcock 1923) as English templates (engine.reasons): why each
set, pair, bonus, double and limit hand scores. The scoring code writes the same words
(engine/families/babcock/tables.py and scoring.py); tests/engine/test_reasons.py reads every
reason of thousands of hands back through these templates."""

from __future__ import annotations

from typing import Any

from engine.reasons import Reason, reason
from engine.reasons.marker import N_

# The phrases a placeholder of these kinds may hold (translated one by one).
WORDS = {
    "shape": (N_("pung"), N_("kong")),
    "grade": (N_("ones, nines, winds and dragons"), N_("twos to eights")),
    "exposure": (N_("exposed"), N_("concealed")),
    "pair_why": (N_("a pair of dragons"), N_("a pair of the player's own wind"),
                 N_("a pair of the prevailing wind"),
                 N_("a pair of the player's own wind and a pair of the prevailing wind")),
}

REASONS = {
    # -- sets and pairs
    "babcock.set": N_("{shape} of {grade}, {exposure}: {points}"),
    "babcock.set_in_hand": N_("{shape} of {grade}, {exposure}: {points} (hand)"),
    "babcock.set_melded": N_("{shape} of {grade}, {exposure}: {points} (meld {meld})"),
    "babcock.set_claimed": N_("{shape} of {grade}, {exposure}: {points} (hand + claimed {tile})"),
    "babcock.pair": N_("{pair_why} scores {points} exposed or concealed"),
    # -- the winner's bonuses
    "babcock.mahjong": N_("winning the hand scores {points}"),
    "babcock.drawn_winning_tile": N_("the winning tile was drawn from the wall, not claimed"),
    "babcock.only_possible_place": N_("the hand waited on one tile kind only (edge, closed or pair wait)"),
    "babcock.loose_tile": N_("won on the loose tile drawn after a kong; with the 2 for drawing it, 10"),
    "babcock.no_runs": N_("the winning hand has no chows"),
    "babcock.robbing_a_kong": N_("won on the tile another player added to an exposed pung"),
    "babcock.last_tile": N_("won with the last tile of the live wall"),
    "babcock.dead_hand": N_("a dead hand scores 0, pays everyone and is paid by no one"),
    "babcock.no_score": N_("nothing but Mah-Jongg scored: no scoring sets, pairs or other bonuses"),
    "babcock.flower": N_("each flower or season scores {points} (flowers option)"),
    # -- doubles
    "babcock.dragon_set": N_("a pung or kong of dragons doubles the hand"),
    "babcock.own_wind_set": N_("a pung or kong of the player's own wind doubles the hand"),
    "babcock.prevailing_wind_set": N_("a pung or kong of the prevailing wind (Millington's option)"),
    "babcock.one_suit_with_honours": N_("every tile is of one suit or an honour"),
    "babcock.one_suit": N_("every tile is of one suit"),
    "babcock.all_honours": N_("every tile is a wind or a dragon"),
    "babcock.own_flower": N_("the flower or season of the player's seat (option): seat {wind_letter} "
                             "owns number {number}"),
    # -- the limit and the limit hands
    "babcock.over_the_limit": N_("{points} x 2^{doubles} = {raw} is over the limit {limit}"),
    "babcock.whole_limit": N_("{reason}: the limit, {value}"),
    "babcock.share_of_limit": N_("{reason}: {fraction} of the limit {limit} = {value}"),
    "babcock.heaven": N_("East's dealt fourteen tiles are a complete hand"),
    "babcock.earth": N_("won on East's first discard"),
    "babcock.lucky_thirteen": N_("the original thirteen tiles were ready, declared, and won unchanged"),
    "babcock.thirteen_orphans": N_("one of each 1, 9, wind and dragon, and one more of them"),
    "babcock.four_wind_hand": N_("three wind sets including the player's own, and a set or pair of "
                                 "the fourth"),
    "babcock.heads_and_tails": N_("no tiles other than ones, nines, winds and dragons"),
    "babcock.three_great_scholars": N_("a pung or kong of each of the three dragons"),
}


def why(code: str, **params: Any) -> Reason:
    """The reason ``code`` with its params, its English text rendered from the template."""
    return reason(REASONS, code, **params)
