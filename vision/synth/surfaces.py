"""Procedural table surfaces (felt, wood, desk, mats, cloth, stone, laminate, prints, glass, paper,
marble): no photos, only noise and shapes.

Why: the detector must find tiles on whatever the table is covered with; textures made from seeded
noise give endless variety, and one family (``marble``) can be kept out of training so the held-out
evaluation really meets a surface the model never saw.
"""

from __future__ import annotations

import cv2
import numpy as np

SURFACES: tuple[str, ...] = (
    "felt",
    "wood",
    "desk",
    "mat",
    "cloth",
    "stone",
    "laminate",
    "print",
    "glass",
    "paper",
    "marble",
    "pattern",
)
# An automatic table's bright green felt, centre plate and rim: a family of its own that the first
# recipes did not draw from (SURFACES is their default list, so it stays as it was); a recipe asks
# for it by name or by its ``autotable`` share.
AUTOTABLE = "autotable"
ALL_SURFACES: tuple[str, ...] = SURFACES + (AUTOTABLE,)


def _smooth_noise(rng: np.random.Generator, height: int, width: int, scale: int) -> np.ndarray:
    """Value noise in [0, 1]: random values on a coarse grid, enlarged with cubic interpolation."""
    small = rng.random((max(2, height // scale + 2), max(2, width // scale + 2))).astype(np.float32)
    big = cv2.resize(small, (width, height), interpolation=cv2.INTER_CUBIC)
    return np.clip(big, 0, 1)


def _fractal(rng: np.random.Generator, height: int, width: int, base: int) -> np.ndarray:
    total = np.zeros((height, width), np.float32)
    weight = 1.0
    scale = base
    norm = 0.0
    while scale >= 2:
        total += weight * _smooth_noise(rng, height, width, scale)
        norm += weight
        weight *= 0.5
        scale //= 2
    return total / norm


def _colourise(gray: np.ndarray, dark: np.ndarray, light: np.ndarray) -> np.ndarray:
    g = gray[:, :, None]
    return (dark[None, None, :] * (1 - g) + light[None, None, :] * g).astype(np.float32)


def _felt(rng, h, w):
    base = rng.choice(
        [(40, 110, 40), (110, 60, 20), (30, 30, 120), (90, 90, 90), (60, 100, 20), (20, 80, 60)]
    )
    base = np.array(base, np.float32) + rng.integers(-20, 20, 3)
    grain = rng.normal(0, 1, (h, w)).astype(np.float32) * rng.uniform(4, 10)
    blotch = (_fractal(rng, h, w, 128) - 0.5) * rng.uniform(10, 40)
    return base[None, None, :] + (grain + blotch)[:, :, None]


def _wood(rng, h, w):
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = rng.uniform(0, np.pi)
    u = x * np.cos(angle) + y * np.sin(angle)
    v = -x * np.sin(angle) + y * np.cos(angle)
    warp = _fractal(rng, h, w, 256) * rng.uniform(20, 80)
    period = rng.uniform(8, 30)
    rings = 0.5 + 0.5 * np.sin((v + warp) / period + 0.002 * u)
    fine = _smooth_noise(rng, h, w, 3) * 0.3
    gray = np.clip(rings * 0.7 + fine, 0, 1)
    dark = np.array(rng.choice([(20, 45, 90), (30, 60, 110), (15, 30, 60), (60, 100, 150)]), np.float32)
    light = dark + np.array([40, 60, 80], np.float32) * rng.uniform(0.6, 1.2)
    return _colourise(gray, dark, light)


def _desk(rng, h, w):
    tone = rng.uniform(205, 250)
    tint = rng.integers(-8, 8, 3)
    noise = (_fractal(rng, h, w, 64) - 0.5) * rng.uniform(4, 14)
    return (tone + tint)[None, None, :].astype(np.float32) + noise[:, :, None]


def _mat(rng, h, w):
    base = np.array(
        rng.choice([(30, 30, 30), (50, 90, 40), (120, 60, 40), (70, 70, 160), (40, 120, 120)]), np.float32
    )
    image = np.ones((h, w, 3), np.float32) * base + rng.normal(0, 5, (h, w, 1)).astype(np.float32)
    step = int(rng.uniform(40, 160))
    colour = tuple(float(c) for c in np.clip(base + rng.uniform(40, 120), 0, 255))
    for x in range(int(rng.uniform(0, step)), w, step):
        cv2.line(image, (x, 0), (x, h), colour, max(1, step // 40))
    for y in range(int(rng.uniform(0, step)), h, step):
        cv2.line(image, (0, y), (w, y), colour, max(1, step // 40))
    return image


def _cloth(rng, h, w):
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    a = np.array(rng.integers(30, 230, 3), np.float32)
    b = np.array(rng.integers(30, 230, 3), np.float32)
    period = rng.uniform(20, 90)
    kind = rng.integers(0, 3)
    if kind == 0:  # stripes
        g = (np.sin(x / period * np.pi) > 0).astype(np.float32)
    elif kind == 1:  # plaid
        g = 0.5 * (np.sin(x / period * np.pi) > 0) + 0.5 * (np.sin(y / period * np.pi) > 0)
    else:  # polka dots
        g = (np.mod(x, period) - period / 2) ** 2 + (np.mod(y, period) - period / 2) ** 2 < (period / 4) ** 2
        g = g.astype(np.float32)
    weave = (np.sin(x * 1.7) * np.sin(y * 1.7)) * 0.08
    return _colourise(np.clip(g + weave, 0, 1), a, b)


def _marble(rng, h, w):
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    turb = _fractal(rng, h, w, 128) * rng.uniform(4, 9)
    veins = np.abs(np.sin((x * rng.uniform(0.005, 0.02) + y * rng.uniform(0.005, 0.02)) + turb))
    gray = 1 - np.power(1 - veins, rng.uniform(6, 20))
    light = np.array(
        rng.choice([(235, 235, 235), (200, 210, 220), (60, 60, 60), (200, 220, 230)]), np.float32
    )
    dark = light * rng.uniform(0.45, 0.8)
    return _colourise(gray, dark, light)


def _stone(rng, h, w):
    """Granite or terrazzo: speckles and chips of a few colours over a mottled ground."""
    ground = np.array(rng.integers(40, 220, 3), np.float32)
    image = ground[None, None, :] + ((_fractal(rng, h, w, 64) - 0.5) * rng.uniform(10, 40))[:, :, None]
    palette = [np.array(rng.integers(0, 255, 3), np.float32) for _ in range(int(rng.integers(2, 5)))]
    count = int(h * w * rng.uniform(0.002, 0.02))
    big = rng.uniform(1, 6)
    for _ in range(count):
        colour = tuple(float(c) for c in palette[int(rng.integers(len(palette)))])
        centre = (int(rng.integers(w)), int(rng.integers(h)))
        axes = (max(1, int(rng.exponential(big))), max(1, int(rng.exponential(big))))
        cv2.ellipse(image, centre, axes, float(rng.uniform(0, 180)), 0, 360, colour, -1)
    return image


def _laminate(rng, h, w):
    """A plain plastic top: one colour, faint mottling, sometimes a fine printed grid or dots."""
    base = np.array(rng.integers(20, 240, 3), np.float32)
    image = base[None, None, :] + ((_fractal(rng, h, w, 32) - 0.5) * rng.uniform(3, 12))[:, :, None]
    if rng.random() < 0.5:
        step = int(rng.uniform(6, 24))
        colour = tuple(float(c) for c in np.clip(base + rng.uniform(-40, 40), 0, 255))
        for x in range(0, w, step):
            for y in range(0, h, step):
                cv2.circle(image, (x, y), 1, colour, -1)
    return image


def _print(rng, h, w):
    """A printed tablecloth: leaves, petals and blocks of several colours over a light or dark ground."""
    ground = np.array(rng.integers(0, 255, 3), np.float32)
    image = np.ones((h, w, 3), np.float32) * ground
    palette = [tuple(float(c) for c in rng.integers(0, 255, 3)) for _ in range(int(rng.integers(2, 6)))]
    size = rng.uniform(8, 60)
    for _ in range(int(h * w / (size * size) * rng.uniform(0.3, 1.2))):
        colour = palette[int(rng.integers(len(palette)))]
        centre = (int(rng.integers(w)), int(rng.integers(h)))
        shape = rng.integers(0, 3)
        if shape == 0:
            axes = (max(2, int(size * rng.uniform(0.3, 1))), max(1, int(size * rng.uniform(0.1, 0.4))))
            cv2.ellipse(image, centre, axes, float(rng.uniform(0, 180)), 0, 360, colour, -1)
        elif shape == 1:
            half = max(2, int(size * rng.uniform(0.2, 0.6)))
            cv2.rectangle(
                image,
                (centre[0] - half, centre[1] - half),
                (centre[0] + half, centre[1] + half),
                colour,
                -1 if rng.random() < 0.6 else 2,
            )
        else:
            cv2.circle(image, centre, max(2, int(size * rng.uniform(0.1, 0.5))), colour, -1)
    return image


def _glass(rng, h, w):
    """A dark glass or lacquer top: near black with broad reflections and a soft gradient."""
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    base = rng.uniform(10, 60)
    angle = rng.uniform(0, np.pi)
    u = (x * np.cos(angle) + y * np.sin(angle)) / max(h, w)
    streaks = np.clip(np.sin(u * rng.uniform(3, 12) + rng.uniform(0, 6)), 0, 1) ** rng.uniform(4, 12)
    gray = base + streaks * rng.uniform(30, 120) + (_fractal(rng, h, w, 128) - 0.5) * 15
    tint = np.array(rng.uniform(0.8, 1.2, 3), np.float32)
    return gray[:, :, None] * tint[None, None, :]


def _paper(rng, h, w):
    """Newspaper or a score sheet under the tiles: pale paper with rows of dark strokes and rules."""
    tone = rng.uniform(170, 245)
    image = np.full((h, w, 3), tone, np.float32) + rng.normal(0, 3, (h, w, 1)).astype(np.float32)
    line = int(rng.uniform(6, 18))
    ink = (float(rng.uniform(20, 90)),) * 3
    for y in range(line, h, line):
        x = int(rng.uniform(0, 10))
        while x < w:
            length = int(rng.uniform(line * 0.5, line * 4))
            cv2.line(image, (x, y), (min(w, x + length), y), ink, max(1, line // 5))
            x += length + int(rng.uniform(line * 0.4, line))
    if rng.random() < 0.5:
        for y in range(0, h, int(rng.uniform(40, 120))):
            cv2.line(image, (0, y), (w, y), (float(rng.uniform(60, 160)),) * 3, 1)
    return image


def _pattern(rng, h, w):
    """A busy printed cover (oilcloth, vinyl, a decorated board) of no particular kind: wandering
    curves, straight strokes, outlined boxes and rings of a few colours over a mottled ground of any
    colour. Not a picture of any one table: it puts edges and marks everywhere, so that the models
    learn that a line on the table, or a pale patch framed by lines, is no tile."""
    ground = np.array(rng.integers(0, 256, 3), np.float32)
    image = ground[None, None, :] + ((_fractal(rng, h, w, 64) - 0.5) * rng.uniform(10, 60))[:, :, None]
    palette = [tuple(float(c) for c in rng.integers(0, 256, 3)) for _ in range(int(rng.integers(1, 5)))]
    reach = max(h, w)
    for _ in range(int(rng.integers(8, 50))):
        colour = palette[int(rng.integers(len(palette)))]
        thickness = int(rng.integers(1, 5))
        start = rng.uniform(0, 1, 2) * (w, h)
        kind = rng.integers(0, 4)
        if kind == 0:       # a wandering curve
            step, angle = rng.uniform(0.005, 0.03) * reach, rng.uniform(0, 2 * np.pi)
            points = [start]
            for _ in range(int(rng.integers(5, 60))):
                angle += rng.normal(0, 0.4)
                points.append(points[-1] + step * np.array([np.cos(angle), np.sin(angle)]))
            cv2.polylines(image, [np.array(points, np.int32)], False, colour, thickness, cv2.LINE_AA)
        elif kind == 1:     # a straight stroke
            end = start + rng.uniform(-0.4, 0.4, 2) * reach
            cv2.line(image, tuple(int(v) for v in start), tuple(int(v) for v in end), colour, thickness,
                     cv2.LINE_AA)
        elif kind == 2:     # an outlined or filled box, about a tile's size or larger
            size = rng.uniform(0.02, 0.15, 2) * reach
            corner = tuple(int(v) for v in start + size)
            cv2.rectangle(image, tuple(int(v) for v in start), corner, colour,
                          -1 if rng.random() < 0.3 else thickness)
        else:               # a ring or a blot
            axes = tuple(int(v) for v in rng.uniform(0.005, 0.08, 2) * reach + 1)
            cv2.ellipse(image, tuple(int(v) for v in start), axes, float(rng.uniform(0, 180)), 0, 360,
                        colour, -1 if rng.random() < 0.3 else thickness, cv2.LINE_AA)
    return image


def _autotable(rng, h, w):
    """An automatic table: even, bright green felt (almost no texture), and often part of the
    machine: the square centre plate (dark plastic with a dice window and four wind lamps) and the
    table's rim along an edge, with the slot where the walls rise."""
    base = np.array((rng.uniform(20, 90), rng.uniform(130, 200), rng.uniform(20, 80)), np.float32)  # BGR
    image = base[None, None, :] + ((_fractal(rng, h, w, 256) - 0.5) * rng.uniform(4, 16))[:, :, None]
    image += rng.normal(0, rng.uniform(1, 4), (h, w, 1)).astype(np.float32)
    reach = max(h, w)
    if rng.random() < 0.5:  # the centre plate, often only partly in the photo
        centre = (rng.uniform(-0.1, 1.1) * w, rng.uniform(-0.1, 1.1) * h)
        side = rng.uniform(0.25, 0.6) * reach
        angle = rng.uniform(0, 180)
        plate = cv2.boxPoints((centre, (side, side), angle)).astype(np.int32)
        tone = rng.uniform(15, 70)
        cv2.fillPoly(image, [plate], (tone, tone, tone * rng.uniform(0.9, 1.2)), cv2.LINE_AA)
        cv2.polylines(image, [plate], True, (tone + 60,) * 3, max(1, int(side * 0.01)), cv2.LINE_AA)
        window = cv2.boxPoints((centre, (side * 0.3, side * 0.3), angle)).astype(np.int32)
        cv2.fillPoly(image, [window], (tone * 0.5,) * 3, cv2.LINE_AA)
        for k in range(4):  # the wind lamps, one to a side
            a = np.radians(angle + 90 * k)
            spot = (int(centre[0] + np.cos(a) * side * 0.38), int(centre[1] + np.sin(a) * side * 0.38))
            lit = k == 0 or rng.random() < 0.5  # the dealer's lamp red, others lit yellow or dark
            lamp = (0.0, 0.0, 230.0) if k == 0 else (40.0, 200.0, 230.0) if lit else (90.0, 90.0, 90.0)
            cv2.circle(image, spot, max(2, int(side * 0.03)), lamp, -1, cv2.LINE_AA)
    if rng.random() < 0.6:  # the rim along one edge of the photo, with the wall slot inside it
        width = int(rng.uniform(0.04, 0.15) * reach)
        rim = np.array(rng.choice([(30, 30, 30), (200, 200, 205), (40, 70, 110), (120, 40, 40)]), np.float32)
        turn = int(rng.integers(0, 4))  # which edge: draw along the top of the turned image
        image = np.rot90(image, turn).copy()
        image[:width] = rim + rng.normal(0, 3, (width, image.shape[1], 1)).astype(np.float32)
        image[width : width + max(2, width // 6)] = base * 0.35
        image = np.rot90(image, -turn).copy()
    return image


_MAKERS = {
    "felt": _felt,
    "wood": _wood,
    "desk": _desk,
    "mat": _mat,
    "cloth": _cloth,
    "stone": _stone,
    "laminate": _laminate,
    "print": _print,
    "glass": _glass,
    "paper": _paper,
    "marble": _marble,
    "pattern": _pattern,
    AUTOTABLE: _autotable,
}


def make_surface(kind: str, height: int, width: int, rng: np.random.Generator) -> np.ndarray:
    """A BGR uint8 table texture of the family ``kind``, drawn from ``rng``."""
    if kind not in _MAKERS:
        raise ValueError(f"unknown surface {kind!r}; known: {', '.join(ALL_SURFACES)}")
    # textures are drawn at half size and enlarged: four times cheaper, and still sharper than a photo
    small_h, small_w = max(8, height // 2), max(8, width // 2)
    texture = _MAKERS[kind](rng, small_h, small_w)
    texture = cv2.resize(
        np.clip(texture, 0, 255).astype(np.uint8), (width, height), interpolation=cv2.INTER_LINEAR
    )
    return texture
