"""A table export that carries its photos: a zip of ``table.json`` (storage's JSON export) and
``photos/PHOTO_ID.EXT`` (with each photo's reading, ``photos/PHOTO_ID.read.json``).

Reading one back trusts nothing in it: the entry count and the unpacked bytes are limited before
anything is unpacked, a photo's name must be a photo id the server could have made, and its bytes
go through the same checks as an upload. Names inside the zip never become paths by themselves.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.core.coded import CodedError
from webapp.security import PHOTO_EXTENSIONS, JSONRejected, check_nesting
from webapp.upload_messages import THE_FILE, text

if TYPE_CHECKING:
    from webapp.views.backend import Backend

TABLE_ENTRY = "table.json"
PHOTO_ENTRY = re.compile(r"photos/([0-9a-f]{24})\.(" + "|".join(PHOTO_EXTENSIONS) + ")")
READING_ENTRY = re.compile(r"photos/([0-9a-f]{24})\.read\.json")
MAX_ENTRIES = 2000


class ArchiveError(CodedError):
    """An import file that cannot be read; the message says what is wrong with it, and its code
    and params (``webapp.upload_messages``) say the same for a page in another language."""

    @classmethod
    def of(cls, code: str, **params: Any) -> ArchiveError:
        return cls(text(code, **params), code=code, params=params)


@dataclass
class Archive:
    """What an import file holds: the JSON export and the photos found beside it."""

    export: dict[str, Any]
    photos: dict[str, tuple[str, bytes]] = field(default_factory=dict)    # id -> (extension, bytes)
    readings: dict[str, dict[str, Any]] = field(default_factory=dict)     # id -> the reader's JSON

    def photo_refs(self) -> list[str]:
        """The photo ids the exported hands refer to."""
        refs = [entry.get("photo_ref") for entry in self.export.get("events") or []
                if isinstance(entry, Mapping)]
        return [ref for ref in refs if isinstance(ref, str) and ref]

    def missing(self) -> list[str]:
        return [ref for ref in self.photo_refs() if ref not in self.photos]


def build_zip(export: Mapping[str, Any], photos: Iterable[tuple[str, bytes]]) -> bytes:
    """``photos``: (entry name under photos/, bytes) for each photo file and reading."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(TABLE_ENTRY, json.dumps(export, ensure_ascii=False, indent=1))
        for name, data in photos:
            archive.writestr(f"photos/{name}", data)
    return out.getvalue()


def table_zip(backend: Backend, table_id: int) -> bytes:
    """A table's JSON export and every photo its hands refer to, in one zip."""
    export = backend.storage.export_json(table_id)
    refs = [entry.get("photo_ref") for entry in export["events"] if entry.get("photo_ref")]
    return build_zip(export, backend.photo_entries(table_id, refs))


def read_upload(data: bytes, *, max_bytes: int) -> Archive:
    """A JSON export, or a zip of one with its photos; ``max_bytes`` bounds the unpacked size."""
    if data[:4] == b"PK\x03\x04":
        return _read_zip(data, max_bytes)
    return Archive(export=read_json(data, THE_FILE))


def read_json(data: bytes, what: str) -> dict[str, Any]:
    """A JSON object from an import file (or one of its entries), ``what`` naming it."""
    try:
        check_nesting(data)
        value = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, JSONRejected) as error:
        raise ArchiveError.of("import.not_json", what=what, detail=str(error)) from error
    if not isinstance(value, dict):
        raise ArchiveError.of("import.no_table", what=what)
    return value


def open_zip(data: bytes, max_bytes: int) -> zipfile.ZipFile:
    """A zip whose entry count and unpacked size are within the limits (nothing unpacked yet)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        entries = archive.infolist()
    except zipfile.BadZipFile as error:
        raise ArchiveError.of("import.damaged_zip", detail=str(error)) from error
    if len(entries) > MAX_ENTRIES:
        raise ArchiveError.of("import.too_many_files", count=len(entries), limit=MAX_ENTRIES)
    if sum(entry.file_size for entry in entries) > max_bytes:
        raise ArchiveError.of("import.too_large")
    return archive


def read_entry(archive: zipfile.ZipFile, name: str) -> bytes:
    """One entry's bytes; a damaged entry is the same refusal as a damaged zip."""
    try:
        return archive.read(name)
    except (zipfile.BadZipFile, OSError, EOFError) as error:
        raise ArchiveError.of("import.damaged_zip", detail=str(error)) from error


def _read_zip(data: bytes, max_bytes: int) -> Archive:
    archive = open_zip(data, max_bytes)
    entries = archive.infolist()
    names = {entry.filename for entry in entries}
    if TABLE_ENTRY not in names:
        raise ArchiveError.of("import.no_table_entry", entry=TABLE_ENTRY)
    try:
        result = Archive(export=read_json(archive.read(TABLE_ENTRY), TABLE_ENTRY))
        for entry in entries:
            photo = PHOTO_ENTRY.fullmatch(entry.filename)
            reading = READING_ENTRY.fullmatch(entry.filename)
            if photo:
                result.photos[photo.group(1)] = (photo.group(2), archive.read(entry))
            elif reading:
                result.readings[reading.group(1)] = read_json(archive.read(entry), entry.filename)
    except (zipfile.BadZipFile, OSError, EOFError) as error:
        raise ArchiveError.of("import.damaged_zip", detail=str(error)) from error
    return result
