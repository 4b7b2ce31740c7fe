"""Errors that carry a stable ``code`` and its ``params`` beside their English text.

A reader in another language gets the same refusal from the code: the web layer and the command
lines look the code's English template up, translate it and fill in the params. The engine
itself only ever writes English (it stays free of gettext and of any reader's language); the
params are plain JSON values (text, numbers, lists of them) so a JSON answer can carry them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


def fill(template: str, params: Mapping[str, Any]) -> str:
    """``template`` with its ``{name}`` placeholders filled in from ``params``."""
    return template.format(**params)


@dataclass(frozen=True)
class CodedText:
    """A statement (not an error) with its code and params beside its English ``text``: a line
    a page shows, translated from the code where the page has the code's template."""

    text: str
    code: str
    params: Mapping[str, Any] = field(default_factory=dict)


class CodedError(ValueError):
    """A refusal with a code (``"table.game_over"``) and params (``{"hand": 8}``) beside the
    English message; ``str(error)`` is the English message."""

    def __init__(self, message: str, *, code: str, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = dict(params or {})

    def to_dict(self) -> dict[str, Any]:
        """The error as a JSON answer carries it: the English text, the code and its params."""
        return {"error": str(self), "code": self.code, "params": dict(self.params)}


def coded_cause(error: BaseException | None) -> CodedError | None:
    """The first coded error in ``error``'s chain of causes (``raise ... from``), or None: an
    error re-raised in other words keeps the code of what went wrong."""
    seen = 0
    while error is not None and seen < 16:      # a chain is short; a cycle must not hang
        if isinstance(error, CodedError):
            return error
        error = error.__cause__
        seen += 1
    return None
