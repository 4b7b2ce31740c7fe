"""The classical game's set lines and doubles in the reader's language ("Concealed pung of 5
Dots" as 5 饼子的暗刻子).

The scorer builds these names from the hand, from English templates with a code (the family's
``built_names``: engine/families/babcock/titles.py), and an item carries the code and params
(``name_code``, ``name_params``). A title is written from them with the template translated by
the catalogs (babel.cfg extracts that module) and its params put in the reader's language as a
reason's are (honour, suit and flower names, "pung"/"kong"); the English name is never read back.
A name without its code (a hand stored before the names had codes) is shown as written, as a
reason without its code is. Any other name is titled by ``item_names`` alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import flask_babel

from engine.families.protocol import BuiltNames
from webapp.item_names import ItemTitle, family_called, item_title
from webapp.languages import DEFAULT_LANGUAGE
from webapp.reason_text import Translator, param_text


def _built_names(family: str) -> BuiltNames | None:
    known = family_called(family)
    return known.built_names if known is not None else None


def line_title(family: str, code: str | None, params: Mapping[str, Any] | None, language: str,
               tr: Translator | None = None) -> str | None:
    """A built name, written from its code and params in the reader's language; None where the
    family builds no names, the code is none of its lines, or the reader reads English (the
    engine's own name)."""
    lines = _built_names(family)
    if lines is None or language == DEFAULT_LANGUAGE or code not in lines.LINES:
        return None
    tr = tr if tr is not None else flask_babel   # type: ignore[assignment]
    values = {name: param_text(family, name, value, language, tr) for name, value in (params or {}).items()}
    try:
        return tr.gettext(lines.LINES[code]).format(**values)
    except (KeyError, IndexError, ValueError):
        return None


def titled(family: str, english: str, language: str, native: str | None = None,
           tr: Translator | None = None, code: str | None = None,
           params: Mapping[str, Any] | None = None) -> ItemTitle:
    """An item's title as ``item_names.item_title`` gives it, a built name (``code`` and
    ``params``: the item's ``name_code`` and ``name_params``) translated."""
    named = item_title(family, english, language, native)
    line = line_title(family, code, params, language, tr) if code and named.title == english else None
    return ItemTitle(line, named.native) if line else named


class _Remembered:
    """A translator that looks each message up once: the page's titles ask for the same few
    dozen words (suits, honours, shapes) hundreds of times."""

    def __init__(self, tr: Translator) -> None:
        self._tr = tr
        self._seen: dict[tuple[str, str], str] = {}

    def gettext(self, message: str) -> str:
        key = ("", message)
        if key not in self._seen:
            self._seen[key] = self._tr.gettext(message)
        return self._seen[key]

    def pgettext(self, context: str, message: str) -> str:
        key = (context, message)
        if key not in self._seen:
            self._seen[key] = self._tr.pgettext(context, message)
        return self._seen[key]


def page_titles(family: str, language: str) -> dict[str, ItemTitle]:
    """Every built name of the family -> its title, for the page scripts (a closed set: a classical
    declare page looks its set lines up like any other name). Written once per language and
    catalog (a few hundred names, each from several lookups), then reused by every page."""
    if _built_names(family) is None or language == DEFAULT_LANGUAGE:
        return {}
    return _page_titles(family, language, flask_babel.get_translations())


@lru_cache(maxsize=32)
def _page_titles(family: str, language: str, catalog: Any) -> dict[str, ItemTitle]:
    remembered = _Remembered(flask_babel)   # type: ignore[arg-type]
    return {english: titled(family, english, language, tr=remembered, code=code, params=params)
            for english, (code, params) in _built_names(family).every_line().items()}  # type: ignore[union-attr]
