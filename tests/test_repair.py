"""The repair of a hand read with a misread tile: constructed detections with the classifier's
choices written in, no model. Scenes are laid out with the helpers of test_layout."""

from __future__ import annotations

import numpy as np
from test_layout import lay, scene

from vision.classes import CLASS_INDEX
from vision.detections import Detections
from vision.layout import read_layout
from vision.repair import DROP, RepairOptions, apply_changes, candidate_changes, is_complete, repair

HAND = ("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z")


def with_choices(det: Detections, choices: dict[int, list[tuple[str | None, float]]],
                 confidences: dict[int, float] | None = None) -> Detections:
    """``det`` with the readings of some tiles replaced: index -> [(code or None, p), ...], best first."""
    width = 3
    ids = np.full((len(det), width), -1, np.int64)
    probs = np.zeros((len(det), width), np.float32)
    ids[:, 0], probs[:, 0] = det.class_ids, 0.99
    class_ids = det.class_ids.copy()
    for i, readings in choices.items():
        for k, (code, p) in enumerate(readings):
            ids[i, k] = CLASS_INDEX[code] if code else -1
            probs[i, k] = p
        class_ids[i] = ids[i, 0]
    conf = det.confidences.copy()
    for i, value in (confidences or {}).items():
        conf[i] = value
    return Detections(det.boxes, class_ids, conf, det.face_down, det.rotated, ids, probs)


def test_a_complete_reading_is_never_touched_even_with_likely_second_choices():
    det = with_choices(scene(lay(*HAND)), {0: [("1m", 0.5), ("7m", 0.49)]})
    fixed, layout = repair(det)
    assert fixed is det
    assert layout.hand["hand"] == "123m456p789s1115z5z"
    assert not [a for a in layout.ambiguities if a.kind == "corrected"]


def test_a_misread_numeral_is_replaced_by_the_second_choice_that_completes_the_hand():
    # 2m read as 1m (0.55) with 2m second (0.40): 1m 1m 3m is no set, 1m 2m 3m is
    det = with_choices(scene(lay("1m 1m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z")),
                       {1: [("1m", 0.55), ("2m", 0.40), ("7m", 0.03)]})
    assert not is_complete(read_layout(det).hand)
    fixed, layout = repair(det)
    assert fixed.codes[1] == "2m"
    assert layout.hand["hand"] == "123m456p789s1115z5z"
    corrected = [a for a in layout.ambiguities if a.kind == "corrected"]
    assert len(corrected) == 1 and corrected[0].tiles == (1,) and "1m" in corrected[0].message


def test_the_cheapest_completing_change_wins():
    # two tiles could each complete the hand; the one whose second choice is likelier is changed
    det = with_choices(scene(lay("1m 1m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z")),
                       {0: [("1m", 0.6), ("2m", 0.1)], 1: [("1m", 0.6), ("2m", 0.35)]})
    fixed, _ = repair(det)
    assert fixed.codes[:3] == ["1m", "2m", "3m"]


def test_two_misreads_are_fixed_together():
    det = with_choices(scene(lay("1m 1m 3m 4p 4p 6p 7s 8s 9s 1z 1z 1z 5z", "5z")),
                       {1: [("1m", 0.6), ("2m", 0.3)], 4: [("4p", 0.5), ("5p", 0.45)]})
    fixed, layout = repair(det)
    assert layout.hand["hand"] == "123m456p789s1115z5z"
    assert sum(a.kind == "corrected" for a in layout.ambiguities) == 2
    assert repair(det, options=RepairOptions(max_changes=1))[0] is det   # one change is not enough


def test_three_changes_at_most():
    # two red fives (one per suit is allowed) that are 1m, and an extra faint box: three changes
    det = scene(lay("0m 0m 1m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z", "8p"))
    det = with_choices(det, {i: [("0m", 0.6), ("1m", 0.35)] for i in range(2)} | {14: [("8p", 0.9)]},
                       confidences={14: 0.3})
    fixed, layout = repair(det)
    assert layout.hand["hand"] == "111m456p789s1115z5z" and len(fixed) == 14
    assert repair(det, options=RepairOptions(max_changes=2))[0] is det


def test_a_faint_extra_box_is_left_out_and_said():
    # a 15th tile the detector was unsure of: without it the hand is complete
    det = scene(lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z", "8p"))
    det = with_choices(det, {14: [("8p", 0.9)]}, confidences={14: 0.45})
    fixed, layout = repair(det)
    assert len(fixed) == 14 and "8p" not in fixed.codes
    assert any(a.kind == "corrected" and "left out" in a.message for a in layout.ambiguities)


def test_the_classifiers_none_as_second_choice_drops_the_box():
    det = scene(lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z", "1s"))
    det = with_choices(det, {14: [("1s", 0.5), (None, 0.45)]})
    changes = candidate_changes(det)
    assert changes[0].index == 14 and changes[0].class_id == DROP
    assert len(repair(det)[0]) == 14


def test_no_change_is_made_when_none_completes_the_hand():
    # a tile is missing: no second choice can make fourteen
    det = with_choices(scene(lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 5z", "5z")),
                       {0: [("1m", 0.5), ("4m", 0.4)]})
    fixed, layout = repair(det)
    assert fixed is det and not [a for a in layout.ambiguities if a.kind == "corrected"]


def test_unlikely_readings_are_not_tried():
    det = with_choices(scene(lay("1m 1m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z")),
                       {1: [("1m", 0.98), ("2m", 0.01)]})
    assert repair(det)[0] is det


def test_apply_changes_keeps_the_other_tiles_and_their_order():
    det = scene(lay(*HAND))
    unsure = with_choices(det, {3: [("4p", 0.5), ("back", 0.4)]})
    changed = apply_changes(det, tuple(candidate_changes(unsure)))
    assert changed.codes[3] == "back" and bool(changed.face_down[3])
    assert changed.codes[:3] == det.codes[:3] and changed.codes[4:] == det.codes[4:]


def test_tile_surplus_counts_kongs_as_one_extra_tile():
    from vision.repair import tile_surplus

    assert tile_surplus({"hand": "123m456p789s1115z5z", "melds": []}) == 0
    assert tile_surplus({"hand": "123m456p1115z5z", "melds": ["kan:7777s"]}) == 0
    assert tile_surplus({"hand": "123m456p1115z", "melds": ["pon:777s"]}) == -1
    assert tile_surplus({"hand": "11111m456p789s1115z5z", "melds": []}) == 2   # five of a kind counted


def test_a_faint_box_is_taken_in_when_the_hand_is_a_tile_short():
    full = scene(lay(*HAND))
    short, faint = full[[i for i in range(len(full)) if i != 4]], full[[4]]     # 5p scored too low
    faint = Detections(faint.boxes, faint.class_ids, [0.4], faint.face_down, faint.rotated)
    assert repair(short)[1].hand["hand"] != "123m456p789s1115z5z"              # nothing to take in
    fixed, layout = repair(short, faint=faint)
    assert layout.hand["hand"] == "123m456p789s1115z5z" and len(fixed) == len(full)
    (said,) = [a for a in layout.ambiguities if a.kind == "corrected"]
    assert "faint box read as 5p" in said.message and said.tiles == (13,) and fixed.codes[13] == "5p"


def test_a_faint_box_that_completes_nothing_is_left_out():
    full = scene(lay(*HAND))
    short = full[[i for i in range(len(full)) if i != 4]]
    faint = Detections.from_codes([[900, 400, 960, 480]], ["9m"], confidences=[0.4])
    fixed, layout = repair(short, faint=faint)
    assert fixed is short and "9m" not in layout.hand["hand"]
