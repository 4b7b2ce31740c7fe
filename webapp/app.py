"""The Flask app factory: ``create_app(config)`` builds one TileTally web app.

Views stay thin (parse the request, call the engine, storage or reader, render); everything a view
needs is built here once: the data folder, the database, the secret key, the vision reader (the
shipped model is loaded at start-up, never per request) and the security guards.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask, jsonify, render_template, request
from flask_babel import gettext
from flask_limiter import Limiter
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import BadRequest, HTTPException, RequestEntityTooLarge

from vision.decode import DEFAULT_MAX_BYTES, DEFAULT_MAX_PIXELS
from webapp import guards, i18n, labels, security
from webapp.photo_gate import PhotoGate
from webapp.views import api, clubs, hands, scoreboard, tables
from webapp.views.backend import Backend
from webapp.views.reader import load_reader
from webapp.views.request_numbers import EventIndexConverter, NumberRefused
from webapp.write_turns import WriteTurns

DEFAULTS: dict[str, Any] = {
    "DATA_DIR": "data",
    "DATABASE_URL": None,             # None: SQLite file in the data folder (or $DATABASE_URL)
    # True: photos and pending camera hands are kept in the database, so several servers sharing
    # one PostgreSQL all see them (default: files in the data folder). Env: TILETALLY_MEDIA_IN_DB=1.
    "MEDIA_IN_DATABASE": None,        # None: $TILETALLY_MEDIA_IN_DB (1/true/yes), else False
    "SECRET_KEY": None,               # None: read or create DATA_DIR/secret_key
    "MAX_UPLOAD_BYTES": DEFAULT_MAX_BYTES,    # the reader's own limits (vision.decode)
    "MAX_IMAGE_PIXELS": DEFAULT_MAX_PIXELS,
    # PNG and WebP are decoded and read at full size (a JPEG is decoded reduced, to at most about
    # 2000 x 2000), and a reading's memory grows with the pixels it reads, so they get the cap a
    # tablet's screenshot needs (2048 x 2732), not a camera's.
    "MAX_FULL_DECODE_PIXELS": 6_000_000,
    "PHOTO_SLOTS": None,              # photos read at once (webapp.photo_gate); None: half the cores
    # How long an upload waits for a slot before a 503: short, since a waiting upload holds one
    # of the server's threads, which every other request needs too.
    "PHOTO_WAIT_SECONDS": 2,
    # How many uploads may wait for a slot at once; the next are answered 503 at once, so a burst
    # of uploads holds at most slots + waiting server threads. None: as many as slots.
    "PHOTO_WAITING": None,
    # Writes that may wait in the server for their turn in their table's line at once
    # (webapp.write_turns): each holds a server thread. None: half of `serve --threads`' default 8.
    "WRITE_WAITING": None,
    "RATE_LIMITS_ENABLED": True,      # per client address, each kind of request apart (webapp.guards)
    "RATE_LIMIT_WRITES": "300 per minute",       # a write answered 409 is not counted
    "RATE_LIMIT_PREVIEWS": "600 per minute",     # score, dispute and draw previews
    "RATE_LIMIT_READS": "1200 per minute",       # pages and GETs, not static files or tile pictures
    "RATE_LIMIT_UPLOADS": "60 per minute",
    # Reverse proxies in front of the server whose X-Forwarded-* headers name the client (its
    # address is then the rate limits' key). None: $TILETALLY_TRUSTED_PROXIES, else 0 (none).
    "TRUSTED_PROXIES": None,
    "READER": None,                   # None: load models/ if present; False: no reader; or a callable
    "MODELS_DIR": None,               # None: the repository's models/ folder
    "CSRF_DISABLED": False,
    "BOARD_REFRESH_SECONDS": 5,
    "SESSION_COOKIE_HTTPONLY": True,
    "SESSION_COOKIE_SAMESITE": "Lax",
    "SESSION_COOKIE_SECURE": False,   # `serve --https` turns it on
}


def _secret_key(data_dir: Path) -> str:
    """A per-install secret kept in the data folder, so sessions survive a restart."""
    path = data_dir / "secret_key"
    if path.is_file():
        return path.read_text().strip()
    key = secrets.token_hex(32)
    path.write_text(key)
    os.chmod(path, 0o600)
    return key


def media_in_database_from_env() -> bool:
    """TILETALLY_MEDIA_IN_DB (1/true/yes): photos are kept in the database (the CLI reads it too)."""
    return os.environ.get("TILETALLY_MEDIA_IN_DB", "").lower() in ("1", "true", "yes")


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app; ``config`` overrides DEFAULTS (tests pass a temporary DATA_DIR)."""
    app = Flask(__name__)
    app.url_map.converters["event"] = EventIndexConverter
    app.config.update(DEFAULTS)
    app.config.update(config or {})
    data_dir = Path(app.config["DATA_DIR"]).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    app.config["DATA_DIR"] = str(data_dir)
    app.config["SECRET_KEY"] = app.config["SECRET_KEY"] or _secret_key(data_dir)
    # The multipart envelope adds a little to the photo; the photo itself is checked exactly later.
    app.config["MAX_CONTENT_LENGTH"] = int(app.config["MAX_UPLOAD_BYTES"]) + 256 * 1024
    app.json = security.SafeJSONProvider(app)
    app.json.sort_keys = False  # type: ignore[attr-defined]

    database_url = app.config["DATABASE_URL"] or os.environ.get("DATABASE_URL") \
        or f"sqlite:///{data_dir / 'tiletally.sqlite3'}"
    app.config["DATABASE_URL"] = database_url
    media_in_database = app.config["MEDIA_IN_DATABASE"]
    if media_in_database is None:
        media_in_database = media_in_database_from_env()
    app.config["MEDIA_IN_DATABASE"] = bool(media_in_database)
    app.extensions["tiletally.backend"] = Backend(database_url, data_dir,
                                                  media_in_database=bool(media_in_database))
    # Photos are read in slots, each reading with its own threads, so that readings together use at
    # most half the cores: the other half stays free for every other request (a burst of uploads
    # must not stall the table pages).
    cores = os.cpu_count() or 2
    slots = app.config["PHOTO_SLOTS"] or max(1, cores // 2)
    reader = app.config["READER"]
    if reader is None:
        reader = load_reader(app.config["MODELS_DIR"], threads=max(1, cores // 2 // int(slots)))
    app.extensions["tiletally.reader"] = reader or None
    app.extensions["tiletally.write_turns"] = WriteTurns(waiting=app.config["WRITE_WAITING"])
    app.extensions["tiletally.photo_gate"] = PhotoGate(int(slots), float(app.config["PHOTO_WAIT_SECONDS"]),
                                                       app.config["PHOTO_WAITING"])

    proxies = app.config["TRUSTED_PROXIES"]
    app.config["TRUSTED_PROXIES"] = int(os.environ.get("TILETALLY_TRUSTED_PROXIES") or 0) \
        if proxies is None else int(proxies)
    guards.trust_proxies(app, app.config["TRUSTED_PROXIES"])
    limiter = guards.install(app, csrf_exempt=(api.bp,))
    # flask_limiter's decorators hold their Limiter weakly, and a disabled Limiter registers nowhere
    # in the app: without this reference it is collected and every limited route raises.
    app.extensions["tiletally.limiter"] = limiter
    i18n.install(app)
    for blueprint in (tables.bp, hands.bp, scoreboard.bp, clubs.bp, api.bp):
        app.register_blueprint(blueprint)
    # Uploads cost the most (a decode and a reading each): their own, lower limit per client.
    upload = "api.upload_photo"
    app.view_functions[upload] = limiter.limit(app.config["RATE_LIMIT_UPLOADS"])(app.view_functions[upload])
    _install_errors(app, limiter)
    return app


def _install_errors(app: Flask, limiter: Limiter) -> None:
    """Every error is a clear message: JSON for the API, a readable page for people."""

    @app.errorhandler(HTTPException)
    def _http_error(error: HTTPException):  # type: ignore[no-untyped-def]
        status = error.code or 500
        message = str(error.description or error.name)   # a page's message may be a lazy translation
        if isinstance(error, CSRFError):
            message = guards.csrf_message(error)
        if status == 413 and message == RequestEntityTooLarge.description:
            limit = "{:.1f}".format(app.config["MAX_UPLOAD_BYTES"] / 1e6)
            message = gettext("the upload is too large; the limit is %(limit)s MB", limit=limit)
        # Retry-After goes with a 429 (and a busy photo gate's 503), never with other answers
        headers = {"Retry-After": str(guards.retry_after(limiter))} if status == 429 else {}
        if request.path.startswith("/api/"):
            return jsonify({"ok": False, "error": message, "status": status}), status, headers
        if error.description == type(error).description:  # the web server's own English words
            message = labels.status_message(status)
        return render_template("error.html", status=status, title=labels.status_title(status, error.name),
                               message=message), status, headers

    @app.errorhandler(NumberRefused)
    def _number_refused(error: NumberRefused):  # type: ignore[no-untyped-def]
        # A view that does not answer a bad number itself (a query argument, a form's version).
        return _http_error(BadRequest(description=str(error)))
