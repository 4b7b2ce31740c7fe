"""Load on the web app and its storage, on loopback only: reads and score previews of a table at
10, 1,000 and 10,000 events, 1, 8 and 32 concurrent writers on one table, and importing a
10,000-event table, on SQLite and on PostgreSQL (a throw-away cluster from the Debian binaries,
as the storage tests start it; skipped with a message when they are missing).

Every phase runs for ``--seconds`` (bounded). Reads take the table sizes in turn, request by
request, for ``--seconds`` per size, so every size meets the same machine load and the printed
ratios (each size's p50 over the smallest size's) do not move with a load that shifts between
phases. The app is served as ``tiletally serve --threads 40`` serves it (``--threads``; half
of them may wait in a table's line of writers), in a child process on 127.0.0.1 with rate limits
off (they would answer the writers 429, which is their job). A writer posts a penalty with the
version it holds; after a 409 it goes on from the version the reply carries, either asking for a
fair turn (webapp.write_turns: it waits in the server, retries at once after a 409 and sleeps as
a 503 says) (``turns``) or at once, as before turns (``at once``, the peer).

    python benchmarks/bench_storage.py [--seconds 5] [--db sqlite,postgres] [--events 10,1000,10000]
        [--writers 1,8,32] [--threads 40] [--no-reads]

Prints writes/s, conflicts (409), p50/p99 latencies per phase (for writers: from a write's first
attempt to its acknowledgement, retries included; the worst writer's p99; how many writers got
nothing acknowledged), and the app server's CPU per acknowledged write (which, unlike writes/s,
hardly depends on what else the machine is doing).
A read is ``GET /api/tables/EDIT``: the table with the newest 50 hands, and again with 10.
Targets from issue 19: reads and score previews at 10,000 events within 1.5x of 10 events;
8 writers >= 10 acknowledged writes/s; importing 10,000 events under 30 s. From issue 37: with 32
writers on one table every writer gets its writes acknowledged within 2 s (p99).
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

from databases import each_database  # noqa: E402

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


def writers(port: int, storage: Storage, count: int, seconds: float, server_pid: int,
            turns: bool) -> dict[str, float]:
    """``count`` writers on one table for ``seconds``, each posting penalties one after another.
    A writer whose write loses (409) sends it again at the version the answer carries: at once
    (``turns`` False, as clients did before turns existed), or asking for a fair turn
    (webapp.write_turns) and waiting the time the answer suggests. A write's latency runs from its
    first attempt to its acknowledgement, retries included."""
    token = storage.create_table("mcr", PLAYERS, name=f"writers {count}").edit_token
    acked: list[float] = []
    unfinished: list[float] = []     # writes not yet acknowledged when the phase ended: time so far
    per_writer: list[list[float]] = [[] for _ in range(count)]
    acks_per_writer = [0] * count
    tally = {409: 0, 503: 0, "other": 0}
    lock = threading.Lock()
    end = time.perf_counter() + seconds

    def work(index: int) -> None:
        client = Client(port)
        version = client.call("GET", f"/api/tables/{token}")[1]["version"]
        while time.perf_counter() < end:
            started = time.perf_counter()
            turn: dict[str, int | None] = {"turn": None} if turns else {}
            attempts = 0
            while time.perf_counter() < end:
                attempts += 1
                body = {"offender": index % 4, "points": 30, "reason": f"w{index}", "version": version,
                        **turn}
                status, reply = client.call("POST", f"/api/tables/{token}/penalties", body)
                if status != 201:
                    with lock:
                        tally[status if status in tally else "other"] += 1
                # A 409 carries the table's current version, as a 201 does: the client goes on from it
                # (a penalty does not depend on the hands before it; a phone would show the new state).
                version = reply.get("version", version)
                if status == 201:
                    latency = (time.perf_counter() - started) * 1000
                    with lock:
                        acked.append(latency)
                        per_writer[index].append(latency)
                        acks_per_writer[index] += 1
                    break
                if status not in (409, 503):
                    version = client.call("GET", f"/api/tables/{token}")[1]["version"]
                if turns and "turn" in reply:
                    turn = {"turn": reply["turn"]}
                    time.sleep(reply.get("retry_after_ms", 0) / 1000)
            else:
                if not attempts:
                    break
                # Not acknowledged when the phase ended: its time until then. (After the end, a
                # line of writers that stopped drains slowly, the table held for retries that
                # never come; that wait is the bench's, not a writer's.)
                with lock:
                    unfinished.append((min(time.perf_counter(), end) - started) * 1000)
                    per_writer[index].append(unfinished[-1])
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
    # p99 over every write, an unfinished one counted at its time until the end (a lower bound)
    every = acked + unfinished
    return {"writes_s": len(acked) / elapsed, "acked": len(acked), "conflicts": tally[409],
            "waits": tally[503], "errors": tally["other"], "p50": percentile(every, 0.5),
            "p99": percentile(every, 0.99), "worst_writer_p99": max(percentile(v, 0.99) for v in per_writer),
            "unfinished": len(unfinished), "starved": acks_per_writer.count(0),
            "cpu_ms": cpu * 1000 / max(1, len(acked)), "cpu_share": cpu / elapsed}


SERVER = """
import sys
from webapp.app import create_app
from webapp.http_server import make_server
threads = int(sys.argv[4])
app = create_app({"DATA_DIR": sys.argv[1], "DATABASE_URL": sys.argv[2], "READER": False,
                  "RATE_LIMITS_ENABLED": False, "WRITE_WAITING": max(1, threads // 2)})
server = make_server(app, "127.0.0.1", int(sys.argv[3]), threads=threads)
print("ready", flush=True)
server.run()
"""


def run(name: str, url: str, seconds: float, sizes: list[int], *, threads: int, counts: list[int],
        with_reads: bool) -> None:
    """The app in its own process (so the clients here do not share its interpreter lock), served
    as ``tiletally serve --threads THREADS`` serves it."""
    folder = Path(tempfile.mkdtemp(prefix="tiletally-bench-"))
    storage = Storage(url)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = dict(os.environ, PYTHONPATH=str(REPO))
    server = subprocess.Popen([sys.executable, "-c", SERVER, str(folder), url, str(port), str(threads)],
                              cwd=REPO, env=env,
                              stdout=subprocess.PIPE, text=True)
    try:
        server.stdout.readline()
        for _ in range(200):
            try:
                Client(port).call("GET", "/api/presets")
                break
            except OSError:
                time.sleep(0.1)
        print(f"\n== {name} (server threads {threads}) ==")
        tokens, imports = {}, []
        for size in sizes:
            data = export_of(size)
            started = time.perf_counter()
            tokens[size] = storage.import_json(data).edit_token
            imports.append(f"{time.perf_counter() - started:.2f}")
        print(f"  import {' / '.join(map(str, sizes))} events: {' / '.join(imports)} s", flush=True)
        for kind, by_size in (reads(port, tokens, seconds) if with_reads else {}).items():
            first = percentile(by_size[sizes[0]], 0.5)
            line = []
            for size, values in by_size.items():
                p50 = percentile(values, 0.5)
                line.append(f"{size} events p50 {p50:.1f} ms p99 {percentile(values, 0.99):.1f} ms "
                            f"({p50 / first:.2f}x)")
            print(f"  {kind:<13} " + " | ".join(line), flush=True)
        for count in counts:
            for turns in (True, False):
                result = writers(port, storage, count, seconds, server.pid, turns)
                print(f"  {count:>2} writers, {'turns' if turns else 'at once'}: "
                      f"{result['writes_s']:6.1f} acknowledged writes/s ({result['acked']} acked, "
                      f"{result['conflicts']} conflicts, {result['waits']} told to wait, {result['errors']} "
                      f"other, {result['unfinished']} unfinished at the end); per write, retries included: "
                      f"p50 {result['p50']:.1f} ms p99 "
                      f"{result['p99']:.1f} ms, worst writer's p99 {result['worst_writer_p99']:.1f} ms, "
                      f"writers with nothing acknowledged {result['starved']}; app server CPU "
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
    parser.add_argument("--writers", default="1,8,32", help="writers on one table, phase by phase")
    parser.add_argument("--threads", type=int, default=40,
                        help="the server's threads (serve --threads: half may wait in writers' lines)")
    parser.add_argument("--no-reads", action="store_true", help="only the writers' phases")
    args = parser.parse_args()
    sizes = [int(n) for n in args.events.split(",")]
    counts = [int(n) for n in args.writers.split(",")]
    for name, url in each_database(args.db, "tiletally-bench-db-"):
        run(name, url, args.seconds, sizes, threads=args.threads, counts=counts, with_reads=not args.no_reads)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
