"""Reading photos of hands: our reader (detector, classifier and orientation model) next to the PyPI
peer ``mahjong-detector``, on the same images; then the issue's speed and memory targets for ours.

    .venv/bin/python benchmarks/bench_vision.py [--data datasets/eval] [--limit 200] [--repeats 15]

1. Side by side, per photo and summed: tiles the peer can name (its 34 riichi kinds: red fives
   count as fives, flowers and face-down tiles are left out for both sides, since the peer has no
   class for them), matched to the truth boxes at IoU >= 0.5 with the right code; precision,
   recall, photos whose tiles are all read, and the median time from photo bytes to tiles.
2. ``read`` of a 12-megapixel JPEG (an evaluation photo enlarged to 4000 x 3000, with sensor noise
   so it decodes like a real photo): median over ``--repeats`` runs, decoding included
   (target <= 250 ms on a 2-core machine).
3. ``watch`` at 640 x 480: frames per second of read + vote on camera-sized frames, without the
   camera itself (target >= 8).
4. Peak memory (max RSS) of a fresh ``python -m vision read`` of the 12 MP photo (target < 1 GB).
"""

from __future__ import annotations

import argparse
import io
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from vision.detections import Detections  # noqa: E402
from vision.evaluate import Sample, claimed_tiles, load_samples, match  # noqa: E402
from vision.stabilize import Stabilizer  # noqa: E402

PEER_NAMES = {"chun": "7z", "haku": "5z", "hatsu": "6z", "nan": "2z", "pe": "4z", "sha": "3z", "tou": "1z"}


def riichi_only(det: Detections) -> Detections:
    """The tiles the peer can name, red fives as plain fives (class codes stay CLASS_CODES)."""
    codes = [("5" + code[1]) if code.startswith("0") else code for code in det.codes]
    keep = np.array([not (code.endswith("f") or code == "back") for code in codes], dtype=bool)
    plain = Detections.from_codes(det.boxes, codes, confidences=det.confidences)
    return plain[np.flatnonzero(keep)] if len(det) else plain


class Tally:
    """Matched-and-right counts for one side."""

    def __init__(self) -> None:
        self.read = self.predicted = self.true = self.photos_all_read = 0
        self.times_ms: list[float] = []

    def add(self, predicted: Detections, truth: Detections, elapsed_ms: float) -> None:
        pairs = match(predicted, truth)
        right = sum(predicted.codes[p] == truth.codes[t] for p, t in pairs)
        self.read += right
        self.predicted += len(predicted)
        self.true += len(truth)
        self.photos_all_read += right == len(truth) == len(predicted)
        self.times_ms.append(elapsed_ms)

    def line(self, name: str, photos: int) -> str:
        precision = self.read / self.predicted if self.predicted else 0.0
        recall = self.read / self.true if self.true else 0.0
        return (f"{name:18s} precision {precision:7.2%}  recall {recall:7.2%}  "
                f"photos all read {self.photos_all_read:3d}/{photos}  "
                f"median {statistics.median(self.times_ms):6.1f} ms")


def peer_reader():
    """The peer's own pipeline (grey, autocontrast, 640 letterbox, its YOLO11n ONNX) with boxes."""
    try:
        from mahjong_detector.predict import CLASS_NAMES, predict
        from mahjong_detector.preprocess import preprocess_image
        from PIL import Image
    except ImportError:
        return None

    def read(data: bytes) -> Detections:
        image = Image.open(io.BytesIO(data))
        padded, padding = preprocess_image(image)
        found = predict(padded, padding)
        names = [CLASS_NAMES[d.class_id] for d in found]
        codes = [PEER_NAMES.get(name, name) for name in names]
        boxes = [[d.x1, d.y1, d.x2, d.y2] for d in found]
        return Detections.from_codes(np.array(boxes, np.float32).reshape(-1, 4), codes,
                                     confidences=[d.confidence for d in found])

    return read


def side_by_side(samples: list[Sample], reader) -> None:
    peer = peer_reader()
    ours, theirs = Tally(), Tally()
    for sample in samples:
        data = sample.image.read_bytes()
        truth = riichi_only(Detections.from_json(sample.truth["tiles"]))
        start = time.perf_counter()
        reading = reader.read_bytes(data)
        ours.add(riichi_only(claimed_tiles(reading)), truth, (time.perf_counter() - start) * 1000)
        if peer is not None:
            start = time.perf_counter()
            found = peer(data)
            theirs.add(riichi_only(found), truth, (time.perf_counter() - start) * 1000)
    print(f"1. side by side on {len(samples)} photos, {ours.true} tiles the peer can name")
    print("  " + ours.line("ours", len(samples)))
    if peer is None:
        print("  mahjong-detector is not installed (pip install mahjong-detector)")
    else:
        print("  " + theirs.line("mahjong-detector", len(samples)))


def twelve_megapixel(sample: Sample) -> bytes:
    """An evaluation photo enlarged to 4000 x 3000 (padded to 4:3 with its table colour), with noise."""
    image = cv2.imread(str(sample.image))
    height, width = image.shape[:2]
    target_w = max(width, round(height * 4 / 3))
    target_h = round(target_w * 3 / 4)
    pad_y, pad_x = target_h - height, target_w - width
    table = [int(value) for value in np.median(image.reshape(-1, 3), axis=0)]
    image = cv2.copyMakeBorder(image, pad_y // 2, pad_y - pad_y // 2, pad_x // 2, pad_x - pad_x // 2,
                               cv2.BORDER_CONSTANT, value=table)
    large = cv2.resize(image, (4000, 3000), interpolation=cv2.INTER_CUBIC).astype(np.float32)
    large += np.random.default_rng(0).normal(0, 6, large.shape).astype(np.float32)
    pixels = np.clip(large, 0, 255).astype(np.uint8)
    ok, encoded = cv2.imencode(".jpg", pixels, [cv2.IMWRITE_JPEG_QUALITY, 92])
    assert ok
    return encoded.tobytes()


def read_latency(data: bytes, reader, repeats: int) -> None:
    reader.read_bytes(data)
    times, steps = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        reading = reader.read_bytes(data)
        times.append((time.perf_counter() - start) * 1000)
        steps.append(reading.timing_ms)
    split = {step: statistics.median(s[step] for s in steps) for step in steps[0]}
    print(f"2. read of a 12 MP JPEG ({len(data) / 1e6:.1f} MB, 4000x3000), {repeats} runs: "
          f"median {statistics.median(times):.0f} ms, p90 {np.percentile(times, 90):.0f} ms "
          f"(target <= 250)  [" + ", ".join(f"{k} {v:.0f}" for k, v in split.items()) + "]")


def watch_fps(sample: Sample, reader, frames: int) -> None:
    frame = cv2.resize(cv2.imread(str(sample.image)), (640, 480), interpolation=cv2.INTER_AREA)
    stabilizer: Stabilizer = Stabilizer()
    reader.read_pixels(frame)
    start = time.perf_counter()
    for _ in range(frames):
        reading = reader.read_pixels(frame)
        stabilizer.push(reading.layout.signature() if len(reading.detections) else None, reading)
    elapsed = time.perf_counter() - start
    print(f"3. watch at 640x480: {frames / elapsed:.1f} frames/s over {frames} frames (target >= 8)")


def peak_memory(data: bytes) -> str:
    """The high-water RSS (VmHWM) of a fresh process that reads the photo, as that process sees it
    at its end (ru_maxrss would not do: Linux carries it across exec from the forking parent)."""
    with tempfile.NamedTemporaryFile(suffix=".jpg") as photo:
        photo.write(data)
        photo.flush()
        script = ("import sys; from vision.__main__ import main; "
                  f"main(['read', {photo.name!r}, '--json']); "
                  "print([line for line in open('/proc/self/status') if line.startswith('VmHWM')][0], "
                  "file=sys.stderr)")
        result = subprocess.run([sys.executable, "-c", script], cwd=REPO, check=True, text=True,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak_kb = int(result.stderr.strip().splitlines()[-1].split()[1])
    return (f"4. peak memory of `python -m vision read` on the 12 MP photo: {peak_kb / 1024:.0f} MB "
            "(target < 1024)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=str(REPO / "datasets" / "eval"))
    parser.add_argument("--limit", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--frames", type=int, default=40)
    parser.add_argument("--threads", type=int, default=None)
    args = parser.parse_args(argv)
    if not (REPO / "models" / "vision.json").exists():
        print("models/vision.json absent: train and export the models first")
        return 0
    samples = load_samples(args.data)[:args.limit]
    if not samples:
        print(f"no photos with truth JSON under {args.data}")
        return 1
    from vision.reader import HandReader

    reader = HandReader(threads=args.threads)
    big = twelve_megapixel(samples[0])
    memory = peak_memory(big)
    side_by_side(samples, reader)
    read_latency(big, reader, args.repeats)
    watch_fps(samples[0], reader, args.frames)
    print(memory)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
