"""The detector's pure steps, with numbers worked by hand: letterbox, output decoding, NMS,
sideways marks, crops; and the model configuration file."""

from __future__ import annotations

import json
import warnings

import cv2
import numpy as np
import pytest

from vision.classes import CLASS_CODES
from vision.classify import crop_tiles, softmax
from vision.detect import (
    PAD_VALUE,
    Letterbox,
    ModelConfig,
    box_iou,
    boxes_back,
    context_crops,
    decode_yolo,
    letterbox,
    letterbox_shape,
    mark_rotated,
    nms,
    same_place,
    turn_level,
    unletterbox,
)
from vision.detections import Detections


def test_letterbox_fits_and_centres():
    image = np.full((100, 200, 3), 7, np.uint8)
    canvas, box = letterbox(image, (416, 416))
    # scale = min(416/100, 416/200) = 2.08; the image becomes 416 x 208, padded by 104 above and below
    assert box == Letterbox(2.08, 0, 104)
    assert canvas.shape == (416, 416, 3)
    assert (canvas[:104] == PAD_VALUE).all() and (canvas[312:] == PAD_VALUE).all()
    assert (canvas[104:312] == 7).all()


def test_unletterbox_inverts_the_mapping():
    box = Letterbox(2.08, 0, 104)
    # image box (10, 20, 50, 60) -> input (20.8, 20 * 2.08 + 104 = 145.6, 104, 60 * 2.08 + 104 = 228.8)
    network = np.array([[20.8, 145.6, 104.0, 228.8], [-5.0, 100.0, 500.0, 400.0]])
    back = unletterbox(network, box, height=100, width=200)
    np.testing.assert_allclose(back[0], [10, 20, 50, 60], atol=1e-4)
    np.testing.assert_allclose(back[1], [0, 0, 200, 100], atol=1e-4)   # clipped to the image


def test_letterbox_shape():
    assert letterbox_shape(3000, 4000, 416, rect=False) == (416, 416)
    # rect: scale 416/4000 = 0.104; 3000 * 0.104 = 312, rounded up to a multiple of 32 = 320
    assert letterbox_shape(3000, 4000, 416, rect=True) == (320, 416)
    assert letterbox_shape(4000, 3000, 640, rect=True) == (640, 480)


def test_decode_raw_yolo_head():
    # Two anchors of a one-class head: rows cx, cy, w, h, score.
    raw = np.array([[[50, 200], [40, 100], [20, 10], [30, 10], [0.9, 0.1]]], np.float32)
    boxes, scores = decode_yolo(raw, conf_threshold=0.25)
    np.testing.assert_allclose(boxes, [[40, 25, 60, 55]])
    np.testing.assert_allclose(scores, [0.9])


def test_decode_multi_class_head_takes_the_best_class_score():
    raw = np.zeros((1, 6, 3), np.float32)
    raw[0, :4] = [[10, 20, 30], [10, 20, 30], [4, 4, 4], [4, 4, 4]]
    raw[0, 4:] = [[0.1, 0.6, 0.2], [0.3, 0.1, 0.2]]
    boxes, scores = decode_yolo(raw, conf_threshold=0.25)
    np.testing.assert_allclose(scores, [0.3, 0.6])
    np.testing.assert_allclose(boxes[:, 0], [8, 18])


def test_decode_end_to_end_rows():
    rows = np.zeros((1, 300, 6), np.float32)
    rows[0, 0] = [1, 2, 3, 4, 0.8, 0]
    rows[0, 1] = [5, 6, 7, 8, 0.2, 0]
    boxes, scores = decode_yolo(rows, conf_threshold=0.25)
    np.testing.assert_allclose(boxes, [[1, 2, 3, 4]])
    np.testing.assert_allclose(scores, [0.8])


def test_box_iou():
    # [0,0,10,10] and [5,0,15,10]: overlap 50, union 150
    assert box_iou(np.array([0, 0, 10, 10.0]), np.array([[5, 0, 15, 10.0]]))[0] == pytest.approx(1 / 3)


def test_nms_keeps_the_best_of_overlapping_boxes():
    boxes = np.array([[0, 0, 10, 10], [1, 1, 11, 11], [20, 20, 30, 30], [10, 0, 20, 10]], np.float32)
    scores = np.array([0.8, 0.9, 0.7, 0.6], np.float32)
    # box 1 vs box 0: overlap 9 x 9 = 81, union 200 - 81 = 119, IoU 0.68 -> box 0 goes;
    # box 3 touches box 0 only along an edge (IoU 0) and overlaps box 1 by 1 x 9 (IoU 9/191)
    assert nms(boxes, scores, iou_threshold=0.5).tolist() == [1, 2, 3]
    assert nms(boxes, scores, iou_threshold=0.7).tolist() == [1, 0, 2, 3]
    assert nms(boxes, scores, iou_threshold=0.5, max_det=2).tolist() == [1, 2]
    assert nms(np.zeros((0, 4)), np.zeros(0), 0.5).tolist() == []


def test_two_boxes_are_in_the_same_place_when_either_holds_the_others_centre():
    boxes = np.array([[0, 0, 10, 14], [12, 0, 22, 14]], np.float32)      # two tiles side by side
    others = np.array([
        [1, 2, 9, 12],      # a tile's face inside the first box: holds nothing, is held
        [2, 0, 22, 14],     # a box over both tiles: holds both centres
        [8, 0, 13, 14],     # a sliver between them: its centre (10.5, 7) lies in neither box
        [30, 0, 40, 14],    # elsewhere
    ], np.float32)
    assert same_place(boxes, others).tolist() == [[True, True, False, False], [False, True, False, False]]
    assert same_place(boxes, others[:0]).shape == (2, 0)


def test_sideways_tiles_are_marked_relative_to_their_neighbours():
    upright = [[x, 0, x + 60, 80] for x in range(0, 600, 60)]
    sideways = [[600, 20, 680, 80]]
    assert mark_rotated(np.array(upright + sideways, np.float32)).tolist() == [False] * 10 + [True]
    # seen from a low seat every tile is squashed to half its depth: upright 60 x 40 is wider than
    # tall, yet only the sideways 80 x 30 is marked
    low = [[x, 0, x + 60, 40] for x in range(0, 600, 60)] + [[600, 10, 680, 40]]
    assert mark_rotated(np.array(low, np.float32)).tolist() == [False] * 10 + [True]


def test_turn_level_makes_tilted_rows_level_and_boxes_map_back():
    image = np.zeros((300, 400, 3), np.uint8)
    angle = np.radians(20)     # rows falling to the right, as y grows downwards
    centres = np.array([[100 + 60 * k * np.cos(angle), 100 + 60 * k * np.sin(angle)] for k in range(4)])
    level, matrix = turn_level(image, angle)
    moved = centres @ matrix[:, :2].T + matrix[:, 2]
    assert np.ptp(moved[:, 1]) == pytest.approx(0, abs=1e-6)           # level
    assert np.diff(moved[:, 0]) == pytest.approx([60, 60, 60])          # distances kept
    corners = np.array([[0, 0], [400, 0], [400, 300], [0, 300]]) @ matrix[:, :2].T + matrix[:, 2]
    height, width = level.shape[:2]
    assert corners.min() >= -1 and corners[:, 0].max() <= width + 1 and corners[:, 1].max() <= height + 1
    # a 40 x 40 box round a level centre comes back as the (larger) box round the photo's centre
    x, y = moved[1]
    back = boxes_back(np.array([[x - 20, y - 20, x + 20, y + 20]], np.float32), matrix, (300, 400))[0]
    side = 40 * (np.cos(angle) + np.sin(angle))     # a square turned by 20 degrees
    np.testing.assert_allclose(back, [*(centres[1] - side / 2), *(centres[1] + side / 2)], atol=1e-3)


def test_crops_are_upright_rgb_batches():
    image = np.zeros((100, 100, 3), np.uint8)
    image[20:60, 10:30] = (0, 0, 255)      # BGR red: left half of the box
    image[20:60, 30:50] = (255, 0, 0)      # BGR blue: right half
    boxes = np.array([[10, 20, 50, 60], [10, 20, 50, 60]], np.float32)
    batch = crop_tiles(image, boxes, np.array([0, 1]), (8, 6), margin=0.0)
    assert batch.shape == (2, 3, 8, 6) and batch.dtype == np.float32
    plain, turned = batch
    assert plain[0, :, 0] == pytest.approx(1.0) and plain[2, :, -1] == pytest.approx(1.0)   # R left, B right
    # a quarter turn counter-clockwise brings the left (red) half to the bottom
    assert turned[0, -1, :] == pytest.approx(1.0) and turned[2, 0, :] == pytest.approx(1.0)


def test_softmax_passes_probabilities_through_and_normalises_logits():
    probs = np.array([[0.2, 0.8]], np.float32)
    assert softmax(probs) is probs
    out = softmax(np.array([[0.0, np.log(3.0)]], np.float32))
    np.testing.assert_allclose(out, [[0.25, 0.75]], rtol=1e-5)


def test_model_config_resolves_files_next_to_it(tmp_path):
    (tmp_path / "vision.json").write_text(json.dumps({
        "detector": {"file": "d.onnx", "imgsz": 320, "classes": ["tile"]},
        "classifier": {"file": "c.onnx", "input_hw": [64, 48], "classes": list(CLASS_CODES)}}))
    with pytest.raises(FileNotFoundError, match="d.onnx, which is not there"):
        ModelConfig.load(tmp_path)
    (tmp_path / "d.onnx").write_bytes(b"")
    (tmp_path / "c.onnx").write_bytes(b"")
    config = ModelConfig.load(tmp_path)
    assert config.detector_path == tmp_path / "d.onnx" and config.imgsz == 320
    assert config.input_hw == (64, 48) and config.classifier_classes == CLASS_CODES
    assert config.crop_margin == 0.0 and config.score_threshold is None
    data = json.loads((tmp_path / "vision.json").read_text())
    data["detector"]["score_threshold"] = 0.5
    (tmp_path / "vision.json").write_text(json.dumps(data))
    assert ModelConfig.load(tmp_path).score_threshold == 0.5


def test_model_config_errors_say_what_to_do(tmp_path):
    with pytest.raises(FileNotFoundError, match="python -m vision train"):
        ModelConfig.load(tmp_path)
    (tmp_path / "vision.json").write_text(json.dumps({
        "detector": {"file": "d.onnx", "imgsz": 320},
        "classifier": {"file": "c.onnx", "input_hw": [64, 48], "classes": ["1m", "dragon"]}}))
    with pytest.raises(ValueError, match="'dragon'"):
        ModelConfig.load(tmp_path)


# -- the runtime end to end, on stand-in ONNX models (no training needed) -----------------------

def _stand_in_models(folder, canvas_hw, boxes, imgsz=320, classes=CLASS_CODES, faint=(), orientation=False):
    """ONNX models that read a scene of flat-coloured tiles: the detector answers the scene's own
    boxes whatever the image, with one duplicate for NMS to drop and one weak junk box (``faint``
    boxes at score 0.3); detectors made from it run with ``mirror=False``, as the mirrored view
    would answer the same boxes unmirrored;
    the classifier names a crop by its mean red level (class index i is drawn as red 5 * i + 2);
    with ``orientation`` a third model calls a tile sideways when its window's centre is green."""
    torch = pytest.importorskip("torch")
    _, fit = letterbox(np.zeros((*canvas_hw, 3), np.uint8), (imgsz, imgsz))
    rows = []
    for index, (x1, y1, x2, y2) in enumerate([*boxes, *faint]):
        cx, cy = (x1 + x2) / 2 * fit.scale + fit.pad_x, (y1 + y2) / 2 * fit.scale + fit.pad_y
        score = 0.9 if index < len(boxes) else 0.3
        rows.append([cx, cy, (x2 - x1) * fit.scale, (y2 - y1) * fit.scale, score])
    rows.append([*rows[0][:4], 0.6])                    # a duplicate of the first tile
    rows.append([5.0, 5.0, 4.0, 4.0, 0.1])              # a weak detection below the threshold
    head = torch.tensor(np.array(rows, np.float32).T[None])

    class Detector(torch.nn.Module):
        def forward(self, images):
            return head + 0 * images.mean()

    class Classifier(torch.nn.Module):
        def forward(self, crops):
            level = (crops[:, 0].mean(dim=(1, 2)) * 255 - 2) / 5
            ids = torch.arange(len(classes), dtype=torch.float32)
            return -((ids[None] - level[:, None]) ** 2)

    torch.onnx.export(Detector(), torch.zeros(1, 3, imgsz, imgsz), str(folder / "d.onnx"), dynamo=False,
                      input_names=["images"], output_names=["output0"])
    torch.onnx.export(Classifier(), torch.zeros(2, 3, 64, 48), str(folder / "c.onnx"), dynamo=False,
                      input_names=["crops"], output_names=["logits"],
                      dynamic_axes={"crops": {0: "n"}, "logits": {0: "n"}})
    config = {"detector": {"file": "d.onnx", "imgsz": imgsz, "classes": ["tile"]},
              "classifier": {"file": "c.onnx", "input_hw": [64, 48], "classes": list(classes)}}
    if orientation:
        class Orientation(torch.nn.Module):
            def forward(self, windows):
                green = windows[:, 1, 10:14, 10:14].mean(dim=(1, 2))
                return torch.stack([0.5 - green, green - 0.5], dim=1)

        torch.onnx.export(Orientation(), torch.zeros(2, 3, 24, 24), str(folder / "o.onnx"), dynamo=False,
                          input_names=["windows"], output_names=["logits"],
                          dynamic_axes={"windows": {0: "n"}, "logits": {0: "n"}})
        config["orientation"] = {"file": "o.onnx", "size": 24, "context": 1.0}
    (folder / "vision.json").write_text(json.dumps(config))


@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::UserWarning")
def test_boxes_the_classifier_calls_none_are_dropped_with_their_choices(tmp_path):
    from test_layout import lay

    from vision.classes import CLASSIFIER_CODES
    from vision.detect import TileDetector

    boxes, codes, _ = lay("1m 2m 3m", "none", "7z", y=100, x=40)
    canvas = np.full((300, 800, 3), (40, 90, 40), np.uint8)
    for (x1, y1, x2, y2), code in zip(boxes, codes, strict=True):
        canvas[int(y1):int(y2), int(x1):int(x2)] = (0, 0, 5 * CLASSIFIER_CODES.index(code) + 2)
    _stand_in_models(tmp_path, canvas.shape[:2], boxes, classes=CLASSIFIER_CODES)
    found = TileDetector(ModelConfig.load(tmp_path), threads=1, mirror=False).detect(canvas)
    order = np.argsort(found.boxes[:, 0])
    assert [found.codes[i] for i in order] == ["1m", "2m", "3m", "7z"]
    assert found.choices.shape == (4, 3) and (found.choices[:, 0] == found.class_ids).all()
    assert (np.diff(found.choice_probs, axis=1) <= 0).all()           # best first


@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::UserWarning")
def test_tile_detector_end_to_end_on_stand_in_models(tmp_path, capsys):
    from test_layout import lay

    from vision.__main__ import main
    from vision.classes import CLASS_INDEX
    from vision.detect import TileDetector

    boxes, codes, _ = lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 5z 5z", "1z", "2s* 3s 4s", "back 7z 7z back",
                          y=160, x=40)
    canvas = np.full((400, 1600, 3), (40, 90, 40), np.uint8)
    for (x1, y1, x2, y2), code in zip(boxes, codes, strict=True):
        canvas[int(y1):int(y2), int(x1):int(x2)] = (0, 0, 5 * CLASS_INDEX[code] + 2)   # BGR: red level
    _stand_in_models(tmp_path, canvas.shape[:2], boxes)
    detector = TileDetector(ModelConfig.load(tmp_path), threads=1, mirror=False)
    found = detector.detect(canvas)
    order = np.argsort(found.boxes[:, 0])
    assert [found.codes[i] for i in order] == codes                 # duplicate and junk box gone
    np.testing.assert_allclose(found.boxes[order], boxes, atol=4.0)  # back in the photo's pixels
    assert [bool(found.rotated[i]) for i in order] == [code == "2s" for code in codes]
    assert found.face_down[order].tolist() == [code == "back" for code in codes]

    photo = tmp_path / "hand.png"
    cv2.imwrite(str(photo), canvas)
    assert main(["read", str(photo), "--json", "--models", str(tmp_path), "--threads", "1",
                 "--no-mirror"]) == 0
    reading = json.loads(capsys.readouterr().out)
    assert reading["hand"] == {"hand": "123m456p789s1155z1z", "melds": ["chi:234s", "ankan:7777z"],
                               "win_tile": "1z", "flowers": ""}
    assert [tile["tile"] for tile in reading["tiles"]] == codes       # reading order
    assert list(reading["timing_ms"]) == ["decode", "detect", "layout", "suggest"]
    assert reading["timing_ms"]["decode"] > 0 and reading["timing_ms"]["detect"] > 0
    assert reading["suggestions"] == []                               # complete as read
    for flag in ("--no-suggestions", "--no-repair"):                  # the old name still works
        assert main(["read", str(photo), "--json", "--models", str(tmp_path), "--threads", "1",
                     "--no-mirror", flag]) == 0
        quiet = json.loads(capsys.readouterr().out)
        assert quiet["hand"] == reading["hand"] and quiet["suggestions"] == []
        assert list(quiet["timing_ms"]) == ["decode", "detect", "layout"]


def test_context_crops_keep_the_tiles_proportions_and_pad_off_the_photo():
    image = np.full((60, 80, 3), 200, np.uint8)
    image[:, 30:] = (0, 0, 250)                       # BGR red from x = 30 on
    # a 20 x 40 box at the top-left corner: the window is 1.5 x 40 = 60 px square around its centre,
    # x from -20 to 40 and y from -10 to 50, at half scale in a 30 px crop
    (window,) = context_crops(image, np.array([[0, 0, 20, 40]], np.float32), 30, 1.5)
    assert window.shape == (3, 30, 30)
    assert window[0, 0, 0] == pytest.approx(PAD_VALUE / 255)     # above and left of the photo
    assert window[:, 15, 10] == pytest.approx([200 / 255] * 3)   # the tile itself, RGB
    assert window[0, 15, 28] == pytest.approx(250 / 255) and window[2, 15, 28] == 0   # red, in RGB order


def test_joined_detections_follow_each_other_with_their_readings():
    a = Detections.from_codes([[0, 0, 10, 10]], ["1m"])
    b = Detections(np.array([[20, 0, 30, 10]]), [2], [0.4], [False], [True],
                   choices=[[2, 3, -1]], choice_probs=[[0.6, 0.3, 0.1]])
    both = a.joined(b)
    assert both.codes == ["1m", "3m"] and both.rotated.tolist() == [False, True]
    assert both.choices.tolist() == [[0, 0, 0], [2, 3, -1]]
    np.testing.assert_allclose(both.choice_probs, [[1, 0, 0], [0.6, 0.3, 0.1]])
    np.testing.assert_allclose(both.confidences, [1.0, 0.4])


@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::UserWarning")
def test_faint_boxes_are_kept_apart_and_the_orientation_model_marks_sideways_tiles(tmp_path):
    from test_layout import lay

    from vision.classes import CLASS_INDEX
    from vision.detect import TileDetector

    boxes, codes, _ = lay("1m 2m 3m", "4p", y=100, x=40)
    canvas = np.full((300, 800, 3), (40, 90, 40), np.uint8)
    for (x1, y1, x2, y2), code in zip(boxes, codes, strict=True):
        canvas[int(y1):int(y2), int(x1):int(x2)] = (0, 0, 5 * CLASS_INDEX[code] + 2)
    x1, y1, x2, y2 = (int(v) for v in boxes[1])
    canvas[y1 + 30:y2 - 30, x1 + 20:x2 - 20, 1] = 255      # 2m's centre green: "sideways"
    faint_box = [600, 100, 660, 180]
    canvas[100:180, 600:660] = (0, 0, 5 * CLASS_INDEX["9s"] + 2)
    _stand_in_models(tmp_path, canvas.shape[:2], boxes, faint=[faint_box], orientation=True)
    detector = TileDetector(ModelConfig.load(tmp_path), threads=1, mirror=False)
    found, faint = detector.detect_with_faint(canvas)
    order = np.argsort(found.boxes[:, 0])
    assert [found.codes[i] for i in order] == codes and faint.codes == ["9s"]
    np.testing.assert_allclose(faint.boxes[0], faint_box, atol=4.0)
    assert [bool(found.rotated[i]) for i in order] == [False, True, False, False]
    assert detector.detect(canvas).codes == found.codes


def test_a_sure_box_read_as_no_tile_becomes_a_faint_tile_with_its_likeliest_reading():
    from vision.classes import CLASS_INDEX
    from vision.detect import doubted_tiles

    boxes = [[0, 0, 60, 80], [70, 0, 130, 80]]
    choices = np.array([[-1, CLASS_INDEX["5z"], CLASS_INDEX["6z"]],
                        [-1, CLASS_INDEX["back"], CLASS_INDEX["9s"]]])
    probs = np.array([[0.6, 0.3, 0.1], [0.2, 0.7, 0.1]], np.float32)
    found = Detections(np.array(boxes, np.float32), choices[:, 0], probs[:, 0], np.zeros(2, bool),
                       np.zeros(2, bool), choices, probs)
    doubted = doubted_tiles(found, np.array([0.8, 0.5]))
    assert doubted.codes == ["5z", "back"] and doubted.face_down.tolist() == [False, True]
    # the reading's share of the tile readings: 0.3 of 0.4, 0.7 of 0.8; "none" last, at 0
    assert np.allclose(doubted.choice_probs, [[0.75, 0.25, 0.0], [0.875, 0.125, 0.0]])
    assert doubted.choices[:, -1].tolist() == [-1, -1]
    # sure it is a tile: the detector's score and the odds of some tile, as a geometric mean
    assert np.allclose(doubted.confidences, [np.sqrt(0.8 * 0.4), np.sqrt(0.5 * 0.8)])
    assert len(doubted_tiles(found[np.zeros(0, np.int64)], np.zeros(0))) == 0


def test_mirror_boxes_map_a_mirrored_image_back():
    from vision.detect import mirror_boxes

    boxes = np.array([[40, 130, 80, 190], [0, 0, 10, 5]], np.float32)
    assert mirror_boxes(boxes, 320).tolist() == [[240, 130, 280, 190], [310, 0, 320, 5]]
    assert mirror_boxes(mirror_boxes(boxes, 320), 320).tolist() == boxes.tolist()


# The tracer's own warning class is named only after torch is known to be there: a mark naming
# it would import torch while the tests are collected, on a machine without it too.
@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::UserWarning")
def test_a_tile_only_the_mirrored_view_finds_is_found_where_it_lies(tmp_path):
    torch = pytest.importorskip("torch")
    warnings.simplefilter("ignore", torch.jit.TracerWarning)   # undone by pytest after the test
    from vision.detect import ModelConfig, TileDetector

    _stand_in_models(tmp_path, (320, 320), [[0, 0, 10, 10]])

    class SeesRedAtOnePlace(torch.nn.Module):
        """A tile at (40, 130, 80, 190) of its input, scored by how red the input is there."""

        def forward(self, images):
            box = torch.tensor([60.0, 160.0, 40.0, 60.0])[None, :, None].expand(1, 4, 1)
            return torch.cat([box, 0.9 * images[:, :1, 160:161, 60]], dim=1)

    torch.onnx.export(SeesRedAtOnePlace(), torch.zeros(1, 3, 320, 320), str(tmp_path / "d.onnx"),
                      dynamo=False, input_names=["images"], output_names=["output0"])
    canvas = np.zeros((320, 320, 3), np.uint8)
    canvas[130:190, 240:280] = (0, 0, 255)      # a red tile on the right: the mirror image has it left
    found, scores = TileDetector(ModelConfig.load(tmp_path), threads=1).find_tiles(canvas)
    np.testing.assert_allclose(found, [[240, 130, 280, 190]], atol=1.0)
    assert np.allclose(scores, [0.9], atol=0.01)
    alone, _ = TileDetector(ModelConfig.load(tmp_path), threads=1, mirror=False).find_tiles(canvas)
    assert len(alone) == 0
