"""Two server processes on one PostgreSQL record into one club's tables at once: every hand a
server had acknowledged is counted once in the standings and the tallies, as a tally from
scratch over the tables' logs counts it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engine.table.fold import effective_events
from engine.table.state import Table
from webapp.storage import Storage
from webapp.storage.placing import placings
from webapp.storage.tally import tally_of

REPO = Path(__file__).resolve().parents[2]

WRITER = textwrap.dedent("""
    import json, sys
    from engine.table.events import declared_score
    from webapp.storage import ConflictError, Storage

    url, who, table_ids, count = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3]), int(sys.argv[4])
    storage = Storage(url)
    acknowledged = []
    for n in range(count):
        table_id = table_ids[n % len(table_ids)]
        while True:
            version = storage.load(table_id).version
            try:
                storage.record(table_id, version, {"type": "win", "winner": who, "discarder": 3,
                                                   "score": declared_score(8, minimum=8)})
            except ConflictError:
                continue
            acknowledged.append(f"s{who}-{n}")
            break
    print(json.dumps(acknowledged))
""")


@pytest.mark.postgres
def test_two_servers_count_every_acknowledged_hand_once(postgres_server) -> None:
    url = postgres_server.new_database()
    storage = Storage(url)
    try:
        club = storage.create_club("Two servers")
        members = [storage.add_member(club.id, name).id for name in ("Ann", "Bob", "Cai", "Dee")]
        season = storage.create_season(club.id, "All", family="mcr", rule="net")
        tables = [storage.create_club_table(club.id, "mcr", members).id for _ in range(2)]
        env = dict(os.environ, PYTHONPATH=str(REPO))
        servers = [
            subprocess.Popen(
                [sys.executable, "-c", WRITER, url, str(who), json.dumps(tables), "12"],
                stdout=subprocess.PIPE,
                text=True,
                env=env,
            )
            for who in (0, 1)
        ]
        acknowledged = [json.loads(server.communicate(timeout=300)[0]) for server in servers]
        assert all(server.returncode == 0 for server in servers)
        assert sum(len(items) for items in acknowledged) == 24
        assert sum(storage.load(table_id).version for table_id in tables) == 24
        # Each server's seat wins 8 on Dee's discard 12 times (+32; Dee -16, the others -8):
        # Ann and Bob 12 x 32 - 12 x 8 = 288, Cai -192, Dee -384, net points over the two tables.
        figures = {s.key: (s.figure, s.games) for s in storage.standings(club.id, season.id)}
        assert figures == {
            members[0]: (288.0, 2),
            members[1]: (288.0, 2),
            members[2]: (-192.0, 2),
            members[3]: (-384.0, 2),
        }
        for table_id in tables:
            log = storage.load(table_id).log
            state = Table("mcr", ["Ann", "Bob", "Cai", "Dee"], {}, log).state
            events = dict(effective_events(log))
            tally = tally_of([(record, events.get(record.event_id)) for record in state.records])
            assert [p[1] for p in placings("mcr", {}, season, tally.totals)] == [
                s for s in stored_figures(storage, table_id)
            ]
    finally:
        storage.close()


def stored_figures(storage: Storage, table_id: int) -> list[float]:
    from sqlalchemy import select

    from webapp.storage.models import SeatTallyRow

    with storage.engine.connect() as connection:
        return list(
            connection.scalars(
                select(SeatTallyRow.figure)
                .where(SeatTallyRow.table_id == table_id)
                .order_by(SeatTallyRow.seat)
            )
        )
