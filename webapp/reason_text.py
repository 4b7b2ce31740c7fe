"""A breakdown's reasons in the reader's language (each item's ``why``, each excluded fan's
``because``).

The engine gives each reason a code and its params beside the English text (engine.reasons); a
stored hand scored before the codes existed is read back into them the same way. The message of
each code is the engine's own English template, translated by the catalogs (babel.cfg extracts
engine/reasons). Params are language-free tile notation and numbers, except honour and suit
names and fan names, which are put in the reader's language here; a reason without a code is
shown as the engine wrote it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext, pgettext

from engine.reasons import LIST_CODE, SEPARATOR, TEMPLATES, WORDS, explain, is_word
from webapp.item_names import item_title
from webapp.labels import wind


def words() -> dict[str, str]:
    """The honour and suit names reasons use, in the request's language."""
    return {"East": pgettext("honour", "East"), "South": pgettext("honour", "South"),
            "West": pgettext("honour", "West"), "North": pgettext("honour", "North"),
            "White": pgettext("honour", "White"), "Green": pgettext("honour", "Green"),
            "Red": pgettext("honour", "Red"), "Characters": pgettext("suit", "Characters"),
            "Dots": pgettext("suit", "Dots"), "Bamboo": pgettext("suit", "Bamboo")}


def flower_names() -> dict[str, str]:
    """The flower and season names reasons use, in the request's language."""
    return {"Plum": pgettext("flower", "Plum"), "Orchid": pgettext("flower", "Orchid"),
            "Chrysanthemum": pgettext("flower", "Chrysanthemum"), "Bamboo": pgettext("flower", "Bamboo"),
            "Spring": pgettext("flower", "Spring"), "Summer": pgettext("flower", "Summer"),
            "Autumn": pgettext("flower", "Autumn"), "Winter": pgettext("flower", "Winter")}


def _word(english: str) -> str:
    return words().get(english, english)


def _tile_name(english: str) -> str:
    """"5 Dots" or "East" in the request's language."""
    number, _, suit = english.partition(" ")
    return f"{number} {_word(suit)}" if suit else _word(english)


def _param(family: str, name: str, value: Any, language: str) -> Any:
    kind = name.rstrip("0123456789")
    if kind == "reason" and isinstance(value, Mapping):
        return render(family, value, language)
    if kind in ("honour", "suit_name"):
        return _word(str(value))
    if kind == "honours":
        return gettext(", ").join(_word(part) for part in str(value).split(", "))
    if kind == "fan":
        return item_title(family, str(value), language).title
    if kind == "tile_name":
        return _tile_name(str(value))
    if kind == "flowers":
        names = flower_names()
        return gettext(", ").join(names.get(part, part) for part in str(value).split(", "))
    if kind == "wind_letter":
        return wind(str(value))
    if is_word(family, name):
        return gettext(str(value))
    return value


def render(family: str, explained: Mapping[str, Any], language: str) -> str:
    """An explained reason (``{"code", "params"}``) in the request's language."""
    params = explained.get("params") or {}
    if explained.get("code") == LIST_CODE:
        return SEPARATOR.join(render(family, part, language) for part in params.get("parts", []))
    template = TEMPLATES.get(family, {}).get(str(explained.get("code")))
    if template is None:
        raise KeyError(explained.get("code"))
    values = {name: _param(family, name, value, language) for name, value in params.items()}
    return gettext(template).format(**values)


def reason_text(family: str, item: Mapping[str, Any], field: str, language: str) -> str:
    """An item's ``why`` (or an excluded fan's ``because``) in the request's language: from its
    code and params, else read from its English text, else that text as written."""
    english = str(item.get(field) or "")
    code = item.get(f"{field}_code")
    explained = {"code": code, "params": item.get(f"{field}_params") or {}} if code else \
        explain(family, english)
    if explained is None:
        return english
    try:
        return render(family, explained, language)
    except (KeyError, IndexError, ValueError, TypeError):
        return english   # a code or param this version does not know: the English, never a 500


def page_templates(family: str) -> dict[str, Any]:
    """What the page scripts need to write this family's reasons in the request's language:
    each code's translated template and the translated honour and suit names (fan names come
    with the item titles)."""
    phrases = {phrase: gettext(phrase) for kind in WORDS.get(family, {}).values() for phrase in kind}
    return {"reasons": {code: gettext(template) for code, template in TEMPLATES.get(family, {}).items()},
            "reason_words": words(), "reason_flowers": flower_names(),
            "reason_winds": {letter: wind(letter) for letter in "ESWN"},
            "reason_phrases": phrases, "reason_word_kinds": sorted(WORDS.get(family, {}))}
