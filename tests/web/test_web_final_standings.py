"""A game that ends: the final standings on the table page and the scoreboard, by the family's
rule, when the last hand is played or when the players end it (and play on again)."""

from __future__ import annotations

import re

from tests_web_helpers import WIN, record


def csrf_of(page: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def standings_rows(page: str) -> list[list[str]]:
    """Each row of the final standings as its cells' text."""
    table = re.search(r'<table class="standings-table">(.*?)</table>', page, re.S).group(1)
    body = table.split("<tbody>")[1]
    return [[re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def test_mcr_players_end_the_game_and_see_table_points_then_play_on(client, make_table) -> None:
    token = make_table("mcr")["edit_token"]
    record(client, token, "hands", WIN)            # Ann wins on Bob's discard
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert "Final standings" not in page and 'id="end-game"' in page
    version = client.get(f"/api/tables/{token}").json["version"]
    ended = client.post(f"/t/{token}/end", data={"csrf_token": csrf_of(page), "version": str(version)})
    assert ended.status_code == 303
    state = client.get(f"/api/tables/{token}").json
    assert state["finished"] and state["end_reason"] == "players"
    ann, bob, cai, dee = state["totals"]
    # MCR on a discard: the discarder pays more than the two others, who pay the same: Ann
    # first (4 table points), Cai and Dee level second share (2 + 1) / 2 = 1.5, Bob last (0).
    assert ann > 0 > cai == dee > bob
    assert [(row["name"], row["place"], row["figure"]) for row in state["standings"]["rows"]] == [
        ("Ann", 1, 4), ("Cai", 2, 1.5), ("Dee", 2, 1.5), ("Bob", 4, 0)]
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert "The players ended the game." in page and 'id="end-game"' not in page
    assert standings_rows(page) == [["1", "Ann", "4", f"{ann:,}"], ["2", "Cai", "1.5", f"{cai:,}"],
                                    ["2", "Dee", "1.5", f"{dee:,}"], ["4", "Bob", "0", f"{bob:,}"]]
    assert "Table points" in page
    board = client.get(f"/b/{state_view_token(client, token)}").get_data(as_text=True)
    assert standings_rows(board) == standings_rows(page)
    # Play on: the end is taken back, and hands can be recorded again.
    resumed = client.post(f"/t/{token}/undo", data={"csrf_token": csrf_of(page), "version": str(version + 1)})
    assert resumed.status_code == 303
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert "The game goes on." in page and "Final standings" not in page
    assert not client.get(f"/api/tables/{token}").json["finished"]


def state_view_token(client, token: str) -> str:  # type: ignore[no-untyped-def]
    page = client.get(f"/t/{token}").get_data(as_text=True)
    return re.search(r'href="/b/([^"]+)"', page).group(1)


def test_riichi_east_only_game_ends_with_uma_and_oka(client, make_table) -> None:
    token = make_table("riichi", game_length="east")["edit_token"]
    for _ in range(4):                     # nobody waiting: each dealer passes the deal; E4 ends it
        record(client, token, "draws", {"waiting": []})
    state = client.get(f"/api/tables/{token}").json
    assert state["finished"] and state["end_reason"] == "last_hand"
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert "The last hand has been played." in page and "Score after uma and oka" in page
    # All level on 25,000, placed by seat from the first dealer: Ann -5,000 + 20,000 oka + 20,000
    # uma = +35,000; Bob -5,000 + 10,000 = +5,000; Cai -5,000 - 10,000 = -15,000; Dee -25,000.
    assert standings_rows(page) == [["1", "Ann", "+35,000", "25,000"], ["2", "Bob", "+5,000", "25,000"],
                                    ["3", "Cai", "-15,000", "25,000"], ["4", "Dee", "-25,000", "25,000"]]


def test_ending_a_finished_game_again_is_refused_without_a_500(client, make_table) -> None:
    token = make_table("mcr")["edit_token"]
    record(client, token, "end", {})
    again = client.post(f"/api/tables/{token}/end", json={"version": 1})
    assert again.status_code == 422 and "game is over" in again.json["error"]
    page = client.get(f"/t/{token}").get_data(as_text=True)
    stale = client.post(f"/t/{token}/end", data={"csrf_token": csrf_of(page), "version": "1"})
    assert stale.status_code == 303
    assert "The game was not ended" in client.get(f"/t/{token}").get_data(as_text=True)
