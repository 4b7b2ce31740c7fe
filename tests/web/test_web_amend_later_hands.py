"""Amending a hand moves the seats, dealer or counters of the hands after it: each later hand is
scored again in its own new context, and what it shows is what a fresh score of it gives."""

from __future__ import annotations

import io
import json
import re

from tests_web_helpers import amend, record

# A Riichi haneman (6 han): the dealer's win keeps the deal and puts a counter on the table.
HANEMAN = {"hand": "234m234m55m666z777z", "win_tile": "5m", "win_by": "ron"}
# Bob's hand 2 with a pung of East in the East round: Round Wind only while he sits South, and
# Seat Wind as well once he is the dealer.
EAST_HAND = {"hand": "123m456p789s22z111z", "win_tile": "2z", "win_by": "ron", "winner": 1, "discarder": 2}


def _state(client, token: str) -> dict:  # type: ignore[no-untyped-def]
    state = client.get(f"/api/tables/{token}").json
    state.pop("version")
    return state


def _fresh(client, token: str, index: int, body: dict) -> dict:  # type: ignore[no-untyped-def]
    """What the hand scores now in the context the table gives it (the amend preview)."""
    preview = client.post(f"/api/tables/{token}/score", json=dict(body, amend=index)).json
    assert preview["ok"], preview
    return preview


def _two_hands(client, make_table) -> str:  # type: ignore[no-untyped-def]
    token = make_table("riichi")["edit_token"]
    record(client, token, "hands", dict(HANEMAN, winner=0, discarder=1))      # Ann deals again, 1 counter
    second = record(client, token, "hands", EAST_HAND)
    assert "seat wind" not in second["table"]["history"][1]["detail"]
    return token


def test_amending_the_dealer_away_rescores_the_later_hand(client, make_table) -> None:
    token = _two_hands(client, make_table)
    # Cai, not Ann, won hand 1: the deal passes to Bob, so hand 2 is E2 without counters and Bob,
    # now East, has Seat Wind too.
    response = amend(client, token, 0, dict(HANEMAN, winner=2, discarder=1))
    assert response.status_code == 201, response.json
    later = _state(client, token)["history"][1]
    assert later["round_label"] == "E2"
    fresh = _fresh(client, token, 1, EAST_HAND)
    assert fresh["context"].startswith("Seat wind East") and "counters 0" in fresh["context"]
    assert [[name, points] for name, points, _ in later["facts"]["items"]] == \
        [[item["name"], item["value"] * item.get("count", 1)] for item in fresh["score"]["items"]]
    assert later["facts"]["total"] == fresh["score"]["total"]
    assert later["deltas"] == fresh["payments"]
    event = client.get(f"/api/tables/{token}/export.json").json["events"][-1]["event"]
    rescored = {item["target"]: item["event"] for item in event["rescored"]}
    assert rescored[1]["hand"]["seat_wind"] == "E" and rescored[1]["hand"]["honba"] == 0
    assert rescored[1]["score"] == fresh["score"]
    page = client.get(f"/t/{token}/hands/1").get_data(as_text=True)
    assert "seat wind East" in page


def test_amending_back_restores_the_later_hand(client, make_table) -> None:
    token = _two_hands(client, make_table)
    before = _state(client, token)
    assert amend(client, token, 0, dict(HANEMAN, winner=2, discarder=1)).status_code == 201
    assert _state(client, token) != before
    assert amend(client, token, 0, dict(HANEMAN, winner=0, discarder=1)).status_code == 201
    assert _state(client, token) == before


def test_an_unchanged_amend_changes_nothing(client, make_table) -> None:
    token = _two_hands(client, make_table)
    before = _state(client, token)
    assert amend(client, token, 0, dict(HANEMAN, winner=0, discarder=1)).status_code == 201
    assert _state(client, token) == before
    event = client.get(f"/api/tables/{token}/export.json").json["events"][-1]["event"]
    assert "rescored" not in event
    assert amend(client, token, 1, EAST_HAND).status_code == 201
    assert _state(client, token) == before


def test_a_rescored_later_hand_keeps_its_photo_corrections(client, make_table, photo_bytes) -> None:
    token = make_table("riichi")["edit_token"]
    record(client, token, "hands", dict(HANEMAN, winner=0, discarder=1))
    photo = client.post(f"/api/tables/{token}/photos", data={"photo": (io.BytesIO(photo_bytes), "hand.jpg")},
                        content_type="multipart/form-data").json
    fix = [{"index": 4, "was": "6p", "now": "5p"}]
    record(client, token, "hands",
           dict(EAST_HAND, photo_id=photo["photo_id"], read=photo["read"], corrections=fix))
    assert amend(client, token, 0, dict(HANEMAN, winner=2, discarder=1)).status_code == 201
    page = client.get(f"/t/{token}/hands/1").get_data(as_text=True)
    assert "6p → 5p" in page and "seat wind East" in page


def test_an_amend_that_leaves_a_later_hand_under_the_minimum_is_refused(client, make_table) -> None:
    # Hong Kong (3 faan): Bob's hand 2 holds only with his Seat Wind as the dealer. Had Ann won
    # hand 1, she would have kept the deal and Bob, South, could not have won with that hand.
    token = make_table("hongkong")["edit_token"]
    dragons = {"hand": "234m234m55m666z777z", "win_tile": "5m", "win_by": "ron"}
    record(client, token, "hands", dict(dragons, winner=1, discarder=2))
    east = {"hand": "123m456p789s22z111z", "win_tile": "2z", "win_by": "ron", "winner": 1, "discarder": 2}
    record(client, token, "hands", east)
    before = client.get(f"/api/tables/{token}").json
    response = amend(client, token, 0, dict(dragons, winner=0, discarder=2))
    assert response.status_code == 422
    assert "hand 2 (Bob's win)" in response.json["error"] and "no longer a win" in response.json["error"]
    assert client.get(f"/api/tables/{token}").json == before


def _import(client, data: bytes):  # type: ignore[no-untyped-def]
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/").get_data(as_text=True)).group(1)
    return client.post("/import", data={"csrf_token": csrf, "file": (io.BytesIO(data), "table.json")},
                       content_type="multipart/form-data")


def test_a_rescoring_amend_travels_in_an_export_and_a_forged_one_is_refused(client, make_table) -> None:
    token = _two_hands(client, make_table)
    assert amend(client, token, 0, dict(HANEMAN, winner=2, discarder=1)).status_code == 201
    export = client.get(f"/api/tables/{token}/export.json").json
    response = _import(client, json.dumps(export).encode())
    assert response.status_code == 303
    new_token = response.headers["Location"].rsplit("/t/", 1)[1]
    assert _state(client, new_token)["history"] == _state(client, token)["history"]

    forged = json.loads(json.dumps(export))
    later = forged["events"][-1]["event"]["rescored"][0]["event"]
    later["score"]["total"] = 48000
    response = _import(client, json.dumps(forged).encode())
    assert response.status_code == 400
    assert "is not what its tiles score" in response.get_data(as_text=True)


def test_the_import_page_answers_in_the_readers_language(client, make_table) -> None:
    token = _two_hands(client, make_table)
    export = client.get(f"/api/tables/{token}/export.json").data
    headers = {"Accept-Language": "pl"}
    csrf = re.search(r'name="csrf_token" value="([^"]+)"',
                     client.get("/", headers=headers).get_data(as_text=True)).group(1)
    response = client.post("/import", data={"csrf_token": csrf, "file": (io.BytesIO(export), "t.json")},
                           content_type="multipart/form-data", headers=headers, follow_redirects=True)
    assert "Stół zaimportowany." in response.get_data(as_text=True)
    response = client.post("/import", data={"csrf_token": csrf, "file": (io.BytesIO(b"{"), "t.json")},
                           content_type="multipart/form-data", headers=headers)
    assert response.status_code == 400 and "Nie zaimportowano:" in response.get_data(as_text=True)


def test_the_amend_preview_shows_the_later_hands_it_rescores(client, make_table) -> None:
    token = _two_hands(client, make_table)
    before = client.get(f"/api/tables/{token}").json["history"][1]
    preview = client.post(f"/api/tables/{token}/score",
                          json=dict(HANEMAN, winner=2, discarder=1, amend=0)).json
    assert preview["ok"] and preview["payments"] and "amend_refused" not in preview
    assert preview["later_count"] == 1
    [later] = preview["later"]
    assert later["index"] == 1 and later["winner_name"] == "Bob" and later["rescored"]
    assert later["old"] == {"label": before["round_label"], "total": before["facts"]["total"],
                            "deltas": before["deltas"]}
    # What the preview promises is what the amendment then records.
    assert amend(client, token, 0, dict(HANEMAN, winner=2, discarder=1)).status_code == 201
    after = client.get(f"/api/tables/{token}").json["history"][1]
    assert later["new"] == {"label": after["round_label"], "total": after["facts"]["total"],
                            "deltas": after["deltas"]}
    assert later["new"] != later["old"] and later["new"]["total"] > later["old"]["total"]


def test_the_amend_preview_of_an_unchanged_hand_lists_no_later_change(client, make_table) -> None:
    token = _two_hands(client, make_table)
    preview = client.post(f"/api/tables/{token}/score",
                          json=dict(HANEMAN, winner=0, discarder=1, amend=0)).json
    assert preview["ok"] and preview["payments"]
    assert preview["later"] == [] and preview["later_count"] == 1


def test_the_amend_preview_says_the_amendment_will_be_refused(client, make_table) -> None:
    token = make_table("hongkong")["edit_token"]
    dragons = {"hand": "234m234m55m666z777z", "win_tile": "5m", "win_by": "ron"}
    record(client, token, "hands", dict(dragons, winner=1, discarder=2))
    record(client, token, "hands", {"hand": "123m456p789s22z111z", "win_tile": "2z", "win_by": "ron",
                            "winner": 1, "discarder": 2})
    preview = client.post(f"/api/tables/{token}/score",
                          json=dict(dragons, winner=0, discarder=2, amend=0)).json
    refused = preview["amend_refused"]
    assert preview["payments"] is None
    assert refused["index"] == 1 and refused["hand_number"] == 2 and refused["winner_name"] == "Bob"
    assert "a win needs at least 3" in refused["reason"]      # Hong Kong's minimum, 3 faan
    assert "hand 2 (Bob's win)" in refused["error"]
    # the same words the amendment itself is refused with
    assert amend(client, token, 0, dict(dragons, winner=0, discarder=2)).json["error"] == refused["error"]
