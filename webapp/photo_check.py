"""Is an uploaded photo whole? Found out without decoding it at full size.

The header checks (``webapp.security.check_image``) let through a file cut short in transfer,
since a photo's header is at its start. Decoding every pixel to find out would cost a small file
that declares a large image that image's whole pixel memory, once per upload: a burst of such
files is a decompression bomb even within the pixel limits. So each format is checked the
cheapest way that still reads the whole file:

- JPEG is decoded at an eighth of each side (the decoder's DCT scaling): every byte of the
  compressed data is still read, so a file cut short is still found, for 1/64 of the pixels.
- PNG's chunks are read to the end and each one's checksum compared (Pillow's ``verify``): a
  file cut short or damaged in transfer fails, and no pixel is decoded.
- WebP is parsed whole when it is opened (the header check already did): a file cut short does
  not open. Its pixels are decoded by the reader only, within ``MAX_FULL_DECODE_PIXELS``.
"""

from __future__ import annotations

import io

from PIL import Image

from webapp.security import UploadError

# The smallest size asked of the JPEG decoder: it then picks its largest reduction, 1/8.
SMALLEST = (1, 1)


def damage(data: bytes) -> UploadError | None:
    """Why a photo whose header is fine is not whole (cut short in transfer, damaged), as the
    refusal to answer (422); None when it is whole."""
    try:
        with Image.open(io.BytesIO(data)) as image:
            if image.format in ("JPEG", "MPO"):
                image.draft(None, SMALLEST)
                image.load()
            elif image.format == "PNG":
                image.verify()
    except (OSError, ValueError, SyntaxError) as error:
        return UploadError.of("upload.damaged", 422, detail=str(error))
    return None
