"""Load on the web app and its storage, on loopback only: reads and score previews of a table at
10, 1,000 and 10,000 events, 1, 8 and 32 concurrent writers on one table, and importing a
10,000-event table, on SQLite and on PostgreSQL (a throw-away cluster from the Debian binaries,
as the storage tests start it; skipped with a message when they are missing).

Every phase runs for ``--seconds`` (bounded). Reads take the table sizes in turn, request by
request, for ``--seconds`` per size, so every size meets the same machine load and the printed
ratios (each size's p50 over the smallest size's) do not move with a load that shifts between
phases. The app is served by waitress in a child process on 127.0.0.1 with rate limits off (they
would answer the writers 429, which is their job). A writer posts a penalty with the version it
holds; after a 409 it goes on from the version the reply carries.

    python benchmarks/bench_storage.py [--seconds 5] [--db sqlite,postgres] [--events 10,1000,10000]

Prints writes/s, conflicts (409) and p50/p99 latencies per phase, and the app server's CPU per
acknowledged write (which, unlike writes/s, hardly depends on what else the machine is doing).
A read is ``GET /api/tables/EDIT``: the table with the newest 50 hands, and again with 10.
Targets from issue 19: reads and score previews at 10,000 events within 1.5x of 10 events;
8 writers >= 10 acknowledged writes/s; importing 10,000 events under 30 s.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.table.state import Table  # noqa: E402
from webapp.storage import EXPORT_FORMAT, EXPORT_FORMAT_VERSION, Storage  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cai", "Dee"]
PREVIEW = {"hand": "123m456m789m123p55p", "win_tile": "5p", "winner": 0, "discarder": 1}
PENALTY = {"type": "penalty", "deltas": [10, -10, 0, 0], "reason": "bench"}


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Client:
    """One keep-alive HTTP connection to the app on loopback."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def call(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        data = None if body is None else json.dumps(body)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        self.connection.request(method, path, body=data, headers=headers)
        response = self.connection.getresponse()
        payload = response.read()
        return response.status, (json.loads(payload) if payload else {})


def export_of(events: int) -> dict:
    """A table export with ``events`` penalties (penalties never end a game), totals included."""
    log = [dict(PENALTY) for _ in range(events)]
    table = Table("mcr", PLAYERS, {}, log)
    return {"format": EXPORT_FORMAT, "format_version": EXPORT_FORMAT_VERSION,
            "table": {"name": f"bench {events}", "rules": "mcr", "options": {}, "players": PLAYERS},
            "version": events, "events": [{"seq": i + 1, "event": e} for i, e in enumerate(log)],
            "totals": list(table.state.totals)}


def timed_loop(seconds: float, step) -> list[float]:  # type: ignore[no-untyped-def]
    latencies = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        started = time.perf_counter()
        step()
        latencies.append((time.perf_counter() - started) * 1000)
    return latencies


READS = {
    "read": ("GET", "/api/tables/{token}", None),
    # The same ten hands at every size: the default page shows 50 where a table has them, so
    # this is the read whose cost depends only on the table's length.
    "read 10 hands": ("GET", "/api/tables/{token}?limit=10", None),
    "preview": ("POST", "/api/tables/{token}/score", PREVIEW),
}


def reads(port: int, tokens: dict[int, str], seconds: float) -> dict[str, dict[int, list[float]]]:
    """Each kind of read for ``seconds`` per size, the sizes taken in turn request by request, so
    every size meets the same machine load (one size after another, a load that shifts between
    phases shows up as a ratio). One untimed round first warms every table."""
    client = Client(port)
    out: dict[str, dict[int, list[float]]] = {}
    for kind, (method, path, body) in READS.items():
        for token in tokens.values():
            client.call(method, path.format(token=token), body)
        latencies: dict[int, list[float]] = {size: [] for size in tokens}
        end = time.perf_counter() + seconds * len(tokens)
        while time.perf_counter() < end:
            for size, token in tokens.items():
                started = time.perf_counter()
                client.call(method, path.format(token=token), body)
                latencies[size].append((time.perf_counter() - started) * 1000)
        out[kind] = latencies
    return out


def cpu_seconds(pid: int) -> float:
    """User + system CPU the process has used (Linux /proc; NaN elsewhere): the app server's CPU
    per acknowledged write does not depend on how busy the rest of the machine is."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


def writers(port: int, storage: Storage, count: int, seconds: float, server_pid: int) -> dict[str, float]:
    token = storage.create_table("mcr", PLAYERS, name=f"writers {count}").edit_token
    acked: list[float] = []
    conflicts = [0]
    errors = [0]
    lock = threading.Lock()
    end = time.perf_counter() + seconds

    def work(index: int) -> None:
        client = Client(port)
        version = client.call("GET", f"/api/tables/{token}")[1]["version"]
        while time.perf_counter() < end:
            started = time.perf_counter()
            body = {"offender": index % 4, "points": 30, "reason": f"w{index}", "version": version}
            status, reply = client.call("POST", f"/api/tables/{token}/penalties", body)
            with lock:
                if status == 201:
                    acked.append((time.perf_counter() - started) * 1000)
                elif status == 409:
                    conflicts[0] += 1
                else:
                    errors[0] += 1
            # A 409 carries the table's current version, as a 201 does: the client goes on from it
            # (a penalty does not depend on the hands before it; a phone would show the new state).
            version = reply.get("version", version) if status in (201, 409) else \
                client.call("GET", f"/api/tables/{token}")[1]["version"]
        client.connection.close()

    started, cpu_before = time.perf_counter(), cpu_seconds(server_pid)
    threads = [threading.Thread(target=work, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed, cpu = time.perf_counter() - started, cpu_seconds(server_pid) - cpu_before
    final = Client(port).call("GET", f"/api/tables/{token}")[1]["version"]
    assert final == len(acked), f"{final} events stored but {len(acked)} acknowledged"
    return {"writes_s": len(acked) / elapsed, "acked": len(acked), "conflicts": conflicts[0],
            "errors": errors[0], "p50": percentile(acked, 0.5), "p99": percentile(acked, 0.99),
            "cpu_ms": cpu * 1000 / max(1, len(acked)), "cpu_share": cpu / elapsed}


SERVER = """
import sys, waitress
from webapp.app import create_app
app = create_app({"DATA_DIR": sys.argv[1], "DATABASE_URL": sys.argv[2], "READER": False,
                  "RATE_LIMITS_ENABLED": False})
print("ready", flush=True)
waitress.serve(app, host="127.0.0.1", port=int(sys.argv[3]), threads=40, _quiet=True)
"""


def run(name: str, url: str, seconds: float, sizes: list[int]) -> None:
    """The app in its own process (so the clients here do not share its interpreter lock)."""
    folder = Path(tempfile.mkdtemp(prefix="tiletally-bench-"))
    storage = Storage(url)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = dict(os.environ, PYTHONPATH=str(REPO))
    server = subprocess.Popen([sys.executable, "-c", SERVER, str(folder), url, str(port)], cwd=REPO, env=env,
                              stdout=subprocess.PIPE, text=True)
    try:
        server.stdout.readline()
        for _ in range(200):
            try:
                Client(port).call("GET", "/api/presets")
                break
            except OSError:
                time.sleep(0.1)
        print(f"\n== {name} ==")
        tokens, imports = {}, []
        for size in sizes:
            data = export_of(size)
            started = time.perf_counter()
            tokens[size] = storage.import_json(data).edit_token
            imports.append(f"{time.perf_counter() - started:.2f}")
        print(f"  import {' / '.join(map(str, sizes))} events: {' / '.join(imports)} s", flush=True)
        for kind, by_size in reads(port, tokens, seconds).items():
            first = percentile(by_size[sizes[0]], 0.5)
            line = []
            for size, values in by_size.items():
                p50 = percentile(values, 0.5)
                line.append(f"{size} events p50 {p50:.1f} ms p99 {percentile(values, 0.99):.1f} ms "
                            f"({p50 / first:.2f}x)")
            print(f"  {kind:<13} " + " | ".join(line), flush=True)
        for count in (1, 8, 32):
            result = writers(port, storage, count, seconds, server.pid)
            print(f"  {count:>2} writers: {result['writes_s']:6.1f} acknowledged writes/s "
                  f"({result['acked']} acked, {result['conflicts']} conflicts, {result['errors']} other) "
                  f"p50 {result['p50']:.1f} ms p99 {result['p99']:.1f} ms; app server CPU "
                  f"{result['cpu_ms']:.1f} ms per acknowledged write, {result['cpu_share']:.2f} cores",
                  flush=True)
    finally:
        server.terminate()
        server.wait(30)
        storage.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=5.0, help="length of each phase")
    parser.add_argument("--db", default="sqlite,postgres")
    parser.add_argument("--events", default="10,1000,10000")
    args = parser.parse_args()
    sizes = [int(n) for n in args.events.split(",")]
    if "sqlite" in args.db:
        folder = Path(tempfile.mkdtemp(prefix="tiletally-bench-db-"))
        run("SQLite", f"sqlite:///{folder / 'bench.sqlite3'}", args.seconds, sizes)
    if "postgres" in args.db:
        sys.path.insert(0, str(REPO / "tests" / "storage"))
        from conftest import PostgresServer, _pg_bin  # noqa: PLC0415 - the tests' throw-away cluster

        bin_dir = _pg_bin()
        if bin_dir is None:
            print("\n== PostgreSQL: skipped (no PostgreSQL binaries; apt-get install postgresql) ==")
            return 0
        server = PostgresServer(bin_dir)
        server.start()
        try:
            run("PostgreSQL", server.new_database(), args.seconds, sizes)
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
