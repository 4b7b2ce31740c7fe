"""Fair turns for the writers of one table (webapp.write_turns): writers go one at a time in the
order they joined the line, wherever they wait; one that lost at its turn keeps the table for its
retry; one that went away does not hold up the table; writes that do not ask for a turn are never
held back. No timing is asserted here (the pace is measured by benchmarks/bench_storage.py)."""

from __future__ import annotations

import threading
import time
from collections import Counter
from pathlib import Path

from webapp.app import create_app
from webapp.write_turns import WriteTurns

LONG = 600.0        # a wait, hold or deadline no test run reaches: nothing here depends on timing


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def turns_answered_at_once(clock: Clock) -> WriteTurns:
    """Turns where no request waits in the server (every writer not let through is told when to
    come back), on a clock the test moves."""
    return WriteTurns(waiting=0, clock=clock)


def test_writers_go_in_the_order_they_joined_whatever_order_they_come_back_in() -> None:
    turns = turns_answered_at_once(Clock())
    first = turns.admit("t", None)
    assert first.go                                         # no line: it goes
    later = [turns.admit("t", None) for _ in range(3)]     # the table is being written: a line
    assert not any(turn.go for turn in later)
    assert all(turn.retry_after_ms > 0 for turn in later)
    assert len({turn.ticket for turn in [first, *later]}) == 4
    turns.written("t", first.ticket, 1)
    for going in range(3):
        for behind in reversed(later[going + 1:]):          # the ones behind come back first ...
            assert not turns.admit("t", behind.ticket).go
        assert turns.admit("t", later[going].ticket).go     # ... and wait for the one ahead
        turns.written("t", later[going].ticket, 2 + going)
    assert turns.waiting("t") == 0


def test_a_writer_that_lost_at_its_turn_keeps_the_table_for_its_retry() -> None:
    turns = turns_answered_at_once(Clock())
    first = turns.admit("t", None)
    second = turns.admit("t", None)
    turns.written("t", first.ticket, 1)
    assert turns.admit("t", second.ticket).go
    held = turns.lost("t", second.ticket, 1)                # its version was older than 1
    assert held.ticket == second.ticket and held.retry_after_ms == 0
    newcomer = turns.admit("t", None)
    assert not newcomer.go and newcomer.retry_after_ms > 0
    retry = turns.admit("t", second.ticket)
    assert retry.go and retry.version == 1                 # the newest version its line has seen
    turns.written("t", second.ticket, 2)
    assert turns.admit("t", newcomer.ticket).go


def test_a_writer_that_does_not_come_back_is_passed_by_and_then_dropped() -> None:
    clock = Clock()
    turns = WriteTurns(waiting=0, hold_seconds=0.5, grace=1.0, clock=clock)
    first = turns.admit("t", None)
    gone = turns.admit("t", None)
    later = turns.admit("t", None)
    turns.written("t", first.ticket, 1)
    assert not turns.admit("t", later.ticket).go            # the one ahead is due back
    clock.now += gone.retry_after_ms / 1000 + 0.6           # ... and did not come back
    assert turns.admit("t", later.ticket).go
    turns.written("t", later.ticket, 2)
    assert turns.waiting("t") == 1                           # it keeps its place a while
    clock.now += 5
    assert turns.waiting("t") == 0
    back = turns.admit("t", gone.ticket)
    assert back.go and back.ticket != gone.ticket            # a new place: the line was empty


def test_a_writer_told_to_come_back_late_does_not_keep_a_free_table_idle() -> None:
    clock = Clock()
    turns = WriteTurns(waiting=0, hold_seconds=0.5, clock=clock)
    ahead = [turns.admit("t", None) for _ in range(20)]
    late = turns.admit("t", None)                            # twenty ahead: a long estimated wait
    assert late.retry_after_ms / 1000 > 0.5 + 0.1
    assert ahead[0].go
    for version, turn in enumerate(ahead, start=1):          # ... but they are done sooner
        assert turn.go or turns.admit("t", turn.ticket).go
        turns.written("t", turn.ticket, version)
    behind = turns.admit("t", None)
    assert not behind.go                                     # the one ahead is given hold_seconds
    clock.now += 0.5 + 0.05                                  # ... not its whole estimated wait
    assert turns.admit("t", behind.ticket).go
    turns.written("t", behind.ticket, 21)
    assert turns.admit("t", late.ticket).go                 # back within grace: its place is kept


def test_the_time_the_table_waited_for_a_late_writer_does_not_lengthen_the_estimated_waits() -> None:
    """The estimated wait told to a writer sent away is counted in turns, each as long as the
    server took for one: the time the table stood waiting for a writer that came back late is not
    part of it (else every estimate grows, more writers come back late, and the line stands more)."""
    clock = Clock()
    turns = WriteTurns(waiting=0, hold_seconds=LONG, clock=clock)
    first = turns.admit("t", None)
    late = turns.admit("t", None)
    behind = turns.admit("t", None)
    clock.now += 0.02
    turns.written("t", first.ticket, 1)
    for version in range(2, 6):                  # each turn: the table waits 0.4 s, the write 0.02 s
        clock.now += 0.4
        assert turns.admit("t", late.ticket).go
        clock.now += 0.02
        turns.written("t", late.ticket, version)
        late = turns.admit("t", None)            # it joins again, behind the one behind it
        behind, late = late, behind
    newcomer = turns.admit("t", None)            # two writers ahead of it: two turns away
    assert 0 < newcomer.retry_after_ms < 2 * 50  # each no longer than the first guess (0.05 s)


def test_tables_have_separate_lines() -> None:
    turns = turns_answered_at_once(Clock())
    assert turns.admit("a", None).go
    assert not turns.admit("a", None).go
    assert turns.admit("b", None).go


def test_a_writer_waits_in_the_server_for_its_turn_and_the_waiting_room_is_bounded() -> None:
    turns = WriteTurns(waiting=1, wait_seconds=LONG, hold_seconds=LONG)
    first = turns.admit("t", None)
    answers = []
    waiter = threading.Thread(target=lambda: answers.append(turns.admit("t", None)))
    waiter.start()
    wait_until(lambda: turns.waiting_here("t") == 1)
    beyond = turns.admit("t", None)                          # the room (one request) is full
    assert not beyond.go and beyond.retry_after_ms > 0
    assert not answers                                       # the waiter is still waiting
    turns.written("t", first.ticket, 1)
    waiter.join(LONG)
    assert answers and answers[0].go and answers[0].version == 1
    back = threading.Thread(target=lambda: answers.append(turns.admit("t", beyond.ticket)))
    back.start()                                             # the room is free: it waits here now
    wait_until(lambda: turns.waiting_here("t") == 1)
    assert len(answers) == 1                                 # behind the one writing
    turns.written("t", answers[0].ticket, 2)
    back.join(LONG)
    assert answers[1].go and answers[1].ticket == beyond.ticket and answers[1].version == 2


def wait_until(condition) -> None:  # type: ignore[no-untyped-def]
    """Polls until ``condition()`` holds (threads getting to where the test needs them); a
    bound far above any run only keeps a broken build from hanging."""
    end = time.monotonic() + 60
    while not condition():
        assert time.monotonic() < end, "the threads never got there"
        time.sleep(0.005)


# -- through the API ----------------------------------------------------------------------------

def penalty(client, token: str, version: int, **turn):  # type: ignore[no-untyped-def]
    return client.post(f"/api/tables/{token}/penalties",
                       json={"offender": 1, "points": 30, "version": version, **turn})


def new_app(tmp_path: Path, turns: WriteTurns | None = None):  # type: ignore[no-untyped-def]
    app = create_app({"DATA_DIR": str(tmp_path), "READER": False, "RATE_LIMITS_ENABLED": False})
    if turns is not None:
        app.extensions["tiletally.write_turns"] = turns
    client = app.test_client()
    token = client.post("/api/tables", json={"players": ["A", "B", "C", "D"]}).json["edit_token"]
    return app, client, token


def test_many_writers_with_turns_each_lose_at_most_once_per_write_and_none_is_starved(tmp_path: Path) -> None:
    """Writers that all want the table at once, each writing as soon as its last write was taken:
    each write is let through in its turn, loses at most once (its version was made stale by the
    writers ahead of it), and its retry is the one that goes next, so no writer is passed over."""
    writers, writes = 6, 4
    app, client, token = new_app(tmp_path, WriteTurns(waiting=writers, wait_seconds=LONG, hold_seconds=LONG))
    statuses: list[Counter[int]] = [Counter() for _ in range(writers)]
    start = threading.Barrier(writers)

    def write(index: int) -> None:
        own = app.test_client()
        version = own.get(f"/api/tables/{token}").json["version"]
        start.wait()
        for _ in range(writes):
            turn = None
            while True:
                answer = own.post(f"/api/tables/{token}/penalties",
                                  json={"offender": index % 4, "points": 30, "version": version,
                                        "reason": f"w{index}", "turn": turn})
                statuses[index][answer.status_code] += 1
                version = answer.json.get("version", version)
                if answer.status_code != 409:
                    break
                turn = answer.json["turn"]

    threads = [threading.Thread(target=write, args=(index,)) for index in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(LONG)
    table = client.get(f"/api/tables/{token}?limit=200").json
    assert table["version"] == writers * writes                  # every acknowledged write is stored
    for counted in statuses:
        assert set(counted) <= {201, 409}, counted               # nobody was told to come back later
        assert counted[201] == writes, counted                   # nobody starved
        assert counted[409] <= writes, counted                   # nobody lost twice in one turn


def test_the_api_gives_a_losing_writer_a_turn_that_goes_before_a_newcomer(tmp_path: Path) -> None:
    _, client, token = new_app(tmp_path, WriteTurns(waiting=0))          # answer every waiter at once
    assert penalty(client, token, 0, turn=None).status_code == 201
    lost = penalty(client, token, 0, turn=None)                 # a second writer, still at version 0
    assert lost.status_code == 409 and lost.json["version"] == 1
    assert lost.json["turn"] >= 1 and lost.json["retry_after_ms"] == 0
    newcomer = penalty(client, token, 1, turn=None)              # a third, at the right version
    assert newcomer.status_code == 503 and int(newcomer.headers["Retry-After"]) >= 1
    assert newcomer.json["turn"] != lost.json["turn"]
    assert penalty(client, token, 1, turn=lost.json["turn"]).status_code == 201
    again = penalty(client, token, 1, turn=newcomer.json["turn"])
    assert again.status_code == 409 and again.json["retry_after_ms"] == 0 and again.json["version"] == 2
    assert penalty(client, token, 2, turn=again.json["turn"]).status_code == 201
    assert client.get(f"/api/tables/{token}").json["version"] == 3


def test_a_stale_writer_told_an_old_version_by_its_line_still_cannot_overwrite(tmp_path: Path) -> None:
    """The line answers a writer older than the newest version it has seen without reading the
    table; a write without a turn may have moved the table further, and the retry at the line's
    version then meets the table's own check."""
    _, client, token = new_app(tmp_path, WriteTurns(waiting=0))
    assert penalty(client, token, 0, turn=None).status_code == 201
    first = penalty(client, token, 0, turn=None)
    assert first.status_code == 409 and first.json["version"] == 1
    second = penalty(client, token, 0, turn=None)
    assert second.status_code == 503                             # behind the held retry
    assert penalty(client, token, 1, turn=first.json["turn"]).status_code == 201     # version 2
    assert penalty(client, token, 2).status_code == 201          # a plain write: version 3
    told = penalty(client, token, 0, turn=second.json["turn"])
    assert told.status_code == 409 and told.json["version"] == 2  # the newest the line has seen
    met = penalty(client, token, 2, turn=told.json["turn"])
    assert met.status_code == 409 and met.json["version"] == 3    # the table's own check
    assert penalty(client, token, 3, turn=met.json["turn"]).status_code == 201
    assert client.get(f"/api/tables/{token}").json["version"] == 4


def test_a_write_that_fails_frees_the_table_at_once(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    turns = WriteTurns(waiting=0)
    app, client, token = new_app(tmp_path, turns)
    backend = app.extensions["tiletally.backend"]

    def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("the disk is gone")

    monkeypatch.setattr(backend, "record", broken)
    assert penalty(client, token, 0, turn=None).status_code == 500
    assert turns.waiting(token) == 0
    monkeypatch.undo()
    assert penalty(client, token, 0, turn=None).status_code == 201


def test_a_write_without_a_turn_is_never_held_back_and_a_bad_turn_is_400(tmp_path: Path) -> None:
    _, client, token = new_app(tmp_path)
    assert penalty(client, token, 0, turn=None).status_code == 201
    assert penalty(client, token, 0, turn=None).status_code == 409          # held for its retry now
    plain = penalty(client, token, 1)
    assert plain.status_code == 201 and "turn" not in plain.json
    assert "turn" not in penalty(client, token, 1).json                     # a plain 409
    for bad in ("1", True, 0, -3, 1.5):
        assert penalty(client, token, 2, turn=bad).status_code == 400
