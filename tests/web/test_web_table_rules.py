"""The rule sheets' table rules through the API and the pages: riichi refused where the preset
has none (422 / a flashed message), abortive draws of the preset's own kinds, the classical sheet's play
events,
the MCR sheet's warning for revealing a hand, option ranges."""

from __future__ import annotations

import re

JC_WIN = {"hand": "234m567p345s678s22p", "win_tile": "8s", "win_by": "ron", "winner": 1, "discarder": 2}


def _csrf(page: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def test_api_refuses_riichi_where_the_preset_has_none(client, make_table) -> None:
    # The Japanese sheet has no riichi: japanese-classical takes no stick (422, nothing recorded).
    token = make_table("japanese-classical")["edit_token"]
    preview = client.post(f"/api/tables/{token}/draws/preview", json={"riichi": [0]})
    assert preview.status_code == 422 and "no riichi declarations" in preview.json["error"]
    draw = client.post(f"/api/tables/{token}/draws", json={"riichi": [0], "version": 0})
    assert draw.status_code == 422 and "'riichi' is off" in draw.json["error"]
    won = client.post(f"/api/tables/{token}/hands", json=dict(JC_WIN, riichi=[1], version=0))
    assert won.status_code == 422 and "no riichi declarations" in won.json["error"]
    state = client.get(f"/api/tables/{token}").json
    assert state["version"] == 0 and state["totals"] == [2000] * 4


def test_pages_offer_no_riichi_where_the_preset_has_none(client, make_table) -> None:
    token = make_table("japanese-classical")["edit_token"]
    page = client.get(f"/t/{token}/draw").get_data(as_text=True)
    assert 'name="riichi"' not in page
    response = client.post(f"/t/{token}/draw", data={"csrf_token": _csrf(page), "version": "0",
                                                     "kind": "exhaustive", "riichi": ["0"]})
    assert response.status_code == 422 and "no riichi declarations" in response.get_data(as_text=True)
    riichi = make_table("riichi")["edit_token"]
    assert 'name="riichi"' in client.get(f"/t/{riichi}/draw").get_data(as_text=True)


def test_abortive_draw_kinds_on_the_api_and_the_page(client, make_table) -> None:
    token = make_table("japanese-classical")["edit_token"]
    page = client.get(f"/t/{token}/draw").get_data(as_text=True)
    assert 'value="nine_terminals"' in page and 'value="four_riichi"' not in page
    other = client.post(f"/api/tables/{token}/draws",
                        json={"abortive": True, "reason": "other", "version": 0})
    assert other.status_code == 422 and "reason is one of" in other.json["error"]
    # The Japanese sheet: nine terminal and/or honour tiles among the 13 dealt; eight are refused.
    eight = client.post(f"/api/tables/{token}/draws", json={
        "abortive": True, "reason": "nine_terminals", "player": 1, "tiles": "12m19p1s1234z2345m",
        "version": 0})
    assert eight.status_code == 422 and "8 terminal/honour tiles" in eight.json["error"]
    nine = client.post(f"/t/{token}/draw", data={
        "csrf_token": _csrf(page), "version": "0", "kind": "abortive", "reason": "nine_terminals",
        "player": "1", "tiles": "11m19p1s1234z2345m"})
    assert nine.status_code == 303
    assert client.get(f"/api/tables/{token}").json["version"] == 1
    # The classical sheet and the MCR sheet have none: the classical draw page offers no abortive draw.
    classical = make_table("classical")["edit_token"]
    assert 'value="abortive"' not in client.get(f"/t/{classical}/draw").get_data(as_text=True)


def test_play_events_and_sacred_discard_on_the_api(client, make_table) -> None:
    # The classical sheet: the ready player "may not use it unless she has drawn from the wall at least once
    # after their own discard."
    token = make_table("classical")["edit_token"]
    assert client.post(f"/api/tables/{token}/play", json={"type": "discard", "player": 1, "tile": "4s",
                                                          "version": 0}).status_code == 201
    ready = client.post(f"/api/tables/{token}/play", json={"type": "ready", "player": 1, "version": 1})
    assert ready.status_code == 201 and ready.json["table"]["history"][-1]["kind"] == "ready"
    win = {"hand": "123m456m789p23s55s4s", "win_tile": "4s", "win_by": "ron", "winner": 1, "discarder": 2}
    refused = client.post(f"/api/tables/{token}/hands", json=dict(win, version=2))
    assert refused.status_code == 422 and "sacred discard" in refused.json["error"]
    bad = client.post(f"/api/tables/{token}/play", json={"type": "shuffle", "player": 1, "version": 2})
    assert bad.status_code == 400
    mcr = make_table("mcr")["edit_token"]
    assert client.post(f"/api/tables/{mcr}/play", json={"type": "ready", "player": 1,
                                                        "version": 0}).status_code == 422


def test_revealed_hand_warning_on_the_api_and_the_page(client, make_table) -> None:
    # The MCR sheet: "popełnia przewinienie i może zostać ukarany ostrzeżeniem lub innymi karami" (commits
    # an offence and may be punished with a warning or other penalties).
    token = make_table("mcr")["edit_token"]
    page = client.get(f"/t/{token}/penalty").get_data(as_text=True)
    assert 'value="revealed_hand"' in page
    response = client.post(f"/t/{token}/penalty", data={
        "csrf_token": _csrf(page), "version": "0", "offender": "2", "to": "", "points": "0",
        "offence": "revealed_hand"})
    assert response.status_code == 303
    history = client.get(f"/api/tables/{token}").json["history"]
    assert history[-1]["kind"] == "warning"
    api = client.post(f"/api/tables/{token}/penalties", json={"offender": 2, "points": 30, "version": 1,
                                                              "offence": "revealed_hand"})
    assert api.status_code == 201 and api.json["deltas"] == [10, 10, -30, 10]


def test_option_ranges_refused_at_table_creation(client) -> None:
    response = client.post("/api/tables", json={"players": ["A", "B", "C", "D"],
                                                "rules": "japanese-classical", "options": {"rounding": 0}})
    assert response.status_code == 400 and "option 'rounding'" in response.json["error"]
