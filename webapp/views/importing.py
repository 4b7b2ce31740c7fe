"""An exported table read back as a new table: the one path the web app's import page and the
``table import`` command both take, so a file is accepted or refused the same way by either.

The file is a JSON export or a zip of one with its photos (``webapp.views.archive``); each photo
goes through the same checks as an upload (the pixel limits and the damage check), storage checks
the events, their values and the totals, and the table is stored with its photos, all or nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.coded import CodedError, coded_cause
from engine.families import RulesError
from engine.table.events import TableError
from webapp import photo_check, upload_messages
from webapp.security import CheckedImage, UploadError, check_image
from webapp.storage import StorageError, TableRef
from webapp.views.archive import Archive, ArchiveError, read_upload
from webapp.views.backend import Backend


class ImportFailed(ValueError):
    """An import file refused; ``status`` is the HTTP answer (400 unreadable, 413 too big)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class CheckedUpload:
    """An import file read and its photos checked: what ``store_upload`` writes."""

    archive: Archive
    photos: dict[str, CheckedImage]


def import_upload(backend: Backend, data: bytes, *, max_upload_bytes: int, max_image_pixels: int,
                  max_full_decode_pixels: int) -> tuple[TableRef, list[str]]:
    """A new table from an export (JSON, or a zip with its photos); the photo ids its hands refer
    to that the file did not carry come back, so the caller can say so. Every check, the
    photos' included, runs before the store's write starts."""
    checked = checked_upload(data, max_upload_bytes=max_upload_bytes, max_image_pixels=max_image_pixels,
                             max_full_decode_pixels=max_full_decode_pixels)
    return store_upload(backend, checked)


def checked_upload(data: bytes, *, max_upload_bytes: int, max_image_pixels: int,
                   max_full_decode_pixels: int) -> CheckedUpload:
    """An export read (JSON, or a zip with its photos) and each photo put through the upload's
    checks; ImportFailed says what is wrong. Nothing is written."""
    try:
        archive = read_upload(data, max_bytes=4 * int(max_upload_bytes) + len(data))
    except ArchiveError as error:
        raise ImportFailed(str(error)) from error
    photos: dict[str, CheckedImage] = {}
    for photo_id, (_, photo) in archive.photos.items():
        try:    # the upload's checks: header limits, then whole (webapp.photo_check)
            photos[photo_id] = check_image(photo, max_bytes=max_upload_bytes, max_pixels=max_image_pixels,
                                           max_full_decode_pixels=max_full_decode_pixels)
            damage = photo_check.damage(photo)
            if damage is not None:
                raise damage
        except UploadError as error:
            # coded (the photo, and the upload's own refusal inside) so a page can translate it
            params = {"photo": photo_id, "reason": str(error), "reason_code": error.code,
                      "reason_params": dict(error.params)}
            cause = CodedError(upload_messages.text("import.photo", **params), code="import.photo",
                               params=params)
            raise ImportFailed(str(cause), error.status) from cause
    return CheckedUpload(archive, photos)


def store_upload(backend: Backend, checked: CheckedUpload) -> tuple[TableRef, list[str]]:
    """The checked table stored with its photos, all or nothing; with the photo ids its hands refer
    to that the file did not carry."""
    archive = checked.archive
    try:
        ref = backend.import_table(archive.export, checked.photos, archive.readings)
    except (StorageError, TableError, RulesError, ValueError, TypeError) as error:
        cause = refusal(error)
        raise ImportFailed(str(cause)) from cause
    return ref, archive.missing()


def refusal(error: Exception) -> CodedError:
    """The store's (or the table's) refusal of an export, coded around its own refusal so a page
    can translate it (inside too, where that has a code)."""
    params: dict[str, object] = {"reason": str(error)}
    inner = coded_cause(error)
    if inner is not None:
        params.update(reason_code=inner.code, reason_params=dict(inner.params))
    return CodedError(upload_messages.text("import.refused", **params), code="import.refused",
                      params=params)
