"""Blueprints (tables, hands, api, scoreboard) and the helpers every view shares."""

from __future__ import annotations

from flask import abort, current_app, request
from flask_babel import lazy_gettext as _l

from webapp.storage.loaded import HISTORY_PAGE
from webapp.views.backend import Backend, Loaded

MAX_HISTORY_PAGE = 200      # hands one read may ask for

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
    ending before position ``?before=`` (as a view's ``older`` and ``newer`` give it), or 400."""
    def number(name: str, default: int | None, high: int) -> int | None:
        text = request.args.get(name, "")
        if not text:
            return default
        if not text.isdigit() or not (name == "before" or 1 <= int(text)) or int(text) > high:
            abort(400, description=_l("%(name)s must be a whole number from %(low)d to %(high)d",
                                      name=name, low=0 if name == "before" else 1, high=high))
        return int(text)

    limit = number("limit", HISTORY_PAGE, MAX_HISTORY_PAGE)
    return limit or HISTORY_PAGE, number("before", None, 10**9)
