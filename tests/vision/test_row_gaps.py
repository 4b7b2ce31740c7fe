"""The rows' own geometry proposes the tiles a detector missed (vision.row_gaps), and the level
step asks the classifier about them (vision.level.detect_level)."""

from __future__ import annotations

import numpy as np

from vision.detections import Detections
from vision.level import detect_level
from vision.row_gaps import candidate_boxes, in_rows


def row_boxes(count: int, *, x0: float = 100, y0: float = 150, pitch: float = 62,
              size: tuple[float, float] = (60, 80), angle_deg: float = 0.0) -> np.ndarray:
    """``count`` upright tiles touching in a row, turned by ``angle_deg`` about the first one."""
    angle = np.radians(angle_deg)
    boxes = []
    for k in range(count):
        along = k * pitch
        cx, cy = x0 + along * np.cos(angle), y0 + along * np.sin(angle)
        width = size[0] * abs(np.cos(angle)) + size[1] * abs(np.sin(angle))
        height = size[0] * abs(np.sin(angle)) + size[1] * abs(np.cos(angle))
        boxes.append([cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2])
    return np.array(boxes, np.float32)


def iou(a: np.ndarray, b: np.ndarray) -> float:
    inter = max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter)


def test_a_gap_of_one_tile_in_a_row_is_a_candidate_where_the_tile_was():
    boxes = row_boxes(13)
    missing = boxes[6]
    kept = np.delete(boxes, 6, axis=0)
    found = candidate_boxes(Detections.from_codes(kept, ["1m"] * len(kept)), (400, 1100), ends=False)
    assert len(found) == 1
    assert iou(found[0], missing) > 0.8


def test_two_missing_tiles_in_a_slanted_row_are_both_proposed():
    boxes = row_boxes(12, angle_deg=12)
    kept = np.delete(boxes, [4, 5], axis=0)
    found = candidate_boxes(Detections.from_codes(kept, ["1m"] * len(kept)), (600, 1100), ends=False)
    assert len(found) == 2
    assert max(iou(box, boxes[4]) for box in found) > 0.7 and max(iou(box, boxes[5]) for box in found) > 0.7


def test_a_row_with_no_gap_proposes_only_its_ends_inside_the_photo():
    boxes = row_boxes(10, x0=40)           # the row's left end lies against the photo's edge
    det = Detections.from_codes(boxes, ["1m"] * len(boxes))
    assert len(candidate_boxes(det, (400, 1100), ends=False)) == 0
    ends = candidate_boxes(det, (400, 1100))
    assert len(ends) == 1                  # one pitch left of the first tile is off the photo
    assert ends[0][0] > boxes[-1][2] - 5   # the other end, past the last tile


def test_a_gap_between_groups_wider_than_two_tiles_is_not_filled():
    boxes = np.concatenate([row_boxes(6), row_boxes(4, x0=100 + 62 * 10)])
    found = candidate_boxes(Detections.from_codes(boxes, ["1m"] * len(boxes)), (400, 1400), ends=False)
    assert len(found) == 0


class MissesOne:
    """A stand-in detector that finds every tile of a row but the seventh, and a classifier that
    reads boxes it is asked about as 5z (a white dragon the detector took for table)."""

    conf = 0.3
    row_rule = True

    def __init__(self, boxes: np.ndarray) -> None:
        self.boxes = boxes
        self.asked: list[np.ndarray] = []

    def find_tiles(self, pixels, conf, mirror=None):
        kept = np.delete(self.boxes, 6, axis=0)
        return kept, np.full(len(kept), 0.9, np.float32)

    def name_tiles(self, pixels, boxes, scores, **_):
        return Detections.from_codes(boxes, ["1m"] * len(boxes), confidences=scores), Detections.empty()

    def name_candidates(self, pixels, boxes, angle=None):
        self.asked.append(boxes)
        return Detections.from_codes(boxes, ["5z"] * len(boxes)), Detections.empty()


def test_a_row_with_one_detection_removed_gets_its_tile_back():
    boxes = row_boxes(13)
    detector = MissesOne(boxes)
    photo = np.zeros((400, 1100, 3), np.uint8)
    tiles, _, _ = detect_level(detector, photo)
    # 12 found, the gap's tile, and a box past each end (the stand-in reads every box as a tile)
    assert len(tiles) == 15 and len(detector.asked) == 1 and len(detector.asked[0]) == 3
    back = [i for i, code in enumerate(tiles.codes) if code == "5z"]
    assert any(iou(tiles.boxes[i], boxes[6]) > 0.8 for i in back)


def test_without_the_row_rule_no_box_is_proposed():
    boxes = row_boxes(13)
    detector = MissesOne(boxes)
    detector.row_rule = False
    tiles, _, _ = detect_level(detector, np.zeros((400, 1100, 3), np.uint8))
    assert len(tiles) == 12 and not detector.asked


def test_a_box_in_a_row_of_tiles_is_told_from_one_in_a_tiles_place_or_off_the_row():
    row = row_boxes(6)                                      # x 70 to 440, y 110 to 190
    pitch = 62
    boxes = np.array([
        row[-1] + [pitch, 0, pitch, 0],                     # the next tile past the row's end
        row[2] + [10, 4, 10, 4],                            # a row tile's own place, shifted a little
        row[0] + [0, -90, 0, -90],                          # a row above: another row's height
        [row[3][0] + pitch * 3, 130, row[3][2] + pitch * 3, 170],   # beside the row, half a tile high
        row[-1] + [pitch * 5, 0, pitch * 5, 0],             # five tiles past the end
    ], np.float32)
    assert in_rows(row, boxes).tolist() == [True, False, False, False, False]
    assert in_rows(row[:0], boxes).tolist() == [False] * 5


class FaintBeside:
    """A stand-in detector: ten tiles of a row found surely, three boxes scored under the
    threshold: two beside the row (one read surely, one not) and one far below it."""

    conf = 0.3
    row_rule = False

    def __init__(self) -> None:
        row = row_boxes(12)
        self.config = type("Config", (), {"calibrated": True, "unsure_below": 0.9})()
        far = row[0] + [0, 300, 0, 300]
        self.boxes = np.concatenate([row[:10], row[10:12], far[None]])
        self.scores = np.array([0.9] * 10 + [0.25, 0.22, 0.25], np.float32)
        self.readings = {10: ("5z", 0.97), 11: ("1z", 0.6), 12: ("3p", 0.99)}

    def find_tiles(self, pixels, conf, mirror=None):
        return self.boxes, self.scores

    def name_tiles(self, pixels, boxes, scores, faint=False, **_):
        if not faint:
            return Detections.from_codes(boxes, ["1m"] * len(boxes), confidences=scores), Detections.empty()
        index = [int(np.flatnonzero((self.boxes == box).all(axis=1))[0]) for box in boxes]
        codes = [self.readings[i][0] for i in index]
        confidences = [self.readings[i][1] for i in index]
        return Detections.empty(), Detections.from_codes(boxes, codes, confidences=confidences)


def test_a_photo_takes_in_a_faint_box_read_surely_in_a_row_of_its_tiles():
    detector = FaintBeside()
    photo = np.zeros((700, 1100, 3), np.uint8)
    tiles, faint, _ = detect_level(detector, photo, take_faint=True)
    assert sorted(tiles.codes) == sorted(["1m"] * 10 + ["5z"])
    assert sorted(faint().codes) == ["1z", "3p"]         # unsure in the row; sure but off it
    # a live frame does not name its faint boxes before it is emitted: none is taken in
    tiles, faint, _ = detect_level(detector, photo)
    assert tiles.codes == ["1m"] * 10 and sorted(faint().codes) == ["1z", "3p", "5z"]
