"""Club pages: a club (its players, seasons and tables), a season's standings, a player's page,
two players head to head, and a season's export and import.

Every page has two links: ``/c/<token>`` (the secret edit link: forms that write) and
``/cv/<token>`` (read-only: the same pages, no forms, and no route under it writes). A page
only ever reads the club its link opens: players, seasons and tables are looked up within it.
"""

from __future__ import annotations

import io
import json
import re
from datetime import date
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
from flask_babel import lazy_gettext as _l

from engine.families import RulesError, default_preset, families, family_named, get_preset
from engine.table.events import TableError
from webapp import table_cookie
from webapp.refusals import refusal_text
from webapp.security import looks_like_token
from webapp.storage.club_transfer import ClubImportRefused, season_csv, season_export
from webapp.storage.club_transfer import import_season as import_season_json
from webapp.storage.clubs import ClubError, ClubRef
from webapp.storage.placing import RuleRefused, rules_offered
from webapp.views import backend
from webapp.views.importing import ImportFailed
from webapp.views.my_clubs import EDIT
from webapp.views.present import preset_catalogue
from webapp.views.request_numbers import NumberRefused
from webapp.views.season_archive import import_season_zip, season_zip
from webapp.views.tables import home_page

bp = Blueprint("clubs", __name__)
WRONG_CLUB_LINK = _l("No club has this link. Check that the whole link was copied.")
ID = re.compile(r"[0-9]{1,9}")
PAGE_TABLES = 20  # the newest tables a club or season page lists (the exports carry them all)


def _club(kind: str, token: str) -> ClubRef:
    """The club this link opens, or 404 (the same answer for junk and for a wrong code)."""
    storage = backend().storage
    ref = None
    if looks_like_token(token):
        ref = storage.club_by_edit_token(token) if kind == EDIT else storage.club_by_view_token(token)
    if ref is None:
        abort(404, description=WRONG_CLUB_LINK)
    return ref


def _number(text: str | None) -> int | None:
    """A page's id argument, or None when absent; junk is a 404 (no such thing), never a 500."""
    if text is None or text == "":
        return None
    if not ID.fullmatch(text):
        abort(404, description=_l("No such player or season in this club."))
    return int(text)


def _links(kind: str, token: str) -> dict[str, Any]:
    return {"kind": kind, "token": token, "editable": kind == EDIT}


def _in_club(call: Any) -> Any:
    """A lookup inside the club: another club's id is a 404 like any unknown one."""
    try:
        return call()
    except ClubError:
        abort(404, description=_l("No such player or season in this club."))


@bp.post("/clubs")
def create_club():  # type: ignore[no-untyped-def]
    try:
        ref = backend().storage.create_club(request.form.get("name", ""))
    except TableError as error:
        flash(refusal_text(error), "error")
        return redirect(url_for("tables.home"), 303)
    return redirect(url_for("clubs.club_page", kind=EDIT, token=ref.edit_token), 303)


@bp.get("/<any(c, cv):kind>/<token>")
def club_page(kind: str, token: str):  # type: ignore[no-untyped-def]
    club = _club(kind, token)
    table_cookie.remember(f"{kind}/{token}", table_cookie.CLUBS)   # for the home page's list
    storage = backend().storage
    members = storage.members(club.id)
    seasons = storage.seasons(club.id)
    names = {member.id: member.name for member in members}
    tables = storage.club_tables(club.id, limit=PAGE_TABLES)
    catalogue = preset_catalogue()
    rule_choices = {
        family.name: [(rule.code, rule.label, list(rule.options)) for rule in family.standings_rules]
        for family in families()
    }
    return render_template(
        "club.html",
        club=club,
        members=members,
        seasons=seasons,
        tables=tables,
        names=names,
        presets=catalogue,
        selected=default_preset(),
        families=[(family.name, family.title) for family in families()],
        rule_choices=rule_choices,
        mixed_rules=[(r.code, r.label) for r in rules_offered(None)],
        seasons_by_id={season.id: season for season in seasons},
        **_links(kind, token),
    )


@bp.post("/c/<token>/players")
def add_player(token: str):  # type: ignore[no-untyped-def]
    club = _club(EDIT, token)
    try:
        backend().storage.add_member(
            club.id, request.form.get("name", ""), request.form.get("short_name", "")
        )
    except ClubError as error:
        flash(gettext("Not added: %(error)s", error=_club_error(error)), "error")
    except TableError as error:
        flash(gettext("Not added: %(error)s", error=refusal_text(error)), "error")
    return redirect(url_for("clubs.club_page", kind=EDIT, token=token), 303)


@bp.post("/c/<token>/players/<member_id>")
def rename_player(token: str, member_id: str):  # type: ignore[no-untyped-def]
    club = _club(EDIT, token)
    number = _number(member_id)
    try:
        backend().storage.rename_member(
            club.id, number, request.form.get("name", ""), request.form.get("short_name", "")
        )
    except ClubError as error:
        flash(gettext("Not renamed: %(error)s", error=_club_error(error)), "error")
    except TableError as error:
        flash(gettext("Not renamed: %(error)s", error=refusal_text(error)), "error")
    return redirect(url_for("clubs.player_page", kind=EDIT, token=token, member_id=number), 303)


def _club_error(error: ClubError) -> str:
    """A club refusal in the reader's language (the store says it in English, for logs and the CLI)."""
    text = str(error)
    if "only one seat" in text:
        return gettext("a player can take only one seat")
    if "already has a player" in text:
        return gettext("the club already has a player of that name")
    if "needs a name" in text:
        return gettext("a name is needed")
    if "end before" in text:
        return gettext("a season cannot end before it starts")
    if "belongs to a club" in text:
        return gettext("this table belongs to a club already")
    return gettext("no such player or season in this club")


def _day(text: str) -> date | None:
    text = (text or "").strip()
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError as error:
        raise ClubError("a date must be written YYYY-MM-DD") from error


def _rule_options(form: Any, rule: str) -> dict[str, Any]:
    """The options a season form gives its rule: the stake, for net money (RuleRefused if it is
    not a whole number)."""
    stake = form.get("stake", "").strip()
    if not stake or rule != "money":
        return {}
    if not re.fullmatch(r"[0-9]{1,7}", stake):
        raise RuleRefused("the stake must be a whole number")
    return {"stake": int(stake)}


@bp.post("/c/<token>/seasons")
def add_season(token: str):  # type: ignore[no-untyped-def]
    club = _club(EDIT, token)
    form = request.form
    family = form.get("family") or None
    rule = form.get(f"rule.{family or 'mixed'}") or form.get("rule", "")
    try:
        options = _rule_options(form, rule)
        if family is not None:
            family_named(family)
        backend().storage.create_season(
            club.id,
            form.get("name", ""),
            family=family,
            rule=rule,
            rule_options=options,
            starts_on=_day(form.get("starts_on", "")),
            ends_on=_day(form.get("ends_on", "")),
        )
    except (RuleRefused, RulesError):
        flash(
            gettext(
                "Not added: choose a standings rule the season's family has, and a stake "
                "that is a whole number."
            ),
            "error",
        )
    except ClubError as error:
        text = gettext("a date must be written YYYY-MM-DD") if "YYYY" in str(error) else _club_error(error)
        flash(gettext("Not added: %(error)s", error=text), "error")
    except TableError as error:
        flash(gettext("Not added: %(error)s", error=refusal_text(error)), "error")
    return redirect(url_for("clubs.club_page", kind=EDIT, token=token), 303)


@bp.post("/c/<token>/seasons/<season_id>/name")
def rename_season(token: str, season_id: str):  # type: ignore[no-untyped-def]
    club = _club(EDIT, token)
    storage = backend().storage
    season = _in_club(lambda: storage.season(club.id, _number(season_id)))  # another club's: a 404
    try:
        storage.rename_season(club.id, season.id, request.form.get("name", ""))
    except ClubError as error:
        flash(gettext("Not renamed: %(error)s", error=_club_error(error)), "error")
    except TableError as error:
        flash(gettext("Not renamed: %(error)s", error=refusal_text(error)), "error")
    return redirect(url_for("clubs.standings_page", kind=EDIT, token=token, season_id=season.id), 303)


@bp.post("/c/<token>/seasons/<season_id>/rule")
def change_season_rule(token: str, season_id: str):  # type: ignore[no-untyped-def]
    club = _club(EDIT, token)
    storage = backend().storage
    season = _in_club(lambda: storage.season(club.id, _number(season_id)))  # another club's: a 404
    rule = request.form.get("rule", "")
    try:
        storage.change_season_rule(club.id, season.id, rule, _rule_options(request.form, rule))
    except RuleRefused:
        flash(
            gettext(
                "Not changed: choose a standings rule the season's family has, and a stake "
                "that is a whole number."
            ),
            "error",
        )
    return redirect(url_for("clubs.standings_page", kind=EDIT, token=token, season_id=season.id), 303)


@bp.post("/c/<token>/tables")
def add_table(token: str):  # type: ignore[no-untyped-def]
    club = _club(EDIT, token)
    form = request.form
    rules = form.get("rules", "")
    try:
        seats = [form.get(f"seat{i}", "") for i in range(4)]
        if not all(ID.fullmatch(seat) for seat in seats):
            raise ClubError(f"no player {seats} in this club")
        # The preset as it stands: a club plays its presets' own rules (house rules per table are
        # the plain new-table form's).
        ref = backend().storage.create_club_table(
            club.id, rules, [int(seat) for seat in seats], {}, (form.get("name", "") or "").strip() or "Table"
        )
    except ClubError as error:
        flash(gettext("Not started: %(error)s", error=_club_error(error)), "error")
        return redirect(url_for("clubs.club_page", kind=EDIT, token=token), 303)
    except (RulesError, TableError, NumberRefused) as error:
        flash(gettext("Not started: %(error)s", error=refusal_text(error)), "error")
        return redirect(url_for("clubs.club_page", kind=EDIT, token=token), 303)
    table_cookie.remember(ref.edit_token)
    return redirect(url_for("tables.table_page", token=ref.edit_token), 303)


@bp.post("/c/<token>/move")
def move_table(token: str):  # type: ignore[no-untyped-def]
    """A table made outside the club joins it; its seats' names are matched to the club's players
    (a name the club does not have yet becomes a new player)."""
    club = _club(EDIT, token)
    text = request.form.get("link", "").strip()
    match = re.search(r"/t/([A-Za-z0-9_-]+)", text)
    table_token = match.group(1) if match else text
    loaded = backend().by_edit_token(table_token)
    if loaded is None:
        flash(gettext("No table has that link or code."), "error")
        return redirect(url_for("clubs.club_page", kind=EDIT, token=token), 303)
    storage = backend().storage
    try:
        storage.move_into_club(loaded.ref.id, club.id, storage.matching_members(club.id, loaded.head.players))
    except ClubError as error:
        flash(gettext("Not moved: %(error)s", error=_club_error(error)), "error")
        return redirect(url_for("clubs.club_page", kind=EDIT, token=token), 303)
    table_cookie.remember(table_token)
    flash(gettext("The table is now one of the club's."), "info")
    return redirect(url_for("clubs.club_page", kind=EDIT, token=token), 303)


def _figure(value: float | None) -> str:
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def _season_rule(season: Any) -> tuple[str, str]:
    """The season's rule label and unit (English, for the page to translate)."""
    for rule in rules_offered(season.family):
        if rule.code == season.rule:
            return rule.label, rule.unit
    return season.rule, ""


@bp.get("/<any(c, cv):kind>/<token>/seasons/<season_id>")
def standings_page(kind: str, token: str, season_id: str):  # type: ignore[no-untyped-def]
    club = _club(kind, token)
    storage = backend().storage
    season = _in_club(lambda: storage.season(club.id, _number(season_id)))
    names = storage.member_names(club.id)
    rows = [
        {
            "place": s.place,
            "member_id": s.key,
            "name": names.get(s.key, "?"),
            "games": s.games,
            "figure": _figure(s.figure),
            "tiebreak": _figure(s.tiebreak),
            "to_pass": _figure(s.to_pass),
        }
        for s in storage.standings(club.id, season.id)
    ]
    label, unit = _season_rule(season)
    return render_template(
        "club_standings.html",
        club=club,
        season=season,
        rules=[(rule.code, rule.label) for rule in rules_offered(season.family)],
        stake=season.rule_options.get("stake", 100),
        rows=rows,
        rule_label=label,
        rule_unit=unit,
        tables=storage.club_tables(club.id, season.id, limit=PAGE_TABLES),
        **_links(kind, token),
    )


@bp.get("/<any(c, cv):kind>/<token>/players/<member_id>")
def player_page(kind: str, token: str, member_id: str):  # type: ignore[no-untyped-def]
    club = _club(kind, token)
    storage = backend().storage
    number = _number(member_id)
    member = _in_club(lambda: storage.member(club.id, number))
    seasons = storage.seasons(club.id)
    season_id = _number(request.args.get("season"))
    season = _in_club(lambda: storage.season(club.id, season_id)) if season_id is not None else None
    figures = storage.player_figures(club.id, member.id, season_id)
    games = storage.player_games(club.id, member.id, season_id)
    chart = {
        "labels": [game.played_at.date().isoformat() for game in games],
        "places": [game.place for game in games],
        "totals": [game.total for game in games],
        "figures": [game.figure for game in games],
    }
    others = [other for other in storage.members(club.id) if other.id != member.id]
    return render_template(
        "club_player.html",
        club=club,
        member=member,
        figures=figures,
        chart=chart,
        seasons=seasons,
        season=season,
        others=others,
        units={family.name: family.units.total for family in families()},
        titles={family.name: family.title for family in families()},
        **_links(kind, token),
    )


@bp.get("/<any(c, cv):kind>/<token>/versus")
def head_to_head(kind: str, token: str):  # type: ignore[no-untyped-def]
    club = _club(kind, token)
    storage = backend().storage
    first_id, second_id = _number(request.args.get("a")), _number(request.args.get("b"))
    if first_id is None or second_id is None:
        abort(404, description=_l("No such player or season in this club."))
    first = _in_club(lambda: storage.member(club.id, first_id))
    second = _in_club(lambda: storage.member(club.id, second_id))
    season_id = _number(request.args.get("season"))
    season = _in_club(lambda: storage.season(club.id, season_id)) if season_id is not None else None
    result = storage.head_to_head(club.id, first.id, second.id, season_id)
    return render_template(
        "club_versus.html",
        club=club,
        first=first,
        second=second,
        result=result,
        seasons=storage.seasons(club.id),
        season=season,
        figure=_figure,
        **_links(kind, token),
    )


@bp.get("/<any(c, cv):kind>/<token>/qr.svg")
def club_qr(kind: str, token: str):  # type: ignore[no-untyped-def]
    """A QR code of this club link (the edit link from an edit page, else the read-only one)."""
    _club(kind, token)
    out = io.BytesIO()
    segno.make(url_for("clubs.club_page", kind=kind, token=token, _external=True), error="m").save(
        out, kind="svg", scale=4, border=2, xmldecl=False
    )
    return Response(out.getvalue(), mimetype="image/svg+xml")


@bp.get("/<any(c, cv):kind>/<token>/seasons/<season_id>/export.<fmt>")
def export_season(kind: str, token: str, season_id: str, fmt: str):  # type: ignore[no-untyped-def]
    club = _club(kind, token)
    storage = backend().storage
    season = _in_club(lambda: storage.season(club.id, _number(season_id)))
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", f"{club.name}-{season.name}").strip("-") or "season"
    body: str | bytes
    if fmt == "json":
        body, mimetype = json.dumps(season_export(storage, club.id, season.id), indent=1), "application/json"
    elif fmt == "csv":
        body, mimetype = season_csv(storage, club.id, season.id), "text/csv"
    elif fmt == "zip":
        body, mimetype = season_zip(backend(), club.id, season.id), "application/zip"
    else:
        abort(404, description="export as .csv, .json or .zip (everything, photos included)")
    return Response(
        body, mimetype=mimetype, headers={"Content-Disposition": f'attachment; filename="{stem}.{fmt}"'}
    )


@bp.post("/clubs/import")
def import_season():  # type: ignore[no-untyped-def]
    """A new club from a season's export: its players, the season and every table; a zip brings
    the tables' photos too, under the table import's limits."""
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        flash(gettext("Choose a club's season export (.zip with photos, or .json) to import."), "error")
        return home_page({}, 400)
    data = upload.read()
    config = current_app.config
    try:
        if data[:4] == b"PK\x03\x04":
            ref = import_season_zip(
                backend(),
                data,
                max_upload_bytes=int(config["MAX_UPLOAD_BYTES"]),
                max_image_pixels=int(config["MAX_IMAGE_PIXELS"]),
                max_full_decode_pixels=int(config["MAX_FULL_DECODE_PIXELS"]),
            )
        else:
            ref = import_season_json(backend().storage, json.loads(data.decode("utf-8")))
    except ImportFailed as error:
        flash(gettext("Not imported: %(error)s", error=refusal_text(error)), "error")
        return home_page({}, error.status)
    except (ClubImportRefused, ValueError, UnicodeDecodeError):
        flash(
            gettext(
                "Not imported: the file is not a club season export, or its tables do not match their totals."
            ),
            "error",
        )
        return home_page({}, 400)
    flash(gettext("Club imported."), "info")
    return redirect(url_for("clubs.club_page", kind=EDIT, token=ref.edit_token), 303)


def preset_family(rules: str) -> str:
    return get_preset(rules)[0].name
