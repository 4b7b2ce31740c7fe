"""A photo turned in its own plane, read as if it were level.

The camera may sit at any seat: a hand photographed from the side of the table runs down the
photo, one photographed from across it is upside down, and a phone held askew slants the row.
The detector learnt rows that run across the photo and finds few tiles in a row that runs down
it, and an axis-aligned box round a slanting tile hides its shape (sideways or not) and, cut for
the classifier, holds parts of its neighbours. So a first look gives the rows' direction (from
the boxes it finds: vision.rows.row_angle), and when the rows are not level the photo is turned
so that they are and read again there: tiles are found, cut upright for the classifier and laid
out in that level view, and their boxes are mapped back to the photo's pixels for the reading.

What the boxes cannot tell is which end of the row is the player's left: a row and the same row
upside down lie along one line. The classifier reads tiles upside down as well as upright (it
was trained on both), so the tiles read are the same either way; the level view is the one
turned the least, so an upside-down hand is read in the photo's order (its winning tile, laid
apart at the player's right, comes first). When a first look finds one or two tiles, too few to
give a line, the photo turned a quarter is tried too, and the look that finds more tiles is kept.

A tile that fills the frame (a close-up of one flower) is bigger than any the detector learnt:
for a photo (not a live camera) in which it finds fewer tiles than make a line, the photo is
also looked at small, in the middle of a grey canvas ``ZOOM_OUT`` times its size, and that look
is kept when it is surer of its best tile.

Tiles laid close to the camera (a hand filling the frame, a grid of tiles seen from above) are
bigger than most the detector learnt, and it finds few of them or none. So when a photo's look
finds fewer than ``FEW_TILES`` sure tiles, or tiles whose short side is over ``BIG_TILE`` of the
view's, the view is looked at again ``CLOSE_ZOOM`` times smaller; when neither look finds enough
tiles to give a line, the close-up look above is taken, and unless it shows one tile filling the
photo (a box over ``CLOSE_UP_SHARE`` of it), the photo turned a quarter each way is looked at
small too (a close hand running down the photo). The look that finds the most sure tiles is
kept. A live camera's frames are not searched this way: each look is a detector pass, and a
camera held that close is moved back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache

import cv2
import numpy as np

from vision.classify import FrameMemory, SeenFrame, cutting_angle, grey_of, still_matches
from vision.detect import (
    FAINT_CONF,
    PAD_VALUE,
    TileDetector,
    boxes_back,
    mirror_boxes,
    nms,
    same_place,
    turn_level,
)
from vision.detections import Detections
from vision.row_gaps import candidate_boxes, in_rows
from vision.rows import row_angle

LEVEL_TOLERANCE = np.radians(20)   # rows within this of level are read as they are (the layout
                                   # allows for a tilt; a second look costs a detector pass)
SNAP = np.radians(3)               # an angle this close to a quarter turn is taken as one
MIN_LINE = 3                       # tiles needed to tell the rows' direction
ZOOM_OUT = 4                       # a close-up is looked at this many times smaller
FEW_TILES = 6                      # a photo's look that finds fewer sure tiles is tried closer too,
BIG_TILE = 0.2                     # as is one whose tiles' short side is more than this share of
                                   # the view's short side (tiles that fill the frame)
CLOSE_ZOOM = 2.0                   # how much smaller such a photo is looked at again
TURNED_ZOOMS = (1.5, 2.0)          # with fewer sure tiles than make a line, also a quarter turned
CLOSE_UP_SHARE = 0.25              # a box this share of the photo is a close-up of one tile
ELONGATED = 4.0                    # centres spread this much more along a line than across it
LEVEL_KEEP = 0.75                  # the level look is kept if it finds this share of the first's
LEVEL_LOOKS = 2                    # turned looks at most, each from the last one's rows


@dataclass(frozen=True, eq=False)
class View:
    """The level view a photo was read in: ``angle`` (radians) the rows had in the photo, and
    ``matrix`` (2x3) from the photo's pixels to the view's; None for the photo as it is."""

    angle: float
    matrix: np.ndarray | None
    photo_shape: tuple[int, int]
    # a turn the rows seemed to need that found too few tiles (a camera's next frame need not
    # try it again: see detect_level's ``refused``)
    refused: float | None = None

    def to_photo(self, det: Detections) -> Detections:
        """Tiles found in this view, with boxes in the photo's pixels: the axis-aligned box round
        each tile as the photo shows it."""
        if self.matrix is None or not len(det):
            return det
        return Detections(boxes_back(det.boxes, self.matrix, self.photo_shape), det.class_ids,
                          det.confidences, det.face_down, det.rotated, det.choices, det.choice_probs)


def rows_direction(boxes: np.ndarray) -> float:
    """The rows' angle from a first look's boxes: the line the tiles' nearest neighbours agree on
    (vision.rows.row_angle), unless the tiles' centres spread along a clearly other line (in a
    photo turned a quarter the detector finds a few scattered tiles of the row, whose nearest
    neighbours say little, while together they still lie along it)."""
    nearest = row_angle(boxes)
    centres = (boxes[:, :2] + boxes[:, 2:]).astype(np.float64) / 2
    values, vectors = np.linalg.eigh(np.cov(centres.T))
    if values[1] < ELONGATED * max(values[0], 1e-9):
        return nearest
    spread = float(np.arctan2(vectors[1, 1], vectors[0, 1]))
    apart = abs((spread - nearest + np.pi / 2) % np.pi - np.pi / 2)
    return (spread + np.pi / 2) % np.pi - np.pi / 2 if apart > np.radians(30) else nearest


def _snapped(angle: float) -> float:
    quarter = round(angle / (np.pi / 2)) * (np.pi / 2)
    return quarter if abs(angle - quarter) < SNAP else angle


def quarter_turned(pixels: np.ndarray, turns: int) -> tuple[np.ndarray, np.ndarray]:
    """The photo turned ``turns`` quarter turns as turn_level would turn it (counter-clockwise on
    screen), exactly, pixel for pixel; with the 2x3 matrix photo -> turned."""
    height, width = pixels.shape[:2]
    matrix = {1: [[0, 1, 0], [-1, 0, width]], 2: [[-1, 0, width], [0, -1, height]],
              3: [[0, -1, height], [1, 0, 0]]}[turns % 4]
    return np.ascontiguousarray(np.rot90(pixels, turns % 4)), np.array(matrix, np.float64)


def _view(pixels: np.ndarray, angle: float) -> tuple[np.ndarray, np.ndarray | None]:
    """The photo turned so that rows at ``angle`` lie level, and the 2x3 matrix photo -> view
    (None: the photo as it is)."""
    turns = round(angle / (np.pi / 2))
    if angle == 0.0 or (turns % 4 == 0 and angle == turns * np.pi / 2):
        return pixels, None
    if angle == turns * np.pi / 2:
        return quarter_turned(pixels, turns)
    return turn_level(pixels, angle)


@dataclass(frozen=True, eq=False)
class Look:
    """One detector look: ``image``, the pixels its tiles are named in (a level view of the photo,
    or that view padded), ``matrix`` from the photo's pixels to them (None: the photo as it is),
    and the boxes and scores found there (from FAINT_CONF); ``seen``, the pixels the detector was
    shown, and ``to_image``, which takes boxes found in ``seen`` to ``image``'s pixels (for the
    mirrored look that only the look kept gets: ``mirrored``)."""

    image: np.ndarray
    matrix: np.ndarray | None
    boxes: np.ndarray
    scores: np.ndarray
    seen: np.ndarray
    to_image: Callable[[np.ndarray], np.ndarray]
    is_mirrored: bool = False


def _look(detector: TileDetector, pixels: np.ndarray, angle: float) -> Look:
    """The detector's look at the photo turned so that rows at ``angle`` lie level."""
    level, matrix = _view(pixels, angle)
    boxes, scores = detector.find_tiles(level, min(FAINT_CONF, detector.conf), False)
    return Look(level, matrix, boxes, scores, level, lambda found: found)


def mirrored(detector: TileDetector, look: Look) -> Look:
    """``look`` with the detector's look at its pixels mirrored left to right, the boxes of both
    merged by one NMS (once: a look already mirrored is returned as it is). The looks that choose
    the view among rows of tiles (turned, closer) compare counts of sure tiles, which the mirrored
    look hardly changes, so only the look kept gets it: each mirrored look is a detector pass (the
    detector's own ``mirror``, vision/detect.py, says why it helps). Looks that find fewer tiles
    than make a line are compared mirrored: there one tile's score at the threshold decides."""
    if look.is_mirrored:
        return look
    seen = np.ascontiguousarray(look.seen[:, ::-1])
    boxes, scores = detector.find_tiles(seen, min(FAINT_CONF, detector.conf), False)
    if not len(boxes):
        return replace(look, is_mirrored=True)
    boxes = look.to_image(mirror_boxes(boxes, seen.shape[1]).astype(np.float32))
    boxes, scores = np.concatenate([look.boxes, boxes]), np.concatenate([look.scores, scores])
    keep = nms(boxes, scores, detector.iou, detector.max_det)
    return replace(look, boxes=boxes[keep], scores=scores[keep], is_mirrored=True)


def _zoomed_out(detector: TileDetector, pixels: np.ndarray, zoom: float = ZOOM_OUT,
                matrix: np.ndarray | None = None) -> Look:
    """``_look`` at ``pixels`` in the middle of a grey canvas ``zoom`` times their size
    (``matrix``: photo -> ``pixels``, when they are a turned view of the photo).

    The detector sees that canvas shrunk to its input size, so the canvas is made at that size
    from the pixels shrunk first (the full canvas of a 12-megapixel photo is 16 times as many
    pixels to pad and then shrink, most of the cost of this look), and the tiles found are named
    on the pixels padded only as far as their boxes reach: the same pixels the full canvas gives
    the classifier, grey where the photo ends."""
    height, width = pixels.shape[:2]
    side = getattr(detector, "imgsz", round(zoom * max(height, width)))
    wide = width >= height
    canvas_w = side if wide else max(1, round(side * width / height))
    canvas_h = max(1, round(side * height / width)) if wide else side
    small_w, small_h = max(1, round(canvas_w / zoom)), max(1, round(canvas_h / zoom))
    shrink = cv2.INTER_AREA if small_w < width else cv2.INTER_LINEAR
    small = cv2.resize(pixels, (small_w, small_h), interpolation=shrink)
    top, left = (canvas_h - small_h) // 2, (canvas_w - small_w) // 2
    canvas = cv2.copyMakeBorder(small, top, canvas_h - small_h - top, left, canvas_w - small_w - left,
                                cv2.BORDER_CONSTANT, value=(PAD_VALUE, PAD_VALUE, PAD_VALUE))
    boxes, scores = detector.find_tiles(canvas, min(FAINT_CONF, detector.conf), False)
    stretch = np.array([width / small_w, height / small_h] * 2)
    boxes = ((boxes - [left, top, left, top]) * stretch).astype(np.float32) if len(boxes) else boxes
    pad_x, pad_y = _reach(boxes, width, height, zoom)
    padded = cv2.copyMakeBorder(pixels, pad_y, pad_y, pad_x, pad_x, cv2.BORDER_CONSTANT,
                                value=(PAD_VALUE, PAD_VALUE, PAD_VALUE))
    shift = np.array([[1.0, 0.0, pad_x], [0.0, 1.0, pad_y]])
    if matrix is not None:
        shift = shift @ np.vstack([matrix, [0.0, 0.0, 1.0]])
    offset = np.array([left, top, left, top], np.float32)
    place = np.array([pad_x, pad_y, pad_x, pad_y], np.float32)

    def to_image(found: np.ndarray) -> np.ndarray:
        return ((found - offset) * stretch + place).astype(np.float32) if len(found) else found

    shifted = boxes + place if len(boxes) else boxes
    return Look(padded, shift, shifted, scores, canvas, to_image)


def _reach(boxes: np.ndarray, width: int, height: int, zoom: float) -> tuple[int, int]:
    """How far past the photo's sides (x, y) boxes reach, each grown by half its size (the crops
    for the classifier and the orientation model take a margin round the box), at most the
    zoomed-out canvas's own margin."""
    if not len(boxes):
        return 0, 0
    grow = (boxes[:, 2:] - boxes[:, :2]) / 2
    low, high = boxes[:, :2] - grow, boxes[:, 2:] + grow
    over_x = max(0.0, float(-low[:, 0].min()), float(high[:, 0].max()) - width)
    over_y = max(0.0, float(-low[:, 1].min()), float(high[:, 1].max()) - height)
    return (min(int(np.ceil(over_x)), int((zoom - 1) * width / 2)),
            min(int(np.ceil(over_y)), int((zoom - 1) * height / 2)))


def _closer(detector: TileDetector, pixels: np.ndarray, angle: float, look: Look,
            full: Callable[[Look], Look]) -> tuple[float, Look]:
    """The angle and look with the most sure tiles among ``look`` and, when it finds few tiles or
    big ones, the same view looked at smaller; when neither finds enough for a line, the close-up
    look of one tile (``ZOOM_OUT``), and unless that tile fills the photo, the photo turned a
    quarter each way, looked at small. ``full``: a look as it is compared when it finds fewer
    tiles than make a line (mirrored, when the reader mirrors)."""
    sure = look.boxes[_sure(detector, look.scores)]
    count = len(sure)
    if count >= FEW_TILES:
        sides = np.minimum(sure[:, 2] - sure[:, 0], sure[:, 3] - sure[:, 1])
        if float(np.median(sides)) <= BIG_TILE * min(look.image.shape[:2]):
            return angle, look
    closer = _zoomed_out(detector, look.image, CLOSE_ZOOM, look.matrix)
    found = int(_sure(detector, closer.scores).sum())
    if found > count:
        look, count = closer, found
    if count >= MIN_LINE:
        return angle, look
    # a close-up of one tile: looked at much smaller, and kept when surer of its best tile; one
    # tile filling the photo needs no quarter-turned looks
    look, close_up = full(look), full(_zoomed_out(detector, pixels, ZOOM_OUT, None))
    count = int(_sure(detector, look.scores).sum())
    surer = _best(detector, close_up.scores) > _best(detector, look.scores)
    if _fills(detector, close_up if surer else look, pixels.shape[0] * pixels.shape[1]):
        return (0.0, close_up) if surer else (angle, look)
    for turned in (_snapped(angle + np.pi / 2), _snapped(angle - np.pi / 2)):
        view, view_matrix = _view(pixels, turned)
        for zoom in TURNED_ZOOMS:
            tried = full(_zoomed_out(detector, view, zoom, view_matrix))
            found = int(_sure(detector, tried.scores).sum())
            if found > count:
                angle, look, count = turned, tried, found
    if count < MIN_LINE and _best(detector, close_up.scores) > _best(detector, look.scores):
        angle, look = 0.0, close_up
    return angle, look


def _fills(detector: TileDetector, look: Look, area: int) -> bool:
    """Whether a sure box of ``look`` covers ``CLOSE_UP_SHARE`` of a photo of ``area`` pixels."""
    boxes = look.boxes[_sure(detector, look.scores)]
    sizes = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
    return bool(len(sizes)) and float(sizes.max()) >= CLOSE_UP_SHARE * area


def _best(detector: TileDetector, scores: np.ndarray) -> float:
    sure = scores[_sure(detector, scores)]
    return float(sure.max()) if len(sure) else 0.0


def _sure(detector: TileDetector, scores: np.ndarray) -> np.ndarray:
    return scores >= detector.conf


def still_in_place(detector: TileDetector, image: np.ndarray, boxes: np.ndarray, scores: np.ndarray,
                   tiles: Detections, previous: SeenFrame, line: float) -> Detections:
    """A live camera's faint boxes (``boxes``, under the detector's threshold) that lie where its
    last frame (``previous``) saw a tile, with the pixels at that place unchanged once the
    camera's own motion is taken out (vision.classify.still_matches), and in no tile's place:
    that tile, its reading the last frame's when that was sure, else read afresh, and taken when
    read surely. A detector's score for one tile wavers from frame to frame around its threshold;
    without this a hand shown to a shaking camera loses a tile in one frame and has it back in the
    next, and the frames' vote for the whole hand seldom reaches its quorum."""
    if not len(boxes):
        return Detections.empty()
    # the camera's motion since the last frame is told by this frame's sure tiles
    placed = still_matches(boxes, grey_of(image), previous,
                           tiles.boxes.astype(np.float32) if len(tiles) else None) >= 0
    if len(tiles):
        placed &= ~same_place(boxes, tiles.boxes).any(axis=1)
    if not placed.any():
        return Detections.empty()
    read = detector.name_tiles(image, boxes[placed], scores[placed], angle=line,
                               memory=FrameMemory(previous), faint=True)[1]
    return read[(read.class_ids >= 0) & (read.confidences >= detector.config.unsure_below)]


def detect_level(detector: TileDetector, pixels: np.ndarray, hint: float = 0.0,
                 close_ups: bool = False, mirror: bool | None = None, memory: FrameMemory | None = None,
                 take_faint: bool = False, refused: float | None = None
                 ) -> tuple[Detections, Callable[[], Detections], View]:
    """(tiles, faint tiles, view): both stages in the level view of ``pixels``, boxes in that
    view's pixels. ``hint``: the rows' angle to try first (the last frame's, for a camera that
    stays where it is; 0 for a photo). ``close_ups``: also look for one tile filling the frame.
    ``mirror``: each look also mirrored (TileDetector.find_tiles; default: as the detector was made).
    ``memory``: a live camera's last frame, so tiles that stayed still are not classified again.
    ``take_faint``: name the faint boxes now and take in those read as sure tiles in the sure
    tiles' rows (vision.row_gaps.in_rows): for a photo, whose faint boxes are named anyway.
    ``refused``: a turn a camera's last frame tried and found too few tiles in; a turn within
    LEVEL_TOLERANCE of it is not tried again (the view's ``refused`` says which turn this one
    refused). Rows the detector reads well as they are, whose tiles turned level it reads badly
    (a column of upright tiles seen slanting), would otherwise cost every frame a second look.
    Two looks in a turned photo (and the kept one mirrored: ``mirrored``), five at most.

    The faint tiles come as a function that names them when first called (once): only
    suggestions use them, and the boxes under the threshold are most of the classifier's work
    (on frames of real hands, a third to nine tenths of the boxes; each unsure, so cut up to four
    ways), which a live camera need not do for frames whose reading it does not emit."""
    angle = _snapped(hint)
    refusal = None
    mirror_on = getattr(detector, "mirror", False) if mirror is None else mirror

    def full(look: Look) -> Look:
        return mirrored(detector, look) if mirror_on else look

    look = _look(detector, pixels, angle)
    count = int(_sure(detector, look.scores).sum())
    if count < MIN_LINE and angle != 0.0:
        # the camera moved since the last frame: start again from the photo as it is
        angle, look = 0.0, _look(detector, pixels, 0.0)
        count = int(_sure(detector, look.scores).sum())
    if count >= MIN_LINE:
        # a few tiles give the line roughly: the turned look is checked the same way, once more
        for _ in range(LEVEL_LOOKS):
            residual = rows_direction(look.boxes[_sure(detector, look.scores)])
            if abs(residual) <= LEVEL_TOLERANCE:
                break
            turned = _snapped(angle + residual)
            if refused is not None and abs((turned - refused + np.pi) % (2 * np.pi) - np.pi) \
                    <= LEVEL_TOLERANCE:
                refusal = refused
                break
            again = _look(detector, pixels, turned)
            found = int(_sure(detector, again.scores).sum())
            # the level look is kept unless it finds far fewer tiles: in a slanting photo the
            # first look's count holds boxes over two tiles and parts of tiles
            if found < max(MIN_LINE, LEVEL_KEEP * count):
                refusal = turned
                break
            angle, look, count = turned, again, found
    elif count >= 1:
        look = full(look)
        turned = _snapped(angle + np.pi / 2)
        again = full(_look(detector, pixels, turned))
        if _sure(detector, again.scores).sum() > _sure(detector, look.scores).sum():
            angle, look = turned, again
    if close_ups:
        angle, look = _closer(detector, pixels, angle, look, full)
    look = full(look)
    image, matrix, boxes, scores = look.image, look.matrix, look.boxes, look.scores
    sure = _sure(detector, scores)
    # every crop is cut along the line the sure tiles give (a faint box alone tells no line)
    line = cutting_angle(boxes[sure])
    previous = memory.seen if memory is not None else None
    tiles, doubted = detector.name_tiles(image, boxes[sure], scores[sure], angle=line, memory=memory)
    if previous is not None and not take_faint and not sure.all():
        tiles = tiles.joined(still_in_place(detector, image, boxes[~sure], scores[~sure], tiles, previous,
                                            line))
    faint_read = None
    if take_faint and detector.config.calibrated and not sure.all():
        # a faint box in a row of the sure tiles that the classifier reads as surely as a tile
        # that needs no check is a tile it saw (a wind or a dragon whose face the detector
        # doubts; figures in the model card)
        faint_read = detector.name_tiles(image, boxes[~sure], scores[~sure], angle=line, faint=True)[1]
        taken = (faint_read.confidences >= detector.config.unsure_below) \
            & in_rows(tiles.boxes, faint_read.boxes)
        tiles, faint_read = tiles.joined(faint_read[taken]), faint_read[~taken]
    if detector.row_rule and len(tiles):
        # tiles the detector missed where the rows' geometry says one should be (vision.row_gaps)
        found, unsure = detector.name_candidates(image, candidate_boxes(tiles, image.shape[:2]), line)
        tiles, doubted = tiles.joined(found), doubted.joined(unsure)

    @cache
    def faint() -> Detections:
        if sure.all():
            return doubted
        if faint_read is not None:
            return faint_read.joined(doubted)
        return detector.name_tiles(image, boxes[~sure], scores[~sure], angle=line,
                                   faint=True)[1].joined(doubted)

    return tiles, faint, View(float(angle), matrix, pixels.shape[:2], refusal)
