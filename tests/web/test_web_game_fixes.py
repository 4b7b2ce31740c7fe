"""What a first real game found wrong in the web app, each through the Flask test client."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

from tests_web_helpers import WIN, amend, record

# Ann (player 0) wins MCR hand 1 as East in the East round with a pung of East: the hand has
# both Prevalent Wind and Seat Wind.
EAST_PUNG = {"hand": "123m456p789s22z111z", "win_tile": "1z", "win_by": "ron", "winner": 0, "discarder": 1}
# A Riichi haneman (6 han 50 fu): 18000 from the dealer's discard-win, 12000 from anyone else's.
HANEMAN = {"hand": "234m234m55m666z777z", "win_tile": "5m", "win_by": "ron"}


def _names(score: dict) -> list[str]:
    return [item["name"] for item in score["items"]]


# -- 1. an amended hand is scored in its own context ---------------------------------------------

def test_unchanged_mcr_amend_keeps_the_seat_wind_and_the_payments(client, make_table) -> None:
    token = make_table()["edit_token"]
    first = record(client, token, "hands", EAST_PUNG)
    scored = client.get(f"/api/tables/{token}/export.json").json["events"][0]["event"]["score"]
    assert "Seat Wind" in _names(scored)
    record(client, token, "draws", {"abortive": False})       # the deal moves on: Ann is North
    before = client.get(f"/api/tables/{token}").json

    preview = client.post(f"/api/tables/{token}/score", json=dict(EAST_PUNG, amend=first["index"])).json
    assert "Seat Wind" in _names(preview["score"])
    assert preview["payments"] == first["deltas"]
    assert preview["context"].startswith("Seat wind East")

    response = amend(client, token, first["index"], EAST_PUNG)
    assert response.status_code == 201, response.json
    after = client.get(f"/api/tables/{token}").json
    assert after["totals"] == before["totals"]
    assert [h["deltas"] for h in after["history"]] == [h["deltas"] for h in before["history"]]
    amended = client.get(f"/api/tables/{token}/export.json").json["events"][-1]["event"]["event"]
    assert amended["hand"]["seat_wind"] == "E" and "Seat Wind" in _names(amended["score"])


def test_riichi_dealer_amend_is_scored_as_the_dealer(client, make_table) -> None:
    token = make_table("riichi")["edit_token"]
    dealer_win = dict(HANEMAN, winner=0, discarder=1)
    first = record(client, token, "hands", dealer_win)
    assert first["deltas"][:2] == [18000, -18000]
    record(client, token, "hands", dict(HANEMAN, winner=1, discarder=2))   # the deal passes to Bob

    preview = client.post(f"/api/tables/{token}/score", json=dict(dealer_win, amend=0)).json
    assert preview["score"]["total"] == 18000
    assert preview["payments"] == first["deltas"]
    response = amend(client, token, 0, dealer_win)
    assert response.status_code == 201, response.json
    history = response.json["table"]["history"]
    assert history[0]["deltas"] == first["deltas"] and "18000" in history[0]["title"]


def test_amend_page_shows_the_hands_own_winds(client, make_table) -> None:
    token = make_table()["edit_token"]
    record(client, token, "hands", EAST_PUNG)
    record(client, token, "draws", {"abortive": False})
    page = client.get(f"/t/{token}/hands/0/amend").get_data(as_text=True)
    data = json.loads(page.split('id="declare-data">', 1)[1].split("</script>", 1)[0])
    assert data["amend"] == 0
    assert {seat["seat"]: seat["wind"] for seat in data["seats"]}[0] == "E"
    now = client.get(f"/t/{token}/declare").get_data(as_text=True)
    data = json.loads(now.split('id="declare-data">', 1)[1].split("</script>", 1)[0])
    assert {seat["seat"]: seat["wind"] for seat in data["seats"]}[0] != "E"


def test_amend_keeps_the_photo_corrections(client, make_table, photo_bytes) -> None:
    token = make_table()["edit_token"]
    photo = _upload(client, token, photo_bytes).json
    fix = [{"index": 4, "was": "6p", "now": "5p"}]
    record(client, token, "hands", _with_photo(photo, fix))
    # The amend page sends the hand back with its photo but without the reading it was made from.
    response = amend(client, token, 0, dict(WIN, photo_id=photo["photo_id"]))
    assert response.status_code == 201, response.json
    page = client.get(f"/t/{token}/hands/0").get_data(as_text=True)
    assert "6p → 5p" in page


def _upload(client, token: str, data: bytes):  # type: ignore[no-untyped-def]
    return client.post(f"/api/tables/{token}/photos", data={"photo": (io.BytesIO(data), "hand.jpg")},
                       content_type="multipart/form-data")


def _with_photo(photo: dict, corrections: list) -> dict:
    return dict(WIN, photo_id=photo["photo_id"], read=photo["read"], corrections=corrections)


# -- 3. units per preset ---------------------------------------------------------------------------

def test_japanese_classical_counts_points_and_doubles_not_han(client, make_table) -> None:
    token = make_table("japanese-classical")["edit_token"]
    body = {"hand": "123m456p789s55z666z", "win_tile": "6z", "win_by": "tsumo", "winner": 0}
    preview = client.post(f"/api/tables/{token}/score", json=body).json
    units = dict(zip(_names(preview["score"]), preview["item_units"], strict=True))
    assert units["Winning"] == "points" and units["Yakuhai (Green)"] == "double"
    assert preview["total_unit"] == "points"
    # no one unit for its lines (the API said "han"): each line has its own
    assert preview["unit"] == ""
    assert client.post(f"/api/tables/{token}/disputes/preview", json=body).json["unit"] == ""
    record(client, token, "hands", body)
    detail = client.get(f"/api/tables/{token}").json["history"][0]["detail"]
    assert "Winning 20 points" in detail and "han" not in detail
    page = client.get(f"/t/{token}/hands/0").get_data(as_text=True)
    assert "20 points" in page and not re.search(r"\d han\b", page)


def test_units_of_the_other_presets(client, make_table) -> None:
    mcr = make_table()["edit_token"]
    assert set(client.post(f"/api/tables/{mcr}/score", json=WIN).json["item_units"]) == {"fan"}
    riichi = make_table("riichi")["edit_token"]
    preview = client.post(f"/api/tables/{riichi}/score", json=dict(HANEMAN, winner=0, discarder=1)).json
    assert set(preview["item_units"]) == {"han"} and preview["total_unit"] == "points"
    classical = make_table("classical")["edit_token"]
    body = {"hand": "123m456p789s55z666z", "win_tile": "6z", "win_by": "tsumo", "winner": 0}
    preview = client.post(f"/api/tables/{classical}/score", json=body).json
    units = dict(zip(_names(preview["score"]), preview["item_units"], strict=True))
    assert units["Mah-Jongg"] == "points" and units["Double: Green pung"] == "double"


# -- 4. no riichi controls where the preset has no riichi ----------------------------------------

def test_japanese_classical_without_riichi_has_no_riichi_controls(client, make_table) -> None:
    token = make_table("japanese-classical")["edit_token"]
    assert "Riichi sticks" not in client.get(f"/t/{token}").get_data(as_text=True)
    draw_page = client.get(f"/t/{token}/draw").get_data(as_text=True)
    # what the page shows: its script data (the refusal templates of every preset) is not shown
    shown = re.sub(r"<script.*?</script>", "", draw_page, flags=re.S)
    assert 'name="riichi"' not in shown and "riichi declarations" not in shown
    declare = client.get(f"/t/{token}/declare").get_data(as_text=True)
    data = json.loads(declare.split('id="declare-data">', 1)[1].split("</script>", 1)[0])
    assert data["uses_riichi"] is False
    assert not {"riichi", "double_riichi", "ippatsu"} & {flag["name"] for flag in data["flags"]}

    version = client.get(f"/api/tables/{token}").json["version"]
    response = client.post(f"/api/tables/{token}/draws", json={"riichi": [1], "version": version})
    assert response.status_code == 422 and "no riichi" in response.json["error"]
    response = client.post(f"/api/tables/{token}/draws/preview", json={"riichi": [1]})
    assert response.status_code == 422
    body = {"hand": "123m456p789s55z666z", "win_tile": "6z", "win_by": "tsumo", "winner": 0}
    response = client.post(f"/api/tables/{token}/hands", json=dict(body, riichi=[0], version=version))
    assert response.status_code == 422 and "no riichi" in response.json["error"]
    response = client.post(f"/api/tables/{token}/hands", json=dict(body, flags=["riichi"], version=version))
    assert response.status_code == 422
    assert client.get(f"/api/tables/{token}").json["version"] == version


def test_riichi_controls_where_the_table_switched_riichi_on(client, make_table) -> None:
    token = make_table("japanese-classical", riichi=True)["edit_token"]
    assert "Riichi sticks" in client.get(f"/t/{token}").get_data(as_text=True)
    assert 'name="riichi"' in client.get(f"/t/{token}/draw").get_data(as_text=True)
    version = client.get(f"/api/tables/{token}").json["version"]
    response = client.post(f"/api/tables/{token}/draws", json={"riichi": [1], "version": version})
    assert response.status_code == 201, response.json


# -- 6. a damaged photo ------------------------------------------------------------------------

def test_truncated_jpeg_is_named_as_damaged(client, make_table, photo_bytes) -> None:
    token = make_table()["edit_token"]
    cut = photo_bytes[: len(photo_bytes) // 2]
    response = _upload(client, token, cut)
    assert response.status_code == 422
    assert "damaged or was cut short" in response.json["error"]
    assert "reader" not in response.json["error"]


# -- 7. a face-down kong tile is not a correction --------------------------------------------------

def test_face_down_kong_tiles_are_not_corrections(app, client, make_table, photo_bytes) -> None:
    token = make_table()["edit_token"]
    photo = _upload(client, token, photo_bytes).json
    backs = [{"index": 4, "was": "back", "now": "5p"}]
    record(client, token, "hands", _with_photo(photo, backs))
    stored = client.get(f"/api/tables/{token}/export.json").json["events"][0]
    assert stored["corrections"] == []
    assert "confirmed without corrections" in client.get(f"/t/{token}/hands/0").get_data(as_text=True)
    labelled = Path(app.config["DATA_DIR"]) / "labelled" / "labels"
    assert not labelled.exists() or not list(labelled.iterdir())


def test_a_real_correction_is_still_labelled(app, client, make_table, photo_bytes) -> None:
    token = make_table()["edit_token"]
    photo = _upload(client, token, photo_bytes).json
    fix = [{"index": 4, "was": "6p", "now": "5p"}, {"index": 9, "was": "back", "now": None}]
    record(client, token, "hands", _with_photo(photo, fix))
    assert client.get(f"/api/tables/{token}/export.json").json["events"][0]["corrections"] == fix
    labels = list((Path(app.config["DATA_DIR"]) / "labelled" / "labels").iterdir())
    assert len(labels) == 1


# -- 5. an export can carry its photos -------------------------------------------------------------

def _csrf(client) -> str:  # type: ignore[no-untyped-def]
    return re.search(r'name="csrf_token" value="([^"]+)"', client.get("/").get_data(as_text=True)).group(1)


def _import(client, data: bytes, name: str):  # type: ignore[no-untyped-def]
    return client.post("/import", data={"csrf_token": _csrf(client), "file": (io.BytesIO(data), name)},
                       content_type="multipart/form-data")


def _table_with_photo(client, make_table, photo_bytes) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    token = make_table()["edit_token"]
    photo = _upload(client, token, photo_bytes).json
    record(client, token, "hands", _with_photo(photo, [{"index": 4, "was": "6p", "now": "5p"}]))
    return token, photo["photo_id"]


def test_zip_export_carries_the_photos_into_an_import(client, make_table, photo_bytes) -> None:
    token, photo_id = _table_with_photo(client, make_table, photo_bytes)
    archive = client.get(f"/t/{token}/export.zip")
    assert archive.status_code == 200 and archive.mimetype == "application/zip"
    with zipfile.ZipFile(io.BytesIO(archive.data)) as unpacked:
        names = set(unpacked.namelist())
    assert {"table.json", f"photos/{photo_id}.jpg", f"photos/{photo_id}.read.json"} <= names
    assert client.get(f"/api/tables/{token}/export.zip").data[:2] == b"PK"

    response = _import(client, archive.data, "friday.zip")
    assert response.status_code == 303
    new_token = response.headers["Location"].rsplit("/t/", 1)[1]
    assert new_token != token
    hand = client.get(f"/t/{new_token}/hands/0").get_data(as_text=True)
    assert f"/photos/{photo_id}" in hand and "6p → 5p" in hand
    photo = client.get(f"/t/{new_token}/photos/{photo_id}")
    assert photo.status_code == 200 and photo.data == photo_bytes
    totals = client.get(f"/api/tables/{token}").json["totals"]
    assert client.get(f"/api/tables/{new_token}").json["totals"] == totals


def test_json_import_says_the_photos_are_missing(client, make_table, photo_bytes) -> None:
    token, photo_id = _table_with_photo(client, make_table, photo_bytes)
    response = _import(client, client.get(f"/t/{token}/export.json").data, "friday.json")
    assert response.status_code == 303
    new_token = response.headers["Location"].rsplit("/t/", 1)[1]
    table = client.get(f"/t/{new_token}").get_data(as_text=True)
    assert "Imported without photos: 1 hand(s)" in table
    hand = client.get(f"/t/{new_token}/hands/0").get_data(as_text=True)
    assert 'id="photo-missing"' in hand and f"/photos/{photo_id}" not in hand
    assert "confirmed without corrections" not in hand and "6p → 5p" in hand


def test_bad_import_files_are_refused_in_words(client, make_table) -> None:
    response = _import(client, b"not json", "x.json")
    assert response.status_code == 400 and "not a TileTally export" in response.get_data(as_text=True)
    response = _import(client, b"PK\x03\x04 broken", "x.zip")
    assert response.status_code == 400 and "zip file is damaged" in response.get_data(as_text=True)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("readme.txt", "hello")
    response = _import(client, out.getvalue(), "x.zip")
    assert response.status_code == 400 and "no table.json" in response.get_data(as_text=True)
    response = client.post("/import", data={"file": (io.BytesIO(b"{}"), "x.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 400 and "CSRF" in response.get_data(as_text=True)


# -- the table page on a phone ---------------------------------------------------------------------

def test_seats_keep_their_places_when_the_winds_move(client, make_table) -> None:
    token = make_table("riichi")["edit_token"]
    record(client, token, "hands", dict(HANEMAN, winner=1, discarder=0))      # the deal passes to Bob
    players = client.get(f"/api/tables/{token}").json["players"]
    assert [p["name"] for p in players] == ["Ann", "Bob", "Cai", "Dee"]
    assert [p["wind"] for p in players] == ["N", "E", "S", "W"]
    html = client.get(f"/t/{token}").get_data(as_text=True)
    assert [int(seat) for seat in re.findall(r'class="seat[^"]*" data-seat="(\d)"', html)] == [0, 1, 2, 3]


def test_history_titles_show_counters_and_sticks(client, make_table) -> None:
    token = make_table("riichi")["edit_token"]
    record(client, token, "draws", {"waiting": [0], "riichi": [2]})    # Ann keeps the deal: 1 counter
    preview = client.post(f"/api/tables/{token}/score", json=dict(HANEMAN, winner=0, discarder=1)).json
    lines = preview["payment_lines"]
    assert lines["counters"][0] == 300 and lines["sticks"][0] == 1000
    assert [a + b + c for a, b, c in zip(lines["value"], lines["counters"], lines["sticks"], strict=True)] \
        == preview["payments"]
    record(client, token, "hands", dict(HANEMAN, winner=0, discarder=1))
    entry = client.get(f"/api/tables/{token}").json["history"][-1]
    assert "(+300 counters, +1000 riichi sticks)" in entry["title"]
    assert entry["lines"] == lines
    page = client.get(f"/t/{token}/hands/{entry['index']}").get_data(as_text=True)
    assert '<th scope="row">Counters</th><td class="">+300</td>' in page
    assert re.search(r'<th scope="row">Riichi sticks</th><td class="">\+1,?000</td>', page)


def test_table_links_have_qr_codes(client, make_table) -> None:
    token = make_table()["edit_token"]
    for which in ("edit", "board"):
        response = client.get(f"/t/{token}/qr/{which}.svg")
        assert response.status_code == 200 and response.mimetype == "image/svg+xml"
        assert response.data.lstrip().startswith(b"<svg")
    assert client.get(f"/t/{token}/qr/other.svg").status_code == 404
    html = client.get(f"/t/{token}").get_data(as_text=True)
    assert 'data-copy="edit-link"' in html and 'data-copy="board-link"' in html


def test_an_empty_table_has_no_chart(client, make_table) -> None:
    created = make_table()
    assert 'id="totals-chart"' not in client.get(f"/t/{created['edit_token']}").get_data(as_text=True)
    board = client.get(f"/b/{created['view_token']}").get_data(as_text=True)
    assert 'id="board-chart-card"' in board and 'card hidden" id="board-chart-card"' in board
    record(client, created["edit_token"], "hands", WIN)
    assert 'id="totals-chart"' in client.get(f"/t/{created['edit_token']}").get_data(as_text=True)


def test_preset_options_are_typed_controls(client) -> None:
    home = client.get("/").get_data(as_text=True)
    assert re.search(r'<select id="opt\.riichi\.multiple_ron"[^>]*>.*?double ron', home, flags=re.S)
    assert 'type="checkbox" name="opt.mcr.knitted_straight_waits"' in home
    assert re.search(r'id="opt\.mcr\.minimum" name="opt\.mcr\.minimum" type="number"', home)
    assert not re.search(r'name="opt\.[a-z-]+\.[a-z_]+" type="text"', home)
