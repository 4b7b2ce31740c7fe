"""``serve --https``: a client that connects and never starts TLS must not stop the server
accepting everyone else (the handshake runs in the connection's own thread, with a time limit)."""

from __future__ import annotations

import http.client
import shutil
import socket
import ssl
import threading
from pathlib import Path

import pytest

from webapp.app import create_app
from webapp.cli_serve import self_signed_certificate
from webapp.tls_server import bounded_tls_server

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command")


@pytest.fixture()
def tls_server(tmp_path: Path):  # type: ignore[no-untyped-def]
    app = create_app({"DATA_DIR": str(tmp_path / "data"), "READER": False})
    cert, key = self_signed_certificate(tmp_path / "tls", "127.0.0.1")
    server = bounded_tls_server("127.0.0.1", 0, app, (str(cert), str(key)), 2)
    runner = threading.Thread(target=server.serve_forever, daemon=True)
    runner.start()
    yield server
    server.shutdown()
    server.server_close()


def get(port: int, path: str = "/api/presets") -> http.client.HTTPResponse:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    connection = http.client.HTTPSConnection("127.0.0.1", port, context=context, timeout=20)
    connection.request("GET", path)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


def test_a_silent_connection_does_not_stop_the_server_accepting_others(tls_server) -> None:
    port = tls_server.server_address[1]
    silent = socket.create_connection(("127.0.0.1", port))     # connects, never says hello
    try:
        response = get(port)
        assert response.status == 200
    finally:
        silent.close()


def test_the_scheme_is_still_https_and_a_plain_http_request_is_dropped(tls_server) -> None:
    port = tls_server.server_address[1]
    with socket.create_connection(("127.0.0.1", port), timeout=20) as plain:
        plain.sendall(b"GET /api/presets HTTP/1.0\r\n\r\n")
        assert b"HTTP/1" not in plain.recv(100)
    response = get(port, "/")
    assert response.status == 200
    assert response.getheader("Strict-Transport-Security")        # sent on HTTPS only
