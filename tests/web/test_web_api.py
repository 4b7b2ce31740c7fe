"""The JSON API through the Flask test client: every route, good and bad input."""

from __future__ import annotations

import io
import re
from pathlib import Path

import yaml
from conftest import fake_reader
from PIL import Image
from tests_web_helpers import WIN, png_bytes

from webapp.app import create_app

# Worked example used throughout (MCR): Ann (player 0, East, dealer) wins on Bob's discard with
# 123m 456p 789s 11z 222z: Mixed Straight 8 + Concealed Hand 2 + Pung of Terminals or Honors 1
# = 11 fan. Bob pays 8 + 11 = 19, Cai and Dee pay 8 each, Ann gets 19 + 8 + 8 = 35.
EXPECTED_DELTAS = [35, -19, -8, -8]


def test_presets_lists_every_family(client) -> None:
    presets = {p["name"]: p for p in client.get("/api/presets").json["presets"]}
    assert {"mcr", "mcr-ema", "riichi", "japanese-classical", "classical"} <= set(presets)
    mcr_options = {o["name"]: o for o in presets["mcr"]["options"]}
    assert mcr_options["false_win_penalty"]["value"] == 20
    assert mcr_options["knitted_straight_waits"]["kind"] == "bool"


def test_create_table_and_read_it(client, make_table) -> None:
    created = make_table()
    assert created["edit_token"] != created["view_token"]
    state = client.get(f"/api/tables/{created['edit_token']}").json
    assert [p["name"] for p in state["players"]] == ["Ann", "Bob", "Cai", "Dee"]
    assert [p["wind"] for p in state["players"]] == ["E", "S", "W", "N"]
    assert state["version"] == 0 and state["totals"] == [0, 0, 0, 0]
    assert state["view_token"] == created["view_token"]


def test_create_table_refuses_bad_input(client) -> None:
    cases = [
        ({"players": ["A", "B", "C"], "rules": "mcr"}, "four"),
        ({"players": ["A", "B", "C", "D"], "rules": "mahjongg"}, "unknown rules 'mahjongg'"),
        ({"players": ["A", "B", "C", "D"], "rules": "mcr", "options": {"false_win_penalti": 10}},
         "false_win_penalti"),
        ({"players": ["A", "B", "C", "D"], "rules": "mcr", "options": {"false_win_penalty": "ten"}},
         "must be int"),
        ({"players": "A,B,C,D"}, "list of four names"),
    ]
    for body, words in cases:
        response = client.post("/api/tables", json=body)
        assert response.status_code == 400, body
        assert words in response.json["error"], (body, response.json)


def test_api_writes_must_be_json(client, make_table) -> None:
    token = make_table()["edit_token"]
    response = client.post(f"/api/tables/{token}/draws", data="version=0",
                           content_type="application/x-www-form-urlencoded")
    assert response.status_code == 415
    assert "JSON" in response.json["error"]


def test_score_preview_gives_breakdown_and_payments(client, make_table) -> None:
    token = make_table()["edit_token"]
    result = client.post(f"/api/tables/{token}/score", json=WIN).json
    assert result["ok"] and result["score"]["valid"] and result["score"]["meets_minimum"]
    names = [item["name"] for item in result["score"]["items"]]
    assert names == ["Mixed Straight", "Concealed Hand", "Pung of Terminals or Honors"]
    assert result["score"]["total"] == 11
    assert result["payments"] == EXPECTED_DELTAS
    assert "minimum 8 fan" in result["minimum_text"]
    # Nothing was recorded.
    assert client.get(f"/api/tables/{token}").json["version"] == 0


def test_malformed_hand_names_the_bad_token(client, make_table) -> None:
    token = make_table()["edit_token"]
    # The preview answers what the engine says; recording the same hand is refused with 422.
    response = client.post(f"/api/tables/{token}/score", json=dict(WIN, hand="123m456p789s11z22x2z"))
    assert response.status_code == 200 and response.json["ok"] is False
    assert "'x' at position 17" in response.json["error"]
    body = dict(WIN, hand="123m456p789s1122z9z", version=0)
    response = client.post(f"/api/tables/{token}/hands", json=body)
    assert response.status_code == 422
    assert "9z" in response.json["error"]
    response = client.post(f"/api/tables/{token}/score", json=dict(WIN, melds=["pon:123m"]))
    assert response.json["ok"] is False and "not a legal pon" in response.json["error"]


def test_bad_players_and_fields_are_400(client, make_table) -> None:
    token = make_table()["edit_token"]
    cases = [(dict(WIN, winner=4), "winner"), (dict(WIN, discarder=0), "cannot also be"),
             (dict(WIN, win_by="chombo"), "win_by"), (dict(WIN, melds="pon:555p"), "melds"),
             (dict(WIN, riichi=[7]), "riichi"), (dict(WIN, photo_id="../../secret_key"), "photo_id")]
    for body, words in cases:
        response = client.post(f"/api/tables/{token}/score", json=body)
        assert response.status_code == 400, body
        assert words in response.json["error"]


def test_record_win_then_stale_version_is_409(client, make_table) -> None:
    token = make_table()["edit_token"]
    first = client.post(f"/api/tables/{token}/hands", json=dict(WIN, version=0))
    assert first.status_code == 201
    assert first.json["deltas"] == EXPECTED_DELTAS and first.json["version"] == 1
    # A second phone still holding version 0 tries to record a draw: refused, nothing lost.
    stale = client.post(f"/api/tables/{token}/draws", json={"version": 0})
    assert stale.status_code == 409
    assert "version 0" in stale.json["error"] and "version 1" in stale.json["error"]
    state = client.get(f"/api/tables/{token}").json
    assert state["version"] == 1 and state["totals"] == EXPECTED_DELTAS


def test_version_is_required_for_writes(client, make_table) -> None:
    token = make_table()["edit_token"]
    response = client.post(f"/api/tables/{token}/hands", json=WIN)
    assert response.status_code == 400 and "version is required" in response.json["error"]


def test_a_hand_that_is_not_a_win_is_not_recorded_as_one(client, make_table) -> None:
    token = make_table()["edit_token"]
    body = dict(WIN, hand="123m456p789s11z225z", win_tile="5z", version=0)
    response = client.post(f"/api/tables/{token}/hands", json=body)
    assert response.status_code == 422 and "false win" in response.json["error"]


def test_wrong_table_code_is_404_everywhere(client, make_table) -> None:
    created = make_table()
    wrong = created["edit_token"][:-1] + ("A" if created["edit_token"][-1] != "A" else "B")
    for token in (wrong, created["view_token"], "x", "../../etc/passwd"):
        assert client.get(f"/api/tables/{token}").status_code == 404
        assert client.post(f"/api/tables/{token}/draws", json={"version": 0}).status_code == 404
    assert client.get(f"/api/board/{created['edit_token']}").status_code == 404
    assert "No table has this link" in client.get(f"/api/tables/{wrong}").json["error"]


def test_board_is_read_only_and_has_no_secrets(client, make_table) -> None:
    created = make_table()
    client.post(f"/api/tables/{created['edit_token']}/hands", json=dict(WIN, version=0))
    board = client.get(f"/api/board/{created['view_token']}")
    assert board.status_code == 200 and board.json["totals"] == EXPECTED_DELTAS
    text = board.get_data(as_text=True)
    assert created["edit_token"] not in text and created["view_token"] not in text
    assert client.post(f"/api/board/{created['view_token']}", json={}).status_code == 405


def test_photo_upload_reads_tiles(client, make_table, photo_bytes) -> None:
    token = make_table()["edit_token"]
    upload = {"photo": (io.BytesIO(photo_bytes), "hand.jpg")}
    response = client.post(f"/api/tables/{token}/photos", data=upload)
    assert response.status_code == 201, response.json
    data = response.json
    assert data["reader"] is True and len(data["read"]["tiles"]) == 14
    assert data["read"]["width"] == 1240 and data["read"]["height"] == 640
    photo = client.get(data["photo_url"])
    assert photo.status_code == 200 and photo.data == photo_bytes


def test_uploads_refuse_non_images_and_huge_ones(client, make_table) -> None:
    token = make_table()["edit_token"]
    url = f"/api/tables/{token}/photos"
    not_image = client.post(url, data={"photo": (io.BytesIO(b"%PDF-1.4 not a photo"), "hand.jpg")})
    assert not_image.status_code == 415 and "not a photo" in not_image.json["error"]
    gif = io.BytesIO()
    Image.new("RGB", (40, 40)).save(gif, format="GIF")
    assert client.post(url, data={"photo": (io.BytesIO(gif.getvalue()), "a.gif")}).status_code == 415
    # 2,500 x 2,000 = 5 megapixels: over this app's 4-megapixel limit, though the file is small.
    pixels = client.post(url, data={"photo": (io.BytesIO(png_bytes(2500, 2000)), "big.png")})
    assert pixels.status_code == 413 and "megapixels" in pixels.json["error"]
    # More bytes than the upload limit (2 MB here): refused before the app reads the photo.
    too_big = client.post(url, data={"photo": (io.BytesIO(b"\xff\xd8\xff" + b"0" * 2_400_000), "x.jpg")})
    assert too_big.status_code == 413 and "too large" in too_big.json["error"]
    missing = client.post(url, data={"other": (io.BytesIO(b"x"), "x.jpg")})
    assert missing.status_code == 400 and "'photo'" in missing.json["error"]
    empty = client.post(url, data={"photo": (io.BytesIO(b""), "x.jpg")})
    assert empty.status_code == 400


def test_win_with_photo_keeps_corrections_as_labelled_data(app, client, make_table, photo_bytes) -> None:
    token = make_table()["edit_token"]
    upload = {"photo": (io.BytesIO(photo_bytes), "h.jpg")}
    photo = client.post(f"/api/tables/{token}/photos", data=upload).json
    corrections = [{"index": 4, "was": "6p", "now": "5p"}]
    body = dict(WIN, version=0, photo_id=photo["photo_id"], corrections=corrections)
    assert client.post(f"/api/tables/{token}/hands", json=body).status_code == 201
    hands = app.extensions["tiletally.backend"].hands(1)
    assert hands[0]["photo_ref"] == photo["photo_id"]
    assert hands[0]["corrections"] == corrections
    assert len(hands[0]["detections"]["tiles"]) == 14
    labels = Path(app.config["DATA_DIR"]) / "labelled" / "labels" / f"t1-{photo['photo_id']}.txt"
    lines = labels.read_text().splitlines()
    assert len(lines) == 14
    # Tile 4 is labelled with the corrected class: 5p is class index 13 (1m..9m 0-8, 1p..9p 9-17).
    assert lines[4].split()[0] == "13"
    # A photo id from elsewhere is refused.
    other = dict(WIN, version=1, photo_id="0" * 24)
    response = client.post(f"/api/tables/{token}/hands", json=other)
    assert response.status_code == 400 and "not uploaded to this table" in response.json["error"]


def test_amend_and_undo_recompute_totals(client, make_table) -> None:
    token = make_table()["edit_token"]
    client.post(f"/api/tables/{token}/hands", json=dict(WIN, version=0))
    # Amend hand 0 to a self-draw: Fully Concealed Hand 4 replaces Concealed Hand 2, so
    # 8 + 4 + 1 = 13 fan; every loser pays 8 + 13 = 21 and Ann gets 63.
    amended = client.put(f"/api/tables/{token}/hands/0", json=dict(WIN, win_by="tsumo", version=1))
    assert amended.status_code == 201, amended.json
    assert amended.json["table"]["totals"] == [63, -21, -21, -21]
    undone = client.post(f"/api/tables/{token}/undo", json={"version": 2})
    assert undone.status_code == 201 and undone.json["table"]["totals"] == [0, 0, 0, 0]
    nothing = client.post(f"/api/tables/{token}/undo", json={"version": 3})
    assert nothing.status_code == 422 and "nothing to undo" in nothing.json["error"]


def test_draw_preview_and_record(client, make_table) -> None:
    token = make_table("riichi")["edit_token"]
    # Riichi: one player waiting at an exhaustive draw receives 3000 from the pool, 1000 from each.
    preview = client.post(f"/api/tables/{token}/draws/preview", json={"waiting": [2]}).json
    assert preview["deltas"] == [-1000, -1000, 3000, -1000]
    # the facts a page titles the draw from in its reader's language, beside the English summary
    assert (preview["kind"], preview["facts"]) == ("draw", {"waiting": [2], "reason": ""})
    recorded = client.post(f"/api/tables/{token}/draws", json={"waiting": [2], "version": 0})
    assert recorded.status_code == 201
    state = recorded.json["table"]
    assert state["totals"] == [24000, 24000, 28000, 24000] and state["counters"] == 1
    bad = client.post(f"/api/tables/{token}/draws", json={"waiting": [9], "version": 1})
    assert bad.status_code == 400


def test_penalty(client, make_table) -> None:
    token = make_table()["edit_token"]
    response = client.post(f"/api/tables/{token}/penalties",
                           json={"offender": 1, "points": 30, "reason": "slow play", "version": 0})
    assert response.status_code == 201 and response.json["deltas"] == [10, -30, 10, 10]
    uneven = client.post(f"/api/tables/{token}/penalties", json={"offender": 1, "points": 31, "version": 1})
    assert uneven.status_code == 400 and "evenly" in uneven.json["error"]


def test_dispute_upholds_a_win_and_lists_differences(client, make_table) -> None:
    token = make_table()["edit_token"]
    claim = dict(WIN, claim="Mixed Straight, Pure Straight, 24")
    preview = client.post(f"/api/tables/{token}/disputes/preview", json=claim).json
    dispute = preview["dispute"]
    assert dispute["upheld"] is True and dispute["penalty"] is None
    text = " | ".join(dispute["differences"])
    assert "Pure Straight" in text and "claimed 24; the hand is worth 11" in text
    recorded = client.post(f"/api/tables/{token}/disputes", json=dict(claim, version=0))
    assert recorded.status_code == 201 and recorded.json["deltas"] == EXPECTED_DELTAS


def test_dispute_of_a_false_win_records_the_penalty(client, make_table) -> None:
    token = make_table("mcr-ema")["edit_token"]
    # Not a complete hand: 5z instead of the second 2z. mcr-ema: 10 to each other player.
    claim = dict(WIN, hand="123m456p789s11z225z", win_tile="5z", claim="Mahjong")
    preview = client.post(f"/api/tables/{token}/disputes/preview", json=claim).json
    assert preview["dispute"]["upheld"] is False
    assert preview["dispute"]["penalty"] == [-30, 10, 10, 10]
    recorded = client.post(f"/api/tables/{token}/disputes", json=dict(claim, version=0))
    assert recorded.status_code == 201
    assert recorded.json["table"]["totals"] == [-30, 10, 10, 10]


def test_pending_hand_from_a_camera(client, make_table) -> None:
    token = make_table()["edit_token"]
    assert client.get(f"/api/tables/{token}/pending").json == {"pending": None}
    reading = {"tiles": [{"tile": "1m", "box": [0, 0, 10, 14], "conf": 0.9}], "groups": [], "hand": {}}
    assert client.post(f"/api/tables/{token}/pending", json=reading).status_code == 201
    pending = client.get(f"/api/tables/{token}/pending").json["pending"]
    assert pending["read"]["tiles"][0]["tile"] == "1m"
    assert client.post(f"/api/tables/{token}/pending", json={"hand": "123m"}).status_code == 400


def test_a_pending_hand_survives_a_restart_and_the_newest_wins(app, client, make_table) -> None:
    token = make_table()["edit_token"]
    for tile in ("1m", "9p"):
        reading = {"tiles": [{"tile": tile, "box": [0, 0, 10, 14], "conf": 0.9}], "groups": [], "hand": {}}
        assert client.post(f"/api/tables/{token}/pending", json=reading).status_code == 201
    # another app on the same data folder (a restart, or another worker process)
    again = create_app({"DATA_DIR": app.config["DATA_DIR"], "READER": fake_reader}).test_client()
    pending = again.get(f"/api/tables/{token}/pending").json["pending"]
    assert pending["read"]["tiles"][0]["tile"] == "9p"
    other = make_table()["edit_token"]
    assert client.get(f"/api/tables/{other}/pending").json == {"pending": None}   # per table


def test_classical_scores_the_losers_hands(client, make_table) -> None:
    token = make_table("classical")["edit_token"]
    body = {"hand": "234m456p678s22z555z", "winner": 1, "discarder": 0, "win_by": "ron",
            "others": {"0": {"hand": "111s99p", "melds": ["pon:777z"]}}, "version": 0}
    result = client.post(f"/api/tables/{token}/score", json=body).json
    assert result["ok"], result
    loser = result["score"]["losers"][0]
    # East's laid-down hand: exposed pung of Red 4 + concealed pung of 1s 8 = 12, one double = 24.
    assert loser["seat_wind"] == "E" and loser["total"] == 24
    recorded = client.post(f"/api/tables/{token}/hands", json=body)
    assert recorded.status_code == 201
    assert sum(recorded.json["deltas"]) == 0 and recorded.json["deltas"][1] > 0


def test_exports(client, make_table) -> None:
    token = make_table()["edit_token"]
    client.post(f"/api/tables/{token}/hands", json=dict(WIN, version=0))
    exported = client.get(f"/api/tables/{token}/export.json").json
    assert exported["format"] == "tiletally-table" and exported["totals"] == EXPECTED_DELTAS
    assert exported["events"][0]["event"]["score"]["total"] == 11
    csv_text = client.get(f"/api/tables/{token}/export.csv").get_data(as_text=True)
    assert "Ann change" in csv_text.splitlines()[0] and ",35,-19,-8,-8," in csv_text


def test_openapi_describes_every_api_route(app, client) -> None:
    spec = yaml.safe_load(client.get("/api/openapi.yaml").get_data(as_text=True))
    documented = {(path, method) for path, item in spec["paths"].items() for method in item
                  if method in ("get", "post", "put", "delete")}
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)     # <event:event_id> -> {event_id}
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            assert (path, method.lower()) in documented, f"{method} {path} is not in openapi.yaml"


def test_two_claims_on_one_discard_head_bump(client, make_table) -> None:
    token = make_table()["edit_token"]
    # Ann and Dee both claim Bob's discard. MCR head bump: the claimant first in turn after the
    # discarder wins alone; after Bob (seat 1) come Cai, then Dee, then Ann, so Dee wins.
    # Dee: Mixed Straight 8 + All Types 6 + Dragon Pung 2 + Concealed Hand 2 = 18 fan;
    # Bob pays 8 + 18 = 26, Ann and Cai 8 each, Dee gets 42.
    body = dict(WIN, also_claimed=[{"winner": 3, "hand": "123p456s789m44z666z"}])
    preview = client.post(f"/api/tables/{token}/score", json=body).json
    assert preview["claims"][0]["score"]["total"] == 18
    assert "head bump: Dee wins over Ann" in preview["claims_note"]
    assert preview["payments"] == [-8, -26, -8, 42]
    recorded = client.post(f"/api/tables/{token}/hands", json=dict(body, version=0))
    assert recorded.status_code == 201 and recorded.json["deltas"] == [-8, -26, -8, 42]
    assert "Mixed Straight" in client.get(f"/t/{token}/hands/0").get_data(as_text=True)
    bad = client.post(f"/api/tables/{token}/score",
                      json=dict(WIN, also_claimed=[{"winner": 3, "hand": "12p"}]))
    assert bad.json["ok"] is False and "Dee's claim" in bad.json["error"]
    tsumo = client.post(f"/api/tables/{token}/score",
                        json=dict(WIN, win_by="tsumo", also_claimed=[{"winner": 3, "hand": "123p"}]))
    assert tsumo.status_code == 400 and "on a discard" in tsumo.json["error"]
