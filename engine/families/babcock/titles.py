"""The classical game's item names that are built from the hand ("Concealed pung of 5 Dots",
"Double: own wind East pung") as English templates with a code, so a reader in another language
can be shown them (the web layer translates the templates; babel.cfg extracts this module).

The scorer writes each name with ``line``, which carries its code and params as a reason does
(``Item.to_dict`` writes them as ``name_code`` and ``name_params``); a page writes the name in its
reader's language from them, never from the English. The names form a small closed set (a
template over the 34 tile kinds, the two set shapes, the eight flowers): ``every_line`` lists it,
for the pages that title names before a hand is scored. Pure data: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from itertools import product
from typing import Any

from engine.core.tiles import BONUS_NAMES, HONOR_NAMES, kind_name
from engine.reasons import Reason, reason
from engine.reasons.marker import N_

SHAPES = ("pung", "kong")

LINES = {
    "babcock.concealed_set": N_("Concealed {shape} of {tile_name}"),
    "babcock.exposed_set": N_("Exposed {shape} of {tile_name}"),
    "babcock.scoring_pair": N_("Pair of {tile_name}"),
    "babcock.dragon_set_double": N_("Double: {honour} {shape}"),
    "babcock.own_wind_set_double": N_("Double: own wind {honour} {shape}"),
    "babcock.prevailing_wind_set_double": N_("Double: prevailing wind {honour} {shape}"),
    "babcock.one_suit_with_honours_double": N_("Double: one suit with honours"),
    "babcock.one_suit_double": N_("Double: one suit"),
    "babcock.all_honours_double": N_("Double: all honours"),
    "babcock.own_flower_double": N_("Double: own {flowers}"),
    # a flower or season is named as itself; its name is translated as a flower's
    "babcock.flower": "{flowers}",
}


# The names of the lines that double the hand (the scoring writes every double with one of these).
DOUBLE_LINES = frozenset(code for code in LINES if code.endswith("_double"))


def line(code: str, **params: Any) -> Reason:
    """The English name of an item: the code's template filled in, carrying the code and params
    (``Item.to_dict`` writes them as ``name_code`` and ``name_params``)."""
    return reason(LINES, code, **params)


def _every_params(code: str) -> Iterator[dict[str, Any]]:
    template = LINES[code]
    tile_names = [kind_name(kind) for kind in range(34)]
    if "{flowers}" in template:
        yield from ({"flowers": name} for name in BONUS_NAMES)
    elif "{tile_name}" in template:
        yield from ({"shape": shape, "tile_name": name} if "{shape}" in template else {"tile_name": name}
                    for shape, name in product(SHAPES, tile_names))
    elif "{honour}" in template:
        yield from ({"honour": name, "shape": shape} for name, shape in product(HONOR_NAMES, SHAPES))
    else:
        yield {}


@lru_cache(maxsize=1)
def every_line() -> Mapping[str, tuple[str, Mapping[str, Any]]]:
    """Every name the templates can make -> its code and params."""
    names: dict[str, tuple[str, Mapping[str, Any]]] = {}
    for code in LINES:
        for params in _every_params(code):
            names.setdefault(line(code, **params), (code, params))
    return names

