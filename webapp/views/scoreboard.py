"""The read-only scoreboard (its own link, for a second screen) and the tile pictures."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, abort, current_app, render_template

from webapp.tile_images import is_tile_code, tile_png
from webapp.views import load_view
from webapp.views.present import table_club, table_view

bp = Blueprint("scoreboard", __name__)


@bp.get("/b/<view_token>")
def board(view_token: str):  # type: ignore[no-untyped-def]
    loaded = load_view(view_token)
    state = table_view(loaded)
    return render_template("board.html", state=state, view_token=view_token, chart=state["chart"],
                           refresh=current_app.config["BOARD_REFRESH_SECONDS"], club=table_club(loaded))


@bp.get("/tiles/<code>.png")
def tile_image(code: str):  # type: ignore[no-untyped-def]
    """A tile picture by code (one of CLASS_CODES); the code never becomes a path by itself."""
    if not is_tile_code(code):
        abort(404, description=f"{code!r} is not a tile code")
    data = tile_png(code, Path(current_app.config["DATA_DIR"]) / "tiles")
    response = Response(data, mimetype="image/png")
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response
