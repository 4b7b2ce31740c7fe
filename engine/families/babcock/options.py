"""The classical preset's options: range, label and meaning of each (docs/classical.md)."""

from __future__ import annotations

from engine.families.option_specs import (
    EAST_PAYS_DOUBLE,
    OptionSpec,
    bool_option,
    choice_option,
    int_option,
)
from engine.reasons.marker import N_

# Which own discards forbid a win on an identical discard: each rule in a reader's words (the
# ruling itself, with its English explanation, is ``play.sacred_tiles``).
SACRED_DISCARD_WORDS = {
    "until_wall_draw": N_("an own discard, until the player draws from the wall"),
    "last_discard": N_("only the own last discard"),
    "one_four_seven": N_("every tile the hand waits on, once one is an own discard"),
    "absolute": N_("every tile the hand waits on, once one was discarded this hand"),
    "traditional": N_("only the own last discard"),
    "extended": N_("any own discard"),
}

OPTION_SPECS: dict[str, OptionSpec] = {
    "limit": int_option(N_("Limit"), 1, 100_000, "the most a hand is worth"),
    "mahjong_bonus": int_option(N_("Mah-Jongg bonus"), 0, 1000, "points for going out"),
    "east_pays_double": EAST_PAYS_DOUBLE,
    "flowers": bool_option(N_("Flowers and seasons"), "flowers and seasons are played"),
    "prevailing_wind": bool_option(N_("Prevailing wind scores"),
                                   "the prevailing wind scores a pair and a double"),
    "sacred_discard": choice_option(N_("Sacred discard"), SACRED_DISCARD_WORDS,
                                    "which own discards a player may not win on"),
    "sacred_claim": choice_option(N_("A win on a sacred discard is"),
                                  {"refuse": N_("refused"), "false_win": N_("a false win")},
                                  "a win on a sacred discard is refused, or recorded as a false win"),
    "thirteen_orphans": bool_option(N_("Thirteen Orphans"), "Thirteen Orphans is a limit hand"),
    "lucky_thirteen": bool_option(N_("Lucky Thirteen"),
                                  "the declared original-13 hand scores a third of the limit"),
    "four_wind_hand": bool_option(N_("Four Wind Hand"), "optional limit hand"),
    "heads_and_tails": bool_option(N_("Heads and Tails"), "optional limit hand"),
    "three_great_scholars": bool_option(N_("Three Great Scholars"), "optional limit hand"),
    "false_win_penalty": int_option(N_("False win penalty"), 0, 100_000,
                                    "paid to each other player (null: half the limit)", nullable=True),
    "dead_wall": int_option(N_("Dead wall (tiles left at the draw)"), 0, 82,
                            "tiles left in the wall when the hand is a draw"),
}
