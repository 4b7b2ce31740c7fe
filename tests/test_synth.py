"""Synthetic data: faces and scenes are reproducible, labelled truthfully, and hands are real hands."""

from collections import Counter

import numpy as np
import pytest

from engine.core.tiles import parse_tiles
from vision.classes import CLASS_CODES
from vision.synth.classifier import CAMERASH_NAMES, camerash_split, to_input
from vision.synth.faces import STYLES, render_face
from vision.synth.hands import compact, random_hand
from vision.synth.scene import SceneConfig, render_scene, truth_json, write_dataset
from vision.synth.surfaces import SURFACES, make_surface


@pytest.mark.parametrize("style", STYLES)
def test_every_class_renders_in_every_style(style):
    for code in CLASS_CODES:
        face = render_face(code, style=style, width=30, height=40, seed=3)
        assert face.shape == (40, 30, 3) and face.dtype == np.uint8
        assert face.std() > 3, f"{code} in {style} is a blank image"


def test_faces_are_deterministic_and_seed_dependent():
    a = render_face("5p", style="hk", seed=7)
    assert np.array_equal(a, render_face("5p", style="hk", seed=7))
    assert not np.array_equal(a, render_face("5p", style="hk", seed=8))


def test_classes_look_different():
    # every pair of distinct classes of one set differs somewhere (no two codes share a drawing)
    faces = {
        code: render_face(code, style="japanese", width=30, height=40, seed=1).astype(int)
        for code in CLASS_CODES
    }
    codes = list(faces)
    for i, a in enumerate(codes):
        for b in codes[i + 1 :]:
            assert np.abs(faces[a] - faces[b]).mean() > 1.0, (a, b)


def test_red_five_is_redder_than_the_plain_five():
    for plain, red in (("5m", "0m"), ("5p", "0p"), ("5s", "0s")):

        def redness(image):
            b, g, r = (image[..., i].astype(int) for i in range(3))
            return int(((r - np.maximum(g, b)) > 60).sum())

        assert redness(render_face(red, seed=2)) > redness(render_face(plain, seed=2))


def test_unknown_code_and_style_are_errors():
    with pytest.raises(ValueError):
        render_face("0z")
    with pytest.raises(ValueError):
        render_face("1m", style="nope")


@pytest.mark.parametrize("kind", SURFACES)
def test_surfaces(kind):
    rng = np.random.default_rng(0)
    texture = make_surface(kind, 60, 80, rng)
    assert texture.shape == (60, 80, 3)
    assert np.array_equal(texture, make_surface(kind, 60, 80, np.random.default_rng(0)))


def test_random_hands_are_legal_winning_shapes():
    for seed in range(200):
        hand = random_hand(np.random.default_rng(seed), red_fives=True, flowers=True)
        engine = hand.engine_input()
        concealed = parse_tiles(engine["hand"])
        meld_tiles = [t for meld in engine["melds"] for t in parse_tiles(meld.split(":")[1])]
        kongs = sum(1 for meld in engine["melds"] if meld.startswith(("kan", "ankan")))
        assert len(concealed) + len(meld_tiles) == 14 + kongs
        counts = Counter(t.kind for t in concealed + meld_tiles)
        assert max(counts.values()) <= 4
        assert engine["win_tile"] and parse_tiles(engine["win_tile"])[0] in concealed
        reds = [t for t in concealed + meld_tiles if t.red]
        assert len(reds) <= 3
        for group in hand.groups:
            if group.meld.startswith("ankan"):
                assert [t.face_down for t in group.tiles] == [True, False, False, True]
            elif group.kind == "meld":
                assert sum(t.rotated for t in group.tiles) == 1


def test_a_recipe_can_ask_for_more_kongs_and_the_default_hands_are_unchanged():
    def kongs(share):
        return sum(meld.startswith(("kan", "ankan"))
                   for seed in range(300)
                   for meld in random_hand(np.random.default_rng(seed), red_fives=False, flowers=False,
                                           **({"kongs": share} if share is not None else {}))
                   .engine_input()["melds"])

    for seed in range(50):                  # the default share, named or not, draws the same hands
        named = random_hand(np.random.default_rng(seed), red_fives=True, flowers=True, kongs=0.15)
        assert named.engine_input() == random_hand(np.random.default_rng(seed), red_fives=True,
                                                   flowers=True).engine_input()
    assert kongs(0.45) > 2 * kongs(None)
    assert kongs(0.0) == 0


def test_compact_sorts_red_five_among_fives():
    # the red five (0) sorts where a five would: 4, 0, 6
    assert compact(["6m", "0m", "4m", "1p"]) == "406m1p"
    assert compact(["3s", "1s", "2s", "1f"]) == "123s1f"


def test_scene_is_reproducible_and_boxes_fit():
    config = SceneConfig(long_side=320)
    a, b = render_scene(5, config), render_scene(5, config)
    assert np.array_equal(a.image, b.image)
    assert np.array_equal(a.boxes, b.boxes)
    h, w = a.image.shape[:2]
    assert max(h, w) == 320
    assert len(a.boxes) == len(a.tiles) >= 14
    assert (a.boxes[:, 2] > a.boxes[:, 0]).all() and (a.boxes[:, 3] > a.boxes[:, 1]).all()
    assert a.boxes[:, [0, 2]].max() < w and a.boxes[:, [1, 3]].max() < h
    assert not np.array_equal(a.image, render_scene(6, config).image)


def test_truth_matches_the_laid_hand():
    scene = render_scene(9, SceneConfig(long_side=320))
    truth = truth_json(scene)
    assert len(truth["tiles"]) == len(scene.tiles)
    members = sorted(i for group in truth["groups"] for i in group["tiles"])
    assert members == list(range(len(scene.tiles)))
    kinds = {group["kind"] for group in truth["groups"]}
    assert {"concealed", "winning_tile"} <= kinds
    face_down = [t for t in truth["tiles"] if t["face_down"]]
    assert all(t["tile"] == "back" for t in face_down)
    # rotated tiles are wider than tall in the plane; their boxes hold the turned tile
    assert all(t["tile"] in CLASS_CODES for t in truth["tiles"])


def test_write_dataset_yolo_labels(tmp_path):
    base = write_dataset(
        "t", seed=1, count=2, config=SceneConfig(long_side=256), root=tmp_path, save_long_side=200
    )
    images = sorted((base / "images" / "train").glob("*.jpg"))
    labels = sorted((base / "labels" / "train").glob("*.txt"))
    truths = sorted((base / "truth" / "train").glob("*.json"))
    assert len(images) == len(labels) == len(truths) == 2
    rows = [line.split() for line in labels[0].read_text().splitlines()]
    assert rows and all(r[0] == "0" and len(r) == 5 for r in rows)
    values = np.array([[float(v) for v in r[1:]] for r in rows])
    assert ((values > 0) & (values <= 1)).all()
    again = write_dataset(
        "t", seed=1, count=2, config=SceneConfig(long_side=256), root=tmp_path / "b", save_long_side=200
    )
    assert labels[0].read_text() == (again / "labels" / "train" / labels[0].name).read_text()


def test_to_input_turns_landscape_crops_upright():
    crop = np.zeros((30, 60, 3), np.uint8)
    assert to_input(crop).shape == (64, 48, 3)


def test_camerash_labels_map_to_codes_and_split_is_fixed():
    assert set(CAMERASH_NAMES.values()) == set(CLASS_CODES[:34] + CLASS_CODES[37:45])
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "camerash-tiles"
    if not root.exists():
        pytest.skip("Camerash photos not present")
    train, held = camerash_split(root)
    assert all(int(p.stem) % 5 == 0 for p, _ in held)
    assert not {p for p, _ in train} & {p for p, _ in held}
    assert len(train) + len(held) == 628


def test_committed_eval_photos_match_the_generator():
    # datasets/eval/ was written by scene.write_photos with this configuration; the truth must still
    # be what the generator makes from the same seed (a silent generator change would break reads)
    import json
    from pathlib import Path

    folder = Path(__file__).resolve().parents[1] / "datasets" / "eval"
    config = SceneConfig(
        styles=("hk", "japanese", "chinese", "modern"),
        surfaces=("felt", "wood", "desk", "mat", "cloth"),
        max_tilt=0.45,
        long_side=1280,
    )
    committed = sorted(folder.glob("scene-*.json"))
    assert len(committed) == 6
    for path in committed[:2]:
        truth = json.loads(path.read_text())
        again = truth_json(render_scene(int(path.stem.split("-")[1]), config))
        assert again["hand"] == truth["hand"]
        assert [t["tile"] for t in again["tiles"]] == [t["tile"] for t in truth["tiles"]]
        boxes = np.array([t["box"] for t in truth["tiles"]])
        assert np.abs(np.array([t["box"] for t in again["tiles"]]) - boxes).max() < 0.2
        assert (folder / truth["image"]).stat().st_size < 300_000


def test_detector_crops_are_named_by_the_tile_under_the_box():
    # crops are cut where the shipped detector puts its boxes: a box on a tile is that tile, a box
    # on bare table is "none"; with two scenes of the training styles nearly every tile is found
    from vision.classes import CLASS_INDEX
    from vision.synth.classifier import INPUT_HW, NONE_INDEX, TRAIN_STYLES, TRAIN_SURFACES, detector_crops

    x, y = detector_crops(7, 2, TRAIN_STYLES, TRAIN_SURFACES)
    config = SceneConfig(styles=TRAIN_STYLES, surfaces=TRAIN_SURFACES)
    tiles = [CLASS_INDEX[t.code] for i in range(2) for t in render_scene(7 * 1_000_003 + i, config).tiles]
    assert x.shape == (len(y), *INPUT_HW, 3) and x.dtype == np.uint8
    named = y[y != NONE_INDEX]
    assert set(named.tolist()) <= set(tiles)
    assert len(named) >= 0.8 * len(tiles)


def test_trimmed_orientation_boxes_keep_one_end_of_the_longer_side():
    from vision.synth.orientation import trim_boxes

    boxes = np.array([[10, 20, 110, 80], [0, 0, 50, 90]] * 50, np.float32)    # landscape, portrait
    trimmed = trim_boxes(boxes, np.random.default_rng(0), share=1.0)
    landscape, portrait = trimmed[0::2], trimmed[1::2]
    # the shorter side is never touched; the longer keeps 55-85 % and one of its two ends
    assert (landscape[:, [1, 3]] == [20, 80]).all() and (portrait[:, [0, 2]] == [0, 50]).all()
    widths = landscape[:, 2] - landscape[:, 0]
    assert widths.min() >= 55 - 1e-3 and widths.max() <= 85 + 1e-3
    assert ((landscape[:, 0] == 10) | (landscape[:, 2] == 110)).all()
    assert (landscape[:, 0] > 10).any() and (landscape[:, 2] < 110).any()
    assert np.array_equal(trim_boxes(boxes, np.random.default_rng(0), share=0.0), boxes)


def test_several_sets_are_trained_on_together_and_checked_on_the_first(tmp_path):
    import yaml

    from vision.train import combined_data

    (tmp_path / "v4").mkdir()
    (tmp_path / "v4" / "data.yaml").write_text(yaml.safe_dump(
        {"path": str(tmp_path / "v4"), "train": "images/train", "val": "images/val", "names": {0: "tile"}}))
    (tmp_path / "v3").mkdir()       # a relative path, and a list of train folders
    (tmp_path / "v3" / "data.yaml").write_text(yaml.safe_dump(
        {"path": ".", "train": ["images/train", "more/train"], "val": "images/val", "names": {0: "tile"}}))
    target = combined_data([tmp_path / "v4" / "data.yaml", tmp_path / "v3" / "data.yaml"],
                           tmp_path / "mix" / "data.yaml", extra_images=tmp_path / "extra")
    mix = yaml.safe_load(target.read_text())
    assert mix["train"] == [str(tmp_path / "v4" / "images/train"), str(tmp_path / "v3" / "images/train"),
                            str(tmp_path / "v3" / "more/train"), str(tmp_path / "extra")]
    assert mix["val"] == [str(tmp_path / "v4" / "images/val")] and mix["names"] == {0: "tile"}
