"""A table's flow: its family's flow for the preset, with the table's options applied, and the seats
of the Green Book's Appendix 4 that a flow with ``SEATING_APPENDIX4`` plays (docs/rules.md).

``engine.table.state`` holds the logic (one fold over the events); the per-preset facts it reads
are the families' (``Family.flows``, ``engine.families.flow.Flow``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.families.claims import CLAIM_RULES
from engine.families.flow import Flow
from engine.families.protocol import Family
from engine.table.events import TableError

# Green Book Appendix 4 (docs/rules.md): for each prevailing-wind round, the players (A B C D = the
# players who drew E S W N for hand 1, i.e. player indexes 0-3) sitting in the East, South, West, North seats.
APPENDIX4_SEATING: tuple[tuple[int, int, int, int], ...] = (
    (0, 1, 2, 3),  # East round:  A B C D
    (1, 0, 3, 2),  # South round: B A D C
    (2, 3, 1, 0),  # West round:  C D B A
    (3, 2, 0, 1),  # North round: D C A B
)
# The same table read the other way: ROUND_SEAT[round][player] = the seat (0-3) a player takes.
ROUND_SEAT: tuple[tuple[int, ...], ...] = tuple(
    tuple(seating.index(player) for player in range(4)) for seating in APPENDIX4_SEATING)


def flow_for(family: Family, preset: str, options: Mapping[str, Any] | None = None) -> Flow:
    """The flow of a preset (its own, else its family's first), with the table's options applied."""
    flow = family.flow(preset, options or {})
    if flow.claim_rule not in CLAIM_RULES:
        raise TableError.of("table.option_not_understood", option="claim_rule",
                            value=repr(flow.claim_rule))
    return flow
