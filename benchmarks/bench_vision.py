"""Reading photos of hands: our reader (detector, classifier and orientation model) next to the PyPI
peer ``mahjong-detector``, on the same images; then the issue's speed and memory targets for ours.

    .venv/bin/python benchmarks/bench_vision.py [--data datasets/eval] [--limit 200] [--repeats 15]

1. Side by side, per photo and summed: tiles the peer can name (its 34 riichi kinds: red fives
   count as fives, flowers and face-down tiles are left out for both sides, since the peer has no
   class for them), matched to the truth boxes at IoU >= 0.5 with the right code; precision,
   recall, photos whose tiles are all read, and the median time from photo bytes to tiles.
2. ``read`` of a 12-megapixel JPEG (an evaluation photo enlarged to 4000 x 3000, with sensor noise
   so it decodes like a real photo): median over ``--repeats`` runs, decoding included
   (target: at most half of the peer's median, timed on the same bytes in the same run).
3. ``watch`` at 640 x 480: frames per second of read + vote on camera-sized frames, without the
   camera itself (target >= 20), as ``watch`` reads them (a frame read lean while the vote is
   settled: vision.stabilize) and, in the same run, every frame read in full.
4. Peak memory (max RSS) of a fresh ``python -m vision read`` of the 12 MP photo (target < 1 GB).
5. Real photos (``--real``, default ``datasets/real/truth/val``, made by
   ``python -m vision.training.real_photos`` from the real photo set; never trained on nor chosen
   on): ours, a YOLOv8n trained on the real training photos alone (``--baseline``, its ONNX
   export; Ultralytics' own predict settings, conf
   0.25, IoU 0.7, per class), and the peer, all tiles matched at IoU >= 0.5 with the right code
   (the peer: only the tiles it can name). Then sections 2 and 3 again on a real photo: the
   12 MP read, and ``watch`` on a "video" of a real hand (frames of a real photo with small shifts
   and sensor noise, as a hand-held camera gives), on the photo with the most tiles and on a
   photo of a declared hand's size (14-17 tiles).
   The 12 MP read is also timed once on each of the first ``--speed-photos`` real photos (median
   and p90): one photo's time depends on the looks its rows need.
   ``--speed-only``: those alone, without the side by side.
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
from vision.stabilize import Stabilizer  # noqa: E402
from vision.training.evaluate import MATCHERS, Sample, claimed_tiles, load_samples  # noqa: E402

PEER_NAMES = {"chun": "7z", "haku": "5z", "hatsu": "6z", "nan": "2z", "pe": "4z", "sha": "3z", "tou": "1z"}


def riichi_only(det: Detections) -> Detections:
    """The tiles the peer can name, red fives as plain fives (class codes stay CLASS_CODES)."""
    codes = [("5" + code[1]) if code.startswith("0") else code for code in det.codes]
    keep = np.array([not (code.endswith("f") or code == "back") for code in codes], dtype=bool)
    plain = Detections.from_codes(det.boxes, codes, confidences=det.confidences)
    return plain[np.flatnonzero(keep)] if len(det) else plain


class Tally:
    """Matched-and-right counts for one side."""

    def __init__(self, rule: str = "iou") -> None:
        self.read = self.predicted = self.true = self.photos_all_read = 0
        self.times_ms: list[float] = []
        self.match = MATCHERS[rule]

    def add(self, predicted: Detections, truth: Detections, elapsed_ms: float) -> None:
        pairs = self.match(predicted, truth)
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


def four_by_three(image: np.ndarray) -> np.ndarray:
    """The photo padded to 4:3 with its table colour (its median), so that resized to a camera's
    4:3 frame its tiles keep their shape (the real photos' export made them square)."""
    height, width = image.shape[:2]
    target_w = max(width, round(height * 4 / 3))
    target_h = round(target_w * 3 / 4)
    pad_y, pad_x = target_h - height, target_w - width
    table = [int(value) for value in np.median(image.reshape(-1, 3), axis=0)]
    return cv2.copyMakeBorder(image, pad_y // 2, pad_y - pad_y // 2, pad_x // 2, pad_x - pad_x // 2,
                              cv2.BORDER_CONSTANT, value=table)


def twelve_megapixel(sample: Sample) -> bytes:
    """An evaluation photo enlarged to 4000 x 3000 (padded to 4:3 with its table colour), with noise."""
    image = four_by_three(cv2.imread(str(sample.image)))
    large = cv2.resize(image, (4000, 3000), interpolation=cv2.INTER_CUBIC).astype(np.float32)
    large += np.random.default_rng(0).normal(0, 6, large.shape).astype(np.float32)
    pixels = np.clip(large, 0, 255).astype(np.uint8)
    ok, encoded = cv2.imencode(".jpg", pixels, [cv2.IMWRITE_JPEG_QUALITY, 92])
    assert ok
    return encoded.tobytes()


def timed_reads(reads: list, data: bytes, repeats: int) -> list[tuple[list[float], list[float], list]]:
    """For each read function: wall and CPU milliseconds of ``repeats`` reads of ``data`` (after
    one to warm up) and what each returned. The readers take turns, so a load that comes and goes
    on a shared machine falls on both alike."""
    for read in reads:
        read(data)
    out: list[tuple[list[float], list[float], list]] = [([], [], []) for _ in reads]
    for _ in range(repeats):
        for read, (times, cpu_times, results) in zip(reads, out, strict=True):
            start, cpu_start = time.perf_counter(), time.process_time()
            results.append(read(data))
            times.append((time.perf_counter() - start) * 1000)
            cpu_times.append((time.process_time() - cpu_start) * 1000)
    return out


def read_latency(data: bytes, reader, repeats: int) -> None:
    """Ours and the peer on the same 12 MP bytes, taking turns in one run (target: ours at most
    half of the peer's median)."""
    peer = peer_reader()
    timed = timed_reads([reader.read_bytes] + ([peer] if peer else []), data, repeats)
    times, cpu_times, readings = timed[0]
    split = {step: statistics.median(r.timing_ms[step] for r in readings) for step in readings[0].timing_ms}
    # the CPU time of this process (all its threads) as well: on a machine shared with training
    # jobs the wall clock says more about the load than about the reader
    print(f"2. read of a 12 MP JPEG ({len(data) / 1e6:.1f} MB, 4000x3000), {repeats} runs: "
          f"median {statistics.median(times):.0f} ms, p90 {np.percentile(times, 90):.0f} ms, "
          f"CPU {statistics.median(cpu_times):.0f} ms  ["
          + ", ".join(f"{k} {v:.0f}" for k, v in split.items()) + "]")
    if peer is None:
        print("  mahjong-detector is not installed: no side-by-side time")
        return
    peer_times, peer_cpu, _ = timed[1]
    ratio = statistics.median(times) / statistics.median(peer_times)
    print(f"  mahjong-detector on the same photo: median {statistics.median(peer_times):.0f} ms, "
          f"CPU {statistics.median(peer_cpu):.0f} ms; ours / peer {ratio:.2f}x (target <= 0.5), "
          f"CPU {statistics.median(cpu_times) / statistics.median(peer_cpu):.2f}x")


def read_latency_spread(samples: list[Sample], reader) -> None:
    """The 12 MP read once on each of several real photos: one photo's figure depends on how many
    looks its rows need (a turned hand costs a second detector pass, a photo where few tiles are
    found costs a zoomed-out look too), so the spread over photos says what a user meets."""
    times, cpu_times = [], []
    for sample in samples:
        data = twelve_megapixel(sample)
        reader.read_bytes(data)      # the same photo twice: the first read warms the decoder's buffers
        start, cpu_start = time.perf_counter(), time.process_time()
        reader.read_bytes(data)
        times.append((time.perf_counter() - start) * 1000)
        cpu_times.append((time.process_time() - cpu_start) * 1000)
    print(f"  read of 12 MP JPEGs made from {len(samples)} real photos, one run each: median "
          f"{statistics.median(times):.0f} ms, p90 {np.percentile(times, 90):.0f} ms, "
          f"CPU median {statistics.median(cpu_times):.0f} ms")


def watch_rate(frames: list[np.ndarray], reader, lean: bool) -> tuple[float, float, int]:
    """(frames per second, CPU ms per frame, frames read lean, frames carried over) of read + vote
    as ``watch`` does it: with ``lean``, a frame is read lean while the vote is settled
    (vision.stabilize), or carried over when it shows what the last frame read showed
    (vision.still)."""
    stabilizer: Stabilizer = Stabilizer()
    reader.read_pixels(frames[0])
    lean_frames = carried = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for frame in frames:
        settled = lean and stabilizer.settled
        reading = reader.read_pixels(frame, lean=settled)
        lean_frames += settled and not reading.carried
        carried += reading.carried
        stabilizer.push(reading.layout.signature() if len(reading.detections) else None, reading)
    cpu_ms = (time.process_time() - cpu_start) * 1000 / len(frames)
    return len(frames) / (time.perf_counter() - start), cpu_ms, lean_frames, carried


def watch_line(frames: list[np.ndarray], reader) -> str:
    """Both ways in one run, every frame in full and as ``watch`` reads them."""
    full, full_cpu, _, _ = watch_rate(frames, reader, lean=False)
    rate, cpu_ms, lean_frames, carried = watch_rate(frames, reader, lean=True)
    return (f"{rate:.1f} frames/s over {len(frames)} frames (target >= 20), CPU {cpu_ms:.0f} ms a frame, "
            f"{lean_frames} read lean, {carried} carried over unread; every frame in full: "
            f"{full:.1f} frames/s, CPU {full_cpu:.0f} ms")


def watch_fps(sample: Sample, reader, frames: int) -> None:
    frame = cv2.resize(cv2.imread(str(sample.image)), (640, 480), interpolation=cv2.INTER_AREA)
    print(f"3. watch at 640x480: {watch_line([frame] * frames, reader)}")


def peak_memory(data: bytes, label: str = "4.") -> str:
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
    return (f"{label} peak memory of `python -m vision read` on the 12 MP photo: {peak_kb / 1024:.0f} MB "
            "(target < 1024)")


class BaselineDetector:
    """A YOLOv8n that names tiles itself (one class per tile code), run by onnxruntime as ours is."""

    def __init__(self, path: Path, codes: list[str], imgsz: int = 416, conf: float = 0.25,
                 iou: float = 0.7) -> None:
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = 2
        self.session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        self.codes, self.imgsz, self.conf, self.iou = codes, imgsz, conf, iou

    def read_bytes(self, data: bytes) -> Detections:
        from vision.decode import decode_image
        from vision.detect import letterbox, nms, unletterbox

        image = decode_image(data).pixels
        boxed, fit = letterbox(image, (self.imgsz, self.imgsz))
        tensor = np.ascontiguousarray(boxed[..., ::-1].transpose(2, 0, 1), dtype=np.float32)[None] / 255
        output = self.session.run(None, {self.session.get_inputs()[0].name: tensor})[0][0]
        scores = output[4:].T
        classes, best = scores.argmax(1), scores.max(1)
        keep = best >= self.conf
        cx, cy, w, h = output[:4, keep]
        boxes = np.stack([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2], axis=1)
        classes, best = classes[keep], best[keep]
        offset = boxes + classes[:, None] * 4096.0          # NMS within each class, as Ultralytics does
        kept = nms(offset, best, self.iou)
        boxes = unletterbox(boxes[kept], fit, *image.shape[:2])
        codes = [self.codes[c] for c in classes[kept]]
        return Detections.from_codes(boxes.reshape(-1, 4), codes, confidences=best[kept].tolist())


def real_side_by_side(samples: list[Sample], reader, baseline: BaselineDetector | None) -> None:
    peer = peer_reader()
    rules = ("iou", "centre")
    ours, base, theirs, ours_peer_kinds = ({rule: Tally(rule) for rule in rules} for _ in range(4))
    for sample in samples:
        data = sample.image.read_bytes()
        truth = Detections.from_json(sample.truth["tiles"])
        start = time.perf_counter()
        found = claimed_tiles(reader.read_bytes(data))
        elapsed = (time.perf_counter() - start) * 1000
        found_base = found_peer = None
        if baseline is not None:
            start = time.perf_counter()
            found_base = baseline.read_bytes(data)
            elapsed_base = (time.perf_counter() - start) * 1000
        if peer is not None:
            start = time.perf_counter()
            found_peer = peer(data)
            elapsed_peer = (time.perf_counter() - start) * 1000
        for rule in rules:
            ours[rule].add(found, truth, elapsed)
            ours_peer_kinds[rule].add(riichi_only(found), riichi_only(truth), elapsed)
            if found_base is not None:
                base[rule].add(found_base, truth, elapsed_base)
            if found_peer is not None:
                theirs[rule].add(riichi_only(found_peer), riichi_only(truth), elapsed_peer)
    print(f"5. real validation photos: {len(samples)} photos, {ours['iou'].true} tiles")
    for rule, title in (("iou", "matched at IoU >= 0.5"),
                        ("centre", "matched by centres (each box holds the other's; loose truth boxes)")):
        print(f"  {title}:")
        print("  " + ours[rule].line("ours", len(samples)))
        if baseline is not None:
            print("  " + base[rule].line("yolov8n real-only", len(samples)))
        if peer is not None:
            print("  " + ours_peer_kinds[rule].line("ours (peer's kinds)", len(samples)))
            print("  " + theirs[rule].line("mahjong-detector", len(samples)))
    if baseline is None:
        print("  the real-only YOLOv8n baseline is absent (--baseline; see models/MODEL_CARD.md)")


def real_video(sample: Sample, count: int, seed: int = 0, steady: bool = False) -> list[np.ndarray]:
    """640x480 frames of a real photo as a hand-held camera sees it: small shifts, turns, noise.
    Each frame shaken afresh (up to 2 degrees and 8 pixels each way: a shaky hand, the worst case),
    or ``steady``: a camera held over the table that drifts, each frame a small step (up to 0.3
    degrees and 1.5 pixels) from the last, as video frames a thirtieth of a second apart are. The
    photo is padded to 4:3 first, so its tiles keep their shape in the 640x480 frames."""
    image = four_by_three(cv2.imread(str(sample.image)))
    rng = np.random.default_rng(seed)
    frames = []
    angle = dx = dy = 0.0
    for _ in range(count):
        if steady:
            angle = float(np.clip(angle + rng.uniform(-0.3, 0.3), -2, 2))
            dx = float(np.clip(dx + rng.uniform(-1.5, 1.5), -8, 8))
            dy = float(np.clip(dy + rng.uniform(-1.5, 1.5), -8, 8))
        else:
            angle, dx, dy = rng.uniform(-2, 2), rng.uniform(-8, 8), rng.uniform(-8, 8)
        height, width = image.shape[:2]
        matrix = cv2.getRotationMatrix2D((width / 2, height / 2), angle, 1.0)
        matrix[:, 2] += (dx, dy)
        moved = cv2.warpAffine(image, matrix, (width, height), borderMode=cv2.BORDER_REPLICATE)
        frame = cv2.resize(moved, (640, 480), interpolation=cv2.INTER_AREA).astype(np.float32)
        frame += rng.normal(0, 4, frame.shape).astype(np.float32)
        frames.append(np.clip(frame, 0, 255).astype(np.uint8))
    return frames


def watch_fps_video(frames: list[np.ndarray], reader, what: str = "a real hand") -> None:
    print(f"  watch at 640x480 on {what} ({len(frames)} frames of a real photo, moved and noisy): "
          f"{watch_line(frames, reader)}")


def a_hand(samples: list[Sample]) -> Sample | None:
    """The photo of a declared hand's size (14-17 tiles) whose count is nearest their median: what a
    camera over a table sees when someone wins, next to the most crowded photo."""
    hands = sorted((sample for sample in samples if 14 <= len(sample.truth["tiles"]) <= 17),
                   key=lambda sample: (len(sample.truth["tiles"]), sample.image.name))
    return hands[len(hands) // 2] if hands else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=str(REPO / "datasets" / "eval"))
    parser.add_argument("--limit", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--frames", type=int, default=40)
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--real", default=str(REPO / "datasets" / "real" / "truth" / "val"))
    parser.add_argument("--baseline", default=str(REPO / "runs" / "baseline" / "yolov8n-real.onnx"),
                        help="ONNX export of the YOLOv8n trained on the real training photos alone")
    parser.add_argument("--models", default=str(REPO / "models"),
                        help="folder with vision.json and the models (peak memory is always models/)")
    parser.add_argument("--speed-photos", type=int, default=30,
                        help="real photos read at 12 MP for the spread of read times (0: none)")
    parser.add_argument("--skip-generated", action="store_true", help="sections 1-4 left out")
    parser.add_argument("--speed-only", action="store_true",
                        help="section 5's side by side left out (its 12 MP read and watch kept)")
    args = parser.parse_args(argv)
    if not (REPO / "models" / "vision.json").exists():
        print("models/vision.json absent: train and export the models first")
        return 0
    samples = load_samples(args.data)[:args.limit]
    if not samples:
        print(f"no photos with truth JSON under {args.data}")
        return 1
    from vision.detect import ModelConfig
    from vision.reader import HandReader

    reader = HandReader(ModelConfig.load(args.models), threads=args.threads)
    if not args.skip_generated:
        big = twelve_megapixel(samples[0])
        memory = peak_memory(big)
        side_by_side(samples, reader)
        read_latency(big, reader, args.repeats)
        watch_fps(samples[0], reader, args.frames)
        print(memory)
    real = load_samples(args.real)[:args.limit] if Path(args.real).exists() else []
    if not real:
        print(f"5. no real photos under {args.real}: python -m vision.training.real_photos SOURCE makes them")
        return 0
    from vision.classes import CLASS_CODES

    baseline = (BaselineDetector(Path(args.baseline), list(CLASS_CODES[:-1]))
                if Path(args.baseline).exists() else None)
    if not args.speed_only:
        real_side_by_side(real, reader, baseline)
    longest = max(real, key=lambda sample: len(sample.truth["tiles"]))
    big = twelve_megapixel(longest)
    print(f"  speed on {longest.image.name} ({len(longest.truth['tiles'])} tiles: the most of these photos)")
    read_latency(big, reader, args.repeats)
    if args.speed_photos:
        read_latency_spread(real[:args.speed_photos], reader)
    watch_fps_video(real_video(longest, args.frames), reader,
                    f"the most crowded photo ({len(longest.truth['tiles'])} tiles)")
    hand = a_hand(real)
    if hand is not None:
        watch_fps_video(real_video(hand, args.frames), reader,
                        f"a hand ({hand.image.name}, {len(hand.truth['tiles'])} tiles)")
        # a camera held over a table watches a hand for seconds: three times the frames
        watch_fps_video(real_video(hand, 3 * args.frames, steady=True), reader,
                        f"the same hand, the camera held steady ({hand.image.name})")
    print("  " + peak_memory(big, label=""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
