"""How far one event may move a player's score: the bound a request's penalty and an imported
file's penalties and agreed totals are held to.

The engine keeps each preset's range of a player's score (its ``start_points`` option: what a
score may start at); no penalty or single hand a table plays moves a score further than that in
one step, so a larger figure is a typing error or a forged file, never a game.
"""

from __future__ import annotations

from engine.families.option_specs import spec_for


def points_limit(rules: str) -> int:
    """The most one penalty or one agreed hand may be worth at a table of ``rules``."""
    spec = spec_for(rules, "start_points")
    return int(spec.maximum) if spec.maximum is not None else 0
