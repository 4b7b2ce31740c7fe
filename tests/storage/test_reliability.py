"""Storage under concurrency and bad input, on SQLite and PostgreSQL (see conftest.py): players
created by racing servers, names the databases cannot store, the stored snapshot of each table's
state, and imports whose scores or totals cannot be trusted."""

from __future__ import annotations

import json
import threading

import pytest
from sqlalchemy import delete, event, update

from engine.table.events import TableError, declared_score
from webapp.storage import ConflictError, EventRow, RecordRow, SnapshotRow, Storage, StorageError, TableRow

PLAYERS = ["Ann", "Bob", "Cai", "Dee"]


def test_tables_created_at_once_with_new_players_all_succeed(db_url):
    stores = [Storage(db_url) for _ in range(4)]
    errors: list[BaseException] = []
    created: list[int] = []
    start = threading.Barrier(len(stores))

    def create(store: Storage, index: int) -> None:
        start.wait(30)
        for round_ in range(6):
            # Every writer uses the same four names, new to the database in each round.
            try:
                created.append(store.create_table("mcr", [f"P{round_}-{seat}" for seat in range(4)],
                                                  name=f"t{index}-{round_}").id)
            except Exception as error:  # noqa: BLE001 - any failure is what this test looks for
                errors.append(error)

    threads = [threading.Thread(target=create, args=(store, i)) for i, store in enumerate(stores)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        assert errors == [] and len(created) == 24
        tables = stores[0].list_tables()
        expected = {tuple(f"P{r}-{s}" for s in range(4)) for r in range(6)}
        assert {tuple(t["players"]) for t in tables} == expected
    finally:
        for store in stores:
            store.close()


@pytest.mark.parametrize(("players", "name", "words"), [
    (["A" * 81, "Bob", "Cai", "Dee"], "", "longer than 80"),
    (["Ann\x00", "Bob", "Cai", "Dee"], "", "control character"),
    (["Ann\ud800", "Bob", "Cai", "Dee"], "", "not valid Unicode"),
    (PLAYERS, "T" * 81, "longer than 80"),
    (PLAYERS, "Fri\x00day", "control character"),
])
def test_names_the_database_cannot_store_are_refused_the_same_on_both(storage, players, name, words):
    with pytest.raises(TableError, match=words):
        storage.create_table("mcr", players, name=name)
    assert storage.list_tables() == []
    assert storage.create_table("mcr", ["A" * 80, "Bob", "Cai", "Dee"]).id


def _events(storage: Storage, table_id: int):
    """Counts the statements that read the events table while the block runs."""
    seen: list[str] = []

    def watch(conn, cursor, statement, parameters, context, executemany):
        if statement.lstrip().upper().startswith("SELECT") and " events" in statement.lower():
            seen.append(statement)

    event.listen(storage.engine, "before_cursor_execute", watch)
    return seen, lambda: event.remove(storage.engine, "before_cursor_execute", watch)


def _penalties(storage: Storage, table_id: int, count: int, start: int = 0) -> None:
    for version in range(start, start + count):
        storage.record(table_id, version, {"type": "penalty", "deltas": [1, -1, 0, 0], "reason": "slow"})


def test_a_hand_is_recorded_and_previewed_without_reading_the_log(storage):
    ref = storage.create_table("classical", PLAYERS)
    _penalties(storage, ref.id, 40)
    seen, stop = _events(storage, ref.id)
    try:
        loaded = storage.by_edit_token(ref.edit_token)
        preview = loaded.preview({"type": "penalty", "deltas": [0, 0, 2, -2]})
        after = storage.record(ref.id, 40, {"type": "penalty", "deltas": [0, 0, 2, -2]})
    finally:
        stop()
    assert seen == []
    assert preview.records[-1].deltas == (0, 0, 2, -2) and after.version == 41
    assert after.head.totals == tuple(t + d for t, d in zip(loaded.head.totals, (0, 0, 2, -2), strict=True))
    # The full state (every record) is what a replay of the log gives, as it always was.
    full, replayed = storage.load(ref.id).state, storage.load(ref.id).table.state
    assert full.totals == replayed.totals
    assert [r.to_dict() for r in full.records] == [r.to_dict() for r in replayed.records]
    assert len(storage.load(ref.id).state.records) == 41


def test_the_snapshot_follows_undo_and_amend_and_is_rebuilt_when_missing_or_stale(storage):
    ref = storage.create_table("mcr", PLAYERS)
    win = {"type": "win", "winner": 0, "discarder": 1, "score": declared_score(8, minimum=8)}
    storage.record(ref.id, 0, win)
    storage.record(ref.id, 1, {"type": "win", "winner": 2, "discarder": None,
                               "score": declared_score(10, minimum=8)})
    storage.amend(ref.id, 2, 0, dict(win, score=declared_score(12, minimum=8)))
    storage.undo(ref.id, 3)

    def replayed():
        table = storage.load(ref.id).table
        return table.state.totals, [r.deltas for r in table.state.records]

    def stored():
        state = storage.load(ref.id).state
        return state.totals, [r.deltas for r in state.records]

    assert stored() == replayed() == ((36, -20, -8, -8), [(36, -20, -8, -8)])
    with storage.engine.begin() as connection:            # lost: rebuilt from the log
        connection.execute(delete(SnapshotRow))
    assert stored() == replayed()
    storage.record(ref.id, 4, {"type": "draw"})
    with storage.engine.begin() as connection:            # stale: an older version is not trusted
        connection.execute(update(SnapshotRow).values(version=1))
    assert stored() == replayed()
    after = storage.record(ref.id, 5, {"type": "draw"})
    assert (after.state.totals, [r.deltas for r in after.state.records]) == replayed()
    assert storage.load(ref.id).version == 6


def _exported(storage: Storage) -> dict:
    ref = storage.create_table("mcr", PLAYERS, name="Real")
    request = {"hand": "123m456m789m123p55p", "win_tile": "5p", "win_by": "ron", "seat_wind": "E",
               "round_wind": "E", "rules": "mcr"}
    from engine.families import score_json

    score = score_json(request)
    assert score["ok"] and score["valid"] and score["meets_minimum"], score
    storage.record(ref.id, 0, {"type": "win", "winner": 0, "discarder": 1, "score": score, "hand": request})
    return json.loads(json.dumps(storage.export_json(ref.id)))


def test_an_import_with_a_forged_score_is_refused(storage):
    exported = _exported(storage)
    forged = json.loads(json.dumps(exported))    # the hand's tiles say otherwise
    forged["events"][0]["event"]["score"]["total"] += 100
    forged.pop("totals")
    forged.pop("hands")
    with pytest.raises(StorageError, match="not what its tiles score"):
        storage.import_json(forged)
    declared = json.loads(json.dumps(exported))  # no tiles: an absurd declared total is refused
    declared["events"].append({"seq": 2, "event": {"type": "win", "winner": 1, "discarder": 0,
                                                   "score": declared_score(10**12, minimum=8)}})
    declared.pop("totals")
    declared.pop("hands")
    with pytest.raises(StorageError, match="not a possible hand"):
        storage.import_json(declared)
    assert len(storage.list_tables()) == 1


def test_an_import_is_checked_whether_or_not_it_carries_totals(storage):
    exported = _exported(storage)
    bare = {k: v for k, v in exported.items() if k not in ("totals", "hands")}
    with pytest.raises(StorageError, match="neither totals nor hands"):
        storage.import_json(bare)
    doubled = json.loads(json.dumps(exported))
    doubled.pop("totals")
    doubled["events"].append(dict(doubled["events"][0], seq=2))     # a hand duplicated
    with pytest.raises(StorageError, match="hands do not match"):
        storage.import_json(doubled)
    only_hands = {k: v for k, v in exported.items() if k != "totals"}
    copy = storage.import_json(only_hands)
    assert storage.load(copy.id).state.totals == storage.load(1).state.totals


def test_a_snapshot_keeps_the_hand_in_play_discards_and_ready():
    """The classical table's in-hand record (discards, wall draws, ready) survives the stored head
    as it was, so a sacred-discard check after a reload sees the same discards."""
    from dataclasses import replace

    from engine.families.protocol import OwnDiscard
    from engine.table.hand_play import HandPlay
    from engine.table.state import new_state
    from webapp.snapshot import head_from_json, head_to_json

    players = ["Ann", "Bob", "Cai", "Dee"]
    play = HandPlay(discards=((OwnDiscard(4, True), OwnDiscard(7)), (), (OwnDiscard(30),), ()),
                    ready=frozenset({2}))
    state = replace(new_state("classical", players, {}), play=play)
    stored = json.loads(json.dumps(head_to_json(state, 0)))
    restored, count = head_from_json(stored, "classical", players, {})
    assert count == 0 and restored.play == play


def test_a_page_of_the_history_reads_only_its_own_rows(storage):
    ref = storage.create_table("mcr", PLAYERS)
    _penalties(storage, ref.id, 120)
    win = {"type": "win", "winner": 0, "discarder": 1, "score": declared_score(8, minimum=8)}
    storage.record(ref.id, 120, win)
    storage.amend(ref.id, 121, 120, dict(win, score=declared_score(12, minimum=8)))
    storage.record(ref.id, 122, {"type": "penalty", "deltas": [0, 0, 2, -2], "reason": "slow"})
    full = storage.load(ref.id).state.records
    assert len(full) == 122

    def shown(page):
        return [(r.event_id, r.deltas, r.totals) for r in page.records]

    newest = storage.by_edit_token(ref.edit_token).page(50)
    assert (newest.start, newest.count, newest.previous) == (72, 122, full[71])
    assert shown(newest) == [(r.event_id, r.deltas, r.totals) for r in full[72:]]
    assert newest.events[120]["score"]["total"] == 12      # the amendment, not the hand as first entered
    assert newest.events[122]["deltas"] == [0, 0, 2, -2]
    older = storage.load(ref.id).page(50, before=72)
    assert (older.start, older.previous) == (22, full[21])
    assert shown(older) == [(r.event_id, r.deltas, r.totals) for r in full[22:72]]
    # Without the rows before the page (the older events and records), the newest page reads the
    # same: a read costs what its page costs, not what the table's history does.
    with storage.engine.begin() as connection:
        connection.execute(delete(EventRow).where(EventRow.table_id == ref.id, EventRow.seq <= 72))
        connection.execute(delete(RecordRow).where(RecordRow.table_id == ref.id, RecordRow.position < 71))
    reader = Storage(storage.url, migrate=False)      # a server that has kept no page of it
    try:
        again = reader.by_edit_token(ref.edit_token)
        assert shown(again.page(50)) == shown(newest) and again.page(50).events == newest.events
        assert again.head.totals == full[-1].totals
    finally:
        reader.close()


def test_a_write_holds_the_table_only_for_its_inserts_and_a_writer_behind_it_conflicts_at_once(storage):
    """The engine's work and every read happen before the write transaction; inside it, from the
    version bump that locks the table to the commit, a write only writes. A second writer that
    meets the lock waits (on SQLite on this process's writer lock, not in SQLite's sleeping busy
    handler) and, once the first commits, gets its conflict with the new version, writing nothing."""
    ref = storage.create_table("mcr", PLAYERS)
    _penalties(storage, ref.id, 4)
    seen: list[str] = []
    results: list[object] = []

    def watch(conn, cursor, statement, parameters, context, executemany):
        seen.append(statement)

    event.listen(storage.engine, "before_cursor_execute", watch)
    try:
        storage.record(ref.id, 4, {"type": "penalty", "deltas": [1, -1, 0, 0], "reason": "slow"})
        bump = next(i for i, s in enumerate(seen) if s.startswith("UPDATE tables SET version"))
        assert [s for s in seen[bump:] if s.lstrip().upper().startswith("SELECT")] == [], seen[bump:]
        assert any(s.startswith("INSERT INTO events") for s in seen[bump:])

        def second() -> None:
            try:
                results.append(storage.record(ref.id, 5, {"type": "penalty", "deltas": [1, -1, 0, 0],
                                                          "reason": "late"}))
            except Exception as error:  # noqa: BLE001 - the conflict is what this test looks for
                results.append(error)

        thread = threading.Thread(target=second)
        with storage._append() as session:   # the first writer, holding the table until it commits
            session.execute(update(TableRow).where(TableRow.id == ref.id).values(version=6))
            seen.clear()
            thread.start()
            thread.join(1.0)
            assert thread.is_alive() and not results
        thread.join(30)
    finally:
        event.remove(storage.engine, "before_cursor_execute", watch)
    assert len(results) == 1 and isinstance(results[0], ConflictError) and results[0].actual == 6
    assert not [s for s in seen if s.startswith("INSERT")], seen
