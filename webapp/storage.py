"""Persistence for tables: players, tables, the event log and the hand records (SQLAlchemy 2).

The event log is the truth: a table's state is ``engine.table.state``'s fold of its events. So
that a read or a write need not replay the whole log, the state after the latest event is stored
beside it (``webapp.snapshot``), in the same transaction as that event, and rebuilt from the log
whenever it is missing or stale; a crash cannot leave the two disagreeing. Each event is written
in one transaction, together with its hand record (input, photo reference, detections,
corrections, score, payments), the snapshot and the table's version bump; the bump is conditional
on the version the writer read (optimistic locking), so of two writers on one table exactly one
succeeds and the other gets a ``ConflictError``.

SQLite (a file; the default) or PostgreSQL (``DATABASE_URL``). Opening a database upgrades it to
the newest Alembic revision in ``webapp/migrations``.

Tokens: each table has a secret edit token (only its SHA-256 is stored; the token is shown once,
when the table is created) and a separate read-only view token (stored, so an editor can share it).
"""

from __future__ import annotations

import csv
import hashlib
import importlib.util
import io
import os
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, relationship

from engine.families import score_json
from engine.table.events import TableError
from engine.table.state import HandRecord, Table, TableState, new_state
from webapp import snapshot

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
DEFAULT_DB_PATH = Path("data") / "tiletally.sqlite3"
EXPORT_FORMAT = "tiletally-table"
EXPORT_FORMAT_VERSION = 1


class StorageError(RuntimeError):
    """A storage request that cannot be served: an unknown table, a malformed import file."""


class ConflictError(StorageError):
    """The table changed since the writer read it: its version is not the one the writer holds."""

    def __init__(self, table_id: int, expected: int, actual: int | None) -> None:
        # The message is shown to players: no internal table id.
        now = "is being changed" if actual is None else f"is now at version {actual}"
        super().__init__(f"the table changed since you loaded it: you had version {expected}, "
                         f"it {now}; reload the table and enter the hand again")
        self.table_id = table_id
        self.expected = expected
        self.actual = actual


def _now() -> datetime:
    return datetime.now(timezone.utc)


# -- models --------------------------------------------------------------------------------------

class Base(DeclarativeBase):
    pass


class PlayerRow(Base):
    """A person who plays; the same name at several tables is the same player."""

    __tablename__ = "players"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class TableRow(Base):
    """A table (a session): its preset and option overrides, tokens and log version."""

    __tablename__ = "tables"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80), default="")
    rules: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict] = mapped_column(JSON, default=dict)
    edit_token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    view_token: Mapped[str] = mapped_column(String(64), unique=True)
    version: Mapped[int] = mapped_column(Integer, default=0)   # = number of events in the log
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    seats: Mapped[list[SeatRow]] = relationship(order_by="SeatRow.seat", lazy="selectin")


class SeatRow(Base):
    """Which player is A, B, C, D (the order they drew East, South, West, North for hand 1)."""

    __tablename__ = "table_players"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    player: Mapped[PlayerRow] = relationship(lazy="joined")


class EventRow(Base):
    """One event of a table's append-only log (engine.table.state's event dict, as JSON)."""

    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("table_id", "seq", name="uq_events_table_seq"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)          # 1, 2, ...; the engine's event id is seq - 1
    type: Mapped[str] = mapped_column(String(20))
    payload: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class HandRow(Base):
    """What was captured and settled for one event: the hand as entered, the photo and what the
    camera read, the player's corrections (labelled training data), the score and the payments.
    An amendment writes a new row for the same hand; the newest row describes it."""

    __tablename__ = "hands"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    event_seq: Mapped[int] = mapped_column(Integer)    # the event that wrote this row
    hand_seq: Mapped[int] = mapped_column(Integer)     # the event it describes (an amend's target)
    kind: Mapped[str] = mapped_column(String(20))
    input: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    photo_ref: Mapped[str | None] = mapped_column(String(200), nullable=True)
    detections: Mapped[list | dict | None] = mapped_column(JSON, nullable=True)
    corrections: Mapped[list | dict | None] = mapped_column(JSON, nullable=True)
    score: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    payments: Mapped[list] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class SnapshotRow(Base):
    """The table's state after its latest event (``webapp.snapshot``): derived from the log,
    written in the same transaction as each event, rebuilt from the log when it does not fit."""

    __tablename__ = "table_snapshots"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer)      # the table version this state is after
    head: Mapped[dict] = mapped_column(JSON)


class RecordRow(Base):
    """One settled record of the snapshot (position = its index in ``TableState.records``)."""

    __tablename__ = "table_records"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    record: Mapped[dict] = mapped_column(JSON)


class PhotoRow(Base):
    """A photo's bytes and its reading, when servers share the database (MEDIA_IN_DATABASE)."""

    __tablename__ = "photos"
    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    extension: Mapped[str] = mapped_column(String(8))
    data: Mapped[bytes] = mapped_column(LargeBinary)
    reading: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class PendingRow(Base):
    """The stable hand a camera pushed for a table, waiting for the declare page."""

    __tablename__ = "pending_hands"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    item: Mapped[dict] = mapped_column(JSON)


# -- values handed out ---------------------------------------------------------------------------

@dataclass(frozen=True)
class TableRef:
    """A table's identity. ``edit_token`` is only known right after creation (or when presented)."""

    id: int
    name: str
    rules: str
    view_token: str
    edit_token: str | None = None


class Loaded:
    """A table read at one version. ``head`` (totals, dealer, counters; no records) comes with it;
    the settled records (``state``), the raw ``log`` and the engine ``Table`` are read on first use,
    at the same version (events are append-only, so what the log held at a version never changes).
    """

    def __init__(self, ref: TableRef, version: int, head: TableState, overrides: Mapping[str, Any],
                 records: Callable[[], tuple[HandRecord, ...]], log: Callable[[], list[dict[str, Any]]],
                 state: TableState | None = None) -> None:
        self.ref = ref
        self.version = version
        self.head = replace(head, records=())
        self.overrides = dict(overrides)
        self._records = records
        self._log_reader = log
        self._state = state
        self._log: list[dict[str, Any]] | None = None
        self._table: Table | None = None
        self.stale = False              # read by a replay: the stored snapshot is missing or old
        self.record_count = len(head.records) if state is None else len(state.records)

    @property
    def state(self) -> TableState:
        """The full state: the head with every settled record."""
        if self._state is None:
            self._state = replace(self.head, records=self._records())
        return self._state

    @property
    def log(self) -> list[dict[str, Any]]:
        if self._log is None:
            self._log = self._log_reader()
        return self._log

    @property
    def table(self) -> Table:
        """The engine's Table over the raw log (a full replay: for the CLI and export)."""
        if self._table is None:
            self._table = Table(self.head.rules, self.head.players, self.overrides, self.log)
        return self._table

    def preview(self, event: Mapping[str, Any]) -> TableState:
        """The state ``event`` would lead to (TableError if it cannot happen); for a hand or a
        penalty its records are only the new one, at no cost in the table's length."""
        return snapshot.fold(self.head, self.version, event, self.head.rules, self.head.players,
                             self.overrides, lambda: self.log)


NAME_LIMIT = 80     # the players.name and tables.name columns; checked here so both databases agree


def check_text(value: object, what: str, limit: int = NAME_LIMIT) -> str:
    """A name as the database can store it on SQLite and PostgreSQL alike, or TableError naming
    the problem: text, at most ``limit`` characters, valid Unicode (no lone surrogate), no
    control characters (PostgreSQL cannot store NUL in text)."""
    if not isinstance(value, str):
        raise TableError(f"{what} must be text")
    if len(value) > limit:
        raise TableError(f"{what} is longer than {limit} characters")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise TableError(f"{what} is not valid Unicode text") from error
    if any(ord(char) < 32 or 127 <= ord(char) < 160 for char in value):
        raise TableError(f"{what} contains a control character")
    return value


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


# -- configuration -------------------------------------------------------------------------------

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

    PostgreSQL: REPEATABLE READ, so a transaction reads one snapshot (a concurrent writer's commit
    makes our conditional version bump fail with a serialization error, which is a conflict).
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


# -- the store -----------------------------------------------------------------------------------

class Storage:
    """Tables and their logs in one database. Every write is one transaction."""

    def __init__(self, url: str | None = None, *, migrate: bool = True) -> None:
        self.url = database_url(url)
        self.engine = make_engine(self.url)
        self._writer = self.engine.execution_options(sqlite_immediate=True)
        if migrate:
            upgrade(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def _write(self) -> Iterator[Session]:
        with Session(self._writer, expire_on_commit=False) as session, session.begin():
            yield session

    @contextmanager
    def _read(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            yield session

    # -- tables ---------------------------------------------------------------------------------
    def create_table(self, rules: str, players: Sequence[str], options: Mapping[str, Any] | None = None,
                     name: str = "") -> TableRef:
        """A new table; the engine validates the preset, options and names first."""
        for player in players:
            check_text(player, "a player's name")
        state = new_state(rules, players, options)
        name = check_text((name or "").strip(), "the table name")
        edit_token = new_token()
        player_ids = self._player_ids(state.players)
        with self._write() as session:
            row = self._insert_table(session, state, dict(options or {}), name, edit_token, player_ids)
            return TableRef(row.id, row.name, row.rules, row.view_token, edit_token)

    def _insert_table(self, session: Session, state: TableState, overrides: dict[str, Any], name: str,
                      edit_token: str, player_ids: Sequence[int]) -> TableRow:
        row = TableRow(name=name, rules=state.rules, options=overrides,
                       edit_token_hash=hash_token(edit_token), view_token=new_token(), version=0)
        session.add(row)
        session.flush()
        for seat, player_id in enumerate(player_ids):
            session.add(SeatRow(table_id=row.id, seat=seat, player_id=player_id))
        self._store_snapshot(session, row.id, 0, state, 0, 0)
        session.flush()
        return row

    def _player_ids(self, names: Sequence[str]) -> list[int]:
        """The players' ids, creating the names new to the database, safe against a concurrent
        creator of the same name: insert-or-nothing, then select, in its own short READ COMMITTED
        transaction (so the select sees a row another server committed a moment ago). A player
        is never deleted, so one created for a table whose creation then fails is harmless."""
        writer = self._writer
        if self.engine.dialect.name == "postgresql":
            writer = self.engine.execution_options(isolation_level="READ COMMITTED")
        dialect_insert = postgresql_insert if self.engine.dialect.name == "postgresql" else sqlite_insert
        rows = [{"name": name, "created_at": _now()} for name in names]
        with Session(writer) as session, session.begin():
            session.execute(dialect_insert(PlayerRow).values(rows)
                            .on_conflict_do_nothing(index_elements=["name"]))
            found = dict(session.execute(select(PlayerRow.name, PlayerRow.id)
                                         .where(PlayerRow.name.in_(list(names)))).all())
        return [found[name] for name in names]

    def list_tables(self) -> list[dict[str, Any]]:
        """Every table, newest first, without replaying (id, name, rules, players, version)."""
        with self._read() as session:
            rows = session.scalars(select(TableRow).order_by(TableRow.id.desc())).all()
            return [{"id": row.id, "name": row.name, "rules": row.rules, "version": row.version,
                     "players": [seat.player.name for seat in row.seats],
                     "created_at": row.created_at.isoformat() if row.created_at else None}
                    for row in rows]

    def latest_table_id(self) -> int | None:
        with self._read() as session:
            return session.scalars(select(TableRow.id).order_by(TableRow.id.desc()).limit(1)).first()

    def load(self, table_id: int, *, edit_token: str | None = None) -> Loaded:
        with self._read() as session:
            row = self._table_row(session, table_id)
            return self._loaded(session, row, edit_token)

    def state(self, table_id: int) -> TableState:
        return self.load(table_id).state

    def by_edit_token(self, token: str) -> Loaded | None:
        """The table this edit token opens, or None."""
        if not token:
            return None
        with self._read() as session:
            query = select(TableRow).where(TableRow.edit_token_hash == hash_token(token))
            row = session.scalars(query).first()
            return None if row is None else self._loaded(session, row, token)

    def by_view_token(self, token: str) -> Loaded | None:
        """The table this read-only token shows, or None."""
        if not token:
            return None
        with self._read() as session:
            row = session.scalars(select(TableRow).where(TableRow.view_token == token)).first()
            if row is None or not secrets.compare_digest(row.view_token, token):
                return None
            return self._loaded(session, row, None)

    def rotate_edit_token(self, table_id: int) -> str:
        """A new edit token for a table (the old one stops working); returned once."""
        token = new_token()
        with self._write() as session:
            row = self._table_row(session, table_id)
            row.edit_token_hash = hash_token(token)
        return token

    @staticmethod
    def _table_row(session: Session, table_id: int) -> TableRow:
        row = session.get(TableRow, table_id)
        if row is None:
            raise StorageError(f"no table {table_id}")
        return row

    @staticmethod
    def _log(session: Session, table_id: int, version: int | None = None) -> list[dict[str, Any]]:
        query = select(EventRow.payload).where(EventRow.table_id == table_id)
        if version is not None:
            query = query.where(EventRow.seq <= version)
        return [dict(payload) for payload in session.scalars(query.order_by(EventRow.seq)).all()]

    def _read_log(self, table_id: int, version: int) -> list[dict[str, Any]]:
        with self._read() as session:
            return self._log(session, table_id, version)

    def _read_records(self, table_id: int, version: int, count: int, rules: str, players: Sequence[str],
                      overrides: Mapping[str, Any]) -> tuple[HandRecord, ...]:
        """The snapshot's records, if the snapshot is still at ``version``; else (an undo or an
        amendment rewrote them since) the records replayed from the log at that version."""
        with self._read() as session:
            snap = session.get(SnapshotRow, table_id)
            if snap is not None and snap.version == version:
                rows = session.scalars(select(RecordRow.record).where(RecordRow.table_id == table_id)
                                       .where(RecordRow.position < count)
                                       .order_by(RecordRow.position)).all()
                if len(rows) == count:
                    return tuple(snapshot.record_from_json(row) for row in rows)
            log = self._log(session, table_id, version)
        return snapshot.normalised(Table(rules, players, overrides, log).state.records)

    def _loaded(self, session: Session, row: TableRow, edit_token: str | None) -> Loaded:
        """The table at its current version: from the snapshot when it fits, else replayed from
        the log (``Loaded.stale`` then tells a writer to store a fresh snapshot)."""
        players = [seat.player.name for seat in row.seats]
        ref = TableRef(row.id, row.name, row.rules, row.view_token, edit_token)
        table_id, version, rules, overrides = row.id, row.version, row.rules, dict(row.options or {})
        snap = session.get(SnapshotRow, row.id)
        found = None
        if snap is not None and snap.version == row.version:
            found = snapshot.head_from_json(snap.head, rules, players, overrides)
        if found is not None:
            head, count = found
            loaded = Loaded(ref, version, head, overrides,
                            records=lambda: self._read_records(table_id, version, count, rules, players,
                                                               overrides),
                            log=lambda: self._read_log(table_id, version))
            loaded.record_count = count
            return loaded
        log = self._log(session, row.id)
        if len(log) != row.version:
            raise StorageError(f"table {row.id}: {len(log)} events but version {row.version}")
        state = Table(rules, players, overrides, log).state
        state = replace(state, records=snapshot.normalised(state.records))
        loaded = Loaded(ref, version, state, overrides, records=lambda: state.records, log=lambda: log,
                        state=state)
        loaded.stale = True
        return loaded

    @staticmethod
    def _store_snapshot(session: Session, table_id: int, version: int, state: TableState,
                        first_position: int, count: int) -> None:
        """The snapshot after ``version``: the head, and ``state.records`` stored from
        ``first_position`` on (every later stored record is replaced)."""
        session.execute(delete(RecordRow).where(RecordRow.table_id == table_id,
                                                RecordRow.position >= first_position))
        rows = [{"table_id": table_id, "position": first_position + index,
                 "record": snapshot.record_to_json(record)} for index, record in enumerate(state.records)]
        if rows:
            session.execute(insert(RecordRow), rows)
        head = snapshot.head_to_json(state, count)
        snap = session.get(SnapshotRow, table_id)
        if snap is None:
            session.add(SnapshotRow(table_id=table_id, version=version, head=head))
        else:
            snap.version, snap.head = version, head

    def _version_now(self, table_id: int) -> int | None:
        """The table's committed version after a lost race (None if even that cannot be read)."""
        try:
            with self._read() as session:
                return session.scalar(select(TableRow.version).where(TableRow.id == table_id))
        except OperationalError:
            return None

    # -- writing events -------------------------------------------------------------------------
    def record(self, table_id: int, version: int, event: Mapping[str, Any], *,
               photo_ref: str | None = None, detections: Any = None, corrections: Any = None) -> Loaded:
        """Append one event if the table is still at ``version``; returns the table after it.

        In one transaction: read the table's snapshot, let the engine check and apply the event
        (TableError if it cannot happen), bump the version only if it is still ``version`` (else
        ConflictError), insert the event and its hand record, and store the new snapshot. A hand
        or a penalty costs the same at any length of log; an undo or an amendment replays it.
        """
        try:
            with self._write() as session:
                row = self._table_row(session, table_id)
                if row.version != version:
                    raise ConflictError(table_id, version, row.version)
                loaded = self._loaded(session, row, None)
                rewrites = event.get("type") in snapshot.REWRITES_HISTORY
                state = snapshot.fold(loaded.head, version, event, row.rules, loaded.head.players,
                                      loaded.overrides, lambda: self._log(session, table_id))
                bumped = session.execute(
                    update(TableRow).where(TableRow.id == table_id, TableRow.version == version)
                    .values(version=version + 1))
                if bumped.rowcount != 1:
                    raise ConflictError(table_id, version, None)
                seq = version + 1
                payload = dict(event)
                session.add(EventRow(table_id=table_id, seq=seq, type=str(payload.get("type")),
                                     payload=payload))
                hand = self._hand_row(table_id, seq, payload, state, photo_ref, detections, corrections)
                if hand is not None:
                    session.add(hand)
                if rewrites:
                    full = replace(state, records=snapshot.normalised(state.records))
                    self._store_snapshot(session, table_id, seq, full, 0, len(full.records))
                elif loaded.stale:
                    full = replace(state, records=loaded.state.records + snapshot.normalised(state.records))
                    self._store_snapshot(session, table_id, seq, full, 0, len(full.records))
                else:
                    count = loaded.record_count
                    full = None
                    self._store_snapshot(session, table_id, seq, state, count, count + len(state.records))
                session.flush()
        except IntegrityError as error:            # another writer took this seq first
            raise ConflictError(table_id, version, self._version_now(table_id)) from error
        except OperationalError as error:
            # SQLite gave up waiting for the write lock, or PostgreSQL saw a concurrent update.
            if "locked" in str(error).lower() or getattr(error.orig, "pgcode", None) == "40001":
                raise ConflictError(table_id, version, self._version_now(table_id)) from error
            raise
        ref = loaded.ref
        if full is not None:
            return Loaded(ref, seq, full, loaded.overrides, records=lambda: full.records,
                          log=lambda: self._read_log(table_id, seq), state=full)
        head, players, overrides = state, list(state.players), loaded.overrides
        return Loaded(ref, seq, head, overrides,
                      records=lambda: self._read_records(table_id, seq, count + 1, head.rules, players,
                                                         overrides),
                      log=lambda: self._read_log(table_id, seq))

    @staticmethod
    def _hand_row(table_id: int, seq: int, payload: Mapping[str, Any], state: TableState,
                  photo_ref: str | None, detections: Any, corrections: Any) -> HandRow | None:
        kind = payload.get("type")
        if kind == "undo":
            return None
        described = payload.get("event") if kind == "amend" else payload
        hand_seq = int(payload["target"]) + 1 if kind == "amend" else seq
        record = next((r for r in reversed(state.records) if r.event_id == hand_seq - 1), None)
        return HandRow(table_id=table_id, event_seq=seq, hand_seq=hand_seq,
                       kind=record.kind if record else str(described.get("type")),
                       input=described.get("hand"), photo_ref=photo_ref or described.get("photo"),
                       detections=detections, corrections=corrections, score=described.get("score"),
                       payments=list(record.deltas) if record else [0, 0, 0, 0])

    def undo(self, table_id: int, version: int) -> Loaded:
        return self.record(table_id, version, {"type": "undo"})

    def amend(self, table_id: int, version: int, event_id: int, event: Mapping[str, Any],
              **hand: Any) -> Loaded:
        """Replace past event ``event_id``; every later hand is recomputed on the next read."""
        amendment = {"type": "amend", "target": event_id, "event": dict(event)}
        return self.record(table_id, version, amendment, **hand)

    def hands(self, table_id: int) -> list[dict[str, Any]]:
        """The hand records of the events that count now, in order, joined with their settlement."""
        loaded = self.load(table_id)
        with self._read() as session:
            rows = session.scalars(select(HandRow).where(HandRow.table_id == table_id)
                                   .order_by(HandRow.event_seq)).all()
            newest = {row.hand_seq: row for row in rows}
        out = []
        for record in loaded.state.records:
            row = newest.get(record.event_id + 1)
            item = record.to_dict()
            if row is not None:
                item.update(input=row.input, photo_ref=row.photo_ref, detections=row.detections,
                            corrections=row.corrections, score=row.score, stored_payments=row.payments)
            out.append(item)
        return out

    # -- photos and pending hands kept in the database (servers sharing it see them) ----------
    def save_photo(self, table_id: int, photo_id: str, extension: str, data: bytes,
                   reading: Mapping[str, Any] | None) -> None:
        """One photo with its reading, in one transaction: a crash stores both or neither."""
        with self._write() as session:
            session.add(PhotoRow(id=photo_id, table_id=table_id, extension=extension, data=data,
                                 reading=dict(reading) if reading is not None else None))

    def photo(self, table_id: int, photo_id: str) -> tuple[str, bytes, dict[str, Any] | None] | None:
        """(extension, bytes, reading) of a photo of this table, or None."""
        with self._read() as session:
            row = session.get(PhotoRow, photo_id)
            if row is None or row.table_id != table_id:
                return None
            return row.extension, bytes(row.data), row.reading

    def has_photo(self, table_id: int, photo_id: str) -> bool:
        with self._read() as session:
            found = session.scalar(select(PhotoRow.table_id).where(PhotoRow.id == photo_id))
            return found == table_id

    def push_pending(self, table_id: int, item: Mapping[str, Any]) -> None:
        """Replace the table's pending hand (the newest stable reading wins)."""
        with self._write() as session:
            row = session.get(PendingRow, table_id)
            if row is None:
                session.add(PendingRow(table_id=table_id, item=dict(item)))
            else:
                row.item = dict(item)

    def pending(self, table_id: int) -> dict[str, Any] | None:
        with self._read() as session:
            row = session.get(PendingRow, table_id)
            return None if row is None else dict(row.item)

    # -- export and import ----------------------------------------------------------------------
    def export_json(self, table_id: int) -> dict[str, Any]:
        """Everything needed to rebuild the table elsewhere: its settings, the raw log (with the
        hand records' captures) and, for checking, the replayed hands and totals."""
        loaded = self.load(table_id)
        with self._read() as session:
            rows = session.scalars(select(HandRow).where(HandRow.table_id == table_id)).all()
            captures = {row.event_seq: {"photo_ref": row.photo_ref, "detections": row.detections,
                                        "corrections": row.corrections} for row in rows}
        state = loaded.state
        return {
            "format": EXPORT_FORMAT, "format_version": EXPORT_FORMAT_VERSION,
            "table": {"name": loaded.ref.name, "rules": state.rules, "options": loaded.table.overrides,
                      "players": list(state.players)},
            "version": loaded.version,
            "events": [{"seq": index + 1, "event": event, **captures.get(index + 1, {})}
                       for index, event in enumerate(loaded.table.log)],
            "hands": [record.to_dict() for record in state.records],
            "totals": list(state.totals),
        }

    def export_csv(self, table_id: int) -> str:
        """One row per settled event: hand, what happened, each player's change and total."""
        state = self.load(table_id).state
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["event", "hand", "label", "kind", "summary"]
                        + [f"{name} change" for name in state.players]
                        + [f"{name} total" for name in state.players])
        for record in state.records:
            writer.writerow([record.event_id + 1, record.hand_number, record.label, record.kind,
                             record.summary, *record.deltas, *record.totals])
        writer.writerow(["", "", "", "total", "", *([""] * 4), *state.totals])
        return out.getvalue()

    def import_json(self, data: Mapping[str, Any], name: str | None = None) -> TableRef:
        """A new table from ``export_json`` output, written in one transaction, or StorageError.

        Everything is checked before the write starts (so the write lock is held only for the
        inserts, not while the engine works): every hand with tiles is scored again and must have
        the score the file says; the replayed totals must match the file's ``totals`` and its
        ``hands`` records, and a file that carries neither is refused. The fold is linear in the
        number of events (an undo or amendment replays up to it).
        """
        if not isinstance(data, Mapping) or data.get("format") != EXPORT_FORMAT:
            raise StorageError(f"not a {EXPORT_FORMAT} export")
        if data.get("format_version") != EXPORT_FORMAT_VERSION:
            raise StorageError(f"unsupported export version {data.get('format_version')!r}")
        settings = data.get("table") or {}
        entries = data.get("events") or []
        if not isinstance(settings, Mapping) or not isinstance(entries, list) \
                or not all(isinstance(entry, Mapping) for entry in entries):
            raise StorageError("the file's table must be an object and its events a list of objects")
        log = [entry.get("event") for entry in entries]
        if not all(isinstance(event, Mapping) for event in log):
            raise StorageError("every exported event must be an object")
        table_name = check_text(name if name is not None else str(settings.get("name") or ""),
                                "the table name")
        rules, players = settings.get("rules"), settings.get("players") or []
        overrides = dict(settings.get("options") or {})
        for player in players:
            check_text(player, "a player's name")
        start = new_state(rules, players, overrides)
        for seq, item in enumerate(log, start=1):
            problem = imported_score_problem(item, overrides)
            if problem:
                raise StorageError(f"event {seq}: {problem}")
        states = []
        try:
            for state in snapshot.states_after_each(rules, start.players, overrides, log):
                states.append(state)
        except TableError as error:
            raise StorageError(f"event {len(states) + 1}: {error}") from error
        final = states[-1] if states else start
        _check_imported_totals(data, final)
        final = replace(final, records=snapshot.normalised(final.records))
        edit_token = new_token()
        player_ids = self._player_ids(start.players)
        with self._write() as session:
            row = self._insert_table(session, start, overrides, table_name, edit_token, player_ids)
            events, hands = [], []
            for seq, (entry, event, state) in enumerate(zip(entries, log, states, strict=True), start=1):
                events.append({"table_id": row.id, "seq": seq, "type": str(event.get("type")),
                               "payload": dict(event), "created_at": _now()})
                hand = self._hand_row(row.id, seq, event, state, entry.get("photo_ref"),
                                      entry.get("detections"), entry.get("corrections"))
                if hand is not None:
                    hands.append(hand)
            if events:
                session.execute(insert(EventRow), events)
            session.add_all(hands)
            self._store_snapshot(session, row.id, len(log), final, 0, len(final.records))
            row.version = len(log)
            session.flush()
            return TableRef(row.id, row.name, row.rules, row.view_token, edit_token)


def _check_imported_totals(data: Mapping[str, Any], final: TableState) -> None:
    """The replayed result must be what the file says it is: its totals, its hands, or both."""
    totals, hands = data.get("totals"), data.get("hands")
    if totals is None and hands is None:
        raise StorageError("the file has neither totals nor hands to check its events against")
    if totals is not None and list(final.totals) != list(totals if isinstance(totals, list) else [totals]):
        raise StorageError(f"the file's totals {totals} do not match its events ({list(final.totals)})")
    if hands is not None:
        replayed = [[record.event_id, list(record.deltas), list(record.totals)] for record in final.records]
        given = [[h.get("event_id"), h.get("deltas"), h.get("totals")] if isinstance(h, Mapping) else h
                 for h in (hands if isinstance(hands, list) else [hands])]
        if given != replayed:
            raise StorageError("the file's hands do not match its events (payments or totals differ)")


MAX_SCORE_TOTAL = 10_000_000   # far above any real hand's points or fan; a larger total is forged


def imported_score_problem(event: Mapping[str, Any], overrides: Mapping[str, Any]) -> str | None:
    """Why an imported event's score cannot be trusted, or None: a hand with tiles must score what
    the file says when the engine scores it again, and no score may be out of all proportion."""
    kind = event.get("type")
    if kind == "amend":     # the replacement and the later wins it scored again
        rescored = event.get("rescored") if isinstance(event.get("rescored"), list) else []
        inner = [event.get("event")] + [item.get("event") for item in rescored if isinstance(item, Mapping)]
        return next((problem for problem in (imported_score_problem(one, overrides) for one in inner
                                             if isinstance(one, Mapping)) if problem), None)
    if kind != "win":
        return None
    claims = event.get("claims") or [event]
    if not isinstance(claims, list):
        return "claims must be a list"
    for claim in claims:
        if not isinstance(claim, Mapping):
            return "each claim must be an object"
        score, hand = claim.get("score"), claim.get("hand")
        if not isinstance(score, Mapping):
            return "a win needs its score as an object"
        total = score.get("total") or 0
        if isinstance(total, bool) or not isinstance(total, int) or abs(total) > MAX_SCORE_TOTAL:
            return f"the score total {total!r} is not a possible hand"
        if isinstance(hand, Mapping) and hand.get("hand"):
            again = score_json({**hand, "options": dict(overrides)})
            if not again.get("ok"):
                return f"its hand cannot be scored: {again.get('error')}"
            for key in ("valid", "meets_minimum", "total"):
                if again.get(key) != score.get(key):
                    return (f"its stored score ({key} {score.get(key)!r}) is not what its tiles score "
                            f"({again.get(key)!r})")
    return None
