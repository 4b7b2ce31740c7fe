"""Club pages: make a club, its players, a season and tables; standings, a player's page and
head to head; a season's export imported gives the same standings; a club link never shows
another club, and the read-only link never writes."""

from __future__ import annotations

import io
import json
import re

import pytest

from engine.table.events import declared_score

NAMES = ("Ann", "Bob", "Cai", "Dee", "Eve")


def csrf(client, path: str = "/") -> str:  # type: ignore[no-untyped-def]
    return re.search(r'name="csrf_token" value="([^"]+)"', client.get(path).get_data(as_text=True)).group(1)


def make_club(client, name: str = "Friday club") -> str:  # type: ignore[no-untyped-def]
    response = client.post("/clubs", data={"csrf_token": csrf(client), "name": name})
    assert response.status_code == 303
    return response.headers["Location"].rsplit("/c/", 1)[1]


def club_page(client, token: str) -> str:  # type: ignore[no-untyped-def]
    return client.get(f"/c/{token}").get_data(as_text=True)


def add_players(client, token: str, names=NAMES) -> dict[str, int]:  # type: ignore[no-untyped-def]
    for name in names:
        client.post(f"/c/{token}/players", data={"csrf_token": csrf(client, f"/c/{token}"), "name": name})
    html = club_page(client, token)
    return {name: int(number) for number, name in re.findall(r'/players/(\d+)">([^<]+)</a>', html)}


def add_season(client, token: str, **form) -> int:  # type: ignore[no-untyped-def]
    data = {
        "csrf_token": csrf(client, f"/c/{token}"),
        "name": "Autumn",
        "family": "mcr",
        "rule.mcr": "table_points",
        **form,
    }
    assert client.post(f"/c/{token}/seasons", data=data).status_code == 303
    return int(re.findall(r"/seasons/(\d+)", club_page(client, token))[0])


def play_table(client, token: str, seats: list[int], wins: list[tuple[int, int | None, int]]) -> str:  # type: ignore[no-untyped-def]
    data = {
        "csrf_token": csrf(client, f"/c/{token}"),
        "name": "Table",
        "rules": "mcr",
        **{f"seat{i}": str(member) for i, member in enumerate(seats)},
    }
    response = client.post(f"/c/{token}/tables", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    table_token = response.headers["Location"].rsplit("/t/", 1)[1]
    store = client.application.extensions["tiletally.backend"]
    table_id = store.by_edit_token(table_token).ref.id
    for version, (winner, discarder, total) in enumerate(wins):
        store.record(
            table_id,
            version,
            {
                "type": "win",
                "winner": winner,
                "discarder": discarder,
                "score": declared_score(total, minimum=8),
            },
        )
    return table_token


@pytest.fixture()
def club(client):  # type: ignore[no-untyped-def]
    token = make_club(client)
    ids = add_players(client, token)
    season = add_season(client, token)
    return token, ids, season


def unsigned(html: str) -> str:
    """A page without its CSRF tokens (each page view signs its own)."""
    return re.sub(r'name="csrf_token" value="[^"]+"', "", html)


def standings_rows(client, path: str) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    html = client.get(path).get_data(as_text=True)
    return re.findall(
        r'/players/\d+\?season=\d+">([^<]+)</a>.*?</td>\s*<td class="num">(\d+)</td>'
        r'<td class="num">([0-9.]+)</td>',
        html,
        re.S,
    )


def test_a_season_standings_add_the_tables_table_points(client, club) -> None:
    token, ids, season = club
    ann, bob, cai, dee, eve = (ids[name] for name in NAMES)
    # Table 1: Ann wins 8 on Bob's discard: Ann +32, Cai and Dee -8 (tied second: (2+1)/2 = 1.5
    # table points each), Bob -16 (0).
    play_table(client, token, [ann, bob, cai, dee], [(0, 1, 8)])
    # Table 2: Eve wins 20 self-drawn (+84, the others -28 each), Ann wins 8 on Cai's discard
    # (+32, Cai -16, Eve and Bob -8): Eve 76 (4), Ann 4 (2), Bob -36 (1), Cai -44 (0).
    play_table(client, token, [eve, ann, bob, cai], [(0, None, 20), (1, 3, 8)])
    rows = {
        name: (games, figure)
        for name, games, figure in standings_rows(client, f"/c/{token}/seasons/{season}")
    }
    assert rows["Ann"][0] == "2" and rows["Eve"][0] == "1" and rows["Dee"][0] == "1"
    assert float(rows["Eve"][1]) == 4.0
    assert float(rows["Dee"][1]) == 1.5 and float(rows["Bob"][1]) == 1.0 and float(rows["Cai"][1]) == 1.5
    assert float(rows["Ann"][1]) == pytest.approx(4.0 + 2.0)


def test_player_page_and_head_to_head(client, club) -> None:
    token, ids, season = club
    ann, bob, cai, dee = (ids[name] for name in NAMES[:4])
    play_table(client, token, [ann, bob, cai, dee], [(0, 1, 8), (0, None, 10), (2, 0, 12)])
    html = client.get(f"/c/{token}/players/{ann}").get_data(as_text=True)
    figures = dict(re.findall(r"<dt>([^<]+)</dt><dd>([^<]+)</dd>", html))
    assert (
        figures["Wins"].startswith("2 ")
        and figures["Self-drawn"] == "1"
        and figures["Dealt in"].startswith("1 ")
    )
    assert figures["Largest winning hand"].startswith("10 ")
    assert 'id="player-chart"' in html
    versus = client.get(f"/c/{token}/versus?a={ann}&b={bob}").get_data(as_text=True)
    assert "Games together</dt><dd>1</dd>" in versus


def test_the_read_only_link_shows_and_never_writes(client, club) -> None:
    token, ids, season = club
    view = re.search(r"/cv/([A-Za-z0-9_-]+)", club_page(client, token)).group(1)
    html = client.get(f"/cv/{view}").get_data(as_text=True)
    assert "Autumn" in html and "<form" not in html and token not in html
    assert client.get(f"/cv/{view}/seasons/{season}").status_code == 200
    assert client.get(f"/cv/{view}/players/{ids['Ann']}").status_code == 200
    before = unsigned(club_page(client, token))
    for path in ("players", "seasons", "tables", "move", f"players/{ids['Ann']}"):
        response = client.post(f"/cv/{view}/{path}", data={"csrf_token": csrf(client), "name": "Zed"})
        assert response.status_code in (404, 405)
    assert unsigned(club_page(client, token)) == before


def test_a_club_link_never_reveals_another_club(client, club) -> None:
    token, ids, season = club
    other = make_club(client, "Other club")
    other_ids = add_players(client, other, ("Zoe",))
    assert client.get(f"/c/{other}/players/{ids['Ann']}").status_code == 404
    assert client.get(f"/c/{other}/seasons/{season}").status_code == 404
    assert client.get(f"/c/{token}/players/{other_ids['Zoe']}").status_code == 404
    assert client.get(f"/c/{other}/versus?a={ids['Ann']}&b={ids['Bob']}").status_code == 404
    assert client.get(f"/c/{other}/seasons/{season}/export.json").status_code == 404
    assert "Ann" not in club_page(client, other)
    assert client.get("/c/not-a-real-token-at-all-xxxxxxxx").status_code == 404
    assert client.get(f"/c/{token}/players/junk").status_code == 404


def test_a_season_exported_and_imported_has_the_same_standings(client, club) -> None:
    token, ids, season = club
    ann, bob, cai, dee, eve = (ids[name] for name in NAMES)
    play_table(client, token, [ann, bob, cai, dee], [(0, 1, 8), (3, None, 16)])
    play_table(client, token, [eve, ann, bob, cai], [(2, 1, 9)])
    export = client.get(f"/c/{token}/seasons/{season}/export.json").json
    csv_text = client.get(f"/c/{token}/seasons/{season}/export.csv").get_data(as_text=True)
    assert csv_text.count("\n") == 1 + 5 + 1 + 1 + 3  # header, 5 players, blank, header, 3 hands
    response = client.post(
        "/clubs/import",
        data={"csrf_token": csrf(client), "file": (io.BytesIO(json.dumps(export).encode()), "s.json")},
    )
    assert response.status_code == 303 and "/c/" in response.headers["Location"]
    new_token = response.headers["Location"].rsplit("/c/", 1)[1]
    new_season = int(re.findall(r"/seasons/(\d+)", club_page(client, new_token))[0])
    again = client.get(f"/c/{new_token}/seasons/{new_season}/export.json").json
    assert again["standings"] == [
        dict(row, player=row["player"] - row["player"] + again["standings"][i]["player"])
        for i, row in enumerate(export["standings"])
    ]
    assert [(r["name"], r["figure"], r["games"]) for r in again["standings"]] == [
        (r["name"], r["figure"], r["games"]) for r in export["standings"]
    ]


def test_a_table_made_outside_a_club_moves_in_and_names_match(client, club, make_table) -> None:
    token, ids, season = club
    table = make_table(players=("Ann", "Bob", "Cai", "Newcomer"))
    store = client.application.extensions["tiletally.backend"]
    store.record(
        store.by_edit_token(table["edit_token"]).ref.id,
        0,
        {"type": "win", "winner": 3, "discarder": 0, "score": declared_score(8, minimum=8)},
    )
    response = client.post(
        f"/c/{token}/move",
        data={"csrf_token": csrf(client, f"/c/{token}"), "link": f"http://x/t/{table['edit_token']}"},
    )
    assert response.status_code == 303
    html = club_page(client, token)
    assert "Newcomer" in html
    rows = {name: figure for name, _, figure in standings_rows(client, f"/c/{token}/seasons/{season}")}
    assert float(rows["Newcomer"]) == 4.0 and set(rows) == {"Ann", "Bob", "Cai", "Newcomer"}
    # The table outside the club kept working all along, and still does.
    assert client.get(f"/t/{table['edit_token']}").status_code == 200


def test_bad_club_forms_are_refused_clearly(client, club) -> None:
    token, ids, season = club
    page = f"/c/{token}"
    bad = [
        ("seasons", {"name": "X", "family": "mcr", "rule.mcr": "uma_oka"}),
        ("seasons", {"name": "X", "family": "mcr", "rule.mcr": "table_points", "starts_on": "soon"}),
        ("seasons", {"name": "X", "family": "nope", "rule.nope": "net"}),
        (
            "tables",
            {
                "rules": "mcr",
                "seat0": str(ids["Ann"]),
                "seat1": str(ids["Ann"]),
                "seat2": str(ids["Bob"]),
                "seat3": str(ids["Cai"]),
            },
        ),
        ("tables", {"rules": "mcr", "seat0": "x", "seat1": "1", "seat2": "2", "seat3": "3"}),
        ("players", {"name": "Ann"}),
        ("players", {"name": "\x00"}),
    ]
    for path, form in bad:
        response = client.post(
            f"{page}/{path}", data={"csrf_token": csrf(client, page), **form}, follow_redirects=True
        )
        assert response.status_code == 200
        assert 'class="flash error"' in response.get_data(as_text=True), (path, form)
    assert len(re.findall(r"/seasons/\d+", club_page(client, token))) == 1
