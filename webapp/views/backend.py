"""The web app's one door to tables: access tokens, the event log, photos and labelled corrections.

Views never touch the database or the file system directly; they call a ``Backend``. The table's
rules live in ``engine.table`` (state = fold(events)); this module persists the event log with an
optimistic version check, so two phones scoring the same table cannot silently overwrite each other.

Persistence goes through ``webapp.storage`` when it offers the table-log API this module needs;
until then a small SQLAlchemy store of its own (one row per table: tokens, players, options, the
JSON event log and its version) keeps the app usable. Photos and the corrections made to their
readings are files in the data folder (labelled training data in YOLO format under ``labelled/``).
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import JSON, Integer, String, create_engine, select
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from engine.table import Table, TableError, TableState, new_state
from vision.classes import CLASS_INDEX
from webapp.security import CheckedImage, data_path, looks_like_token, new_token, same_secret


class Conflict(RuntimeError):
    """The table changed since the client read it (a stale version)."""

    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(f"the table changed since you loaded it (your version {expected}, "
                         f"now {actual}): someone else recorded a hand")
        self.expected = expected
        self.actual = actual


class _Base(DeclarativeBase):
    pass


class WebTable(_Base):
    """A table as the web app keeps it: its secrets and its event log (the state is replayed)."""

    __tablename__ = "web_tables"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    edit_token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    view_token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    name: Mapped[str] = mapped_column(String(80))
    rules: Mapped[str] = mapped_column(String(40))
    players: Mapped[list] = mapped_column(JSON)
    options: Mapped[dict] = mapped_column(JSON)
    log: Mapped[list] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[float] = mapped_column(default=time.time)


@dataclass(frozen=True)
class TableRef:
    id: int
    name: str
    edit_token: str
    view_token: str


@dataclass(frozen=True)
class Loaded:
    """A table read at one version: its metadata, the engine's Table and the replayed state."""

    ref: TableRef
    table: Table
    version: int

    @property
    def state(self) -> TableState:
        return self.table.state


class Backend:
    """Tables, photos and pending camera hands for one data folder and one database."""

    def __init__(self, database_url: str, data_dir: Path) -> None:
        self.data_dir = Path(data_dir)
        connect_args = {"check_same_thread": False} if database_url.startswith("sqlite") else {}
        self.engine = create_engine(database_url, connect_args=connect_args, future=True)
        _Base.metadata.create_all(self.engine)
        self._write_lock = threading.Lock()
        self._pending: dict[int, dict[str, Any]] = {}

    # -- tables --------------------------------------------------------------------------------
    def create_table(self, name: str, players: Sequence[str], rules: str,
                     options: Mapping[str, Any] | None) -> TableRef:
        """Validate through the engine (names, preset, options), then store an empty log."""
        name = (name or "").strip() or "Table"
        if len(name) > 80:
            raise TableError("the table name is longer than 80 characters")
        state = new_state(rules, players, options)
        row = WebTable(edit_token=new_token(), view_token=new_token(), name=name, rules=rules,
                       players=list(state.players), options=dict(options or {}), log=[], version=0,
                       created=time.time())
        with Session(self.engine) as session, session.begin():
            session.add(row)
            session.flush()
            return self._ref(row)

    @staticmethod
    def _ref(row: WebTable) -> TableRef:
        return TableRef(id=row.id, name=row.name, edit_token=row.edit_token, view_token=row.view_token)

    def _find(self, column: Any, token: str) -> WebTable | None:
        if not looks_like_token(token):
            return None
        with Session(self.engine) as session:
            row = session.scalars(select(WebTable).where(column == token)).first()
            if row is None or not same_secret(token, getattr(row, column.key)):
                return None
            session.expunge(row)
            return row

    def by_edit_token(self, token: str) -> Loaded | None:
        row = self._find(WebTable.edit_token, token)
        return self._loaded(row) if row else None

    def by_view_token(self, token: str) -> Loaded | None:
        row = self._find(WebTable.view_token, token)
        return self._loaded(row) if row else None

    def by_edit_tokens(self, tokens: Sequence[str]) -> list[Loaded]:
        found = [self.by_edit_token(token) for token in tokens]
        return [item for item in found if item is not None]

    def _loaded(self, row: WebTable) -> Loaded:
        table = Table(row.rules, row.players, row.options, row.log)
        return Loaded(ref=self._ref(row), table=table, version=row.version)

    def record(self, table_id: int, version: int | None, event: Mapping[str, Any]) -> Loaded:
        """Append one event if the table is still at ``version``; the engine checks it first.

        The check and the write happen in one transaction under a lock, and the UPDATE is
        conditional on the old version, so a second server process cannot slip in between either.
        """
        with self._write_lock, Session(self.engine) as session, session.begin():
            row = session.get(WebTable, table_id)
            if row is None:
                raise LookupError("no such table")
            if version is not None and version != row.version:
                raise Conflict(version, row.version)
            table = Table(row.rules, row.players, row.options, row.log)
            table.record(event)                       # raises TableError if it cannot happen
            updated = session.execute(
                WebTable.__table__.update()
                .where(WebTable.id == table_id, WebTable.version == row.version)
                .values(log=table.log, version=row.version + 1))
            if updated.rowcount != 1:
                raise Conflict(row.version, row.version + 1)
            ref = self._ref(row)
            new_version = row.version + 1
        return Loaded(ref=ref, table=table, version=new_version)

    def export(self, loaded: Loaded) -> dict[str, Any]:
        """The table as JSON: players, rules, options, the raw log and the replayed hands."""
        state = loaded.state
        return {"format": "tiletally-table/1", "name": loaded.ref.name, "rules": state.rules,
                "options": loaded.table.overrides, "players": list(state.players),
                "version": loaded.version, "events": loaded.table.log, "state": state.summary()}

    # -- photos and labelled corrections --------------------------------------------------------
    def save_photo(self, table_id: int, image: CheckedImage) -> str:
        photo_id = secrets.token_hex(12)
        path = data_path(self.data_dir, "photos", str(table_id), f"{photo_id}.{image.extension}")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(image.data)
        return photo_id

    def photo_path(self, table_id: int, photo_id: str) -> Path | None:
        if not photo_id or not all(c in "0123456789abcdef" for c in photo_id) or len(photo_id) != 24:
            return None
        for extension in ("jpg", "png", "webp"):
            path = data_path(self.data_dir, "photos", str(table_id), f"{photo_id}.{extension}")
            if path.is_file():
                return path
        return None

    def save_reading(self, table_id: int, photo_id: str, read: Mapping[str, Any]) -> None:
        path = self.photo_path(table_id, photo_id)
        if path is not None:
            path.with_suffix(".read.json").write_text(json.dumps(read))

    def reading(self, table_id: int, photo_id: str) -> dict[str, Any] | None:
        path = self.photo_path(table_id, photo_id)
        if path is None or not path.with_suffix(".read.json").is_file():
            return None
        return json.loads(path.with_suffix(".read.json").read_text())

    def save_labels(self, table_id: int, photo_id: str, read: Mapping[str, Any],
                    corrections: Sequence[Mapping[str, Any]], hand: Mapping[str, Any]) -> Path | None:
        """Store the photo's corrected reading as labelled training data.

        ``labelled/images`` + ``labelled/labels`` is the YOLO layout ``python -m vision train
        --extra DIR`` reads: one line per detected tile that survived the edit, with its corrected
        class; ``labelled/meta`` keeps the full record (reading, corrections, final hand).
        """
        photo = self.photo_path(table_id, photo_id)
        if photo is None:
            return None
        width, height = read.get("width"), read.get("height")
        tiles = read.get("tiles") or []
        final = {index: tile.get("tile") for index, tile in enumerate(tiles)}
        for correction in corrections:
            index = correction.get("index")
            if isinstance(index, int) and index in final:
                final[index] = correction.get("now")
        lines = []
        if width and height:
            for index, tile in enumerate(tiles):
                code = final.get(index)
                if code is None or code not in CLASS_INDEX or tile.get("face_down"):
                    continue
                x1, y1, x2, y2 = tile["box"]
                lines.append(f"{CLASS_INDEX[code]} {(x1 + x2) / 2 / width:.6f} {(y1 + y2) / 2 / height:.6f} "
                             f"{(x2 - x1) / width:.6f} {(y2 - y1) / height:.6f}")
        stem = f"t{table_id}-{photo_id}"
        images = data_path(self.data_dir, "labelled", "images")
        labels = data_path(self.data_dir, "labelled", "labels")
        meta = data_path(self.data_dir, "labelled", "meta")
        for folder in (images, labels, meta):
            folder.mkdir(parents=True, exist_ok=True)
        (images / f"{stem}{photo.suffix}").write_bytes(photo.read_bytes())
        (labels / f"{stem}.txt").write_text("\n".join(lines) + ("\n" if lines else ""))
        (meta / f"{stem}.json").write_text(json.dumps(
            {"photo": photo.name, "read": read, "corrections": list(corrections), "hand": dict(hand)}))
        return labels / f"{stem}.txt"

    # -- a stable hand pushed by a laptop camera (`python -m vision watch --post URL`) ----------
    def push_pending(self, table_id: int, read: Mapping[str, Any], photo_id: str | None) -> dict[str, Any]:
        item = {"id": secrets.token_hex(6), "read": dict(read), "photo_id": photo_id, "received": time.time()}
        self._pending[table_id] = item
        return item

    def pending(self, table_id: int) -> dict[str, Any] | None:
        return self._pending.get(table_id)
