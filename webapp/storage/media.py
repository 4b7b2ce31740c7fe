"""Photos and pending camera hands kept in the database, where every server sharing it sees them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy import select

from webapp.storage.database import Database
from webapp.storage.models import PendingRow, PhotoRow


class MediaStore(Database):
    """What ``MEDIA_IN_DATABASE`` keeps in the database instead of the data folder."""

    def save_photo(self, table_id: int, photo_id: str, extension: str, data: bytes,
                   reading: Mapping[str, Any] | None) -> None:
        """One photo with its reading, in one transaction: a crash stores both or neither."""
        with self._write() as session:
            session.add(PhotoRow(id=photo_id, table_id=table_id, extension=extension, data=data,
                                 reading=dict(reading) if reading is not None else None))

    def photo(self, table_id: int, photo_id: str) -> tuple[str, bytes, dict[str, Any] | None] | None:
        """(extension, bytes, reading) of a photo of this table, or None."""
        with self._read() as session:
            row = session.get(PhotoRow, photo_id)
            if row is None or row.table_id != table_id:
                return None
            return row.extension, bytes(row.data), row.reading

    def taken_photo_ids(self, photo_ids: Iterable[str]) -> set[str]:
        """Which of these photo ids some table's photo already has (ids are one namespace here)."""
        wanted = list(photo_ids)
        if not wanted:
            return set()
        with self._read() as session:
            return set(session.scalars(select(PhotoRow.id).where(PhotoRow.id.in_(wanted))).all())

    def has_photo(self, table_id: int, photo_id: str) -> bool:
        with self._read() as session:
            found = session.scalar(select(PhotoRow.table_id).where(PhotoRow.id == photo_id))
            return found == table_id

    def push_pending(self, table_id: int, item: Mapping[str, Any]) -> None:
        """Replace the table's pending hand (the newest stable reading wins)."""
        with self._write() as session:
            row = session.get(PendingRow, table_id)
            if row is None:
                session.add(PendingRow(table_id=table_id, item=dict(item)))
            else:
                row.item = dict(item)

    def pending(self, table_id: int) -> dict[str, Any] | None:
        with self._read() as session:
            row = session.get(PendingRow, table_id)
            return None if row is None else dict(row.item)

