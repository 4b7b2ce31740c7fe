"""Every test speaks English unless it says otherwise: the command lines take their language from
the environment (LANGUAGE first, as gettext does), so a tester's own locale must not change what
the tests read."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _english_command_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "en")


@pytest.fixture
def tiletally_cli(tmp_path, monkeypatch, capsys):  # type: ignore[no-untyped-def]
    """``tiletally ARGS...`` in process on a fresh SQLite file: returns (exit code, stdout, stderr)."""
    from webapp.cli import main  # noqa: PLC0415 - only the tests that ask for it import the web app

    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("TILETALLY_DB", str(tmp_path / "cli.sqlite3"))

    def invoke(*args: str) -> tuple[int, str, str]:
        code = main(list(args))
        captured = capsys.readouterr()
        return code, captured.out, captured.err
    return invoke
