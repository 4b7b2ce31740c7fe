"""Unit checks of the guards in webapp.security."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image
from tests_web_helpers import png_bytes

from webapp.security import UploadError, check_image, data_path, looks_like_token, new_token


def test_tokens() -> None:
    tokens = {new_token() for _ in range(50)}
    assert len(tokens) == 50 and all(looks_like_token(t) and len(t) >= 22 for t in tokens)
    for junk in ("", "short", "../../etc/passwd", "a" * 65, "abc def ghi jkl mno"):
        assert not looks_like_token(junk)


def test_check_image_accepts_photos_and_reports_upright_size() -> None:
    checked = check_image(png_bytes(64, 48), max_bytes=10**6, max_pixels=10**6)
    assert (checked.format, checked.width, checked.height, checked.extension) == ("PNG", 64, 48, "png")
    # A JPEG stored sideways (EXIF orientation 6) is 64 x 48 as stored and 48 x 64 as seen.
    image = Image.new("RGB", (64, 48))
    exif = image.getexif()
    exif[0x0112] = 6
    out = io.BytesIO()
    image.save(out, format="JPEG", exif=exif)
    turned = check_image(out.getvalue(), max_bytes=10**6, max_pixels=10**6)
    assert (turned.width, turned.height) == (48, 64)


@pytest.mark.parametrize(("data", "status", "words"), [
    (b"", 400, "empty"),
    (b"GIF89a not really", 415, "not a photo"),
    (b"<svg xmlns='http://www.w3.org/2000/svg'/>", 415, "not a photo"),
])
def test_check_image_refuses(data: bytes, status: int, words: str) -> None:
    with pytest.raises(UploadError) as caught:
        check_image(data, max_bytes=10**6, max_pixels=10**6)
    assert caught.value.status == status and words in str(caught.value)


def test_check_image_limits() -> None:
    with pytest.raises(UploadError) as caught:
        check_image(png_bytes(2000, 1000), max_bytes=10**7, max_pixels=1_000_000)
    assert caught.value.status == 413 and "2.0 megapixels" in str(caught.value)
    with pytest.raises(UploadError) as caught:
        check_image(png_bytes(100, 100), max_bytes=50, max_pixels=10**6)
    assert caught.value.status == 413 and "MB" in str(caught.value)
    with pytest.raises(UploadError):
        check_image(png_bytes(8, 8), max_bytes=10**6, max_pixels=10**6)


def test_data_path_stays_inside(tmp_path: Path) -> None:
    assert data_path(tmp_path, "photos", "1", "abc.jpg") == (tmp_path / "photos" / "1" / "abc.jpg").resolve()
    for parts in (("..", "etc"), ("photos", "../x"), ("/etc/passwd",), (".hidden",), ("a/b",)):
        with pytest.raises(ValueError):
            data_path(tmp_path, *parts)
    outside = tmp_path.parent / "outside"
    outside.mkdir(exist_ok=True)
    (tmp_path / "link").symlink_to(outside)
    with pytest.raises(ValueError):
        data_path(tmp_path, "link", "x")
