"""The JSON API: everything the pages do, for their scripts and for other programs.

Writes name the table by its edit token in the URL and carry the table ``version`` they were
based on; a stale version is answered 409 so a second phone never overwrites a hand it has not
seen. ``python -m vision watch --post URL`` pushes a stable reading to ``.../pending``, where the
declare page picks it up. Every route is described in ``webapp/openapi.yaml``.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort, current_app, g, jsonify, request, url_for

from engine.families import RulesError, default_preset
from engine.table.events import TableError
from webapp import photo_check, upload_messages
from webapp.engine_messages import NOT_A_SCORING_WIN, render_english
from webapp.photo_gate import Busy
from webapp.refusals import abort_with_result, refuse
from webapp.security import CheckedImage, UploadError, check_image
from webapp.views import backend, history_window, load_edit, load_view
from webapp.views.actions import (
    BadRequest,
    TooManyTiles,
    Unsupported,
    check_riichi,
    corrections_of,
    dispute,
    draw_event,
    penalty_from,
    play_event,
    preview_deltas,
    score_win,
)
from webapp.views.backend import Conflict, Loaded
from webapp.views.live import QUORUM, SESSION_ID, WINDOW, LiveVotes, read_frame
from webapp.views.present import preset_catalogue, table_view, title_facts
from webapp.views.reader import hand_size_of
from webapp.views.request_numbers import VERSION, NumberRefused
from webapp.views.tables import export_zip, remember
from webapp.write_turns import WriteTurns

bp = Blueprint("api", __name__, url_prefix="/api")
OPENAPI = Path(__file__).resolve().parents[1] / "openapi.yaml"


def _body() -> dict[str, Any]:
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        abort(400, description="send a JSON object")
    return data


def _version(body: dict[str, Any]) -> int:
    version = body.get("version")
    if version is None:
        abort(400, description="version is required: the table version your change is based on "
                               "(GET the table first)")
    return VERSION.parse(version, "version")


def _conflict(error: Conflict):  # type: ignore[no-untyped-def]
    answer: dict[str, Any] = {"ok": False, "error": str(error), "status": 409, "version": error.actual}
    turn = g.get("turn")
    if turn is not None and not turn.settled:      # a writer let through at its turn: held for its retry
        place = _turns().lost(turn.line, turn.ticket, error.actual)
        turn.settled = True
        answer.update(turn=place.ticket, retry_after_ms=place.retry_after_ms)
    return jsonify(answer), 409


def _record(loaded: Loaded, version: int, event: dict[str, Any], *,  # type: ignore[no-untyped-def]
            detections: Any = None, corrections: Any = None):
    if version != loaded.version:
        # Already stale when the table was read: answered without queueing for the write lock
        # (the write would refuse it too), so the writer that can succeed does not wait behind it.
        return _conflict(Conflict(loaded.ref.id, version, loaded.version))
    try:
        after = backend().record(loaded.ref.id, version, event, detections=detections,
                                 corrections=corrections, based_on=loaded)
    except Conflict as error:
        return _conflict(error)
    except TableError as error:
        return refuse(error, 422)
    _settle(after.version)         # the next writer in line goes while this answer is being made
    view = table_view(after)
    newest = view["history"][-1] if view["history"] else None
    return jsonify({"ok": True, "index": newest["index"] if newest else None, "version": after.version,
                    "deltas": newest["deltas"] if newest else None, "table": view}), 201


# -- fair turns for writers (webapp.write_turns) ---------------------------------------------------

VERSIONED_WRITES = frozenset({"api.record_win", "api.amend_hand", "api.record_dispute", "api.record_draw",
                              "api.record_play", "api.record_penalty", "api.undo",
                              "api.end_game"})


@dataclass
class _AskedTurn:
    line: str                   # the table's line: its edit token
    ticket: int
    settled: bool = False       # the line has been told how the write ended


def _turns() -> WriteTurns:
    return current_app.extensions["tiletally.write_turns"]


@bp.before_request
def _wait_in_line():  # type: ignore[no-untyped-def]
    """A versioned write that asks for a fair turn (``"turn"`` in its body: null, or the ticket an
    answer gave it) waits here for its turn in its table's line, or is told when to come back;
    this runs before anything is read, so waiting costs the server little."""
    if request.endpoint not in VERSIONED_WRITES:
        return None
    body = request.get_json(silent=True)
    if not isinstance(body, dict) or "turn" not in body:
        return None
    ticket = body["turn"]
    if ticket is not None and (isinstance(ticket, bool) or not isinstance(ticket, int) or ticket < 1):
        raise BadRequest("turn must be null (to ask for one) or the turn a previous answer gave")
    line = str((request.view_args or {}).get("token", ""))
    turn = _turns().admit(line, ticket)
    if turn.go:
        g.turn = _AskedTurn(line, turn.ticket)
        return _known_stale(body, turn.version)
    wait = turn.retry_after_ms
    answer = jsonify({"ok": False, "status": 503, "turn": turn.ticket, "retry_after_ms": wait,
                      "error": "other writers on this table are ahead of you in line: send this write "
                               f"again with its turn in about {wait} ms"})
    answer.headers["Retry-After"] = str(max(1, math.ceil(wait / 1000)))
    return answer, 503


def _known_stale(body: dict[str, Any], known: int | None):  # type: ignore[no-untyped-def]
    """The 409 of a writer whose version is older than one its line has already seen, answered
    before the table is read: at its turn, a writer in a busy line holds the version it had when
    it joined, and the writers ahead of it have changed the table since."""
    if known is None:
        return None
    try:
        version = VERSION.parse(body.get("version"), "version")
    except NumberRefused:
        return None                       # the route's own checks answer it
    if version >= known:
        return None
    # The line's newest version is a floor of the table's: the retry at it may meet a newer one
    # (a write without a turn, another server), and then gets the usual 409 with that one.
    return _conflict(Conflict(0, version, known))


@bp.after_request
def _leave_line(response: Response) -> Response:
    """A writer let through leaves its line when its write is refused for good (when it is taken,
    as soon as it is stored: ``_record``); after a 409 it keeps the front of the line for its
    retry (``_conflict``)."""
    _settle(None)
    return response


@bp.teardown_request
def _leave_line_after_a_failure(_error: BaseException | None) -> None:
    _settle(None)          # an answer that never reached after_request still frees the table


def _settle(stored: int | None) -> None:
    """Tell the line how the write of the writer let through ended: stored at version ``stored``,
    or (None) refused for good."""
    turn = g.get("turn")
    if turn is None or turn.settled:
        return
    turn.settled = True
    if stored is not None:
        _turns().written(turn.line, turn.ticket, stored)
    else:
        _turns().leave(turn.line, turn.ticket)


@bp.errorhandler(BadRequest)
def _bad_request(error: BadRequest):  # type: ignore[no-untyped-def]
    return refuse(error, 400)


@bp.errorhandler(NumberRefused)
def _number_refused(error: NumberRefused):  # type: ignore[no-untyped-def]
    return refuse(error, 400)


@bp.errorhandler(Unsupported)
def _unsupported(error: Unsupported):  # type: ignore[no-untyped-def]
    return refuse(error, 422)


@bp.get("/openapi.yaml")
def openapi():  # type: ignore[no-untyped-def]
    return Response(OPENAPI.read_text(), mimetype="application/yaml")


@bp.get("/presets")
def list_presets():  # type: ignore[no-untyped-def]
    return jsonify({"presets": preset_catalogue()})


@bp.post("/tables")
def create_table():  # type: ignore[no-untyped-def]
    body = _body()
    players = body.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise BadRequest("players must be a list of four names")
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise BadRequest("options must be an object")
    try:
        ref = backend().create_table(str(body.get("name") or ""), players,
                                     str(body.get("rules") or default_preset()), options)
    except (RulesError, TableError) as error:
        raise BadRequest(str(error)) from error
    remember(ref.edit_token)
    return jsonify({"ok": True, "edit_token": ref.edit_token, "view_token": ref.view_token,
                    "edit_url": url_for("tables.table_page", token=ref.edit_token, _external=True),
                    "view_url": url_for("scoreboard.board", view_token=ref.view_token, _external=True),
                    "api_url": url_for("api.table_state", token=ref.edit_token, _external=True)}), 201


@bp.get("/tables/<token>")
def table_state(token: str):  # type: ignore[no-untyped-def]
    limit, before = history_window()
    return jsonify(table_view(load_edit(token), with_secrets=True, limit=limit, before=before))


@bp.get("/board/<view_token>")
def board_state(view_token: str):  # type: ignore[no-untyped-def]
    limit, before = history_window()
    return jsonify(table_view(load_view(view_token), limit=limit, before=before))


@bp.post("/tables/<token>/photos")
def upload_photo(token: str):  # type: ignore[no-untyped-def]
    loaded = load_edit(token)
    upload = request.files.get("photo")
    if upload is None:
        return refuse(UploadError.of("upload.no_photo", 400), 400)
    config = current_app.config
    try:   # the header checks cost no decoding: they run before waiting for a slot
        image = check_image(upload.read(), max_bytes=config["MAX_UPLOAD_BYTES"],
                            max_pixels=config["MAX_IMAGE_PIXELS"],
                            max_full_decode_pixels=config["MAX_FULL_DECODE_PIXELS"])
    except UploadError as error:
        return refuse(error, error.status)
    try:
        with current_app.extensions["tiletally.photo_gate"].slot():   # bounded decodes at once
            damage = photo_check.damage(image.data)
            if damage:
                return refuse(damage, damage.status)
            live = request.form.get("live")
            if live is not None:
                return _live_frame(live, image.data, hand_size_of(loaded.head.rules))
            return _read_upload(token, loaded, image)
    except Busy as error:
        response, status = refuse(error, 503)
        response.headers["Retry-After"] = str(error.retry_after)
        return response, status


def _read_upload(token: str, loaded: Loaded, image: CheckedImage):  # type: ignore[no-untyped-def]
    reader = current_app.extensions.get("tiletally.reader")
    read: dict[str, Any] = {"tiles": [], "groups": [], "hand": {}}
    started = time.perf_counter()
    warning, warning_params = None, None
    if reader is not None:
        try:
            read_photo = getattr(reader, "read", None)
            read = dict(read_photo(image.data, hand_size=hand_size_of(loaded.head.rules)) if read_photo
                        else reader(image.data))
        except (ValueError, OSError) as error:
            warning_params = {"detail": str(error)}
            warning = upload_messages.text("upload.unreadable", **warning_params)
    elapsed = (time.perf_counter() - started) * 1000
    read.setdefault("width", image.width)
    read.setdefault("height", image.height)
    photo_id = backend().save_photo(loaded.ref.id, image, read)
    coded = {"warning_code": "upload.unreadable", "warning_params": warning_params} if warning else {}
    return jsonify({"ok": True, "photo_id": photo_id, "reader": reader is not None and warning is None,
                    "warning": warning, **coded, "read_ms": round(elapsed, 1), "read": read,
                    "photo_url": url_for("hands.photo", token=token, photo_id=photo_id)}), 201


def _live_frame(session: str, data: bytes, hand_size: int):  # type: ignore[no-untyped-def]
    """A live camera frame: read, voted on (``webapp.views.live``), not stored."""
    if not SESSION_ID.fullmatch(session):
        raise BadRequest("live must be the camera session id the page made (8-64 letters, digits, - or _)")
    reader = current_app.extensions.get("tiletally.reader")
    if reader is None:
        return jsonify({"ok": True, "reader": False, "read": {"tiles": []},
                        "live": {"stable": False, "votes": 0, "quorum": QUORUM, "window": WINDOW}})
    votes = current_app.extensions.setdefault("tiletally.live", LiveVotes())
    started = time.perf_counter()
    try:
        read, angle = read_frame(reader, data, lean=votes.settled(session), start_angle=votes.angle(session),
                                 hand_size=hand_size,
                                 camera=votes.camera(session, getattr(reader, "new_camera", None)))
    except (ValueError, OSError) as error:
        return refuse(UploadError.of("upload.frame_unreadable", 422, detail=str(error)), 422)
    elapsed = (time.perf_counter() - started) * 1000
    return jsonify({"ok": True, "reader": True, "read": read, "read_ms": round(elapsed, 1),
                    "live": votes.push(session, read, angle)})


@bp.post("/tables/<token>/score")
def score(token: str):  # type: ignore[no-untyped-def]
    # A preview always answers 200: "ok": false with the error is its result for a hand the engine
    # cannot read (the page scores every intermediate hand while tiles are being entered).
    loaded = load_edit(token)
    try:
        result = score_win(loaded, _body())
    except TooManyTiles as error:
        return jsonify({"ok": False, "error": str(error), "score": {"ok": False, **error.to_dict()},
                        "payments": None})
    result.pop("event", None)
    return jsonify(result)


def _win_from_body(loaded: Loaded, body: dict[str, Any], target: int | None = None) -> dict[str, Any]:
    result = score_win(loaded, body, target)
    if not result["ok"]:
        abort_with_result({**result["score"], "error": result["error"]}, 422)
    score_data = result["score"]
    if not score_data.get("valid") or not score_data.get("meets_minimum"):
        # the engine's reason (itself coded) inside the refusal's own message
        params = {"reason": score_data["reason"], "reason_code": score_data.get("reason_code"),
                  "reason_params": score_data.get("reason_params") or {}} if score_data.get("reason") \
            else {"reason": NOT_A_SCORING_WIN, "reason_code": "record.not_a_scoring_win", "reason_params": {}}
        abort_with_result({"error": render_english("record.false_win_instead", params),
                           "code": "record.false_win_instead", "params": params}, 422)
    return result["event"]


def _capture(loaded: Loaded, event: dict[str, Any], body: dict[str, Any],
             amended: int | None = None) -> dict[str, Any]:
    """The photo's reading and the editor's corrections, for the hand record. An amendment that
    keeps the hand's photo and sends no reading of its own keeps the corrections made before."""
    photo = event.get("photo")
    if not photo:
        return {}
    stored = _stored_capture(loaded, amended) if amended is not None else None
    if not backend().has_photo(loaded.ref.id, photo):
        if stored and stored.get("photo_ref") == photo:    # imported without its photo: keep the record
            return {"detections": stored.get("detections"), "corrections": stored.get("corrections")}
        raise BadRequest(f"photo {photo} was not uploaded to this table")
    corrections = corrections_of(body)
    if stored and stored.get("photo_ref") == photo and not body.get("read") and not corrections:
        corrections = stored.get("corrections") or []
    return {"detections": backend().reading(loaded.ref.id, photo), "corrections": corrections}


def _stored_capture(loaded: Loaded, event_id: int) -> dict[str, Any] | None:
    return next((item for item in backend().hands(loaded.ref.id) if item.get("event_id") == event_id), None)


def _save_labels(loaded: Loaded, event: dict[str, Any], capture: dict[str, Any]) -> None:
    """Corrected readings become labelled training data (YOLO files in the data folder); a reading
    confirmed as it was teaches the model nothing new and is not kept."""
    if capture.get("detections") is not None and capture.get("corrections"):
        backend().save_labels(loaded.ref.id, event["photo"], capture["detections"],
                              capture["corrections"], event.get("hand") or {})


@bp.post("/tables/<token>/hands")
def record_win(token: str):  # type: ignore[no-untyped-def]
    loaded = load_edit(token)
    body = _body()
    body.pop("amend", None)     # a new hand is scored as the table is now, never as an old one
    version = _version(body)
    event = _win_from_body(loaded, body)
    capture = _capture(loaded, event, body)
    response = _record(loaded, version, event, **capture)
    if response[1] == 201:
        _save_labels(loaded, event, capture)
    return response


@bp.put("/tables/<token>/hands/<event:event_id>")
def amend_hand(token: str, event_id: int):  # type: ignore[no-untyped-def]
    loaded = load_edit(token)
    body = _body()
    version = _version(body)
    event = _win_from_body(loaded, body, event_id)
    capture = _capture(loaded, event, body, event_id)
    try:        # the later hands the change moves are scored again in their new seats
        amendment = loaded.table.amendment(event_id, event)
    except TableError as error:
        return refuse(error, 422)
    response = _record(loaded, version, amendment, **capture)
    if response[1] == 201:
        _save_labels(loaded, event, capture)
        payload = response[0].get_json()
        payload["index"] = event_id
        return jsonify(payload), 201
    return response


@bp.post("/tables/<token>/disputes/preview")
def dispute_preview(token: str):  # type: ignore[no-untyped-def]
    result = dispute(load_edit(token), _body())
    result.pop("event", None)
    return jsonify(result)


@bp.post("/tables/<token>/disputes")
def record_dispute(token: str):  # type: ignore[no-untyped-def]
    loaded = load_edit(token)
    body = _body()
    version = _version(body)
    result = dispute(loaded, body)
    if not result["ok"]:
        abort_with_result({**result["score"], "error": result["error"]}, 422)
    capture = _capture(loaded, result["event"], body)
    response = _record(loaded, version, result["event"], **capture)
    if response[1] == 201:
        payload = response[0].get_json()
        payload["dispute"] = result["dispute"]
        return jsonify(payload), 201
    return response


@bp.post("/tables/<token>/draws/preview")
def draw_preview(token: str):  # type: ignore[no-untyped-def]
    loaded = load_edit(token)
    event = draw_event(_body())
    check_riichi(loaded.head, event["riichi"], [])
    try:
        deltas = preview_deltas(loaded, event)
    except TableError as error:
        return refuse(error, 422)
    record = loaded.preview(event).records[-1]
    # The page titles the draw in its reader's language from the facts; the summary is English.
    return jsonify({"ok": True, "deltas": deltas, "summary": record.summary, "kind": record.kind,
                    "facts": title_facts(record)})


@bp.post("/tables/<token>/draws")
def record_draw(token: str):  # type: ignore[no-untyped-def]
    loaded = load_edit(token)
    body = _body()
    event = draw_event(body)
    check_riichi(loaded.head, event["riichi"], [])
    return _record(loaded, _version(body), event)


@bp.post("/tables/<token>/play")
def record_play(token: str):  # type: ignore[no-untyped-def]
    """The classical sheet's discard / wall_draw / ready events (presets with a sacred-discard rule)."""
    loaded = load_edit(token)
    body = _body()
    return _record(loaded, _version(body), play_event(body))


@bp.post("/tables/<token>/penalties")
def record_penalty(token: str):  # type: ignore[no-untyped-def]
    loaded = load_edit(token)
    body = _body()
    return _record(loaded, _version(body), penalty_from(body, loaded.head.rules))


@bp.post("/tables/<token>/undo")
def undo(token: str):  # type: ignore[no-untyped-def]
    loaded = load_edit(token)
    return _record(loaded, _version(_body()), {"type": "undo"})


@bp.post("/tables/<token>/end")
def end_game(token: str):  # type: ignore[no-untyped-def]
    """The players end the game; the table's view then carries the final standings."""
    loaded = load_edit(token)
    return _record(loaded, _version(_body()), {"type": "end_game"})


@bp.get("/tables/<token>/pending")
def pending(token: str):  # type: ignore[no-untyped-def]
    loaded = load_edit(token)
    return jsonify({"pending": backend().pending(loaded.ref.id)})


@bp.post("/tables/<token>/pending")
def push_pending(token: str):  # type: ignore[no-untyped-def]
    """A stable hand from ``python -m vision watch --post URL`` (the ``vision read --json`` object)."""
    loaded = load_edit(token)
    body = _body()
    if not isinstance(body.get("tiles"), list):
        raise BadRequest("send the reader's JSON: an object with a 'tiles' list (and 'groups', 'hand')")
    if len(body["tiles"]) > 40:
        raise BadRequest(f"{len(body['tiles'])} tiles is more than any hand has")
    item = backend().push_pending(loaded.ref.id, body, None)
    return jsonify({"ok": True, "id": item["id"]}), 201


@bp.get("/tables/<token>/export.json")
def export_json(token: str):  # type: ignore[no-untyped-def]
    return jsonify(backend().export(load_edit(token)))


@bp.get("/tables/<token>/export.zip")
def export_zip_route(token: str):  # type: ignore[no-untyped-def]
    return Response(export_zip(load_edit(token)), mimetype="application/zip")


@bp.get("/tables/<token>/export.csv")
def export_csv_route(token: str):  # type: ignore[no-untyped-def]
    return Response(backend().export_csv(load_edit(token)), mimetype="text/csv")
