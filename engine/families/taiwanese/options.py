"""The Taiwanese preset's options: range, label and meaning of each (docs/taiwanese.md)."""

from __future__ import annotations

from engine.families.option_specs import OptionSpec, bool_option, int_option
from engine.reasons.marker import N_

OPTION_SPECS: dict[str, OptionSpec] = {
    "base": int_option(N_("Base stake (底)"), 0, 1_000_000, "what every payment starts from"),
    "per_tai": int_option(N_("Stake per tai (台)"), 0, 1_000_000, "added to a payment per tai"),
    "dealer_tai": int_option(N_("Dealer's tai (莊家)"), 0, 64, "the dealer's tai, won or paid"),
    "streak_tai": int_option(N_("Tai per hand of the dealer's streak (連n拉n)"), 0, 64,
                             "tai per hand of the dealer's streak"),
    "concealed_kong_keeps_concealed": bool_option(
        N_("A concealed kong keeps the hand concealed (門清)"),
        "a concealed kong keeps the hand concealed (some tables: no kong at all)"),
    "full_flush_tai": int_option(N_("Full flush (tai)"), 0, 64, ""),
    "eight_flowers_tai": int_option(N_("Eight flowers (tai)"), 0, 64, "sources: 8, 16"),
    "false_win_tai": int_option(N_("False win: tai on top of the base, to each player"), 0, 64,
                                "the offender pays each player the base and this many tai"),
}
