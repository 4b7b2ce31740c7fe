"""Rate limits that fit use: writes, previews and reads each have their own budget per client; a
write answered 409 is not a new write; behind a configured number of trusted proxies the client is
the one the proxies name; Retry-After comes with a 429 (or a 503), never with other answers."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from webapp.app import create_app
from webapp.rate_storage import LockedMemoryStorage

PLAYERS = ["A", "B", "C", "D"]
PREVIEW = {"hand": "123m456m789m123p55p", "win_tile": "5p", "winner": 0, "discarder": 1}


def limited_client(tmp_path: Path, **limits: str | int):  # type: ignore[no-untyped-def]
    app = create_app({"DATA_DIR": str(tmp_path), "READER": False, **limits})
    token = app.extensions["tiletally.backend"].create_table("", PLAYERS, "mcr", {}).edit_token
    return app.test_client(), token


def penalty(client, token: str, version: int, **headers: str):  # type: ignore[no-untyped-def]
    return client.post(f"/api/tables/{token}/penalties",
                       json={"offender": 1, "points": 30, "version": version}, headers=headers)


def test_previews_use_up_their_own_budget_and_a_write_still_goes_through(tmp_path: Path) -> None:
    client, token = limited_client(tmp_path, RATE_LIMIT_PREVIEWS="5 per minute",
                                   RATE_LIMIT_WRITES="5 per minute")
    statuses = [client.post(f"/api/tables/{token}/score", json=PREVIEW).status_code for _ in range(8)]
    assert statuses == [200] * 5 + [429] * 3
    assert penalty(client, token, 0).status_code == 201


def test_reads_use_up_their_own_budget_and_a_write_still_goes_through(tmp_path: Path) -> None:
    client, token = limited_client(tmp_path, RATE_LIMIT_READS="5 per minute",
                                   RATE_LIMIT_WRITES="5 per minute")
    statuses = [client.get(f"/api/tables/{token}").status_code for _ in range(7)]
    assert statuses == [200] * 5 + [429] * 2
    assert client.get("/static/app.css").status_code == 200        # files a browser caches: never
    assert penalty(client, token, 0).status_code == 201
    for _ in range(5):
        assert client.post(f"/api/tables/{token}/score", json=PREVIEW).status_code == 200


def test_a_write_answered_409_is_not_counted_as_a_write(tmp_path: Path) -> None:
    client, token = limited_client(tmp_path, RATE_LIMIT_WRITES="3 per minute")
    assert penalty(client, token, 0).status_code == 201
    for _ in range(10):                       # a busy table: the retries meet a newer version
        assert penalty(client, token, 0).status_code == 409
    assert [penalty(client, token, version).status_code for version in (1, 2, 3)] == [201, 201, 429]


def test_behind_a_trusted_proxy_each_client_has_its_own_budget(tmp_path: Path) -> None:
    client, token = limited_client(tmp_path, RATE_LIMIT_WRITES="2 per minute", TRUSTED_PROXIES=1)
    ann, bob = {"X-Forwarded-For": "198.51.100.7"}, {"X-Forwarded-For": "198.51.100.8"}
    assert [penalty(client, token, v, **ann).status_code for v in (0, 1, 2)] == [201, 201, 429]
    assert penalty(client, token, 2, **bob).status_code == 201


def test_without_a_trusted_proxy_forwarded_headers_are_ignored(tmp_path: Path) -> None:
    client, token = limited_client(tmp_path, RATE_LIMIT_WRITES="2 per minute")
    statuses = [penalty(client, token, v, **{"X-Forwarded-For": f"198.51.100.{v}"}).status_code
                for v in (0, 1, 2)]
    assert statuses == [201, 201, 429]       # a client cannot pick a fresh address for each write


def test_the_number_of_trusted_proxies_can_come_from_the_environment(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("TILETALLY_TRUSTED_PROXIES", "2")
    client, token = limited_client(tmp_path, RATE_LIMIT_WRITES="1 per minute")
    # two proxies: the client is the address the outer one saw, the second from the right
    ann, bob = {"X-Forwarded-For": "203.0.113.5, 10.0.0.2"}, {"X-Forwarded-For": "203.0.113.6, 10.0.0.2"}
    assert [penalty(client, token, v, **ann).status_code for v in (0, 1)] == [201, 429]
    assert penalty(client, token, 1, **bob).status_code == 201


def test_retry_after_comes_only_with_429_and_503(tmp_path: Path) -> None:
    client, token = limited_client(tmp_path, RATE_LIMIT_WRITES="1 per minute", CSRF_DISABLED=True)
    written = penalty(client, token, 0)
    assert written.status_code == 201 and "Retry-After" not in written.headers
    assert not [name for name in written.headers.keys() if name.startswith("X-RateLimit")]
    read = client.get(f"/api/tables/{token}")
    assert read.status_code == 200 and "Retry-After" not in read.headers
    refused = penalty(client, token, 1)
    assert refused.status_code == 429 and 0 < int(refused.headers["Retry-After"]) <= 60
    page = client.post(f"/t/{token}/undo", data={"version": "1"})       # a form's 429 says so too
    assert page.status_code == 429 and int(page.headers["Retry-After"]) > 0


def counted_at_once(storage_class: type, writers: int = 6) -> list[BaseException]:
    """Several threads counting one key at the same moment on a storage whose expiry timer is
    slow to be replaced (a pause right after the storage sets a new timer: the moment another
    request can slip in between a timer's check and its start). What the threads raised."""
    class SlowToReplace(storage_class):  # type: ignore[misc, valid-type]
        def __setattr__(self, name: str, value: object) -> None:
            super().__setattr__(name, value)
            if name == "timer":
                time.sleep(0.02)

    storage = SlowToReplace()
    time.sleep(0.05)                          # the first timer has run out
    barrier, raised = threading.Barrier(writers), []

    def count() -> None:
        barrier.wait()
        try:
            storage.incr("client", 60)
        except BaseException as error:  # noqa: BLE001 - what a request would have turned into a 500
            raised.append(error)

    threads = [threading.Thread(target=count) for _ in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return raised


def test_requests_counted_at_once_never_start_the_expiry_timer_twice() -> None:
    # limits' own MemoryStorage raised "threads can only be started once" here (a 500 in a browser
    # test); the app's storage checks and starts the timer as one step
    assert counted_at_once(LockedMemoryStorage) == []


def test_the_app_counts_its_limits_in_the_locked_storage(tmp_path: Path) -> None:
    client, _ = limited_client(tmp_path)
    limiter = client.application.extensions["tiletally.limiter"]
    assert isinstance(limiter.storage, LockedMemoryStorage)
