"""The engine's errors and reasons in the reader's language.

The engine answers a code and its parameters beside its English text (``{"ok": false, "error":
..., "code": "hand.tile_count", "params": {"total": 13, ...}}``, and ``reason_code`` /
``reason_params`` for a hand that is not a win or is below the minimum). Each code's message is
written once, as a gettext message with ``{name}`` placeholders: a hand's and the rules' here, the
table's refusals beside the table (``engine.table.messages``), a name's beside the store; pages render it with
``render``, and the page scripts get this language's templates from ``templates_for_page`` (the
JSON API itself stays English and locale-free). A code without a message here falls back to the
engine's English text. The messages are English templates marked with ``N_`` and translated when
rendered, by the page's gettext or by the command line's (``translate``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask_babel import gettext

from engine.core.coded import CodedText, coded_cause
from engine.families.settlement import MINIMUM_MESSAGES
from engine.reasons.marker import N_
from engine.table.messages import MESSAGES as TABLE_MESSAGES
from webapp.languages import DEFAULT_LANGUAGE, current_language
from webapp.languages import _ as cli_gettext
from webapp.storage.values import IMPORT_MESSAGES, NAME_MESSAGES
from webapp.upload_messages import MESSAGES as UPLOAD_MESSAGES

Translate = Callable[[str], str]



MESSAGES = {
    "request.not_an_object": N_("Each hand must be a JSON object."),
    "request.too_many_tiles": N_("{count} tiles, more than any hand holds ({limit})."),
    "notation.invalid": N_("These tiles cannot be read."),
    "notation.not_text": N_("Tiles must be written as text."),
    "notation.unknown_wind": N_("Unknown wind “{letter}”: use E, S, W or N."),
    "notation.suit_without_digits": N_("The suit letter “{char}” at position {position} has no digits "
                                       "before it."),
    "notation.digits_before_space": N_("The digits at position {digits_at} have no suit letter before "
                                       "the space at position {position}."),
    "notation.unexpected_character": N_("Unexpected character “{char}” at position {position}: tiles are "
                                        "digits followed by m, p, s, z or f."),
    "notation.digit_without_suit": N_("The digit “{digit}” at position {position} has no suit letter "
                                      "(end with m, p, s, z or f)."),
    "notation.not_an_honour": N_("{digit}z at position {position} is not a tile: honours are 1z–7z."),
    "notation.not_a_flower": N_("{digit}f at position {position} is not a tile: flowers and seasons "
                                "are 1f–8f."),
    "notation.too_many_copies": N_("{count} copies of {tile}: a set has {limit}."),
    "notation.too_many_red_fives": N_("{count} red fives {tile}: a set has one."),
    "notation.not_one_tile": N_("Expected one tile, got {count}."),
    "meld.format": N_("The meld “{meld}” must look like pon:555p (kind:tiles)."),
    "meld.unknown_kind": N_("The meld “{meld}” has an unknown kind “{kind}”."),
    "meld.illegal_chow": N_("The meld “{meld}” is not a chow: it needs three consecutive tiles of one "
                            "suit."),
    "meld.illegal_pung": N_("The meld “{meld}” is not a pung: it needs three identical tiles."),
    "meld.illegal_kong": N_("The meld “{meld}” is not a kong: it needs four identical tiles."),
    "hand.invalid": N_("This hand cannot be scored as given."),
    "hand.missing": N_("No tiles were given for the hand."),
    "hand.bonus_in_hand": N_("The bonus tile {tile} belongs with the flowers, not in the hand."),
    "hand.not_a_flower": N_("{tile} is not a flower or season (1f–8f)."),
    "hand.tile_count": N_("The hand has {total} tiles; a win needs {base}, plus one for each kong "
                          "({need})."),
    "hand.too_many_melds": N_("{count} melds: a hand has at most {sets}."),
    "hand.tile_used_too_often": N_("{tile} is used {count} times across the hand, melds and flowers: "
                                   "a set has {limit}."),
    "hand.no_winning_tile": N_("No winning tile was given."),
    "hand.winning_tile_missing": N_("The winning tile {tile} is not among the hand's concealed tiles."),
    "hand.win_by": N_("The win must be on a discard or self-drawn."),
    "hand.unknown_flag": N_("Unknown circumstance “{flag}”."),
    "hand.not_a_count": N_("{key} must be a whole number of 0 or more."),
    "hand.melds_not_list": N_("The melds must be a list."),
    "hand.flags_not_list": N_("The circumstances must be a list of names."),
    "rules.invalid": N_("These rules or options cannot be used."),
    "rules.unknown_preset": N_("Unknown rules “{rules}”."),
    "rules.unknown_option": N_("Unknown option “{option}” for the rules “{rules}”."),
    "rules.option_type": N_("The option “{option}” has a value of the wrong type."),
    "rules.option_choice": N_("The option “{option}” must be one of {choices}."),
    "rules.options_not_object": N_("The options must be a JSON object."),
    "score.not_a_win": N_("Not a winning hand: the tiles do not make a complete hand."),
    "score.no_yaku": N_("No yaku: the hand is complete but has no yaku (dora are not yaku)."),
    "score.below_minimum": N_("{points} fan points without flowers: a win needs at least {minimum}."),
    # recording a win the engine scores as no win (the API's 422): its reason, itself coded
    "record.not_a_scoring_win": N_("this hand is not a scoring win"),
    "record.false_win_instead": N_("{reason}; record it through the dispute page as a false win"),
}
NOT_A_SCORING_WIN = MESSAGES["record.not_a_scoring_win"]

# The input fields a tile-notation error can be found in (``params["field"]``).
FIELDS = {
    "hand": N_("Hand"),
    "flowers": N_("Flowers"),
    "dora_indicators": N_("Dora indicators"),
    "ura_indicators": N_("Ura dora indicators"),
    "tiles": N_("Tiles"),            # an abortive draw's evidence: the hand dealt
    "discards": N_("Discards"),      # ... and the first go-round's discards
}

# Every code's template: the hand's and the rules' (above), the table's, a name's, an import file's,
# an upload's and the declare page's minimum line.
TEMPLATES = {**MESSAGES, **TABLE_MESSAGES, **NAME_MESSAGES, **IMPORT_MESSAGES, **UPLOAD_MESSAGES,
             **MINIMUM_MESSAGES}

# Params whose values are English words from a closed set, translated before they are filled in
# (a name's refusal says which name: "the table name"; the minimum line's unit: "fan").
TRANSLATED_PARAMS = ("what", "unit")


def _fill(template: str, params: Mapping[str, Any]) -> str:
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template   # a placeholder the params lack: the message without it, never a 500


FIELD_FORMAT = N_("{field}: {message}")


def render(code: str | None, params: Mapping[str, Any] | None, english: str,
           translate: Translate = gettext) -> str:
    """The message for an engine code in the reader's language (the request's, unless a command
    line passes its own ``translate``); ``english`` when there is none."""
    template = TEMPLATES.get(code or "")
    if template is None:
        return english
    params = params or {}
    if params.get("reason_code"):     # a message around another coded one: that one first
        params = {**params, "reason": render(params["reason_code"], params.get("reason_params"),
                                             str(params.get("reason", "")), translate)}
    words = {key: translate(str(params[key])) for key in TRANSLATED_PARAMS if key in params}
    text = _fill(translate(template), {**params, **words})
    field = params.get("field")
    if field:
        label = FIELDS.get(field)
        text = translate(FIELD_FORMAT).format(field=translate(label) if label is not None else field,
                                              message=text)
    return text


def minimum_fields(line: CodedText) -> dict[str, Any]:
    """A family's minimum line as the declare preview's JSON carries it: the English text, and
    the code and params a page in another language renders it from."""
    return {"minimum_text": line.text, "minimum_code": line.code, "minimum_params": dict(line.params)}


def render_english(code: str, params: Mapping[str, Any]) -> str:
    """A code's English message filled in (the API's ``error``, which stays English)."""
    return _fill(TEMPLATES[code], params)


def render_error(result: Mapping[str, Any], translate: Translate = gettext) -> str:
    """An ``{"ok": false}`` engine result's message in the reader's language."""
    return render(result.get("code"), result.get("params"), str(result.get("error", "")), translate)


def render_reason(result: Mapping[str, Any], translate: Translate = gettext) -> str:
    """A scored result's ``reason`` (not a win, below the minimum) in the reader's language."""
    return render(result.get("reason_code"), result.get("reason_params"), str(result.get("reason", "")),
                  translate)


def error_text(error: BaseException, language: str, translate: Translate = gettext) -> str:
    """An error with a code (``engine.core.coded``: HandError, RulesError, TableError, an upload's
    or an import's refusal, or an error raised from one) in ``language``, from its code's message;
    in English the error's own text, which can say more than the template (a rule module's
    detail), and any error without a code as its own text."""
    coded = coded_cause(error)
    if coded is None or language == DEFAULT_LANGUAGE:
        return str(error)
    return render(coded.code, coded.params, str(error), translate)


def command_line_error(error: Exception) -> str:
    """``error`` in the command line's language (``error_text``)."""
    return error_text(error, current_language(), cli_gettext)


def templates_for_page() -> dict[str, dict[str, str]]:
    """This language's message templates, for the page scripts (which fill in the params)."""
    return {"messages": {code: gettext(template) for code, template in TEMPLATES.items()},
            "fields": {field: gettext(label) for field, label in FIELDS.items()},
            "field_format": gettext(FIELD_FORMAT)}
