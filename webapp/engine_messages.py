"""The engine's errors and reasons in the reader's language.

The engine answers a code and its parameters beside its English text (``{"ok": false, "error":
..., "code": "hand.tile_count", "params": {"total": 13, ...}}``, and ``reason_code`` /
``reason_params`` for a hand that is not a win or is below the minimum). Each code's message is
written here once, as a gettext message with ``{name}`` placeholders; pages render it with
``render``, and the page scripts get this language's templates from ``templates_for_page`` (the
JSON API itself stays English and locale-free). A code without a message here falls back to the
engine's English text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext
from flask_babel import lazy_gettext as _l

MESSAGES = {
    "request.not_an_object": _l("Each hand must be a JSON object."),
    "notation.invalid": _l("These tiles cannot be read."),
    "notation.not_text": _l("Tiles must be written as text."),
    "notation.unknown_wind": _l("Unknown wind “{letter}”: use E, S, W or N."),
    "notation.suit_without_digits": _l("The suit letter “{char}” at position {position} has no digits "
                                       "before it."),
    "notation.digits_before_space": _l("The digits at position {digits_at} have no suit letter before "
                                       "the space at position {position}."),
    "notation.unexpected_character": _l("Unexpected character “{char}” at position {position}: tiles are "
                                        "digits followed by m, p, s, z or f."),
    "notation.digit_without_suit": _l("The digit “{digit}” at position {position} has no suit letter "
                                      "(end with m, p, s, z or f)."),
    "notation.not_an_honour": _l("{digit}z at position {position} is not a tile: honours are 1z–7z."),
    "notation.not_a_flower": _l("{digit}f at position {position} is not a tile: flowers and seasons "
                                "are 1f–8f."),
    "notation.too_many_copies": _l("{count} copies of {tile}: a set has {limit}."),
    "notation.too_many_red_fives": _l("{count} red fives {tile}: a set has one."),
    "notation.not_one_tile": _l("Expected one tile, got {count}."),
    "meld.format": _l("The meld “{meld}” must look like pon:555p (kind:tiles)."),
    "meld.unknown_kind": _l("The meld “{meld}” has an unknown kind “{kind}”."),
    "meld.illegal_chow": _l("The meld “{meld}” is not a chow: it needs three consecutive tiles of one "
                            "suit."),
    "meld.illegal_pung": _l("The meld “{meld}” is not a pung: it needs three identical tiles."),
    "meld.illegal_kong": _l("The meld “{meld}” is not a kong: it needs four identical tiles."),
    "hand.invalid": _l("This hand cannot be scored as given."),
    "hand.missing": _l("No tiles were given for the hand."),
    "hand.bonus_in_hand": _l("The bonus tile {tile} belongs with the flowers, not in the hand."),
    "hand.not_a_flower": _l("{tile} is not a flower or season (1f–8f)."),
    "hand.tile_count": _l("The hand has {total} tiles; a win needs {base}, plus one for each kong "
                          "({need})."),
    "hand.too_many_melds": _l("{count} melds: a hand has at most {sets}."),
    "hand.tile_used_too_often": _l("{tile} is used {count} times across the hand, melds and flowers: "
                                   "a set has {limit}."),
    "hand.no_winning_tile": _l("No winning tile was given."),
    "hand.winning_tile_missing": _l("The winning tile {tile} is not among the hand's concealed tiles."),
    "hand.win_by": _l("The win must be on a discard or self-drawn."),
    "hand.unknown_flag": _l("Unknown circumstance “{flag}”."),
    "hand.not_a_count": _l("{key} must be a whole number of 0 or more."),
    "hand.melds_not_list": _l("The melds must be a list."),
    "hand.flags_not_list": _l("The circumstances must be a list of names."),
    "rules.invalid": _l("These rules or options cannot be used."),
    "rules.unknown_preset": _l("Unknown rules “{rules}”."),
    "rules.unknown_option": _l("Unknown option “{option}” for the rules “{rules}”."),
    "rules.option_type": _l("The option “{option}” has a value of the wrong type."),
    "rules.option_choice": _l("The option “{option}” must be one of {choices}."),
    "rules.options_not_object": _l("The options must be a JSON object."),
    "score.not_a_win": _l("Not a winning hand: the tiles do not make a complete hand."),
    "score.no_yaku": _l("No yaku: the hand is complete but has no yaku (dora are not yaku)."),
    "score.below_minimum": _l("{points} fan points without flowers: a win needs at least {minimum}."),
}

# The input fields a tile-notation error can be found in (``params["field"]``).
FIELDS = {
    "hand": _l("Hand"),
    "flowers": _l("Flowers"),
    "dora_indicators": _l("Dora indicators"),
    "ura_indicators": _l("Ura dora indicators"),
}


def _fill(template: str, params: Mapping[str, Any]) -> str:
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template   # a placeholder the params lack: the message without it, never a 500


def render(code: str | None, params: Mapping[str, Any] | None, english: str) -> str:
    """The message for an engine code in the request's language; ``english`` when there is none."""
    template = MESSAGES.get(code or "")
    if template is None:
        return english
    params = params or {}
    text = _fill(str(template), params)
    field = params.get("field")
    if field:
        label = FIELDS.get(field)
        text = gettext("{field}: {message}").format(field=label if label is not None else field,
                                                    message=text)
    return text


def render_error(result: Mapping[str, Any]) -> str:
    """An ``{"ok": false}`` engine result's message in the request's language."""
    return render(result.get("code"), result.get("params"), str(result.get("error", "")))


def render_reason(result: Mapping[str, Any]) -> str:
    """A scored result's ``reason`` (not a win, below the minimum) in the request's language."""
    return render(result.get("reason_code"), result.get("reason_params"), str(result.get("reason", "")))


def templates_for_page() -> dict[str, dict[str, str]]:
    """This language's message templates, for the page scripts (which fill in the params)."""
    return {"messages": {code: str(template) for code, template in MESSAGES.items()},
            "fields": {field: str(label) for field, label in FIELDS.items()},
            "field_format": gettext("{field}: {message}")}
