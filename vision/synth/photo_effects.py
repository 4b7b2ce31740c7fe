"""What a real photo adds to a clean render: clutter on the table, uneven light, the camera's blur,
noise and JPEG compression.
"""

from __future__ import annotations

import math

import cv2
import numpy as np


def clutter(image: np.ndarray, rng: np.random.Generator, avoid: tuple[float, float, float, float]) -> None:
    """Chips, sticks, a phone, a paper: things on real tables that are not tiles."""
    h, w = image.shape[:2]
    for _ in range(int(rng.integers(0, 6))):
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        if avoid[0] < cx < avoid[2] and avoid[1] < cy < avoid[3]:
            continue
        colour = tuple(int(c) for c in rng.integers(0, 256, 3))
        kind = rng.integers(0, 4)
        size = rng.uniform(0.02, 0.08) * w
        if kind == 0:
            cv2.circle(image, (int(cx), int(cy)), int(size / 2), colour, -1, cv2.LINE_AA)
        elif kind == 1:  # a scoring stick
            angle = rng.uniform(0, np.pi)
            dx, dy = math.cos(angle) * size * 2, math.sin(angle) * size * 2
            cv2.line(
                image,
                (int(cx - dx), int(cy - dy)),
                (int(cx + dx), int(cy + dy)),
                (235, 235, 235),
                max(2, int(size / 8)),
                cv2.LINE_AA,
            )
        else:
            box = cv2.boxPoints(
                ((cx, cy), (size * rng.uniform(1, 3), size * rng.uniform(1, 2)), rng.uniform(0, 180))
            )
            fill = (245, 245, 245) if kind == 3 else colour
            cv2.fillPoly(image, [box.astype(np.int32)], fill, cv2.LINE_AA)


def light(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Uneven light, a colour cast, glare spots and one soft cast shadow."""
    h, w = image.shape[:2]
    img = image.astype(np.float32)
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = rng.uniform(0, 2 * np.pi)
    ramp = (x / w - 0.5) * math.cos(angle) + (y / h - 0.5) * math.sin(angle)
    gain = rng.uniform(0.65, 1.2) * (1 + ramp * rng.uniform(0, 0.6))
    cast = np.array([rng.uniform(0.85, 1.1), rng.uniform(0.92, 1.05), rng.uniform(0.85, 1.15)], np.float32)
    img *= gain[:, :, None] * cast[None, None, :]
    if rng.random() < 0.5:  # a cast shadow (a hand, a phone, a lamp)
        mask = np.zeros((h, w), np.float32)
        pts = np.stack([rng.uniform(-0.2, 1.2, 5) * w, rng.uniform(-0.2, 1.2, 5) * h], axis=1)
        cv2.fillPoly(mask, [cv2.convexHull(pts.astype(np.int32))], 1.0)
        mask = cv2.GaussianBlur(mask, (0, 0), rng.uniform(5, 40))
        img *= (1 - mask * rng.uniform(0.2, 0.55))[:, :, None]
    for _ in range(int(rng.integers(0, 3))):  # glare
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        sigma = rng.uniform(0.02, 0.15) * w
        blob = np.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (2 * sigma**2))
        img += blob[:, :, None] * rng.uniform(40, 160)
    return img


def degrade(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Camera blur, sensor noise and JPEG compression."""
    if rng.random() < 0.5:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 1.6))
    elif rng.random() < 0.3:
        k = int(rng.integers(3, 9))
        kernel = np.zeros((k, k), np.float32)
        kernel[k // 2, :] = 1.0 / k
        rot = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), rng.uniform(0, 180), 1.0)
        kernel = cv2.warpAffine(kernel, rot, (k, k))
        img = cv2.filter2D(img, -1, kernel / max(kernel.sum(), 1e-6))
    img = img + rng.normal(0, rng.uniform(0, 8), img.shape).astype(np.float32)
    out = np.clip(img, 0, 255).astype(np.uint8)
    quality = int(rng.integers(35, 96))
    ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR) if ok else out
