"""Decompression bombs against a real server, on loopback only: ``tiletally serve`` (waitress, the
shipped model loaded when present) gets ``--count`` photo uploads at once, each a small file that
declares a large image (in turn: a 7000 x 7000 PNG, refused from its header; a square PNG at the
app's full-decode limit, read at full size; a 7000 x 7000 JPEG, decoded reduced; the same JPEG
progressive, refused from its header), while another client keeps requesting ordinary pages
(the table page and its JSON, in turn). Prints the server's peak and final memory (VmHWM / VmRSS
from /proc), the answers to the uploads, and the p50 and slowest latency of the ordinary
requests, idle first and then during the burst.

    python benchmarks/bench_uploads.py [--count 20] [--side 7000] [--https] [--threads N]

Target from issue 19: 20 parallel bomb uploads keep the server under 1 GB and other requests
answered within 1 s.
"""

from __future__ import annotations

import argparse
import http.client
import io
import json
import math
import multiprocessing
import os
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

from PIL import Image

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from webapp.app import DEFAULTS  # noqa: E402


def bomb(side: int, fmt: str, progressive: bool = False) -> bytes:
    out = io.BytesIO()
    options = {"quality": 50, "progressive": progressive} if fmt == "JPEG" else {}
    Image.new("RGB", (side, side), (30, 90, 40)).save(out, format=fmt, **options)
    return out.getvalue()


def memory_kb(pid: int) -> dict[str, int]:
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            out[key] = int(value.split()[0])
    return out


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# One client context for every connection: making a default context per request loads the
# system's certificate store each time, client CPU that would show up as server latency.
CLIENT_TLS = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
CLIENT_TLS.check_hostname = False
CLIENT_TLS.verify_mode = ssl.CERT_NONE


def connection(port: int, https: bool) -> http.client.HTTPConnection:
    if not https:
        return http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    return http.client.HTTPSConnection("127.0.0.1", port, timeout=300, context=CLIENT_TLS)


def call(port: int, https: bool, method: str, path: str, body: bytes | None = None,
         headers: dict | None = None) -> tuple[int, bytes]:
    conn = connection(port, https)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def timed(port: int, https: bool, path: str) -> float:
    """Seconds one ordinary GET took; a failed one counts as infinitely slow."""
    started = time.perf_counter()
    status, _ = call(port, https, "GET", path)
    return time.perf_counter() - started if status == 200 else float("inf")


def summary(latencies: list[float]) -> str:
    ordered = sorted(latencies)
    p50 = ordered[len(ordered) // 2]
    return f"{len(ordered)} answered, p50 {p50 * 1000:.0f} ms, max {ordered[-1] * 1000:.0f} ms"


def upload(port: int, https: bool, token: str, data: bytes, name: str) -> int:
    boundary = uuid.uuid4().hex
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"{name}\"\r\n"
            "Content-Type: application/octet-stream\r\n\r\n")
    body = head.encode() + data + f"\r\n--{boundary}--\r\n".encode()
    status, _ = call(port, https, "POST", f"/api/tables/{token}/photos", body,
                     {"Content-Type": f"multipart/form-data; boundary={boundary}"})
    return status


def burst(port: int, https: bool, token: str, files: dict[str, bytes], count: int,
          results: multiprocessing.Queue) -> None:
    """``count`` uploads at once, the kinds of bomb in turn; puts (answers by kind, seconds)."""
    answers: dict[str, list[int]] = {kind: [] for kind in files}

    def bomber(index: int) -> None:
        kind = list(files)[index % len(files)]
        name = "bomb.jpg" if kind.startswith("jpg") else "bomb.png"
        answers[kind].append(upload(port, https, token, files[kind], name))

    started = time.perf_counter()
    threads = [threading.Thread(target=bomber, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    results.put((answers, time.perf_counter() - started))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--side", type=int, default=7000)
    parser.add_argument("--https", action="store_true")
    parser.add_argument("--threads", type=int, default=None, help="serve --threads (default: serve's)")
    args = parser.parse_args()
    port = free_port()
    data_dir = tempfile.mkdtemp(prefix="tiletally-bombs-")
    command = [sys.executable, "-m", "webapp", "serve", "--port", str(port), "--data", data_dir]
    if args.https:
        command.append("--https")
    if args.threads:
        command += ["--threads", str(args.threads)]
    env = dict(os.environ, PYTHONPATH=str(REPO))
    server = subprocess.Popen(command, cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True)
    try:
        banner = server.stdout.readline().strip()           # printed once the model is loaded
        deadline = time.time() + 120
        while True:
            try:
                call(port, args.https, "GET", "/api/presets")
                break
            except OSError:
                if time.time() > deadline:
                    raise
                time.sleep(0.5)
        print(banner)
        status, body = call(port, args.https, "POST", "/api/tables",
                            json.dumps({"players": ["Ann", "Bob", "Cai", "Dee"]}).encode(),
                            {"Content-Type": "application/json"})
        token = json.loads(body)["edit_token"]
        pages = [f"/t/{token}", f"/api/tables/{token}"]
        idle_latencies = [timed(port, args.https, pages[i % 2]) for i in range(20)]
        idle = memory_kb(server.pid)
        limit = math.isqrt(DEFAULTS["MAX_FULL_DECODE_PIXELS"])
        files = {"png": bomb(args.side, "PNG"), "png_limit": bomb(limit, "PNG"),
                 "jpg": bomb(args.side, "JPEG"), "jpg_progressive": bomb(args.side, "JPEG", progressive=True)}
        print(f"bombs: {args.side} x {args.side} PNG {len(files['png']) / 1e3:.0f} KB, {limit} x {limit} PNG "
              f"{len(files['png_limit']) / 1e3:.0f} KB, {args.side} x {args.side} JPEG "
              f"{len(files['jpg']) / 1e3:.0f} KB and progressive "
              f"{len(files['jpg_progressive']) / 1e3:.0f} KB; server idle {idle['VmRSS'] / 1024:.0f} MB "
              f"(peak so far {idle['VmHWM'] / 1024:.0f} MB, the model's loading)")
        print(f"ordinary requests idle: {summary(idle_latencies)}")
        latencies: list[float] = []
        done = threading.Event()

        def ordinary() -> None:
            index = 0
            while not done.is_set():
                latencies.append(timed(port, args.https, pages[index % 2]))
                index += 1
                time.sleep(0.05)

        probe = threading.Thread(target=ordinary)
        probe.start()
        # The uploads come from another process, so the clients' own interpreter lock does not
        # delay the ordinary requests timed here.
        results: multiprocessing.Queue = multiprocessing.Queue()
        sender = multiprocessing.Process(target=burst, args=(port, args.https, token, files, args.count,
                                                             results))
        sender.start()
        answers, seconds = results.get(timeout=600)
        sender.join()
        done.set()
        probe.join()
        after = memory_kb(server.pid)
        counted = {kind: {code: codes.count(code) for code in sorted(set(codes))}
                   for kind, codes in answers.items()}
        print(f"{args.count} uploads in {seconds:.1f} s, answers {counted}")
        print(f"server memory: peak {after['VmHWM'] / 1024:.0f} MB, after {after['VmRSS'] / 1024:.0f} MB")
        print(f"ordinary requests during the burst: {summary(latencies)}")
    finally:
        server.terminate()
        server.wait(30)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
