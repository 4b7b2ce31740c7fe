"""The amend page brings back everything the hand was recorded with, so saving it unchanged
changes nothing."""

from __future__ import annotations

import json

# Cai wins on Ann's discard at a classical table; Ann and Dee laid their hands down, and the
# losers settle between themselves by what those hands score.
WIN = {"hand": "234m456p678s22z555z", "win_tile": "2z", "win_by": "ron", "winner": 2, "discarder": 0,
       "others": {"0": {"hand": "111s99p", "melds": ["pon:777z"]},
                  "3": {"hand": "999m", "melds": ["pon:111p"]}}}


def _page_data(client, url: str) -> dict:  # type: ignore[no-untyped-def]
    html = client.get(url).get_data(as_text=True)
    return json.loads(html.split('id="declare-data">', 1)[1].split("</script>", 1)[0])


def test_the_classical_amend_page_keeps_the_losers_hands(client, make_table) -> None:
    token = make_table("classical")["edit_token"]
    # A first hand moves the deal on, so the seat winds the losers' hands were stored with are
    # not the players' numbers.
    first = {"hand": "234m456p678s22z555z", "win_tile": "2z", "win_by": "ron", "winner": 1, "discarder": 0}
    assert client.post(f"/api/tables/{token}/hands", json=dict(first, version=0)).status_code == 201
    recorded = client.post(f"/api/tables/{token}/hands", json=dict(WIN, version=1))
    assert recorded.status_code == 201, recorded.json
    before = client.get(f"/api/tables/{token}").json

    initial = _page_data(client, f"/t/{token}/hands/1/amend")["initial"]
    assert {str(player): other for player, other in initial["others"].items()} == WIN["others"]

    # What declare.js sends back from those fields: the same payments, and nothing changes.
    body = dict(WIN, others=initial["others"], amend=1)
    preview = client.post(f"/api/tables/{token}/score", json=body).json
    assert preview["payments"] == before["history"][1]["deltas"]
    response = client.put(f"/api/tables/{token}/hands/1", json=dict(body, version=before["version"]))
    assert response.status_code == 201, response.json
    after = client.get(f"/api/tables/{token}").json
    assert after["history"] == before["history"] and after["totals"] == before["totals"]


def test_the_amend_page_names_the_hand_by_its_number_in_the_history(client, make_table) -> None:
    token = make_table("riichi")["edit_token"]
    hand = {"hand": "234m234m55m666z777z", "win_tile": "5m", "win_by": "ron", "winner": 0, "discarder": 1}
    assert client.post(f"/api/tables/{token}/hands", json=dict(hand, version=0)).status_code == 201
    first = client.get(f"/t/{token}/hands/0/amend").get_data(as_text=True)
    assert "amend hand 1" in first and "declare a win" not in first
    assert client.post(f"/api/tables/{token}/draws", json={"waiting": [0], "version": 1}).status_code == 201
    assert client.post(f"/api/tables/{token}/undo", json={"version": 2}).status_code == 201
    assert client.post(f"/api/tables/{token}/hands", json=dict(hand, version=3)).status_code == 201
    # event 3 is the table's second hand (the draw was undone)
    second = client.get(f"/t/{token}/hands/3/amend").get_data(as_text=True)
    assert "amend hand 2" in second
