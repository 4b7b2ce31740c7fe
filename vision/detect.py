"""Pixels -> Detections with three ONNX models on onnxruntime (no torch at run time).

Stage one, a one-class YOLO detector, finds tiles; stage two, a small crop classifier, names each
tile (46 classes, ``back`` for a face-down tile), and a tiny orientation model says which tiles lie
sideways (called tiles; without it, box shapes decide). The split lets the detector run at a small
input size (fast on a laptop CPU) while each tile is classified from the photo itself, at its
resolution.
Everything model-specific (files, input sizes, class lists) is read from ``models/vision.json``;
the sessions are created once, when a TileDetector is made, never per image.

The pure steps (letterbox, output decoding, NMS, rotation marks, crops) are module functions so
they can be tested with numbers worked by hand.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.classes import BACK, CLASS_INDEX, MODEL_CONFIG, NOT_A_TILE
from vision.classify import CHOICES, SURE, ClassifierSpec, FrameMemory, TileClassifier, softmax
from vision.detections import Detections
from vision.rows import row_angle, sideways_scores

MODELS_DIR_ENV = "TILETALLY_MODELS"
PAD_VALUE = 114            # Ultralytics' letterbox grey, so the detector sees what it was trained on
SIDEWAYS_POINT = 0.05      # the shape score (vision.rows.sideways_scores) where shape is undecided
SIDEWAYS_PROBABILITY = 0.5 # the orientation model's probability from which a tile lies sideways
FAINT_CONF = 0.2           # boxes from here up to the threshold are kept aside as "faint" (vision.suggest)
ROW_ACCEPT = 0.95          # a box the rows' geometry proposes is a tile read at least this likely
ROW_SCORE = 0.5            # the detector score such a box stands in with, for an uncalibrated model
DEFAULT_CONF = 0.55        # detector score threshold when neither caller nor vision.json gives one
FAINT_SURE = 0.0           # faint boxes are read once, without second looks (vision.classify.SURE)


def models_dir() -> Path:
    """``$TILETALLY_MODELS`` or the repository's ``models/``."""
    return Path(os.environ.get(MODELS_DIR_ENV) or Path(__file__).resolve().parent.parent / "models")


@dataclass(frozen=True)
class ModelConfig:
    """The contents of models/vision.json, with file names resolved against its folder."""

    detector_path: Path
    imgsz: int
    classifier_path: Path
    input_hw: tuple[int, int]
    classifier_classes: tuple[str, ...]
    crop_margin: float = 0.0     # the classifier is trained on detector boxes as they are
    score_threshold: float | None = None   # the detector's own threshold, when vision.json gives one
    orientation_path: Path | None = None   # the sideways-tile model; without it, box shapes decide
    orientation_size: int = 0              # its window side and context, as vision.json gives them
    orientation_context: float = 0.0
    upright_cuts: bool = False             # crops cut along the rows' line (vision.tile_crops)
    temperature: float = 1.0               # the classifier's calibration (model card)
    unsure_below: float = 0.5              # a reading less likely than this is marked unsure
    calibrated: bool = False               # vision.json gives the classifier's temperature
    row_rule: bool = False                 # look for missed tiles in the rows' gaps (vision.row_gaps)

    @property
    def classifier_spec(self) -> ClassifierSpec:
        return ClassifierSpec(self.input_hw, self.classifier_classes, self.crop_margin, self.upright_cuts,
                              self.temperature, self.unsure_below)

    @classmethod
    def load(cls, path: Path | str | None = None) -> ModelConfig:
        config_path = Path(path) if path else models_dir() / MODEL_CONFIG
        if config_path.is_dir():
            config_path = config_path / MODEL_CONFIG
        if not config_path.exists():
            raise FileNotFoundError(
                f"{config_path} not found: train the models (python -m vision train) or set "
                f"{MODELS_DIR_ENV} to a folder holding {MODEL_CONFIG}")
        data: dict[str, Any] = json.loads(config_path.read_text())
        detector, classifier = data["detector"], data["classifier"]
        orientation = data.get("orientation")
        classes = tuple(classifier["classes"])
        unknown = [code for code in classes if code not in CLASS_INDEX and code != NOT_A_TILE]
        if unknown:
            raise ValueError(f"{config_path}: classifier class {unknown[0]!r} is not in vision.classes")
        for part in (detector, classifier, *([orientation] if orientation else [])):
            if not (config_path.parent / part["file"]).exists():
                raise FileNotFoundError(f"{config_path} names {part['file']}, which is not there: "
                                        "train and export the models (python -m vision train)")
        return cls(
            detector_path=config_path.parent / detector["file"],
            imgsz=int(detector["imgsz"]),
            classifier_path=config_path.parent / classifier["file"],
            input_hw=(int(classifier["input_hw"][0]), int(classifier["input_hw"][1])),
            classifier_classes=classes,
            crop_margin=float(classifier.get("crop_margin", cls.crop_margin)),
            score_threshold=float(detector["score_threshold"]) if "score_threshold" in detector else None,
            orientation_path=config_path.parent / orientation["file"] if orientation else None,
            orientation_size=int(orientation["size"]) if orientation else 0,
            orientation_context=float(orientation["context"]) if orientation else 0.0,
            upright_cuts=classifier.get("cut") == "upright",
            temperature=float(classifier.get("temperature", 1.0)),
            calibrated="temperature" in classifier,
            row_rule=bool(data.get("row_rule", False)),
            unsure_below=float(classifier.get("unsure_below", cls.unsure_below)),
        )


# -- pure steps ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Letterbox:
    """How an image was fitted into the network input: input = image * scale + (pad_x, pad_y)."""

    scale: float
    pad_x: float
    pad_y: float


def letterbox_shape(height: int, width: int, imgsz: int, *, rect: bool, stride: int = 32) -> tuple[int, int]:
    """The network input (h, w): square ``imgsz``, or with ``rect`` the long side ``imgsz`` and the
    short side rounded up to the stride (less padding, less work, for a model with dynamic axes)."""
    if not rect:
        return imgsz, imgsz
    scale = imgsz / max(height, width)
    round_up = lambda side: int(np.ceil(side * scale / stride) * stride)  # noqa: E731
    return min(imgsz, round_up(height)), min(imgsz, round_up(width))


def letterbox(image: np.ndarray, shape: tuple[int, int]) -> tuple[np.ndarray, Letterbox]:
    """Resize keeping the aspect ratio and pad to ``shape`` (h, w), centred, with PAD_VALUE."""
    height, width = image.shape[:2]
    target_h, target_w = shape
    scale = min(target_h / height, target_w / width)
    new_w, new_h = max(1, round(width * scale)), max(1, round(height * scale))
    interpolation = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    resized = cv2.resize(image, (new_w, new_h), interpolation=interpolation)
    pad_x, pad_y = (target_w - new_w) / 2, (target_h - new_h) / 2
    canvas = np.full((target_h, target_w, 3), PAD_VALUE, dtype=np.uint8)
    left, top = int(round(pad_x - 0.1)), int(round(pad_y - 0.1))
    canvas[top:top + new_h, left:left + new_w] = resized
    return canvas, Letterbox(scale, left, top)


def unletterbox(boxes: np.ndarray, box: Letterbox, height: int, width: int) -> np.ndarray:
    """Network-input boxes (x1 y1 x2 y2) back to image pixels, clipped to the image."""
    out = boxes.astype(np.float32).copy()
    out[:, [0, 2]] = (out[:, [0, 2]] - box.pad_x) / box.scale
    out[:, [1, 3]] = (out[:, [1, 3]] - box.pad_y) / box.scale
    out[:, [0, 2]] = out[:, [0, 2]].clip(0, width)
    out[:, [1, 3]] = out[:, [1, 3]].clip(0, height)
    return out


def decode_yolo(output: np.ndarray, conf_threshold: float) -> tuple[np.ndarray, np.ndarray]:
    """One image's raw detector output -> (boxes x1 y1 x2 y2, scores) above the threshold.

    Accepts the usual Ultralytics export, (4 + classes, anchors) with centre-size boxes, and the
    end-to-end form, (max_det, 6) rows of x1 y1 x2 y2 score class (NMS already done)."""
    output = np.asarray(output, dtype=np.float32)
    if output.ndim == 3:
        output = output[0]
    if output.shape[1] == 6:   # end-to-end rows (a raw head has thousands of anchor columns)
        keep = output[:, 4] >= conf_threshold
        return output[keep, :4], output[keep, 4]
    scores = output[4:].max(axis=0)
    keep = scores >= conf_threshold
    centre_x, centre_y, box_w, box_h = output[:4, keep]
    boxes = np.stack([centre_x - box_w / 2, centre_y - box_h / 2,
                      centre_x + box_w / 2, centre_y + box_h / 2], axis=1)
    return boxes, scores[keep]


def mirror_boxes(boxes: np.ndarray, width: float) -> np.ndarray:
    """Boxes found in an image mirrored left to right, in the unmirrored image (``width`` wide)."""
    return np.stack([width - boxes[:, 2], boxes[:, 1], width - boxes[:, 0], boxes[:, 3]], axis=1) \
        if len(boxes) else boxes


def box_iou(box: np.ndarray, others: np.ndarray) -> np.ndarray:
    """IoU of one box with each of ``others`` (x1 y1 x2 y2)."""
    inter_w = np.clip(np.minimum(box[2], others[:, 2]) - np.maximum(box[0], others[:, 0]), 0, None)
    inter_h = np.clip(np.minimum(box[3], others[:, 3]) - np.maximum(box[1], others[:, 1]), 0, None)
    inter = inter_w * inter_h
    area = (box[2] - box[0]) * (box[3] - box[1])
    areas = (others[:, 2] - others[:, 0]) * (others[:, 3] - others[:, 1])
    return inter / np.maximum(area + areas - inter, 1e-9)


def nms(boxes: np.ndarray, scores: np.ndarray, iou_threshold: float, max_det: int = 300) -> np.ndarray:
    """Greedy non-maximum suppression: indexes of kept boxes, best score first."""
    order = np.argsort(-scores, kind="stable")
    keep: list[int] = []
    while order.size and len(keep) < max_det:
        best = int(order[0])
        keep.append(best)
        rest = order[1:]
        order = rest[box_iou(boxes[best], boxes[rest]) <= iou_threshold]
    return np.array(keep, dtype=np.int64)


def holds_centres(outer: np.ndarray, inner: np.ndarray) -> np.ndarray:
    """(len(outer), len(inner)) matrix: whether box i of ``outer`` holds the centre of box j of
    ``inner`` (edges included)."""
    centres = (inner[:, :2] + inner[:, 2:]) / 2
    return ((outer[:, None, 0] <= centres[None, :, 0]) & (centres[None, :, 0] <= outer[:, None, 2])
            & (outer[:, None, 1] <= centres[None, :, 1]) & (centres[None, :, 1] <= outer[:, None, 3]))


def same_place(boxes: np.ndarray, others: np.ndarray) -> np.ndarray:
    """(len(boxes), len(others)) matrix: whether either box holds the other's centre: two boxes
    of one tile may overlap too little to tell by IoU (a face without its edge, a tile with its
    shadow), but one holds the other's centre; two tiles side by side never do."""
    return holds_centres(boxes, others) | holds_centres(others, boxes).T


def mark_rotated(boxes: np.ndarray) -> np.ndarray:
    """Tiles lying sideways (called tiles) judged from their shape alone (see sideways_scores)."""
    return sideways_scores(boxes) >= SIDEWAYS_POINT


def context_crops(image: np.ndarray, boxes: np.ndarray, size: int, context: float) -> np.ndarray:
    """Orientation model batch (N, 3, size, size) RGB float 0-1: a square around each box's centre,
    ``context`` times its longer side, so the tile keeps its own proportions and shows its
    neighbours (a sideways tile is told from its turned face, its long side towards the camera and
    its shape beside the others). Parts off the photo are filled with PAD_VALUE."""
    height, width = image.shape[:2]
    batch = np.empty((len(boxes), size, size, 3), dtype=np.uint8)
    for index, (x1, y1, x2, y2) in enumerate(boxes):
        side = max(4.0, context * max(x2 - x1, y2 - y1))
        left, top = int(round((x1 + x2 - side) / 2)), int(round((y1 + y2 - side) / 2))
        span = int(round(side))
        window = np.full((span, span, 3), PAD_VALUE, dtype=np.uint8)
        src_x1, src_y1 = max(0, left), max(0, top)
        src_x2, src_y2 = min(width, left + span), min(height, top + span)
        if src_x2 > src_x1 and src_y2 > src_y1:
            window[src_y1 - top:src_y2 - top, src_x1 - left:src_x2 - left] = \
                image[src_y1:src_y2, src_x1:src_x2]
        batch[index] = cv2.resize(window, (size, size), interpolation=cv2.INTER_AREA)
    return batch[..., ::-1].transpose(0, 3, 1, 2).astype(np.float32) / 255.0


def turn_level(image: np.ndarray, angle: float) -> tuple[np.ndarray, np.ndarray]:
    """The image turned so that rows at ``angle`` (radians, image axes: y down) lie level, on a
    canvas large enough to keep every pixel; returns it with the 2x3 matrix photo -> level."""
    height, width = image.shape[:2]
    cos, sin = abs(np.cos(angle)), abs(np.sin(angle))
    new_w, new_h = int(np.ceil(width * cos + height * sin)), int(np.ceil(width * sin + height * cos))
    matrix = cv2.getRotationMatrix2D((width / 2, height / 2), float(np.degrees(angle)), 1.0)
    matrix[:, 2] += ((new_w - width) / 2, (new_h - height) / 2)
    level = cv2.warpAffine(image, matrix, (new_w, new_h), flags=cv2.INTER_LINEAR,
                           borderValue=(PAD_VALUE, PAD_VALUE, PAD_VALUE))
    return level, matrix


def boxes_back(boxes: np.ndarray, matrix: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """Boxes found on the level image, as axis-aligned boxes of the same tiles in the photo."""
    if len(boxes) == 0:
        return boxes.reshape(0, 4).astype(np.float32)
    inverse = cv2.invertAffineTransform(matrix)
    x1, y1, x2, y2 = boxes.T
    corners = np.stack([np.stack([x1, y1], 1), np.stack([x2, y1], 1), np.stack([x2, y2], 1),
                        np.stack([x1, y2], 1)], axis=1)                       # N x 4 x 2
    photo = corners @ inverse[:, :2].T + inverse[:, 2]
    out = np.concatenate([photo.min(axis=1), photo.max(axis=1)], axis=1)
    out[:, [0, 2]] = out[:, [0, 2]].clip(0, shape[1])
    out[:, [1, 3]] = out[:, [1, 3]].clip(0, shape[0])
    return out.astype(np.float32)


# -- the runtime --------------------------------------------------------------------------------

def doubted_tiles(found: Detections, scores: np.ndarray) -> Detections:
    """Boxes the detector is sure of that the classifier reads as no tile, read instead as the
    likeliest tile, with that tile's share of the tile readings: a white dragon's blank face, a
    face-down tile or a dragon in glare can look like bare table to the classifier. Their
    confidence is the geometric mean of the detector's score and the odds of some tile. They join
    the faint boxes: the repair may take one in when the hand is a tile short."""
    if not len(found):
        return found
    none_probs = found.choice_probs[:, 0]
    tile_mass = np.maximum(1.0 - none_probs, 1e-9)
    choices = np.concatenate([found.choices[:, 1:], found.choices[:, :1]], axis=1)
    probs = np.concatenate([found.choice_probs[:, 1:] / tile_mass[:, None], np.zeros((len(found), 1))],
                           axis=1).astype(np.float32)
    class_ids = choices[:, 0]
    return Detections(found.boxes, class_ids, np.sqrt(scores * tile_mass), class_ids == CLASS_INDEX[BACK],
                      found.rotated, choices, probs)


class TileDetector:
    """Both ONNX sessions, loaded once. ``detect(pixels)`` -> Detections in those pixels' frame."""

    def __init__(self, config: ModelConfig | None = None, *, imgsz: int | None = None,
                 threads: int | None = None, conf: float | None = None, iou: float = 0.5,
                 max_det: int = 100, deskew_degrees: float | None = None,
                 tta: bool = True, mirror: bool = True) -> None:
        import onnxruntime  # here, so the pure steps above import without it

        self.config = config or ModelConfig.load()
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads or min(os.cpu_count() or 1, 4)
        options.inter_op_num_threads = 1
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
        # three sessions take turns on the same cores: a pool that spins after its run steals them
        # from the next model (figures in the model card)
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        providers = ["CPUExecutionProvider"]
        self.detector = onnxruntime.InferenceSession(str(self.config.detector_path), options,
                                                     providers=providers)
        self.classifier = onnxruntime.InferenceSession(str(self.config.classifier_path), options,
                                                       providers=providers)
        self.tile_classifier = TileClassifier(self.classifier, self.config.classifier_spec)
        self.orientation = None if self.config.orientation_path is None else onnxruntime.InferenceSession(
            str(self.config.orientation_path), options, providers=providers)
        # the threshold: given, or the model's own (vision.json, chosen per model: see the model
        # card), or DEFAULT_CONF for a model folder that names none
        conf = conf if conf is not None else self.config.score_threshold
        self.conf, self.iou, self.max_det = (conf if conf is not None else DEFAULT_CONF), iou, max_det
        self.deskew_degrees = deskew_degrees
        self.tta = tta
        # from what probability a reading is taken without second looks (vision.classify): the
        # tiles' own, and the faint boxes', most of them no tile, which suggestions alone may use
        self.sure, self.faint_sure = SURE, FAINT_SURE
        # the detector also looks at the photo mirrored left to right, and the boxes of both views
        # are merged by NMS: a tile one view misses the other often finds (a layout is no less a
        # layout mirrored; upside down it is not: a tile's thickness shows below its face); what
        # the second pass wins and costs is in the model card. A reader of turned photos gives it
        # only to the view it keeps (vision.level.mirrored)
        self.mirror = mirror
        self.row_rule = self.config.row_rule
        detector_input = self.detector.get_inputs()[0]
        fixed = [side for side in detector_input.shape[2:] if isinstance(side, int)]
        self.dynamic = len(fixed) < 2
        self.imgsz = imgsz or self.config.imgsz
        if not self.dynamic and imgsz and imgsz != max(fixed):
            raise ValueError(f"{self.config.detector_path.name} was exported for imgsz {max(fixed)}; "
                             f"re-export with dynamic=True to run at {imgsz}")
        if not self.dynamic:
            self.imgsz = max(fixed)
        self._back = CLASS_INDEX[BACK]

    def find_tiles(self, pixels: np.ndarray, conf: float | None = None,
                   mirror: bool | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Stage one: (boxes in pixel coordinates, detector scores) after NMS, scores from ``conf``
        (default: the detector's threshold); ``mirror``: also look at the pixels mirrored
        (default: as the detector was made)."""
        height, width = pixels.shape[:2]
        shape = letterbox_shape(height, width, self.imgsz, rect=self.dynamic)
        canvas, box = letterbox(pixels, shape)
        tensor = canvas[..., ::-1].transpose(2, 0, 1)[None].astype(np.float32) / 255.0
        threshold = self.conf if conf is None else conf
        boxes, scores = decode_yolo(self._run_detector(tensor), threshold)
        if self.mirror if mirror is None else mirror:
            mirrored, mirrored_scores = decode_yolo(self._run_detector(tensor[..., ::-1]), threshold)
            boxes = np.concatenate([boxes, mirror_boxes(mirrored, tensor.shape[3])])
            scores = np.concatenate([scores, mirrored_scores])
        keep = nms(boxes, scores, self.iou, self.max_det)
        return unletterbox(boxes[keep], box, height, width), scores[keep]

    def _run_detector(self, tensor: np.ndarray) -> np.ndarray:
        return self.detector.run(None, {self.detector.get_inputs()[0].name: np.ascontiguousarray(tensor)})[0]

    def classify(self, pixels: np.ndarray, boxes: np.ndarray, *, angle: float | None = None,
                 memory: FrameMemory | None = None, faint: bool = False
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray, tuple[np.ndarray, np.ndarray]]:
        """Stage two (vision.classify): (class ids, probabilities, sideways, (choices, their
        probabilities)). Sideways is judged by the orientation model (``sideways``): the
        classifier, trained on faces turned either way, cannot tell it, and box shapes alone
        misjudged 7% of tiles in low, oblique photos. ``faint``: boxes under the detector's
        threshold, read with the faint boxes' second looks (``faint_sure``)."""
        if len(boxes) == 0:
            return np.zeros(0, np.int64), np.zeros(0, np.float32), np.zeros(0, bool), \
                (np.zeros((0, CHOICES), np.int64), np.zeros((0, CHOICES), np.float32))
        named = self.tile_classifier.name(self.tile_classifier.read(
            pixels, boxes, tta=self.tta, angle=angle, memory=memory,
            sure=self.faint_sure if faint else self.sure))
        return named.class_ids, named.probs, self.sideways(pixels, boxes), (named.choices, named.choice_probs)

    def sideways(self, pixels: np.ndarray, boxes: np.ndarray) -> np.ndarray:
        """Which tiles lie sideways: the orientation model's reading of a window around each, or
        without that model the boxes' shapes (mark_rotated)."""
        if self.orientation is None or not len(boxes):
            return mark_rotated(boxes)
        windows = context_crops(pixels, boxes, self.config.orientation_size, self.config.orientation_context)
        logits = self.orientation.run(None, {self.orientation.get_inputs()[0].name: windows})[0]
        return softmax(np.asarray(logits, dtype=np.float32))[:, 1] >= SIDEWAYS_PROBABILITY

    def _probabilities(self, pixels: np.ndarray, boxes: np.ndarray, turns: np.ndarray) -> np.ndarray:
        """Class probabilities per box cut with the given quarter turns (no second looks)."""
        return self.tile_classifier.probabilities(pixels, boxes, turns, 0.0)

    def detect(self, pixels: np.ndarray) -> Detections:
        """Both stages on one upright BGR image; boxes in ``pixels``' own frame."""
        return self.detect_with_faint(pixels)[0]

    def detect_with_faint(self, pixels: np.ndarray) -> tuple[Detections, Detections]:
        """(tiles, faint tiles): the second are boxes the detector scored from FAINT_CONF up to its
        threshold that the classifier reads as a tile, then boxes over the threshold that it reads
        as no tile (doubted_tiles). They are no part of the reading; vision.suggest may take one in
        when the hand as read is a tile short (a face-down tile on a pale table, a flower in shadow:
        most tiles missed on generated scenes had such a box).

        With ``deskew_degrees`` a photo whose rows are tilted more than that is turned level and
        detected again (a tilted tile's axis-aligned box hides whether it lies sideways). Off by
        default: on 60 held-out scenes it changed no whole hand and cost a second pass (the
        detector learnt the loose boxes of tilted tiles, so level boxes gained nothing)."""
        faint_conf = min(FAINT_CONF, self.conf)
        boxes, scores = self.find_tiles(pixels, faint_conf)
        angle = row_angle(boxes[scores >= self.conf]) if self.deskew_degrees is not None else 0.0
        if self.deskew_degrees is not None and abs(np.degrees(angle)) > self.deskew_degrees \
                and int((scores >= self.conf).sum()) >= 3:
            level, matrix = turn_level(pixels, angle)
            boxes, scores = self.find_tiles(level, faint_conf)
            class_ids, probs, rotated, (choices, choice_probs) = self.classify(level, boxes)
            boxes = boxes_back(boxes, matrix, pixels.shape[:2])
        else:
            return self.name_tiles(pixels, boxes, scores)
        return self._split(boxes, scores, class_ids, probs, rotated, choices, choice_probs)

    def name_tiles(self, pixels: np.ndarray, boxes: np.ndarray, scores: np.ndarray, *,
                   angle: float | None = None, memory: FrameMemory | None = None, faint: bool = False
                   ) -> tuple[Detections, Detections]:
        """Stage two on boxes found in ``pixels`` (find_tiles from FAINT_CONF): (tiles, faint tiles)
        as detect_with_faint gives them. ``angle``: the rows' line to cut along (default: the
        boxes' own); ``memory``: a live camera's last frame (vision.classify.FrameMemory);
        ``faint``: all the boxes are under the threshold (read as ``classify`` reads faint ones)."""
        class_ids, probs, rotated, (choices, choice_probs) = self.classify(pixels, boxes, angle=angle,
                                                                           memory=memory, faint=faint)
        return self._split(boxes, scores, class_ids, probs, rotated, choices, choice_probs)

    def name_candidates(self, pixels: np.ndarray, boxes: np.ndarray,
                        angle: float | None = None) -> tuple[Detections, Detections]:
        """Boxes no detector scored (vision.row_gaps) as (tiles, faint tiles): a box the classifier
        reads as a tile at least ROW_ACCEPT likely is a tile it saw; one it reads as a tile less
        surely is offered to suggestions only; one it reads as no tile is dropped."""
        if not len(boxes):
            return Detections.empty(), Detections.empty()
        class_ids, probs, rotated, (choices, choice_probs) = self.classify(pixels, boxes, angle=angle)
        confidences = probs if self.config.calibrated else np.sqrt(ROW_SCORE * probs)
        found = Detections(boxes=boxes, class_ids=class_ids, confidences=confidences,
                           face_down=class_ids == self._back, rotated=rotated, choices=choices,
                           choice_probs=choice_probs)
        tile = class_ids >= 0
        return found[tile & (probs >= ROW_ACCEPT)], found[tile & (probs < ROW_ACCEPT)]

    def _split(self, boxes: np.ndarray, scores: np.ndarray, class_ids: np.ndarray, probs: np.ndarray,
               rotated: np.ndarray, choices: np.ndarray,
               choice_probs: np.ndarray) -> tuple[Detections, Detections]:
        # a calibrated classifier's probability is the chance the reading is right, and the
        # tile's confidence; an older one's is mixed with the detector's score (geometric mean)
        confidences = probs if self.config.calibrated else np.sqrt(scores * probs)
        found = Detections(boxes=boxes, class_ids=class_ids, confidences=confidences,
                           face_down=class_ids == self._back, rotated=rotated,
                           choices=choices, choice_probs=choice_probs)
        tile, sure = class_ids >= 0, scores >= self.conf
        return found[tile & sure], found[tile & ~sure].joined(doubted_tiles(found[~tile & sure],
                                                                            scores[~tile & sure]))
