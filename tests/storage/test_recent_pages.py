"""The newest page of a table's history kept from one write to the next (webapp.storage.recent_pages),
on SQLite and PostgreSQL: a write's answer reads none of the table's history, and what it shows is
what a server without the kept page reads from the database, whatever another server wrote."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import event

from engine.table.events import declared_score
from webapp.storage import Storage
from webapp.storage.loaded import Page

PLAYERS = ["Ann", "Bob", "Cai", "Dee"]


def penalty(points: int, offender: int = 1) -> dict:
    deltas = [0, 0, 0, 0]
    deltas[offender] = -points
    deltas[(offender + 1) % 4] = points
    return {"type": "penalty", "deltas": deltas, "reason": f"p{points}"}


def win(total: int, winner: int = 0) -> dict:
    return {"type": "win", "winner": winner, "discarder": (winner + 1) % 4,
            "score": declared_score(total, minimum=8)}


@contextmanager
def history_reads(storage: Storage) -> Iterator[list[str]]:
    """The statements that read a table's events or stored records while the block runs."""
    seen: list[str] = []

    def watch(conn, cursor, statement, parameters, context, executemany):  # type: ignore[no-untyped-def]
        text = statement.lstrip().lower()
        if text.startswith("select") and (" events" in text or " table_records" in text):
            seen.append(statement)

    event.listen(storage.engine, "before_cursor_execute", watch)
    try:
        yield seen
    finally:
        event.remove(storage.engine, "before_cursor_execute", watch)


def shown(page: Page) -> tuple:
    return (page.start, page.count, page.previous, page.records, dict(page.events))


def in_database(db_url: str, token: str, limit: int = 50) -> tuple:
    """The newest ``limit`` hands as a server that has kept nothing reads them."""
    fresh = Storage(db_url, migrate=False)
    try:
        return shown(fresh.by_edit_token(token).page(limit))
    finally:
        fresh.close()


def test_a_writes_answer_reads_none_of_the_history_and_shows_what_the_database_holds(db_url):
    storage = Storage(db_url)
    try:
        ref = storage.create_table("mcr", PLAYERS)
        for version in range(60):
            storage.record(ref.id, version, penalty(version + 1, version % 4))
        storage.by_edit_token(ref.edit_token).page(50)           # the newest page, read once
        for version in range(60, 64):
            change = penalty(7, version % 4) if version % 2 else win(8 + version)
            after = storage.record(ref.id, version, change)
            with history_reads(storage) as seen:
                answered = after.page(50)
            assert seen == []
            assert shown(answered) == in_database(db_url, ref.edit_token)
            assert answered.events[version]["type"] == ("penalty" if version % 2 else "win")
    finally:
        storage.close()


def test_the_kept_page_follows_undo_amend_and_another_servers_writes(db_url):
    """Each write's answer, and a read of every length a request may ask, are what a server that
    keeps nothing reads, through an undo, an amendment, a draw and writes made by another server."""
    one, other = Storage(db_url), Storage(db_url, migrate=False)
    try:
        ref = one.create_table("mcr", PLAYERS)
        for version in range(8):
            one.record(ref.id, version, penalty(version + 1))
        one.by_edit_token(ref.edit_token).page(50)
        # The other server's undo and penalty leave as many records as before, the last one not
        # the same: a page kept at the version before them must not be taken for the table now.
        steps = [(one, win(9)), (one, penalty(3)), (other, penalty(4)), (one, penalty(5)),
                 (one, {"type": "undo"}), (one, penalty(6)), (one, {"type": "draw"}),
                 (other, win(10, winner=2)), (other, penalty(2)), (one, penalty(1)),
                 (one, {"type": "amend", "target": 8, "event": win(12)}), (one, penalty(8)),
                 (other, {"type": "undo"}), (other, penalty(11)), (one, penalty(12)), (one, penalty(13))]
        for version, (server, change) in enumerate(steps, start=8):
            after = server.record(ref.id, version, change)
            for limit in (50, 10, 200):
                assert shown(after.page(limit)) == in_database(db_url, ref.edit_token, limit)
            read = server.by_edit_token(ref.edit_token).page(50)
            assert shown(read) == in_database(db_url, ref.edit_token)
        for reader in (one, other):
            assert shown(reader.by_edit_token(ref.edit_token).page(50)) == in_database(db_url, ref.edit_token)
        assert one.by_edit_token(ref.edit_token).page(50).events[8]["score"]["total"] == 12
    finally:
        one.close()
        other.close()
