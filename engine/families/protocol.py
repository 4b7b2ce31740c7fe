"""What every rule family gives the rest of the program: one typed ``Family`` value.

A family package (``engine/families/<name>/``) builds one ``Family`` in its ``family`` module and
names it ``FAMILY``; the registry (``engine.families``) lists the packages. The table, the command
line and the web app ask the family, never its modules: the presets and one spec per option, the
situational flags with the words players know them by, the units a score is counted in, how to
score a hand, the payments of a win, a false win and a drawn hand, the text of its minimum, what
follows each hand at a table, the hooks the table calls (the agreed-value rules, the discard
ruling, the abortive draws), and its words for a breakdown (native names, reason templates).
The words a page shows are English marked with ``N_``; the pages translate them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.core.coded import CodedText
from engine.core.hand import DeclaredHand
from engine.core.result import Score
from engine.core.tiles import Tile
from engine.families.flow import Flow, plain_flow_options
from engine.families.option_specs import OptionSpec
from engine.families.standings import MONEY, NET, StandingsRule, rule_for


class ScoreHand(Protocol):
    def __call__(self, hand: DeclaredHand, options: dict, request: Mapping[str, Any]) -> Score: ...


class WinPayments(Protocol):
    """Per-place deltas (summing to zero) of one scored win; places are seats in turn order."""

    def __call__(self, score: Score, *, winner: int, discarder: int | None, dealer: int,
                 options: dict, honba: int = 0,
                 others: Mapping[int, Score] | None = None) -> list[int]: ...


@dataclass(frozen=True, slots=True)
class OwnDiscard:
    """One of a player's own discards this hand, and whether they drew from the wall after it
    (claiming another player's discard is not a draw from the wall): what the table keeps for a
    family's discard ruling."""

    kind: int
    drawn_since: bool = False


@dataclass(frozen=True)
class DiscardRefusal:
    """Why a win on a discard is refused, and whether the table records it as a false win (else
    the win is refused and nothing is recorded)."""

    why: str
    false_win: bool = False


class DiscardRuling(Protocol):
    """Why a win on another player's discard ``tile`` is refused given the winner's own discards
    this hand (the classical sacred discard), or None where it stands. ``hand`` is the winner's
    declared hand where the table has it (its waits may matter)."""

    def __call__(self, own: Sequence[OwnDiscard], tile: Tile, hand: DeclaredHand | None,
                 options: Mapping[str, Any]) -> DiscardRefusal | None: ...


@dataclass(frozen=True)
class AbortiveDraws:
    """The abortive draws a family knows: each kind's key with what it is (in English), older
    names of a kind that old records still use, and the check of the evidence a draw event gives
    (the tiles dealt, the kongs): ``problem(kind, evidence, options)`` says why the evidence does
    not make that draw, or None. Which of them a preset plays is its flow's ``abortive_kinds``."""

    kinds: Mapping[str, str]
    problem: Callable[[str, Mapping[str, Any], Mapping[str, Any]], str | None]
    aliases: Mapping[str, str] = field(default_factory=dict)


FalseWinPayments = Callable[[int, int, dict], list[int]]   # (offender, dealer, options) -> deltas
DrawPayments = Callable[[Sequence[bool], dict], list[int]]  # (waiting by place, options) -> deltas
MinimumText = Callable[[Mapping[str, Any], Mapping[str, Any]], CodedText]  # (options, score dict) -> line


@dataclass(frozen=True)
class Flag:
    """A situational flag a declared win may carry (``robbing_kong``), with the words players use
    (English, marked with N_ for the pages). A flag that ``needs_declaration`` exists only where
    the table plays ready declarations (riichi sticks)."""

    name: str
    label: str
    needs_declaration: bool = False


@dataclass(frozen=True)
class PointsAndDoubles:
    """A family whose breakdown lines are basic points or doubles (the classical games), under the
    options where it ``plays`` so; ``is_double`` tells one line (an item as a dict) of the two."""

    plays: Callable[[Mapping[str, Any]], bool]
    is_double: Callable[[Mapping[str, Any]], bool]


class BuiltNames(Protocol):
    """Item names a family builds from English templates with codes (the classical set lines:
    "Concealed pung of 5 Dots"), so a page can write them in the reader's language."""

    LINES: Mapping[str, str]

    def every_line(self) -> Mapping[str, tuple[str, Mapping[str, Any]]]: ...


@dataclass(frozen=True)
class Option:
    """One preset option as a form shows it: its default, its kind (the default's type), and its
    spec (label, range or choices with their words)."""

    name: str
    value: Any
    kind: str
    spec: OptionSpec

    @property
    def label(self) -> str:
        return self.spec.label

    @property
    def choices(self) -> tuple[Any, ...]:
        return self.spec.choices

    def to_dict(self) -> dict[str, Any]:
        out = {"name": self.name, "value": self.value, "kind": self.kind, "label": self.label}
        if self.choices:
            out["choices"] = list(self.choices)
        return out


@dataclass(frozen=True)
class AgreedRules:
    """How a value agreed on paper (a total without tiles) is checked before the table pays it:
    a win under ``minimum`` is a false win, a value above ``limit`` is paid as the limit (None: no
    cap of this kind). With ``counts_han`` the minimum is in han, and a value needs its han and fu
    (or a limit name) to be paid at all."""

    minimum: int = 0
    limit: int | None = None
    counts_han: bool = False


def no_agreed_rules(options: Mapping[str, Any]) -> AgreedRules:
    """A family with neither a minimum nor a cap on a hand's value."""
    return AgreedRules()


@dataclass(frozen=True)
class Units:
    """What a score counts: ``item`` is the unit of one scoring element (fan, han; "" when the
    elements are points themselves), ``total`` the unit of the hand's total."""

    item: str
    total: str


@dataclass(frozen=True, eq=False)   # one value per family: compared and hashed as itself
class Family:
    """One rule family: its presets (option defaults, as data) and the rules that read them, and
    everything the table, the command line and the pages know of it."""

    name: str
    title: str
    presets: Mapping[str, Mapping[str, Any]]
    preset_titles: Mapping[str, str]   # English, marked with N_ for the pages
    option_specs: Mapping[str, OptionSpec]   # one per option of every preset
    flags: tuple[Flag, ...]
    units: Units
    score: ScoreHand
    win_payments: WinPayments
    false_win_payments: FalseWinPayments
    minimum_text: MinimumText
    draw_payments: DrawPayments | None = None  # None: nobody pays at an exhaustive draw
    # Flags that say the winner declared ready; the first is added when the table saw the
    # declaration (a riichi stick) and the player named none of them.
    ready_flags: tuple[str, ...] = ()
    counts_dora: bool = False       # dora indicators are part of a declared hand
    scores_losers: bool = False     # the losers' hands are scored too, and settle among themselves
    hand_sets: int = 4              # sets besides the pair in a winning hand (Taiwanese: 5)
    # Flags the family reads that its forms do not offer: other names for listed ones (the
    # classical game reads Riichi's "tenhou" as its "heaven") and rare ones ("renhou").
    unlisted_flags: tuple[str, ...] = ()
    # The minimum and the cap a value agreed on paper is checked against, from the options.
    agreed_rules: Callable[[Mapping[str, Any]], AgreedRules] = no_agreed_rules
    discard_ruling: DiscardRuling | None = None   # None: any discard may be won on
    abortive_draws: AbortiveDraws | None = None   # None: no abortive draws
    # What follows each hand at a table, per preset (a preset without its own takes the first;
    # none: the plainest table), and how the table's options change it.
    flows: Mapping[str, Flow] = field(default_factory=dict)
    flow_options: Callable[[Flow, Mapping[str, Any]], Flow] = plain_flow_options
    points_and_doubles: PointsAndDoubles | None = None   # None: every line counts in units.item
    built_names: BuiltNames | None = None
    # English item name -> {language tag: name}; "native" is the players' own, in native_language.
    native_names: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    native_language: str | None = None
    # The reasons of its breakdowns: code -> English template (engine.reasons), and the English
    # phrases a placeholder kind may hold; both marked with N_ for the pages.
    reasons: Mapping[str, str] = field(default_factory=dict)
    reason_words: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # The offences its sheets name, for penalties: key -> what the offender did (N_).
    offences: Mapping[str, str] = field(default_factory=dict)
    # How a finished game places its players (engine.families.standings); the first is the
    # default, a preset's ``standings`` option names another.
    standings_rules: tuple[StandingsRule, ...] = (NET, MONEY)

    def options(self, preset: str) -> tuple[Option, ...]:
        """The typed options of one preset, in the order the preset lists them."""
        return tuple(Option(name, value, _kind(value), self.option_specs[name])
                     for name, value in self.presets[preset].items())

    def flow(self, preset: str, options: Mapping[str, Any]) -> Flow:
        """The table flow of a preset with the table's options applied."""
        flow = self.flows.get(preset) or next(iter(self.flows.values()), None) or Flow(name=preset)
        return self.flow_options(flow, options)

    def standings_rule(self, options: Mapping[str, Any]) -> StandingsRule:
        """The rule that places a finished game's players under these options."""
        return rule_for(self.standings_rules, options)

    def flag_names(self) -> tuple[str, ...]:
        return tuple(flag.name for flag in self.flags)

    def flag_vocabulary(self) -> frozenset[str]:
        """Every flag a win of this family may carry; any other is refused, never dropped."""
        return frozenset(self.flag_names()) | frozenset(self.unlisted_flags)

    def preset_title(self, preset: str) -> str:
        return self.preset_titles.get(preset, self.title)

    def counts_doubles(self, options: Mapping[str, Any]) -> bool:
        """The breakdown's lines are basic points or doubles under these options."""
        return self.points_and_doubles is not None and self.points_and_doubles.plays(options)

    def line_unit(self, options: Mapping[str, Any], item: Mapping[str, Any]) -> str:
        """The unit of one breakdown line (for one of it): the family's item unit, or in the
        points-and-doubles games "point" or "double"."""
        if self.points_and_doubles is not None and self.points_and_doubles.plays(options):
            return "double" if self.points_and_doubles.is_double(item) else "point"
        return self.units.item or "point"


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    return "text"
