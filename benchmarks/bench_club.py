"""Club pages against the size of the club, and recording a hand into a club table against one
outside a club, on SQLite and PostgreSQL.

A club of 40 players plays ``--tables`` tables of ``--hands`` hands each (every hand recorded
through the store, as the app records it); a second club of the same database plays 10 tables.
In both, the first ten tables seat each player once, so both standings rank all 40 players.
The season's standings page and a player's page are fetched from the app (Flask's test client,
templates included) for both clubs in turns, and the bench prints each page's median and the
ratio big/small. Then hands are recorded in turns into a new club table and a new table outside
any club, and the bench prints the median of each and their ratio.

    python benchmarks/bench_club.py [--tables 2000] [--hands 16] [--db sqlite,postgres] [--repeats 30]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time

from databases import each_database

from engine.table.events import declared_score
from webapp.app import create_app
from webapp.storage import Storage

PLAYERS = 40


def hand_event(rng: random.Random) -> dict:
    if rng.random() < 0.15:
        return {"type": "draw"}
    winner = rng.randrange(4)
    discarder = None if rng.random() < 0.3 else (winner + rng.randrange(1, 4)) % 4
    score = dict(declared_score(rng.randrange(8, 40), minimum=8), declared=False)
    score["items"] = [
        {"name": name, "value": 1, "count": 1}
        for name in rng.sample(
            [
                "Pure Straight",
                "All Chows",
                "Flower",
                "Mixed Triple Chow",
                "Fully Concealed Hand",
                "Melded Hand",
            ],
            2,
        )
    ]
    return {"type": "win", "winner": winner, "discarder": discarder, "score": score}


def make_club(storage: Storage, tables: int, hands: int, rng: random.Random) -> tuple[str, int, int]:
    """A club of 40 players with ``tables`` tables of ``hands`` hands: (edit token, season, a player)."""
    club = storage.create_club(f"Club of {tables}")
    members = [storage.add_member(club.id, f"Player {n}").id for n in range(PLAYERS)]
    season = storage.create_season(club.id, "Season", family="mcr", rule="table_points")
    for number in range(tables):
        # The first tables seat every player once, so that a club of 10 tables ranks all 40 as
        # a big club does: its standings page shows as many rows, and the ratio is of the club's size.
        seats = members[4 * number : 4 * number + 4] if 4 * number + 4 <= PLAYERS else rng.sample(members, 4)
        ref = storage.create_club_table(club.id, "mcr", seats)
        for version in range(hands):
            storage.record(ref.id, version, hand_event(rng))
    return club.edit_token or "", season.id, members[0]


def timed_get(client, path: str) -> float:  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    response = client.get(path)
    elapsed = time.perf_counter() - started
    assert response.status_code == 200, (path, response.status_code)
    return elapsed


def run(label: str, url: str, tables: int, hands: int, repeats: int) -> None:
    print(f"\n== {label} ==")
    rng = random.Random(38)
    storage = Storage(url)
    started = time.perf_counter()
    big = make_club(storage, tables, hands, rng)
    print(f"built a club of {tables} tables x {hands} hands in {time.perf_counter() - started:.0f} s")
    small = make_club(storage, 10, hands, rng)
    app = create_app(
        {
            "DATABASE_URL": url,
            "DATA_DIR": tempfile.mkdtemp(prefix="tiletally-bench-club-"),
            "READER": False,
            "RATE_LIMITS_ENABLED": False,
        }
    )
    client = app.test_client()
    pages = {
        "standings": lambda club: f"/c/{club[0]}/seasons/{club[1]}",
        "player": lambda club: f"/c/{club[0]}/players/{club[2]}",
    }
    for name, path in pages.items():
        timed_get(client, path(big))
        timed_get(client, path(small))  # warm both before the clock
        big_times, small_times = [], []
        for _ in range(repeats):  # in turns, so both see the same load
            big_times.append(timed_get(client, path(big)))
            small_times.append(timed_get(client, path(small)))
        big_median, small_median = statistics.median(big_times), statistics.median(small_times)
        print(
            f"{name:9} page: {tables} tables {big_median * 1000:7.1f} ms median, 10 tables "
            f"{small_median * 1000:7.1f} ms; ratio {big_median / small_median:.2f}x"
        )
    club = storage.club_by_edit_token(big[0])
    assert club is not None
    members = [member.id for member in storage.members(club.id)[:4]]
    club_times, plain_times = [], []
    for count in range(max(repeats, 20)):
        version = count % hands
        if version == 0:  # a game ends after its last hand: new tables every ``hands`` hands
            in_club = storage.create_club_table(club.id, "mcr", members)
            outside = storage.create_table("mcr", ["Ann", "Bob", "Cai", "Dee"])
        event = hand_event(rng)
        for table_id, times in ((in_club.id, club_times), (outside.id, plain_times)):
            loaded = storage.load(table_id)
            started = time.perf_counter()
            storage.record(table_id, version, event, based_on=loaded)
            times.append(time.perf_counter() - started)
    club_median, plain_median = statistics.median(club_times), statistics.median(plain_times)
    print(
        f"recording a hand: club table {club_median * 1000:.2f} ms median, outside a club "
        f"{plain_median * 1000:.2f} ms; ratio {club_median / plain_median:.2f}x"
    )
    storage.close()


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--hands", type=int, default=16)
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--db", default="sqlite,postgres")
    args = parser.parse_args()
    for name, url in each_database(args.db, "tiletally-bench-club-"):
        run(name, url, args.tables, args.hands, args.repeats)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
