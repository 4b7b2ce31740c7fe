"""A breakdown's reasons in the reader's language (each item's ``why``, each excluded fan's
``because``).

The engine gives each reason a code and its params beside the English text (engine.reasons); a
stored hand scored before the codes existed is shown in its English. The message of
each code is the engine's own English template, translated by the catalogs (babel.cfg extracts
engine/reasons). Params are language-free tile notation and numbers, except honour and suit
names and fan names, which are put in the reader's language here; a reason without a code is
shown as the engine wrote it. A page renders with Flask-Babel; the command line passes its own
catalog (``tr``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import flask_babel

from engine.reasons import LIST_CODE, SEPARATOR, is_word
from webapp.item_names import family_called, item_title

WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}


class Translator(Protocol):
    """What renders the reasons: Flask-Babel's functions on a page, the command line's catalog."""

    def gettext(self, message: str) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...


def _page(tr: Translator | None) -> Translator:
    return tr if tr is not None else flask_babel   # type: ignore[return-value]


def words(tr: Translator | None = None) -> dict[str, str]:
    """The honour and suit names reasons use, in the reader's language."""
    tr = _page(tr)
    return {"East": tr.pgettext("honour", "East"), "South": tr.pgettext("honour", "South"),
            "West": tr.pgettext("honour", "West"), "North": tr.pgettext("honour", "North"),
            "White": tr.pgettext("honour", "White"), "Green": tr.pgettext("honour", "Green"),
            "Red": tr.pgettext("honour", "Red"), "Characters": tr.pgettext("suit", "Characters"),
            "Dots": tr.pgettext("suit", "Dots"), "Bamboo": tr.pgettext("suit", "Bamboo")}


def flower_names(tr: Translator | None = None) -> dict[str, str]:
    """The flower and season names reasons use, in the reader's language."""
    tr = _page(tr)
    return {"Plum": tr.pgettext("flower", "Plum"), "Orchid": tr.pgettext("flower", "Orchid"),
            "Chrysanthemum": tr.pgettext("flower", "Chrysanthemum"),
            "Bamboo": tr.pgettext("flower", "Bamboo"),
            "Spring": tr.pgettext("flower", "Spring"), "Summer": tr.pgettext("flower", "Summer"),
            "Autumn": tr.pgettext("flower", "Autumn"), "Winter": tr.pgettext("flower", "Winter")}


def wind_names(tr: Translator | None = None) -> dict[str, str]:
    """A seat's wind letter -> its name in the reader's language."""
    tr = _page(tr)
    return {letter: tr.gettext(name) for letter, name in WIND_NAMES.items()}


def param_text(family: str, name: str, value: Any, language: str, tr: Translator) -> Any:
    """A reason's (or an item line's) param in the reader's language: names and phrases
    translated, tile notation and numbers as they are."""
    kind = name.rstrip("0123456789")
    named = words(tr)
    if kind == "reason" and isinstance(value, Mapping):
        return render(family, value, language, tr)
    if kind in ("honour", "suit_name"):
        return named.get(str(value), str(value))
    if kind == "honours":
        return tr.gettext(", ").join(named.get(part, part) for part in str(value).split(", "))
    if kind == "fan":
        return item_title(family, str(value), language).title
    if kind == "tile_name":
        number, _, suit = str(value).partition(" ")
        return f"{number} {named.get(suit, suit)}" if suit else named.get(str(value), str(value))
    if kind == "flowers":
        flowers = flower_names(tr)
        return tr.gettext(", ").join(flowers.get(part, part) for part in str(value).split(", "))
    if kind == "wind_letter":
        return wind_names(tr).get(str(value), str(value))
    known = family_called(family)
    if known is not None and is_word(known, name):
        return tr.gettext(str(value))
    return value


def render(family: str, explained: Mapping[str, Any], language: str, tr: Translator | None = None) -> str:
    """An explained reason (``{"code", "params"}``) in the reader's language."""
    tr = _page(tr)
    params = explained.get("params") or {}
    if explained.get("code") == LIST_CODE:
        return SEPARATOR.join(render(family, part, language, tr) for part in params.get("parts", []))
    known = family_called(family)
    template = known.reasons.get(str(explained.get("code"))) if known is not None else None
    if template is None:
        raise KeyError(explained.get("code"))
    values = {name: param_text(family, name, value, language, tr) for name, value in params.items()}
    return tr.gettext(template).format(**values)


def reason_text(family: str, item: Mapping[str, Any], field: str, language: str,
                tr: Translator | None = None) -> str:
    """An item's ``why`` (or an excluded fan's ``because``) in the reader's language, from its
    code and params; one without a code (scored before the codes existed) as written."""
    english = str(item.get(field) or "")
    code = item.get(f"{field}_code")
    if not code:
        return english
    explained = {"code": code, "params": item.get(f"{field}_params") or {}}
    try:
        return render(family, explained, language, tr)
    except (KeyError, IndexError, ValueError, TypeError):
        return english   # a code or param this version does not know: the English, never a 500


def page_templates(family: str) -> dict[str, Any]:
    """What the page scripts need to write this family's reasons in the request's language:
    each code's translated template and the translated names and phrases its params use (fan
    names come with the item titles)."""
    tr = _page(None)
    known = family_called(family)
    templates = known.reasons if known is not None else {}
    kinds = known.reason_words if known is not None else {}
    phrases = {phrase: tr.gettext(phrase) for kind in kinds.values() for phrase in kind}
    return {"reasons": {code: tr.gettext(template) for code, template in templates.items()},
            "reason_words": words(), "reason_flowers": flower_names(), "reason_winds": wind_names(),
            "reason_phrases": phrases, "reason_word_kinds": sorted(kinds)}
