"""``tiletally serve``: run the web app (on http://127.0.0.1:8000 by default).

Phones only allow a live camera on HTTPS pages, so ``--https`` makes a self-signed certificate
locally (with the system's ``openssl``; nothing is downloaded) and serves TLS. Plain HTTP still
takes photos through the file input's camera capture. Both are the same server
(``webapp.http_server``: waitress, with deadlines for slow and silent clients). The model is
loaded once here, before the first request.
"""

from __future__ import annotations

import argparse
import gc
import shutil
import socket
import ssl
import subprocess
import threading
from pathlib import Path

from webapp.languages import _

CERT_DAYS = 825


def register(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = commands.add_parser("serve", help=_("run the web app"),
                                 description=_("Run the web app (waitress on http://127.0.0.1:8000 by "
                                               "default). Phones allow a live camera on HTTPS pages "
                                               "only: --https makes a self-signed certificate here "
                                               "(with openssl) and serves TLS."))
    parser.add_argument("--host", default="127.0.0.1",
                        help=_("address to listen on; 0.0.0.0 lets phones on the same network connect"))
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--https", action="store_true", help=_("serve HTTPS with a self-signed certificate"))
    parser.add_argument("--data", default="data", help=_("data folder: SQLite database, photos, certificate"))
    parser.add_argument("--database-url", default=None,
                        help=_("SQLAlchemy URL (default: $DATABASE_URL, else SQLite in the data folder)"))
    parser.add_argument("--media-in-database", action="store_true", default=None,
                        help=_("keep photos and pending camera hands in the database, so several servers "
                             "sharing one PostgreSQL all see them (default: files in the data folder)"))
    parser.add_argument("--models", default=None, help=_("folder with vision.json and the ONNX models"))
    parser.add_argument("--threads", type=int, default=8,
                        help=_("requests served at once (under --https too; more wait their turn)"))
    parser.set_defaults(handler=serve)


def self_signed_certificate(folder: Path, host: str) -> tuple[Path, Path]:
    """A certificate and key in ``folder`` (made once, reused after), valid for this host's names."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    if cert.is_file() and key.is_file():
        return cert, key
    openssl = shutil.which("openssl")
    if openssl is None:
        raise SystemExit(_("--https needs the openssl command (Debian package 'openssl')"))
    folder.mkdir(parents=True, exist_ok=True)
    names = {"localhost", socket.gethostname()}
    addresses = {"127.0.0.1"}
    if host not in ("0.0.0.0", "::", ""):
        (addresses if host.replace(".", "").isdigit() else names).add(host)
    else:
        addresses.update(_local_addresses())
    alt = ",".join([f"DNS:{name}" for name in sorted(names)] + [f"IP:{ip}" for ip in sorted(addresses)])
    subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-sha256",
                    "-days", str(CERT_DAYS), "-keyout", str(key), "-out", str(cert),
                    "-subj", "/CN=TileTally local", "-addext", f"subjectAltName={alt}"],
                   check=True, capture_output=True)
    key.chmod(0o600)
    return cert, key


def _local_addresses() -> set[str]:
    """This machine's LAN address (the one phones on the same network would use)."""
    found = set()
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
            found.add(probe.getsockname()[0])
    except OSError:
        pass
    return found


# A hand every four-sets-and-a-pair preset scores as a win (self-drawn, no melds).
PREPARATION_HAND = {"hand": "123m456p789s11122z", "win_by": "tsumo"}


def prepare_scoring() -> list[str]:
    """Score one hand under every preset, so that the look-up tables a family fills at its first
    hand (about a second for Riichi and MCR together on a two-core machine) are ready before the
    first player declares a win. Returns the presets that scored it."""
    from engine.families import presets, score_json  # noqa: PLC0415

    return [name for name in sorted(presets())
            if score_json({**PREPARATION_HAND, "rules": name}).get("ok")]


def prepare_and_freeze() -> None:
    """``prepare_scoring``, then move every object alive to the collector's permanent generation
    (``gc.freeze``): the scoring tables, the models and the app live as long as the process, and a
    full collection would otherwise walk all of them, stalling whichever request triggered it."""
    prepare_scoring()
    gc.freeze()


def serve(args: argparse.Namespace) -> int:
    from webapp.app import create_app  # noqa: PLC0415 - keep `tiletally --help` fast

    threading.Thread(target=prepare_and_freeze, name="prepare-scoring", daemon=True).start()

    app = create_app({"DATA_DIR": args.data, "DATABASE_URL": args.database_url, "MODELS_DIR": args.models,
                      "SESSION_COOKIE_SECURE": bool(args.https), "MEDIA_IN_DATABASE": args.media_in_database,
                      "WRITE_WAITING": max(1, args.threads // 2)})
    reader = app.extensions.get("tiletally.reader")
    scheme = "https" if args.https else "http"
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0", "::") else args.host
    print(_("TileTally on {url}  (data: {data}; tile reader: {reader})").format(
        url=f"{scheme}://{shown}:{args.port}/", data=app.config["DATA_DIR"],
        reader=_("loaded") if reader else _("none, tiles are entered by hand")), flush=True)
    if args.host in ("0.0.0.0", "::"):
        for address in sorted(_local_addresses()):
            print(_("  phones on this network: {url}").format(url=f"{scheme}://{address}:{args.port}/"),
                  flush=True)
    tls = None
    if args.https:
        cert, key = self_signed_certificate(Path(app.config["DATA_DIR"]) / "tls", args.host)
        print(_("  self-signed certificate {path}: the browser asks once to trust it").format(path=cert),
              flush=True)
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(str(cert), str(key))
    from webapp.http_server import make_server  # noqa: PLC0415

    make_server(app, args.host, args.port, threads=args.threads, tls=tls).run()   # until Ctrl-C
    return 0
