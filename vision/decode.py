"""Bytes -> pixels, safely: the first step of every reading, and the web app's upload check.

Phones store photos sideways with an EXIF orientation tag, so the tag is applied here once and
every later step sees the picture the way the person took it. Sizes are checked from the header
before any pixel is decoded (a small file can claim a gigapixel image), and a large photo is
decoded at a reduced scale by the JPEG decoder itself (DCT scaling), which is what keeps a
12-megapixel read fast: the detector needs about 1,600 pixels, not 4,000.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image, UnidentifiedImageError

DEFAULT_MAX_BYTES = 16 * 1024 * 1024       # a phone's largest JPEG is well under this
DEFAULT_MAX_PIXELS = 50_000_000            # a 48-megapixel phone photo fits; below a memory problem
DEFAULT_MIN_SIDE = 1000                    # decode at least this long side when reducing a photo
SUPPORTED_FORMATS = ("JPEG", "MPO", "PNG", "WEBP", "BMP", "TIFF")
EXIF_ORIENTATION = 0x0112

_REDUCED_FLAGS = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2,
                  4: cv2.IMREAD_REDUCED_COLOR_4, 8: cv2.IMREAD_REDUCED_COLOR_8}


class ImageError(ValueError):
    """An upload or file that cannot be read as a photo. ``reason`` is a short machine word
    ('empty', 'not_an_image', 'unsupported', 'too_large'); the message is for a person."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class ImageInfo:
    """What the header says: format, stored size, EXIF orientation (1 = as stored), and whether a
    JPEG is progressive (its decoder holds every coefficient of the whole image until the last
    scan, so decoding it reduced saves no memory; a camera's photo is baseline)."""

    format: str
    width: int
    height: int
    orientation: int = 1
    progressive: bool = False

    @property
    def oriented_size(self) -> tuple[int, int]:
        """(width, height) as the person sees the photo, after the EXIF orientation."""
        if self.orientation in (5, 6, 7, 8):
            return self.height, self.width
        return self.width, self.height


@dataclass(frozen=True, eq=False)
class DecodedImage:
    """BGR uint8 pixels, upright; ``scale`` = decoded pixels per photo pixel (1, 1/2, 1/4, 1/8)."""

    pixels: np.ndarray
    info: ImageInfo
    scale: float = 1.0


def probe_image(data: bytes, *, max_bytes: int = DEFAULT_MAX_BYTES,
                max_pixels: int = DEFAULT_MAX_PIXELS) -> ImageInfo:
    """Check an upload from its header only; raise ImageError saying what is wrong."""
    if not data:
        raise ImageError("empty", "the file is empty; choose a photo")
    if len(data) > max_bytes:
        raise ImageError("too_large", f"the photo is {len(data) / 1e6:.1f} MB; the limit is "
                                      f"{max_bytes / 1e6:.1f} MB")
    try:
        with Image.open(io.BytesIO(data)) as image:
            image_format = image.format or ""
            width, height = image.size
            orientation = _orientation(image)
            progressive = bool(image.info.get("progressive") or image.info.get("progression"))
    except Image.DecompressionBombError as error:
        raise ImageError("too_large", "the photo claims far more pixels than a camera takes; the limit "
                                      f"is {max_pixels / 1e6:.0f} megapixels") from error
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as error:
        raise ImageError("not_an_image", "that file is not a photo TileTally can read (send a JPEG, "
                                         "PNG, WebP, BMP or TIFF image)") from error
    if image_format not in SUPPORTED_FORMATS:
        raise ImageError("unsupported", f"{image_format or 'this'} images are not supported; "
                                        "use JPEG, PNG, WebP, BMP or TIFF")
    if width * height > max_pixels:
        raise ImageError("too_large", f"the photo is {width} x {height} = {width * height / 1e6:.1f} "
                                      f"megapixels; the limit is {max_pixels / 1e6:.0f} megapixels")
    return ImageInfo(image_format, width, height, orientation, progressive)


def _orientation(image: Image.Image) -> int:
    if image.format == "PNG" and "exif" not in image.info:
        # Pillow looks for an EXIF chunk after the pixel data by decoding the whole image: a
        # decompression bomb's cost, paid by a header check (a phone photo is a JPEG anyway)
        return 1
    try:
        value = int(image.getexif().get(EXIF_ORIENTATION, 1))
    except (ValueError, TypeError, OSError, SyntaxError):
        return 1   # a broken EXIF block is no reason to refuse the photo
    return value if 1 <= value <= 8 else 1


def reduction_for(info: ImageInfo, min_side: int | None) -> int:
    """The largest JPEG reduction (1, 2, 4, 8) that keeps the long side at least ``min_side``."""
    if min_side is None or info.format not in ("JPEG", "MPO"):
        return 1
    long_side = max(info.width, info.height)
    factor = 1
    while factor < 8 and long_side // (factor * 2) >= min_side:
        factor *= 2
    return factor


def apply_orientation(pixels: np.ndarray, orientation: int) -> np.ndarray:
    """Turn stored pixels upright per the EXIF orientation tag (values 1-8 of the TIFF spec)."""
    if orientation == 2:
        return pixels[:, ::-1]
    if orientation == 3:
        return pixels[::-1, ::-1]
    if orientation == 4:
        return pixels[::-1]
    if orientation == 5:
        return pixels.swapaxes(0, 1)
    if orientation == 6:
        return np.rot90(pixels, k=-1)
    if orientation == 7:
        return pixels[::-1, ::-1].swapaxes(0, 1)
    if orientation == 8:
        return np.rot90(pixels, k=1)
    return pixels


def decode_image(data: bytes, *, max_bytes: int = DEFAULT_MAX_BYTES,
                 max_pixels: int = DEFAULT_MAX_PIXELS, min_side: int | None = None) -> DecodedImage:
    """Decode upright BGR pixels. With ``min_side`` a large JPEG is decoded reduced (see module doc)."""
    info = probe_image(data, max_bytes=max_bytes, max_pixels=max_pixels)
    factor = reduction_for(info, min_side)
    buffer = np.frombuffer(data, dtype=np.uint8)
    pixels = cv2.imdecode(buffer, _REDUCED_FLAGS[factor] | cv2.IMREAD_IGNORE_ORIENTATION)
    if pixels is None:
        raise ImageError("not_an_image", f"the {info.format} file could not be decoded (damaged?)")
    pixels = np.ascontiguousarray(apply_orientation(pixels, info.orientation))
    return DecodedImage(pixels, info, scale=pixels.shape[1] / info.oriented_size[0])


def read_image_file(path: str, *, max_bytes: int = DEFAULT_MAX_BYTES,
                    max_pixels: int = DEFAULT_MAX_PIXELS, min_side: int | None = None) -> DecodedImage:
    """``decode_image`` of a file's bytes; a missing file is an ImageError too."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise ImageError("not_an_image", f"cannot read {path}: {error.strerror or error}") from error
    return decode_image(data, max_bytes=max_bytes, max_pixels=max_pixels, min_side=min_side)
