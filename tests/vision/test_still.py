"""A live camera's frame that shows what its last frame read showed (vision.still): the camera's
drift taken out, a frame is unchanged unless a patch of it changed; a tile taken away or put in
another's place is a change."""

from __future__ import annotations

import cv2
import numpy as np

from vision.classify import moved_boxes
from vision.still import drift, frame_motion, small_grey, unchanged


def _table(seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """A 640x480 frame of a row of twelve tiles on green felt, each face its own pattern, as a
    camera's pixels show them (blurred); and the tiles' boxes."""
    rng = np.random.default_rng(seed)
    frame = np.zeros((480, 640, 3), np.uint8)
    frame[:] = (60, 120, 40)
    boxes = []
    for index in range(12):
        x1, y1 = 50 + index * 46, 200
        face = rng.integers(0, 255, (7, 5, 3), dtype=np.uint8)
        frame[y1:y1 + 60, x1:x1 + 42] = cv2.resize(face, (42, 60), interpolation=cv2.INTER_NEAREST)
        boxes.append([x1, y1, x1 + 42, y1 + 60])
    return cv2.GaussianBlur(frame, (5, 5), 0), np.array(boxes, np.float32)


def _drifted(frame: np.ndarray, degrees: float, shift: tuple[float, float], seed: int = 2) -> np.ndarray:
    matrix = cv2.getRotationMatrix2D((320, 240), degrees, 1.0)
    matrix[:, 2] += shift
    moved = cv2.warpAffine(frame, matrix, (640, 480), borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    moved += np.random.default_rng(seed).normal(0, 4, moved.shape).astype(np.float32)
    return np.clip(moved, 0, 255).astype(np.uint8)


def test_a_frame_drifted_a_little_shows_the_same_and_its_boxes_follow():
    frame, boxes = _table()
    later = _drifted(frame, degrees=0.6, shift=(5.0, -3.0))
    last, small = small_grey(frame), small_grey(later)
    motion = drift(last, small)
    assert motion is not None and unchanged(last, small, motion)
    moved = moved_boxes(boxes, frame_motion(motion, small.shape[1], 640))
    expected = cv2.getRotationMatrix2D((320, 240), 0.6, 1.0)
    expected[:, 2] += (5.0, -3.0)
    centres = (boxes[:, :2] + boxes[:, 2:]) / 2 @ expected[:, :2].T + expected[:, 2]
    np.testing.assert_allclose((moved[:, :2] + moved[:, 2:]) / 2, centres, atol=1.5)


def test_a_tile_taken_away_or_swapped_is_a_change():
    frame, boxes = _table()
    x1, y1, x2, y2 = boxes[4].astype(int)
    taken = frame.copy()
    taken[y1:y2, x1:x2] = (60, 120, 40)
    swapped = frame.copy()
    a1, b1, a2, b2 = boxes[9].astype(int)
    swapped[y1:y2, x1:x2], swapped[b1:b2, a1:a2] = frame[b1:b2, a1:a2], frame[y1:y2, x1:x2]
    last = small_grey(frame)
    for changed in (taken, swapped):
        small = small_grey(_drifted(changed, degrees=-0.4, shift=(-2.0, 3.0)))
        motion = drift(last, small)
        assert motion is not None and not unchanged(last, small, motion)
    # the same frame, drifted the same way, is no change: the check's threshold is not what fails
    small = small_grey(_drifted(frame, degrees=-0.4, shift=(-2.0, 3.0)))
    assert unchanged(last, small, drift(last, small))


def test_pictures_of_different_sizes_tell_no_drift():
    frame, _ = _table()
    assert drift(small_grey(frame), small_grey(frame[:240])) is None
