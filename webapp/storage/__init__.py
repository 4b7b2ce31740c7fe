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

The modules: ``models`` (the database tables), ``database`` (URL, engine, migrations,
transactions), ``values`` (references, errors, name checks, tokens), ``loaded`` (a table read at
one version, paged), ``recent_pages`` (each table's newest page, kept from one write to the
next), ``store`` (tables, reads and writes), ``media`` (photos and pending hands in the database),
``transfer`` (export and import).
"""

from webapp.storage.database import DEFAULT_DB_PATH, MIGRATIONS_DIR, database_url, make_engine, upgrade
from webapp.storage.loaded import Loaded
from webapp.storage.models import (
    Base,
    EventRow,
    HandRow,
    PendingRow,
    PhotoRow,
    PlayerRow,
    RecordRow,
    SeatRow,
    SnapshotRow,
    TableRow,
)
from webapp.storage.store import Storage
from webapp.storage.transfer import EXPORT_FORMAT, EXPORT_FORMAT_VERSION, imported_score_problem
from webapp.storage.values import (
    NAME_LIMIT,
    ConflictError,
    StorageError,
    TableRef,
    check_text,
    hash_token,
    new_token,
)

__all__ = [
    "DEFAULT_DB_PATH", "EXPORT_FORMAT", "EXPORT_FORMAT_VERSION", "MIGRATIONS_DIR", "NAME_LIMIT", "Base",
    "ConflictError", "EventRow", "HandRow", "Loaded", "PendingRow", "PhotoRow", "PlayerRow", "RecordRow",
    "SeatRow", "SnapshotRow", "Storage", "StorageError", "TableRef", "TableRow", "check_text",
    "database_url", "hash_token", "imported_score_problem", "make_engine", "new_token", "upgrade",
]
