"""Blueprints (tables, hands, api, scoreboard) and the helpers every view shares."""

from __future__ import annotations

from flask import abort, current_app, request
from flask_babel import lazy_gettext as _l

from webapp.storage.loaded import HISTORY_PAGE
from webapp.views.backend import Backend, Loaded
from webapp.views.request_numbers import HISTORY_BEFORE, HISTORY_LIMIT

# Translated for a page, English for the API (whose language is always English).
WRONG_LINK = _l("No table has this link. Check that the whole link was copied; "
                "the read-only scoreboard link cannot be used to score hands.")


def backend() -> Backend:
    return current_app.extensions["tiletally.backend"]


def load_edit(token: str) -> Loaded:
    """The table behind an edit link, or 404 (the same answer for junk and for a wrong code)."""
    loaded = backend().by_edit_token(token)
    if loaded is None:
        abort(404, description=WRONG_LINK)
    return loaded


def load_view(token: str) -> Loaded:
    loaded = backend().by_view_token(token)
    if loaded is None:
        abort(404, description=_l("No scoreboard has this link."))
    return loaded


def history_window() -> tuple[int, int | None]:
    """The page of the history a read asks for: ``?limit=`` hands (1 to 200, else the newest 50)
    ending before position ``?before=`` (as a view's ``older`` and ``newer`` give it); a number
    out of range is a 400 (``NumberRefused``)."""
    limit, before = request.args.get("limit", ""), request.args.get("before", "")
    return (HISTORY_LIMIT.parse(limit, "limit") if limit else HISTORY_PAGE,
            HISTORY_BEFORE.parse(before, "before") if before else None)
