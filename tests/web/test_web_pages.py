"""The HTML pages through the Flask test client: every page route, forms with CSRF, the CSP."""

from __future__ import annotations

import re

import pytest
from tests_web_helpers import WIN

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>")


def csrf(client, path: str = "/") -> str:  # type: ignore[no-untyped-def]
    html = client.get(path).get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def new_table_form(token: str, **extra: str) -> dict[str, str]:
    form = {"csrf_token": token, "name": "Friday", "rules": "mcr", "player0": "Ann", "player1": "Bob",
            "player2": "Cai", "player3": "Dee", "opt.mcr.minimum": "8", "opt.mcr.false_win_penalty": "20",
            "opt.mcr.two_concealed_kongs": "8", "opt.mcr.melded_concealed_kongs": "6"}
    form.update(extra)
    return form


def page_checks(response) -> str:  # type: ignore[no-untyped-def]
    """Every page: 200, the strict CSP, no inline script or style attribute, no referrer leak."""
    assert response.status_code == 200
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["X-Frame-Options"] == "DENY"
    html = response.get_data(as_text=True)
    assert not INLINE_SCRIPT.search(html), "inline script"
    assert " style=" not in html and " onclick=" not in html
    return html


@pytest.fixture()
def table(client, make_table):  # type: ignore[no-untyped-def]
    created = make_table()
    client.post(f"/api/tables/{created['edit_token']}/hands", json=dict(WIN, version=0))
    return created


def test_home_shows_presets_and_their_options(client) -> None:
    html = page_checks(client.get("/"))
    assert 'value="riichi"' in html and 'value="classical"' in html
    assert 'name="opt.mcr.false_win_penalty"' in html and 'name="opt.classical.limit"' in html
    assert "No tables on this device yet" in html


def test_new_table_form_needs_csrf(client) -> None:
    response = client.post("/tables", data=new_table_form("forged"))
    assert response.status_code == 400 and "CSRF" in response.get_data(as_text=True)
    without = {key: value for key, value in new_table_form("x").items() if key != "csrf_token"}
    response = client.post("/tables", data=without)
    assert response.status_code == 400


def test_new_table_form_with_options(client) -> None:
    token = csrf(client)
    # knitted_straight_waits left unticked (False, the default); the false-win penalty changed to 10.
    response = client.post("/tables", data=new_table_form(token, **{"opt.mcr.false_win_penalty": "10"}))
    assert response.status_code == 302
    edit_path = response.headers["Location"]
    html = page_checks(client.get(edit_path))
    # The table page lists the house rules in words.
    assert "<dt>False win penalty</dt><dd>10</dd>" in html and "Friday" in html
    home = client.get("/").get_data(as_text=True)
    assert edit_path in home       # "your tables" remembers it in this browser's session


def test_new_table_form_errors_are_shown(client) -> None:
    token = csrf(client)
    response = client.post("/tables", data=new_table_form(token, player3="ann"))
    assert response.status_code == 400
    assert "four different names" in response.get_data(as_text=True)
    response = client.post("/tables", data=new_table_form(token, **{"opt.mcr.minimum": "eight"}))
    assert response.status_code == 400 and "whole number" in response.get_data(as_text=True)


def test_open_a_table_by_link(client, table) -> None:
    token = csrf(client)
    link = f"http://phone.local:8000/t/{table['edit_token']}"
    response = client.post("/open", data={"csrf_token": token, "link": link})
    assert response.status_code == 302 and response.headers["Location"].endswith(table["edit_token"])
    response = client.post("/open", data={"csrf_token": token, "link": "nonsense-code-0000000"})
    assert response.status_code == 404


def test_table_page(client, table) -> None:
    html = page_checks(client.get(f"/t/{table['edit_token']}"))
    assert "Ann wins on Bob" in html and 'id="chart-data"' in html
    assert "vendor/chartjs/chart.umd.min.js" in html
    assert f"/b/{table['view_token']}" in html
    assert 'data-total="0">35<' in html


def test_every_table_page_renders(client, table) -> None:
    token = table["edit_token"]
    for path in (f"/t/{token}/declare", f"/t/{token}/dispute", f"/t/{token}/draw",
                 f"/t/{token}/hands/0", f"/t/{token}/hands/0/amend", f"/b/{table['view_token']}"):
        html = page_checks(client.get(path))
        assert "TileTally" in html, path
    declare = client.get(f"/t/{token}/declare").get_data(as_text=True)
    assert 'accept="image/*" capture="environment"' in declare
    assert client.get(f"/t/{token}/hands/9").status_code == 404
    assert client.get(f"/t/{token}/hands/9/amend").status_code == 404


def test_scoreboard_page_is_read_only(client, table) -> None:
    html = page_checks(client.get(f"/b/{table['view_token']}"))
    assert table["edit_token"] not in html
    assert "<form" not in html and "Declare" not in html
    assert 'data-total="0">35<' in html


def test_wrong_codes_are_404_pages(client, table) -> None:
    for path in (f"/t/{table['view_token']}", "/t/not-a-real-table-code", f"/b/{table['edit_token']}",
                 f"/t/{table['edit_token']}x/declare"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert "No table has this link" in response.get_data(as_text=True) or "No scoreboard" in \
            response.get_data(as_text=True)


def test_undo_form(client, table) -> None:
    token = table["edit_token"]
    page = client.get(f"/t/{token}").get_data(as_text=True)
    csrf_value = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    stale = client.post(f"/t/{token}/undo", data={"csrf_token": csrf_value, "version": "0"})
    assert stale.status_code == 303
    assert "changed since you loaded it" in client.get(f"/t/{token}").get_data(as_text=True)
    assert client.post(f"/t/{token}/undo", data={"version": "1"}).status_code == 400   # no CSRF token
    done = client.post(f"/t/{token}/undo", data={"csrf_token": csrf_value, "version": "1"})
    assert done.status_code == 303
    assert client.get(f"/api/tables/{token}").json["totals"] == [0, 0, 0, 0]


def test_draw_form(client, make_table) -> None:
    token = make_table("riichi")["edit_token"]
    page = client.get(f"/t/{token}/draw").get_data(as_text=True)
    csrf_value = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    # An abortive reason left chosen in the form does not go with a wall-ran-out draw.
    response = client.post(f"/t/{token}/draw", data={"csrf_token": csrf_value, "version": "0",
                                                     "kind": "exhaustive", "waiting": ["0", "1"],
                                                     "reason": "nine_terminals"})
    assert response.status_code == 303
    # Riichi, two waiting: the two not waiting pay 1500 each, split between the two waiting.
    state = client.get(f"/api/tables/{token}").json
    assert state["totals"] == [26500, 26500, 23500, 23500]
    assert state["history"][-1]["title"] == "draw; waiting: Ann, Bob"
    form = {"csrf_token": csrf_value, "version": "0", "kind": "abortive"}
    again = client.post(f"/t/{token}/draw", data=form)
    assert again.status_code == 409


def test_exports_download(client, table) -> None:
    token = table["edit_token"]
    csv_response = client.get(f"/t/{token}/export.csv")
    assert csv_response.mimetype == "text/csv" and "attachment" in csv_response.headers["Content-Disposition"]
    json_response = client.get(f"/t/{token}/export.json")
    assert json_response.json["totals"] == [35, -19, -8, -8]
    assert client.get(f"/t/{token}/export.xml").status_code == 404


def test_tile_pictures(client) -> None:
    for code in ("1m", "0p", "7z", "8f", "back"):
        response = client.get(f"/tiles/{code}.png")
        assert response.status_code == 200 and response.data[:8] == b"\x89PNG\r\n\x1a\n"
    again = client.get("/tiles/1m.png")
    assert again.data == client.get("/tiles/1m.png").data      # served from the cache
    for code in ("9z", "..%2Fsecret_key", "1m.png%00", "x"):
        assert client.get(f"/tiles/{code}.png").status_code == 404


def test_photos_cannot_reach_other_files(client, table) -> None:
    token = table["edit_token"]
    for name in ("..%2F..%2Fsecret_key", "secret_key", "0" * 24, "../tiletally.sqlite3"):
        assert client.get(f"/t/{token}/photos/{name}").status_code == 404


def test_static_assets(client) -> None:
    for path in ("/static/app.css", "/static/app.js", "/static/declare.js", "/static/board.js",
                 "/static/vendor/chartjs/chart.umd.min.js", "/static/vendor/chartjs/LICENSE.md"):
        assert client.get(path).status_code == 200, path


def test_penalty_form(client, table) -> None:
    token = table["edit_token"]
    page = page_checks(client.get(f"/t/{token}/penalty"))
    csrf_value = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    form = {"csrf_token": csrf_value, "version": "1", "offender": "2", "points": "30", "to": "",
            "reason": "slow"}
    assert client.post(f"/t/{token}/penalty", data=form).status_code == 303
    # After the worked win (35, -19, -8, -8): Cai pays 30, 10 to each other player.
    assert client.get(f"/api/tables/{token}").json["totals"] == [45, -9, -38, 2]
    uneven = client.post(f"/t/{token}/penalty", data=dict(form, version="2", points="31"))
    assert uneven.status_code == 400 and "evenly" in uneven.get_data(as_text=True)
    stale = client.post(f"/t/{token}/penalty", data=form)
    assert stale.status_code == 409
    assert client.post(f"/t/{token}/penalty", data=dict(form, csrf_token="forged")).status_code == 400


def test_player_names_are_escaped_everywhere(client, make_table) -> None:
    created = make_table(players=("<img src=x onerror=alert(1)>", "Bob", "</script><b>", "Dee"))
    token = created["edit_token"]
    for path in (f"/t/{token}", f"/t/{token}/declare", f"/t/{token}/draw", f"/b/{created['view_token']}"):
        html = client.get(path).get_data(as_text=True)
        assert "<img src=x" not in html and "</script><b>" not in html, path
        assert "&lt;img src=x" in html or "\\u003cimg src=x" in html, path
