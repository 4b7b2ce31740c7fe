"""The declare page's score preview: server time for one ``POST /api/tables/EDIT/score`` after a
tile change, through the Flask test client (no network), on a table with hands already played.

The page asks for a preview a short pause after each tap; this figure is what the server adds.
Prints the median and the 90th percentile per preset.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from webapp.app import create_app  # noqa: E402

HANDS = {
    "mcr": {"hand": "123m456p789s11z222z", "win_tile": "2z", "win_by": "ron", "winner": 0, "discarder": 1},
    "riichi": {"hand": "234m234m55m666z777z", "win_tile": "5m", "win_by": "ron", "winner": 0, "discarder": 1},
    "classical": {"hand": "123m456p789s55z666z", "win_tile": "6z", "win_by": "tsumo", "winner": 0},
}
PLAYED = 12      # hands recorded before the preview (the preview replays the table's log)
RUNS = 60


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        # the figures, not the per-client write limit (300 a minute), are measured here
        app = create_app({"DATA_DIR": folder, "READER": False, "RATE_LIMITS_ENABLED": False})
        client = app.test_client()
        for rules, hand in HANDS.items():
            token = client.post("/api/tables", json={"name": "bench", "players": ["A", "B", "C", "D"],
                                                     "rules": rules}).json["edit_token"]
            for version in range(PLAYED):
                client.post(f"/api/tables/{token}/draws", json={"abortive": False, "version": version})
            median, p90 = _timed(client, token, hand)
            print(f"{rules:10s} score preview after {PLAYED} hands: median {median:.1f} ms, "
                  f"p90 {p90:.1f} ms ({RUNS} runs)")
        _amend_preview(client)
    return 0


def _timed(client, token: str, body: dict) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        response = client.post(f"/api/tables/{token}/score", json=body)
        times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200 and response.json["ok"], response.json
    times.sort()
    return statistics.median(times), times[int(0.9 * len(times))]


def _amend_preview(client) -> None:  # type: ignore[no-untyped-def]
    """Amending the first of several Riichi wins to another winner moves the deal, so every later
    win is scored again for the preview (its list of the later hands that change); beside it, a
    new hand's preview on the same table."""
    hand = HANDS["riichi"]
    token = client.post("/api/tables", json={"name": "bench", "players": ["A", "B", "C", "D"],
                                             "rules": "riichi"}).json["edit_token"]
    wins = 0
    for version in range(PLAYED):       # the dealer wins every hand: one counter more each time
        response = client.post(f"/api/tables/{token}/hands", json=dict(hand, version=version))
        assert response.status_code == 201, response.json
        wins += 1
    amended = dict(hand, winner=1, discarder=2, amend=0)
    later = client.post(f"/api/tables/{token}/score", json=amended).json["later"]
    new_median, _ = _timed(client, token, hand)
    median, p90 = _timed(client, token, amended)
    print(f"riichi     amend preview of hand 1 of {wins} (re-scores {len(later)} later wins): "
          f"median {median:.1f} ms, p90 {p90:.1f} ms; a new hand's preview {new_median:.1f} ms "
          f"(ratio {median / new_median:.1f})")


if __name__ == "__main__":
    raise SystemExit(main())
