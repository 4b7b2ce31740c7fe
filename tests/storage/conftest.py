"""Database fixtures for the storage suite: every test runs on SQLite and on a real PostgreSQL.

The PostgreSQL server is the Debian ``postgresql`` package's binaries: a throw-away cluster is made
with ``initdb`` in a temporary folder, started on a free port on 127.0.0.1 (as the ``postgres``
user when we are root: the server refuses to run as root), and stopped and removed at the end of
the session. Each test gets a fresh database in it. Without the binaries the PostgreSQL runs are
skipped with a message, except under CI=true, where that is a failure.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from webapp.storage import Storage


def _pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[4]))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _as_server_user(args: list[str], user: str | None) -> list[str]:
    return ["runuser", "-u", user, "--", *args] if user else args


class PostgresServer:
    """A temporary PostgreSQL cluster; ``new_database()`` hands out an empty database URL."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin_dir = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="tiletally-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.user = None
        if os.geteuid() == 0:
            try:
                pwd.getpwnam("postgres")
            except KeyError as error:
                raise RuntimeError("running as root but there is no 'postgres' user to run the server") \
                    from error
            self.user = "postgres"
            shutil.chown(self.root, "postgres")
        self.count = 0

    def run(self, *args: str) -> None:
        subprocess.run(_as_server_user([str(self.bin_dir / args[0]), *args[1:]], self.user),
                       check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        self.run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                 "--no-sync")
        options = (f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off "
                   "-c full_page_writes=off -c max_connections=50")
        self.run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.root / "server.log"),
                 "-w", "-t", "60", "start")

    def stop(self) -> None:
        try:
            self.run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def new_database(self) -> str:
        import psycopg2

        self.count += 1
        name = f"tiletally_test_{self.count}"
        connection = psycopg2.connect(host="127.0.0.1", port=self.port, user="postgres", dbname="postgres")
        connection.autocommit = True
        with connection.cursor() as cursor:
            cursor.execute(f"CREATE DATABASE {name}")
        connection.close()
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    bin_dir = _pg_bin()
    if bin_dir is None:
        message = ("PostgreSQL binaries not found (apt-get install postgresql); "
                   "PostgreSQL storage tests skipped")
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message.replace("skipped", "required under CI"))
        pytest.skip(message)
    server = PostgresServer(bin_dir)
    try:
        server.start()
    except (subprocess.CalledProcessError, RuntimeError) as error:
        detail = getattr(error, "stderr", b"") or b""
        text = f"could not start PostgreSQL: {error} {detail.decode(errors='replace')}"
        log = server.root / "server.log"
        if log.exists():
            text += log.read_text(errors="replace")[-2000:]
        try:
            server.stop()
        except subprocess.CalledProcessError:
            pass
        pytest.fail(text)
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: a SQLite file, or a fresh database on the session's PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tiletally.sqlite3'}"
    return request.getfixturevalue("postgres_server").new_database()


@pytest.fixture
def storage(db_url: str) -> Iterator[Storage]:
    store = Storage(db_url)
    yield store
    store.close()
