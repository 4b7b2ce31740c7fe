"""Photos with truth JSON read upright and turned in their own plane (0, 45, 90, 180 degrees):
tile precision and recall, photos with every tile right, whole hands; truth boxes turned with them.

    .venv/bin/python benchmarks/bench_turned.py [DATA [LIMIT]]

DATA defaults to the real validation photos (datasets/real/truth/val, made by
``python -m vision.training.real_photos SOURCE``); without them the bench says so and measures nothing.

Tiles are paired by centres (``vision.training.evaluate.match_centres``: truth boxes drawn loosely by people).
Only ``HandReader.read_bytes`` and the evaluation's bookkeeping are used, so ``PYTHONPATH=OLD_CHECKOUT``
measures an older reader the same way; a read that fails there is scored as nothing read.
"""

import sys
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.append(str(Path(__file__).resolve().parent.parent))

from vision.detect import turn_level  # noqa: E402
from vision.detections import Detections  # noqa: E402
from vision.reader import HandReader  # noqa: E402
from vision.training.evaluate import Report, claimed_tiles, load_samples, score_sample  # noqa: E402


def turned_truth(truth: dict, m: np.ndarray) -> dict:
    """The truth with each box replaced by the axis-aligned box round it turned."""
    tiles = []
    for t in truth["tiles"]:
        x1, y1, x2, y2 = t["box"]
        corners = np.array([[x1, y1], [x2, y1], [x2, y2], [x1, y2]], float) @ m[:, :2].T + m[:, 2]
        tiles.append(dict(t, box=[*corners.min(0), *corners.max(0)]))
    return dict(truth, tiles=tiles)


REAL = Path(__file__).resolve().parent.parent / "datasets" / "real" / "truth" / "val"


def main() -> int:
    data = Path(sys.argv[1]) if len(sys.argv) > 1 else REAL
    samples = load_samples(data) if data.exists() else []
    if not samples:
        print(f"no real photos under {data}: python -m vision.training.real_photos SOURCE makes them")
        return 0
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else len(samples)
    reader = HandReader()
    reports = {d: Report() for d in (0, 45, 90, 180)}
    start = time.time()
    for sample in samples[:limit]:
        image = cv2.imread(str(sample.image))
        for degrees, report in reports.items():
            turned, m = turn_level(image, np.radians(degrees))
            ok, data = cv2.imencode(".jpg", turned, [cv2.IMWRITE_JPEG_QUALITY, 92])
            try:
                reading = reader.read_bytes(data.tobytes())
            except Exception as error:  # noqa: BLE001 - an older reader failing is scored, not fatal
                print("failed", degrees, sample.image.name, repr(error), flush=True)
                score_sample(report, sample.image.name, Detections.empty(), {"hand": ""},
                             turned_truth(sample.truth, m), rule="centre")
                continue
            score_sample(report, sample.image.name, claimed_tiles(reading), reading.layout.hand,
                         turned_truth(sample.truth, m), rule="centre")
    for degrees, r in reports.items():
        print(f"{degrees:3d} deg: {r.images} photos, precision {r.precision:.3f} recall {r.recall:.3f} "
              f"every tile right {r.photos_exact}/{r.images}, hands exact {r.hands_exact}/{r.images}")
    print(f"{time.time() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
