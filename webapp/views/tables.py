"""Pages: the home page (your tables, a new table) and a table (seats, totals, chart, history)."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import segno
from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext

from engine.families import RulesError, default_preset, get_preset
from engine.table.events import TableError
from webapp import table_cookie
from webapp.csv_export import localized_csv
from webapp.labels import hand_title, kind_label, option_value
from webapp.refusals import refusal_text
from webapp.storage import TableRef
from webapp.views import backend, history_window, load_edit
from webapp.views.archive import table_zip
from webapp.views.backend import Conflict, Loaded
from webapp.views.importing import ImportFailed, import_upload
from webapp.views.my_clubs import remembered_clubs
from webapp.views.present import preset_catalogue, table_club, table_view, title_facts
from webapp.views.request_numbers import OPTION, SIGNED, VERSION, NumberRefused

bp = Blueprint("tables", __name__)
DEFAULT_PLAYERS = ("Ann", "Bob", "Cai", "Dee")


def remember(token: str) -> None:
    """This browser's tables (edit tokens) live in its session cookie, encrypted, newest first."""
    table_cookie.remember(token)


def home_page(form: dict[str, Any], status: int = 200):  # type: ignore[no-untyped-def]
    tables = []
    for loaded in backend().by_edit_tokens(table_cookie.remembered()):
        tables.append({"name": loaded.ref.name, "edit_token": loaded.ref.edit_token,
                       "rules": loaded.head.rules, "hand_number": loaded.head.hand_number,
                       "player_names": loaded.head.players})
    catalogue = [dict(preset, options=[_distinct_choices(option) for option in preset["options"]])
                 for preset in preset_catalogue()]
    names = [preset["name"] for preset in catalogue]
    selected = form.get("rules") if form.get("rules") in names else default_preset()
    return render_template("home.html", my_tables=tables, my_clubs=remembered_clubs(), presets=catalogue,
                           selected=selected, form=form, default_players=DEFAULT_PLAYERS), status


def _distinct_choices(option: dict[str, Any]) -> dict[str, Any]:
    """An option's choices, one per meaning: the rules accept some values under two names
    ("tenpai" and "waiting"), which the form would offer as the same words twice. The preset's
    own value is the one kept."""
    if not option.get("choices"):
        return option
    kept: dict[str, tuple[Any, str]] = {}
    for value, english in option["choices"]:
        words = option_value(option["name"], value, english)
        if words not in kept or value == option["value"]:
            kept[words] = (value, english)
    return dict(option, choices=list(kept.values()))


@bp.get("/")
def home():  # type: ignore[no-untyped-def]
    return home_page({})


def options_from_form(rules: str, form: Any) -> dict[str, Any]:
    """The preset's options as typed in the form; only values that differ from the preset are kept."""
    _, defaults = get_preset(rules)
    options: dict[str, Any] = {}
    prefix = f"opt.{rules}."
    for key, default in defaults.items():
        field = prefix + key
        if isinstance(default, bool):
            value: Any = field in form
        elif isinstance(default, int):
            value = _option_number(key, form.get(field, "").strip())
        elif default is None:      # a number or a word; empty: the preset's own rule
            raw = form.get(field, "").strip()
            value = None if raw == "" else _option_number(key, raw) if SIGNED.fullmatch(raw) else raw
        else:
            value = form.get(field, str(default)).strip()
        if value != default:
            options[key] = value
    return options


def _option_number(key: str, raw: str) -> int:
    try:
        return OPTION.parse(raw, key)
    except NumberRefused as error:
        raise RulesError(f"option {key!r} must be a whole number, got {raw[:40]!r}") from error


@bp.post("/tables")
def create_table():  # type: ignore[no-untyped-def]
    form = request.form
    rules = form.get("rules", "")
    players = [form.get(f"player{i}", "") for i in range(4)]
    try:
        options = options_from_form(rules, form)
        ref = backend().create_table(form.get("name", ""), players, rules, options)
    except (RulesError, TableError) as error:
        flash(refusal_text(error), "error")
        return home_page(form.to_dict(), 400)
    remember(ref.edit_token)
    return redirect(url_for("tables.table_page", token=ref.edit_token))


@bp.post("/open")
def open_table():  # type: ignore[no-untyped-def]
    text = request.form.get("link", "").strip()
    match = re.search(r"/t/([A-Za-z0-9_-]+)", text)
    token = match.group(1) if match else text
    if backend().by_edit_token(token) is None:
        flash(gettext("No table has that link or code."), "error")
        return home_page({}, 404)
    remember(token)
    return redirect(url_for("tables.table_page", token=token))


@bp.get("/t/<token>")
def table_page(token: str):  # type: ignore[no-untyped-def]
    limit, before = history_window()
    loaded = load_edit(token)
    remember(token)
    state = table_view(loaded, with_secrets=True, limit=limit, before=before)
    return render_template("table.html", state=state, token=token, chart=state["chart"],
                           club=table_club(loaded))


@bp.get("/t/<token>/qr/<which>.svg")
def link_qr(token: str, which: str):  # type: ignore[no-untyped-def]
    """A QR code of the table's edit link or of its read-only scoreboard link (``segno``)."""
    loaded = load_edit(token)
    if which == "edit":
        url = url_for("tables.table_page", token=token, _external=True)
    elif which == "board":
        url = url_for("scoreboard.board", view_token=loaded.ref.view_token, _external=True)
    else:
        abort(404, description="a QR code of the 'edit' or the 'board' link")
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False)
    return Response(out.getvalue(), mimetype="image/svg+xml")


@bp.post("/t/<token>/undo")
def undo(token: str):  # type: ignore[no-untyped-def]
    loaded = load_edit(token)
    version = request.form.get("version", "")
    if not version:
        abort(400, description="the undo form has no table version; reload the page")
    try:
        backend().record(loaded.ref.id, VERSION.parse(version, "version"), {"type": "undo"})
    except Conflict as error:
        flash(gettext("Not undone: %(error)s. Check the history and try again.", error=error), "error")
        return redirect(url_for("tables.table_page", token=token), 303)
    except TableError as error:
        flash(gettext("Not undone: %(error)s", error=refusal_text(error)), "error")
        return redirect(url_for("tables.table_page", token=token), 303)
    if loaded.head.end_reason == "players":      # the undone event was the players' end
        flash(gettext("The game goes on."), "info")
    else:
        flash(gettext("The last hand was undone."), "info")
    return redirect(url_for("tables.table_page", token=token), 303)


@bp.post("/t/<token>/end")
def end_game(token: str):  # type: ignore[no-untyped-def]
    """The players end the game here: the final standings follow (an undo takes it back)."""
    loaded = load_edit(token)
    version = request.form.get("version", "")
    if not version:
        abort(400, description="the form has no table version; reload the page")
    try:
        backend().record(loaded.ref.id, VERSION.parse(version, "version"), {"type": "end_game"})
    except Conflict as error:
        flash(gettext("The game was not ended: %(error)s. Check the history and try again.",
                      error=error), "error")
    except TableError as error:
        flash(gettext("The game was not ended: %(error)s", error=refusal_text(error)), "error")
    return redirect(url_for("tables.table_page", token=token), 303)


def csv_words(state: Any) -> list[tuple[str, str]]:
    """Each record's kind and title in the reader's language, for the CSV download."""
    players = list(state.players)
    return [(kind_label(record.kind), hand_title({"kind": record.kind, "facts": title_facts(record),
                                                  "title": record.summary}, players))
            for record in state.records]


@bp.get("/t/<token>/export.<fmt>")
def export(token: str, fmt: str):  # type: ignore[no-untyped-def]
    loaded = load_edit(token)
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", loaded.ref.name).strip("-") or "table"
    body: str | bytes
    if fmt == "csv":
        body, kind = localized_csv(backend().export_csv(loaded), list(loaded.state.players),
                                   csv_words(loaded.state)), "text/csv"
    elif fmt == "json":
        body, kind = json.dumps(backend().export(loaded), indent=1), "application/json"
    elif fmt == "zip":
        body, kind = export_zip(loaded), "application/zip"
    else:
        abort(404, description="export as .csv, .json or .zip (the JSON with the photos)")
    return Response(body, mimetype=kind,
                    headers={"Content-Disposition": f'attachment; filename="{stem}.{fmt}"'})


def export_zip(loaded: Loaded) -> bytes:
    """The JSON export and every photo its hands refer to, in one zip."""
    return table_zip(backend(), loaded.ref.id)


def import_file(data: bytes) -> tuple[TableRef, list[str]]:
    """A new table from an uploaded export, under this server's upload limits."""
    config = current_app.config
    return import_upload(backend(), data, max_upload_bytes=int(config["MAX_UPLOAD_BYTES"]),
                         max_image_pixels=int(config["MAX_IMAGE_PIXELS"]),
                         max_full_decode_pixels=int(config["MAX_FULL_DECODE_PIXELS"]))


@bp.post("/import")
def import_table():  # type: ignore[no-untyped-def]
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        flash(gettext("Choose an exported table (.zip with photos, or .json) to import."), "error")
        return home_page({}, 400)
    try:
        ref, missing = import_file(upload.read())
    except ImportFailed as error:
        flash(gettext("Not imported: %(error)s", error=refusal_text(error)), "error")
        return home_page({}, error.status)
    remember(ref.edit_token)
    if missing:
        flash(gettext("Imported without photos: %(count)d hand(s) had a photo that is not in this "
                      "file (a JSON export carries none; export as a zip to keep them).",
                      count=len(missing)), "info")
    else:
        flash(gettext("Table imported."), "info")
    return redirect(url_for("tables.table_page", token=ref.edit_token), 303)
