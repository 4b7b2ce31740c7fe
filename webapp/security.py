"""The web app's checks: table links, API request bodies, upload checks, data-folder paths.

Every table has two secrets: an edit token (anyone holding the edit link can score hands) and a
separate view token (the read-only scoreboard link for a second screen). Knowing a token is the
only credential, so tokens are long, random, compared in constant time, and never leak through the
Referer header. The JSON API is called with the table token in its URL and a JSON or multipart
body, never with cookie credentials alone (``webapp.guards`` registers the checks on the app).
"""

from __future__ import annotations

import io
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Request, abort
from flask.json.provider import DefaultJSONProvider
from PIL import Image
from werkzeug.exceptions import BadRequest

from engine.core.coded import CodedError
from vision.decode import ImageError, probe_image
from webapp import upload_messages

TOKEN_BYTES = 16
TOKEN_PATTERN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")



@dataclass(frozen=True)
class PhotoType:
    """One kind of photo the server accepts: Pillow's name for it, its MIME type, the extension
    it is stored under, the name people know, and the bytes its files start with."""

    format: str
    mimetype: str
    extension: str
    name: str
    magic: tuple[tuple[int, bytes], ...]     # (offset, bytes) that every such file holds

    def starts(self, data: bytes) -> bool:
        return all(data[offset:offset + len(part)] == part for offset, part in self.magic)


# The photos a phone camera or a laptop produces, written once: every refusal names them, and
# storing, exporting and serving photos go by them. Anything else is refused before decoding
# (the reader itself could read BMP and TIFF too, but nothing here needs them).
ACCEPTED_PHOTOS = (
    PhotoType("JPEG", "image/jpeg", "jpg", "JPEG", ((0, b"\xff\xd8\xff"),)),
    PhotoType("PNG", "image/png", "png", "PNG", ((0, b"\x89PNG\r\n\x1a\n"),)),
    PhotoType("WEBP", "image/webp", "webp", "WebP", ((0, b"RIFF"), (8, b"WEBP"))),
)
IMAGE_FORMATS = {kind.format: kind.mimetype for kind in ACCEPTED_PHOTOS}
PHOTO_EXTENSIONS = tuple(kind.extension for kind in ACCEPTED_PHOTOS)
# the HTTP answer to each reason vision.decode.probe_image refuses a file for
UPLOAD_STATUS = {"empty": 400, "not_an_image": 415, "unsupported": 415, "too_large": 413}


def accepted_names() -> str:
    """The accepted types as a refusal names them: "JPEG, PNG, WebP" (no word to translate)."""
    return ", ".join(kind.name for kind in ACCEPTED_PHOTOS)


def photo_mimetype(extension: str) -> str:
    """The MIME type a stored photo is served with, by its extension."""
    return next(kind.mimetype for kind in ACCEPTED_PHOTOS if kind.extension == extension)


def new_token() -> str:
    """A fresh table secret (22 URL-safe characters, 128 bits)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def looks_like_token(text: str) -> bool:
    """Cheap shape check before any database lookup, so junk never reaches a query."""
    return bool(TOKEN_PATTERN.match(text or ""))


# -- JSON bodies ---------------------------------------------------------------------------------

MAX_JSON_DEPTH = 32     # the deepest real request (a win with claims and losers' melds) is about 5


class JSONRejected(ValueError):
    """A JSON body that parses but that no route could use safely; the message says why."""


def check_json(data: object, max_depth: int = MAX_JSON_DEPTH) -> None:
    """Refuse JSON nested deeper than ``max_depth`` or holding text that is not valid Unicode
    (a lone surrogate such as "\\ud800", which neither database nor an HTML page can store)."""
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as error:
                raise JSONRejected("the JSON holds text that is not valid Unicode "
                                   "(a lone surrogate escape)") from error
        elif isinstance(value, (dict, list)):
            if depth > max_depth:
                raise JSONRejected(f"the JSON is nested deeper than {max_depth} levels")
            items = list(value.items()) if isinstance(value, dict) else [(None, v) for v in value]
            for key, item in items:
                stack.append((item, depth + 1))
                if key is not None:
                    stack.append((key, depth + 1))


# JSON text without its strings (whose brackets are text), and its brackets as ( and ).
_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKETS = bytes.maketrans(b"[{]}", b"(())")
_NOT_BRACKETS = bytes(byte for byte in range(256) if byte not in b"[{]}")


def check_nesting(raw: str | bytes, max_depth: int = MAX_JSON_DEPTH) -> None:
    """Refuse JSON text nested deeper than ``max_depth``, before any parser reads it.

    Python's parser recurses once per bracket, so 100,000 of them exhaust its stack (a 500
    wherever a RecursionError is not caught). The brackets outside strings are peeled one level
    a pass, ``max_depth`` passes at most, each a C-speed replace: whatever is still nested after
    that is too deep. An unclosed run of brackets (invalid JSON) is refused here only when it is
    itself deeper than the limit; a shorter one keeps the parser within twice the limit, and the
    parser refuses it."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else bytes(raw)
    if b"[" not in data and b"{" not in data:
        return
    brackets = _JSON_STRING.sub(b"", data).translate(_BRACKETS, _NOT_BRACKETS)
    for _ in range(max_depth):
        peeled = brackets.replace(b"()", b"")
        if len(peeled) == len(brackets):
            break
        brackets = peeled
    if b"()" in brackets or brackets.count(b"(") > max_depth:
        raise JSONRejected(f"the JSON is nested deeper than {max_depth} levels")


class SafeJSONProvider(DefaultJSONProvider):
    """Flask's JSON, refusing (ValueError, so a 400) what ``check_nesting`` and ``check_json``
    refuse: deep nesting is refused before the parser could exhaust its recursion."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        check_nesting(s)
        data = super().loads(s, **kwargs)
        check_json(data)
        return data


def _json_problem(error: BaseException) -> str:
    """The reason a JSON body was refused, from the exception chain Flask raised."""
    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, JSONRejected):
            return str(seen)
        seen = seen.__cause__ or seen.__context__
    return "the request body is not valid JSON"


def check_api_request(req: Request) -> None:
    """An API write is JSON or a multipart photo upload, and its JSON is one we can use safely.

    A cross-site HTML form cannot send application/json without a CORS preflight, which this app
    never answers; photo uploads are multipart but need the table token in the URL.
    """
    kind = req.mimetype or ""
    if kind != "application/json" and not kind.startswith("multipart/form-data"):
        abort(415, description="send JSON (Content-Type: application/json) or a multipart photo upload")
    if kind == "application/json":
        try:
            req.get_json()          # parsed once here (and cached) to name what is wrong with it
        except BadRequest as error:
            abort(400, description=_json_problem(error))


# -- uploads -------------------------------------------------------------------------------------

class UploadError(CodedError):
    """An upload refused before it reached the reader; ``status`` is the HTTP code to answer, and
    ``code`` and ``params`` say why (``webapp.upload_messages``), so a page can say it in its
    reader's language."""

    def __init__(self, message: str, status: int = 400, *, code: str,
                 params: dict[str, Any] | None = None) -> None:
        super().__init__(message, code=code, params=params)
        self.status = status

    @classmethod
    def of(cls, code: str, status: int, **params: Any) -> UploadError:
        """The refusal with its code's English message filled in."""
        return cls(upload_messages.text(code, **params), status, code=code, params=params)


@dataclass(frozen=True)
class CheckedImage:
    data: bytes
    format: str        # JPEG, PNG or WEBP
    width: int         # as the person sees it: the EXIF orientation applied
    height: int

    @property
    def extension(self) -> str:
        return next(kind.extension for kind in ACCEPTED_PHOTOS if kind.format == self.format)


def check_image(data: bytes, *, max_bytes: int, max_pixels: int,
                max_full_decode_pixels: int | None = None) -> CheckedImage:
    """Accept a JPEG, PNG or WebP photo within the byte and pixel limits, or raise UploadError.

    The header is checked by the reader's own probe (``vision.decode.probe_image``: sizes from the
    header before any pixel is decoded, so a decompression bomb is refused with a 413 before it
    costs memory); the web app adds what only uploads need. JPEG is decoded reduced to what the
    reader needs; PNG, WebP and progressive JPEG cost their full size in memory to decode, so they
    are held to ``max_full_decode_pixels`` (a phone photo is a baseline JPEG; a PNG is a screenshot).
    """
    try:
        info = probe_image(data, max_bytes=max_bytes, max_pixels=max_pixels)
    except ImageError as error:
        if error.reason == "not_an_image" and any(kind.starts(data) for kind in ACCEPTED_PHOTOS):
            # an accepted type whose header is cut short: a damaged photo, not another kind of file
            raise UploadError.of("upload.damaged", 422, detail="its header is incomplete") from error
        if error.reason in ("not_an_image", "unsupported"):
            code, params = _type_refusal(data, error)
            raise UploadError.of(code, 415, **params) from error
        code, params = _decode_refusal(error, len(data), max_bytes, max_pixels)
        raise UploadError(str(error), UPLOAD_STATUS[error.reason], code=code, params=params) from error
    fmt, (width, height) = info.format, info.oriented_size
    if fmt not in IMAGE_FORMATS:
        raise UploadError.of("upload.format_refused", 415, format=fmt, accepted=accepted_names())
    pixels = width * height
    if max_full_decode_pixels is not None and pixels > max_full_decode_pixels:
        sizes = {"megapixels": f"{pixels / 1e6:.1f}", "limit": f"{max_full_decode_pixels / 1e6:.0f}"}
        if fmt != "JPEG":
            raise UploadError.of("upload.full_decode_limit", 413, format=fmt, width=width, height=height,
                                 **sizes)
        if info.progressive:
            raise UploadError.of("upload.progressive_jpeg", 413, **sizes)
    if width < 16 or height < 16:
        raise UploadError.of("upload.too_small", 400, width=width, height=height)
    return CheckedImage(data=data, format=fmt, width=width, height=height)


def _type_refusal(data: bytes, error: ImageError) -> tuple[str, dict[str, Any]]:
    """The code and params of a file that is no photo, or a kind of image not accepted: both name
    the accepted types (the reader's own message lists the types it can decode, more than these)."""
    if error.reason == "unsupported":
        try:
            with Image.open(io.BytesIO(data)) as image:    # the header only, as the probe read it
                return "upload.format_refused", {"format": image.format or "these",
                                                 "accepted": accepted_names()}
        except (OSError, ValueError, SyntaxError):
            pass
    return "upload.not_an_image", {"accepted": accepted_names()}


def _decode_refusal(error: ImageError, size: int, max_bytes: int,
                    max_pixels: int) -> tuple[str, dict[str, Any]]:
    """The code and params of an empty or too large file's refusal (its English text is
    vision.decode's)."""
    if error.reason != "too_large":
        return "upload.empty", {}
    if size > max_bytes:
        return "upload.too_many_bytes", {"megabytes": f"{size / 1e6:.1f}", "limit": f"{max_bytes / 1e6:.1f}"}
    return "upload.too_many_pixels", {"limit": f"{max_pixels / 1e6:.0f}"}


# -- paths ---------------------------------------------------------------------------------------

SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,80}$")


def data_path(data_dir: str | Path, *parts: str) -> Path:
    """A path inside the data folder; any part that could climb out of it is refused.

    Parts are checked by pattern (no slashes, no leading dot) and the resolved result must still
    lie under the data folder, so neither '..' nor a symlink trick reaches another file.
    """
    root = Path(data_dir).resolve()
    for part in parts:
        if not SAFE_NAME.match(part) or ".." in part:
            raise ValueError(f"unsafe path part {part!r}")
    path = root.joinpath(*parts).resolve()
    if root != path and root not in path.parents:
        raise ValueError("path leaves the data folder")
    return path
