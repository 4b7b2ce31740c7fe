"""A live camera's memory of the last frame (vision.classify.FrameMemory): a tile that stayed where
it was keeps its reading even when the hand-held camera shook and turned a little between frames,
and a tile whose pixels changed, or that is new, is read again."""

from __future__ import annotations

import cv2
import numpy as np

from vision.classify import FrameMemory, camera_motion, still_matches, thumbnails


def _frame_and_boxes(seed: int = 3) -> tuple[np.ndarray, np.ndarray]:
    """A 640x480 frame with a row of twelve tiles, each its own pattern, and their boxes."""
    rng = np.random.default_rng(seed)
    frame = np.full((480, 640, 3), 90, np.uint8)
    boxes = []
    for index in range(12):
        x1, y1 = 60 + index * 44, 200
        face = rng.integers(0, 255, (6, 4), dtype=np.uint8)
        frame[y1:y1 + 56, x1:x1 + 40] = cv2.resize(face, (40, 56), interpolation=cv2.INTER_NEAREST)[..., None]
        boxes.append([x1, y1, x1 + 40, y1 + 56])
    return frame, np.array(boxes, np.float32)


def _shaken(frame: np.ndarray, boxes: np.ndarray, degrees: float, shift: tuple[float, float]):
    """The frame as the camera sees it turned ``degrees`` about the frame's centre and shifted,
    and each tile's box there."""
    matrix = cv2.getRotationMatrix2D((320, 240), degrees, 1.0)
    matrix[:, 2] += shift
    moved = cv2.warpAffine(frame, matrix, (640, 480), borderMode=cv2.BORDER_REPLICATE)
    centres = (boxes[:, :2] + boxes[:, 2:]) / 2 @ matrix[:, :2].T + matrix[:, 2]
    half = (boxes[:, 2:] - boxes[:, :2]) / 2
    return moved, np.hstack([centres - half, centres + half]).astype(np.float32)


def _memory(frame: np.ndarray, boxes: np.ndarray) -> FrameMemory:
    return FrameMemory(boxes=boxes, thumbs=thumbnails(frame, boxes),
                       probabilities=np.eye(len(boxes), dtype=np.float32))


def test_a_shaken_camera_keeps_every_still_tiles_reading():
    frame, boxes = _frame_and_boxes()
    moved, moved_boxes = _shaken(frame, boxes, degrees=2.0, shift=(9.0, -7.0))
    memory = _memory(frame, boxes)
    found = still_matches(moved_boxes, thumbnails(moved, moved_boxes), memory)
    assert found.tolist() == list(range(12))
    # the shift alone is a fifth of a tile: without the camera's motion taken out, the tiles at the
    # row's ends would all be read again
    matrix = camera_motion(boxes, moved_boxes)
    expected = cv2.getRotationMatrix2D((320, 240), 2.0, 1.0)[:, 2] + (9.0, -7.0)
    assert matrix is not None and np.allclose(matrix[:, 2], expected, atol=1.0)


def test_a_tile_whose_face_changed_or_that_is_new_is_read_again():
    frame, boxes = _frame_and_boxes()
    memory = _memory(frame[:, :], boxes[:11])          # the last frame did not see the twelfth tile
    changed = frame.copy()
    x1, y1, x2, y2 = boxes[4].astype(int)
    changed[y1:y2, x1:x2] = 255 - changed[y1:y2, x1:x2]  # a different tile put down in its place
    moved, moved_boxes = _shaken(changed, boxes, degrees=-1.5, shift=(-6.0, 4.0))
    found = still_matches(moved_boxes, thumbnails(moved, moved_boxes), memory)
    assert found[4] == -1 and found[11] == -1
    assert [index for index in range(12) if found[index] == index] == [i for i in range(11) if i != 4]


def test_too_few_tiles_tell_no_motion():
    frame, boxes = _frame_and_boxes()
    assert camera_motion(boxes[:2], boxes[:2] + 5) is None
