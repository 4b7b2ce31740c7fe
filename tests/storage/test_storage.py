"""The storage suite, run on SQLite and on PostgreSQL (see conftest.py): migrations, the event log,
tokens, export and import, two concurrent writers, and a writer killed in the middle of a write."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import func, inspect, select, text

from engine.table.events import TableError, declared_score
from webapp.storage import (
    Base,
    ConflictError,
    EventRow,
    HandRow,
    Storage,
    StorageError,
    TableRow,
)

REPO = Path(__file__).resolve().parents[2]
PLAYERS = ["Ann", "Bob", "Cai", "Dee"]


def mcr_win(winner, discarder, total):
    return {"type": "win", "winner": winner, "discarder": discarder,
            "score": declared_score(total, minimum=8)}


def counts(storage: Storage, table_id: int) -> tuple[int, int]:
    with storage.engine.connect() as connection:
        events = connection.scalar(
            select(func.count()).select_from(EventRow).where(EventRow.table_id == table_id))
        hands = connection.scalar(
            select(func.count()).select_from(HandRow).where(HandRow.table_id == table_id))
    return events, hands


def test_a_fresh_database_is_migrated_and_matches_the_models(storage, db_url):
    names = set(inspect(storage.engine).get_table_names())
    assert {"players", "tables", "table_players", "events", "hands", "alembic_version"} <= names
    with storage.engine.connect() as connection:
        assert connection.scalar(text("SELECT version_num FROM alembic_version")) == "0007"
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    Storage(db_url).close()      # opening again is a no-op upgrade


def test_events_are_stored_and_totals_replayed(storage):
    ref = storage.create_table("mcr", PLAYERS, name="Friday")
    detections = [{"tile": "1m", "box": [1, 2, 3, 4], "conf": 0.9}]
    loaded = storage.record(ref.id, 0, dict(mcr_win(0, 1, 8), hand={"hand": "123m"}), photo_ref="photo-1",
                            detections=detections, corrections=[{"index": 0, "tile": "2m"}])
    # Ann wins 8 on Bob's discard: Ann 8 + 24 = 32, Bob -16, Cai and Dee -8.
    assert loaded.version == 1 and loaded.state.totals == (32, -16, -8, -8)
    loaded = storage.record(ref.id, 1, mcr_win(2, None, 10))      # Cai self-draws 10: 3 x 18
    assert storage.load(ref.id).state.totals == (32 - 18, -16 - 18, -8 + 54, -8 - 18)
    hands = storage.hands(ref.id)
    assert [h["photo_ref"] for h in hands] == ["photo-1", None]
    assert hands[0]["detections"] == detections and hands[0]["corrections"] == [{"index": 0, "tile": "2m"}]
    assert hands[0]["input"] == {"hand": "123m"} and hands[0]["score"]["total"] == 8
    assert [h["stored_payments"] for h in hands] == [h["deltas"] for h in hands]
    # Amend the first hand: the stored payments of the newest hand row follow the amendment.
    loaded = storage.amend(ref.id, 2, 0, mcr_win(0, 1, 12))
    assert loaded.state.totals == (36 - 18, -20 - 18, -8 + 54, -8 - 18)
    assert storage.hands(ref.id)[0]["stored_payments"] == [36, -20, -8, -8]
    loaded = storage.undo(ref.id, 3)
    assert storage.load(ref.id).state.totals == (36, -20, -8, -8) and loaded.version == 4
    assert counts(storage, ref.id) == (4, 3)


def test_a_stale_version_is_a_conflict_and_changes_nothing(storage):
    ref = storage.create_table("riichi", PLAYERS)
    storage.record(ref.id, 0, {"type": "draw", "waiting": [0]})
    with pytest.raises(ConflictError, match="you had version 0, it is now at version 1"):
        storage.record(ref.id, 0, {"type": "draw", "waiting": [1]})
    loaded = storage.load(ref.id)
    assert loaded.version == 1 and counts(storage, ref.id) == (1, 1)
    # An event the engine refuses is not stored either.
    with pytest.raises(TableError):
        storage.record(ref.id, 1, {"type": "penalty", "deltas": [1, 1, 1, 1]})
    assert storage.load(ref.id).version == 1
    with pytest.raises(StorageError, match="no table"):
        storage.load(ref.id + 100)


def test_edit_and_view_tokens(storage):
    ref = storage.create_table("classical", PLAYERS)
    assert ref.edit_token and ref.view_token and ref.edit_token != ref.view_token
    assert storage.by_edit_token(ref.edit_token).ref.id == ref.id
    viewed = storage.by_view_token(ref.view_token)
    assert viewed.ref.id == ref.id and viewed.ref.edit_token is None
    assert storage.by_edit_token(ref.view_token) is None and storage.by_view_token(ref.edit_token) is None
    assert storage.by_edit_token("") is None and storage.by_edit_token("x" * 32) is None
    with storage.engine.connect() as connection:     # the edit token itself is not in the database
        row = connection.execute(select(TableRow.__table__)).mappings().one()
        assert ref.edit_token not in json.dumps({k: str(v) for k, v in row.items()})
    fresh = storage.rotate_edit_token(ref.id)
    assert storage.by_edit_token(ref.edit_token) is None and storage.by_edit_token(fresh).ref.id == ref.id


def _play_riichi(storage):
    ref = storage.create_table("riichi", PLAYERS, {"kiriage": True}, name="Sunday")
    events = [
        {"type": "win", "winner": 0, "discarder": 2, "score": declared_score(2900, han=2, fu=30)},
        {"type": "draw", "waiting": [0, 1], "riichi": [1]},
        {"type": "win", "winner": 1, "discarder": None, "score": declared_score(5800, han=3, fu=40)},
        {"type": "false_win", "offender": 3},
        {"type": "undo"},
        {"type": "draw", "abortive": True, "reason": "four_kongs"},
    ]
    for version, event in enumerate(events):
        storage.record(ref.id, version, event, photo_ref=f"p{version}")
    return ref


def test_export_import_round_trip(storage):
    ref = _play_riichi(storage)
    exported = storage.export_json(ref.id)
    exported = json.loads(json.dumps(exported))          # through a file, as the CLI does
    copy = storage.import_json(exported)
    assert copy.id != ref.id and copy.edit_token
    original, imported = storage.load(ref.id), storage.load(copy.id)
    assert imported.state.totals == original.state.totals
    assert imported.state.summary()["hands"] == original.state.summary()["hands"]
    again = storage.export_json(copy.id)
    assert again["events"] == exported["events"] and again["totals"] == exported["totals"]
    assert [h["photo_ref"] for h in storage.hands(copy.id)] == [h["photo_ref"] for h in storage.hands(ref.id)]
    csv_text = storage.export_csv(ref.id)
    lines = csv_text.splitlines()
    assert lines[0].startswith("event,hand,label,kind,summary,Ann change")
    assert lines[-1].split(",")[-4:] == [str(t) for t in original.state.totals]
    assert len(lines) == 1 + len(original.state.records) + 1


def test_an_import_whose_totals_disagree_is_refused_whole(storage):
    ref = _play_riichi(storage)
    exported = storage.export_json(ref.id)
    exported["totals"][0] += 1000
    before = len(storage.list_tables())
    with pytest.raises(StorageError, match="do not match"):
        storage.import_json(exported)
    assert len(storage.list_tables()) == before
    with pytest.raises(StorageError):
        storage.import_json({"format": "something-else"})


def test_two_writers_on_one_table_one_conflicts_no_lost_update(db_url):
    first, second = Storage(db_url), Storage(db_url)
    try:
        ref = first.create_table("mcr", PLAYERS)
        first.record(ref.id, 0, mcr_win(0, 1, 8))
        version = second.load(ref.id).version          # both writers hold version 1
        assert first.load(ref.id).version == version == 1
        second_started = threading.Event()
        first_paused = threading.Event()

        def hold_after_version_bump(conn, cursor, statement, parameters, context, executemany):
            # Writer 1 has bumped the version but not committed: let writer 2 try now.
            if statement.lstrip().upper().startswith("UPDATE TABLES"):
                first_paused.set()
                assert second_started.wait(30), "writer 2 never started"
                threading.Event().wait(0.3)       # let writer 2 reach its lock wait

        from sqlalchemy import event

        event.listen(first.engine, "after_cursor_execute", hold_after_version_bump)
        # Signal when writer 2 takes its connection, before its BEGIN (on SQLite, BEGIN IMMEDIATE
        # waits there for writer 1).
        event.listen(second.engine.pool, "checkout", lambda *args: second_started.set())
        outcome: dict[str, object] = {}

        def write(name, store, table_event):
            try:
                outcome[name] = store.record(ref.id, version, table_event).state.totals
            except ConflictError as error:
                outcome[name] = error

        one = threading.Thread(target=write, args=("first", first, mcr_win(2, None, 10)))
        one.start()
        assert first_paused.wait(30)
        two = threading.Thread(target=write, args=("second", second, mcr_win(3, 0, 8)))
        two.start()
        one.join(30)
        two.join(30)
        event.remove(first.engine, "after_cursor_execute", hold_after_version_bump)
        assert isinstance(outcome["second"], ConflictError), outcome
        assert "changed since you loaded it" in str(outcome["second"])
        assert outcome["second"].actual == 2 and f"table {ref.id}" not in str(outcome["second"])
        final = second.load(ref.id)
        assert final.version == 2 and final.state.totals == outcome["first"]
        # Writer 2 reloads and records its hand on top: nothing was lost.
        final = second.record(ref.id, final.version, mcr_win(3, 0, 8))
        assert len(final.table.log) == 3 and counts(second, ref.id) == (3, 3)
    finally:
        first.close()
        second.close()


def test_many_writers_retrying_lose_nothing(db_url):
    stores = [Storage(db_url) for _ in range(3)]
    try:
        ref = stores[0].create_table("classical", PLAYERS)
        conflicts = []

        def writer(index):
            store = stores[index]
            for n in range(4):
                while True:
                    version = store.load(ref.id).version
                    deltas = [0, 0, 0, 0]
                    deltas[index], deltas[3] = n + 1, -(n + 1)
                    try:
                        store.record(ref.id, version, {"type": "penalty", "deltas": deltas,
                                                       "reason": f"w{index}-{n}"})
                        break
                    except ConflictError:
                        conflicts.append(index)

        threads = [threading.Thread(target=writer, args=(i,)) for i in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        final = stores[0].load(ref.id)
        reasons = sorted(event["reason"] for event in final.table.log)
        assert reasons == sorted(f"w{i}-{n}" for i in range(3) for n in range(4))
        # Each writer paid itself 1+2+3+4 = 10 from Dee.
        assert final.version == 12 and final.state.totals == (10, 10, 10, -30)
    finally:
        for store in stores:
            store.close()


KILLER = textwrap.dedent("""
    import os, sys
    from sqlalchemy import event
    from engine.table.events import declared_score
    from webapp.storage import Storage

    url, table_id, version, statement = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    storage = Storage(url)

    @event.listens_for(storage.engine, "after_cursor_execute")
    def die(conn, cursor, sql, parameters, context, executemany):
        if sql.lstrip().upper().startswith(statement):
            os._exit(17)          # the process dies here: no commit, no rollback, no cleanup

    storage.record(table_id, version, {"type": "win", "winner": 3, "discarder": None,
                                       "score": declared_score(30, minimum=8)})
    sys.exit(0)
""")


@pytest.mark.parametrize("statement", ["UPDATE TABLES", "INSERT INTO EVENTS", "INSERT INTO HANDS"])
def test_a_process_killed_mid_write_leaves_the_table_as_before(storage, db_url, statement):
    ref = storage.create_table("mcr", PLAYERS)
    storage.record(ref.id, 0, mcr_win(0, 1, 8))
    before = storage.load(ref.id)
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    result = subprocess.run([sys.executable, "-c", KILLER, db_url, str(ref.id), "1", statement],
                            cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 17, result.stderr
    after = Storage(db_url)
    try:
        loaded = after.load(ref.id)
        assert loaded.version == before.version == 1
        assert loaded.state == before.state and counts(after, ref.id) == (1, 1)
        # The table is usable at the same version: the write can simply be made again.
        # Dee self-draws 30: everyone pays 38, Dee +114.
        totals = after.record(ref.id, 1, mcr_win(3, None, 30)).state.totals
        assert totals == (32 - 38, -16 - 38, -8 - 38, -8 + 114)
    finally:
        after.close()


def _migrate(storage: Storage, revision: str, *, down: bool = False) -> None:
    from alembic import command
    from alembic.config import Config

    from webapp.storage.database import MIGRATIONS_DIR

    config = Config(str(MIGRATIONS_DIR / "alembic.ini"))
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    with storage.engine.begin() as connection:
        config.attributes["connection"] = connection
        (command.downgrade if down else command.upgrade)(config, revision)


def test_a_club_tally_kept_before_0007_goes_on_with_its_table(storage, db_url):
    """0007 moves each club table's tally beside its snapshot: the table's next hands continue it,
    and its seat rows end as those of a table that was never migrated (the same hands)."""
    from webapp.storage.models import SeatTallyRow

    club = storage.create_club("Migrated")
    members = [storage.add_member(club.id, name).id for name in PLAYERS]
    storage.create_season(club.id, "All", family="mcr", rule="table_points")
    events = [{**mcr_win(0, 1, 8), "score": {**mcr_win(0, 1, 8)["score"], "declared": False,
                                              "items": [{"name": "Flower", "value": 1, "count": 1}]}},
              mcr_win(2, None, 12), {"type": "draw"}, mcr_win(1, 3, 9), mcr_win(3, None, 10)]
    migrated, kept = (storage.create_club_table(club.id, "mcr", members) for _ in range(2))
    for version, event in enumerate(events):
        storage.record(kept.id, version, event)
    for version, event in enumerate(events[:3]):
        storage.record(migrated.id, version, event)
    _migrate(storage, "0006", down=True)
    with storage.engine.connect() as connection:
        version, tally = connection.execute(
            text("SELECT version, tally FROM table_tallies WHERE table_id = :t"), {"t": migrated.id}).one()
    assert version == 3
    _migrate(storage, "head")
    storage.engine.dispose()        # no connection keeps the old columns' statements
    with storage.engine.connect() as connection:
        moved = connection.execute(text("SELECT tally FROM table_snapshots WHERE table_id = :t"),
                                   {"t": migrated.id}).scalar()
    def as_json(value: object) -> object:  # SQLite hands back the text, PostgreSQL the value
        return json.loads(value) if isinstance(value, str) else value

    assert as_json(moved) is not None and as_json(moved) == as_json(tally)
    with storage.engine.connect() as connection:   # the items moved into the seat rows
        items = connection.execute(text("SELECT items FROM seat_tallies WHERE table_id = :t ORDER BY seat"),
                                   {"t": migrated.id}).scalars().all()
    assert [as_json(counted) for counted in items] == [{"Flower": 1}, {}, {}, {}]
    for version, event in enumerate(events[3:], start=3):
        storage.record(migrated.id, version, event)

    def seats(table_id: int) -> list[dict]:
        with storage.engine.connect() as connection:
            rows = connection.execute(select(SeatTallyRow).where(SeatTallyRow.table_id == table_id)
                                      .order_by(SeatTallyRow.seat)).all()
        return [{key: value for key, value in row._mapping.items() if key not in ("table_id", "played_at")}
                for row in rows]

    assert seats(migrated.id) == seats(kept.id)
    assert [seat["items"] for seat in seats(kept.id)] == [{"Flower": 1}, {}, {}, {}]
    assert storage.load(migrated.id).tally[1] == storage.load(kept.id).tally[1]


def test_a_players_items_are_summed_over_their_tables(storage):
    """A player page's most-scored items add up each seat's items at every table the player sat
    at, whatever the seat (the database unnests them: SQLite's json_each, PostgreSQL's)."""
    def win(winner: int, discarder: int | None, *items: str) -> dict:
        score = dict(declared_score(8 + len(items), minimum=8), declared=False,
                     items=[{"name": name, "value": 1, "count": 1} for name in items])
        return {"type": "win", "winner": winner, "discarder": discarder, "score": score}

    club = storage.create_club("Items")
    ann, bob, cai, dee, eve = (storage.add_member(club.id, name).id for name in [*PLAYERS, "Eve"])
    first = storage.create_club_table(club.id, "mcr", [ann, bob, cai, dee])
    second = storage.create_club_table(club.id, "mcr", [eve, cai, bob, ann])   # Ann in seat 3 here
    for version, event in enumerate([win(0, 1, "Flower", "All Chows"), win(1, None, "Flower"),
                                     win(0, 2, "Flower")]):
        storage.record(first.id, version, event)
    storage.record(second.id, 0, win(3, 0, "All Chows", "Pure Straight"))
    (figures,) = storage.player_figures(club.id, ann)
    assert (figures.wins, figures.games) == (3, 2)
    assert figures.items == [("All Chows", 2), ("Flower", 2), ("Pure Straight", 1)]
    assert storage.player_figures(club.id, bob)[0].items == [("Flower", 1)]
    other = storage.create_club("Other")                # another club's link shows none of it
    assert storage.player_figures(other.id, ann) == [] and storage.player_games(other.id, ann) == []


def test_a_seasons_new_rule_places_its_tables_again_and_refuses_a_hand_placed_under_the_old(storage):
    """A season's rule changed: its standings follow the new rule at once, and a hand worked out
    by a writer that read the season before the change is refused as a conflict (nothing of it
    written); sent again, it is placed under the new rule."""
    from webapp.storage.placing import RuleRefused, placings

    club = storage.create_club("Rules")
    ann, bob, cai, dee = (storage.add_member(club.id, name).id for name in PLAYERS)
    season = storage.create_season(club.id, "All", family="mcr", rule="table_points")
    ref = storage.create_club_table(club.id, "mcr", [ann, bob, cai, dee])
    storage.record(ref.id, 0, mcr_win(0, 1, 8))
    stale = storage.load(ref.id)                      # a writer reads the table, season and all
    changed = storage.change_season_rule(club.id, season.id, "net")
    assert (changed.rule, changed.revision) == ("net", season.revision + 1)
    totals = list(storage.load(ref.id).head.totals)
    by_member = {s.key: s.figure for s in storage.standings(club.id, season.id)}
    placed = placings("mcr", {}, changed, totals)
    assert [by_member[m] for m in (ann, bob, cai, dee)] == [figure for _, figure, _ in placed]
    assert by_member[ann] == totals[0]                # net points: the table's total itself
    with pytest.raises(ConflictError):
        storage.record(ref.id, 1, mcr_win(2, None, 10), based_on=stale)
    assert storage.load(ref.id).version == 1 and counts(storage, ref.id) == (1, 1)
    storage.record(ref.id, 1, mcr_win(2, None, 10))
    totals = list(storage.load(ref.id).head.totals)
    by_member = {s.key: s.figure for s in storage.standings(club.id, season.id)}
    assert [by_member[m] for m in (ann, bob, cai, dee)] == [float(total) for total in totals]
    with pytest.raises(RuleRefused):                  # a rule the season's family does not have
        storage.change_season_rule(club.id, season.id, "uma_oka")
    other = storage.create_club("Other")
    with pytest.raises(StorageError):
        storage.change_season_rule(other.id, season.id, "table_points")
    assert storage.season(club.id, season.id).rule == "net"
