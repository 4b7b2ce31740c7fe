"""Browser tests: the real app on a free port, driven by Playwright with Debian's Chromium.

The tile reader is replaced by one that returns the committed photo's known layout with one
deliberate misread (5p read as 6p), so the test exercises the web flow (photo -> correction ->
score -> table -> scoreboard) whatever the shipped model's accuracy is; the model has its own
tests in tests/vision.
"""

from __future__ import annotations

import json
import os
import shutil
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import expect

from webapp.app import create_app

DATA = Path(__file__).parent / "data"
CHROMIUM = os.environ.get("TILETALLY_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
# `make screenshots` points this at docs/screenshots (the README's pictures); an ordinary test run
# writes to an ignored folder, so running the tests leaves the work tree clean.
SCREENSHOTS = Path(os.environ.get("TILETALLY_SCREENSHOTS")
                   or Path(__file__).resolve().parents[2] / "data" / "screenshots")
PHONE = {"width": 390, "height": 844}
MISREAD_INDEX = 4    # the fifth tile of hand-mcr.jpg is 5p; the fake reader says 6p


def misreading_reader(data: bytes) -> dict:
    reading = json.loads((DATA / "hand-mcr.json").read_text())
    reading["tiles"][MISREAD_INDEX]["tile"] = "6p"
    reading["tiles"][MISREAD_INDEX]["conf"] = 0.61
    reading["hand"]["hand"] = "123m466p789s11222z"
    return reading


@contextmanager
def running_app(data_dir: Path, reader: Callable[[bytes], dict]) -> Iterator[str]:
    """The app on a free port of 127.0.0.1 (a secure context: the camera API is allowed there)."""
    from werkzeug.serving import make_server

    app = create_app({"DATA_DIR": str(data_dir), "READER": reader, "BOARD_REFRESH_SECONDS": 1})
    http = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{http.server_port}"
    finally:
        http.shutdown()
        thread.join(timeout=5)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_app(tmp_path_factory.mktemp("browser-data"), misreading_reader) as url:
        yield url


@contextmanager
def chromium(extra_args: tuple[str, ...] = ()) -> Iterator[object]:
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        pytest.skip(f"no Chromium at {CHROMIUM} (make test installs Debian's chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + list(extra_args))
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with chromium() as launched:
        yield launched


# Playwright's expect() waits 5 s by default; on a machine busy with other work a photo read can
# take longer. A wait still ends as soon as its condition holds.
expect.set_options(timeout=60000)


def new_page(browser, viewport: dict[str, int] = PHONE, mobile: bool = True):  # type: ignore[no-untyped-def]
    """A page in a fresh context whose script errors (CSP violations included) are collected in
    ``page.context.console_errors``."""
    context = browser.new_context(viewport=viewport, device_scale_factor=2 if mobile else 1,
                                  is_mobile=mobile, has_touch=mobile)
    errors: list[str] = []

    def watch(page) -> None:  # type: ignore[no-untyped-def]
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))

    context.on("page", watch)
    # Generous waits: the tests share a busy machine, and a wait ends as soon as its event comes.
    context.set_default_timeout(60000)
    context.set_default_navigation_timeout(90000)
    page = context.new_page()
    context.console_errors = errors  # type: ignore[attr-defined]  # every page's script errors
    return page


@pytest.fixture()
def phone(browser) -> Iterator[object]:  # type: ignore[no-untyped-def]
    page = new_page(browser)
    yield page
    page.context.close()


@pytest.fixture()
def shot():  # type: ignore[no-untyped-def]
    """Save a full-page screenshot to SCREENSHOTS/NAME.png (the README shows docs/screenshots)."""
    def save(page, name: str) -> None:  # type: ignore[no-untyped-def]
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.evaluate("() => window.scrollTo(0, 0)")   # the sticky header belongs at the top
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
    return save


@pytest.fixture()
def hand_photo() -> Path:
    """The committed synthetic photo: 123m 456p 789s 11z 22z in a row, the winning 2z apart."""
    return DATA / "hand-mcr.jpg"


def wait_for_held(page, held: list, count: int, seconds: float = 60) -> None:  # type: ignore[no-untyped-def]
    """Let the page run until a route has held ``count`` requests (the tests that answer requests
    out of order hold them), failing after ``seconds`` instead of waiting for ever."""
    for _ in range(int(seconds * 50)):
        if len(held) >= count:
            return
        page.wait_for_timeout(20)
    raise AssertionError(f"{len(held)} of {count} requests came in {seconds} s")
