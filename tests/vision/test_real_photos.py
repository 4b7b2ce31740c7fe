"""The real-photo set's preparation: a fixed split, exact box turns, YOLO lines, un-mirroring."""

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.detections import Detections
from vision.training.evaluate import Report, score_sample
from vision.training.real_photos import LabelledPhoto, split_of, turn, unmirror, write_sets, yolo_lines


def test_split_is_fixed_by_name_and_keeps_a_fifth_out():
    names = [f"photo-{i}.jpg" for i in range(2000)]
    splits = [split_of(name) for name in names]
    assert splits == [split_of(name) for name in reversed(names)][::-1]
    assert 0.18 < splits.count("val") / len(names) < 0.26
    assert 0.05 < splits.count("dev") / len(names) < 0.11


@pytest.mark.parametrize("degrees", [0, 90, 180, 270])
def test_turned_boxes_cover_the_same_pixels(degrees):
    image = np.zeros((60, 100, 3), np.uint8)
    box = np.array([[10, 5, 30, 45]], np.float32)
    image[5:45, 10:30] = 255
    turned, moved = turn(image, box, degrees)
    x1, y1, x2, y2 = moved[0].astype(int)
    assert turned[y1:y2, x1:x2].min() == 255
    assert turned.sum() == image.sum() == turned[y1:y2, x1:x2].sum()


def test_yolo_lines_are_normalised_centres():
    text = yolo_lines([3], np.array([[10, 20, 30, 60]], np.float32), 100, 200)
    assert text == "3 0.200000 0.200000 0.200000 0.200000\n"


def test_a_mirrored_photo_is_turned_back():
    """The classifier stand-in finds a tile likely only where the face is the right way round."""
    image = np.zeros((40, 80, 3), np.uint8)
    image[:, :20] = 200                     # the true face has its bright half on the left
    photo = LabelledPhoto(Path("x.jpg"), ("1m",), np.array([[0, 0, 40, 40]], np.float32))
    mirrored = cv2.flip(image, 1)
    mirrored_boxes = np.array([[40, 0, 80, 40]], np.float32)

    def probability(crops, codes):
        return [float(crop[:, : crop.shape[1] // 2].mean() > crop[:, crop.shape[1] // 2:].mean())
                for crop in crops]

    pixels, boxes, choice = unmirror(LabelledPhoto(photo.image, photo.codes, mirrored_boxes), mirrored,
                                     probability)
    assert choice == "left-right"
    np.testing.assert_array_equal(boxes, [[0, 0, 40, 40]])
    np.testing.assert_array_equal(pixels, image)


def test_write_sets_keeps_validation_photos_out_of_training(tmp_path):
    photos = []
    for i in range(40):
        path = tmp_path / "src" / f"p{i}.jpg"
        path.parent.mkdir(exist_ok=True)
        cv2.imwrite(str(path), np.full((32, 32, 3), i, np.uint8))
        photos.append(LabelledPhoto(path, ("5z",), np.array([[4, 4, 20, 28]], np.float32)))
    counts = write_sets(photos, tmp_path / "out", turns=(180,))
    trained = {p.stem.split("-r")[0] for p in (tmp_path / "out" / "tile" / "images" / "train").iterdir()}
    kept_out = {p.stem for p in (tmp_path / "out" / "truth" / "val").glob("*.json")}
    assert kept_out and not trained & kept_out
    assert counts["train_images"] == 2 * counts["train"]
    assert len(trained) == counts["train"]


def test_photos_with_every_tile_right_count_extras_and_misses():
    truth = {"tiles": [{"tile": "1m", "box": [0, 0, 10, 14]}, {"tile": "2m", "box": [12, 0, 22, 14]}],
             "hand": None}
    boxes = np.array([[0, 0, 10, 14], [12, 0, 22, 14]], np.float32)
    report = Report()
    score_sample(report, "a", Detections.from_codes(boxes, ["1m", "2m"]), {}, truth)
    score_sample(report, "b", Detections.from_codes(boxes, ["1m", "3m"]), {}, truth)
    score_sample(report, "c", Detections.from_codes(boxes[:1], ["1m"]), {}, truth)
    assert (report.photos_exact, report.images, report.hands) == (1, 3, 0)


def test_centre_matching_pairs_loose_truth_boxes_one_to_one():
    from vision.training.evaluate import match, match_centres

    truth = Detections.from_codes(np.array([[0, 0, 30, 30], [20, 0, 50, 30]], np.float32), ["1m", "2m"])
    read = Detections.from_codes(np.array([[8, 8, 18, 22], [30, 8, 40, 22]], np.float32), ["1m", "2m"])
    assert match(read, truth) == []
    assert sorted(match_centres(read, truth)) == [(0, 0), (1, 1)]
    far = Detections.from_codes(np.array([[60, 0, 70, 14]], np.float32), ["1m"])
    assert match_centres(far, truth) == []
