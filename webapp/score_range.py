"""How far one event may move a player's score: the bound a request's penalty and an imported
file's penalties and agreed totals are held to.

The engine keeps each preset's range of a player's score (its ``start_points`` option: what a
score may start at); no penalty or single hand a table plays moves a score further than that in
one step, so a larger figure is a typing error or a forged file, never a game.
"""

from __future__ import annotations

from engine.families.option_specs import START_POINTS


def points_limit(rules: str) -> int:
    """The most one penalty or one agreed hand may be worth at a table of ``rules``: the range of
    the starting points every family that has them shares (``option_specs.START_POINTS``)."""
    return int(START_POINTS.maximum) if START_POINTS.maximum is not None else 0
