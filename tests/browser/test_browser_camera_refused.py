"""The live camera when the player refuses the camera permission: the page says so and the photo
input stays (Chromium has a fake camera here, but the page is not allowed to use it)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from conftest import chromium, new_page
from playwright.sync_api import expect
from test_browser_flow import start_table

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def refusing_browser() -> Iterator[object]:
    # A camera exists, and Chromium's permission prompt answers "block".
    with chromium(("--use-fake-device-for-media-stream", "--deny-permission-prompts")) as launched:
        yield launched


def test_a_refused_camera_falls_back_to_the_photo_input(refusing_browser, server: str) -> None:  # type: ignore[no-untyped-def]
    page = new_page(refusing_browser)
    start_table(page, server, "Camera refused")
    page.click("#declare")
    page.wait_for_url(re.compile(r"/declare$"))
    page.click("#live-start")
    expect(page.locator("#message")).to_contain_text("Camera permission was refused; take a photo instead.")
    assert page.locator("#live-box").is_hidden()
    expect(page.locator("label[for=photo]")).to_be_visible()
    page.context.close()
