"""Pages for one hand: declare a win (photo -> tiles -> context -> score), amend, dispute, draw,
and a recorded hand's details with its photo."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext

from engine.table.events import TableError
from engine.table.offences import offences_for
from engine.table.state import TableState
from webapp import labels
from webapp.refusals import refusal_text
from webapp.security import photo_mimetype
from webapp.views import backend, load_edit
from webapp.views.actions import (
    BadRequest,
    Unsupported,
    check_riichi,
    context_state,
    draw_event,
    penalty_from,
)
from webapp.views.backend import Conflict, Loaded
from webapp.views.present import WIND_NAMES, entry_for, event_for, family_of, table_view
from webapp.views.request_numbers import VERSION, NumberRefused
from webapp.views.units import has_riichi, item_units, total_unit

bp = Blueprint("hands", __name__)


def page_data(loaded: Loaded, token: str, mode: str, initial: dict[str, Any] | None = None,
              amend_index: int | None = None) -> dict[str, Any]:
    """Everything declare.js needs, embedded in the page as JSON (no inline script)."""
    # An amended hand is shown in its own context: the winds and counters it was played with.
    state = context_state(loaded, amend_index if mode == "amend" else None)
    family = family_of(state.rules)
    riichi = has_riichi(state)
    flags = [flag for flag in family.flags if riichi or not flag.needs_declaration]
    api: dict[str, Any] = {
        "photo": url_for("api.upload_photo", token=token),
        "pending": url_for("api.pending", token=token),
        "score": url_for("api.score", token=token),
        "submit": url_for("api.record_win", token=token), "submit_method": "POST",
    }
    if mode == "dispute":
        api["score"] = url_for("api.dispute_preview", token=token)
        api["submit"] = url_for("api.record_dispute", token=token)
    if mode == "amend":
        api["submit"] = url_for("api.amend_hand", token=token, event_id=amend_index)
        api["submit_method"] = "PUT"
    return {
        "mode": mode, "family": family.name, "rules": state.rules, "version": loaded.version,
        "seats": seats_of(state), "round_wind_name": WIND_NAMES[state.round_wind],
        "round_wind": state.round_wind, "dealer_seat": state.dealer, "counters": state.honba,
        "uses_counters": bool(state.flow.counter_on_dealer_win or state.flow.counter_on_draw),
        "uses_riichi": riichi, "sticks": state.sticks, "uses_dora": family.counts_dora,
        "scores_losers": family.scores_losers,
        "flags": [{"name": flag.name, "label": labels.flag(family.name, flag.name, flag.label)}
                  for flag in flags],
        "api": api, "initial": initial, "amend": amend_index if mode == "amend" else None,
    }


def seats_of(state: TableState) -> list[dict[str, Any]]:
    """The players in the order they were entered (seats keep their places; the winds move)."""
    out = []
    for player, name in enumerate(state.players):
        letter = "ESWN"[state.seat_winds[player]]
        out.append({"seat": player, "name": name, "wind": letter, "wind_name": WIND_NAMES[letter],
                    "is_dealer": player == state.dealer})
    return out


def _declare_page(loaded: Loaded, token: str, mode: str, initial: dict[str, Any] | None = None,
                  amend_index: int | None = None):  # type: ignore[no-untyped-def]
    if loaded.head.finished and mode != "amend":
        flash(gettext("The game is over; amend or undo a hand to change it."), "error")
        return redirect(url_for("tables.table_page", token=token), 303)
    data = page_data(loaded, token, mode, initial, amend_index)
    view = table_view(loaded)
    # The hand's number as the history shows it (the event index counts undos and draws too).
    amend_number = next((entry["number"] for entry in view["history"] if entry["index"] == amend_index), None)
    return render_template("declare.html", state=view, token=token, page_data=data,
                           mode=mode, amend_index=amend_index, amend_number=amend_number)


@bp.get("/t/<token>/declare")
def declare(token: str):  # type: ignore[no-untyped-def]
    return _declare_page(load_edit(token), token, "declare")


@bp.get("/t/<token>/dispute")
def dispute(token: str):  # type: ignore[no-untyped-def]
    return _declare_page(load_edit(token), token, "dispute")


@bp.get("/t/<token>/hands/<event:event_id>/amend")
def amend(token: str, event_id: int):  # type: ignore[no-untyped-def]
    loaded = load_edit(token)
    if not any(record.event_id == event_id for record in loaded.state.records):
        # its event is still in the log, but an undo took it out of the history
        abort(404, description=f"hand {event_id} is not in this table's history (it was undone); "
                               "record it again instead")
    event = event_for(loaded, event_id)
    if not event or not event.get("hand") or event.get("type") not in ("win", "false_win"):
        abort(404, description=f"hand {event_id} has no recorded tiles to amend; undo it instead")
    hand = dict(event["hand"])
    first_claim = (event.get("claims") or [{}])[0]
    initial = {**hand, "winner": event.get("winner", event.get("offender", first_claim.get("winner"))),
               "discarder": event.get("discarder"),
               "riichi": event.get("riichi") or [], "photo_id": event.get("photo")}
    if hand.get("losers"):      # classical: the losers' hands go back into their players' fields
        initial["others"] = losers_by_player(context_state(loaded, event_id), hand["losers"])
    return _declare_page(loaded, token, "amend", initial, event_id)


def losers_by_player(state: TableState, losers: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """The losers' laid-down hands of a recorded win by player (each was stored with the seat wind
    its player had in that hand), as the declare page's fields hold them."""
    player_at = {"ESWN"[wind]: player for player, wind in enumerate(state.seat_winds)}
    return {player_at[loser["seat_wind"]]: {"hand": loser.get("hand") or "",
                                            "melds": loser.get("melds") or []}
            for loser in losers if loser.get("seat_wind") in player_at}


def _abortive_choices(loaded: Loaded) -> list[tuple[str, str]]:
    """The preset's own abortive draws (key, label); none where its sheet has none."""
    draws = family_of(loaded.head.rules).abortive_draws
    words = draws.kinds if draws is not None else {}
    return [(kind, words.get(kind, kind)) for kind in loaded.head.flow.abortive_kinds]


@bp.route("/t/<token>/draw", methods=["GET", "POST"])
def draw(token: str):  # type: ignore[no-untyped-def]
    loaded = load_edit(token)
    view = table_view(loaded)
    choices = _abortive_choices(loaded)
    if request.method == "POST":
        form = request.form
        abortive = form.get("kind") == "abortive"
        # The form's reasons are the abortive kinds: one left chosen does not name a wall-ran-out draw.
        body = {"abortive": abortive,
                "waiting": form.getlist("waiting"), "riichi": form.getlist("riichi"),
                "reason": form.get("reason", "").strip() if abortive else "",
                "player": form.get("player", ""), "tiles": form.get("tiles", ""),
                "discards": form.get("discards", "")}
        version = form.get("version", "")
        try:
            event = draw_event(body)
            check_riichi(loaded.head, event["riichi"], [])
            backend().record(loaded.ref.id, _form_version(version), event)
        except (BadRequest, NumberRefused, TableError, Conflict, Unsupported) as error:
            flash(gettext("The draw was not recorded: %(error)s", error=refusal_text(error)), "error")
            status = 409 if isinstance(error, Conflict) else 422 if isinstance(error, Unsupported) else 400
            return render_template("draw.html", state=view, token=token, abortive=choices), status
        flash(gettext("Draw recorded."), "info")
        return redirect(url_for("tables.table_page", token=token), 303)
    return render_template("draw.html", state=view, token=token, abortive=choices)


@bp.route("/t/<token>/penalty", methods=["GET", "POST"])
def penalty(token: str):  # type: ignore[no-untyped-def]
    """A penalty outside a hand (slow play, a wrong call): one player pays one or all the others;
    0 points is a warning. The offences the preset's sheet names are offered by name."""
    loaded = load_edit(token)
    view = table_view(loaded)
    offences = list(offences_for(loaded.head.rules).items())
    # What the form shows: the preset's usual amount, or after a refusal what was typed.
    typed = {"offender": "", "to": "", "points": str(loaded.head.flow.penalty_points), "reason": "",
             "offence": ""}
    if request.method == "POST":
        form = request.form
        version = form.get("version", "")
        body = {"offender": form.get("offender", ""), "to": form.get("to", ""),
                "points": form.get("points", ""), "reason": form.get("reason", "").strip(),
                "offence": form.get("offence", "")}
        try:
            event = penalty_from(body, loaded.head.rules)
            backend().record(loaded.ref.id, _form_version(version), event)
        except (BadRequest, NumberRefused, TableError, Conflict) as error:
            flash(gettext("The penalty was not recorded: %(error)s", error=refusal_text(error)), "error")
            status = 409 if isinstance(error, Conflict) else 400
            typed = {key: str(form.get(key, "")).strip() for key in typed}
            return render_template("penalty.html", state=view, token=token, offences=offences,
                                   typed=typed), status
        flash(gettext("Warning recorded.") if event["deltas"] == [0, 0, 0, 0]
              else gettext("Penalty recorded."), "info")
        return redirect(url_for("tables.table_page", token=token), 303)
    return render_template("penalty.html", state=view, token=token, offences=offences, typed=typed)


@bp.get("/t/<token>/hands/<event:event_id>")
def hand_page(token: str, event_id: int):  # type: ignore[no-untyped-def]
    loaded = load_edit(token)
    view = table_view(loaded)
    entry = entry_for(loaded, event_id)
    event = event_for(loaded, event_id)
    if entry is None or event is None:
        abort(404, description=f"no hand {event_id} at this table")
    stored = next((item for item in backend().hands(loaded.ref.id) if item["event_id"] == event_id), {})
    photo_id = event.get("photo")
    photo = {"id": photo_id, "corrections": stored.get("corrections") or [],
             "here": bool(photo_id) and backend().has_photo(loaded.ref.id, photo_id)}
    hand, score = event.get("hand") or {}, event.get("score") or {}
    for claim in event.get("claims") or []:     # several claims on one discard: show the one paid
        if claim.get("winner") == entry["winner"]:
            hand, score = claim.get("hand") or {}, claim.get("score") or {}
    units = item_units(loaded.head.rules, loaded.head.options, score)
    # Only a scored win has items: a draw, a false win or a penalty has an empty score.
    items = score.get("items") or []
    return render_template("hand.html", state=view, token=token, entry=entry, event=event,
                           hand=hand, photo=photo, score=score, items=items, units=units,
                           total_unit=total_unit(loaded.head.rules), codes=_codes)


def _form_version(text: str) -> int:
    if not text:
        abort(400, description="the form has no table version; reload the page")
    return VERSION.parse(text, "version")


def _codes(text: str | None) -> list[str]:
    """'123m55z' -> ['1m', '2m', '3m', '5z', '5z'] for the tile pictures."""
    out: list[str] = []
    digits: list[str] = []
    for char in text or "":
        if char.isdigit():
            digits.append(char)
        elif char in "mpszf":
            out.extend(d + char for d in digits)
            digits = []
    return out


@bp.get("/t/<token>/photos/<photo_id>")
def photo(token: str, photo_id: str):  # type: ignore[no-untyped-def]
    loaded = load_edit(token)
    found = backend().photo_data(loaded.ref.id, photo_id)
    if found is None:
        abort(404, description="no such photo at this table")
    data, extension = found
    # no-store like every page under /t/: the photo's address carries the table's edit token
    response = Response(data, mimetype=photo_mimetype(extension))
    response.headers["Cache-Control"] = "no-store"
    return response
