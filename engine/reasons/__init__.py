"""The reasons of a breakdown (each item's ``why``, each excluded fan's ``because``) as a code and
its parameters, beside the English text, so a reader in another language can be shown them.

Each family lists its reasons as English templates keyed by code, with ``{name}`` placeholders,
in its own package (``Family.reasons``, and the phrases some placeholders hold in
``Family.reason_words``); the web layer's catalogs translate the same templates (they are marked
with ``N_`` for extraction). ``explain`` reads a reason back into its code and parameters by matching the
templates, so the scoring code keeps writing its reasons as plain text (at no cost to its speed)
and a text written before the codes existed (a stored hand) is read the same way. A reason no
template matches gets no code, and is shown as written. Pure data and lookups: no I/O.

Placeholders by name: ``tile`` one tile (5m), ``tiles`` tiles or sets in the engine's notation
(123m + 456p, 1m, 9m), ``suit`` a suit letter, ``suit_name`` Characters / Dots / Bamboo,
``honour`` and ``honours`` English honour names (East, White, ...), ``tile_name`` a tile's English
name (5 Dots, East), ``flowers`` flower and season names, ``wind_letter`` E/S/W/N, ``meld`` a meld
as written (pon:555p), ``fraction`` 1/2, ``fan`` an English fan or yaku name, ``option`` an
option key, a kind a family lists in its ``reason_words`` one of those English phrases, ``reason``
another reason of the same family (read in turn), and
any other name a whole number; a trailing digit names a second one of a kind (``tiles2``).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.families.protocol import Family

HONOURS = ("East", "South", "West", "North", "White", "Green", "Red")
SUIT_NAMES = ("Characters", "Dots", "Bamboo")
FLOWER_NAMES = ("Plum", "Orchid", "Chrysanthemum", "Bamboo", "Spring", "Summer", "Autumn", "Winter")
_HONOUR = "(?:" + "|".join(HONOURS) + ")"
_FLOWER = "(?:" + "|".join(FLOWER_NAMES) + ")"
_PATTERNS = {
    "tile": r"[0-9][mpszf]",
    "tiles": r"[0-9][0-9mpszf ,+]*[mpszf]",
    "suit": r"[mps]",
    "suit_name": "|".join(SUIT_NAMES),
    "honour": _HONOUR,
    "honours": _HONOUR + "(?:, " + _HONOUR + ")*",
    "tile_name": "[1-9] (?:" + "|".join(SUIT_NAMES) + ")|" + _HONOUR,
    "flowers": _FLOWER + "(?:, " + _FLOWER + ")*",
    "wind_letter": "[ESWN]",
    "meld": r"[a-z]+(?::[0-9mpsz]+)?",
    "fraction": r"[0-9]+/[0-9]+",
    "fan": r"[A-Z][A-Za-z0-9'() -]*?",
    "option": r"[a-z_]+",
    "reason": r".+?",
}
_TEXT_PARAMS = frozenset(_PATTERNS) - {"reason"}
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
# Several reasons of one item (the same fan twice): written one after the other.
SEPARATOR = "; "
LIST_CODE = "list"



def _kind(name: str) -> str:
    """A placeholder's kind: its name without a trailing number ("tiles2" is tiles)."""
    return name.rstrip("0123456789")


def _pattern(family: Family, kind: str) -> str:
    words = family.reason_words.get(kind)
    if words is not None:   # longest first, so a phrase is not cut short by a shorter one
        return "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))
    return _PATTERNS.get(kind, r"[0-9]+")


def is_word(family: Family, name: str) -> bool:
    """Whether a placeholder holds one of the family's English phrases (``reason_words``)."""
    return _kind(name) in family.reason_words


def _regex(family: Family, template: str) -> re.Pattern[str]:
    parts, position, seen = [], 0, set()
    for match in _PLACEHOLDER.finditer(template):
        parts.append(re.escape(template[position:match.start()]))
        name = match.group(1)
        # A placeholder written twice must say the same thing twice.
        parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>{_pattern(family, _kind(name))})")
        seen.add(name)
        position = match.end()
    parts.append(re.escape(template[position:]))
    return re.compile("".join(parts) + r"\Z")


@lru_cache(maxsize=16)
def _compiled(family: Family) -> tuple[tuple[str, re.Pattern[str]], ...]:
    # Longer templates first: a specific reason is not read as a shorter, looser one.
    templates = family.reasons
    ordered = sorted(templates.items(), key=lambda pair: -len(_PLACEHOLDER.sub("", pair[1])))
    return tuple((code, _regex(family, template)) for code, template in ordered)


def _read(family: Family, text: str) -> dict[str, Any] | None:
    for code, pattern in _compiled(family):
        match = pattern.match(text)
        if match is None:
            continue
        params: dict[str, Any] = {}
        for name, value in match.groupdict().items():
            if name == "reason":
                inner = _read(family, value)
                if inner is None:
                    break
                params[name] = inner
            else:
                text_kind = _kind(name) in _TEXT_PARAMS or is_word(family, name)
                params[name] = value if text_kind else int(value)
        else:
            return {"code": code, "params": params}
    return None


@lru_cache(maxsize=16384)
def explain(family: Family, text: str) -> dict[str, Any] | None:
    """``{"code": ..., "params": {...}}`` for a reason of this family, or None where no template
    matches. Several reasons joined by "; " are ``{"code": "list", "params": {"parts": [...]}}``."""
    if not text:
        return None
    found = _read(family, text)
    if found is not None or SEPARATOR not in text:
        return found
    parts = [_read(family, part) for part in text.split(SEPARATOR)]
    if any(part is None for part in parts):
        return None
    return {"code": LIST_CODE, "params": {"parts": parts}}


def write(family: Family, explained: Mapping[str, Any]) -> str:
    """The English text of an explained reason (``explain`` read backwards)."""
    if explained["code"] == LIST_CODE:
        return SEPARATOR.join(write(family, part) for part in explained["params"]["parts"])
    params = {name: write(family, value) if name == "reason" else value
              for name, value in explained["params"].items()}
    return family.reasons[explained["code"]].format(**params)


def add_reason_codes(result: Mapping[str, Any], family: Family) -> dict[str, Any]:
    """The ``engine score`` result with ``why_code`` and ``why_params`` on every item (the
    Taiwanese ``dealer_items`` too) and
    ``because_code`` and ``because_params`` on every excluded fan (None where no template
    matches); nothing else changes."""
    out = dict(result)
    for key, field in (("items", "why"), ("dealer_items", "why"), ("excluded", "because")):
        if key in out:
            rows = []
            for item in out[key]:
                explained = explain(family, str(item.get(field) or ""))
                rows.append({**item, f"{field}_code": explained and explained["code"],
                             f"{field}_params": copy.deepcopy(explained["params"]) if explained else None})
            out[key] = rows
    return out
