"""Silent clients against a real server, on loopback only: ``tiletally serve`` (plain HTTP, then
``--https``) while another process holds connections open and sends nothing (300 TCP connections;
under ``--https`` the same 300 never send a TLS hello, and 50 more finish the handshake and then
stay silent); a client meanwhile makes ordinary requests (the table's JSON and its page, in turn,
each on a new connection, as a phone that has just woken up does), at most ``--rate`` a second so
that it stays within the server's read budget. The attacker reopens every
connection the server closes, so the count stays held for the whole phase.

The same runs against the previous configuration in the same run, as the peer: waitress as
``serve`` started it before (its defaults: 100 connections, then it stops accepting; 120 s of
silence before a connection is closed, checked every 30 s) and, for ``--https``, Werkzeug's
threaded server with its threads capped and the handshake in the connection's thread (10 s).

    python benchmarks/bench_slow_clients.py [--seconds 10] [--silent 300] [--silent-tls 50]
                                            [--mode plain,https] [--timeout 10]

Prints, per server and phase (idle, then under attack), the ordinary requests' p50, p99 and
slowest latency and how many timed out (a request is given up after ``--timeout`` s and counted at
that time), and how many connections the attacker held. Target from issue 37: p99 under 1 s during
the attack, on plain HTTP and under ``--https``. Every phase is bounded by ``--seconds`` (and the
request under way when it ends).
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"

# How ``serve`` ran before: waitress with its defaults, or Werkzeug's threaded server for --https.
PREVIOUS = r'''
import ssl, sys, threading
from webapp.app import create_app
from webapp.cli_serve import self_signed_certificate
from pathlib import Path

data, port, https = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "https"
app = create_app({"DATA_DIR": data, "READER": False})
print("ready", flush=True)
if not https:
    import waitress
    waitress.serve(app, host="127.0.0.1", port=port, threads=8, ident="TileTally", _quiet=True)
    raise SystemExit
from werkzeug.serving import ThreadedWSGIServer, WSGIRequestHandler, load_ssl_context

class Handler(WSGIRequestHandler):
    timeout = 60

class Bounded(ThreadedWSGIServer):
    def __init__(self, *args, **kwargs):
        self.slots = threading.BoundedSemaphore(8)
        super().__init__(*args, **kwargs)
    def process_request(self, request, client_address):
        self.slots.acquire()
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise
    def process_request_thread(self, request, client_address):
        try:
            try:
                request.settimeout(10)
                request.do_handshake()
            except (OSError, ValueError):
                self.shutdown_request(request)
                return
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

cert, key = self_signed_certificate(Path(data) / "tls", "127.0.0.1")
context = load_ssl_context(str(cert), str(key))
server = Bounded("127.0.0.1", port, app, handler=Handler)
server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
server.ssl_context = context
server.serve_forever()
'''


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def client_context() -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)   # no certificate store: nothing to verify
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


class Server:
    """One server process on loopback: this code's ``serve``, or the previous configuration."""

    def __init__(self, previous: bool, https: bool) -> None:
        self.https = https
        self.port = free_port()
        self.folder = tempfile.mkdtemp(prefix="tiletally-slow-")
        env = dict(os.environ, PYTHONPATH=str(REPO))
        if previous:
            command = [sys.executable, "-c", PREVIOUS, self.folder, str(self.port),
                       "https" if https else "plain"]
        else:
            command = [sys.executable, "-m", "webapp", "serve", "--host", HOST, "--port", str(self.port),
                       "--data", self.folder, "--models", str(Path(self.folder) / "no-models")]
            command += ["--https"] if https else []
        self.process = subprocess.Popen(command, cwd=REPO, env=env, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)

    def connection(self, timeout: float) -> http.client.HTTPConnection:
        if self.https:
            return http.client.HTTPSConnection(HOST, self.port, timeout=timeout, context=CONTEXT)
        return http.client.HTTPConnection(HOST, self.port, timeout=timeout)

    def request(self, method: str, path: str, timeout: float, body: dict | None = None) -> tuple[int, bytes]:
        connection = self.connection(timeout)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def wait_ready(self) -> str:
        """Waits for the server to answer; returns a new table's edit token."""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                status, payload = self.request("POST", "/api/tables", 5, {"players": ["A", "B", "C", "D"]})
                if status == 201:
                    return json.loads(payload)["edit_token"]
            except OSError:
                pass
            time.sleep(0.2)
        raise SystemExit(f"the server on port {self.port} did not start")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


CONTEXT = client_context()


def ordinary_requests(server: Server, token: str, seconds: float, timeout: float,
                      rate: float) -> tuple[list[float], int]:
    """Latencies (ms) of ordinary requests for ``seconds``, the table's JSON and page in turn, and
    how many failed; a request is given up when one step of it (connecting, the handshake, the
    answer) takes over ``timeout`` and counts at the time it was given up. Requests start at most
    ``rate`` a second, as a client within the server's read budget (a 429 counts as failed)."""
    latencies, failed = [], 0
    paths = [f"/api/tables/{token}", f"/t/{token}"]
    end = time.monotonic() + seconds
    next_start = time.monotonic()
    while time.monotonic() < end:
        time.sleep(max(0.0, next_start - time.monotonic()))
        started = time.monotonic()
        next_start = started + 1 / rate
        try:
            status, _ = server.request("GET", paths[len(latencies) % 2], timeout)
            ok = status == 200
        except OSError:
            ok = False
        failed += 0 if ok else 1
        latencies.append((time.monotonic() - started) * 1000)
    return latencies, failed


def attack(port: int, https: bool, silent: int, silent_tls: int, seconds: float, held: object) -> None:
    """Hold ``silent`` connections that send nothing and ``silent_tls`` that finish the handshake
    and then send nothing, reopening each one the server closes, for ``seconds``. ``held`` (a
    shared value) is kept at the number of connections open."""
    end = time.monotonic() + seconds
    lock = threading.Lock()
    count = [0]

    def keep(tls: bool) -> None:
        while time.monotonic() < end:
            try:
                sock = socket.create_connection((HOST, port), timeout=5)
                if tls:
                    sock = CONTEXT.wrap_socket(sock)
            except OSError:
                time.sleep(0.2)
                continue
            with lock:
                count[0] += 1
                held.value = count[0]                       # type: ignore[attr-defined]
            sock.settimeout(0.5)
            try:
                while time.monotonic() < end:
                    try:
                        if not sock.recv(1024):             # closed by the server: open another
                            break
                    except TimeoutError:
                        continue
            except OSError:
                pass
            finally:
                sock.close()
                with lock:
                    count[0] -= 1
                    held.value = count[0]                   # type: ignore[attr-defined]

    threads = [threading.Thread(target=keep, args=(False,), daemon=True) for _ in range(silent)]
    if https:
        threads += [threading.Thread(target=keep, args=(True,), daemon=True) for _ in range(silent_tls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 10)


def line(name: str, latencies: list[float], failed: int, extra: str = "") -> str:
    return (f"  {name:<28} {len(latencies):4d} requests  p50 {percentile(latencies, 0.5):8.1f} ms  "
            f"p99 {percentile(latencies, 0.99):8.1f} ms  "
            f"slowest {max(latencies, default=float('nan')):8.1f} ms  "
            f"failed or timed out {failed}{extra}")


def measure(previous: bool, https: bool, args: argparse.Namespace) -> None:
    name = ("previous: " + ("Werkzeug TLS" if https else "waitress defaults")) if previous else \
        ("this code: serve --https" if https else "this code: serve")
    server = Server(previous, https)
    try:
        token = server.wait_ready()
        ordinary_requests(server, token, 2, args.timeout, args.rate)               # warm up
        latencies, failed = ordinary_requests(server, token, args.seconds, args.timeout, args.rate)
        print(line(f"{name}, idle", latencies, failed), flush=True)
        held = multiprocessing.Value("i", 0)
        attacker = multiprocessing.Process(target=attack, args=(
            server.port, https, args.silent, args.silent_tls, args.seconds + 5, held), daemon=True)
        attacker.start()
        wanted = args.silent + (args.silent_tls if https else 0)
        settle = time.monotonic() + 5
        while held.value < wanted and time.monotonic() < settle:
            time.sleep(0.1)
        holding = held.value
        latencies, failed = ordinary_requests(server, token, args.seconds, args.timeout, args.rate)
        print(line(f"{name}, attack", latencies, failed,
                   f"  (attacker held {holding} then {held.value} of {wanted})"), flush=True)
        attacker.join(args.seconds + 20)
        if attacker.is_alive():
            attacker.terminate()
    finally:
        server.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each phase")
    parser.add_argument("--silent", type=int, default=300, help="silent TCP connections (no TLS hello)")
    parser.add_argument("--silent-tls", type=int, default=50, help="silent connections after a handshake")
    parser.add_argument("--mode", default="plain,https")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds before a request is given up")
    parser.add_argument("--rate", type=float, default=15.0,
                        help="ordinary requests a second at most (the server allows 1,200 reads a minute)")
    args = parser.parse_args()
    for https in (False, True):
        if ("https" if https else "plain") not in args.mode.split(","):
            continue
        print(f"\n== {'--https' if https else 'plain HTTP'}: {args.silent} silent connections"
              + (f" that never say hello and {args.silent_tls} silent after the handshake" if https else "")
              + " ==", flush=True)
        for previous in (False, True):
            measure(previous, https, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
