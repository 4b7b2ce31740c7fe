"""The reasons of a breakdown (each item's ``why``, each excluded fan's ``because``) as a code and
its parameters, beside the English text, so a reader in another language can be shown them.

Each family lists its reasons as English templates keyed by code, with ``{name}`` placeholders,
in its own package (``Family.reasons``, and the phrases some placeholders hold in
``Family.reason_words``); the web layer's catalogs translate the same templates (they are marked
with ``N_`` for extraction). The scoring code makes each reason from its code and params
(``reason``), and its English text is rendered from them then; a text written without a code (a
hand stored before the codes existed) is shown as written. Pure data and lookups: no I/O.

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

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.families.protocol import Family

HONOURS = ("East", "South", "West", "North", "White", "Green", "Red")
# Several reasons of one item (the same fan twice): written one after the other.
SEPARATOR = "; "
LIST_CODE = "list"


class Reason(str):
    """A reason's English text, rendered from its code and params by the family's template when
    the scoring code makes it, and carrying them: a reader in another language is shown the same
    code and params, and nothing ever reads the text back. It is a ``str`` so a breakdown's
    ``why`` stays text wherever it goes (JSON, a stored hand, a test's comparison)."""

    code: str
    params: dict[str, Any]

    def __new__(cls, text: str, code: str = "", params: Mapping[str, Any] | None = None) -> Reason:
        made = super().__new__(cls, text)
        made.code = code
        made.params = dict(params or {})
        return made

    def explained(self) -> dict[str, Any]:
        """``{"code": ..., "params": {...}}``, an inner reason (``reason``, a list's ``parts``)
        explained the same way."""
        return {"code": self.code, "params": {name: _explained(value) for name, value in self.params.items()}}


def _explained(value: Any) -> Any:
    if isinstance(value, Reason):
        return value.explained()
    if isinstance(value, (list, tuple)):
        return [_explained(part) for part in value]
    return value


def reason(templates: Mapping[str, str], code: str, **params: Any) -> Reason:
    """The reason ``code`` of a family's ``templates`` with these params, its text rendered.
    Made without ``Reason.__new__``'s frame and copy (``params`` is this call's own dict): MCR
    makes a few of these for every new hand it explains."""
    made = str.__new__(Reason, templates[code].format(**params))
    made.code = code
    made.params = params
    return made


def reasons_joined(parts: Sequence[str]) -> str:
    """Several reasons of one item (the same fan twice), one after the other; a list reason when
    every part has its code."""
    text = SEPARATOR.join(parts)
    if not all(isinstance(part, Reason) for part in parts):
        return text
    flat: list[Reason] = []
    for part in parts:   # a list joined again stays one list
        flat.extend(part.params["parts"] if part.code == LIST_CODE else (part,))  # type: ignore[union-attr]
    return Reason(text, LIST_CODE, {"parts": flat})


def _kind(name: str) -> str:
    """A placeholder's kind: its name without a trailing number ("tiles2" is tiles)."""
    return name.rstrip("0123456789")


def is_word(family: Family, name: str) -> bool:
    """Whether a placeholder holds one of the family's English phrases (``reason_words``)."""
    return _kind(name) in family.reason_words


def write(family: Family, explained: Mapping[str, Any]) -> str:
    """The English text of an explained reason."""
    if explained["code"] == LIST_CODE:
        return SEPARATOR.join(write(family, part) for part in explained["params"]["parts"])
    params = {name: write(family, value) if name == "reason" else value
              for name, value in explained["params"].items()}
    return family.reasons[explained["code"]].format(**params)
