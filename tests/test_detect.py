"""The detector's pure steps, with numbers worked by hand: letterbox, output decoding, NMS,
sideways marks, crops; and the model configuration file."""

from __future__ import annotations

import json

import numpy as np
import pytest

from vision.classes import CLASS_CODES
from vision.detect import (
    PAD_VALUE,
    Letterbox,
    ModelConfig,
    box_iou,
    crop_tiles,
    decide_sideways,
    decode_yolo,
    letterbox,
    letterbox_shape,
    mark_rotated,
    nms,
    softmax,
    unletterbox,
)


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


def test_sideways_tiles_are_marked_relative_to_their_neighbours():
    upright = [[x, 0, x + 60, 80] for x in range(0, 600, 60)]
    sideways = [[600, 20, 680, 80]]
    assert mark_rotated(np.array(upright + sideways, np.float32)).tolist() == [False] * 10 + [True]
    # seen from a low seat every tile is squashed to half its depth: upright 60 x 40 is wider than
    # tall, yet only the sideways 80 x 30 is marked
    low = [[x, 0, x + 60, 40] for x in range(0, 600, 60)] + [[600, 10, 680, 40]]
    assert mark_rotated(np.array(low, np.float32)).tolist() == [False] * 10 + [True]


def test_the_classifier_overrules_an_unsure_shape_and_shape_settles_a_symmetric_face():
    shape = np.array([0.05, 0.05, 0.15, 0.15, -0.05])
    upright = np.array([0.2, 0.9, 0.5, 0.97, 0.5])
    turned = np.array([0.9, 0.2, 0.5, 0.05, 0.5])
    # log-odds: ln(0.9/0.2) = 1.50 + 0; -1.50 + 0; 0 + 20 * 0.1 = 2; ln(0.05/0.97) = -2.97 + 2; 0 - 2
    assert decide_sideways(shape, upright, turned).tolist() == [True, False, True, False, False]


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
    config = ModelConfig.load(tmp_path)
    assert config.detector_path == tmp_path / "d.onnx" and config.imgsz == 320
    assert config.input_hw == (64, 48) and config.classifier_classes == CLASS_CODES
    assert config.crop_margin == 0.0


def test_model_config_errors_say_what_to_do(tmp_path):
    with pytest.raises(FileNotFoundError, match="python -m vision train"):
        ModelConfig.load(tmp_path)
    (tmp_path / "vision.json").write_text(json.dumps({
        "detector": {"file": "d.onnx", "imgsz": 320},
        "classifier": {"file": "c.onnx", "input_hw": [64, 48], "classes": ["1m", "dragon"]}}))
    with pytest.raises(ValueError, match="'dragon'"):
        ModelConfig.load(tmp_path)
