"""The clubs this browser has opened, for the home page: kept as the tables are
(webapp.table_cookie, encrypted in the session cookie), each with the kind of link it was opened
by, so a read-only link never turns into an edit one."""

from __future__ import annotations

from typing import Any

from webapp import table_cookie
from webapp.security import looks_like_token
from webapp.views import backend

EDIT, VIEW = "c", "cv"     # a club's edit link is /c/TOKEN, its read-only link /cv/TOKEN


def remembered_clubs() -> list[dict[str, Any]]:
    """The clubs this browser has opened, newest first: name, link kind and token; a club opened
    by both links is listed once, by its edit link, and a link that no longer opens a club is
    left out."""
    storage = backend().storage
    clubs: dict[int, dict[str, Any]] = {}
    for entry in table_cookie.remembered(table_cookie.CLUBS):
        kind, _, token = entry.partition("/")
        if kind not in (EDIT, VIEW) or not looks_like_token(token):
            continue
        ref = storage.club_by_edit_token(token) if kind == EDIT else storage.club_by_view_token(token)
        if ref is not None and (ref.id not in clubs or kind == EDIT):
            clubs[ref.id] = {"name": ref.name, "kind": kind, "token": token}
    return list(clubs.values())
