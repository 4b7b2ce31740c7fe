"""The web app's one door to tables: access tokens, the event log, photos and labelled corrections.

Views never touch the database or the file system directly; they call a ``Backend``. The table's
rules live in ``engine.table.state`` (state = fold(events)); this module persists the event log with an
optimistic version check, so two phones scoring the same table cannot silently overwrite each other.

Persistence is ``webapp.storage`` (event log, hand records, tokens, export). Photos and the
corrections made to their readings are files in the data folder (labelled training data in YOLO
format under ``labelled/``), and the hand record keeps the photo's reference, the reading and the
corrections.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from vision.classes import CLASS_INDEX
from webapp.security import PHOTO_EXTENSIONS, CheckedImage, data_path, looks_like_token
from webapp.storage import ConflictError, Loaded, Storage, TableRef
from webapp.storage.club_transfer import TableUpload
from webapp.storage.transfer import ImportedPhoto
from webapp.storage.values import PhotoIdTaken

Conflict = ConflictError   # the name the views use for a stale version
PARTIAL = ".part"          # a file still being written; renamed into place when complete
IMPORTS = "imports"        # the data folder's staging area: one folder per import's photos
IMPORT_NOTE = "table.json"  # in a staging folder: the table its photos belong to, once committed
PHOTO_KEYS = ("photo", "photo_ref")    # where an export names a photo by its id


def with_photo_ids(value: Any, new_ids: Mapping[str, str]) -> Any:
    """An export (or any part of one) with each photo reference in ``new_ids`` replaced."""
    if isinstance(value, Mapping):
        return {key: new_ids.get(item, item) if key in PHOTO_KEYS and isinstance(item, str)
                else with_photo_ids(item, new_ids) for key, item in value.items()}
    if isinstance(value, list):
        return [with_photo_ids(item, new_ids) for item in value]
    return value


def _write_synced(path: Path, data: bytes) -> None:
    """Write and flush to disk, so the rename that follows never exposes a short file."""
    with open(path, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


class Backend:
    """Tables (through ``webapp.storage``), photos and pending camera hands for one data folder."""

    def __init__(self, database_url: str, data_dir: Path, *, media_in_database: bool = False) -> None:
        self.data_dir = Path(data_dir)
        self.storage = Storage(database_url)
        # Several servers on one database: photos and pending hands live in it, where all see them.
        self.media_in_database = media_in_database
        self.clean_orphans()

    # -- tables --------------------------------------------------------------------------------
    def create_table(self, name: str, players: Sequence[str], rules: str,
                     options: Mapping[str, Any] | None) -> TableRef:
        """Validated by the engine (names, preset, options); the edit token is known only now."""
        return self.storage.create_table(rules, players, options, (name or "").strip() or "Table")

    def by_edit_token(self, token: str) -> Loaded | None:
        return self.storage.by_edit_token(token) if looks_like_token(token) else None

    def by_view_token(self, token: str) -> Loaded | None:
        return self.storage.by_view_token(token) if looks_like_token(token) else None

    def by_edit_tokens(self, tokens: Sequence[str]) -> list[Loaded]:
        found = [self.by_edit_token(token) for token in tokens]
        return [item for item in found if item is not None]

    def record(self, table_id: int, version: int, event: Mapping[str, Any], *,
               detections: Any = None, corrections: Any = None, based_on: Loaded | None = None) -> Loaded:
        """Append one event if the table is still at ``version`` (ConflictError if not; the
        engine's TableError if the event cannot happen); the photo's reading and the corrections
        go into the same transaction as the hand record."""
        described = (event.get("event") or {}) if event.get("type") == "amend" else event
        photo = described.get("photo")
        after = self.storage.record(table_id, version, event,
                                    photo_ref=photo if isinstance(photo, str) else None,
                                    detections=detections, corrections=corrections, based_on=based_on)
        if based_on is not None and based_on.ref.id == table_id:
            after.short_names = based_on.short_names    # an event renames no one: the seat cards stay
        return after

    def hands(self, table_id: int) -> list[dict[str, Any]]:
        return self.storage.hands(table_id)

    def export(self, loaded: Loaded) -> dict[str, Any]:
        """The table as JSON (storage's export format, which ``tiletally table import`` reads)."""
        return self.storage.export_json(loaded.ref.id)

    def export_csv(self, loaded: Loaded) -> str:
        return self.storage.export_csv(loaded.ref.id)

    def photo_entries(self, table_id: int, refs: Sequence[str]) -> list[tuple[str, bytes]]:
        """The files of the photos ``refs`` (and their readings) as (name, bytes) for an export."""
        out = []
        for ref in dict.fromkeys(refs):
            if self.media_in_database:
                found = self.storage.photo(table_id, ref) if self._photo_id_ok(ref) else None
                if found is not None:
                    out.append((f"{ref}.{found[0]}", found[1]))
                    if found[2] is not None:
                        out.append((f"{ref}.read.json", json.dumps(found[2]).encode()))
                continue
            path = self.photo_path(table_id, ref)
            if path is None:
                continue
            out.append((path.name, path.read_bytes()))
            reading = path.with_suffix(".read.json")
            if reading.is_file():
                out.append((reading.name, reading.read_bytes()))
        return out

    def import_table(self, export: Mapping[str, Any], photos: Mapping[str, CheckedImage],
                     readings: Mapping[str, Any]) -> TableRef:
        """A new table from an export (storage checks its events and totals) with the photos that
        came with it: the whole table with every photo, or nothing.

        In the database, where photo ids are one namespace, a photo whose id is taken (an export
        imported back, or the same file twice) gets a new one, and the hands' references follow;
        the photos are inserted in the table's own transaction. In the data folder (a folder per
        table, so no id clashes) they are written first, to a staging folder of the import's own
        (``imports/``); inside the table's transaction a note naming the new table joins them,
        and after the commit they are moved under the table. A crash before the commit leaves a
        staging folder whose note names no table, which the next start removes; a crash after it,
        one whose table exists, and the next start finishes the move (``clean_orphans``)."""
        if self.media_in_database:
            try:
                return self._import_into_database(export, photos, readings,
                                                  self.storage.taken_photo_ids(photos))
            except PhotoIdTaken:        # an import at the same moment took one of the ids first
                return self._import_into_database(export, photos, readings, set(photos))
        if not photos:
            return self.storage.import_json(export)
        staging = self._stage_import(photos, readings)
        try:
            ref = self.storage.import_json(export, before_commit=lambda ref: self._note_import(staging, ref))
        except Exception:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        self._place_import(staging)
        return ref

    def _import_into_database(self, export: Mapping[str, Any], photos: Mapping[str, CheckedImage],
                              readings: Mapping[str, Any], taken: set[str]) -> TableRef:
        """The table and its photos in one transaction, each photo in ``taken`` under a new id."""
        upload = self._renamed(export, photos, readings, taken)
        return self.storage.import_json(upload.export, photos=upload.photos)

    @staticmethod
    def _renamed(export: Mapping[str, Any], photos: Mapping[str, CheckedImage], readings: Mapping[str, Any],
                 taken: set[str]) -> TableUpload:
        """The export and its photos as the database stores them, each photo in ``taken`` (and
        the hands' references to it) under a new id."""
        new_ids = {old: secrets.token_hex(12) for old in photos if old in taken}
        return TableUpload(with_photo_ids(export, new_ids), [
            ImportedPhoto(new_ids.get(photo_id, photo_id), image.extension, image.data,
                          readings.get(photo_id))
            for photo_id, image in photos.items()])

    def prepared_import(self, export: Mapping[str, Any], photos: Mapping[str, CheckedImage],
                        readings: Mapping[str, Any], *,
                        renamed: set[str] | None = None) -> tuple[TableUpload, Path | None]:
        """One table of an import of many in one transaction (a club's season), its photos made
        ready as ``import_table`` makes them: in the database, each photo whose id is taken (or
        in ``renamed``) under a new id; in the data folder, written to a staging folder (returned)
        whose note the store writes inside its transaction. After the transaction the caller
        moves each staging folder's photos under their table (``place_import``), or, if it
        failed, removes the folder (``abandon_import``); a crash in between is finished at the
        next start (``clean_orphans``)."""
        if self.media_in_database:
            taken = self.storage.taken_photo_ids(photos) if renamed is None else renamed
            return self._renamed(export, photos, readings, taken), None
        if not photos:
            return TableUpload(export), None
        staging = self._stage_import(photos, readings)
        return TableUpload(export, before_commit=lambda ref: self._note_import(staging, ref)), staging

    def place_import(self, staging: Path) -> None:
        self._place_import(staging)

    @staticmethod
    def abandon_import(staging: Path) -> None:
        shutil.rmtree(staging, ignore_errors=True)

    def _stage_import(self, images: Mapping[str, CheckedImage], read: Mapping[str, Any]) -> Path:
        """An import's photos and readings, written to a staging folder of its own."""
        staging = data_path(self.data_dir, IMPORTS, secrets.token_hex(8))
        staging.mkdir(parents=True)
        for photo_id, image in images.items():
            if read.get(photo_id) is not None:
                _write_synced(staging / f"{photo_id}.read.json", json.dumps(read[photo_id]).encode())
            _write_synced(staging / f"{photo_id}.{image.extension}", image.data)
        return staging

    @staticmethod
    def _note_import(staging: Path, ref: TableRef) -> None:
        """Inside the table's transaction: which table the staged photos belong to (its id, and
        its view token, so an id SQLite hands out again after a rollback is never taken for it)."""
        note = staging / IMPORT_NOTE
        _write_synced(note.with_name(note.name + PARTIAL),
                      json.dumps({"table_id": ref.id, "view_token": ref.view_token}).encode())
        os.replace(note.with_name(note.name + PARTIAL), note)

    def _place_import(self, staging: Path) -> None:
        """Move committed staged photos under their table, each reading before its photo (as an
        upload stores them); what a crash leaves of it is moved at the next start."""
        table_id = int(json.loads((staging / IMPORT_NOTE).read_text())["table_id"])
        target = data_path(self.data_dir, "photos", str(table_id))
        target.mkdir(parents=True, exist_ok=True)
        files = sorted((path for path in staging.iterdir() if path.name != IMPORT_NOTE),
                       key=lambda path: not path.name.endswith(".read.json"))
        for path in files:
            os.replace(path, target / path.name)
        shutil.rmtree(staging, ignore_errors=True)

    def _finish_imports(self) -> int:
        """At start: finish the imports that committed (their note names a table that exists),
        remove the staging folders of the rest; returns how many staging folders were handled."""
        root = self.data_dir / IMPORTS
        if not root.is_dir():
            return 0
        handled = 0
        for staging in root.iterdir():
            if not staging.is_dir():
                continue
            handled += 1
            try:
                note = json.loads((staging / IMPORT_NOTE).read_text())
                found = self.storage.by_view_token(str(note["view_token"]))
                committed = found is not None and found.ref.id == int(note["table_id"])
            except (OSError, ValueError, KeyError, TypeError):
                committed = False
            if committed:
                self._place_import(staging)
            else:
                shutil.rmtree(staging, ignore_errors=True)
        return handled

    # -- photos and labelled corrections --------------------------------------------------------
    def save_photo(self, table_id: int, image: CheckedImage, read: Mapping[str, Any]) -> str:
        """Store a photo and its reading; returns its id. Both are written to temporary names and
        renamed into place, the photo last, so a crash at any moment leaves either the whole photo
        with its reading or nothing under a photo's name (``clean_orphans`` removes the rest)."""
        photo_id = secrets.token_hex(12)
        self._store_photo(table_id, photo_id, image, read)
        return photo_id

    def _store_photo(self, table_id: int, photo_id: str, image: CheckedImage,
                     read: Mapping[str, Any] | None) -> None:
        if self.media_in_database:
            self.storage.save_photo(table_id, photo_id, image.extension, image.data, read)
            return
        path = data_path(self.data_dir, "photos", str(table_id), f"{photo_id}.{image.extension}")
        path.parent.mkdir(parents=True, exist_ok=True)
        photo_part = path.with_name(path.name + PARTIAL)
        _write_synced(photo_part, image.data)
        if read is not None:
            reading = path.with_suffix(".read.json")
            _write_synced(reading.with_name(reading.name + PARTIAL), json.dumps(read).encode())
            os.replace(reading.with_name(reading.name + PARTIAL), reading)
        os.replace(photo_part, path)

    def clean_orphans(self) -> int:
        """At start: finish or undo what a crash mid-import left (``import_table``), then remove
        what a crash mid-upload can leave (partial files, a reading whose photo never arrived);
        returns how many files and staging folders went."""
        removed = self._finish_imports()
        for folder in ("photos", "pending", "labelled"):
            root = self.data_dir / folder
            if not root.is_dir():
                continue
            for path in root.rglob("*"):
                orphan = path.name.endswith((PARTIAL, ".tmp")) or (
                    path.name.endswith(".read.json")
                    and not any(path.with_name(path.name[:-len(".read.json")] + "." + ext).is_file()
                                for ext in PHOTO_EXTENSIONS))
                if orphan and path.is_file():
                    path.unlink(missing_ok=True)
                    removed += 1
        return removed

    @staticmethod
    def _photo_id_ok(photo_id: str) -> bool:
        return bool(photo_id) and len(photo_id) == 24 and all(c in "0123456789abcdef" for c in photo_id)

    def has_photo(self, table_id: int, photo_id: str) -> bool:
        if not self._photo_id_ok(photo_id):
            return False
        if self.media_in_database:
            return self.storage.has_photo(table_id, photo_id)
        return self.photo_path(table_id, photo_id) is not None

    def photo_data(self, table_id: int, photo_id: str) -> tuple[bytes, str] | None:
        """The photo's bytes and its file extension (jpg, png, webp), or None."""
        if not self._photo_id_ok(photo_id):
            return None
        if self.media_in_database:
            found = self.storage.photo(table_id, photo_id)
            return None if found is None else (found[1], found[0])
        path = self.photo_path(table_id, photo_id)
        return None if path is None else (path.read_bytes(), path.suffix.lstrip("."))

    def photo_path(self, table_id: int, photo_id: str) -> Path | None:
        if not self._photo_id_ok(photo_id):
            return None
        for extension in PHOTO_EXTENSIONS:
            path = data_path(self.data_dir, "photos", str(table_id), f"{photo_id}.{extension}")
            if path.is_file():
                return path
        return None

    def reading(self, table_id: int, photo_id: str) -> dict[str, Any] | None:
        if self.media_in_database:
            found = self.storage.photo(table_id, photo_id) if self._photo_id_ok(photo_id) else None
            return None if found is None else found[2]
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
        With media in the database these files are not written: the hand record keeps the
        reading and the corrections, in the event's transaction, beside the stored photo.
        """
        photo = None if self.media_in_database else self.photo_path(table_id, photo_id)
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
        meta_text = json.dumps({"photo": photo.name, "read": read, "corrections": list(corrections),
                                "hand": dict(hand)})
        # The label file goes last: a training set lists labels, so no label without its image.
        for target, data in ((images / f"{stem}{photo.suffix}", photo.read_bytes()),
                             (meta / f"{stem}.json", meta_text.encode()),
                             (labels / f"{stem}.txt", ("\n".join(lines) + ("\n" if lines else "")).encode())):
            partial = target.with_name(target.name + PARTIAL)
            _write_synced(partial, data)
            os.replace(partial, target)
        return labels / f"{stem}.txt"

    # -- a stable hand pushed by a laptop camera (`python -m vision watch --post URL`) ----------
    # Kept as a file in the data folder, not in memory: the camera posts to whichever worker
    # process answers, the phone asks whichever answers next, and a restart loses nothing.
    def push_pending(self, table_id: int, read: Mapping[str, Any], photo_id: str | None) -> dict[str, Any]:
        item = {"id": secrets.token_hex(6), "read": dict(read), "photo_id": photo_id, "received": time.time()}
        if self.media_in_database:
            self.storage.push_pending(table_id, item)
            return item
        path = data_path(self.data_dir, "pending", f"{int(table_id)}.json")
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{item['id']}.tmp")
        partial.write_text(json.dumps(item))
        os.replace(partial, path)      # atomic: a reader sees the old hand or the new, never half
        return item

    def pending(self, table_id: int) -> dict[str, Any] | None:
        if self.media_in_database:
            return self.storage.pending(table_id)
        path = data_path(self.data_dir, "pending", f"{int(table_id)}.json")
        try:
            return json.loads(path.read_text())
        except FileNotFoundError:
            return None
