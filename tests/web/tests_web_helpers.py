"""Shared inputs for the web tests (imported by name: pytest puts this folder on sys.path)."""

from __future__ import annotations

import io

from PIL import Image

# Ann (player 0, East) wins on Bob's (player 1) discard; the engine input of the worked example.
WIN = {"hand": "123m456p789s11z222z", "win_tile": "2z", "win_by": "ron", "winner": 0, "discarder": 1}


def png_bytes(width: int, height: int, colour: tuple[int, int, int] = (40, 120, 60)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(out, format="PNG")
    return out.getvalue()
