"""Tiles cut upright along their row's line (vision.tile_crops), as the classifier sees them."""

from __future__ import annotations

import numpy as np

from vision.detections import Detections
from vision.rows import reading_order
from vision.tile_crops import upright_crops


def marked_tile(height: int = 80, width: int = 60) -> np.ndarray:
    """A white tile face with a black bar across its top fifth (to tell which way up it is)."""
    face = np.full((height, width, 3), 255, np.uint8)
    face[: height // 5] = 0
    return face


def column_photo(count: int = 6) -> tuple[np.ndarray, np.ndarray]:
    """``count`` upright tiles stacked down the photo (touching), on grey."""
    photo = np.full((100 + 82 * count, 300, 3), 120, np.uint8)
    boxes = []
    for k in range(count):
        top = 50 + 82 * k
        photo[top:top + 80, 120:180] = marked_tile()
        boxes.append([120, top, 180, top + 80])
    return photo, np.array(boxes, np.float32)


def where_the_bar_is(crop: np.ndarray) -> str:
    dark = crop.mean(axis=2) < 60
    rows, cols = dark.mean(axis=1), dark.mean(axis=0)
    height, width = dark.shape
    edges = {"top": rows[: height // 4].mean(), "bottom": rows[-height // 4:].mean(),
             "left": cols[: width // 4].mean(), "right": cols[-width // 4:].mean()}
    return max(edges, key=edges.get)


def test_a_level_row_is_cut_upright():
    photo = np.full((200, 500, 3), 120, np.uint8)
    boxes = []
    for k in range(5):
        photo[60:140, 50 + 62 * k:110 + 62 * k] = marked_tile()
        boxes.append([50 + 62 * k, 60, 110 + 62 * k, 140])
    crops = upright_crops(photo, np.array(boxes, np.float64), 0.0, (96, 72), 0.05)
    assert crops.shape == (5, 96, 72, 3)
    assert {where_the_bar_is(crop) for crop in crops} == {"top"}


def test_a_column_of_upright_tiles_is_cut_with_faces_standing_and_reads_in_order():
    photo, boxes = column_photo()
    codes = ["1m", "2m", "3m", "4m", "5m", "6m"]
    order = reading_order(Detections.from_codes(boxes, codes))
    assert [codes[i] for i in order] in (codes, codes[::-1])   # along the column, one way or the other
    # cut along the column's own line (90 degrees), each face stands upright or upside down
    # (the classifier reads both: a hand may be read from across the table), never on its side
    crops = upright_crops(photo, boxes.astype(np.float64), np.pi / 2, (96, 72), 0.05)
    assert {where_the_bar_is(crop) for crop in crops} <= {"top", "bottom"}
    assert len({where_the_bar_is(crop) for crop in crops}) == 1


def test_a_slanted_tile_is_cut_square_on():
    photo = np.full((300, 300, 3), 120, np.uint8)
    face = marked_tile(160, 120)
    canvas = np.full((300, 300, 3), 120, np.uint8)
    canvas[70:230, 90:210] = face
    import cv2

    matrix = cv2.getRotationMatrix2D((150, 150), -20, 1.0)   # turned 20 degrees clockwise on screen
    photo = cv2.warpAffine(canvas, matrix, (300, 300), borderValue=(120, 120, 120))
    box = np.array([[150 - 84, 150 - 97, 150 + 84, 150 + 97]], np.float64)   # its axis-aligned box
    crop = upright_crops(photo, box, np.radians(20), (96, 72), 0.0)[0]
    # square on, the face fills the crop: almost no table grey in it
    assert float((np.abs(crop.astype(int) - 120).sum(axis=2) < 10).mean()) < 0.12
    assert where_the_bar_is(crop) == "top"
