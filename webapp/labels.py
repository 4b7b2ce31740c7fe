"""Names the pages show for the engine's own keys, in the reader's language: winds, presets, rule
options, situational flags, and the one-line title of each recorded hand.

The API and ``present.table_view`` keep their English words (the JSON API is locale-free); the
pages look the key up here, and a key without an entry (a preset or option added later) keeps
the English text it came with.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask_babel import format_decimal, gettext
from flask_babel import lazy_gettext as _l

from engine.reasons.marker import N_

WINDS = {"E": _l("East"), "S": _l("South"), "W": _l("West"), "N": _l("North")}

PRESETS = {
    "mcr": _l("Chinese Official (MCR)"),
    "mcr-ema": _l("Chinese Official, EMA penalties"),
    "riichi": _l("Riichi (modern Japanese)"),
    "japanese-classical": _l("Japanese classical (points x doubles)"),
    "classical": _l("Classical Chinese (Babcock 1923)"),
    "hongkong": _l("Hong Kong old style (faan)"),
    "taiwanese": _l("Taiwanese 16-tile (tai)"),
}

FLAGS = {
    "last_of_kind": _l("Last tile of its kind"),
    "last_tile": _l("Last tile of the wall"),
    "kong_replacement": _l("Out with a kong replacement"),
    "robbing_kong": _l("Robbing the kong"),
    "riichi": _l("Riichi"),
    "double_riichi": _l("Double riichi"),
    "ippatsu": _l("Ippatsu"),
    "rinshan": _l("Rinshan (after a kan)"),
    "chankan": _l("Chankan (robbing a kan)"),
    "haitei": _l("Haitei (last draw)"),
    "houtei": _l("Houtei (last discard)"),
    "tenhou": _l("Tenhou (dealer's first draw)"),
    "chiihou": _l("Chiihou (first draw)"),
    "heaven": _l("Heaven's blessing (East)"),
    "earth": _l("Earth's blessing"),
    "declared_ready": _l("Declared ready (original call)"),
}
# The classical game words two flags its own way.
CLASSICAL_FLAGS = {"kong_replacement": _l("Out with a loose tile"), "robbing_kong": _l("Robbing a kong")}

OPTIONS = {
    "abortive_draws": _l("Abortive draws"),
    "counted_yakuman": _l("Counted yakuman (13 han or more)"),
    "counter_on_draw": _l("A counter after a draw"),
    "dead_wall": _l("Dead wall (tiles left at the draw)"),
    "dealer_keeps_on_draw": _l("The dealer keeps the deal after a draw"),
    "dora": _l("Dora"),
    "double_yakuman": _l("Double yakuman"),
    "draw_payments": _l("Payments at a draw"),
    "draw_pool": _l("Draw payment pool"),
    "east_pays_double": _l("East pays and receives double"),
    "false_win_penalty": _l("False win penalty"),
    "flowers": _l("Flowers and seasons"),
    "four_wind_hand": _l("Four Wind Hand"),
    "heads_and_tails": _l("Heads and Tails"),
    "honba_dealer_only": _l("Counters for the dealer only"),
    "honba_value": _l("Points per counter"),
    "ippatsu": _l("Ippatsu"),
    "kiriage": _l("Round up to mangan (kiriage)"),
    "knitted_straight_waits": _l("Wait fans with a Knitted Straight"),
    "limit": _l("Limit"),
    "lucky_thirteen": _l("Lucky Thirteen"),
    "mahjong_bonus": _l("Mah-Jongg bonus"),
    "melded_concealed_kongs": _l("One melded and one concealed kong"),
    "minimum": _l("Minimum fan points"),
    "minimum_han": _l("Minimum han"),
    "multiple_ron": _l("Several wins on one discard"),
    "open_pinfu_fu": _l("Fu of an open pinfu shape"),
    "open_tanyao": _l("Open tanyao"),
    "pinfu_tsumo_fu": _l("Fu for tsumo with pinfu"),
    "prevailing_wind": _l("Prevailing wind scores"),
    "red_fives": _l("Red fives"),
    "renhou_as_yakuman": _l("Renhou as yakuman"),
    "riichi": _l("Riichi"),
    "riichi_stick": _l("Riichi stick"),
    "rounding": _l("Rounding"),
    "sacred_discard": _l("Sacred discard"),
    "scoring": _l("Scoring"),
    "seven_pairs": _l("Seven Pairs"),
    "start_points": _l("Starting points"),
    "thirteen_orphans": _l("Thirteen Orphans"),
    "three_great_scholars": _l("Three Great Scholars"),
    "two_concealed_kongs": _l("Two Concealed Kongs"),
    # Hong Kong and Taiwanese
    "all_one_suit_faan": _l("All One Suit (faan)"),
    "base": _l("Base stake (底)"),
    "concealed_kong_keeps_concealed": _l("A concealed kong keeps the hand concealed (門清)"),
    "concealed_on_limit": _l("Fully Concealed counts on a limit hand"),
    "dealer_tai": _l("Dealer's tai (莊家)"),
    "discarder_pays": _l("On a discard the discarder pays for all, or for himself"),
    "eight_flowers_tai": _l("Eight flowers (tai)"),
    "false_win_tai": _l("False win: tai on top of the base, to each player"),
    "flower_set_replaces_seat": _l("A flower set replaces its seat flower"),
    "full_flush_tai": _l("Full flush (tai)"),
    "great_dragons_faan": _l("Great Dragons (faan)"),
    "limit_faan": _l("Limit of a hand (faan)"),
    "min_faan": _l("Faan needed to win (flowers not counted)"),
    "no_flowers_faan": _l("No Flowers (faan; 0: not counted)"),
    "payout": _l("Payout schedule"),
    "per_tai": _l("Stake per tai (台)"),
    "small_dragons_faan": _l("Small Dragons (faan)"),
    "small_limit_faan": _l("All Honours, Four Concealed Pungs, Orphans, Nine Gates (faan)"),
    "small_winds_faan": _l("Small Winds (faan)"),
    "streak_tai": _l("Tai per hand of the dealer's streak (連n拉n)"),
    # abortive draws and the sacred discard
    "nine_terminals": _l("Nine-terminals abortive draw counts"),
    "same_first_discards": _l("Same first discards by all four abortive draw"),
    "sacred_claim": _l("A win on a sacred discard is"),
}


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


# The abortive draws by the key the table records, in the engine's English words
# (engine.families.riichi.draws.ABORTIVE_KINDS), and the offences a preset's sheet names
# (engine.table.offences).
ABORTIVE_WORDS = {
    "nine_terminals": N_("nine terminal and honour tiles in a starting hand"),
    "four_kongs": N_("four kongs by different players"),
    "same_first_discards": N_("the same tile discarded by all four on the first go-round"),
    "three_ron": N_("three players claimed one discard"),
    "four_riichi": N_("four riichi declarations"),
}
OFFENCES = {"revealed_hand": N_("revealed their hand before the declared win was verified")}
# (the draw and penalty pages translate the engine's words with these msgids; a test keeps them equal)

KINDS = {"win": _l("win"), "draw": _l("draw"), "abortive_draw": _l("abortive draw"),
         "false_win": _l("false win"), "penalty": _l("penalty")}

UNIT_NAMES = {"fan": _l("fan"), "han": _l("han"), "point": _l("point"), "points": _l("points"),
              "double": _l("double"), "doubles": _l("doubles"), "faan": _l("faan"), "tai": _l("tai")}


def draw_reason(reason: str, gettext: Callable[..., str] = gettext) -> str:
    """An abortive draw's reason: a kind's key, or the words an older draw page stored."""
    if reason in ABORTIVE_WORDS:
        return gettext(ABORTIVE_WORDS[reason])
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


def preset_title(name: str) -> str:
    """A preset's name in a sentence: its title in the reader's language, never the bare code."""
    label = PRESETS.get(name)
    return str(label) if label is not None else name


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
    label = PRESETS.get(name)
    return f"{label} · {name}" if label is not None else (english or name)


def option(key: str, english: str = "") -> str:
    label = OPTIONS.get(key)
    return str(label) if label is not None else (english or key)


# An option's value in words (units.OPTION_CHOICES and option_words say them in English).
CHOICE_WORDS = {
    ("scoring", "han_fu"): _l("han and fu (Riichi)"),
    ("scoring", "points_doubles"): _l("basic points x doubles"),
    ("dealer_keeps_on_draw", "tenpai"): _l("when waiting"),
    ("dealer_keeps_on_draw", "always"): _l("always"),
    ("dealer_keeps_on_draw", "never"): _l("never"),
    ("multiple_ron", "double_ron"): _l("every claimant wins (double ron)"),
    ("multiple_ron", "head_bump"): _l("head bump: the next in turn"),
    ("sacred_discard", "traditional"): _l("only the own last discard"),
    ("sacred_discard", "extended"): _l("any own discard"),
    ("sacred_discard", "until_wall_draw"): _l("an own discard, until the player draws from the wall"),
    ("sacred_discard", "last_discard"): _l("only the own last discard"),
    ("sacred_discard", "one_four_seven"): _l("every tile the hand waits on, once one is an own discard"),
    ("sacred_discard", "absolute"): _l("every tile the hand waits on, once one was discarded this hand"),
    ("sacred_claim", "refuse"): _l("refused"),
    ("sacred_claim", "false_win"): _l("a false win"),
    ("payout", "half-spicy"): _l("half-spicy (半辣)"),
    ("payout", "full-spicy"): _l("full-spicy (全辣)"),
    ("discarder_pays", "all"): _l("the discarder pays for all (全銃)"),
    ("discarder_pays", "self"): _l("the discarder pays for himself (半銃)"),
    ("dealer_keeps_on_draw", "waiting"): _l("when waiting"),
    ("multiple_ron", "next_in_turn"): _l("the next in turn wins"),
    ("nine_terminals", "tiles"): _l("nine tiles"),
    ("nine_terminals", "kinds"): _l("nine kinds"),
    ("same_first_discards", "any_tile"): _l("any tile"),
    ("same_first_discards", "wind"): _l("a wind only"),
}


def option_value(key: str, value: Any, english: str = "") -> str:
    """An option's value as the reader says it: yes / no / not set, a choice in words, or the
    value itself (a number)."""
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if value is None:
        return gettext("not set")
    label = CHOICE_WORDS.get((key, value)) if isinstance(value, str) else None
    return str(label) if label is not None else (english or str(value))


def flag(family: str, key: str, english: str = "") -> str:
    label = (CLASSICAL_FLAGS.get(key) if family == "babcock" else None) or FLAGS.get(key)
    return str(label) if label is not None else (english or key)


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
