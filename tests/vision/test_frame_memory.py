"""A live camera's memory of the last frame (vision.classify.FrameMemory): a tile that stayed where
it was keeps its reading even when the hand-held camera shook and turned a little between frames,
and a tile whose pixels changed, or that is new, is read again."""

from __future__ import annotations

import cv2
import numpy as np

from vision.classify import FrameMemory, SeenFrame, camera_motion, grey_of, still_matches


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


def _seen(frame: np.ndarray, boxes: np.ndarray) -> SeenFrame:
    return SeenFrame(boxes, grey_of(frame), np.eye(len(boxes), dtype=np.float32))


def test_a_shaken_camera_keeps_every_still_tiles_reading():
    frame, boxes = _frame_and_boxes()
    moved, moved_boxes = _shaken(frame, boxes, degrees=2.0, shift=(9.0, -7.0))
    seen = _seen(frame, boxes)
    found = still_matches(moved_boxes, grey_of(moved), seen)
    assert found.tolist() == list(range(12))
    # the shift alone is a fifth of a tile: without the camera's motion taken out, the tiles at the
    # row's ends would all be read again
    matrix = camera_motion(boxes, moved_boxes)
    expected = cv2.getRotationMatrix2D((320, 240), 2.0, 1.0)[:, 2] + (9.0, -7.0)
    assert matrix is not None and np.allclose(matrix[:, 2], expected, atol=1.0)


def test_a_tile_whose_face_changed_or_that_is_new_is_read_again():
    frame, boxes = _frame_and_boxes()
    seen = _seen(frame[:, :], boxes[:11])          # the last frame did not see the twelfth tile
    changed = frame.copy()
    x1, y1, x2, y2 = boxes[4].astype(int)
    changed[y1:y2, x1:x2] = 255 - changed[y1:y2, x1:x2]  # a different tile put down in its place
    moved, moved_boxes = _shaken(changed, boxes, degrees=-1.5, shift=(-6.0, 4.0))
    found = still_matches(moved_boxes, grey_of(moved), seen)
    assert found[4] == -1 and found[11] == -1
    assert [index for index in range(12) if found[index] == index] == [i for i in range(11) if i != 4]


def test_too_few_tiles_tell_no_motion():
    frame, boxes = _frame_and_boxes()
    assert camera_motion(boxes[:2], boxes[:2] + 5) is None


def test_a_still_tile_keeps_its_reading_though_the_detector_boxes_it_a_little_off():
    """Frame to frame a detector's box of a still tile shifts by up to a tenth of the tile: the pixels
    at the tile's place are compared, not the pixels under the two boxes."""
    frame, boxes = _frame_and_boxes()
    frame = cv2.GaussianBlur(frame, (5, 5), 0)             # faces as a camera's pixels show them
    moved, moved_boxes = _shaken(frame, boxes, degrees=1.0, shift=(5.0, 3.0))
    rng = np.random.default_rng(5)
    sizes = np.repeat(boxes[:, 2:] - boxes[:, :2], 2, axis=1)
    jittered = (moved_boxes + rng.uniform(-0.08, 0.08, boxes.shape) * sizes).astype(np.float32)
    found = still_matches(jittered, grey_of(moved), _seen(frame, boxes))
    assert found.tolist() == list(range(12))


class CountingSession:
    """An ONNX session stand-in: reads each crop as its own class (its mean brightness picks it),
    surely for the first eight tiles of the row and unsurely for the rest; counts crops read."""

    def __init__(self) -> None:
        self.read = 0

    def get_inputs(self):  # type: ignore[no-untyped-def]
        return [type("Input", (), {"name": "crops"})()]

    def run(self, _outputs, feeds):  # type: ignore[no-untyped-def]
        crops = feeds["crops"]
        self.read += len(crops)
        logits = np.zeros((len(crops), 12), np.float32)
        brightness = crops.mean(axis=(1, 2, 3))
        for row, value in enumerate(brightness):
            logits[row, int(value * 1000) % 12] = 9.0 if int(value * 1000) % 12 < 8 else 0.5
        return [logits]


def test_a_live_camera_reads_again_only_the_changed_and_the_unsure_tiles():
    from vision.classify import ClassifierSpec, TileClassifier

    frame, boxes = _frame_and_boxes()
    frame = cv2.GaussianBlur(frame, (5, 5), 0)
    session = CountingSession()
    classifier = TileClassifier(session, ClassifierSpec((32, 24), tuple(f"{k}m" for k in range(1, 10))
                                                        + ("1p", "2p", "3p"), upright=True))
    memory = FrameMemory()
    first = classifier.read(frame, boxes, tta=False, angle=0.0, memory=memory)
    unsure = int((first.max(axis=1) < 0.9).sum())
    assert 0 < unsure < 12
    session.read = 0
    moved, moved_boxes = _shaken(frame, boxes, degrees=1.0, shift=(4.0, -3.0))
    again = classifier.read(moved, moved_boxes, tta=False, angle=0.0, memory=memory)
    sure = first.max(axis=1) >= 0.9
    np.testing.assert_array_equal(again[sure], first[sure])      # kept, not read again
    assert 0 < session.read <= 2 * unsure                         # the unsure: read, turned too
    # an unsure tile read again is the mean of this frame's look and the looks before it
    fresh = classifier.read(moved, moved_boxes, tta=False, angle=0.0)
    np.testing.assert_allclose(again[~sure], 0.5 * fresh[~sure] + 0.5 * first[~sure], atol=1e-6)


def test_a_box_carried_off_the_frame_or_a_frame_of_another_view_is_no_match():
    """A box carried back by the camera's motion may lie off the last frame (a tile that came
    into view), and a frame read in another view (turned level, or not) has other pixels: neither
    is a match, and neither stops the frame being read."""
    from vision.classify import thumbnails

    frame, boxes = _frame_and_boxes()
    frame = cv2.GaussianBlur(frame, (5, 5), 0)             # faces as a camera's pixels show them
    off = np.array([[700, 500, 760, 560], [-90, -80, -30, -20]], np.float32)
    assert thumbnails(frame, off).shape == (2, 12, 9)
    moved, moved_boxes = _shaken(frame, boxes, degrees=1.0, shift=(-15.0, 0.0))
    boxes_now = np.vstack([moved_boxes, off])           # and two boxes where the last frame has none
    found = still_matches(boxes_now, grey_of(moved), _seen(frame, boxes))
    assert found[4:9].tolist() == [4, 5, 6, 7, 8] and found[-2:].tolist() == [-1, -1]
    turned = np.ascontiguousarray(np.rot90(frame))
    assert (still_matches(boxes, grey_of(turned), _seen(frame, boxes)) == -1).all()


def test_a_box_alone_is_placed_by_the_motion_the_frame_s_other_boxes_tell():
    """A live frame's faint box is matched with the camera's motion told by the frame's sure tiles
    (vision.level.still_in_place): a box alone tells no motion, and shaken a fifth of a tile its
    pixels at the unmoved place differ; a second box of a sure tile among the boxes would throw the
    fit, so the motion comes from the boxes given for it."""
    frame, boxes = _frame_and_boxes()
    moved, moved_boxes = _shaken(frame, boxes, degrees=1.0, shift=(9.0, -7.0))
    seen = _seen(frame, boxes)
    faint = moved_boxes[5:6]
    assert still_matches(faint, grey_of(moved), seen).tolist() == [-1]
    sure = np.delete(moved_boxes, 5, axis=0)
    assert still_matches(faint, grey_of(moved), seen, sure).tolist() == [5]
