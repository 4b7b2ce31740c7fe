"""Every test speaks English unless it says otherwise: the command lines take their language from
the environment (LANGUAGE first, as gettext does), so a tester's own locale must not change what
the tests read."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _english_command_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "en")
