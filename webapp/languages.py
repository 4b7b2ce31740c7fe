"""The web app's and the ``tiletally`` command line's gettext: the ``messages`` catalogs in
webapp/translations (compiled to .mo by ``make translations``).

A command line speaks the language of its ``--lang`` option, else of the environment as gettext
reads it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English; without compiled catalogs it speaks
English. Which languages TileTally speaks and how a tag names one are ``vision.languages``'s
(the vision command line reads them too, from its own catalogs).
"""

from __future__ import annotations

import argparse
import gettext as gettext_module
from pathlib import Path

from vision.languages import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    environment_language,
    lang_choice,
    language_of,
    requested_language,
    split_lang,
)

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "add_language_option", "catalog", "catalog_for",
           "current_language", "environment_language", "gettext", "language_of",
           "requested_language", "split_lang", "use_language"]

CATALOGS = Path(__file__).resolve().parent / "translations"


def catalog_for(language: str) -> gettext_module.NullTranslations:
    """The ``messages`` catalog of one language (gettext, pgettext); one that says every message
    in English where the catalog (or its compiled .mo) is missing."""
    path = CATALOGS / language / "LC_MESSAGES" / "messages.mo"
    if language == DEFAULT_LANGUAGE or not path.is_file():
        return gettext_module.NullTranslations()
    with path.open("rb") as handle:
        return gettext_module.GNUTranslations(handle)


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


def gettext(message: str, **variables: object) -> str:
    """Flask-Babel's ``gettext(message, **variables)`` for a command line: ``%(name)s`` filled."""
    text = _current[0].gettext(message)
    return text % variables if variables else text


def add_language_option(parser: argparse.ArgumentParser) -> None:
    """``--lang``, as every TileTally command line takes it (its help in the language already in use:
    ``split_lang`` reads the option before the parser is built)."""
    parser.add_argument("--lang", type=lang_choice, metavar="LANG",
                        help=_("language of the messages: {languages} (default: the environment's)")
                        .format(languages=", ".join(LANGUAGES)))
