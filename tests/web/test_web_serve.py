"""The `serve` command: its options, and the self-signed certificate for --https."""

from __future__ import annotations

import json
import shutil
import ssl
import subprocess
import sys
from pathlib import Path

import pytest

from engine.families import presets
from webapp.cli import build_parser
from webapp.cli_serve import prepare_scoring, self_signed_certificate


def test_serve_defaults_and_options() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.https) == ("127.0.0.1", 8000, False)
    args = build_parser().parse_args(["serve", "--host", "0.0.0.0", "--port", "8443", "--https"])
    assert (args.host, args.port, args.https) == ("0.0.0.0", 8443, True)
    assert args.handler.__name__ == "serve"


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command")
def test_self_signed_certificate_is_made_once_and_loads(tmp_path: Path) -> None:
    cert, key = self_signed_certificate(tmp_path / "tls", "127.0.0.1")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(str(cert), str(key))      # a usable pair
    assert oct(key.stat().st_mode & 0o777) == "0o600"
    before = cert.read_bytes()
    assert self_signed_certificate(tmp_path / "tls", "127.0.0.1")[0].read_bytes() == before


def test_the_preparation_hand_wins_under_every_preset_of_four_sets_and_a_pair() -> None:
    # Only Taiwanese (sixteen tiles and a pair) has no use for a fourteen-tile hand.
    assert prepare_scoring() == sorted(name for name in presets() if name != "taiwanese")


# Run in a fresh interpreter: freezing this test session's objects would change how its collector
# treats every later test.
_FREEZE_CHECK = """
import gc, json
from webapp.cli_serve import prepare_and_freeze
prepare_and_freeze()
print(json.dumps({"frozen": gc.get_freeze_count(), "left": len(gc.get_objects())}))
"""


def test_the_prepared_tables_are_frozen_out_of_full_collections() -> None:
    # A full collection walks every object of generations 0-2 (gc.get_objects); the frozen ones
    # (the prepared tables among them) are no longer there.
    result = subprocess.run([sys.executable, "-c", _FREEZE_CHECK], capture_output=True, text=True,
                            check=True, cwd=Path(__file__).resolve().parents[2])
    counts = json.loads(result.stdout.splitlines()[-1])
    assert counts["frozen"] > 100_000
    assert counts["left"] < counts["frozen"] // 100
