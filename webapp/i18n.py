"""The app's languages: Flask-Babel set up once, the reader's language chosen per request, and the
gettext catalog of the page scripts handed to them.

The language comes from, in order: a ``lang`` parameter in the link (the switch on every page
uses it, and a read-only board link can carry one), the choice kept in the session, the
browser's Accept-Language, English. Catalogs live in webapp/translations: ``messages`` for the
templates and views, ``js`` for the page scripts (both from ``make translations``; the .mo files
are compiled at build time, never committed). The JSON API stays locale-free.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from babel import Locale
from babel.support import Translations
from flask import Flask, abort, request, session
from flask_babel import Babel, format_decimal, get_locale, get_translations

from webapp import doubt_messages, engine_messages, item_lines, labels, reason_text
from webapp.item_names import ItemTitle, family_called, titles_for_page
from webapp.languages import DEFAULT_LANGUAGE, LANGUAGES, language_of

TRANSLATIONS_DIR = Path(__file__).resolve().parent / "translations"
SESSION_KEY = "lang"


def select_language() -> str:
    """The reader's language for this request (see the module docstring for the order); a ``lang``
    TileTally does not speak was refused before this (``install``), and is ignored here."""
    if request.path.startswith("/api/"):
        return DEFAULT_LANGUAGE   # the API's messages stay English whatever the request says
    language = language_of(request.args.get("lang") or "")
    if language is not None:
        session[SESSION_KEY] = language   # the switch: kept for the next pages
        return language
    kept = session.get(SESSION_KEY)
    if kept in LANGUAGES:
        return kept
    for value, _quality in request.accept_languages:
        language = language_of(value)
        if language is not None:
            return language
    return DEFAULT_LANGUAGE


def current_language() -> str:
    """The request's language as one of LANGUAGES (Babel's Locale prints zh_Hans_CN and the like)."""
    locale = get_locale()
    if locale is None:
        return DEFAULT_LANGUAGE
    if locale.language == "zh":
        return "zh_Hant" if locale.script == "Hant" else "zh_Hans"
    return locale.language if locale.language in LANGUAGES else DEFAULT_LANGUAGE


def native_lang(family: str) -> str:
    """The BCP 47 tag of a family's native names, for the lang of the element that shows them
    (a Chinese fan name on a Japanese page still takes Chinese glyphs)."""
    known = family_called(family)
    return ((known.native_language if known is not None else None) or "und").replace("_", "-")


def html_lang() -> str:
    """The BCP 47 tag for <html lang>: fonts and line breaking depend on it (zh-Hans, not zh_Hans)."""
    return current_language().replace("_", "-")


@lru_cache(maxsize=len(LANGUAGES))
def js_catalog(language: str) -> dict[str, str]:
    """msgid -> msgstr of the page scripts' catalog (the ``js`` domain) for one language; only
    translated messages, so a script falls back to its English text by itself."""
    if language == DEFAULT_LANGUAGE:
        return {}   # the scripts are written in English
    translations = Translations.load(str(TRANSLATIONS_DIR), [Locale.parse(language)], domain="js")
    catalog: dict[Any, str] = getattr(translations, "_catalog", {})
    return {key: value for key, value in catalog.items() if isinstance(key, str) and key and value}


def number(value: Any) -> str:
    """A number as the reader writes it (32,000 / 32 000 / 32,000); not for the JSON API."""
    return format_decimal(value) if isinstance(value, (int, float)) else str(value)


def switch_url(language: str) -> str:
    """This page's address in another language (the switch's links); other parameters kept."""
    args = request.args.to_dict()
    args["lang"] = language
    return request.path + "?" + urlencode(args)


def _item_title(family: str, item: Mapping[str, Any]) -> ItemTitle:
    return item_lines.titled(family, str(item.get("name", "")), current_language(), item.get("native_name"),
                             code=item.get("name_code"), params=item.get("name_params"))


def _item_reason(family: str, item: Mapping[str, Any], field: str = "why") -> str:
    return reason_text.reason_text(family, item, field, current_language())


def engine_page_data(family: str) -> dict[str, Any]:
    """What a page script needs to name items, engine errors and the photo reader's doubts in
    this language."""
    return {"language": current_language(), "native_lang": native_lang(family),
            "doubts": doubt_messages.page_templates(get_translations(), current_language()),
            "titles": {english: list(title) for english, title
                       in {**titles_for_page(family, current_language()),
                           **item_lines.page_titles(family, current_language())}.items()},
            **engine_messages.templates_for_page(), **reason_text.page_templates(family)}


def install(app: Flask) -> None:
    """Flask-Babel with TileTally's catalogs and language choice, and the template helpers."""
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS_DIR))
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT_LANGUAGE)
    Babel(app, locale_selector=select_language)

    @app.before_request
    def _choose_language() -> None:
        # Chosen up front, so a bad ``lang`` in a link is a clear 400 and the switch is kept in
        # the session even on a page that renders no translated text. The API is locale-free.
        if request.path.startswith(("/api/", "/static/")):
            return
        value = request.args.get("lang")
        if value is not None and language_of(value) is None:
            abort(400, description=f"unknown language {value!r}; choose one of {', '.join(LANGUAGES)}")
        get_locale()
    app.jinja_env.globals.update(languages=LANGUAGES, current_language=current_language,
                                 switch_url=switch_url, item_title=_item_title,
                                 item_reason=_item_reason,
                                 engine_page_data=engine_page_data,
                                 refusal_templates=engine_messages.templates_for_page,
                                 engine_error=engine_messages.render_error,
                                 engine_reason=engine_messages.render_reason,
                                 wind_name=labels.wind, wind_badge=labels.wind_badge,
                                 hand_title=labels.hand_title, preset_label=labels.preset,
                                 option_label=labels.option, option_value=labels.option_value,
                                 flag_label=labels.flag, meld_kind=labels.meld_kind,
                                 preset_title=labels.preset_title,
                                 draw_reason=labels.draw_reason, end_reason=labels.end_reason,
                                 kind_label=labels.kind_label,
                                 unit_label=labels.unit, native_lang=native_lang,
                                 hand_detail=lambda entry, family: labels.hand_detail(
                                     entry, family, current_language()),
                                 html_lang=html_lang, js_catalog=lambda: js_catalog(current_language()))
    app.jinja_env.filters["number"] = number
