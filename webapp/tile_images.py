"""Tile pictures for the UI, drawn by the project's own renderer and cached as PNG files.

A phone may lack the fonts for the Unicode mahjong block, so the pages never print tiles as text:
every tile is an <img> served from here. The renderer is ``vision.synth.faces.render_face`` (the
same faces the detector was trained on); until that module is importable, a plain Pillow drawing
with the tile's number and suit stands in, so the app still works on a bare checkout.
"""

from __future__ import annotations

import importlib
import importlib.util
import io
import threading
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from engine.core.tiles import BONUS_NAMES, HONOR_NAMES
from vision.classes import CLASS_CODES

TILE_WIDTH = 60
TILE_HEIGHT = 80
STYLE = "hk"
_LOCK = threading.Lock()

SUIT_WORDS = {"m": "Crak", "p": "Dot", "s": "Bam"}
SUIT_COLOURS = {"m": (190, 30, 40), "p": (20, 70, 160), "s": (20, 120, 60)}


def is_tile_code(code: str) -> bool:
    return code in CLASS_CODES


def _renderer() -> Callable[..., object] | None:
    if importlib.util.find_spec("vision.synth.faces") is None:
        return None
    module = importlib.import_module("vision.synth.faces")
    return getattr(module, "render_face", None)


def _render_with_project(render: Callable[..., object], code: str) -> bytes:
    array = render(code, style=STYLE, width=TILE_WIDTH, height=TILE_HEIGHT, seed=0)
    image = Image.fromarray(array[:, :, ::-1].copy())  # type: ignore[index]  # BGR -> RGB
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _label(code: str) -> tuple[str, str, tuple[int, int, int]]:
    number, suit = code[0], code[1] if len(code) == 2 else ""
    if code == "back":
        return "", "", (40, 110, 80)
    if suit in SUIT_WORDS:
        return ("5" if number == "0" else number), SUIT_WORDS[suit], \
            (220, 20, 20) if number == "0" else SUIT_COLOURS[suit]
    if suit == "z":
        name = HONOR_NAMES[int(number) - 1]
        colour = {"5": (90, 90, 90), "6": (20, 120, 60), "7": (190, 30, 40)}.get(number, (30, 30, 30))
        return name[0], name, colour
    return number, BONUS_NAMES[int(number) - 1][:5], (150, 90, 20)


def render_fallback(code: str) -> bytes:
    """A legible stand-in: big number or initial, the suit word under it, a red five in red."""
    big, small, colour = _label(code)
    scale = 2
    width, height = TILE_WIDTH * scale, TILE_HEIGHT * scale
    image = Image.new("RGB", (width, height), (245, 240, 225))
    draw = ImageDraw.Draw(image)
    if code == "back":
        draw.rounded_rectangle((4, 4, width - 5, height - 5), radius=14, fill=colour)
    else:
        draw.rounded_rectangle((2, 2, width - 3, height - 3), radius=14, outline=(160, 150, 130), width=3)
        draw.text((width / 2, height * 0.42), big, fill=colour, anchor="mm",
                  font=ImageFont.load_default(size=64))
        draw.text((width / 2, height * 0.80), small, fill=colour, anchor="mm",
                  font=ImageFont.load_default(size=24))
    image = image.resize((TILE_WIDTH, TILE_HEIGHT), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def tile_png(code: str, cache_dir: Path) -> bytes:
    """The PNG for one tile code (CLASS_CODES), rendered once and then read from the cache."""
    if not is_tile_code(code):
        raise KeyError(code)
    render = _renderer()
    source = "faces" if render else "fallback"
    path = cache_dir / f"{source}-{STYLE}-{TILE_WIDTH}x{TILE_HEIGHT}" / f"{code}.png"
    if path.is_file():
        return path.read_bytes()
    data = _render_with_project(render, code) if render else render_fallback(code)
    with _LOCK:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp")
        temporary.write_bytes(data)
        temporary.replace(path)
    return data
