"""The server ``serve`` runs (plain and ``--https``): clients that connect and stay silent, never
finish a TLS handshake, or send their request a byte at a time must not keep anyone else waiting,
and each is closed at its deadline."""

from __future__ import annotations

import http.client
import json
import shutil
import socket
import ssl
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from webapp.app import create_app
from webapp.cli_serve import self_signed_certificate
from webapp.http_server import Deadlines, GuardedServer, make_server

ANSWER_WITHIN = 10      # seconds a client waits for its answer; stalled servers took 30-120 s
needs_openssl = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command")


class Running:
    """A server on loopback, run in a thread until the test ends."""

    def __init__(self, server: GuardedServer) -> None:
        self.server = server
        self.port = int(server.effective_port)
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()

    def _loop(self) -> None:
        while not self.stop.is_set():
            self.server.asyncore.loop(timeout=0.05, map=self.server._map, use_poll=True, count=1)
        self.server.task_dispatcher.shutdown()
        self.server.asyncore.close_all(self.server._map)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(10)


@pytest.fixture()
def start(tmp_path: Path) -> Iterator:  # type: ignore[type-arg]
    app = create_app({"DATA_DIR": str(tmp_path / "data"), "READER": False, "RATE_LIMITS_ENABLED": False})
    running: list[Running] = []

    def _start(tls: bool = False, **options) -> Running:  # type: ignore[no-untyped-def]
        context = None
        if tls:
            cert, key = self_signed_certificate(tmp_path / "tls", "127.0.0.1")
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(str(cert), str(key))
        server = Running(make_server(app, "127.0.0.1", 0, threads=2, tls=context, **options))
        running.append(server)
        return server

    yield _start
    for server in running:
        server.close()


def client_context() -> ssl.SSLContext:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def get(port: int, tls: bool = False, path: str = "/api/presets") -> http.client.HTTPResponse:
    if tls:
        connection: http.client.HTTPConnection = http.client.HTTPSConnection(
            "127.0.0.1", port, context=client_context(), timeout=ANSWER_WITHIN)
    else:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=ANSWER_WITHIN)
    connection.request("GET", path)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


def silent(port: int, count: int) -> list[socket.socket]:
    return [socket.create_connection(("127.0.0.1", port), timeout=ANSWER_WITHIN) for _ in range(count)]


def silent_tls(port: int, count: int) -> list[ssl.SSLSocket]:
    """Connections that finish the TLS handshake and then send nothing."""
    context = client_context()
    return [context.wrap_socket(socket.create_connection(("127.0.0.1", port), timeout=ANSWER_WITHIN))
            for _ in range(count)]


def closed_by_server(sock: socket.socket, within: float) -> bool:
    """Does the server close ``sock`` within ``within`` seconds (reading whatever it sends)?"""
    sock.settimeout(within)
    try:
        while sock.recv(4096):
            pass
    except TimeoutError:
        return False
    except OSError:
        return True
    return True


def test_silent_connections_beyond_the_limit_do_not_lock_out_an_answering_client(start) -> None:
    server = start(connection_limit=20)
    held = silent(server.port, 30)       # stock waitress stops accepting at its limit
    try:
        assert get(server.port).status == 200
        assert len(server.server.active_channels) <= 20
    finally:
        for sock in held:
            sock.close()


@needs_openssl
def test_silent_tls_connections_and_missing_hellos_do_not_hold_the_threads(start) -> None:
    server = start(tls=True)     # two threads
    held: list[socket.socket] = silent(server.port, 15)            # never say hello
    held += silent_tls(server.port, 15)                            # handshake, then silence
    try:
        response = get(server.port, tls=True)
        assert response.status == 200 and response.getheader("Server") == "TileTally"
    finally:
        for sock in held:
            sock.close()


def test_a_silent_connection_is_closed_at_its_head_deadline(start) -> None:
    server = start(deadlines=Deadlines(head=0.5))
    sock = silent(server.port, 1)[0]
    assert closed_by_server(sock, within=5)
    sock.close()


def test_a_request_head_sent_a_byte_at_a_time_is_cut_at_its_deadline(start) -> None:
    server = start(deadlines=Deadlines(head=1.0))
    sock = silent(server.port, 1)[0]
    head = b"GET /api/presets HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 200 + b"\r\n\r\n"
    started = time.monotonic()
    cut = False
    for byte in head:             # 0.05 s a byte: the whole head would take 12 s
        try:
            sock.sendall(bytes([byte]))
        except OSError:
            cut = True
            break
        time.sleep(0.05)
        if time.monotonic() - started > 6:
            break
    assert cut or closed_by_server(sock, within=1)
    sock.close()


def test_a_body_slower_than_the_minimum_rate_is_cut_and_a_steady_one_is_answered(start) -> None:
    server = start(deadlines=Deadlines(body=0.5, body_bytes_per_second=1000))
    sock = silent(server.port, 1)[0]
    sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 100000\r\n\r\n" + b" " * 100)
    assert closed_by_server(sock, within=5)        # 100 of 100,000 bytes, then nothing
    sock.close()
    response = get(server.port)
    assert response.status == 200


@needs_openssl
def test_a_missing_hello_is_closed_at_the_handshake_deadline_and_plain_http_is_refused(start) -> None:
    server = start(tls=True, deadlines=Deadlines(handshake=0.5))
    quiet = silent(server.port, 1)[0]
    assert closed_by_server(quiet, within=5)
    quiet.close()
    with socket.create_connection(("127.0.0.1", server.port), timeout=ANSWER_WITHIN) as plain:
        plain.sendall(b"GET /api/presets HTTP/1.0\r\n\r\n")
        try:
            answer = plain.recv(100)
        except ConnectionResetError:
            answer = b""
        assert b"HTTP/1" not in answer


@needs_openssl
def test_https_answers_large_bodies_both_ways_and_keeps_the_connection(start) -> None:
    server = start(tls=True)
    connection = http.client.HTTPSConnection("127.0.0.1", server.port, context=client_context(),
                                             timeout=ANSWER_WITHIN)
    names = ["N" * 80, "E" * 80, "S" * 80, "W" * 80]
    connection.request("POST", "/api/tables", body=(b'{"players": %s, "name": "%s"}' % (
        str(names).replace("'", '"').encode(), b"x" * 70)), headers={"Content-Type": "application/json"})
    created = connection.getresponse()
    token = json.loads(created.read())["edit_token"]
    assert created.status == 201
    for _ in range(3):          # the same connection, kept alive
        connection.request("GET", f"/api/tables/{token}")
        response = connection.getresponse()
        body = response.read()
        assert response.status == 200 and b"NNNN" in body
        assert response.getheader("Strict-Transport-Security")       # the app saw https
    connection.request("GET", "/api/openapi.yaml")                     # larger than a TLS record
    response = connection.getresponse()
    assert response.status == 200 and len(response.read()) > 16384
    connection.close()


@needs_openssl
def test_a_half_sent_request_holds_no_thread(start) -> None:
    server = start(tls=True)
    holders = silent_tls(server.port, 4)          # more than the two threads
    for holder in holders:
        holder.sendall(b"GET /api/presets HTTP/1.1\r\nHost: x\r\n")      # the head never ends
    try:
        assert get(server.port, tls=True).status == 200
    finally:
        for holder in holders:
            holder.close()
