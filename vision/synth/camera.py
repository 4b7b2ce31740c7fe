"""The camera over the table: the homography from the plane to the photo, and the geometry of
what it sees (how sharp a tile is drawn, how much of it is in the photo, which way its rows run,
and the photo turned back level as the reader turns it).
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.detect import turn_level
from vision.synth.plane import PlacedTile
from vision.synth.shot import Shot


def camera(
    plane_w: float, plane_h: float, out_w: int, out_h: int, rng: np.random.Generator, elevation: float,
    shot: Shot | None = None,
) -> np.ndarray:
    """A pinhole camera over the table: a homography from the plane to the photo.

    ``elevation`` is the camera's angle above the table (90 degrees = straight down); the camera
    may also sit a little to one side and be turned in its own plane, as hand-held photos are.
    ``shot`` may bring it closer (stronger perspective), turn it further, or zoom in past the frame.
    """
    shot = shot or Shot()
    distance = max(plane_w, plane_h) * rng.uniform(0.9, 2.2) * shot.distance
    elev = math.radians(elevation)
    azimuth = math.radians(rng.normal(0, 10) + shot.azimuth_deg)
    centre = np.array([plane_w / 2, plane_h / 2, 0.0])
    # plane y grows toward the player, so the camera stands on the +y side, above the table
    offset = np.array(
        [math.sin(azimuth) * math.cos(elev), math.cos(azimuth) * math.cos(elev), math.sin(elev)]
    )
    corners = np.array([[0, 0, 0], [plane_w, 0, 0], [plane_w, plane_h, 0], [0, plane_h, 0]], np.float64)
    # a close camera must still have the whole hand well in front of it: step back until it does
    while shot.distance != 1.0 and ((corners - centre - offset * distance) @ offset).max() > -0.4 * distance:
        distance *= 1.25
    position = centre + offset * distance
    forward = (centre - position) / np.linalg.norm(centre - position)
    right = np.cross(forward, np.array([0.0, 0.0, 1.0])) if elevation < 89.5 else np.array([1.0, 0.0, 0.0])
    right = right / np.linalg.norm(right)
    if right[0] < 0:
        right = -right
    down = np.cross(right, forward)
    rel = corners - position
    z = rel @ forward
    img = np.stack([(rel @ right) / z, (rel @ down) / z], axis=1)
    angle = math.radians(rng.normal(0, 6) if rng.random() < 0.8 else rng.uniform(-30, 30))
    angle += math.radians(shot.turn_deg)
    rot = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
    img = img @ rot.T
    span = img.max(axis=0) - img.min(axis=0)
    fill = rng.uniform(0.5, 0.96)
    if shot.fill is not None:
        fill = shot.fill
    scale = min(out_w * fill / span[0], out_h * max(fill, 0.96) / span[1])
    if shot.zoom != 1.0:  # the hand overfills the photo, which shows some part of it
        scale = min(out_w / span[0], out_h / span[1]) * shot.zoom
    img = (img - img.min(axis=0)) * scale
    span = span * scale
    room = np.array([out_w, out_h]) - span
    if shot.zoom == 1.0:
        img += np.array([rng.uniform(0, room[0]), rng.uniform(0, room[1])])
    else:
        img += rng.uniform(np.minimum(room, 0), np.maximum(room, 0))
    src = corners[:, :2].astype(np.float32)
    return cv2.getPerspectiveTransform(src, img.astype(np.float32))


def pixels_per_unit(placed: list[PlacedTile], matrix: np.ndarray) -> float:
    """How many photo pixels the largest tile spends on one plane pixel (side of a square)."""
    most = 0.0
    for tile in placed:
        quad = cv2.perspectiveTransform(tile.corners[None].astype(np.float32), matrix)[0]
        most = max(most, cv2.contourArea(quad) / max(1.0, cv2.contourArea(tile.corners.astype(np.float32))))
    return math.sqrt(most)


def visible_share(quads: np.ndarray, width: int, height: int) -> np.ndarray:
    """The share of each tile's quad inside the photo."""
    frame = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    shares = np.ones(len(quads))
    for i, quad in enumerate(quads.astype(np.float32)):
        if quad[:, 0].min() >= 0 and quad[:, 1].min() >= 0 and quad[:, 0].max() <= width \
                and quad[:, 1].max() <= height:
            continue
        area = cv2.contourArea(quad)
        inside, _ = cv2.intersectConvexConvex(quad, frame)
        shares[i] = inside / area if area > 0 else 0.0
    return shares


def row_angle(quads: np.ndarray) -> float:
    """The direction the rows run in the photo (the player's left to right), in degrees clockwise
    from the photo's x axis (y points down): 0 = level, 90 = down the photo, 180 = upside down."""
    along = quads[:, 1] - quads[:, 0]  # every tile's first edge runs along its row in the plane
    along = along / np.maximum(np.linalg.norm(along, axis=1, keepdims=True), 1e-6)
    dx, dy = along.sum(axis=0)
    return round(math.degrees(math.atan2(dy, dx)) % 360.0, 1)


def undo_turn(image: np.ndarray, quads: np.ndarray, turn_deg: float) -> tuple[np.ndarray, np.ndarray]:
    """The photo turned back by the least turn that undoes a scene's ``any_angle`` turn, and the box
    of each tile's visible part there (N x 4). Why: the reader turns a slanted photo level before it
    cuts tiles for the classifier and the orientation model (``vision.detect.turn_level``), keeping
    an upside-down hand upside down, so their training crops are cut the same way."""
    least = (turn_deg + 90.0) % 180.0 - 90.0
    height, width = image.shape[:2]
    frame = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    level, matrix = (image, None) if least == 0 else turn_level(image, math.radians(least))
    boxes = np.zeros((len(quads), 4), np.float32)
    for i, quad in enumerate(np.asarray(quads, np.float32)):
        _, shown = cv2.intersectConvexConvex(quad, frame)
        points = shown.reshape(-1, 2) if shown is not None and len(shown) else quad
        if matrix is not None:
            points = points @ matrix[:, :2].T + matrix[:, 2]
        boxes[i] = (*points.min(axis=0), *points.max(axis=0))
    return level, boxes
