"""Club pages: make a club, its players, a season and tables; standings, a player's page and
head to head; a season's export imported gives the same standings; a club link never shows
another club, and the read-only link never writes."""

from __future__ import annotations

import io
import json
import re

import pytest
from tests_web_helpers import WIN

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


def play_events(client, token: str, rules: str, seats: list[int], events: list[dict]) -> str:  # type: ignore[no-untyped-def]
    """A club table of preset ``rules`` with these players in its seats, and these events recorded
    through the store (as the table page's forms would)."""
    data = {
        "csrf_token": csrf(client, f"/c/{token}"),
        "name": "Table",
        "rules": rules,
        **{f"seat{i}": str(member) for i, member in enumerate(seats)},
    }
    response = client.post(f"/c/{token}/tables", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    table_token = response.headers["Location"].rsplit("/t/", 1)[1]
    store = client.application.extensions["tiletally.backend"]
    table_id = store.by_edit_token(table_token).ref.id
    for version, event in enumerate(events):
        store.record(table_id, version, event)
    return table_token


def ron(winner: int, discarder: int | None, total: int, limit: str | None = None) -> dict:
    score = declared_score(total, limit=limit)
    return {"type": "win", "winner": winner, "discarder": discarder, "score": score}


def standings_by_name(client, token: str, season: int) -> dict[str, tuple]:  # type: ignore[no-untyped-def]
    """Each player's (place, games, figure, tiebreak, to pass) as the season page shows them."""
    html = client.get(f"/c/{token}/seasons/{season}").get_data(as_text=True)
    rows = re.findall(
        r'<tr><td>(\d+)</td><td><a href="[^"]*/players/\d+\?season=\d+">([^<]+)</a>'
        r'<div class="muted">then (-?[0-9.]+)</div></td>\s*<td class="num">(\d+)</td>'
        r'<td class="num">(-?[0-9.]+)</td><td class="num">(-?[0-9.]*)</td></tr>',
        html,
    )
    return {
        name: (int(place), int(games), float(figure), float(tiebreak), float(to_pass) if to_pass else None)
        for place, name, tiebreak, games, figure, to_pass in rows
    }


def test_a_riichi_season_ranks_by_the_score_after_uma_and_oka(client) -> None:
    token = make_club(client)
    ids = add_players(client, token)
    ann, bob, cai, dee, eve = (ids[name] for name in NAMES)
    season = add_season(client, token, name="Riichi", family="riichi", **{"rule.riichi": "uma_oka"})
    # The riichi preset: 25,000 to start, 30,000 returned, so the oka is 4 x 5,000 = 20,000 to the
    # first; uma 10-20: +20,000, +10,000, -10,000, -20,000 by place; level players are placed by
    # seat, the one nearer the first dealer (seat 0) higher. A non-dealer's ron is paid by the
    # discarder alone (no counters on the first hand).
    # Table 1 (Ann, Bob, Cai, Dee): Bob rons Cai for a mangan, 8,000: 25,000 / 33,000 / 17,000 / 25,000.
    # Ann and Dee are level; Ann (seat 0) is second, Dee third.
    #   Bob 33,000 - 30,000 + 20,000 + 20,000 = 43,000 (tiebreak +8,000)
    #   Ann 25,000 - 30,000 + 10,000 = 5,000 (0); Dee 25,000 - 30,000 - 10,000 = -15,000 (0)
    #   Cai 17,000 - 30,000 - 20,000 = -33,000 (-8,000)
    play_events(client, token, "riichi", [ann, bob, cai, dee], [ron(1, 2, 8000, "mangan")])
    # Table 2 (Cai, Dee, Ann, Eve): Ann rons Dee for a haneman, 12,000: 25,000 / 13,000 / 37,000 / 25,000.
    # Cai and Eve are level; Cai (seat 0) is second, Eve third.
    #   Ann 37,000 - 30,000 + 40,000 = 47,000 (+12,000); Cai -5,000 + 10,000 = 5,000 (0)
    #   Eve -5,000 - 10,000 = -15,000 (0); Dee 13,000 - 30,000 - 20,000 = -37,000 (-12,000)
    play_events(client, token, "riichi", [cai, dee, ann, eve], [ron(2, 1, 12000, "haneman")])
    # Season: Ann 5,000 + 47,000 = 52,000 (net 0 + 12,000); Bob 43,000; Eve -15,000;
    # Cai -33,000 + 5,000 = -28,000; Dee -15,000 - 37,000 = -52,000.
    # To pass: Bob 9,000, Eve 58,000, Cai 13,000, Dee 24,000.
    assert standings_by_name(client, token, season) == {
        "Ann": (1, 2, 52000.0, 12000.0, None),
        "Bob": (2, 1, 43000.0, 8000.0, 9000.0),
        "Eve": (3, 1, -15000.0, 0.0, 58000.0),
        "Cai": (4, 2, -28000.0, -8000.0, 13000.0),
        "Dee": (5, 2, -52000.0, -12000.0, 24000.0),
    }


def test_a_money_season_pays_the_clubs_stake_per_point(client) -> None:
    token = make_club(client)
    ids = add_players(client, token)
    ann, bob, cai, dee, eve = (ids[name] for name in NAMES)
    season = add_season(
        client, token, name="Money", family="hongkong", stake="250", **{"rule.hongkong": "money"}
    )
    # Hong Kong, half-spicy, base 1: T = 2^faan table points up to 4 faan; on a discard the
    # discarder pays T (he pays for all), on a self-draw each loser pays T / 2. The club's stake is
    # 250 hundredths, 2.50 a point: a game's money is its net points x 2.5.
    # Table 1 (Ann, Bob, Cai, Dee): Bob wins 3 faan on Cai's discard (8), Ann self-draws 4 faan
    # (8 from each): Ann +24, Bob 0, Cai -16, Dee -8 -> 60, 0, -40, -20.
    play_events(client, token, "hongkong", [ann, bob, cai, dee], [ron(1, 2, 3), ron(0, None, 4)])
    # Table 2 (Eve, Dee, Bob, Ann): Dee wins 4 faan on Eve's discard (16): Eve -16, Dee +16 ->
    # -40, 40, 0, 0.
    play_events(client, token, "hongkong", [eve, dee, bob, ann], [ron(1, 0, 4)])
    # Season: Ann 60; Dee -20 + 40 = 20; Bob 0; Cai -40 and Eve -40, level on money and on net
    # points (-16 each): they share fourth place, and Eve needs 0 to pass Cai.
    assert standings_by_name(client, token, season) == {
        "Ann": (1, 2, 60.0, 24.0, None),
        "Dee": (2, 2, 20.0, 8.0, 40.0),
        "Bob": (3, 2, 0.0, 0.0, 20.0),
        "Cai": (4, 1, -40.0, -16.0, 40.0),
        "Eve": (4, 1, -40.0, -16.0, 0.0),
    }


def seat_card_names(html: str) -> list[tuple[str, str]]:
    """Each seat card's (full name in its title, name shown), in seat order."""
    return re.findall(r'<span class="name" title="([^"]+)" tabindex="0">([^<]+)</span>', html)


def test_seat_cards_show_a_club_players_short_name(client, club, make_table) -> None:
    token, ids, season = club
    client.post(f"/c/{token}/players", data={"csrf_token": csrf(client, f"/c/{token}"),
                                             "name": "Alexandra Montgomery", "short_name": "Sasha"})
    ids = add_players(client, token, ())
    table = play_table(client, token, [ids["Alexandra Montgomery"], ids["Bob"], ids["Cai"], ids["Dee"]], [])
    shown = [("Alexandra Montgomery", "Sasha"), ("Bob", "Bob"), ("Cai", "Cai"), ("Dee", "Dee")]
    assert seat_card_names(client.get(f"/t/{table}").get_data(as_text=True)) == shown
    view = client.get(f"/api/tables/{table}").json
    board = client.get(f"/b/{view['view_token']}").get_data(as_text=True)
    assert seat_card_names(board) == shown
    assert [p["card_name"] for p in client.get(f"/api/board/{view['view_token']}").json["players"]] == [
        "Sasha", "Bob", "Cai", "Dee"]
    # A short name given later is on the cards at once; the same names outside a club stay whole.
    client.post(f"/c/{token}/players/{ids['Bob']}", data={"csrf_token": csrf(client, f"/c/{token}"),
                                                          "name": "Bob", "short_name": "B."})
    assert seat_card_names(client.get(f"/t/{table}").get_data(as_text=True))[1] == ("Bob", "B.")
    outside = make_table(players=("Alexandra Montgomery", "Bob", "Cai", "Dee"))["edit_token"]
    assert seat_card_names(client.get(f"/t/{outside}").get_data(as_text=True))[:2] == [
        ("Alexandra Montgomery", "Alexandra Montgomery"), ("Bob", "Bob")]


def test_a_hand_recorded_through_the_api_answers_with_the_short_names(client, club) -> None:
    token, ids, season = club
    client.post(f"/c/{token}/players/{ids['Ann']}", data={"csrf_token": csrf(client, f"/c/{token}"),
                                                          "name": "Ann", "short_name": "A"})
    table = play_table(client, token, [ids["Ann"], ids["Bob"], ids["Cai"], ids["Dee"]], [])
    answer = client.post(f"/api/tables/{table}/hands", json=dict(WIN, version=0))
    assert answer.status_code == 201, answer.json
    assert [player["card_name"] for player in answer.json["table"]["players"]] == ["A", "Bob", "Cai", "Dee"]


def test_a_club_table_names_its_club_by_its_read_only_link(client, club, make_table) -> None:
    token, ids, season = club
    view = re.search(r"/cv/([A-Za-z0-9_-]+)", club_page(client, token)).group(1)
    table = play_table(client, token, [ids["Ann"], ids["Bob"], ids["Cai"], ids["Dee"]], [])
    board = f"/b/{client.get(f'/api/tables/{table}').json['view_token']}"
    # The club's edit link is kept only as a hash: no page could give it, and none tries. The table
    # page and the scoreboard (whose link a spectator holds) both name the club by its read-only link.
    for path in (f"/t/{table}", board):
        html = client.get(path).get_data(as_text=True)
        assert re.search(rf'id="table-club">[^<]*<a href="/cv/{view}">Friday club</a>', html), path
        assert token not in html and f"/c/{token}" not in html
    outside = make_table()["edit_token"]
    assert 'id="table-club"' not in client.get(f"/t/{outside}").get_data(as_text=True)


def my_clubs(client) -> list[tuple[str, str, str]]:  # type: ignore[no-untyped-def]
    """The home page's "Your clubs": (link kind, token, name), in order."""
    html = client.get("/").get_data(as_text=True)
    listed = html.split('id="my-clubs"', 1)[1].split("</ul>", 1)[0] if 'id="my-clubs"' in html else ""
    return re.findall(r'href="/(c|cv)/([A-Za-z0-9_-]+)">([^<]+)</a>', listed)


def test_the_home_page_lists_the_clubs_this_browser_opened_by_the_link_it_opened_them_with(client, app):
    friday = make_club(client)
    friday_view = re.search(r"/cv/([A-Za-z0-9_-]+)", club_page(client, friday)).group(1)
    assert my_clubs(client) == [("c", friday, "Friday club")]
    # a club someone shared read-only is listed read-only: its edit link is never known here
    with app.test_client() as other:
        sunday = make_club(other, "Sunday club")
        sunday_view = re.search(r"/cv/([A-Za-z0-9_-]+)", club_page(other, sunday)).group(1)
        assert [name for _, _, name in my_clubs(other)] == ["Sunday club"]   # each browser its own
    assert client.get(f"/cv/{sunday_view}").status_code == 200
    assert my_clubs(client) == [("cv", sunday_view, "Sunday club"), ("c", friday, "Friday club")]
    html = client.get("/").get_data(as_text=True)
    assert sunday not in html and "read-only" in html.split('id="my-clubs"', 1)[1].split("</ul>", 1)[0]
    # opening its own club by the read-only link lists it first (the newest), still by its edit link
    assert client.get(f"/cv/{friday_view}").status_code == 200
    assert my_clubs(client) == [("c", friday, "Friday club"), ("cv", sunday_view, "Sunday club")]


def test_head_to_head_is_read_over_a_season_or_all_time(client, club) -> None:
    token, ids, autumn = club
    ann, bob, cai, dee = (ids[name] for name in NAMES[:4])
    play_table(client, token, [ann, bob, cai, dee], [(0, 1, 8)])           # autumn: Ann wins off Bob
    winter = add_season(client, token, name="Winter")                        # the newest takes new tables
    play_table(client, token, [bob, ann, cai, dee], [(0, 1, 9), (0, 2, 8)])  # winter: Bob wins twice
    assert winter != autumn

    def figures(query: str) -> dict[str, str]:
        html = client.get(f"/c/{token}/versus?a={ann}&b={bob}{query}").get_data(as_text=True)
        return dict(re.findall(r"<dt>([^<]+)</dt><dd>([^<]+)</dd>", html))

    assert figures("")["Games together"] == "2"
    autumn_only, winter_only = figures(f"&season={autumn}"), figures(f"&season={winter}")
    assert autumn_only["Games together"] == "1" and autumn_only["Ann placed higher"] == "1"
    assert autumn_only["Bob dealt in to Ann"] == "1" and autumn_only["Ann dealt in to Bob"] == "0"
    assert winter_only["Games together"] == "1" and winter_only["Bob placed higher"] == "1"
    assert winter_only["Ann dealt in to Bob"] == "1"
    # the page offers all time and each season; a season of another club is no season here
    html = client.get(f"/c/{token}/versus?a={ann}&b={bob}&season={winter}").get_data(as_text=True)
    assert f"season={autumn}" in html and 'aria-current="true">Winter<' in html
    other = make_club(client)
    other_season = add_season(client, other)
    assert client.get(f"/c/{token}/versus?a={ann}&b={bob}&season={other_season}").status_code == 404
    # a player's page for a season compares within it
    player = client.get(f"/c/{token}/players/{ann}?season={winter}").get_data(as_text=True)
    assert f'<input type="hidden" name="season" value="{winter}">' in player


def test_head_to_head_counts_the_deal_ins_between_the_two(client, club) -> None:
    token, ids, season = club
    ann, bob, cai, dee = (ids[name] for name in NAMES[:4])
    # Ann wins on Bob's discard at each table, Bob on Ann's once; Ann's deal-in to Cai and Dee's to Bob are
    # not between the two.
    play_table(client, token, [ann, bob, cai, dee], [(0, 1, 8), (1, 0, 10), (2, 0, 12), (1, 3, 8)])
    play_table(client, token, [bob, cai, dee, ann], [(3, 0, 9)])
    html = client.get(f"/c/{token}/versus?a={ann}&b={bob}").get_data(as_text=True)
    figures = dict(re.findall(r"<dt>([^<]+)</dt><dd>([^<]+)</dd>", html))
    assert figures["Games together"] == "2"
    assert figures["Ann dealt in to Bob"] == "1" and figures["Bob dealt in to Ann"] == "2"


def test_a_season_is_renamed_from_its_page_and_keeps_its_standings(client, club) -> None:
    token, ids, season = club
    ann, bob, cai, dee = (ids[name] for name in NAMES[:4])
    play_table(client, token, [ann, bob, cai, dee], [(0, 1, 8)])
    page = f"/c/{token}/seasons/{season}"
    before = standings_rows(client, page)
    assert 'id="season-rename-form"' in client.get(page).get_data(as_text=True)
    response = client.post(f"{page}/name", data={"csrf_token": csrf(client, page), "name": "Winter"})
    assert response.status_code == 303
    html = client.get(page).get_data(as_text=True)
    assert "<h1>Winter</h1>" in html and "Autumn" not in html
    assert "Winter" in club_page(client, token)
    assert standings_rows(client, page) == before
    # no name: refused, said so, and the name stays
    refused = client.post(f"{page}/name", data={"csrf_token": csrf(client, page), "name": "  "},
                          follow_redirects=True).get_data(as_text=True)
    assert "Not renamed" in refused and "<h1>Winter</h1>" in refused


def test_a_season_cannot_be_renamed_by_a_read_only_link_or_another_club(client, club) -> None:
    token, ids, season = club
    view = re.search(r"/cv/([A-Za-z0-9_-]+)", club_page(client, token)).group(1)
    assert 'id="season-rename-form"' not in client.get(f"/cv/{view}/seasons/{season}").get_data(as_text=True)
    response = client.post(f"/cv/{view}/seasons/{season}/name",
                           data={"csrf_token": csrf(client), "name": "Zed"})
    assert response.status_code in (404, 405)
    other = make_club(client, "Other club")
    response = client.post(f"/c/{other}/seasons/{season}/name",
                           data={"csrf_token": csrf(client, f"/c/{other}"), "name": "Zed"})
    assert response.status_code == 404
    html = client.get(f"/c/{token}/seasons/{season}").get_data(as_text=True)
    assert "<h1>Autumn</h1>" in html and "Zed" not in html


def test_a_seasons_rule_is_changed_from_its_page_and_the_standings_follow(client, club) -> None:
    token, ids, season = club
    ann, bob, cai, dee = (ids[name] for name in NAMES[:4])
    # Ann wins 8 on Bob's discard: Ann +32, Bob -16, Cai and Dee -8 (MCR settlement).
    play_table(client, token, [ann, bob, cai, dee], [(0, 1, 8)])
    page = f"/c/{token}/seasons/{season}"
    assert float(dict((n, f) for n, _, f in standings_rows(client, page))["Ann"]) == 4.0  # table points
    response = client.post(f"{page}/rule", data={"csrf_token": csrf(client, page), "rule": "net"})
    assert response.status_code == 303
    html = client.get(page).get_data(as_text=True)
    assert 'id="season-rule">Net points<' in html
    assert '<option value="net" selected>' in html
    figures = dict(re.findall(r'/players/\d+\?season=\d+">([^<]+)</a>.*?</td>\s*<td class="num">\d+</td>'
                              r'<td class="num">(-?[0-9.]+)</td>', html, re.S))
    assert figures == {"Ann": "32", "Cai": "-8", "Dee": "-8", "Bob": "-16"}   # net points
    # a rule the season's family does not have: refused, said so, the rule stays
    refused = client.post(f"{page}/rule", data={"csrf_token": csrf(client, page), "rule": "uma_oka"},
                          follow_redirects=True).get_data(as_text=True)
    assert "Not changed" in refused and 'id="season-rule">Net points<' in refused
    # a read-only link has no form and cannot post one
    view = re.search(r"/cv/([A-Za-z0-9_-]+)", club_page(client, token)).group(1)
    assert 'id="season-rule-form"' not in client.get(f"/cv/{view}/seasons/{season}").get_data(as_text=True)
    response = client.post(f"/cv/{view}/seasons/{season}/rule",
                           data={"csrf_token": csrf(client), "rule": "table_points"})
    assert response.status_code in (404, 405)
    assert 'id="season-rule">Net points<' in client.get(page).get_data(as_text=True)
