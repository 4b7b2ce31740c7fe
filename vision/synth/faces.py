"""Tile faces drawn by our own code from system fonts and simple shapes (no copied artwork).

Why: the only real tile photos we have are a few hundred clean catalogue crops, far too few to
train on. Rendered faces in several regional styles, with varied ink, tint and back colours, give
the detector and the crop classifier unlimited, exactly labelled tiles. The styles differ the way
real sets do: Hong Kong sets carry small index numerals, Japanese riichi sets have red fives and
no index, Chinese and Taiwanese sets use heavier brush glyphs and other ink colours.

``render_face(code, style=..., width=..., height=..., seed=...)`` returns an HxWx3 uint8 BGR image
of the tile face (or of a face-down back for ``"back"``). The same arguments give the same pixels.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from vision.classes import CLASS_CODES

CJK_FONT = "/usr/share/fonts/truetype/arphic/ukai.ttc"
LATIN_FONTS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
)

STYLES: tuple[str, ...] = ("hk", "chinese", "japanese", "taiwan", "modern")

NUMERALS = "一二三四五六七八九"
WAN = "萬"
WIND_GLYPHS = "東南西北"
WIND_INDEX = "ESWN"
FLOWER_GLYPHS = "梅蘭菊竹"
SEASON_GLYPHS = "春夏秋冬"

SUPERSAMPLE = 3  # draw large, then shrink with area averaging: smooth edges at any output size

# Colours are RGB while drawing (PIL); the result is converted to BGR at the end.
RED = (200, 30, 35)
GREEN = (20, 125, 60)
BLUE = (25, 60, 160)
BLACK = (25, 25, 30)

FACE_TINTS = (
    (246, 244, 232),
    (250, 250, 247),
    (240, 236, 214),
    (236, 242, 236),
    (244, 240, 226),
    (252, 248, 236),
    (232, 236, 240),
    (245, 238, 220),
)
BACK_COLOURS = (
    (30, 120, 70),
    (35, 80, 160),
    (230, 140, 30),
    (225, 200, 60),
    (180, 40, 50),
    (60, 160, 170),
    (120, 70, 150),
    (40, 40, 45),
    (210, 100, 140),
    (90, 150, 60),
)


@dataclass(frozen=True)
class Palette:
    """Ink colours of one tile set: the style fixes the scheme, the seed varies the shades."""

    ink: tuple[int, int, int]  # numerals, winds
    red: tuple[int, int, int]
    green: tuple[int, int, int]
    blue: tuple[int, int, int]
    tint: tuple[int, int, int]
    back: tuple[int, int, int]
    index: bool  # small corner numerals / letters (Hong Kong sets)
    stroke: int  # glyph boldness, in supersampled pixels
    white_frame: bool  # white dragon drawn as a blue frame rather than blank
    frame_colour: tuple[int, int, int]


def _jitter(colour: tuple[int, int, int], rng: random.Random, amount: int) -> tuple[int, int, int]:
    return tuple(int(min(255, max(0, c + rng.randint(-amount, amount)))) for c in colour)  # type: ignore[return-value]


def palette(style: str, seed: int) -> Palette:
    """The colours and options of one tile set; ``seed`` picks shades, tint and back colour."""
    if style not in STYLES:
        raise ValueError(f"unknown tile style {style!r}; known: {', '.join(STYLES)}")
    rng = random.Random(f"{style}:{seed}")
    ink = {"hk": BLACK, "chinese": BLUE, "japanese": BLACK, "taiwan": (20, 40, 110), "modern": (40, 40, 40)}[
        style
    ]
    if style in ("chinese", "taiwan") and rng.random() < 0.3:
        ink = BLACK
    stroke = {"hk": 1, "chinese": 3, "japanese": 0, "taiwan": 2, "modern": 1}[style]
    return Palette(
        ink=_jitter(ink, rng, 20),
        red=_jitter(RED, rng, 25),
        green=_jitter(GREEN if style != "modern" else (0, 140, 90), rng, 25),
        blue=_jitter(BLUE if style != "taiwan" else (30, 90, 170), rng, 25),
        tint=_jitter(rng.choice(FACE_TINTS), rng, 6),
        back=_jitter(rng.choice(BACK_COLOURS), rng, 20),
        index=style == "hk" or (style == "modern" and rng.random() < 0.5),
        stroke=stroke + rng.randint(0, 1),
        white_frame=style == "japanese" or rng.random() < 0.35,
        frame_colour=_jitter(BLUE, rng, 30),
    )


@functools.lru_cache(maxsize=64)
def _font(path: str, size: int, index: int = 0) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size, index=index)


def _glyph(
    draw: ImageDraw.ImageDraw,
    text: str,
    box: tuple[float, float, float, float],
    colour: tuple[int, int, int],
    stroke: int = 0,
    font_path: str = CJK_FONT,
) -> None:
    """Draw ``text`` scaled to fit ``box`` (x0, y0, x1, y1), centred."""
    x0, y0, x1, y1 = box
    size = max(4, int(min(x1 - x0, (y1 - y0)) * 1.05))
    font = _font(font_path, size)
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font, stroke_width=stroke)
    scale = min((x1 - x0) / max(1, right - left), (y1 - y0) / max(1, bottom - top))
    if scale < 1.0:
        font = _font(font_path, max(4, int(size * scale)))
        left, top, right, bottom = draw.textbbox((0, 0), text, font=font, stroke_width=stroke)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    draw.text(
        (cx - (left + right) / 2, cy - (top + bottom) / 2),
        text,
        font=font,
        fill=colour,
        stroke_width=stroke,
        stroke_fill=colour,
    )


def _circle(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour, tint, rings: int = 2) -> None:
    """A mahjong 'dot': a coloured disc with inner rings cut in the face colour."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
    for i in range(1, rings + 1):
        rr = r * (1 - 0.3 * i)
        if rr <= 0:
            break
        width = max(1, int(r * 0.09))
        draw.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), outline=tint, width=width)
    draw.ellipse((cx - r * 0.14, cy - r * 0.14, cx + r * 0.14, cy + r * 0.14), fill=tint)


DOT_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0.27), (0.5, 0.73)),
    3: ((0.24, 0.2), (0.5, 0.5), (0.76, 0.8)),
    4: ((0.28, 0.27), (0.72, 0.27), (0.28, 0.73), (0.72, 0.73)),
    5: ((0.26, 0.22), (0.74, 0.22), (0.5, 0.5), (0.26, 0.78), (0.74, 0.78)),
    6: ((0.3, 0.17), (0.7, 0.17), (0.3, 0.55), (0.7, 0.55), (0.3, 0.84), (0.7, 0.84)),
    7: ((0.22, 0.13), (0.5, 0.24), (0.78, 0.35), (0.3, 0.6), (0.7, 0.6), (0.3, 0.86), (0.7, 0.86)),
    8: (
        (0.3, 0.13),
        (0.7, 0.13),
        (0.3, 0.38),
        (0.7, 0.38),
        (0.3, 0.63),
        (0.7, 0.63),
        (0.3, 0.88),
        (0.7, 0.88),
    ),
    9: tuple((x, y) for y in (0.17, 0.5, 0.83) for x in (0.2, 0.5, 0.8)),
}


def _dot_colours(n: int, pal: Palette, red_five: bool) -> list[tuple[int, int, int]]:
    if red_five:
        return [pal.red] * 5
    scheme = {
        2: [pal.green, pal.blue],
        3: [pal.blue, pal.red, pal.green],
        4: [pal.blue, pal.green, pal.green, pal.blue],
        5: [pal.blue, pal.green, pal.red, pal.green, pal.blue],
        6: [pal.green, pal.green] + [pal.red] * 4,
        7: [pal.green] * 3 + [pal.red] * 4,
        8: [pal.blue] * 8,
        9: [pal.blue] * 3 + [pal.red] * 3 + [pal.green] * 3,
    }
    return scheme[n]


def _draw_dots(draw, n: int, area, pal: Palette, red_five: bool) -> None:
    x0, y0, x1, y1 = area
    w, h = x1 - x0, y1 - y0
    if n == 1:
        r = min(w, h) * 0.42
        cx, cy = x0 + w / 2, y0 + h / 2
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=pal.green)
        draw.ellipse((cx - r * 0.8, cy - r * 0.8, cx + r * 0.8, cy + r * 0.8), fill=pal.tint)
        for k in range(12):
            a = k * np.pi / 6
            px, py = cx + np.cos(a) * r * 0.62, cy + np.sin(a) * r * 0.62
            draw.ellipse((px - r * 0.1, py - r * 0.1, px + r * 0.1, py + r * 0.1), fill=pal.blue)
        _circle(draw, cx, cy, r * 0.45, pal.red, pal.tint, rings=1)
        return
    layout = DOT_LAYOUTS[n]
    r = min(w, h) * {2: 0.2, 3: 0.16, 4: 0.18, 5: 0.16, 6: 0.14, 7: 0.12, 8: 0.115, 9: 0.13}[n]
    colours = _dot_colours(n, pal, red_five)
    for (fx, fy), colour in zip(layout, colours, strict=True):
        _circle(draw, x0 + fx * w, y0 + fy * h, r, colour, pal.tint)


def _stick(draw, cx: float, cy: float, length: float, width: float, colour, tint, angle: float = 0.0) -> None:
    """A bamboo stick: a rounded bar with three nodes, optionally tilted (8 bamboo)."""
    dx, dy = np.sin(angle) * length / 2, np.cos(angle) * length / 2
    p0, p1 = (cx - dx, cy - dy), (cx + dx, cy + dy)
    draw.line((p0, p1), fill=colour, width=int(width))
    for end in (p0, p1):
        draw.ellipse(
            (end[0] - width / 2, end[1] - width / 2, end[0] + width / 2, end[1] + width / 2), fill=colour
        )
    for t in (0.5,):
        mx, my = cx + (t - 0.5) * 2 * dx, cy + (t - 0.5) * 2 * dy
        draw.line(
            (
                (mx - width * 0.5 * np.cos(angle), my + width * 0.5 * np.sin(angle)),
                (mx + width * 0.5 * np.cos(angle), my - width * 0.5 * np.sin(angle)),
            ),
            fill=tint,
            width=max(1, int(width * 0.18)),
        )
    draw.line(
        ((cx - dx * 0.55, cy - dy * 0.55), (cx + dx * 0.55, cy + dy * 0.55)),
        fill=tint,
        width=max(1, int(width * 0.14)),
    )


STICK_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0.27), (0.5, 0.73)),
    3: ((0.5, 0.27), (0.3, 0.73), (0.7, 0.73)),
    4: ((0.3, 0.27), (0.7, 0.27), (0.3, 0.73), (0.7, 0.73)),
    5: ((0.22, 0.27), (0.78, 0.27), (0.5, 0.5), (0.22, 0.73), (0.78, 0.73)),
    6: tuple((x, y) for y in (0.27, 0.73) for x in (0.2, 0.5, 0.8)),
    7: ((0.5, 0.17),) + tuple((x, y) for y in (0.5, 0.83) for x in (0.2, 0.5, 0.8)),
    8: tuple((x, y) for y in (0.27, 0.73) for x in (0.14, 0.38, 0.62, 0.86)),
    9: tuple((x, y) for y in (0.17, 0.5, 0.83) for x in (0.2, 0.5, 0.8)),
}


def _stick_colours(n: int, pal: Palette, red_five: bool) -> list[tuple[int, int, int]]:
    if red_five:
        return [pal.red] * 5
    g, b, r = pal.green, pal.blue, pal.red
    scheme = {
        2: [g, b],
        3: [b, g, g],
        4: [g, b, b, g],
        5: [g, b, r, b, g],
        6: [g, g, g, b, b, b],
        7: [r] + [g] * 6,
        8: [g] * 8,
        9: [g, r, b, g, r, b, g, r, b],
    }
    return scheme[n]


def _draw_sticks(draw, n: int, area, pal: Palette, red_five: bool) -> None:
    x0, y0, x1, y1 = area
    w, h = x1 - x0, y1 - y0
    if n == 1:
        _draw_bird(draw, area, pal)
        return
    rows = 3 if n in (7, 9) else 2
    length = h / rows * 0.78
    width = w * (0.1 if n >= 8 else 0.13)
    colours = _stick_colours(n, pal, red_five)
    for i, ((fx, fy), colour) in enumerate(zip(STICK_LAYOUTS[n], colours, strict=True)):
        angle = 0.0
        if n == 8:
            angle = (0.35 if i % 2 == 0 else -0.35) * (1 if i < 4 else -1)
        _stick(draw, x0 + fx * w, y0 + fy * h, length, width, colour, pal.tint, angle)


def _draw_bird(draw, area, pal: Palette) -> None:
    """One bamboo: a simple stylised bird (body, wing, tail feathers, head and beak)."""
    x0, y0, x1, y1 = area
    w, h = x1 - x0, y1 - y0
    cx, cy = x0 + w * 0.5, y0 + h * 0.55
    for k, colour in enumerate((pal.blue, pal.red, pal.green)):
        a = -0.9 + k * 0.45
        tip = (cx + np.cos(a + np.pi / 2) * w * 0.05 - w * 0.32, cy + h * 0.35 - k * h * 0.05)
        draw.polygon([(cx - w * 0.05, cy), tip, (tip[0] + w * 0.12, tip[1] + h * 0.04)], fill=colour)
    draw.ellipse((cx - w * 0.25, cy - h * 0.2, cx + w * 0.22, cy + h * 0.17), fill=pal.green)
    draw.ellipse((cx - w * 0.12, cy - h * 0.12, cx + w * 0.12, cy + h * 0.08), fill=pal.red)
    hx, hy = cx + w * 0.18, cy - h * 0.28
    draw.ellipse((hx - w * 0.12, hy - w * 0.12, hx + w * 0.12, hy + w * 0.12), fill=pal.green)
    draw.ellipse((hx - w * 0.03, hy - w * 0.04, hx + w * 0.03, hy + w * 0.02), fill=pal.tint)
    draw.polygon(
        [(hx + w * 0.1, hy - w * 0.03), (hx + w * 0.26, hy + w * 0.02), (hx + w * 0.1, hy + w * 0.05)],
        fill=pal.red,
    )
    draw.line(
        ((cx - w * 0.05, cy + h * 0.17), (cx - w * 0.08, cy + h * 0.3)),
        fill=pal.ink,
        width=max(1, int(w * 0.03)),
    )
    draw.line(
        ((cx + w * 0.05, cy + h * 0.17), (cx + w * 0.06, cy + h * 0.3)),
        fill=pal.ink,
        width=max(1, int(w * 0.03)),
    )


def _draw_flower(
    draw, cx: float, cy: float, r: float, petal, centre, petals: int, rng: random.Random
) -> None:
    start = rng.random() * np.pi
    for k in range(petals):
        a = start + k * 2 * np.pi / petals
        px, py = cx + np.cos(a) * r * 0.6, cy + np.sin(a) * r * 0.6
        draw.ellipse((px - r * 0.42, py - r * 0.42, px + r * 0.42, py + r * 0.42), fill=petal)
    draw.ellipse((cx - r * 0.3, cy - r * 0.3, cx + r * 0.3, cy + r * 0.3), fill=centre)


def _index(draw, text: str, w: float, h: float, colour, rng: random.Random) -> None:
    """Hong Kong style corner index: a small Latin numeral or wind letter, top left or right."""
    size = h * 0.16
    right = rng.random() < 0.3
    x0 = w * (0.72 if right else 0.07)
    _glyph(draw, text, (x0, h * 0.05, x0 + size * 0.8, h * 0.05 + size), colour, 0, LATIN_FONTS[0])


def _draw_code(draw, code: str, w: float, h: float, pal: Palette, rng: random.Random) -> None:
    """The picture of one face code on a w x h canvas (already filled with the face tint)."""
    number, suit = int(code[0]), code[1]
    red_five = number == 0
    if red_five:
        number = 5
    has_index = pal.index
    pad_x, pad_y = w * 0.1, h * 0.08
    area = (
        pad_x + (w * 0.06 if has_index else 0),
        pad_y + (h * 0.08 if has_index else 0),
        w - pad_x,
        h - pad_y,
    )
    if suit == "m":
        numeral_colour = pal.red if red_five else pal.ink
        ax0, ay0, ax1, ay1 = area
        split = ay0 + (ay1 - ay0) * 0.46
        _glyph(draw, NUMERALS[number - 1], (ax0, ay0, ax1, split), numeral_colour, pal.stroke)
        _glyph(draw, WAN, (ax0, split + h * 0.02, ax1, ay1), pal.red, pal.stroke)
        if has_index:
            _index(draw, str(number), w, h, pal.red if red_five else pal.ink, rng)
    elif suit == "p":
        _draw_dots(draw, number, area, pal, red_five)
        if has_index:
            _index(draw, str(number), w, h, pal.red if red_five else pal.ink, rng)
    elif suit == "s":
        _draw_sticks(draw, number, area, pal, red_five)
        if has_index:
            _index(draw, str(number), w, h, pal.red if red_five else pal.ink, rng)
    elif suit == "z":
        _draw_honour(draw, number, area, w, h, pal, rng)
    else:
        _draw_bonus(draw, number, area, w, h, pal, rng)


def _draw_honour(draw, number: int, area, w: float, h: float, pal: Palette, rng: random.Random) -> None:
    if number <= 4:
        _glyph(draw, WIND_GLYPHS[number - 1], area, pal.ink, pal.stroke)
        if pal.index:
            _index(draw, WIND_INDEX[number - 1], w, h, pal.ink, rng)
    elif number == 5:
        if pal.white_frame:
            x0, y0, x1, y1 = w * 0.2, h * 0.15, w * 0.8, h * 0.85
            width = max(2, int(w * 0.07))
            draw.rectangle((x0, y0, x1, y1), outline=pal.frame_colour, width=width)
            inset = width * 1.8
            draw.rectangle(
                (x0 + inset, y0 + inset, x1 - inset, y1 - inset),
                outline=pal.frame_colour,
                width=max(1, width // 3),
            )
    elif number == 6:
        _glyph(draw, "發", area, pal.green, pal.stroke)
    else:
        _glyph(draw, "中", area, pal.red, pal.stroke)


def _draw_bonus(draw, number: int, area, w: float, h: float, pal: Palette, rng: random.Random) -> None:
    """Flowers 1-4 and seasons 5-8: a glyph, a small painted flower and the number 1-4."""
    ax0, ay0, ax1, ay1 = area
    glyph = (FLOWER_GLYPHS + SEASON_GLYPHS)[number - 1]
    colour = (pal.blue, pal.green, pal.red, pal.ink)[(number - 1) % 4] if number > 4 else pal.green
    split = ay0 + (ay1 - ay0) * 0.5
    flower_colours = ((230, 120, 160), (200, 60, 80), (240, 190, 40), (120, 90, 200))
    _draw_flower(
        draw,
        (ax0 + ax1) / 2,
        (ay0 + split) / 2,
        (split - ay0) * 0.45,
        flower_colours[(number - 1) % 4],
        pal.red if number <= 4 else pal.green,
        5 if number <= 4 else 6,
        rng,
    )
    _glyph(draw, glyph, (ax0, split, ax1, ay1), colour, pal.stroke)
    digit = str((number - 1) % 4 + 1)
    _glyph(
        draw,
        digit,
        (w * 0.06, h * 0.04, w * 0.26, h * 0.2),
        pal.red if number <= 4 else pal.blue,
        0,
        LATIN_FONTS[1],
    )


def _draw_back(draw, w: float, h: float, pal: Palette, rng: random.Random) -> None:
    draw.rectangle((0, 0, w, h), fill=pal.back)
    pattern = rng.randint(0, 3)
    darker = tuple(max(0, c - 35) for c in pal.back)
    if pattern == 1:
        draw.rectangle((w * 0.12, h * 0.1, w * 0.88, h * 0.9), outline=darker, width=max(1, int(w * 0.03)))
    elif pattern == 2:
        for k in range(6):
            y = h * (0.15 + 0.14 * k)
            draw.line(((w * 0.15, y), (w * 0.85, y)), fill=darker, width=max(1, int(h * 0.01)))
    elif pattern == 3:
        draw.ellipse((w * 0.25, h * 0.3, w * 0.75, h * 0.7), outline=darker, width=max(1, int(w * 0.03)))


def render_face(
    code: str, *, style: str = "hk", width: int = 60, height: int = 80, seed: int = 0
) -> np.ndarray:
    """The face of tile ``code`` (one of CLASS_CODES) as an HxWx3 uint8 BGR image.

    ``style`` picks the tile set family, ``seed`` the set within it (ink shades, face tint, back
    colour) and small drawing variations. The output depends only on the arguments.
    """
    if code not in CLASS_CODES:
        raise ValueError(f"unknown tile class {code!r}")
    if width < 4 or height < 4:
        raise ValueError("a tile face needs at least 4x4 pixels")
    pal = palette(style, seed)
    rng = random.Random(f"{code}:{style}:{seed}")
    w, h = width * SUPERSAMPLE, height * SUPERSAMPLE
    image = Image.new("RGB", (w, h), pal.tint)
    draw = ImageDraw.Draw(image)
    if code == "back":
        _draw_back(draw, w, h, pal, rng)
    else:
        _draw_code(draw, code, w, h, pal, rng)
        # a faint engraved edge: real faces show a rim where the face meets the body
        rim = tuple(max(0, c - 28) for c in pal.tint)
        draw.rounded_rectangle((1, 1, w - 2, h - 2), radius=w * 0.08, outline=rim, width=max(1, w // 60))
    rgb = np.asarray(image.resize((width, height), Image.Resampling.BOX))
    return np.ascontiguousarray(rgb[:, :, ::-1])


def back_colour(style: str, seed: int) -> tuple[int, int, int]:
    """The BGR back colour of the set ``(style, seed)``: the scene paints tile sides with it."""
    r, g, b = palette(style, seed).back
    return (b, g, r)


def face_tint(style: str, seed: int) -> tuple[int, int, int]:
    """The BGR face colour of the set ``(style, seed)``."""
    r, g, b = palette(style, seed).tint
    return (b, g, r)
