"""The languages TileTally speaks, how a language tag names one, and the vision command line's
messages.

``python -m vision`` speaks the language of its ``--lang`` option, else of the environment as
gettext reads it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English, from its own ``vision``
catalogs in vision/translations (compiled to .mo by ``make translations``; without them it speaks
English). The web app and ``tiletally`` read the language tags from here and their messages from
their own catalogs (``webapp.languages``).
"""

from __future__ import annotations

import argparse
import gettext as gettext_module
import os
from collections.abc import Mapping, Sequence
from pathlib import Path

# Locale tag -> the language's own name, as the web app's switch shows it.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "pl": "Polski",
    "zh_Hans": "简体中文",
    "zh_Hant": "繁體中文",
    "ja": "日本語",
}
DEFAULT_LANGUAGE = "en"
CATALOGS = Path(__file__).resolve().parent / "translations"
DOMAIN = "vision"
# Chinese as browsers and locales write it: a region or a script subtag says which script.
_TRADITIONAL = {"hant", "tw", "hk", "mo"}
_ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def language_of(tag: str) -> str | None:
    """One of LANGUAGES for a language tag as a browser, a link or a locale writes it ("zh-TW",
    "zh_Hans", "ja_JP.UTF-8", "PL"), or None when TileTally does not speak it."""
    parts = tag.split(".")[0].split("@")[0].replace("_", "-").strip().lower().split("-")
    if parts[0] == "zh":
        return "zh_Hant" if _TRADITIONAL & set(parts[1:]) else "zh_Hans"
    return parts[0] if parts[0] in LANGUAGES else None


def environment_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, in gettext's order; English where it names none
    TileTally speaks (C and POSIX included)."""
    environ = os.environ if environ is None else environ
    for key in _ENVIRONMENT:
        value = environ.get(key, "")
        if not value:
            continue
        for tag in value.split(":"):     # LANGUAGE may list several, best first
            language = language_of(tag)
            if language is not None:
                return language
        if key != "LANGUAGE":
            break                        # the first locale variable set decides, as in gettext
    return DEFAULT_LANGUAGE


def split_lang(argv: Sequence[str]) -> tuple[str | None, list[str]]:
    """A command line's ``--lang X`` / ``--lang=X`` (the last one, wherever it is written) and the
    other arguments, so the option can follow a subcommand too."""
    value, rest, skip = None, [], False
    for index, argument in enumerate(argv):
        if skip:
            skip = False
        elif argument == "--lang" and index + 1 < len(argv):
            value, skip = argv[index + 1], True
        elif argument.startswith("--lang="):
            value = argument.partition("=")[2]
        else:
            rest.append(argument)
    return value, rest


def requested_language(value: str | None, environ: Mapping[str, str] | None = None) -> str:
    """The language of a command line: its ``--lang`` value, else the environment's. Chosen
    before the arguments are parsed, so the parser's own messages can use it; a value TileTally
    does not speak is English here, and the parser refuses it."""
    if value is not None:
        return language_of(value) or DEFAULT_LANGUAGE
    return environment_language(environ)


def catalog_for(language: str) -> gettext_module.NullTranslations:
    """The vision command line's catalog of one language; one that says every message in English
    where the catalog (or its compiled .mo) is missing."""
    path = CATALOGS / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if language == DEFAULT_LANGUAGE or not path.is_file():
        return gettext_module.NullTranslations()
    with path.open("rb") as handle:
        return gettext_module.GNUTranslations(handle)


def lang_choice(value: str) -> str:
    """argparse type of ``--lang``: a language TileTally speaks, as one of LANGUAGES."""
    language = language_of(value)
    if language is None:
        raise ValueError(value)
    return language


# The command line's current gettext: a command line speaks one language for its whole run.
_current: list[gettext_module.NullTranslations] = [gettext_module.NullTranslations()]
_language = [DEFAULT_LANGUAGE]


def use_language(language: str) -> None:
    """Speak ``language`` from now on in this command line's messages."""
    _current[0] = catalog_for(language)
    _language[0] = language


def catalog() -> gettext_module.NullTranslations:
    """The catalog this command line speaks from (gettext and pgettext)."""
    return _current[0]


def current_language() -> str:
    """The language this command line speaks."""
    return _language[0]


def _(message: str) -> str:
    """A command line's message in its language (marked for ``make translations-extract``)."""
    return _current[0].gettext(message)


def add_language_option(parser: argparse.ArgumentParser) -> None:
    """``--lang``, as the vision command line takes it (its help in the language already in use:
    ``split_lang`` reads the option before the parser is built)."""
    parser.add_argument("--lang", type=lang_choice, metavar="LANG",
                        help=_("language of the messages: {languages} (default: the environment's)")
                        .format(languages=", ".join(LANGUAGES)))
