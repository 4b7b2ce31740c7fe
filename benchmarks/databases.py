"""The databases the storage benches run on: a SQLite file in a temporary folder, and a throw-away
PostgreSQL cluster from the Debian binaries, as the storage tests start it (skipped with a message
where the binaries are missing)."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def each_database(names: str, prefix: str) -> Iterator[tuple[str, str]]:
    """(title, database URL) for each of ``names`` ("sqlite,postgres"), in that order; a
    PostgreSQL cluster lives until the caller asks for the next database."""
    if "sqlite" in names:
        folder = Path(tempfile.mkdtemp(prefix=prefix))
        yield "SQLite", f"sqlite:///{folder / 'bench.sqlite3'}"
    if "postgres" in names:
        sys.path.insert(0, str(REPO / "tests" / "storage"))
        from conftest import PostgresServer, _pg_bin  # noqa: PLC0415 - the tests' throw-away cluster

        bin_dir = _pg_bin()
        if bin_dir is None:
            print("\n== PostgreSQL: skipped (no PostgreSQL binaries; apt-get install postgresql) ==")
            return
        server = PostgresServer(bin_dir)
        server.start()
        try:
            yield "PostgreSQL", server.new_database()
        finally:
            server.stop()
