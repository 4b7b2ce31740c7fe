"""Every preset option's type and range, checked when a table is made and when a hand is scored.

The registry's type check (an int where the default is an int) cannot tell that ``rounding: 0``
would divide by zero or that ``rounding: -10`` rounds down; this module can. A spec is data: the
kind of value, its bounds or choices, whether ``null`` is allowed, and a line saying what it
means (the new-table form and the API's preset catalogue show it). An option no spec names keeps
the registry's type check and, for a whole number, must be 0 or more.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

BOOL, INT, CHOICE = "bool", "int", "choice"


class OptionValueError(ValueError):
    """An option value outside its range; the message names the option."""


@dataclass(frozen=True)
class OptionSpec:
    kind: str                              # BOOL, INT or CHOICE
    minimum: int | None = None             # INT: lowest value allowed
    maximum: int | None = None             # INT: highest value allowed
    multiple_of: int = 1                   # INT: payments split evenly only at these steps
    choices: tuple[Any, ...] = ()          # CHOICE: the values allowed
    nullable: bool = False                 # null allowed (it means the documented default rule)
    about: str = ""

    def describe(self) -> str:
        """The range in words, for messages and forms."""
        if self.kind == BOOL:
            text = "true or false"
        elif self.kind == CHOICE:
            text = "one of " + ", ".join(str(choice) for choice in self.choices)
        else:
            text = f"a whole number from {self.minimum} to {self.maximum}"
            if self.multiple_of > 1:
                text += f" in steps of {self.multiple_of}"
        return text + (" (or null)" if self.nullable else "")

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "min": self.minimum, "max": self.maximum,
                "multiple_of": self.multiple_of, "choices": list(self.choices),
                "nullable": self.nullable, "about": self.about, "range": self.describe()}


def _int(low: int, high: int, about: str, *, step: int = 1, nullable: bool = False) -> OptionSpec:
    return OptionSpec(INT, minimum=low, maximum=high, multiple_of=step, nullable=nullable, about=about)


def _bool(about: str) -> OptionSpec:
    return OptionSpec(BOOL, about=about)


def _choice(about: str, *choices: Any) -> OptionSpec:
    return OptionSpec(CHOICE, choices=choices, about=about)


# Options shared by name keep one meaning across presets; where the range differs by family, the
# family's table below overrides the shared one.
SHARED: dict[str, OptionSpec] = {
    "east_pays_double": _bool("East pays and receives double"),
    "start_points": _int(0, 1_000_000, "every player's score before the first hand"),
    "abortive_draws": _bool("abortive draws are allowed at all"),
}

MCR: dict[str, OptionSpec] = {
    "minimum": _int(0, 88, "fan needed to win, flowers not counted"),
    "false_win_penalty": _int(0, 1000, "a false win pays this to each other player"),
    "two_concealed_kongs": _choice("Two Concealed Kongs: 8 (2006) or 6 (1998)", 8, 6),
    "melded_concealed_kongs": _choice("one melded and one concealed kong: 6 or 5", 6, 5),
    "knitted_straight_waits": _bool("wait fans count with a Knitted Straight"),
}

JAPANESE: dict[str, OptionSpec] = {
    "scoring": _choice("han and fu (Riichi) or points times doubles (the Japanese sheet)",
                       "han_fu", "points_doubles"),
    "minimum_han": _int(0, 13, "han (yaku) needed to win"),
    "red_fives": _bool("red fives are dora"),
    "open_tanyao": _bool("All Simples counts in an open hand"),
    "kiriage": _bool("4 han 30 fu and 3 han 60 fu are rounded up to mangan"),
    "double_yakuman": _bool("the four wait-dependent yakuman count double"),
    "counted_yakuman": _bool("13 han or more is a yakuman"),
    "renhou_as_yakuman": _bool("a win before one's first draw is a yakuman"),
    "open_pinfu_fu": _bool("an open hand with no fu gets 2"),
    "pinfu_tsumo_fu": _bool("a self-drawn pinfu earns the 2 self-draw fu"),
    "riichi": _bool("riichi declarations (and their sticks) are played"),
    "ippatsu": _bool("ippatsu counts"),
    "dora": _bool("dora count"),
    "seven_pairs": _bool("Seven Pairs is a winning hand"),
    "limit": _int(0, 100_000, "the most a hand is worth per payer (0: no limit of this kind)"),
    "rounding": _int(1, 1000, "a hand's value is rounded up to a multiple of this"),
    "honba_value": _int(0, 30_000, "points per counter (a third from each loser on a self-draw)",
                        step=3),
    "honba_dealer_only": _bool("counters are paid only when the dealer wins"),
    "counter_on_draw": _bool("every draw adds a counter"),
    "riichi_stick": _int(0, 100_000, "points a riichi declaration puts on the table"),
    "draw_payments": _bool("the waiting players are paid at an exhaustive draw"),
    "draw_pool": _int(0, 120_000, "the draw payments' pool (1, 2 or 3 waiting share it)", step=6),
    "dealer_keeps_on_draw": _choice("the dealer keeps the deal after an exhaustive draw",
                                    "tenpai", "waiting", "always", "never"),
    "multiple_ron": _choice("several players win on one discard", "double_ron", "head_bump",
                            "next_in_turn"),
    "false_win_penalty": _int(0, 100_000, "a false win's penalty"),
    "nine_terminals": _choice("the nine-terminals abortive draw counts tiles (the Japanese sheet) or "
                              "different "
                              "kinds (modern Riichi)", "tiles", "kinds"),
    "same_first_discards": _choice("the first-go-round abortive draw: any tile (the Japanese sheet) "
                                   "or a wind "
                                   "(modern Riichi)", "any_tile", "wind"),
}

CLASSICAL: dict[str, OptionSpec] = {
    "limit": _int(1, 100_000, "the most a hand is worth"),
    "mahjong_bonus": _int(0, 1000, "points for going out"),
    "flowers": _bool("flowers and seasons are played"),
    "prevailing_wind": _bool("the prevailing wind scores a pair and a double"),
    "sacred_discard": _choice("which own discards a player may not win on",
                              "until_wall_draw", "last_discard", "one_four_seven", "absolute",
                              "traditional", "extended"),
    "sacred_claim": _choice("a win on a sacred discard is refused, or recorded as a false win",
                            "refuse", "false_win"),
    "thirteen_orphans": _bool("Thirteen Orphans is a limit hand"),
    "lucky_thirteen": _bool("the declared original-13 hand scores a third of the limit"),
    "four_wind_hand": _bool("optional limit hand"),
    "heads_and_tails": _bool("optional limit hand"),
    "three_great_scholars": _bool("optional limit hand"),
    "false_win_penalty": _int(0, 100_000, "paid to each other player (null: half the limit)",
                              nullable=True),
    "dead_wall": _int(0, 82, "tiles left in the wall when the hand is a draw"),
}

# Keyed by preset name (stable, unlike module paths); a preset not listed uses SHARED and defaults.
PRESET_SPECS: dict[str, dict[str, OptionSpec]] = {
    "mcr": MCR, "mcr-ema": MCR, "riichi": JAPANESE, "japanese-classical": JAPANESE,
    "classical": CLASSICAL,
}


def spec_for(preset: str, name: str, default: Any = None) -> OptionSpec:
    """The spec of one option; an option nobody described gets one from its default's type."""
    spec = PRESET_SPECS.get(preset, {}).get(name) or SHARED.get(name)
    if spec is not None:
        return spec
    if isinstance(default, bool):
        return _bool("")
    if isinstance(default, int):
        return _int(0, 10_000_000, "")
    return OptionSpec("text", nullable=default is None)


def check_value(name: str, value: Any, spec: OptionSpec) -> None:
    """Raise OptionValueError naming the option when ``value`` is outside ``spec``."""
    if value is None:
        if spec.nullable:
            return
        raise OptionValueError(f"option {name!r} must be {spec.describe()}, got null")
    if spec.kind == BOOL:
        ok = isinstance(value, bool)
    elif spec.kind == CHOICE:
        ok = any(type(value) is type(choice) and value == choice for choice in spec.choices)
    elif spec.kind == INT:
        ok = (isinstance(value, int) and not isinstance(value, bool)
              and (spec.minimum is None or value >= spec.minimum)
              and (spec.maximum is None or value <= spec.maximum)
              and value % spec.multiple_of == 0)
    else:
        ok = isinstance(value, str)
    if not ok:
        raise OptionValueError(f"option {name!r} must be {spec.describe()}, got {value!r}")


def check_options(preset: str, options: Mapping[str, Any], defaults: Mapping[str, Any]) -> None:
    """Check every option of a preset (the defaults merged with a table's overrides)."""
    for name, value in options.items():
        check_value(name, value, spec_for(preset, name, defaults.get(name)))
