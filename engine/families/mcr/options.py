"""The MCR presets' options: range, label and meaning of each (docs/rules.md)."""

from __future__ import annotations

from engine.families.option_specs import OptionSpec, bool_option, choice_option, int_option
from engine.reasons.marker import N_

OPTION_SPECS: dict[str, OptionSpec] = {
    "minimum": int_option(N_("Minimum fan points"), 0, 88, "fan needed to win, flowers not counted"),
    "false_win_penalty": int_option(N_("False win penalty"), 0, 1000,
                                    "a false win pays this to each other player"),
    "two_concealed_kongs": choice_option(N_("Two Concealed Kongs"), {8: "8", 6: "6"},
                                         "Two Concealed Kongs: 8 fan (2006) or 6 (1998)"),
    "melded_concealed_kongs": choice_option(N_("One melded and one concealed kong"), {6: "6", 5: "5"},
                                            "one melded and one concealed kong: 6 fan or 5"),
    "knitted_straight_waits": bool_option(N_("Wait fans with a Knitted Straight"),
                                          "edge, closed or single wait count with a Knitted Straight"),
}
