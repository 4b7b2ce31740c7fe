"""The declare page in the reader's language: its size and the server's CPU time per page, for
an MCR and a classical table, in English and in two other languages, with each one's ratio to
the English page of the same table (measured in the same run: these machines are shared).

A translated page carries its language's messages for the page script: the engine's refusals,
the photo reader's doubts (webapp/doubt_messages.py) and, for the classical game, the title of
every set line and double the scorer can build (webapp/item_lines.py, written once per language).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from webapp.app import create_app  # noqa: E402

RUNS = 100
LANGUAGES = ("en", "zh_Hans", "pl")


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATA_DIR": folder, "READER": False, "RATE_LIMITS_ENABLED": False})
        client = app.test_client()
        for rules in ("mcr", "classical"):
            token = client.post("/api/tables", json={"name": "bench", "players": ["A", "B", "C", "D"],
                                                     "rules": rules}).json["edit_token"]
            english = None
            for language in LANGUAGES:
                url = f"/t/{token}/declare?lang={language}"
                size = len(client.get(url).data)     # the first page of a language writes its titles
                times = []
                for _ in range(RUNS):
                    start = time.process_time()
                    client.get(url)
                    times.append((time.process_time() - start) * 1000)
                median = statistics.median(times)
                english = english or (size, median)
                print(f"{rules:10s} {language:8s} {size:7d} bytes ({size / english[0]:.2f}x English), "
                      f"CPU median {median:.1f} ms ({median / english[1]:.2f}x English)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
