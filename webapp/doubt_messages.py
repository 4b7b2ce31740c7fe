"""The photo reader's doubts in the reader's language on the web pages.

The messages and their rendering live beside the reader (``vision.doubt_messages``) so the command
line says them too; here a doubt about the hand's shape, which carries the engine's own error code,
is rendered from ``engine_messages``.

The declare page renders doubts in its script from the API's locale-free JSON, so it gets this
language's messages in the page (``page_templates``); a plural message is handed over once per
plural category of the language (CLDR's "one", "few", "many", "other"), which the script picks
with the browser's ``Intl.PluralRules``: the same rule gettext's Plural-Forms encode.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from babel import Locale

from vision import doubt_messages as reader_doubts
from vision.doubt_messages import MESSAGES, Translations
from webapp import engine_messages
from webapp.languages import DEFAULT_LANGUAGE

__all__ = ["MESSAGES", "page_templates", "plural_samples", "render"]


def render(doubt: Mapping[str, Any], translations: Translations, language: str) -> str:
    """One doubt of a reading's ``ambiguities`` in ``language`` (``vision.doubt_messages.render``),
    a hand the engine refuses in the engine's words."""
    return reader_doubts.render(doubt, translations, language, engine_messages.render)


@lru_cache(maxsize=16)
def plural_samples(language: str) -> dict[str, int]:
    """A count in each plural category of ``language`` that whole numbers fall in (CLDR, as the
    browser's Intl.PluralRules names them): {"one": 1, "few": 2, "many": 5} for Polish."""
    rule = Locale.parse(language).plural_form
    samples: dict[str, int] = {}
    for count in range(0, 200):
        samples.setdefault(rule(count), count)
    return samples


def page_templates(translations: Translations, language: str) -> dict[str, Any] | None:
    """This language's doubt messages for the page script: a code's message, or for a message
    with a count its form per plural category. None in English (the page shows the reader's own
    text)."""
    if language == DEFAULT_LANGUAGE:
        return None
    out: dict[str, Any] = {}
    for code, message in MESSAGES.items():
        if isinstance(message, tuple):
            out[code] = {category: translations.ngettext(message[0], message[1], count)
                         for category, count in plural_samples(language).items()}
        else:
            out[code] = translations.gettext(message)
    return out
