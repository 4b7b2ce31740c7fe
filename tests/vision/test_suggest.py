"""Suggestions for a hand read with a misread tile: constructed detections with the classifier's
choices written in, no model. Scenes are laid out with the helpers of test_layout. The reading is
never changed; suggestions say what would make it complete."""

from __future__ import annotations

import numpy as np
import pytest
from test_layout import lay, scene

from vision.classes import CLASS_INDEX
from vision.detections import Detections
from vision.layout import read_layout
from vision.suggest import (
    DROP,
    SuggestOptions,
    apply_changes,
    candidate_changes,
    is_complete,
    suggest,
    tile_surplus,
)

HAND = ("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z")
COMPLETE = "123m456p789s1115z5z"


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


def test_a_complete_reading_gets_no_suggestion_even_with_likely_second_choices():
    det = with_choices(scene(lay(*HAND)), {0: [("1m", 0.5), ("7m", 0.49)]})
    assert suggest(det) == []


def test_a_misread_numeral_is_offered_its_second_choice_and_the_reading_is_kept():
    # 2m read as 1m (0.55) with 2m second (0.40): 1m 1m 3m is no set, 1m 2m 3m is
    det = with_choices(scene(lay("1m 1m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z")),
                       {1: [("1m", 0.55), ("2m", 0.40), ("7m", 0.03)]})
    layout = read_layout(det)
    assert not is_complete(layout.hand)
    first, *_ = suggest(det, layout)
    assert first.hand["hand"] == COMPLETE
    assert [(c.index, c.class_id) for c in first.changes] == [(1, CLASS_INDEX["2m"])]
    assert first.cost == pytest.approx(np.log(0.55) - np.log(0.40), rel=1e-5)
    assert first.to_json(det) == {"changes": [{"index": 1, "was": "1m", "now": "2m"}],
                                  "cost": round(first.cost, 3), "hand": first.hand}
    assert det.codes[1] == "1m" and layout.hand["hand"] != COMPLETE      # nothing applied


def test_suggestions_come_cheapest_first():
    # two tiles could each complete the hand; the one whose second choice is likelier comes first
    det = with_choices(scene(lay("1m 1m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z")),
                       {0: [("1m", 0.6), ("2m", 0.1)], 1: [("1m", 0.6), ("2m", 0.35)]})
    found = suggest(det)
    assert [s.changes[0].index for s in found[:1]] == [1]
    assert all(a.cost <= b.cost for a, b in zip(found, found[1:], strict=False))


def test_two_misreads_are_suggested_together():
    det = with_choices(scene(lay("1m 1m 3m 4p 4p 6p 7s 8s 9s 1z 1z 1z 5z", "5z")),
                       {1: [("1m", 0.6), ("2m", 0.3)], 4: [("4p", 0.5), ("5p", 0.45)]})
    (first, *_) = suggest(det)
    assert first.hand["hand"] == COMPLETE and len(first.changes) == 2
    assert suggest(det, options=SuggestOptions(max_changes=1)) == []   # one change is not enough


def test_three_changes_at_most():
    # two red fives (one per suit is allowed) that are 1m, and an extra faint box: three changes
    det = scene(lay("0m 0m 1m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z", "8p"))
    det = with_choices(det, {i: [("0m", 0.6), ("1m", 0.35)] for i in range(2)} | {14: [("8p", 0.9)]},
                       confidences={14: 0.3})
    (first, *_) = suggest(det)
    assert first.hand["hand"] == "111m456p789s1115z5z" and len(first.changes) == 3
    assert suggest(det, options=SuggestOptions(max_changes=2)) == []


def test_a_sure_box_is_kept_and_leaving_out_a_faint_one_is_only_suggested():
    # a 15th tile the detector was unsure of: the reading keeps it, a suggestion leaves it out
    det = scene(lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z", "8p"))
    det = with_choices(det, {14: [("8p", 0.9)]}, confidences={14: 0.45})
    layout = read_layout(det)
    assert "8p" in layout.hand["hand"] + " ".join(layout.hand["melds"])
    (first, *_) = suggest(det, layout)
    assert first.to_json(det)["changes"] == [{"index": 14, "was": "8p", "now": None}]
    assert first.hand["hand"] == COMPLETE


def test_sure_boxes_the_old_repair_dropped_stay_in_the_reading_with_a_suggestion():
    # a 17-tile hand (five sets and a pair) with three white dragons whose second choice is "no
    # tile" (a blank face looks like table): the repair left them out to make 14 tiles; now the 17
    # tiles are read whole, complete for a 17-tile game, and leaving the three out is only a
    # suggestion towards a 14-tile hand
    det = with_choices(scene(lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z 5z 8p", "8p")),
                       {i: [("5z", 0.6), (None, 0.39)] for i in (12, 13, 14)})
    layout = read_layout(det)
    assert layout.hand["hand"] == "123m4568p789s111555z8p" and len(det) == 17
    assert is_complete(layout.hand, hand_size=17)
    assert suggest(det, layout, options=SuggestOptions(hand_size=17)) == []
    (first, *_) = suggest(det, layout)
    assert [c["now"] for c in first.to_json(det)["changes"]] == [None] * 3
    assert is_complete(first.hand)
    assert layout.hand["hand"] == "123m4568p789s111555z8p"    # the reading itself is untouched
    # four too many for 14 tiles: beyond three changes, no suggestion at all
    det = scene(lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z 5z 7p 8p", "9p"))
    assert len(read_layout(det).groups) and suggest(det) == []


def test_the_classifiers_none_as_second_choice_suggests_leaving_the_box_out():
    det = scene(lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z", "1s"))
    det = with_choices(det, {14: [("1s", 0.5), (None, 0.45)]})
    changes = candidate_changes(det)
    assert changes[0].index == 14 and changes[0].class_id == DROP
    (first, *_) = suggest(det)
    assert first.changes == (changes[0],) and len(det) == 15


def test_no_suggestion_when_no_change_completes_the_hand():
    # a tile is missing: no second choice can make fourteen
    det = with_choices(scene(lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 5z", "5z")),
                       {0: [("1m", 0.5), ("4m", 0.4)]})
    assert suggest(det) == []


def test_unlikely_readings_are_not_suggested():
    det = with_choices(scene(lay("1m 1m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z")),
                       {1: [("1m", 0.98), ("2m", 0.01)]})
    assert suggest(det) == []


def test_a_false_win_stays_incomplete_and_is_only_offered_changes():
    # a photographed false win (1m 1m 3m is no set) read sure: no likely change, no suggestion
    det = scene(lay("1m 1m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z"))
    layout = read_layout(det)
    assert not is_complete(layout.hand) and suggest(det, layout) == []


def test_apply_changes_keeps_the_other_tiles_and_their_order():
    det = scene(lay(*HAND))
    unsure = with_choices(det, {3: [("4p", 0.5), ("back", 0.4)]})
    changed = apply_changes(det, tuple(candidate_changes(unsure)))
    assert changed.codes[3] == "back" and bool(changed.face_down[3])
    assert changed.codes[:3] == det.codes[:3] and changed.codes[4:] == det.codes[4:]


def test_tile_surplus_counts_kongs_as_one_extra_tile():
    assert tile_surplus({"hand": COMPLETE, "melds": []}) == 0
    assert tile_surplus({"hand": "123m456p1115z5z", "melds": ["kan:7777s"]}) == 0
    assert tile_surplus({"hand": "123m456p1115z", "melds": ["pon:777s"]}) == -1
    assert tile_surplus({"hand": "11111m456p789s1115z5z", "melds": []}) == 2   # five of a kind counted
    assert tile_surplus({"hand": "123m456p789s1115z5z", "melds": ["pon:777s"]}, hand_size=17) == 0


def test_completeness_of_seventeen_tile_hands():
    assert is_complete({"hand": COMPLETE, "melds": ["pon:777s"]}, hand_size=17)
    assert is_complete({"hand": COMPLETE, "melds": ["kan:6666z"]}, hand_size=17)       # a kong: 18
    assert not is_complete({"hand": COMPLETE, "melds": ["pon:777s"]})                  # 14 asked
    assert not is_complete({"hand": "123m456p789s1115z6z", "melds": ["pon:777s"]}, hand_size=17)
    assert not is_complete({"hand": "11111m456p789s5z5z", "melds": ["pon:777s"]}, hand_size=17)
    assert not is_complete({"hand": "123m456p789s1115z5z", "melds": ["pon:77s"]}, hand_size=17)


def test_a_faint_box_is_suggested_when_the_hand_is_a_tile_short():
    full = scene(lay(*HAND))
    short, faint = full[[i for i in range(len(full)) if i != 4]], full[[4]]     # 5p scored too low
    faint = Detections(faint.boxes, faint.class_ids, [0.4], faint.face_down, faint.rotated)
    assert suggest(short) == []                                                   # nothing to take in
    (first, *_) = suggest(short, faint=faint)
    assert first.hand["hand"] == COMPLETE
    assert first.to_json(short, faint)["changes"] == [
        {"index": 13, "was": None, "now": "5p", "box": [round(float(v), 1) for v in full.boxes[4]],
         "conf": 0.4}]
    assert len(short) == 13


def test_a_faint_box_that_completes_nothing_is_not_suggested():
    full = scene(lay(*HAND))
    short = full[[i for i in range(len(full)) if i != 4]]
    faint = Detections.from_codes([[900, 400, 960, 480]], ["9m"], confidences=[0.4])
    assert suggest(short, faint=faint) == []


def test_a_suggestion_is_never_a_cheaper_one_with_more_changes():
    det = with_choices(scene(lay("1m 1m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z")),
                       {1: [("1m", 0.55), ("2m", 0.40)], 5: [("6p", 0.6), ("3p", 0.39)]})
    found = suggest(det, options=SuggestOptions(max_suggestions=5))
    first = found[0]
    assert all(not set(first.changes) < set(other.changes) for other in found[1:])
    assert len({str(s.hand) for s in found}) == len(found)


def test_a_reading_offers_suggestions_for_the_hand_size_asked():
    from vision.layout import LayoutOptions
    from vision.reader import Reading

    det = with_choices(scene(lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z 5z 8p", "8p")),
                       {i: [("5z", 0.6), (None, 0.39)] for i in (12, 13, 14)})
    reading = Reading(det, read_layout(det), {}, Detections.empty(), SuggestOptions(), LayoutOptions())
    fourteen = reading.to_json()
    assert fourteen["hand"] == read_layout(det).hand and len(fourteen["tiles"]) == 17
    assert fourteen["suggestions"] and "suggest" in fourteen["timing_ms"]
    assert reading.to_json(hand_size=17)["suggestions"] == []          # complete as a 17-tile hand
    quiet = Reading(det, read_layout(det), {}, Detections.empty(), None, LayoutOptions()).to_json()
    assert quiet["suggestions"] == [] and "suggest" not in quiet["timing_ms"]


def test_a_seventeen_tile_hand_on_a_taiwanese_table_is_no_doubt_and_gets_no_suggestion():
    from vision.layout import LayoutOptions
    from vision.reader import Reading

    det = scene(lay("1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 5s", "5s"))
    taiwanese = LayoutOptions(hand_sets=5)
    layout = read_layout(det, taiwanese)
    assert not [doubt for doubt in layout.ambiguities if doubt.kind == "hand"]
    assert suggest(det, layout, taiwanese, SuggestOptions(hand_size=17)) == []
    # read for a 14-tile table, the same tiles are a doubt: no hand of that table has 17 tiles
    fourteen = read_layout(det)
    assert [doubt.code for doubt in fourteen.ambiguities if doubt.kind == "hand"] == ["hand.tile_count"]
    # a reading made for one table and asked for the other is laid out for that one
    reading = Reading(det, fourteen, {}, Detections.empty(), SuggestOptions(), LayoutOptions())
    for_taiwan = reading.to_json(hand_size=17)
    assert for_taiwan["suggestions"] == []
    assert not [doubt for doubt in for_taiwan["ambiguities"] if doubt["kind"] == "hand"]
    assert for_taiwan["tiles"] == reading.to_json()["tiles"]          # the tiles as read, unchanged


def test_a_complete_fourteen_tile_hand_on_an_mcr_table_gets_no_suggestion():
    det = scene(lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z"))
    layout = read_layout(det)
    assert not [doubt for doubt in layout.ambiguities if doubt.kind == "hand"]
    assert suggest(det, layout, options=SuggestOptions(hand_size=14)) == []


def test_a_reading_refuses_a_hand_size_no_hand_has():
    from vision.reader import Reading

    det = scene(lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z"))
    with pytest.raises(ValueError, match="16 tiles"):
        Reading(det, read_layout(det)).for_hand_size(16)
