"""What the store hands out and refuses: table references, errors, names it can store, tokens."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

from engine.core.coded import CodedError, fill
from engine.reasons.marker import N_
from engine.table.events import TableError


class StorageError(RuntimeError):
    """A storage request that cannot be served: an unknown table, a malformed import file."""


# The store's refusals of an import file, by code (``ImportRefused``).
IMPORT_MESSAGES = {
    "import.not_an_export": N_("not a {format} export"),
    "import.version": N_("unsupported export version {version}"),
    "import.shape": N_("the file's table must be an object and its events a list of objects"),
    "import.event_not_object": N_("every exported event must be an object"),
    "import.event": N_("event {event}: {reason}"),
    "import.no_totals": N_("the file has neither totals nor hands to check its events against"),
    "import.totals": N_("the file's totals {totals} do not match its events ({replayed})"),
    "import.hands": N_("the file's hands do not match its events (payments or totals differ)"),
}


class ImportRefused(StorageError, CodedError):
    """A malformed import file: a StorageError (as callers catch it) with a code and params, so a
    page can say it in its reader's language."""

    def __init__(self, code: str, **params: Any) -> None:
        CodedError.__init__(self, fill(IMPORT_MESSAGES[code], params), code=code, params=params)

    @classmethod
    def around(cls, event: int, reason: str, cause: BaseException | None = None) -> ImportRefused:
        """An event the file holds refused for ``reason``; a coded ``cause``'s code goes along
        so the reason is translated too."""
        params: dict[str, Any] = {"event": event, "reason": reason}
        code = getattr(cause, "code", None)
        if isinstance(code, str):
            params.update(reason_code=code, reason_params=dict(getattr(cause, "params", None) or {}))
        return cls("import.event", **params)


class PhotoIdTaken(StorageError):
    """An import's photo id that another table's photo took while the import was being written."""


class ConflictError(StorageError):
    """The table changed since the writer read it: its version is not the one the writer holds."""

    def __init__(self, table_id: int, expected: int, actual: int | None) -> None:
        # The message is shown to players: no internal table id.
        now = "is being changed" if actual is None else f"is now at version {actual}"
        super().__init__(f"the table changed since you loaded it: you had version {expected}, "
                         f"it {now}; reload the table and enter the hand again")
        self.table_id = table_id
        self.expected = expected
        self.actual = actual


@dataclass(frozen=True)
class TableRef:
    """A table's identity. ``edit_token`` is only known right after creation (or when presented)."""

    id: int
    name: str
    rules: str
    view_token: str
    edit_token: str | None = None
    club_id: int | None = None      # the club whose table it is, as read (None: outside any club)


NAME_LIMIT = 80     # the players.name and tables.name columns; checked here so both databases agree

# The refusals of a name, by code; ``what`` is one of the names below (translated where shown).
NAME_MESSAGES = {
    "name.not_text": N_("{what} must be text"),
    "name.too_long": N_("{what} is longer than {limit} characters"),
    "name.not_unicode": N_("{what} is not valid Unicode text"),
    "name.control_character": N_("{what} contains a control character"),
}
TABLE_NAME = N_("the table name")
PLAYER_NAME = N_("a player's name")


def _refused(code: str, what: str, **params: object) -> TableError:
    params = {"what": what, **params}
    return TableError(fill(NAME_MESSAGES[code], params), code=code, params=params)


def check_text(value: object, what: str, limit: int = NAME_LIMIT) -> str:
    """A name as the database can store it on SQLite and PostgreSQL alike, or TableError naming
    the problem: text, at most ``limit`` characters, valid Unicode (no lone surrogate), no
    control characters (PostgreSQL cannot store NUL in text)."""
    if not isinstance(value, str):
        raise _refused("name.not_text", what)
    if len(value) > limit:
        raise _refused("name.too_long", what, limit=limit)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise _refused("name.not_unicode", what) from error
    if any(ord(char) < 32 or 127 <= ord(char) < 160 for char in value):
        raise _refused("name.control_character", what)
    return value


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)

