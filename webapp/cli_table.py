"""``tiletally table ...``: run a table from the command line, without the web app.

    tiletally table new --rules mcr --players Ann,Bob,Cai,Dee
    tiletally table win Cai --from Ann --hand 123m456p789s11122z --win-tile 2z
    tiletally table win Bob --total 24                  # self-drawn, total agreed on paper
    tiletally table draw --waiting Ann,Dee
    tiletally table draw --abortive --reason nine_terminals --player Bob --tiles 19m19p19s1234z55m
    tiletally table discard Ann 5p | wall-draw Ann | ready Ann      # the classical sheet's sacred discard
    tiletally table penalty Bob 0 --offence revealed_hand           # a warning (the MCR sheet)
    tiletally table undo | end | show | export --format csv         # end: the players end the game
    tiletally table import FILE.zip | FILE.json                    # the web app's export

The database is ``--db`` (a path or URL), else TILETALLY_DB, else DATABASE_URL, else
./data/tiletally.sqlite3; the table is ``--table ID``, else the newest one.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.core.hand import HandError
from engine.families import RulesError, families, family_of, presets, score_dict, score_request
from engine.table.dispute import Claim, settle
from engine.table.events import WIND_LETTERS, TableError, declared_score, penalty_event
from engine.table.game_end import final_placings
from engine.table.state import TableState, effective_events
from engine.table.win_request import win_request
from webapp.app import DEFAULTS, media_in_database_from_env
from webapp.engine_messages import command_line_error
from webapp.labels import hand_title
from webapp.languages import DEFAULT_LANGUAGE, _, current_language, gettext
from webapp.score_range import points_limit
from webapp.security import check_nesting
from webapp.storage import Loaded, Storage, StorageError, database_url
from webapp.views.backend import Backend
from webapp.views.importing import ImportFailed, import_upload
from webapp.views.present import title_facts


def register(commands: argparse._SubParsersAction) -> None:
    """Add ``table`` and its subcommands to the ``tiletally`` parser."""
    table = commands.add_parser("table", help=_("keep a table's hands, payments and rotation"))
    table.set_defaults(handler=lambda args: table.print_help() or 2)
    sub = table.add_subparsers(dest="table_command")

    def command(name: str, handler: Any, help_text: str) -> argparse.ArgumentParser:
        parser = sub.add_parser(name, help=help_text)
        parser.add_argument("--db", help=_("database path or URL (default: TILETALLY_DB, DATABASE_URL, "
                                         "./data/tiletally.sqlite3)"))
        if name not in ("new", "import", "list"):
            parser.add_argument("--table", type=int, help=_("table id (default: the newest table)"))
        parser.set_defaults(handler=handler)
        return parser

    new = command("new", _new, _("start a table"))
    new.add_argument("--rules", required=True,
                     help=_("preset: {presets}").format(presets=", ".join(presets())))
    new.add_argument("--players", required=True, help=_("four names, comma-separated, East South West North"))
    new.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help=_("override a preset option (a JSON value: true, 300, \"head_bump\")"))
    new.add_argument("--name", default="", help=_("a name for the table"))

    win = command("win", _win, _("record a win (scored from tiles, or an agreed total)"))
    win.add_argument("winner", help=_("the winner's name"))
    win.add_argument("--from", dest="discarder", help=_("who discarded the winning tile (omit: self-drawn)"))
    win.add_argument("--hand", help=_("concealed tiles with the winning tile, e.g. 123m456p789s11122z"))
    win.add_argument("--melds", default="", help=_("space-separated melds, e.g. 'pon:555p chi:123s'"))
    win.add_argument("--win-tile", help=_("the winning tile (default: the last tile of --hand)"))
    win.add_argument("--flowers", default="")
    win.add_argument("--flags", default="", help=_("comma-separated flags, e.g. riichi,ippatsu"))
    win.add_argument("--dora", default="", help=_("dora indicators"))
    win.add_argument("--ura", default="", help=_("ura-dora indicators"))
    win.add_argument("--total", type=int, help=_("the agreed value instead of tiles (checked against the "
                                               "preset: never negative, capped at its limit)"))
    win.add_argument("--tile", help=_("with --total: the winning tile, for the sacred-discard check"))
    win.add_argument("--han", type=int)
    win.add_argument("--fu", type=int)
    win.add_argument("--limit", help=_("Riichi limit name with --total: mangan, haneman, ..."))
    win.add_argument("--riichi", default="", help=_("players who declared riichi this hand"))
    win.add_argument("--others", default="", help=_("classical: the losers' values, e.g. Bob=10,Dee=26"))
    win.add_argument("--claim", default=None,
                     help=_("what the winner announced: comma-separated fans/yaku (or 'Mahjong')"))
    win.add_argument("--claim-total", type=int, help=_("the total the winner announced"))

    draw = command("draw", _draw, _("record a drawn hand"))
    draw.add_argument("--waiting", default="", help=_("players waiting (tenpai) at the draw"))
    draw.add_argument("--abortive", action="store_true", help=_("an abortive draw"))
    draw.add_argument("--riichi", default="", help=_("players who declared riichi this hand"))
    draw.add_argument("--reason", default="",
                      help=_("abortive: one of the preset's kinds ({kinds})").format(
                          kinds=", ".join(dict.fromkeys(
                              kind for family in families() if family.abortive_draws
                              for kind in family.abortive_draws.kinds))))
    draw.add_argument("--player", help=_("abortive nine_terminals: who declared it"))
    draw.add_argument("--tiles", help=_("abortive nine_terminals: that player's 13 (or 14) tiles, checked"))
    draw.add_argument("--discards", help=_("abortive same_first_discards: the four first discards, checked"))
    draw.add_argument("--kongs", default="", help=_("abortive four_kongs: who made each kong, in order"))

    for name, help_text in (("discard", _("classical: a discard that matters (for the sacred discard)")),
                            ("wall-draw", _("classical: the player drew from the wall (lifts the ban)")),
                            ("ready", _("classical: the player declares a ready hand"))):
        play = command(name, _play, help_text)
        play.add_argument("player")
        if name == "discard":
            play.add_argument("tile", help=_("the discarded tile, e.g. 5p"))

    false_win = command("false-win", _false_win, _("record a false win (the preset's penalty)"))
    false_win.add_argument("player")
    false_win.add_argument("--reason", default="")

    penalty = command("penalty", _penalty, _("a penalty: PLAYER pays POINTS (split among the others); "
                                           "0 points is a warning"))
    penalty.add_argument("player")
    penalty.add_argument("points", type=int)
    penalty.add_argument("--to", help=_("paid to this player only"))
    penalty.add_argument("--reason", default="")
    penalty.add_argument("--offence", help=_("the rule broken, as the preset's sheet names it "
                                           "(mcr: revealed_hand)"))

    command("undo", _undo, _("undo the last event"))
    command("end", _end, _("end the game here (undo takes it back)"))
    show = command("show", _show, _("the table: seats, counters, totals and every hand"))
    show.add_argument("--json", action="store_true")
    export = command("export", _export, _("the table as CSV or JSON"))
    export.add_argument("--format", choices=("csv", "json"), default="json")
    export.add_argument("--output", "-o", help=_("file to write (default: standard output)"))
    imported = command("import", _import, _("a new table from an export: the web app's zip (JSON and "
                                          "photos) or the JSON alone"))
    imported.add_argument("file")
    imported.add_argument("--data", help=_("the data folder the web app serves, where the photos go "
                                         "(default: the SQLite database's folder, else ./data)"))
    command("list", _list, _("every table in the database"))


# -- helpers -------------------------------------------------------------------------------------

def _run(args: argparse.Namespace, action: Any) -> int:
    storage = None
    try:
        storage = Storage(args.db)
        return int(action(storage, args) or 0)
    except (TableError, RulesError, HandError, StorageError, ValueError) as error:
        print(_("error: {message}").format(message=command_line_error(error)), file=sys.stderr)
        return 2
    finally:
        if storage is not None:
            storage.close()


def _within_range(value: int, rules: str, name: str) -> int:
    """An agreed total or a penalty typed on the command line, held to the range the web app's
    requests and imports are held to (webapp.score_range), with the same words."""
    limit = points_limit(rules)
    if value > limit:          # a negative one gets the engine's own words
        raise TableError(_("%(name)s must be a whole number from %(low)d to %(high)d")
                         % {"name": name, "low": 0, "high": limit})
    return value


def _loaded(storage: Storage, args: argparse.Namespace) -> Loaded:
    table_id = args.table if getattr(args, "table", None) is not None else storage.latest_table_id()
    if table_id is None:
        raise StorageError(_("no table yet: start one with 'tiletally table new'"))
    return storage.load(table_id)


def _player(state: TableState, name: str) -> int:
    """A player by name (any case, or a unique prefix) or by number 1-4."""
    text = name.strip()
    if text in ("1", "2", "3", "4"):      # ASCII only: '²' and '٣' pass isdigit too
        return int(text) - 1
    exact = [i for i, player in enumerate(state.players) if player.casefold() == text.casefold()]
    if exact:
        return exact[0]
    prefix = [i for i, player in enumerate(state.players) if player.casefold().startswith(text.casefold())]
    if len(prefix) == 1 and text:
        return prefix[0]
    raise TableError(_("no player {name} at this table ({players})").format(
        name=repr(name), players=", ".join(state.players)))


def _players(state: TableState, text: str) -> list[int]:
    return [_player(state, name) for name in text.split(",") if name.strip()]


def _option_value(text: str) -> tuple[str, Any]:
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise ValueError(_("--option {text} must look like NAME=VALUE").format(text=repr(text)))
    check_nesting(raw)         # a deep JSON value is refused, not a RecursionError
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return name.strip(), value


def _record(storage: Storage, loaded: Loaded, event: Mapping[str, Any]) -> int:
    after = storage.record(loaded.ref.id, loaded.version, event)
    record = after.state.records[-1] if after.state.records else None
    if record is not None and event.get("type") not in ("undo", "end_game"):
        changes = ", ".join(f"{name} {delta:+d}" for name, delta in zip(after.state.players, record.deltas,
                                                                        strict=True))
        print(f"{record.label}: {_title(after.state, record)}")
        print(f"  {changes}")
    _print_status(after.state)
    return 0


def _title(state: TableState, record: Any) -> str:
    """A recorded hand's title in the command line's language, as the pages write it; in English
    the engine's summary, whose notes (a total capped at the limit) the translated titles lack."""
    if current_language() == DEFAULT_LANGUAGE:
        return str(record.summary)
    return hand_title({"kind": record.kind, "facts": title_facts(record), "title": record.summary},
                      state.players, gettext, str)


def _print_status(state: TableState) -> None:
    if state.finished:
        print(_("game over"))
        rule, placings = final_placings(state)
        print(_("final standings ({rule}):").format(rule=_(rule.label)))
        for placing in sorted(placings, key=lambda placing: (placing.place, placing.seat)):
            figure = int(placing.figure) if float(placing.figure).is_integer() else placing.figure
            print(f"  {placing.place}. {state.players[placing.seat]} {figure}")
    else:
        line = _("next: hand {number} ({label}), {dealer} deals").format(
            number=state.hand_number, label=state.label, dealer=state.players[state.dealer])
        if state.sticks:
            line += _(", {count} riichi stick(s) on the table").format(count=state.sticks)
        if state.play.ready:
            line += _("; ready: {names}").format(names=", ".join(state.players[p]
                                                                for p in sorted(state.play.ready)))
        print(line)
    winds = state.seat_winds
    print("  " + "  ".join(f"{name} ({WIND_LETTERS[winds[i]]}) {state.totals[i]}"
                           for i, name in enumerate(state.players)))


# -- commands ------------------------------------------------------------------------------------

def _new(args: argparse.Namespace) -> int:
    def action(storage: Storage, args: argparse.Namespace) -> int:
        options = dict(_option_value(text) for text in args.option)
        players = [name.strip() for name in args.players.split(",")]
        ref = storage.create_table(args.rules, players, options, name=args.name)
        return _print_new_table(storage, ref, _("table {id} ({rules}): {players}").format(
            id=ref.id, rules=args.rules, players=", ".join(players)))
    return _run(args, action)


def _print_new_table(storage: Storage, ref, heading: str) -> int:  # type: ignore[no-untyped-def]
    """A new table's tokens are shown once (storage keeps only the edit token's hash)."""
    print(heading)
    print(_("edit token (keep it secret, shown once): {token}").format(token=ref.edit_token))
    print(_("read-only token: {token}").format(token=ref.view_token))
    _print_status(storage.load(ref.id).state)
    return 0


def _win(args: argparse.Namespace) -> int:
    def action(storage: Storage, args: argparse.Namespace) -> int:
        loaded = _loaded(storage, args)
        state = loaded.state
        winner = _player(state, args.winner)
        discarder = _player(state, args.discarder) if args.discarder else None
        riichi = _players(state, args.riichi)
        hand = None
        if args.hand:
            hand = win_request(
                state, winner, overrides=loaded.table.overrides, hand=args.hand,
                win_by="ron" if discarder is not None else "tsumo", melds=args.melds.split(),
                win_tile=args.win_tile, flowers=args.flowers,
                flags=[flag.strip() for flag in args.flags.split(",") if flag.strip()],
                dora_indicators=args.dora, ura_indicators=args.ura, declared_ready=winner in riichi)
            score = score_dict(score_request(hand), family_of(state.rules))
        elif args.total is not None:
            total = _within_range(args.total, state.rules, "--total")
            score = declared_score(total, han=args.han, fu=args.fu, limit=args.limit)
        else:
            raise TableError(_("give the winning hand (--hand) or the agreed value (--total)"))
        others = {}
        for item in filter(None, (part.strip() for part in args.others.split(","))):
            name, _sep, value = item.partition("=")
            loser = _player(state, name)
            try:
                others[str(loser)] = declared_score(_within_range(int(value), state.rules, "--others"))
            except (TableError, ValueError) as error:
                raise TableError(_("--others: {name}'s hand: {message}").format(
                    name=state.players[loser], message=command_line_error(error))) from error
        claimed = [] if args.claim in (None, "") else [
            part.strip() for part in args.claim.split(",") if part.strip().casefold() != "mahjong"]
        claim_total = None if args.claim_total is None else _within_range(args.claim_total, state.rules,
                                                                          "--claim-total")
        claim = Claim(player=winner, discarder=discarder, items=tuple((name, 1) for name in claimed if name),
                      total=claim_total)
        verdict = settle(state, claim, score, hand=hand, riichi=riichi, others=others or None,
                         tile=args.tile if hand is None else None)
        if args.claim is not None or args.claim_total is not None or not verdict.upheld:
            print(_("claim upheld") if verdict.upheld else _("not a valid win: recorded as a false win"))
            for difference in verdict.differences:
                print(f"  {difference.kind}: {difference.name}: {difference.why}")
        return _record(storage, loaded, verdict.event)
    return _run(args, action)


def _draw(args: argparse.Namespace) -> int:
    def action(storage: Storage, args: argparse.Namespace) -> int:
        loaded = _loaded(storage, args)
        state = loaded.state
        event: dict[str, Any] = {"type": "draw", "abortive": args.abortive,
                                 "waiting": _players(state, args.waiting),
                                 "riichi": _players(state, args.riichi), "reason": args.reason}
        if args.player:
            event["player"] = _player(state, args.player)
        for key in ("tiles", "discards"):
            if getattr(args, key):
                event[key] = getattr(args, key)
        if args.kongs:
            event["kongs"] = _players_in_order(state, args.kongs)
        return _record(storage, loaded, event)
    return _run(args, action)


def _players_in_order(state: TableState, text: str) -> list[int]:
    """Players by name, repeats kept (who made each kong)."""
    return [_player(state, name) for name in text.split(",") if name.strip()]


def _play(args: argparse.Namespace) -> int:
    def action(storage: Storage, args: argparse.Namespace) -> int:
        loaded = _loaded(storage, args)
        kind = args.table_command.replace("-", "_")
        event: dict[str, Any] = {"type": kind, "player": _player(loaded.state, args.player)}
        if kind == "discard":
            event["tile"] = args.tile
        return _record(storage, loaded, event)
    return _run(args, action)


def _false_win(args: argparse.Namespace) -> int:
    def action(storage: Storage, args: argparse.Namespace) -> int:
        loaded = _loaded(storage, args)
        event = {"type": "false_win", "offender": _player(loaded.state, args.player), "reason": args.reason}
        return _record(storage, loaded, event)
    return _run(args, action)


def _penalty(args: argparse.Namespace) -> int:
    def action(storage: Storage, args: argparse.Namespace) -> int:
        loaded = _loaded(storage, args)
        state = loaded.state
        to = _player(state, args.to) if args.to else None
        points = _within_range(args.points, state.rules, "points")
        event = penalty_event(_player(state, args.player), points, to, args.reason, offence=args.offence)
        return _record(storage, loaded, event)
    return _run(args, action)


def _undo(args: argparse.Namespace) -> int:
    def action(storage: Storage, args: argparse.Namespace) -> int:
        loaded = _loaded(storage, args)
        counted = effective_events(loaded.table.log)
        if not counted:
            raise TableError(_("nothing to undo"))
        event_id, event = counted[-1]
        record = next((r for r in loaded.state.records if r.event_id == event_id), None)
        what = _title(loaded.state, record) if record else _play_text(loaded.state, event)
        print(_("undo: {what}").format(what=what))
        return _record(storage, loaded, {"type": "undo"})
    return _run(args, action)


def _end(args: argparse.Namespace) -> int:
    def action(storage: Storage, args: argparse.Namespace) -> int:
        return _record(storage, _loaded(storage, args), {"type": "end_game"})
    return _run(args, action)


def _play_text(state: TableState, event: Mapping[str, Any]) -> str:
    """A play event that leaves no record (a discard, a draw from the wall), in words."""
    player = event.get("player")
    name = state.players[player] if isinstance(player, int) and 0 <= player <= 3 else "?"
    if event.get("type") == "end_game":
        return _("the end of the game")
    if event.get("type") == "discard":
        return _("{name} discarded {tile}").format(name=name, tile=event.get("tile"))
    return _("{name} drew from the wall").format(name=name)


def _show(args: argparse.Namespace) -> int:
    def action(storage: Storage, args: argparse.Namespace) -> int:
        loaded = _loaded(storage, args)
        state = loaded.state
        if args.json:
            print(json.dumps({"id": loaded.ref.id, "name": loaded.ref.name, "version": loaded.version,
                              **state.summary()}, ensure_ascii=False, indent=2))
            return 0
        title = f" '{loaded.ref.name}'" if loaded.ref.name else ""
        print(_("table {id}{name}: {rules}, version {version}").format(
            id=loaded.ref.id, name=title, rules=state.rules, version=loaded.version))
        for record in state.records:
            changes = " ".join(f"{delta:+d}" for delta in record.deltas)
            print(f"  {record.hand_number:>3} {record.label:<7} {_title(state, record)}  [{changes}]")
        _print_status(state)
        return 0
    return _run(args, action)


def _export(args: argparse.Namespace) -> int:
    def action(storage: Storage, args: argparse.Namespace) -> int:
        loaded = _loaded(storage, args)
        if args.format == "csv":
            text = storage.export_csv(loaded.ref.id)
        else:
            text = json.dumps(storage.export_json(loaded.ref.id), ensure_ascii=False, indent=2) + "\n"
        if args.output:
            Path(args.output).write_text(text, encoding="utf-8")
        else:
            sys.stdout.write(text)
        return 0
    return _run(args, action)


def _import(args: argparse.Namespace) -> int:
    """The web app's import, with its checks and its limits: the photos of a zip are stored in the
    data folder (or the database, as TILETALLY_MEDIA_IN_DB says) where the web app finds them."""
    try:
        data = Path(args.file).read_bytes()
    except OSError as error:
        message = _("cannot read {path}: {error}").format(path=args.file, error=error)
        print(_("error: {message}").format(message=message), file=sys.stderr)
        return 2
    url = database_url(args.db)
    data_dir = Path(args.data) if args.data else _data_dir(url)
    backend = None
    try:
        backend = Backend(url, data_dir, media_in_database=media_in_database_from_env())
        ref, missing = import_upload(backend, data, max_upload_bytes=int(DEFAULTS["MAX_UPLOAD_BYTES"]),
                                     max_image_pixels=int(DEFAULTS["MAX_IMAGE_PIXELS"]),
                                     max_full_decode_pixels=int(DEFAULTS["MAX_FULL_DECODE_PIXELS"]))
        _print_new_table(backend.storage, ref, _("table {id} imported from {file}").format(
            id=ref.id, file=args.file))
    except (ImportFailed, StorageError) as error:
        refusal = _("not imported: {error}").format(error=command_line_error(error))
        print(_("error: {message}").format(message=refusal), file=sys.stderr)
        return 2
    finally:
        if backend is not None:
            backend.storage.close()
    if missing:
        print(_("imported without photos: {count} hand(s) had a photo that is not in this file "
                "(a JSON export carries none; export as a zip to keep them)").format(count=len(missing)))
    return 0


def _data_dir(url: str) -> Path:
    """Where a table's photos go: beside its SQLite database, as the web app keeps them."""
    if url.startswith("sqlite:///"):
        return Path(url[len("sqlite:///"):]).parent
    return Path("data")


def _list(args: argparse.Namespace) -> int:
    def action(storage: Storage, args: argparse.Namespace) -> int:
        for table in storage.list_tables():
            name = f" '{table['name']}'" if table["name"] else ""
            print(f"{table['id']:>4}{name} {table['rules']}: {', '.join(table['players'])} "
                  + _("({count} events)").format(count=table["version"]))
        return 0
    return _run(args, action)
