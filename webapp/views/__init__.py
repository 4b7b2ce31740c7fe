"""Blueprints (tables, hands, api, scoreboard) and the helpers every view shares."""

from __future__ import annotations

from flask import abort, current_app
from flask_babel import lazy_gettext as _l

from webapp.views.backend import Backend, Loaded

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
