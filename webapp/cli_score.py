"""``tiletally score``: score one hand from the command line and print its breakdown.

    tiletally score "123m456p789s11222z" --rules mcr --win-tile 2z --tsumo --melds pon:555p

Builds the same request object as ``python -m engine score`` reads, so the two always agree;
``--json`` prints that contract's output line instead of the table.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine.core.hand import HandError
from engine.core.report import ENGLISH, Words, format_score
from engine.core.result import Excluded, Item, Score, coded
from engine.families import RulesError, default_preset, families, family_of, score_json, score_request
from engine.reasons.marker import N_
from webapp.engine_messages import command_line_error, render
from webapp.item_lines import titled
from webapp.languages import DEFAULT_LANGUAGE, _, catalog, current_language
from webapp.reason_text import reason_text
from webapp.security import check_nesting

# The breakdown table's own words (engine.core.report writes them in English).
REPORT_WORDS = (N_("Not a win: {reason}"), N_("the tiles do not make a winning hand"), N_("Item"),
                N_("Value"), N_("Sub"), N_("Why"), N_("Total: {total}"), N_("han"), N_("fu"),
                N_("limit"), N_("Below the minimum: {reason}"), N_("this hand may not win"),
                N_("Payments: {payments}"), N_("Not counted:"), N_("others {amount} each"),
                N_("winner"), N_("discarder"), N_("dealer"))


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "score", help=_("score one hand and print the breakdown"),
        description=_("Score one hand. Tiles in MPSZ notation: 123m 456p 789s 1-7z (E S W N Wh G R), "
                    "0m/0p/0s red fives, 1-8f flowers and seasons."))
    parser.add_argument("hand", help=_("concealed tiles, winning tile included, e.g. 123m456p789s11222z"))
    parser.add_argument("--rules", default=default_preset(), help=_("preset name (default: mcr)"))
    parser.add_argument("--win-tile", help=_("the winning tile (default: the last tile written)"))
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--tsumo", action="store_true", help=_("won by self-draw"))
    how.add_argument("--ron", action="store_true", help=_("won on a discard (the default)"))
    parser.add_argument("--melds", nargs="*", default=[], metavar="KIND:TILES",
                        help=_("called or declared sets: chi:123m pon:555p kan:7777s ankan:1111z "
                               "kakan:2222p"))
    parser.add_argument("--seat", default="E", help=_("seat wind E/S/W/N"))
    parser.add_argument("--round", default="E", help=_("prevalent (round) wind E/S/W/N"))
    parser.add_argument("--flowers", default="", help=_("bonus tiles, e.g. 15f"))
    parser.add_argument("--flags", nargs="*", default=[], metavar="FLAG",
                        help=_("situational flags: {flags}").format(flags=_flags_by_preset()))
    parser.add_argument("--dora", default="", help=_("dora indicators (Japanese rules)"))
    parser.add_argument("--ura", default="", help=_("ura-dora indicators (Japanese rules)"))
    parser.add_argument("--honba", type=int, default=0, help=_("dealer-streak counters"))
    parser.add_argument("--riichi-sticks", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help=_("override a preset option, e.g. two_concealed_kongs=6 (repeatable)"))
    parser.add_argument("--json", action="store_true", help=_("print the engine's JSON result line"))
    parser.set_defaults(handler=run)


def _flags_by_preset() -> str:
    """Each family's flags after its presets' names: a flag is read by its own family only."""
    return "; ".join(f"{', '.join(family.presets)}: {', '.join(sorted(family.flag_vocabulary()))}"
                     for family in families())


def parse_option(text: str) -> tuple[str, Any]:
    """'key=value' with a JSON value where it parses (true, 6, "x"), else the text itself."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise RulesError(_("option {text} must look like key=value").format(text=repr(text)))
    check_nesting(value)       # a deep JSON value is refused, not a RecursionError
    try:
        return key.strip(), json.loads(value)
    except json.JSONDecodeError:
        return key.strip(), value


def build_request(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "rules": args.rules,
        "options": dict(parse_option(text) for text in args.option),
        "hand": args.hand,
        "melds": list(args.melds),
        "win_tile": args.win_tile,
        "win_by": "tsumo" if args.tsumo else "ron",
        "seat_wind": args.seat,
        "round_wind": args.round,
        "flowers": args.flowers,
        "flags": list(args.flags),
        "dora_indicators": args.dora,
        "ura_indicators": args.ura,
        "honba": args.honba,
        "riichi_sticks": args.riichi_sticks,
    }


def run(args: argparse.Namespace) -> int:
    try:
        request = build_request(args)
        if args.json:
            result = score_json(request)
            print(json.dumps(result, ensure_ascii=False))
            return 0 if result.get("ok") else 2
        score = score_request(request)
    except (HandError, RulesError, ValueError) as error:
        print(_("error: {message}").format(message=command_line_error(error)), file=sys.stderr)
        return 2
    how = _("self-drawn") if args.tsumo else _("on a discard")
    title = f"{args.hand}  ({args.rules}, {how})"
    print(format_score(score, title=title, words=breakdown_words(family_of(args.rules).name)))
    return 0


def breakdown_words(family: str) -> Words:
    """The breakdown in the command line's language: the table's words, each item titled as the
    pages title it (the native name beside), and the reasons translated (webapp/reason_text)."""
    language = current_language()
    if language == DEFAULT_LANGUAGE:
        return ENGLISH
    tr = catalog()

    def name(item: Item | Excluded) -> str:
        named = coded(item.name)   # the code and params of a name the scorer built, else None
        title = titled(family, item.name, language, tr=tr, code=named and named["code"],
                       params=named and named["params"])
        return f"{title.title} {title.native}" if title.native else title.title

    def reason(score: Score) -> str | None:
        if score.reason is None:
            return None
        return render(score.details.get("reason_code"), score.details.get("reason_params"), score.reason,
                      tr.gettext)

    return Words(text=_, name=name,
                 why=lambda item: reason_text(family, item.to_dict(), "why", language, tr),
                 because=lambda excluded: reason_text(family, excluded.to_dict(), "because", language, tr),
                 reason=reason)
