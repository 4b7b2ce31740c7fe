"""Layout on constructed detections: the hand as laid down, without a model or a camera.

Scenes are written as groups of tile codes; ``lay`` places them left to right like a player
would: upright tiles 60x80 touching, a 40-pixel gap between groups. A code ending in '*' lies
sideways (80x60, bottom-aligned: a called tile); '^' lies sideways stacked on the tile before it
(a promoted kong); 'back' is a face-down tile.
"""

from __future__ import annotations

import numpy as np
import pytest

from engine.core.hand import hand_from_dict
from engine.core.tiles import parse_tiles
from vision.detections import Detections
from vision.layout import BONUS, CONCEALED, MELD, WINNING_TILE, LayoutOptions, read_layout
from vision.rows import RowFrame, find_rows, reading_order, row_angle, row_gaps, split_groups
from vision.sets import meld_kind

TILE_W, TILE_H, GAP = 60, 80, 40


def lay(*groups: str, y: float = 400, x: float = 50, gap: float = GAP) -> tuple[list, list, list]:
    """Boxes, codes and rotated flags for groups written like '1m 2m 3m*'."""
    boxes, codes, rotated = [], [], []
    for group in groups:
        for token in group.split():
            code = token.rstrip("*^")
            if token.endswith("^"):
                below = boxes[-1]
                boxes.append([below[0], below[1] - TILE_W, below[2], below[1]])
            elif token.endswith("*"):
                boxes.append([x, y + TILE_H - TILE_W, x + TILE_H, y + TILE_H])
                x += TILE_H
            else:
                boxes.append([x, y, x + TILE_W, y + TILE_H])
                x += TILE_W
            codes.append(code)
            rotated.append(token.endswith(("*", "^")))
        x += gap
    return boxes, codes, rotated


def scene(*rows: tuple[list, list, list], confidences: list[float] | None = None) -> Detections:
    boxes = [box for row in rows for box in row[0]]
    codes = [code for row in rows for code in row[1]]
    rotated = [flag for row in rows for flag in row[2]]
    return Detections.from_codes(boxes, codes, rotated=rotated, confidences=confidences)


def group_codes(det: Detections, layout, kind: str) -> list[str]:
    return [" ".join(det.codes[i] for i in group.tiles) for group in layout.groups if group.kind == kind]


def test_one_concealed_row_with_the_winning_tile_apart():
    det = scene(lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z"))
    layout = read_layout(det)
    assert group_codes(det, layout, CONCEALED) == ["1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z"]
    assert group_codes(det, layout, WINNING_TILE) == ["5z"]
    assert layout.hand == {"hand": "123m456p789s1115z5z", "melds": [], "win_tile": "5z", "flowers": ""}
    assert layout.ambiguities == ()
    hand_from_dict(layout.hand)   # the engine accepts it as it is


def test_concealed_sets_laid_apart_keep_their_groups():
    det = scene(lay("2m 3m 4m", "6p 6p 6p", "7s 8s 9s", "3z 3z 3z", "7z", "7z"))
    layout = read_layout(det)
    assert group_codes(det, layout, CONCEALED) == ["2m 3m 4m", "6p 6p 6p", "7s 8s 9s", "3z 3z 3z", "7z"]
    assert group_codes(det, layout, WINNING_TILE) == ["7z"]
    # two singles: the pair's first tile and the winning tile; the last one laid is the winning tile
    assert [a.kind for a in layout.ambiguities] == ["winning_tile"]
    assert layout.hand["win_tile"] == "7z"


def test_called_melds_are_marked_by_a_sideways_tile():
    det = scene(lay("1p 1p 2p 3p 4p 5p 7z", "7z", "2s* 3s 4s", "5m 5m* 5m"))
    layout = read_layout(det)
    melds = [(group.meld, " ".join(det.codes[i] for i in group.tiles))
             for group in layout.groups if group.kind == MELD]
    assert melds == [("chi", "2s 3s 4s"), ("pon", "5m 5m 5m")]
    assert layout.hand["melds"] == ["chi:234s", "pon:555m"]
    assert layout.hand["hand"] == "112345p7z7z"   # sorted, then the winning tile written last
    assert layout.hand["win_tile"] == "7z"
    assert layout.ambiguities == ()


def test_open_kong_and_promoted_kong():
    det = scene(lay("2m 2m 2m 5p 6p 7p 9s", "9s", "4z* 4z 4z 4z", "6z 6z* 6z^ 6z"))
    layout = read_layout(det)
    assert layout.hand["melds"] == ["kan:4444z", "kakan:6666z"]
    hand = hand_from_dict(layout.hand)
    assert hand.kong_count == 2
    assert layout.ambiguities == ()


def test_sets_in_the_melds_place_are_melds_even_unmarked():
    # after the winning tile, in the same row: no tile seen sideways, still called melds
    det = scene(lay("1m 2m 3m 4p 5p 6p 1z", "1z", "7s 8s 9s", "5m 5m 5m"))
    layout = read_layout(det)
    assert layout.hand == {"hand": "123m456p1z1z", "melds": ["chi:789s", "pon:555m"], "win_tile": "1z",
                           "flowers": ""}
    assert [(a.kind, a.tiles) for a in layout.ambiguities] == [("meld_apart", (8, 9, 10)),
                                                                ("meld_apart", (11, 12, 13))]
    # on a row of their own (behind the hand) too
    det = scene(lay("7s 8s 9s", "5m 5m 5m", y=250), lay("1m 2m 3m 4p 5p 6p 1z", "1z", y=400))
    assert read_layout(det).hand["melds"] == ["chi:789s", "pon:555m"]
    # before the winning tile they are the player's concealed sets, as laid
    det = scene(lay("7s 8s 9s", "5m 5m 5m", "1m 2m 3m 4p 5p 6p 1z", "1z"))
    assert read_layout(det).hand["melds"] == []
    # and with the convention off, only sideways tiles make melds
    det = scene(lay("1m 2m 3m 4p 5p 6p 1z", "1z", "7s 8s 9s", "5m 5m 5m"))
    assert read_layout(det, LayoutOptions(melds_apart=False)).hand["melds"] == []


def test_face_down_tiles_mark_a_concealed_kong():
    # Japanese way: the two end tiles face down, the two middle ones show the tile.
    det = scene(lay("1m 1m 1m 2p 3p 4p 9s 9s 9s 7z", "7z", "back 0s 5s back"))
    layout = read_layout(det)
    assert layout.hand["melds"] == ["ankan:0555s"]
    assert [group.meld for group in layout.groups if group.kind == MELD] == ["ankan"]
    hand = hand_from_dict(layout.hand)
    assert hand.kong_count == 1 and not any(meld.is_open for meld in hand.melds)
    assert layout.ambiguities == ()


def test_a_concealed_kong_seen_in_part_is_still_a_kong():
    # one face-down end missed by the detector: three tiles, one of them a back
    det = scene(lay("1m 1m 1m 2p 3p 4p 9s 9s 9s 7z", "7z", "back 6p 6p"))
    layout = read_layout(det)
    assert layout.hand["melds"] == ["ankan:6666p"]
    assert [(a.kind, a.tiles) for a in layout.ambiguities] == [("kong_seen_in_part", (11, 12, 13))]
    assert layout.ambiguities[0].to_json()["params"] == {"tile": "6p", "count": 3}
    # both ends missed: a pair laid where melds go is no meld, but the two shown tiles of a kong
    det = scene(lay("1m 1m 1m 2p 3p 4p 9s 9s 9s 7z", "7z", "6p 6p"))
    assert read_layout(det).hand["melds"] == ["ankan:6666p"]
    hand_from_dict(read_layout(det).hand)


def test_four_face_down_tiles_are_reported_not_guessed():
    det = scene(lay("1m 1m 1m 2p 3p 4p 9s 9s 9s 7z", "7z", "back back back back"))
    layout = read_layout(det)
    assert layout.hand["melds"] == []
    kinds = [a.kind for a in layout.ambiguities]
    assert "face_down" in kinds and "hand" in kinds   # the hand is also three tiles short
    codes = {a.kind: a.to_json()["code"] for a in layout.ambiguities}
    assert codes["face_down"] == "all_face_down"
    assert codes["hand"] == "hand.tile_count"         # the engine's own code, params and text
    short = next(a for a in layout.ambiguities if a.kind == "hand")
    assert short.params["total"] == 11 and str(short.params["total"]) in short.message


def test_flowers_in_their_own_row_and_in_the_hand_row():
    hand_row = lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 2z 6z", "6z", y=400)
    flower_row = lay("1f 5f", y=250)
    det = scene(flower_row, hand_row)
    layout = read_layout(det)
    assert group_codes(det, layout, BONUS) == ["1f 5f"]
    assert layout.hand["flowers"] == "15f"
    assert layout.hand["win_tile"] == "6z"
    # a season laid at the end of the hand row is still a bonus tile, not the winning tile
    det = scene(lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 2z 6z", "6z", "8f"))
    layout = read_layout(det)
    assert layout.hand["flowers"] == "8f" and layout.hand["win_tile"] == "6z"


def test_without_a_tile_laid_apart_the_last_tile_is_taken_and_reported():
    det = scene(lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 2z 6z 6z"))
    layout = read_layout(det)
    assert layout.hand["win_tile"] == "6z"
    assert [group.kind for group in layout.groups] == [CONCEALED, WINNING_TILE]
    assert layout.groups[1].tiles == (13,)
    assert [(a.kind, a.tiles) for a in layout.ambiguities] == [("no_winning_tile", (13,))]
    assert layout.ambiguities[0].to_json()["params"] == {"tile": "6z"}


def test_low_confidence_and_five_of_a_kind_are_reported():
    row = lay("1m 1m 1m 1m 1m 5p 6p 7s 8s 9s 2z 2z 2z", "6z")
    confidences = [0.99] * 13 + [0.31]
    layout = read_layout(scene(row, confidences=confidences))
    by_kind = {a.kind: a for a in layout.ambiguities}
    assert by_kind["low_confidence"].tiles == (13,)
    assert by_kind["low_confidence"].to_json() == {
        "kind": "low_confidence", "tiles": [13], "message": "tile 13 read as 6z with confidence 0.31",
        "code": "low_confidence", "params": {"index": 13, "tile": "6z", "confidence": 0.31}}
    assert by_kind["five_of_a_kind"].tiles == (0, 1, 2, 3, 4)
    assert by_kind["five_of_a_kind"].params == {"count": 5, "tile": "1m", "limit": 4}
    assert "hand" in by_kind   # the engine refuses five 1m too


def test_faint_detections_far_from_the_hand_are_left_out_and_reported():
    hand_row = lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 2z 6z", "6z", y=400)
    flower_row = lay("3f", y=250)              # 150 px = 1.9 tile depths away: part of the hand
    junk = lay("5z 2s", x=700, y=700)          # 300 px = 3.75 tile depths away
    confidences = [0.9] * 14 + [0.8] + [0.3, 0.35]
    layout = read_layout(scene(hand_row, flower_row, junk, confidences=confidences))
    assert layout.hand == {"hand": "123m456p789s2226z6z", "melds": [], "win_tile": "6z", "flowers": "3f"}
    assert [(a.kind, a.tiles) for a in layout.ambiguities] == [
        ("stray", (15, 16)), ("low_confidence", (15,)), ("low_confidence", (16,))]
    assert layout.ambiguities[0].params == {"count": 2, "codes": "5z 2s"}
    assert all(15 not in group.tiles and 16 not in group.tiles for group in layout.groups)
    # read with a tile's confidence, the same far row is no faint detection: it is left out as
    # tiles apart from the hand (3.75 depths from the flower row), unless the reader keeps all rows
    apart = read_layout(scene(hand_row, flower_row, junk))
    assert [(a.kind, a.tiles) for a in apart.ambiguities] == [("apart", (15, 16))]
    kept = read_layout(scene(hand_row, flower_row, junk), LayoutOptions(apart_distance=None))
    assert not {"stray", "apart"} & {a.kind for a in kept.ambiguities}


def test_tiles_lying_apart_from_the_hand_are_left_out_and_said():
    # a hand, its melds 1.9 tile depths nearer, its flowers 1.9 depths further: one block of rows,
    # each row reached from the next; discards 5 depths beyond the flowers are other tiles
    discards = lay("9p 1z 4s", x=100, y=-150)
    flowers = lay("2f 3f", y=250)
    hand_row = lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 6z", "6z", y=400)
    melds = lay("2z 2z 2z*", y=550)
    det = scene(discards, flowers, hand_row, melds)
    layout = read_layout(det)
    assert layout.hand == {"hand": "123m456p789s6z6z", "melds": ["pon:222z"], "win_tile": "6z",
                           "flowers": "23f"}
    doubts = [a for a in layout.ambiguities if a.kind == "apart"]
    assert [(a.tiles, a.params) for a in doubts] == [((0, 1, 2), {"count": 3, "codes": "9p 1z 4s"})]
    assert all(not {0, 1, 2} & set(group.tiles) for group in layout.groups)
    # the same discards within three depths of the flowers are part of the block
    near = read_layout(scene(lay("9p 1z 4s", x=100, y=60), flowers, hand_row, melds))
    assert "apart" not in {a.kind for a in near.ambiguities}


def test_called_tiles_that_are_no_set_are_reported():
    det = scene(lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z", "2z", "3s* 5s 7s"))
    layout = read_layout(det)
    illegal = [a for a in layout.ambiguities if a.kind == "illegal_set"]
    assert len(illegal) == 1 and [det.codes[i] for i in illegal[0].tiles] == ["3s", "5s", "7s"]
    assert layout.hand["win_tile"] == "2z"   # the sideways 3s is not taken for the winning tile


def test_a_sideways_mark_inside_a_long_run_is_reported_and_ignored():
    # a meld has 3 or 4 tiles: a mark in the 13-tile run is a misreading, not a call
    det = scene(lay("1m 2m 3m 4p 5p* 6p 7s 8s 9s 2z 2z 2z 6z", "6z"))
    layout = read_layout(det)
    assert layout.hand == {"hand": "123m456p789s2226z6z", "melds": [], "win_tile": "6z", "flowers": ""}
    assert [(a.kind, a.tiles) for a in layout.ambiguities] == [("sideways", (4,))]


def test_four_open_identical_tiles_in_a_long_hand_are_a_concealed_kong():
    # 15 tiles without any marked kong: the group of four 8p laid apart must be a kong.
    det = scene(lay("1m 2m 3m 4s 5s 6s 7s 8s 9s 1z", "8p 8p 8p 8p", "1z"))
    layout = read_layout(det)
    assert layout.hand["melds"] == ["ankan:8888p"]
    assert hand_from_dict(layout.hand).kong_count == 1


def test_a_seventeen_tile_hand_is_read_whole():
    # the Taiwanese 16-tile game: five sets and a pair, every tile in the hand, no pull towards 14
    det = scene(lay("1m 2m 3m 4s 5s 6s 7s 8s 9s 2z 2z 2z 5z 5z 5z 8p", "8p"))
    layout = read_layout(det)
    assert layout.hand == {"hand": "123m8p456789s222555z8p", "melds": [], "win_tile": "8p", "flowers": ""}
    # four identical tiles laid apart in a hand of 3n + 2 tiles are four tiles, not a kong ...
    det = scene(lay("1m 2m 3m 4s 5s 6s 7s 8s 9s 2z 2z 2z", "8p 8p 8p 8p", "5z"))
    assert read_layout(det).hand == {"hand": "123m8888p456789s222z5z", "melds": [], "win_tile": "5z",
                                     "flowers": ""}
    # ... and in a hand one tile too long for that (17 + a kong) they are the concealed kong
    det = scene(lay("1m 2m 3m 4s 5s 6s 7s 8s 9s 2z 2z 2z 5z", "8p 8p 8p 8p", "5z"))
    layout = read_layout(det)
    assert layout.hand["melds"] == ["ankan:8888p"] and layout.hand["hand"] == "123m456789s2225z5z"


def turn(boxes: list, angle: float, centre=(500.0, 300.0)) -> list:
    """The axis-aligned boxes of the tiles after the whole photo is turned by ``angle``."""
    rotation = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    out = []
    for x1, y1, x2, y2 in boxes:
        corners = np.array([[x1, y1], [x2, y1], [x2, y2], [x1, y2]]) - centre
        turned = corners @ rotation.T + centre
        out.append([*turned.min(axis=0), *turned.max(axis=0)])
    return out


@pytest.mark.parametrize("degrees", [-25, -8, 8, 25])
def test_a_tilted_photo_still_gives_one_row_and_its_groups(degrees):
    boxes, codes, rotated = lay("1m 2m 3m 4p 5p 6p 5z", "5z", "7s* 8s 9s", "back 1z 1z back", y=300)
    angle = np.radians(degrees)   # 17 tiles over ~1100 px: at 8 degrees the row rises ~150 px
    det = Detections.from_codes(turn(boxes, angle), codes, rotated=rotated)
    assert row_angle(det.boxes) == pytest.approx(angle, abs=0.01)
    frame = RowFrame.of(det)
    assert frame.unit() == pytest.approx((TILE_W, TILE_H), abs=0.5)   # the tilt is undone
    assert len(find_rows(det)) == 1
    layout = read_layout(det)
    assert layout.hand == {"hand": "123m456p5z5z", "melds": ["chi:789s", "ankan:1111z"],
                           "win_tile": "5z", "flowers": ""}
    assert layout.ambiguities == ()


@pytest.mark.parametrize("degrees", [30, 45, 60, 90, 135, 180, 200, 270, 315])
def test_rows_at_any_angle_are_grouped_along_their_own_direction(degrees):
    # the camera may sit at any seat: the row runs down the photo, across it upside down, or slants
    boxes, codes, rotated = lay("1m 2m 3m 4p 5p 6p 5z", "5z", "7s* 8s 9s", "back 1z 1z back", y=300)
    angle = np.radians(degrees)
    det = Detections.from_codes(turn(boxes, angle), codes, rotated=rotated)
    assert np.cos(2 * (row_angle(det.boxes) - angle)) == pytest.approx(1, abs=1e-3)   # the line, either way
    assert len(find_rows(det)) == 1
    layout = read_layout(det)
    # which end is the player's left is not known from boxes (row_angle): upside down, the melds
    # are read in the other order
    assert layout.hand | {"melds": sorted(layout.hand["melds"])} == {
        "hand": "123m456p5z5z", "melds": ["ankan:1111z", "chi:789s"], "win_tile": "5z", "flowers": ""}
    assert sorted(len(group.tiles) for group in layout.groups) == [1, 3, 4, 7]


def test_a_hand_and_its_melds_row_turned_a_quarter_keep_their_rows():
    hand = lay("1m 2m 3m 4p 5p 6p 7p 8p 9p 1z", "1z", y=400)
    melds = lay("7s* 8s 9s", "2z 2z* 2z", y=250)
    boxes, codes, rotated = (hand[k] + melds[k] for k in range(3))
    det = Detections.from_codes(turn(boxes, np.radians(90)), codes, rotated=rotated)
    assert sorted(len(row) for row in find_rows(det)) == [6, 11]
    assert read_layout(det).hand["melds"] in (["chi:789s", "pon:222z"], ["pon:222z", "chi:789s"])


def test_three_sideways_tiles_stacked_in_a_column_make_one_pair_at_most():
    # a column of three sideways boxes (a real photo's clutter): no tile is both upper and lower
    from vision.rows import stacked_pairs

    boxes, codes, rotated = lay("1m 2m 3m 4p 5p 6p 7s 8s 9s", y=380, x=200)
    boxes += [[100, 280, 180, 340], [100, 340, 180, 400], [100, 400, 180, 460]]
    det = Detections.from_codes(boxes, codes + ["1z"] * 3, rotated=rotated + [True] * 3)
    pairs = stacked_pairs(det)
    assert len(pairs) == 1 and not set(pairs) & set(pairs.values())
    assert sorted(i for row in find_rows(det) for i in row) == list(range(12))


def test_a_run_of_face_down_boxes_in_no_kong_is_left_out_whole():
    # five backs laid touching (a real photo's dark clutter): all left out, the rest still read
    det = scene(lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z", "back back back back back"))
    layout = read_layout(det)
    assert layout.hand["hand"] == "123m456p789s1115z5z"
    assert [a.tiles for a in layout.ambiguities if a.kind == "face_down"] == [(14, 15, 16, 17, 18)]


def test_split_groups_measures_gaps_between_centres():
    # 60-pixel tiles; centres 60 apart when touching, 77 and 79 apart across gaps of 17 and 19
    # pixels: gaps of 17/60 = 0.283 and 19/60 = 0.317 tile widths against the threshold 0.27.
    lefts = [0, 60, 120, 180, 257, 317, 396]
    det = Detections.from_codes([[x, 0, x + 60, 80] for x in lefts], ["1m"] * 4 + ["2m"] * 3)
    frame = RowFrame.of(det)
    assert frame.angle == 0.0
    assert row_gaps(frame, range(7)) == pytest.approx([0, 0, 0, 17 / 60, 0, 19 / 60])
    assert split_groups(frame, list(range(7))) == [[0, 1, 2, 3], [4, 5], [6]]
    assert split_groups(frame, list(range(7)), LayoutOptions(gap=0.3)) == [[0, 1, 2, 3, 4, 5], [6]]


def test_gaps_next_to_a_sideways_tile_count_its_length():
    # upright 60 wide, sideways 80: touching centres are 70 apart, so no gap is seen
    det = scene(lay("1m 2m 3m 4m", "5p* 5p 5p", gap=0))
    frame = RowFrame.of(det)
    assert row_gaps(frame, range(7)) == pytest.approx([0] * 6, abs=1e-6)


def test_slanted_boxes_that_overlap_still_show_the_gap():
    # a low oblique view widens every box by its slant (here 30 px): boxes of neighbours overlap,
    # but the centres keep the 40-pixel gap between the groups
    boxes, codes, rotated = lay("1m 2m 3m 4m", "6z 6z")
    slanted = [[x1 - 15, y1, x2 + 15, y2] for x1, y1, x2, y2 in boxes]
    det = Detections.from_codes(slanted, codes, rotated=rotated)
    groups = split_groups(RowFrame.of(det), list(range(6)))
    assert [[det.codes[i] for i in group] for group in groups] == [["1m", "2m", "3m", "4m"], ["6z", "6z"]]


def test_reading_order_sorts_rows_then_left_to_right():
    det = scene(lay("3m 4m", y=400), lay("1f", y=200))
    assert det.codes == ["3m", "4m", "1f"]
    assert [det.codes[i] for i in reading_order(det)] == ["1f", "3m", "4m"]


@pytest.mark.parametrize(("codes", "expected"), [
    ("123m", "chi"), ("340m", "chi"), ("555p", "pon"), ("055p", "pon"), ("7777s", "kan"),
    ("789m", "chi"), ("891m", None), ("899m", None), ("123z", None), ("111f", None), ("12m", None),
    ("1111m", "kan")])
def test_meld_kind(codes, expected):
    assert meld_kind(parse_tiles(codes, check_counts=False)) == expected


def test_empty_detections():
    layout = read_layout(Detections.empty())
    assert layout.groups == () and layout.hand["hand"] == ""
    assert [a.kind for a in layout.ambiguities] == ["hand"]
    assert layout.ambiguities[0].to_json()["code"] == "no_concealed"


def shifted(boxes: list, start: int, dx: float) -> list:
    """The boxes with those from ``start`` on moved ``dx`` pixels along the row."""
    return [[x1 + dx, y1, x2 + dx, y2] if i >= start else [x1, y1, x2, y2]
            for i, (x1, y1, x2, y2) in enumerate(boxes)]


def test_a_called_set_split_by_a_wide_gap_is_taken_whole_around_its_sideways_tile():
    # 7s 8s* 9s laid apart, but 8s* and 9s pushed 25 px (0.42 tile widths) away from 7s: gaps alone
    # read 7s | 8s* 9s; the sideways 8s* must be in a legal set, and 7s 8s 9s is the only one
    boxes, codes, rotated = lay("1p 1p 3p 4p 5p 1s 1s 1s 4s 4s", "4s", "7s 8s* 9s")
    det = Detections.from_codes(shifted(boxes, 12, 25), codes, rotated=rotated)
    assert [[det.codes[i] for i in g] for g in split_groups(RowFrame.of(det), list(range(14)))][-2:] \
        == [["7s"], ["8s", "9s"]]
    layout = read_layout(det)
    assert layout.hand["melds"] == ["chi:789s"]
    assert layout.hand["hand"] == "11345p11144s4s"
    assert [a.kind for a in layout.ambiguities] == ["regrouped"]
    assert read_layout(det, LayoutOptions(regroup=False)).hand["melds"] == []


def test_called_sets_laid_touching_are_told_apart_by_their_sideways_tiles():
    # chi 234s, pon 222z and chi 567s laid 12 px (0.2 tile widths) apart: under the gap threshold,
    # one group of nine by gaps alone
    det = scene(lay("1m 2m 3m 9p", "9p"), lay("2s 3s 4s*", "2z* 2z 2z", "5s 6s 7s*", x=430, gap=12))
    assert read_layout(det, LayoutOptions(regroup=False)).hand["melds"] == []
    layout = read_layout(det)
    assert sorted(layout.hand["melds"]) == ["chi:234s", "chi:567s", "pon:222z"]
    assert layout.hand["hand"] == "123m9p9p" and layout.hand["win_tile"] == "9p"
    hand_from_dict(layout.hand)


def test_no_set_is_cut_out_of_touching_concealed_tiles_for_a_sideways_mark():
    # a tile marked sideways inside the concealed run (a misreading): cutting 1m 2m 3m* out would
    # split touching tiles, so the run stays concealed and the mark is reported
    det = scene(lay("1m 2m 3m* 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z"))
    layout = read_layout(det)
    assert layout.hand["melds"] == []
    assert "regrouped" not in [a.kind for a in layout.ambiguities]
    assert "sideways" in [a.kind for a in layout.ambiguities]


def test_a_back_among_face_up_tiles_is_left_out_of_the_hand():
    # a gap between tiles on a dark table read as a face-down tile: it is in no concealed kong
    det = scene(lay("1m 2m 3m 4p 5p 6p back 7s 8s 9s 1z 1z 1z 5z", "5z"))
    layout = read_layout(det)
    assert layout.hand["hand"] == "123m456p789s1115z5z" and layout.hand["melds"] == []
    assert 6 not in {i for group in layout.groups for i in group.tiles}
    assert [a.kind for a in layout.ambiguities] == ["face_down"]


def test_a_concealed_kong_laid_against_the_concealed_tiles_is_cut_out():
    det = scene(lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 5z back 7z 7z back", "5z"))
    layout = read_layout(det)
    assert layout.hand["melds"] == ["ankan:7777z"]
    assert layout.hand["hand"] == "123m456p789s5z5z"
    hand_from_dict(layout.hand)


def test_a_lone_back_beside_the_winning_tile_makes_no_kong():
    # a shadow beside the winning tile read as a face-down tile: no kong of one shown tile
    det = scene(lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z back"))
    layout = read_layout(det)
    assert layout.hand == {"hand": "123m456p789s1115z5z", "melds": [], "win_tile": "5z", "flowers": ""}
    assert 15 not in {i for group in layout.groups for i in group.tiles}
    assert [a.kind for a in layout.ambiguities] == ["face_down"]


def test_three_sideways_tiles_stacked_in_a_column_all_find_a_row():
    """Each sideways tile lies one depth behind the next: the middle one is under the first and on
    the third, so it must not be both (it would then be in no row, and the layout failed)."""

    boxes = np.array([[100, 0, 180, 60], [100, 60, 180, 120], [100, 120, 180, 180],
                      [0, 120, 60, 200], [200, 120, 260, 200]], np.float32)
    det = Detections.from_codes(boxes, ["1m", "2m", "3m", "4m", "5m"],
                                rotated=[True, True, True, False, False])
    rows = find_rows(det)
    assert sorted(i for row in rows for i in row) == [0, 1, 2, 3, 4]


def test_a_flower_read_twice_is_a_doubt():
    det = scene(lay("1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z", "5z"), lay("1f 1f", y=600))
    by_kind = {a.kind: a for a in read_layout(det).ambiguities}
    assert by_kind["five_of_a_kind"].params == {"count": 2, "tile": "1f", "limit": 1}
