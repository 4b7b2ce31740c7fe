"""Turned photos read level (vision/level.py), with a stand-in detector that finds bright blocks:
the control flow and the geometry, no model."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.detections import Detections
from vision.level import View, _snapped, detect_level, rows_direction


class Blocks:
    """Finds white blocks on a dark photo as tiles, every one sure; names them all 1m."""

    conf = 0.3
    row_rule = False

    def __init__(self) -> None:
        self.looks: list[tuple[int, int]] = []
        self.mirrors: list[bool | None] = []

    def find_tiles(self, pixels: np.ndarray, conf: float,
                   mirror: bool | None = None) -> tuple[np.ndarray, np.ndarray]:
        self.looks.append(pixels.shape[:2])
        self.mirrors.append(mirror)
        grey = cv2.cvtColor(pixels, cv2.COLOR_BGR2GRAY)
        count, _, stats, _ = cv2.connectedComponentsWithStats((grey > 200).astype(np.uint8))
        boxes = np.array([[x, y, x + w, y + h] for x, y, w, h, _ in stats[1:]], np.float32).reshape(-1, 4)
        return boxes, np.full(len(boxes), 0.9, np.float32)

    def name_tiles(self, pixels: np.ndarray, boxes: np.ndarray, scores: np.ndarray, **_: object):
        return Detections.from_codes(boxes, ["1m"] * len(boxes), confidences=scores), Detections.empty()


def photo_of_a_row(turns: int) -> tuple[np.ndarray, np.ndarray]:
    """Ten 60 x 80 white tiles in a level row on a dark photo, turned ``turns`` quarter turns;
    with the tiles' boxes in the turned photo."""
    photo = np.full((400, 900, 3), 30, np.uint8)
    boxes = []
    for k in range(10):
        x = 100 + 64 * k
        photo[150:230, x:x + 60] = 255
        boxes.append([x, 150, x + 60, 230])
    turned = np.ascontiguousarray(np.rot90(photo, turns))
    grey = cv2.cvtColor(turned, cv2.COLOR_BGR2GRAY)
    _, _, stats, _ = cv2.connectedComponentsWithStats((grey > 200).astype(np.uint8))
    return turned, np.array([[x, y, x + w, y + h] for x, y, w, h, _ in stats[1:]], np.float32)


def test_a_level_photo_is_looked_at_once():
    detector = Blocks()
    photo, _ = photo_of_a_row(0)
    tiles, _, view = detect_level(detector, photo)
    assert len(tiles) == 10 and view.matrix is None and len(detector.looks) == 1


@pytest.mark.parametrize("turns", [1, 3])
def test_a_row_running_down_the_photo_is_read_turned_level(turns):
    detector = Blocks()
    photo, truth = photo_of_a_row(turns)
    tiles, _, view = detect_level(detector, photo)
    assert abs(abs(view.angle) - np.pi / 2) < 1e-9 and len(detector.looks) == 2
    assert (tiles.widths < tiles.heights).all()                 # upright in the level view
    back = view.to_photo(tiles).boxes                           # and where they lie in the photo
    assert sorted(map(tuple, np.round(back))) == sorted(map(tuple, np.round(truth)))


def test_a_camera_that_stays_turned_is_looked_at_once_per_frame():
    detector = Blocks()
    photo, _ = photo_of_a_row(1)
    _, _, view = detect_level(detector, photo)
    detector.looks.clear()
    tiles, _, again = detect_level(detector, photo, hint=view.angle)
    assert len(tiles) == 10 and again.angle == view.angle and len(detector.looks) == 1


class WideBlocksOnly(Blocks):
    """Finds only blocks wider than tall: a column of upright tiles it reads as it is, whose
    tiles it misses once the photo is turned so the column lies level."""

    def find_tiles(self, pixels: np.ndarray, conf: float,
                   mirror: bool | None = None) -> tuple[np.ndarray, np.ndarray]:
        boxes, scores = super().find_tiles(pixels, conf, mirror)
        wide = boxes[:, 2] - boxes[:, 0] > boxes[:, 3] - boxes[:, 1]
        return boxes[wide], scores[wide]


def test_a_turn_that_found_no_rows_is_not_tried_again_on_the_next_frame():
    detector = WideBlocksOnly()
    photo, _ = photo_of_a_row(1)          # a column of tiles, each wider than tall in the photo
    tiles, _, view = detect_level(detector, photo, hint=0.0)
    # the column says "turn a quarter"; turned, the blocks are tall and none is found: refused
    assert len(tiles) == 10 and view.matrix is None and len(detector.looks) == 2
    assert view.refused is not None and abs(abs(view.refused) - np.pi / 2) < 1e-9
    detector.looks.clear()
    tiles, _, again = detect_level(detector, photo, hint=0.0, refused=view.refused)
    assert len(tiles) == 10 and len(detector.looks) == 1 and again.refused == view.refused
    # a refused turn far from the one the rows ask for does not stop it being tried
    detector.looks.clear()
    detect_level(detector, photo, hint=0.0, refused=view.refused + np.pi)
    assert len(detector.looks) == 2


class SmallUprightBlocks(Blocks):
    """Finds only blocks no wider than tall and at most ``largest`` pixels across in what it is
    shown: a detector that misses tiles bigger than any it learnt, and rows running down."""

    largest = 40

    def find_tiles(self, pixels: np.ndarray, conf: float,
                   mirror: bool | None = None) -> tuple[np.ndarray, np.ndarray]:
        boxes, scores = super().find_tiles(pixels, conf, mirror)
        widths, heights = boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]
        keep = (widths <= heights) & (np.minimum(widths, heights) <= self.largest)
        return boxes[keep], scores[keep]


def test_a_photo_of_small_tiles_is_not_looked_at_closer():
    detector = SmallUprightBlocks()
    detector.largest = 60
    photo, _ = photo_of_a_row(0)
    tiles, _, _ = detect_level(detector, photo, close_ups=True)
    assert len(tiles) == 10 and len(detector.looks) == 1


@pytest.mark.parametrize("turns", [0, 1, 3])
def test_tiles_too_big_for_the_detector_are_found_in_a_smaller_look(turns):
    """A row whose tiles the detector misses at the photo's size is found looked at smaller, the
    photo turned a quarter when its row runs down it, and named where they lie in the photo."""
    detector = SmallUprightBlocks()
    photo, truth = photo_of_a_row(turns)
    detector.imgsz = max(photo.shape[:2])              # its input: the photo's long side
    assert len(detect_level(detector, photo)[0]) == 0  # a live frame is not looked at again
    tiles, _, view = detect_level(detector, photo, close_ups=True)
    assert len(tiles) == 10
    assert abs(view.angle) == pytest.approx(0.0 if turns == 0 else np.pi / 2)
    back = np.array(sorted(map(tuple, view.to_photo(tiles).boxes)))
    np.testing.assert_allclose(back, np.array(sorted(map(tuple, truth))), atol=3)


def test_rows_direction_from_a_few_scattered_tiles_of_a_row_running_down():
    # three pairs of neighbours, far apart down the photo: the pairs point across, the spread down
    boxes = np.array([[100, 0, 180, 60], [100, 62, 180, 122], [110, 400, 190, 460], [110, 462, 190, 522],
                      [95, 800, 175, 860], [95, 862, 175, 922]], np.float32)
    pairs = boxes.copy()
    pairs[1::2, 1::2] -= 62
    pairs[1::2, 0::2] += 82                   # each pair side by side instead
    assert abs(abs(rows_direction(pairs)) - np.pi / 2) < np.radians(5)
    assert abs(abs(rows_direction(boxes)) - np.pi / 2) < np.radians(5)


def test_angles_near_a_quarter_turn_are_taken_as_one():
    assert _snapped(np.radians(88.5)) == pytest.approx(np.pi / 2)
    assert _snapped(np.radians(-179)) == pytest.approx(-np.pi)
    assert _snapped(np.radians(80)) == pytest.approx(np.radians(80))


def test_the_photo_as_it_is_maps_to_itself():
    det = Detections.from_codes([[0, 0, 10, 10]], ["1m"])
    assert View(0.0, None, (100, 100)).to_photo(det) is det


@pytest.mark.parametrize("turns", [1, 2, 3])
def test_quarter_turns_match_turn_level_and_map_back(turns):
    from vision.detect import turn_level
    from vision.level import quarter_turned

    photo = np.zeros((30, 50, 3), np.uint8)
    photo[5:12, 20:24] = 255
    exact, matrix = quarter_turned(photo, turns)
    smooth, smooth_matrix = turn_level(photo, turns * np.pi / 2)
    assert np.abs(np.subtract(exact.shape[:2], smooth.shape[:2])).max() <= 1   # its canvas rounds up
    np.testing.assert_allclose(matrix, smooth_matrix, atol=1.01)       # the same turn, to a pixel
    ys, xs = np.nonzero(exact[..., 0])
    box = np.array([[xs.min(), ys.min(), xs.max() + 1, ys.max() + 1]], np.float32)
    back = View(turns * np.pi / 2, matrix, (30, 50)).to_photo(Detections.from_codes(box, ["1m"]))
    np.testing.assert_allclose(back.boxes[0], [20, 5, 24, 12], atol=1e-4)


@pytest.mark.parametrize("block", [(40, 560, 100, 700), (0, 600, 0, 500)])
def test_a_close_up_is_looked_at_small_and_named_on_the_photo(block):
    """The zoomed-out look builds its canvas at the detector's input size (not 16 times the photo)
    and names the tile on the photo itself, padded only where the box runs off it."""
    from vision.level import ZOOM_OUT, _zoomed_out

    detector = Blocks()
    detector.imgsz = 416
    top, bottom, left, right = block
    photo = np.full((600, 800, 3), 30, np.uint8)
    photo[top:bottom, left:right] = 255                  # one tile filling the frame
    look = _zoomed_out(detector, photo)
    image, matrix, boxes = look.image, look.matrix, look.boxes
    assert detector.looks == [(312, 416)]                # the canvas the detector's input holds
    assert len(boxes) == 1
    back = View(0.0, matrix, photo.shape[:2]).to_photo(Detections.from_codes(boxes, ["1m"])).boxes[0]
    np.testing.assert_allclose(back, [left, top, right, bottom], atol=ZOOM_OUT * 800 / 416)
    x1, y1, x2, y2 = np.round(boxes[0]).astype(int)
    assert image[y1 + 8:y2 - 8, x1 + 8:x2 - 8].min() == 255       # the photo's own pixels, named there
    assert image.size <= 4 * photo.size < ZOOM_OUT ** 2 * photo.size    # padded by half a box at most


def test_a_one_tile_close_up_is_not_looked_at_turned():
    """One tile filling the photo: the first look, the photo turned a quarter (one tile gives no
    line), the closer look and the close-up look; no quarter-turned small looks (each look is a
    detector pass)."""
    detector = Blocks()
    detector.imgsz = 416
    photo = np.full((600, 800, 3), 30, np.uint8)
    photo[40:560, 100:700] = 255
    tiles, _, view = detect_level(detector, photo, close_ups=True)
    assert len(tiles) == 1 and view.angle == 0.0
    assert len(detector.looks) == 4


class FaintBlocks(Blocks):
    """Blocks, the narrow ones scored under the threshold; counts the boxes named per call."""

    def __init__(self) -> None:
        super().__init__()
        self.named: list[int] = []

    def find_tiles(self, pixels: np.ndarray, conf: float,
                   mirror: bool | None = None) -> tuple[np.ndarray, np.ndarray]:
        boxes, _ = super().find_tiles(pixels, conf, mirror)
        return boxes, np.where(boxes[:, 2] - boxes[:, 0] < 40, 0.25, 0.9).astype(np.float32)

    def name_tiles(self, pixels: np.ndarray, boxes: np.ndarray, scores: np.ndarray, **_: object):
        self.named.append(len(boxes))
        found = Detections.from_codes(boxes, ["1m"] * len(boxes), confidences=scores)
        sure = scores >= self.conf
        return found[np.flatnonzero(sure)], found[np.flatnonzero(~sure)]


def test_faint_tiles_are_named_only_when_asked_for_and_once():
    detector = FaintBlocks()
    photo, _ = photo_of_a_row(0)
    photo[300:380, 100:130] = 255                       # a narrow block: a box under the threshold
    tiles, faint, _ = detect_level(detector, photo)
    assert len(tiles) == 10 and detector.named == [10]  # the sure boxes only
    assert len(faint()) == 1 and detector.named == [10, 1]
    assert len(faint()) == 1 and detector.named == [10, 1]   # named once


class MirroringBlocks(Blocks):
    """Blocks with the detector's mirrored look: a block with a dark mark in its left half is
    missed as the photo is (a face the detector doubts one way) and found mirrored."""

    mirror = True
    iou, max_det = 0.5, 300

    def find_tiles(self, pixels: np.ndarray, conf: float,
                   mirror: bool | None = None) -> tuple[np.ndarray, np.ndarray]:
        boxes, scores = super().find_tiles(pixels, conf, mirror)
        grey = cv2.cvtColor(pixels, cv2.COLOR_BGR2GRAY)
        doubted = []
        for x1, y1, x2, y2 in boxes.astype(int):
            middle = (x1 + x2) // 2
            doubted.append(grey[y1:y2, x1:middle].min() < 100 <= grey[y1:y2, middle:x2].min())
        hidden = np.array(doubted, dtype=bool)
        return boxes[~hidden], scores[~hidden]


def marked_row() -> np.ndarray:
    photo, _ = photo_of_a_row(0)
    photo[185:195, 297:310] = 0                   # a mark in the left half of the fourth tile
    return photo


def test_the_look_kept_is_looked_at_mirrored_once_and_its_tiles_join():
    detector = MirroringBlocks()
    tiles, _, _ = detect_level(detector, marked_row())
    assert detector.mirrors == [False, False] and len(tiles) == 10   # 9 as it is, the 10th mirrored
    assert sorted(np.round(tiles.boxes[:, 0]).astype(int).tolist()) == [100 + 64 * k for k in range(10)]
    detector.looks.clear()
    lean, _, _ = detect_level(detector, marked_row(), mirror=False)   # a lean read: never mirrored
    assert len(detector.looks) == 1 and len(lean) == 9


def test_the_looks_that_choose_the_view_are_not_mirrored():
    """A column down the photo: the first look says turn, the turned look is kept, and only it is
    looked at again mirrored (each mirrored look is a detector pass)."""
    detector = MirroringBlocks()
    photo, _ = photo_of_a_row(1)
    _, _, view = detect_level(detector, photo)
    assert abs(abs(view.angle) - np.pi / 2) < 1e-9
    assert detector.mirrors == [False, False, False]
    assert detector.looks[2] == detector.looks[1] != detector.looks[0]


@pytest.fixture()
def block_reader(monkeypatch):  # type: ignore[no-untyped-def]
    """A vision.reader.HandReader over the Blocks stand-in (no model); the stand-in as ``.blocks``."""
    from vision.reader import HandReader  # noqa: PLC0415 - the reader module loads the runtime

    blocks = Blocks()
    monkeypatch.setattr("vision.reader.TileDetector", lambda *args, **kwargs: blocks)
    reader = HandReader(suggest=False)
    reader.blocks = blocks
    return reader


def test_a_watching_reader_carries_its_angle_from_frame_to_frame(block_reader):
    # `vision watch`: one camera, one reader; its next frame starts where the last one's rows were
    turned, _ = photo_of_a_row(1)
    first = block_reader.read_pixels(turned)
    assert abs(abs(first.angle) - np.pi / 2) < 1e-9 and len(block_reader.blocks.looks) == 2
    block_reader.blocks.looks.clear()
    again = block_reader.read_pixels(turned)
    assert again.angle == first.angle and len(block_reader.blocks.looks) == 1


def test_a_frame_s_start_angle_is_used_and_leaves_the_reader_s_own_angle_alone(block_reader):
    turned, _ = photo_of_a_row(1)
    level, _ = photo_of_a_row(0)
    found = block_reader.read_pixels(turned).angle          # the reader's own camera: a quarter turn
    block_reader.blocks.looks.clear()
    # another camera's frame, level, started level: one look, and found level
    other = block_reader.read_pixels(level, start_angle=0.0)
    assert other.angle == 0.0 and len(block_reader.blocks.looks) == 1
    # the reader's own camera still starts at its quarter turn: the level frame changed nothing
    block_reader.blocks.looks.clear()
    assert block_reader.read_pixels(turned).angle == found and len(block_reader.blocks.looks) == 1
    # a frame started at the quarter turn found before is looked at once, turned
    block_reader.blocks.looks.clear()
    assert block_reader.read_pixels(turned, start_angle=found).angle == found
    assert len(block_reader.blocks.looks) == 1
    with pytest.raises(ValueError):
        block_reader.read_pixels(level, hint=0.0, start_angle=0.0)


def test_a_settled_camera_s_unchanged_frame_is_carried_over_unread(block_reader):
    """While the vote is settled (a lean frame), a frame that shows what the last frame read in
    full showed is not read: that reading, its boxes moved with the camera (vision.still)."""
    from vision.still import MAX_STILL

    photo, _ = photo_of_a_row(0)
    first = block_reader.read_pixels(photo)
    looks = len(block_reader.blocks.looks)
    drifted = np.roll(photo, 3, axis=1)                        # the camera drifted 3 pixels
    carried = block_reader.read_pixels(drifted, lean=True)
    assert carried.carried and len(block_reader.blocks.looks) == looks      # no detector look
    np.testing.assert_allclose(carried.detections.boxes[:, 0], first.detections.boxes[:, 0] + 3, atol=1)
    assert carried.layout.signature() == first.layout.signature()
    # a frame read in full (the vote not settled) is read, however still
    assert not block_reader.read_pixels(drifted).carried and len(block_reader.blocks.looks) > looks
    # a tile taken away is a change: the lean frame is read, and its reading is never carried over
    gone = photo.copy()
    gone[150:230, 292:352] = 30
    read = block_reader.read_pixels(gone, lean=True)
    assert not read.carried and len(read.detections) == 9
    back = block_reader.read_pixels(photo, lean=True)
    assert back.carried and len(back.detections) == 10
    # at most MAX_STILL frames in a row are carried over: then one is read again
    block_reader.read_pixels(photo)
    carried_in_a_row = [block_reader.read_pixels(photo, lean=True).carried for _ in range(MAX_STILL + 1)]
    assert carried_in_a_row == [True] * MAX_STILL + [False]


def test_a_photo_is_never_carried_over(block_reader):
    photo, _ = photo_of_a_row(0)
    block_reader.blocks.config = type("Config", (), {"calibrated": False})()   # a photo names faint boxes
    block_reader.read_pixels(photo)
    assert not block_reader.read_pixels(photo, hint=0.0, lean=True).carried


class WaveringBlocks(Blocks):
    """Blocks read as a calibrated classifier with a frame memory reads them: the blocks listed in
    ``faint`` scored under the threshold, every reading 0.95 likely, and each frame's sure tiles
    kept as the camera's last frame (vision.classify.FrameMemory)."""

    config = type("Config", (), {"unsure_below": 0.9, "calibrated": True})()

    def __init__(self) -> None:
        super().__init__()
        self.faint: set[int] = set()

    def find_tiles(self, pixels: np.ndarray, conf: float,
                   mirror: bool | None = None) -> tuple[np.ndarray, np.ndarray]:
        boxes, scores = super().find_tiles(pixels, conf, mirror)
        order = np.argsort(boxes[:, 0])           # numbered left to right, as the row runs
        boxes = boxes[order]
        scores = np.array([0.25 if k in self.faint else 0.9 for k in range(len(boxes))], np.float32)
        return boxes, scores

    def name_tiles(self, pixels: np.ndarray, boxes: np.ndarray, scores: np.ndarray, *, memory=None,
                   faint: bool = False, **_: object):  # type: ignore[no-untyped-def]
        from vision.classify import SeenFrame, grey_of  # noqa: PLC0415

        found = Detections.from_codes(boxes, ["1m"] * len(boxes), confidences=np.full(len(boxes), 0.95))
        if memory is not None:
            memory.seen = SeenFrame(boxes.copy(), grey_of(pixels), np.full((len(boxes), 2), 0.5))
        return (Detections.empty(), found) if faint else (found, Detections.empty())


def test_a_live_tile_scored_faint_where_the_last_frame_saw_it_is_kept():
    """A detector's score for one tile wavers round its threshold from frame to frame: a faint box
    at the place the last frame saw a tile, its pixels unchanged, is that tile (a camera's frames
    only, never a photo's faint boxes, which are judged by the rows: vision.row_gaps.in_rows)."""
    from vision.classify import FrameMemory  # noqa: PLC0415

    detector, memory = WaveringBlocks(), FrameMemory()
    photo, _ = photo_of_a_row(0)
    assert len(detect_level(detector, photo, memory=memory)[0]) == 10
    shifted = np.ascontiguousarray(np.roll(photo, (2, 3), axis=(0, 1)))   # the camera shook a little
    detector.faint = {4}
    assert len(detect_level(detector, shifted, memory=memory)[0]) == 10
    # without the last frame's sight of it the faint box is no tile
    assert len(detect_level(detector, shifted, memory=FrameMemory())[0]) == 9
    # a faint box where the last frame saw no tile is none either: a new block, scored faint
    detector.faint = set()
    detect_level(detector, photo, memory=memory)
    added = photo.copy()
    added[150:230, 740:800] = 255
    detector.faint = {10}
    assert len(detect_level(detector, added, memory=memory)[0]) == 10
    # nor is a faint box at a tile's place whose pixels changed (a tile taken and another put)
    detector.faint = set()
    detect_level(detector, photo, memory=memory)
    changed = photo.copy()
    changed[160:220, 366:406] = 120                # the fifth block's face another (its box the same)
    detector.faint = {4}
    tiles = detect_level(detector, changed, memory=memory)[0]
    assert len(tiles) == 9
