"""The Hong Kong preset's options: range, label and meaning of each (docs/hongkong.md)."""

from __future__ import annotations

from engine.families.hongkong.payout import FULL_SPICY, HALF_SPICY, PAYS_FOR_ALL, PAYS_FOR_SELF
from engine.families.option_specs import OptionSpec, bool_option, choice_option, int_option
from engine.reasons.marker import N_


def _faan(label: str, about: str) -> OptionSpec:
    return int_option(label, 0, 64, about)


OPTION_SPECS: dict[str, OptionSpec] = {
    "min_faan": int_option(N_("Faan needed to win (flowers not counted)"), 0, 64,
                           "faan needed to win, flowers not counted"),
    "limit_faan": int_option(N_("Limit of a hand (faan)"), 1, 64, "the most a hand scores"),
    "payout": choice_option(N_("Payout schedule"),
                            {HALF_SPICY: N_("half-spicy (半辣)"), FULL_SPICY: N_("full-spicy (全辣)")},
                            "how table points grow with the faan"),
    "discarder_pays": choice_option(
        N_("On a discard the discarder pays for all, or for himself"),
        {PAYS_FOR_ALL: N_("the discarder pays for all (全銃)"),
         PAYS_FOR_SELF: N_("the discarder pays for himself (半銃)")},
        "on a discard the discarder pays all, or half with a quarter from each other player"),
    "base": int_option(N_("Base stake (底)"), 1, 1_000_000, "table points per multiplier step"),
    "small_winds_faan": _faan(N_("Small Winds (faan)"), "sources: 6, 10, 13"),
    "all_one_suit_faan": _faan(N_("All One Suit (faan)"), "sources: 7, 6, 4"),
    "small_dragons_faan": _faan(N_("Small Dragons (faan)"), ""),
    "great_dragons_faan": _faan(N_("Great Dragons (faan)"), "sources: 8, 6, 13"),
    "small_limit_faan": _faan(N_("All Honours, Four Concealed Pungs, Orphans, Nine Gates (faan)"), ""),
    "no_flowers_faan": _faan(N_("No Flowers (faan; 0: not counted)"), "0 switches No Flowers off"),
    "flower_set_replaces_seat": bool_option(N_("A flower set replaces its seat flower"),
                                            "a flower set replaces its seat flower's faan"),
    "concealed_on_limit": bool_option(N_("Fully Concealed counts on a limit hand"),
                                      "Fully Concealed is added to a limit hand"),
    "false_win_penalty": int_option(N_("False win penalty"), 0, 1_000_000,
                                    "to each other player (null: a self-drawn limit hand)",
                                    nullable=True),
}
