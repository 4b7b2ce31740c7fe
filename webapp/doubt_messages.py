"""The photo reader's doubts in the reader's language.

The reader (vision.layout) writes each doubt in English and says the same as data: a ``code`` and
its ``params`` (docs/vision.md lists them). Each code's message is written here once, as a gettext
message with ``{name}`` placeholders; a doubt with a count has a singular and a plural message
(gettext's ngettext, so Polish gets its three forms). A doubt about the hand's shape carries the
engine's own error code, written by ``engine_messages``. A code without a message here shows the
reader's English text. In English the reader's own text is shown (as for refusals).

The declare page renders doubts in its script from the API's locale-free JSON, so it gets this
language's messages in the page (``page_templates``); a plural message is handed over once per
plural category of the language (CLDR's "one", "few", "many", "other"), which the script picks
with the browser's ``Intl.PluralRules``: the same rule gettext's Plural-Forms encode.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Protocol

from babel import Locale
from babel.numbers import format_decimal

from engine.reasons.marker import N_
from vision.languages import DEFAULT_LANGUAGE
from webapp import engine_messages


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """A message with a singular and a plural, marked for extraction (``-k NP_:1,2``); the count
    that chooses between them is the doubt's ``count`` param."""
    return singular, plural


MESSAGES: dict[str, str | tuple[str, str]] = {
    "stray": NP_("{count} faint detection away from the hand ({codes}) left out",
                 "{count} faint detections away from the hand ({codes}) left out"),
    "winning_tile": NP_("{count} single tile is laid apart ({codes}); the last is taken as the winning tile",
                        "{count} single tiles are laid apart ({codes}); the last is taken as the winning "
                        "tile"),
    "no_winning_tile": N_("no tile is laid apart as the winning tile; the last tile of the row ({tile}) is "
                          "taken"),
    "meld_apart": N_("{codes} lies apart where melds go but no tile of it was seen sideways: read as a "
                     "called meld"),
    "low_confidence": N_("tile {index} read as {tile} with confidence {confidence}"),
    "five_of_a_kind": NP_("{count} tile read as {tile}; a set has {limit}",
                          "{count} tiles read as {tile}; a set has {limit}"),
    "red_fives": NP_("{count} red five {tile}; a set has one", "{count} red fives {tile}; a set has one"),
    "no_concealed": N_("no concealed tiles were found"),
    "regrouped": N_("{codes} taken as one called set around the sideways tile {index} (laid as {was})"),
    "face_down": NP_("face-down tile in no concealed kong ({codes}): left out (a gap or a shadow?)",
                     "face-down tiles in no concealed kong ({codes}): left out (a gap or a shadow?)"),
    "all_face_down": N_("face-down tiles: all four are face down: which tile is it?"),
    "kong_seen_in_part": N_("concealed kong of {tile}: only {count} of its four tiles were seen"),
    "sideways": NP_("tile {index} looks sideways in a group of {count} tile, which is no meld; read as "
                    "concealed",
                    "tile {index} looks sideways in a group of {count} tiles, which is no meld; read as "
                    "concealed"),
    "illegal_set": N_("called tiles {codes} are no legal set (chi, pon or kan)"),
    "joined": N_("tile {index} ({tile}) and a box over it read as {other} are taken as one tile (one tile "
                 "or two?)"),
    "joined_unplaced": N_("a tile read as {tile} and a box over it read as {other} are taken as one tile "
                          "(one tile or two?)"),
}


class Translations(Protocol):
    def gettext(self, message: str) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


def _numbers(params: Mapping[str, Any], language: str) -> dict[str, Any]:
    """Numbers written as the reader writes them (0,41 in Polish), as the page script does."""
    return {key: format_decimal(value, locale=language)
            if isinstance(value, int | float) and not isinstance(value, bool) else value
            for key, value in params.items()}


def render(doubt: Mapping[str, Any], translations: Translations, language: str) -> str:
    """One doubt of a reading's ``ambiguities`` in ``language``, translated by ``translations``
    (the page's or a command line's catalog): the reader's English text in English, for a code
    with no message, or when its params do not fill the message."""
    english = str(doubt.get("message", ""))
    if language == DEFAULT_LANGUAGE:
        return english
    code = str(doubt.get("code") or doubt.get("kind") or "")
    params = doubt.get("params") or {}
    message = MESSAGES.get(code)
    if message is None:
        return engine_messages.render(code, params, english, translations.gettext)
    if isinstance(message, tuple):
        count = params.get("count")
        if not isinstance(count, int):
            return english
        template = translations.ngettext(message[0], message[1], count)
    else:
        template = translations.gettext(message)
    try:
        return template.format(**_numbers(params, language))
    except (KeyError, IndexError, ValueError):
        return english


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
