"""The web app under hostile input: decompression bombs, bursts of uploads, deep or broken JSON,
names the database cannot store, and the --https server's thread cap and Server header."""

from __future__ import annotations

import struct
import threading
import zlib
from pathlib import Path

import pytest
from tests_web_helpers import png_bytes

from webapp.app import create_app


def png_header_claiming(width: int, height: int) -> bytes:
    """A PNG whose header claims width x height but which holds almost no data."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) \
        + chunk(b"IEND", b"")


def upload(client, token: str, data: bytes, name: str = "p.png"):  # type: ignore[no-untyped-def]
    import io

    return client.post(f"/api/tables/{token}/photos", data={"photo": (io.BytesIO(data), name)},
                       content_type="multipart/form-data")


def test_a_header_claiming_a_gigantic_image_is_413(client, make_table) -> None:
    token = make_table()["edit_token"]
    response = upload(client, token, png_header_claiming(100_000, 100_000))
    assert response.status_code == 413 and "megapixels" in response.json["error"]


def test_a_png_larger_than_full_decoding_allows_is_413(tmp_path: Path) -> None:
    app = create_app({"DATA_DIR": str(tmp_path), "READER": False, "MAX_FULL_DECODE_PIXELS": 1_000_000})
    client = app.test_client()
    token = client.post("/api/tables", json={"players": ["A", "B", "C", "D"]}).json["edit_token"]
    response = upload(client, token, png_bytes(1200, 1000))
    assert response.status_code == 413 and "send a JPEG" in response.json["error"]
    assert upload(client, token, png_bytes(1000, 1000)).status_code == 201


def test_uploads_work_with_rate_limits_turned_off(tmp_path: Path) -> None:
    # a disabled Limiter is held by nothing in the app; its route decorator then lost it (a 500)
    import gc

    app = create_app({"DATA_DIR": str(tmp_path), "READER": False, "RATE_LIMITS_ENABLED": False})
    gc.collect()
    client = app.test_client()
    token = client.post("/api/tables", json={"players": ["A", "B", "C", "D"]}).json["edit_token"]
    assert upload(client, token, png_bytes(200, 100)).status_code == 201


def test_uploads_beyond_the_decode_slots_wait_then_get_503_with_retry_after(tmp_path: Path) -> None:
    entered, release = threading.Event(), threading.Event()

    def slow_reader(data: bytes) -> dict:
        entered.set()
        assert release.wait(30)
        return {"tiles": [], "groups": [], "hand": {}}

    app = create_app({"DATA_DIR": str(tmp_path), "READER": slow_reader, "PHOTO_SLOTS": 1,
                      "PHOTO_WAIT_SECONDS": 0})
    token = app.test_client().post("/api/tables", json={"players": ["A", "B", "C", "D"]}).json["edit_token"]
    first: dict = {}
    thread = threading.Thread(target=lambda: first.update(
        status=upload(app.test_client(), token, png_bytes(64, 64)).status_code))
    thread.start()
    try:
        assert entered.wait(30)
        busy = upload(app.test_client(), token, png_bytes(64, 64))
        assert busy.status_code == 503 and busy.headers["Retry-After"].isdigit()
        # Everything else is still answered while the photo slot is taken.
        assert app.test_client().get(f"/api/tables/{token}").status_code == 200
    finally:
        release.set()
        thread.join(30)
    assert first["status"] == 201
    assert upload(app.test_client(), token, png_bytes(64, 64)).status_code == 201


@pytest.mark.parametrize("body", [
    b"[" * 100_000 + b"]" * 100_000,
    b'{"a":' * 50 + b"1" + b"}" * 50,
])
def test_deeply_nested_json_is_400_not_500(client, make_table, body: bytes) -> None:
    token = make_table()["edit_token"]
    for path in (f"/api/tables/{token}/score", "/api/tables", f"/api/tables/{token}/hands"):
        response = client.post(path, data=body, content_type="application/json")
        assert response.status_code == 400 and "nested deeper" in response.json["error"]


def test_a_lone_surrogate_is_400_and_nothing_is_stored(client) -> None:
    body = b'{"players": ["Ann\\ud800", "Bob", "Cai", "Dee"], "rules": "mcr"}'
    response = client.post("/api/tables", data=body, content_type="application/json")
    assert response.status_code == 400 and "not valid Unicode" in response.json["error"]
    assert client.get("/").status_code == 200


def test_names_over_the_column_length_are_400(client) -> None:
    response = client.post("/api/tables", json={"players": ["A" * 81, "Bob", "Cai", "Dee"]})
    assert response.status_code == 400 and "80 characters" in response.json["error"]
    response = client.post("/api/tables", json={"players": ["Ann\x00", "Bob", "Cai", "Dee"]})
    assert response.status_code == 400 and "control character" in response.json["error"]


KILLED_UPLOAD = """
import io, os, sys
from webapp.app import create_app
backend_module = sys.modules["webapp.views.backend"]     # (webapp.views.backend is also a function)

def half_then_die(path, data):
    with open(path, "wb") as handle:
        handle.write(data[: len(data) // 2])
        handle.flush()
    os._exit(17)                  # killed mid-write: no rename, no cleanup

app = create_app({"DATA_DIR": sys.argv[1], "READER": False})
client = app.test_client()
token = client.post("/api/tables", json={"players": ["A", "B", "C", "D"]}).json["edit_token"]
print(token, flush=True)
backend_module._write_synced = half_then_die
client.post(f"/api/tables/{token}/photos", data={"photo": (io.BytesIO(bytes.fromhex(sys.argv[2])), "p.png")},
            content_type="multipart/form-data")
"""


def test_an_upload_killed_mid_write_leaves_no_photo_and_the_next_start_cleans_up(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    repo = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(repo))
    data_dir = tmp_path / "data"
    result = subprocess.run([sys.executable, "-c", KILLED_UPLOAD, str(data_dir), png_bytes(300, 300).hex()],
                            cwd=repo, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 17, result.stderr
    token = result.stdout.split()[0]
    left = [p for p in (data_dir / "photos").rglob("*") if p.is_file()]
    assert left and all(p.name.endswith(".part") for p in left)       # nothing under a photo's name
    app = create_app({"DATA_DIR": str(data_dir), "READER": False})    # a restart cleans the orphan
    assert [p for p in (data_dir / "photos").rglob("*") if p.is_file()] == []
    client = app.test_client()
    photo = upload(client, token, png_bytes(300, 300)).json
    assert client.get(f"/t/{token}/photos/{photo['photo_id']}").status_code == 200


def _csrf(client) -> str:  # type: ignore[no-untyped-def]
    import re

    return re.search(r'name="csrf_token" value="([^"]+)"', client.get("/").get_data(as_text=True)).group(1)


def test_a_form_from_another_origin_is_refused_even_with_a_valid_token(client) -> None:
    form = {"csrf_token": _csrf(client), "link": "no-such-table-code-000"}
    refused = client.post("/open", data=form, headers={"Origin": "https://evil.example"})
    assert refused.status_code == 400 and "another site" in refused.get_data(as_text=True)
    # The same form from this server's own page gets through the guards (to "no such table").
    assert client.post("/open", data=form, headers={"Origin": "http://localhost"}).status_code == 404
    assert client.post("/open", data=form).status_code == 404
    assert client.post("/open", data=form, headers={"Origin": "null"}).status_code == 400


def test_over_https_a_form_needs_this_sites_referer(client) -> None:
    html = client.get("/", base_url="https://localhost").get_data(as_text=True)
    import re

    form = {"csrf_token": re.search(r'name="csrf_token" value="([^"]+)"', html).group(1),
            "link": "no-such-table-code-000"}
    own = client.post("/open", data=form, base_url="https://localhost",
                      headers={"Origin": "https://localhost", "Referer": "https://localhost/"})
    assert own.status_code == 404
    missing = client.post("/open", data=form, base_url="https://localhost")
    assert missing.status_code == 400 and "referrer" in missing.get_data(as_text=True).lower()
    assert client.get("/").headers["Referrer-Policy"] == "same-origin"


def test_the_home_page_is_not_cached_and_the_cookie_hides_edit_tokens(client, make_table) -> None:
    import base64
    import zlib

    made = make_table()
    home = client.get("/")
    assert home.headers["Cache-Control"] == "no-store" and made["edit_token"] in home.get_data(as_text=True)
    cookie = client.get_cookie("session").value
    payload = cookie.lstrip(".").split(".")[0]
    raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    text = (zlib.decompress(raw) if cookie.startswith(".") else raw).decode()
    assert made["edit_token"] not in text and "tables" in text


def test_hundreds_of_writes_a_minute_from_one_client_get_429_with_retry_after(tmp_path: Path) -> None:
    app = create_app({"DATA_DIR": str(tmp_path), "READER": False, "RATE_LIMIT_WRITES": "20 per minute",
                      "RATE_LIMIT_UPLOADS": "3 per minute"})
    client = app.test_client()
    token = client.post("/api/tables", json={"players": ["A", "B", "C", "D"]}).json["edit_token"]
    version, statuses = 0, []
    for _ in range(25):
        answer = client.post(f"/api/tables/{token}/penalties", json={"offender": 0, "points": 30,
                                                                      "version": version})
        statuses.append(answer.status_code)
        version = answer.json.get("version", version)
    assert 429 in statuses and statuses.index(429) >= 15
    limited = client.post(f"/api/tables/{token}/penalties", json={"offender": 0, "points": 30,
                                                                   "version": version})
    assert limited.status_code == 429 and int(limited.headers["Retry-After"]) > 0
    assert limited.json["status"] == 429
    assert client.get(f"/api/tables/{token}").status_code == 200      # reads have their own budget
    other = create_app({"DATA_DIR": str(tmp_path / "b"), "READER": False,
                        "RATE_LIMIT_UPLOADS": "3 per minute"}).test_client()
    token = other.post("/api/tables", json={"players": ["A", "B", "C", "D"]}).json["edit_token"]
    uploads = [upload(other, token, png_bytes(64, 64)).status_code for _ in range(5)]
    assert uploads[:3] == [201, 201, 201] and uploads[3:] == [429, 429]


def test_a_conflict_names_no_internal_id(client, make_table) -> None:
    made = make_table()
    token = made["edit_token"]
    first = client.post(f"/api/tables/{token}/draws", json={"version": 0})
    assert first.status_code == 201, first.json
    stale = client.post(f"/api/tables/{token}/draws", json={"version": 0})
    assert stale.status_code == 409 and stale.json["version"] == 1
    assert "table 1" not in stale.json["error"] and "changed since you loaded it" in stale.json["error"]


# A few tiles too many in a short string is a hand being corrected: the score preview answers it
# as its result (200, ok false); a string longer than any tile field is refused outright.
@pytest.mark.parametrize(("field", "value", "words", "preview_status"), [
    ("dora_indicators", "1m" * 100_000, "more than 5 tiles", 400),
    ("ura_indicators", "123456m", "6 tiles, more than any hand holds (5)", 200),
    ("hand", "1" * 1_000_000 + "m", "more than 22 tiles", 400),
    ("melds", ["pon:111m"] * 6, "at most 5 melds", 400),
])
def test_tile_strings_are_capped_by_what_the_game_allows(client, make_table, field, value, words,
                                                         preview_status) -> None:
    token = make_table("riichi")["edit_token"]
    body = {"hand": "123m456p789s11z222z", "win_tile": "2z", "winner": 0, "discarder": 1, field: value}
    for path, status in (("score", preview_status), ("disputes/preview", 400)):
        response = client.post(f"/api/tables/{token}/{path}", json=body)
        assert response.status_code == status and words in response.json["error"], response.json
        assert response.json["ok"] is False
    recorded = client.post(f"/api/tables/{token}/disputes", json=dict(body, version=0, claim="8000"))
    assert recorded.status_code == 400
    assert client.get(f"/api/tables/{token}").json["version"] == 0


def test_a_flower_as_dora_indicator_is_refused_on_every_route_not_500(client, make_table) -> None:
    token = make_table("riichi")["edit_token"]
    win = {"hand": "123m456p789s11z555z", "win_tile": "5z", "winner": 0, "discarder": 1}
    recorded = client.post(f"/api/tables/{token}/hands", json=dict(win, version=0))
    assert recorded.status_code == 201, recorded.json
    bad = dict(win, dora_indicators="1f", version=1, claim="8000")
    responses = [client.post(f"/api/tables/{token}/score", json=bad),
                 client.post(f"/api/tables/{token}/hands", json=bad),
                 client.put(f"/api/tables/{token}/hands/0", json=bad),
                 client.post(f"/api/tables/{token}/disputes/preview", json=bad),
                 client.post(f"/api/tables/{token}/disputes", json=bad)]
    assert all(r.status_code in (200, 400, 422) for r in responses), [r.status_code for r in responses]
    assert all("dora indicator" in (r.json.get("error") or "") for r in responses)
    assert client.get(f"/api/tables/{token}").json["version"] == 1


def _long_table(app, hands: int) -> str:
    """A table of ``hands`` penalties, imported at once; returns its edit token."""
    from engine.table.state import Table
    from webapp.storage import EXPORT_FORMAT, EXPORT_FORMAT_VERSION

    players = ["Ann", "Bob", "Cai", "Dee"]
    log = [{"type": "penalty", "deltas": [10 * (i % 3), -10 * (i % 3), 0, 0], "reason": "slow"}
           for i in range(hands)]
    export = {"format": EXPORT_FORMAT, "format_version": EXPORT_FORMAT_VERSION,
              "table": {"name": "long", "rules": "mcr", "options": {}, "players": players},
              "events": [{"seq": i + 1, "event": e} for i, e in enumerate(log)],
              "totals": list(Table("mcr", players, {}, log).state.totals)}
    return app.extensions["tiletally.backend"].storage.import_json(export).edit_token


def test_a_long_table_is_read_one_page_of_hands_at_a_time(app, client) -> None:
    from sqlalchemy import delete

    from webapp.storage import EventRow, RecordRow

    token = _long_table(app, 130)
    newest = client.get(f"/api/tables/{token}").json
    assert [entry["number"] for entry in newest["history"]] == list(range(81, 131))
    assert (newest["hand_count"], newest["older"], newest["newer"]) == (130, 80, None)
    # The chart follows the page, from the totals after the hand before it.
    assert newest["chart"]["series"][0]["data"][0] == newest["history"][0]["totals"][0] \
        - newest["history"][0]["deltas"][0]
    assert len(newest["chart"]["labels"]) == 51
    older = client.get(f"/api/tables/{token}?before=80&limit=30").json
    assert [entry["number"] for entry in older["history"]] == list(range(51, 81))
    assert (older["older"], older["newer"], older["totals"]) == (50, 110, newest["totals"])
    for bad in ("limit=0", "limit=201", "limit=x", "before=-1"):
        answer = client.get(f"/api/tables/{token}?{bad}")
        assert answer.status_code == 400 and "whole number" in answer.json["error"], bad
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert "Hands 81 to 130 of 130" in page and f"/t/{token}?before=80" in page
    assert "Newer hands" not in page
    assert "Newer hands" in client.get(f"/t/{token}?before=80").get_data(as_text=True)
    # Reading the newest page touches no older event or settled hand: without them it is the same.
    storage = app.extensions["tiletally.backend"].storage
    with storage.engine.begin() as connection:
        connection.execute(delete(EventRow).where(EventRow.seq <= 80))
        connection.execute(delete(RecordRow).where(RecordRow.position < 79))
    assert client.get(f"/api/tables/{token}").json == newest


def test_a_write_stale_when_read_is_answered_without_a_write_transaction(app, client, make_table) -> None:
    from sqlalchemy import event

    token = make_table()["edit_token"]
    assert client.post(f"/api/tables/{token}/draws", json={"version": 0}).status_code == 201
    engine = app.extensions["tiletally.backend"].storage.engine
    seen: list[str] = []

    def watch(conn, cursor, statement, parameters, context, executemany):  # type: ignore[no-untyped-def]
        seen.append(statement)

    event.listen(engine, "before_cursor_execute", watch)
    try:
        stale = client.post(f"/api/tables/{token}/penalties",
                            json={"offender": 0, "points": 30, "reason": "late", "version": 0})
    finally:
        event.remove(engine, "before_cursor_execute", watch)
    assert stale.status_code == 409 and stale.json["version"] == 1
    writes = ("BEGIN IMMEDIATE", "INSERT", "UPDATE")
    assert seen and not [s for s in seen if s.lstrip().upper().startswith(writes) or "FOR UPDATE" in s]
