"""Names the pages show for the engine's own keys, in the reader's language: winds, presets, rule
options, situational flags, and the one-line title of each recorded hand.

The API and ``present.table_view`` keep their English words (the JSON API is locale-free). A
preset's title, an option's label and its choices' words and a flag's label are the family's own
English, marked with ``N_`` where the family writes them (babel.cfg extracts the family packages):
the pages translate that English, so a new family brings its words with it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask_babel import format_decimal, gettext
from flask_babel import lazy_gettext as _l

from engine.families import RulesError, families, family_named, family_of

WINDS = {"E": _l("East"), "S": _l("South"), "W": _l("West"), "N": _l("North")}

STATUS_TITLES = {
    400: _l("Bad request"),
    403: _l("Forbidden"),
    404: _l("Not found"),
    405: _l("Not allowed"),
    409: _l("Changed meanwhile"),
    413: _l("Too large"),
    415: _l("Not a file TileTally can read"),
    422: _l("Cannot be recorded"),
    429: _l("Too many requests"),
    500: _l("Something went wrong"),
}
# The error page's words where the error brings none of its own (the web server's English
# defaults, such as a 500's "The server encountered an internal error...").
STATUS_MESSAGES = {
    400: _l("The request could not be understood. Reload the page and try again."),
    403: _l("This is not allowed."),
    404: _l("There is nothing at this address. Check that the whole link was copied."),
    405: _l("This page cannot be used that way."),
    429: _l("Too many requests at once. Wait a moment and try again."),
    500: _l("The server could not finish this request; nothing was changed by it. Try again, and "
            "if it happens again, tell whoever runs this TileTally."),
}
GENERIC_MESSAGE = _l("The server could not answer this request.")

# The kinds of meld as the pages name them (the hand's notation keeps the engine's codes).
MELD_KINDS = {"chi": _l("Chow (chi)"), "pon": _l("Pung (pon)"), "kan": _l("Open kong"),
              "ankan": _l("Concealed kong"), "kakan": _l("Added kong")}


# The abortive-draw reasons the draw form offers; the event keeps the English words.
DRAW_REASONS = {
    "nine terminals and honours": _l("nine terminals and honours"),
    "four kongs by different players": _l("four kongs by different players"),
    "four identical winds on the first go-round": _l("four identical winds on the first go-round"),
    "three players claimed one discard": _l("three players claimed one discard"),
    "four riichi declarations": _l("four riichi declarations"),
    "other": _l("other"),
}


KINDS = {"win": _l("win"), "draw": _l("draw"), "abortive_draw": _l("abortive draw"),
         "false_win": _l("false win"), "penalty": _l("penalty")}

UNIT_NAMES = {"fan": _l("fan"), "han": _l("han"), "point": _l("point"), "points": _l("points"),
              "double": _l("double"), "doubles": _l("doubles"), "faan": _l("faan"), "tai": _l("tai")}


def draw_reason(reason: str, gettext: Callable[..., str] = gettext) -> str:
    """An abortive draw's reason: a kind's key, or the words an older draw page stored."""
    for family in families():    # a kind's key: its family's words, marked for the catalogs
        if family.abortive_draws is not None and reason in family.abortive_draws.kinds:
            return gettext(family.abortive_draws.kinds[reason])
    return gettext(reason) if reason in DRAW_REASONS else reason



def kind_label(kind: str) -> str:
    label = KINDS.get(kind)
    return str(label) if label is not None else kind.replace("_", " ")


def unit(name: str) -> str:
    label = UNIT_NAMES.get(name)
    return str(label) if label is not None else name


def status_message(status: int) -> str:
    """The error page's message where the error has none of its own."""
    return str(STATUS_MESSAGES.get(status, GENERIC_MESSAGE))


def meld_kind(kind: str) -> str:
    label = MELD_KINDS.get(kind)
    return str(label) if label is not None else kind


# Why a game ended (engine.table.game_end's END_* codes), as the final standings say it.
END_REASONS = {"last_hand": _l("The last hand has been played."),
               "players": _l("The players ended the game."),
               "below_zero": _l("A player's score fell below zero."),
               "agari_yame": _l("The last dealer won in first place.")}


def end_reason(code: str) -> str:
    text = END_REASONS.get(code)
    return str(text) if text is not None else ""


def preset_title(name: str) -> str:
    """A preset's name in a sentence: its title in the reader's language, never the bare code."""
    try:
        return gettext(family_of(name).preset_title(name))
    except RulesError:
        return name


def status_title(status: int, english: str) -> str:
    """The error page's title for an HTTP status, in the reader's language."""
    title = STATUS_TITLES.get(status)
    return str(title) if title is not None else english


def wind(letter: str) -> str:
    """A wind's name ("East", "东", "東", "Wschód") from its letter."""
    name = WINDS.get(letter)
    return str(name) if name is not None else letter


def wind_badge(letter: str) -> str:
    """The short wind mark of a seat: the letter, or the one character a CJK reader knows."""
    name = wind(letter)
    return name if len(name) == 1 else letter


def preset(name: str, english: str = "") -> str:
    """A preset's title, as its family writes it (marked for the catalogs), and its name."""
    try:
        title = family_of(name).preset_title(name)
    except RulesError:
        return english or name
    return f"{gettext(title)} · {name}"


def option(key: str, english: str = "") -> str:
    """An option's label: its family's English (``OptionSpec.label``, marked for the catalogs)."""
    return gettext(english) if english else key


def option_value(key: str, value: Any, english: str = "") -> str:
    """An option's value as the reader says it: yes / no / not set, a choice in its family's words
    (``english``, marked for the catalogs), or the value itself (a number)."""
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if value is None:
        return gettext("not set")
    return gettext(english) if english else str(value)


def flag(family: str, key: str, english: str = "") -> str:
    """A flag's label, as the family (by its name) writes it, marked for the catalogs."""
    try:
        labels = {item.name: item.label for item in family_named(family).flags}
    except RulesError:
        labels = {}
    label = labels.get(key) or english
    return gettext(label) if label else key


def hand_detail(entry: Mapping[str, Any], family: str, language: str) -> str:
    """A winning hand's first items ("花龙 8 番, 门前清 2 番") in the reader's language, from the
    entry's facts; the English detail where the facts do not list them."""
    from webapp.item_names import item_title  # noqa: PLC0415 - item_names imports the engine names

    items = (entry.get("facts") or {}).get("items")
    if not items:
        return str(entry.get("detail") or "")
    text = gettext(", ").join(f"{item_title(family, name, language).title} {points} {unit(word)}".rstrip()
                              for name, points, word in items[:6])
    if len(items) > 6:
        text += gettext(", and %(count)s more", count=len(items) - 6)
    return text


Gettext = Callable[..., str]   # gettext(message, **variables), as Flask-Babel's


def _number(value: Any) -> str:
    return format_decimal(value) if isinstance(value, (int, float)) else str(value)


def _win_extras(facts: Mapping[str, Any], gettext: Gettext, number: Callable[[Any], str]) -> str:
    """The counters' bonus and the riichi sticks a win took, after its title ("(+300 counters,
    +1,000 riichi sticks)"); the API's title has the same words in English."""
    def signed(key: str) -> str:
        points = int(facts[key])
        return ("+" if points > 0 else "") + number(points)

    parts = []
    if facts.get("counter_points"):
        parts.append(gettext("%(points)s counters", points=signed("counter_points")))
    if facts.get("stick_points"):
        parts.append(gettext("%(points)s riichi sticks", points=signed("stick_points")))
    return " (" + gettext(", ").join(parts) + ")" if parts else ""


def hand_title(entry: Mapping[str, Any], players: Sequence[str], gettext: Gettext = gettext,
               number: Callable[[Any], str] = _number) -> str:
    """A recorded hand's one-line title in the reader's language, from its facts; the engine's
    English summary where the facts are not there (an entry from an older view). A page uses the
    request's gettext and number format; the command line passes its own."""
    facts = entry.get("facts") or {}
    kind = entry.get("kind")

    def name(index: Any) -> str:
        return players[index] if isinstance(index, int) and 0 <= index < len(players) else "?"

    if kind == "win" and len(facts.get("winners") or ()) == 1:   # several winners: the summary
        discarder = facts.get("discarder")
        total = number(facts.get("total"))
        if discarder is None:
            title = gettext("%(winner)s wins self-drawn, %(total)s", winner=name(facts["winners"][0]),
                            total=total)
        else:
            title = gettext("%(winner)s wins on %(discarder)s's discard, %(total)s",
                            winner=name(facts["winners"][0]), discarder=name(discarder), total=total)
        return title + _win_extras(facts, gettext, number)
    if kind in ("draw", "abortive_draw"):
        title = gettext("abortive draw") if kind == "abortive_draw" else gettext("draw")
        if facts.get("reason"):
            title += f" ({draw_reason(str(facts['reason']), gettext)})"
        if facts.get("waiting"):
            title += "; " + gettext("waiting: %(names)s",
                                    names=", ".join(name(p) for p in facts["waiting"]))
        return title
    if kind == "false_win" and "offender" in facts:
        return gettext("false win by %(name)s", name=name(facts["offender"]))
    if kind == "penalty":
        reason = facts.get("reason")
        return gettext("penalty: %(reason)s", reason=reason) if reason else gettext("penalty")
    return str(entry.get("title", ""))
