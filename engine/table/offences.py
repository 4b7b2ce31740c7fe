"""Offences a rule sheet names, for penalties recorded with their rule.

Each family lists the offences its sheets name (``Family.offences``: key -> what the offender
did); a sheet that sets no figure for one has the table record a warning (0 points) or the
penalty the players agree on, with the offence named.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.families import family_of
from engine.table.events import TableError


def offences_for(rules: str) -> dict[str, str]:
    """The offences a preset's sheet names: key -> label (for the penalty page and the CLI)."""
    return dict(family_of(rules).offences)


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
