"""Two boxes on one sideways tile made one (vision.halves), on constructed detections."""

from __future__ import annotations

import numpy as np
from test_layout import TILE_H, TILE_W, lay, scene

from vision.detections import Detections
from vision.halves import halves, join_halves
from vision.layout import read_layout


def split_sideways(det: Detections, index: int, confidences: tuple[float, float] = (0.9, 0.8)) -> Detections:
    """``det`` with the sideways tile ``index`` boxed twice as a detector does on unseen tiles: two
    upright-shaped boxes over its left and right 70 %, neither marked sideways."""
    x1, y1, x2, y2 = det.boxes[index]
    width = x2 - x1
    left = [x1, y1, x1 + 0.7 * width, y2]
    right = [x2 - 0.7 * width, y1, x2, y2]
    boxes = np.concatenate([det.boxes[:index], [left, right], det.boxes[index + 1:]]).astype(np.float32)
    codes = det.codes[:index] + [det.codes[index]] * 2 + det.codes[index + 1:]
    confidences_all = [1.0] * index + list(confidences) + [1.0] * (len(det) - index - 1)
    return Detections.from_codes(boxes, codes, confidences=confidences_all)


HAND = ("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z", "1z", "4m 4m* 4m")


def test_the_halves_of_a_sideways_tile_read_as_a_kong_until_joined():
    whole = scene(lay(*HAND))
    det = split_sideways(whole, 12)
    # as boxed, the pon has four tiles: a kong, a legal set, so nothing else would notice
    assert read_layout(det).hand["melds"] == ["kan:4444m"]
    assert halves(det) == [(12, 13)]                       # the surer box first
    joined, joins = join_halves(det)
    assert len(joined) == len(whole) and joined.codes == whole.codes
    assert joined.rotated.tolist() == whole.rotated.tolist()      # the union is wider than tall
    assert np.allclose(joined.boxes[12], whole.boxes[12])
    layout = read_layout(joined)
    assert layout.hand == {"hand": "123m456p789s1z1z", "melds": ["pon:444m"], "win_tile": "1z", "flowers": ""}
    note = joins[0].note(joined)
    assert note.kind == "joined" and note.tiles == (12,) and "4m" in note.message
    assert note.to_json()["code"] == "joined" and note.params["index"] == 12
    assert note.params["tile"] in note.message and note.params["other"] in note.message


def test_the_surer_box_gives_the_reading():
    det = split_sideways(scene(lay(*HAND)), 12, confidences=(0.5, 0.95))
    det.class_ids[12] = det.class_ids[0]    # the weak left half misread as 1m
    joined, joins = join_halves(det)
    assert joined.codes[12] == "4m" and joins[0].kept == "4m" and joins[0].other == "1m"


def test_touching_tiles_and_a_stacked_kong_tile_are_never_joined():
    det = scene(lay("2m 2m 2m 5p 6p 7p 9s", "9s", "4z* 4z 4z 4z", "6z 6z* 6z^ 6z"))
    assert halves(det) == []
    joined, joins = join_halves(det)
    assert joined is det and joins == []


def test_neighbours_overlapping_less_than_half_a_tile_stay_two():
    # a low photo: boxes widened by the tiles' slant overlap their neighbours by a third
    boxes, codes, rotated = lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z")
    widened = [[x1 - TILE_W / 6, y1, x2 + TILE_W / 6, y2] for x1, y1, x2, y2 in boxes]
    det = Detections.from_codes(widened, codes, rotated=rotated)
    assert halves(det) == []


def test_a_note_without_its_tile_still_names_the_reading():
    det = split_sideways(scene(lay(*HAND)), 12)
    _, joins = join_halves(det)
    elsewhere = scene(lay("1m 2m 3m", y=900))
    note = joins[0].note(elsewhere)
    assert note.tiles == () and "4m" in note.message
    assert TILE_H > TILE_W    # the split boxes above are upright-shaped only because of this
