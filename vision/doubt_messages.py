"""The photo reader's doubts in a reader's language, for the web pages and the command line.

The reader (vision.layout) writes each doubt in English and says the same as data: a ``code`` and
its ``params`` (docs/vision.md lists them). Each code's message is written here once, as a gettext
message with ``{name}`` placeholders; a doubt with a count has a singular and a plural message
(gettext's ngettext, so Polish gets its three forms). The messages live beside the reader, not in
the web app, so ``python -m vision read`` can say them too (imports go webapp -> vision). A code
without a message here (a doubt about the hand's shape carries the engine's own error code) goes
to the caller's ``fallback``: the web app renders it from its engine messages, the command line
shows the reader's English text. In English the reader's own text is shown (as for refusals).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from babel.numbers import format_decimal

from engine.reasons.marker import N_
from vision.languages import DEFAULT_LANGUAGE


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """A message with a singular and a plural, marked for extraction (``-k NP_:1,2``); the count
    that chooses between them is the doubt's ``count`` param."""
    return singular, plural


MESSAGES: dict[str, str | tuple[str, str]] = {
    "stray": NP_("{count} faint detection away from the hand ({codes}) left out",
                 "{count} faint detections away from the hand ({codes}) left out"),
    "apart": NP_("{count} tile away from the hand ({codes}) left out",
                 "{count} tiles away from the hand ({codes}) left out"),
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

# A code with no message here: (code, params, the reader's English text, gettext) -> the text.
Fallback = Callable[[str, Mapping[str, Any], str, Callable[[str], str]], str]


class Translations(Protocol):
    def gettext(self, message: str) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


def _numbers(params: Mapping[str, Any], language: str) -> dict[str, Any]:
    """Numbers written as the reader writes them (0,41 in Polish), as the page script does."""
    return {key: format_decimal(value, locale=language)
            if isinstance(value, int | float) and not isinstance(value, bool) else value
            for key, value in params.items()}


def _english(code: str, params: Mapping[str, Any], english: str, gettext: Callable[[str], str]) -> str:
    return english


def render(doubt: Mapping[str, Any], translations: Translations, language: str,
           fallback: Fallback = _english) -> str:
    """One doubt of a reading's ``ambiguities`` in ``language``, translated by ``translations``
    (the page's or a command line's catalog): the reader's English text in English, or when its
    params do not fill the message; ``fallback``'s text for a code with no message here."""
    english = str(doubt.get("message", ""))
    if language == DEFAULT_LANGUAGE:
        return english
    code = str(doubt.get("code") or doubt.get("kind") or "")
    params = doubt.get("params") or {}
    message = MESSAGES.get(code)
    if message is None:
        return fallback(code, params, english, translations.gettext)
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
