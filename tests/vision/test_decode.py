"""Decoding uploads: EXIF orientation, size limits checked from the header, clear errors."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image, ImageFile, ImageOps

from vision.decode import (
    ImageError,
    apply_orientation,
    decode_image,
    probe_image,
    read_image_file,
    reduction_for,
)


def asymmetric_rgb(width: int = 40, height: int = 30) -> np.ndarray:
    """An image where every flip and turn gives different pixels: a gradient plus a corner mark."""
    y, x = np.mgrid[0:height, 0:width]
    image = np.stack([x * 255 // width, y * 255 // height, np.full_like(x, 60)], axis=2).astype(np.uint8)
    image[:6, :9] = (255, 255, 255)
    return image


def encode(rgb: np.ndarray, fmt: str = "PNG", orientation: int | None = None, **save) -> bytes:
    image = Image.fromarray(rgb)
    if orientation is not None:
        exif = Image.Exif()
        exif[0x0112] = orientation
        save["exif"] = exif
    out = io.BytesIO()
    image.save(out, format=fmt, **save)
    return out.getvalue()


@pytest.mark.parametrize("orientation", range(1, 9))
def test_exif_orientation_matches_pillow(orientation):
    rgb = asymmetric_rgb()
    data = encode(rgb, "PNG", orientation)
    decoded = decode_image(data)
    expected = np.asarray(ImageOps.exif_transpose(Image.open(io.BytesIO(data))).convert("RGB"))
    assert decoded.info.orientation == orientation
    assert decoded.pixels.shape == expected.shape
    np.testing.assert_array_equal(decoded.pixels[..., ::-1], expected)   # BGR out


def test_a_sideways_phone_jpeg_comes_out_upright():
    rgb = asymmetric_rgb(80, 60)
    decoded = decode_image(encode(rgb, "JPEG", 6, quality=95))
    assert decoded.pixels.shape[:2] == (80, 60)           # turned a quarter: taller than wide
    assert decoded.info.oriented_size == (60, 80)
    # orientation 6 means "turn clockwise to view": the white top-left mark ends top-right
    assert decoded.pixels[2, -3].min() > 200 and decoded.pixels[-3, 2].min() < 100


def test_apply_orientation_1_is_identity():
    rgb = asymmetric_rgb()
    assert apply_orientation(rgb, 1) is rgb


def test_not_an_image():
    with pytest.raises(ImageError, match="not a photo") as error:
        decode_image(b"this is a text file, not a photo")
    assert error.value.reason == "not_an_image"


def test_empty():
    with pytest.raises(ImageError, match="empty") as error:
        probe_image(b"")
    assert error.value.reason == "empty"


def test_too_many_bytes_is_refused_before_reading():
    data = encode(asymmetric_rgb())
    with pytest.raises(ImageError, match="limit") as error:
        probe_image(data, max_bytes=len(data) - 1)
    assert error.value.reason == "too_large"


def test_too_many_pixels_is_refused_from_the_header():
    # A tiny PNG of a large blank image: what a decompression bomb looks like.
    data = encode(np.zeros((3000, 4000, 3), np.uint8))
    assert len(data) < 200_000
    with pytest.raises(ImageError, match="4000 x 3000") as error:
        decode_image(data, max_pixels=10_000_000)
    assert error.value.reason == "too_large"


def test_probing_a_png_decodes_no_pixels(monkeypatch):
    # Pillow's getexif() on a PNG decodes the whole image to look for a trailing EXIF chunk: a
    # header check must not pay that (20 such uploads at once took a server past 1.5 GB)
    data = encode(np.zeros((3000, 4000, 3), np.uint8))

    def no_decoding(self, *args, **kwargs):
        raise AssertionError("the header check decoded the pixels")

    monkeypatch.setattr(Image.Image, "load", no_decoding)
    monkeypatch.setattr(ImageFile.ImageFile, "load", no_decoding)
    info = probe_image(data)
    assert (info.width, info.height) == (4000, 3000)


def test_unsupported_format_is_named():
    with pytest.raises(ImageError, match="GIF") as error:
        probe_image(encode(asymmetric_rgb(), "GIF"))
    assert error.value.reason == "unsupported"


def test_truncated_jpeg_header_is_not_an_image():
    data = encode(asymmetric_rgb(), "JPEG")
    with pytest.raises(ImageError):
        decode_image(data[:40])


def test_missing_file(tmp_path):
    with pytest.raises(ImageError, match="cannot read"):
        read_image_file(str(tmp_path / "nope.jpg"))


def test_large_jpeg_is_decoded_reduced_and_knows_its_scale():
    rgb = np.zeros((1800, 3600, 3), np.uint8)
    rgb[:, 1800:] = 200
    data = encode(rgb, "JPEG", quality=80)
    info = probe_image(data)
    assert reduction_for(info, 1600) == 2       # 3600 / 2 = 1800 >= 1600, / 4 = 900 is not
    assert reduction_for(info, None) == 1
    decoded = decode_image(data, min_side=1600)
    assert decoded.pixels.shape == (900, 1800, 3) and decoded.scale == 0.5
    assert decoded.pixels[:, :890].max() < 40 and decoded.pixels[:, 910:].min() > 160


def test_png_is_never_reduced():
    info = probe_image(encode(np.zeros((100, 5000, 3), np.uint8)))
    assert reduction_for(info, 100) == 1
