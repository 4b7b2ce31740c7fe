"""Which database to open and how: the URL, the per-dialect engine settings, the schema upgrade."""

from __future__ import annotations

import importlib.util
import os
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session

MIGRATIONS_DIR = Path(__file__).resolve().parents[1] / "migrations"
DEFAULT_DB_PATH = Path("data") / "tiletally.sqlite3"


def database_url(db: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The database to open: ``db`` (a path or URL), else TILETALLY_DB, else DATABASE_URL, else
    ./data/tiletally.sqlite3."""
    environ = os.environ if environ is None else environ
    value = db or environ.get("TILETALLY_DB") or environ.get("DATABASE_URL") or str(DEFAULT_DB_PATH)
    if value.startswith("postgres://"):          # the form some hosts hand out
        value = "postgresql://" + value[len("postgres://"):]
    # SQLAlchemy 2.1 reads postgresql:// as psycopg 3; the project ships psycopg2.
    if value.startswith("postgresql://") and importlib.util.find_spec("psycopg") is None \
            and importlib.util.find_spec("psycopg2") is not None:
        value = "postgresql+psycopg2://" + value[len("postgresql://"):]
    if "://" in value:
        return value
    return "sqlite:///" + str(Path(value).expanduser().resolve())


def make_engine(url: str) -> Engine:
    """An engine with the per-dialect settings this module relies on.

    PostgreSQL: REPEATABLE READ, so a transaction reads one snapshot (appending an event runs at
    READ COMMITTED behind its row lock instead: ``Database._append``).
    SQLite: a busy timeout, foreign keys, WAL, and writes that start with BEGIN IMMEDIATE (so a
    writer reads the version under the write lock instead of deadlocking with another writer).
    """
    if not url.startswith("sqlite"):
        # A snapshot per transaction: the version and the events a reader sees belong together.
        return create_engine(url, pool_pre_ping=True, isolation_level="REPEATABLE READ")
    if url.startswith("sqlite:///") and url != "sqlite:///:memory:":
        Path(url[len("sqlite:///"):]).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None     # SQLAlchemy's "begin" event emits BEGIN
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        if ":memory:" not in url:
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        immediate = connection.get_execution_options().get("sqlite_immediate")
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


def upgrade(engine: Engine) -> None:
    """Bring the schema to the newest migration (a fresh database gets every table)."""
    config = Config(str(MIGRATIONS_DIR / "alembic.ini"))
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")



class Database:
    """One database and its transactions: a write starts as the writer (on SQLite, BEGIN
    IMMEDIATE); a read sees one snapshot."""

    def __init__(self, url: str | None = None, *, migrate: bool = True) -> None:
        self.url = database_url(url)
        self.engine = make_engine(self.url)
        self._writer = self.engine.execution_options(sqlite_immediate=True)
        # Appending to a table's log starts with its conditional version bump, which locks the
        # table's row (on SQLite BEGIN IMMEDIATE already serialises writers). On PostgreSQL that is
        # at READ COMMITTED, so a second writer waits for the first to commit and then meets the
        # new version: it sees its conflict at once, instead of doing its work and failing to
        # serialise at the end (what REPEATABLE READ, kept for every other transaction, would do).
        self._local_writers = threading.Lock() if self.engine.dialect.name == "sqlite" else None
        self._appender = self._writer if self.engine.dialect.name == "sqlite" else \
            self.engine.execution_options(isolation_level="READ COMMITTED")
        if migrate:
            upgrade(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def _write(self) -> Iterator[Session]:
        with self._one_writer(), Session(self._writer, expire_on_commit=False) as session, session.begin():
            yield session

    @contextmanager
    def _append(self) -> Iterator[Session]:
        """A write that starts by bumping (and so locking) a table's row: ``Storage.record``."""
        with self._one_writer(), Session(self._appender, expire_on_commit=False) as session, \
                session.begin():
            yield session

    @contextmanager
    def _one_writer(self) -> Iterator[None]:
        """On SQLite, this process's writers take turns on a lock of their own before BEGIN
        IMMEDIATE: a waiting thread wakes as soon as the writer before it is done, where SQLite's
        busy handler would have it sleep and poll (up to 100 ms a time). Other processes still
        meet the database's own lock and its busy timeout."""
        if self._local_writers is None:
            yield
            return
        with self._local_writers:
            yield

    @contextmanager
    def _read(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            yield session
