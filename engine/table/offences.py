"""Offences a rule sheet names, for penalties recorded with their rule.

The MCR sheet, on a declared win: "Gdy któryś z pozostałych graczy ujawni swoją rękę przed
zweryfikowaniem zgłoszonej wygranej, popełnia przewinienie i może zostać ukarany ostrzeżeniem lub
innymi karami." (When one of the other players reveals their hand before the declared win has
been verified, they commit an offence and may be punished with a warning or other penalties.)
The sheet sets no figure, so the table records a warning (0 points) or the penalty the
players agree on, with the offence named.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.table.events import TableError


@dataclass(frozen=True)
class Offence:
    label: str                     # what the offender did, for the history
    presets: tuple[str, ...]       # the presets whose sheet names it


OFFENCES: dict[str, Offence] = {
    "revealed_hand": Offence("revealed their hand before the declared win was verified",
                             ("mcr", "mcr-ema")),
}


def offences_for(rules: str) -> dict[str, str]:
    """The offences a preset's sheet names: key -> label (for the penalty page and the CLI)."""
    return {key: offence.label for key, offence in OFFENCES.items() if rules in offence.presets}


def penalty_summary(rules: str, deltas: Sequence[int], reason: str, offence: object,
                    offender: object, players: Sequence[str]) -> tuple[str, str]:
    """(summary, record kind) of a penalty event: 'warning' when nobody pays, else 'penalty'.
    ValueError for an offence the preset's sheet does not name."""
    kind = "warning" if not any(deltas) else "penalty"
    if offence in (None, ""):
        return kind + (f": {reason}" if reason else ""), kind
    known: Mapping[str, str] = offences_for(rules)
    if offence not in known:
        names = ", ".join(known) or "none"
        raise TableError.of("table.unknown_offence", offence=repr(offence), rules=rules, offences=names)
    who = players[offender] if isinstance(offender, int) and 0 <= offender < len(players) else "a player"
    text = f"{kind} to {who}: {known[str(offence)]}"
    if reason and reason != known[str(offence)]:
        text += f" ({reason})"
    return text, kind
