"""Fair turns for the writers of one table (webapp.write_turns): a writer that lost to a newer
version keeps its place in line and goes before writers that came later; one that went away does
not hold up the table; writes that do not ask for a turn are never held back."""

from __future__ import annotations

from pathlib import Path

from webapp.app import create_app
from webapp.write_turns import WriteTurns


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_writers_that_lost_go_in_the_order_they_lost_before_newcomers() -> None:
    clock = Clock()
    turns = WriteTurns(clock=clock, next_waits=0)
    assert turns.admit("t", None) is None           # no line: the ordinary race
    first = turns.lost("t", None)                                  # lost to a newer version
    second = turns.lost("t", None)
    assert first.retry_after_ms == 0 and second.ticket != first.ticket
    newcomer = turns.admit("t", None)
    assert newcomer is not None and newcomer.retry_after_ms > 0
    assert turns.admit("t", second.ticket) is not None     # not before the first
    assert turns.admit("t", first.ticket) is None
    turns.written("t", first.ticket)
    assert turns.admit("t", newcomer.ticket) is not None   # not before the second
    assert turns.admit("t", second.ticket) is None
    turns.written("t", second.ticket)
    assert turns.admit("t", newcomer.ticket) is None
    turns.written("t", newcomer.ticket)
    assert turns.waiting("t") == 0


def test_a_writer_that_does_not_come_back_is_passed_by_and_then_dropped() -> None:
    clock = Clock()
    turns = WriteTurns(grace=1.0, clock=clock, next_waits=0)
    gone = turns.lost("t", None)
    later = turns.lost("t", None)
    assert turns.admit("t", later.ticket) is not None      # the first is due now
    clock.now += 0.5                                                     # ... and did not come back
    assert turns.admit("t", later.ticket) is None
    turns.written("t", later.ticket)
    assert turns.waiting("t") == 1                                       # it keeps its place
    clock.now += 5
    assert turns.waiting("t") == 0 and turns.admit("t", gone.ticket) is None


def test_tables_have_separate_lines() -> None:
    turns = WriteTurns(clock=Clock(), next_waits=0)
    turns.lost("a", None)
    assert turns.admit("b", None) is None


def penalty(client, token: str, version: int, **turn):  # type: ignore[no-untyped-def]
    return client.post(f"/api/tables/{token}/penalties",
                       json={"offender": 1, "points": 30, "version": version, **turn})


def test_the_api_gives_a_losing_writer_a_turn_that_goes_before_a_newcomer(tmp_path: Path) -> None:
    app = create_app({"DATA_DIR": str(tmp_path), "READER": False, "RATE_LIMITS_ENABLED": False})
    app.extensions["tiletally.write_turns"] = WriteTurns(next_waits=0)      # answer the newcomer at once
    client = app.test_client()
    token = client.post("/api/tables", json={"players": ["A", "B", "C", "D"]}).json["edit_token"]
    assert penalty(client, token, 0, turn=None).status_code == 201
    lost = penalty(client, token, 0, turn=None)                 # a second writer, still at version 0
    assert lost.status_code == 409 and lost.json["version"] == 1
    assert lost.json["turn"] >= 1 and lost.json["retry_after_ms"] == 0
    newcomer = penalty(client, token, 1, turn=None)              # a third, at the right version
    assert newcomer.status_code == 503 and int(newcomer.headers["Retry-After"]) >= 1
    assert newcomer.json["turn"] != lost.json["turn"]
    assert penalty(client, token, 1, turn=lost.json["turn"]).status_code == 201
    again = penalty(client, token, 1, turn=newcomer.json["turn"])
    assert again.status_code == 409 and again.json["retry_after_ms"] == 0
    assert penalty(client, token, 2, turn=again.json["turn"]).status_code == 201
    assert client.get(f"/api/tables/{token}").json["version"] == 3


def test_a_write_without_a_turn_is_never_held_back_and_a_bad_turn_is_400(tmp_path: Path) -> None:
    app = create_app({"DATA_DIR": str(tmp_path), "READER": False, "RATE_LIMITS_ENABLED": False})
    client = app.test_client()
    token = client.post("/api/tables", json={"players": ["A", "B", "C", "D"]}).json["edit_token"]
    assert penalty(client, token, 0, turn=None).status_code == 201
    assert penalty(client, token, 0, turn=None).status_code == 409          # a line now exists
    plain = penalty(client, token, 1)
    assert plain.status_code == 201 and "turn" not in plain.json
    assert "turn" not in penalty(client, token, 1).json                     # a plain 409
    for bad in ("1", True, 0, -3, 1.5):
        assert penalty(client, token, 2, turn=bad).status_code == 400
