"""How fast the reader reads: photos upright and turned, and a live camera loop, with and without
the suggestions.

    .venv/bin/python benchmarks/bench_reading.py [--photo datasets/eval/scene-128.jpg] [--repeats 9]

1. ``read`` of the photo (its own size), then turned by 45, 90 and 180 degrees (a turned photo is
   looked at twice, vision/level.py): median milliseconds over ``--repeats`` runs, decoding
   included, and the tiles read.
2. A watch-like loop at 640 x 480 on frames made from the photo (small shifts and sensor noise, so
   no two frames are the same): frames per second of read + vote, as ``python -m vision watch``
   runs it (suggestions worked out only for the hand it takes), and with every frame's reading
   turned into JSON (suggestions on every frame) for comparison. Target: at least 8 frames/s on a
   2-core machine.

Only ``HandReader.read_bytes``, ``read_pixels`` and ``Reading.to_json`` are used, so the same
script measures an older checkout (``PYTHONPATH=OLD_CHECKOUT``) for a before/after comparison.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import cv2
import numpy as np

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.append(str(REPO))

from vision.detect import turn_level  # noqa: E402
from vision.stabilize import Stabilizer  # noqa: E402


def jpeg(image: np.ndarray) -> bytes:
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    assert ok
    return data.tobytes()


def read_times(reader, image: np.ndarray, repeats: int) -> None:
    for degrees in (0, 45, 90, 180):
        data = jpeg(turn_level(image, np.radians(degrees))[0] if degrees else image)
        reader.read_bytes(data)
        times, cpu = [], []
        for _ in range(repeats):
            start, start_cpu = time.perf_counter(), time.process_time()
            reading = reader.read_bytes(data).to_json()
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
        print(f"1. read turned {degrees:3d} degrees: median {statistics.median(times):.0f} ms "
              f"(CPU time {statistics.median(cpu):.0f} ms) over {repeats} runs, "
              f"{len(reading['tiles'])} tiles, "
              f"{len(reading.get('suggestions', []))} suggestions", flush=True)


def frames_of(image: np.ndarray, count: int) -> list[np.ndarray]:
    """Camera-sized frames of the photo, each shifted by a few pixels and with its own noise."""
    base = cv2.resize(image, (640, 480), interpolation=cv2.INTER_AREA)
    rng = np.random.default_rng(0)
    frames = []
    for _ in range(count):
        dx, dy = rng.integers(-4, 5, size=2)
        moved = cv2.warpAffine(base, np.float32([[1, 0, dx], [0, 1, dy]]), (640, 480),
                               borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
        moved += rng.normal(0, 3, moved.shape).astype(np.float32)
        frames.append(np.clip(moved, 0, 255).astype(np.uint8))
    return frames


def watch_fps(reader, frames: list[np.ndarray], every_json: bool) -> tuple[float, float]:
    """Frames per second, by the wall clock and by the process's CPU time (what a machine shared
    with other work still tells: CPU seconds per frame)."""
    stabilizer: Stabilizer = Stabilizer()
    reader.read_pixels(frames[0])
    start, start_cpu = time.perf_counter(), time.process_time()
    for frame in frames:
        reading = reader.read_pixels(frame)
        if every_json:
            reading.to_json()
        stable = stabilizer.push(reading.layout.signature() if len(reading.detections) else None, reading)
        if stable is not None:
            stable.to_json()          # the hand watch prints: its suggestions worked out once
    return len(frames) / (time.perf_counter() - start), len(frames) / (time.process_time() - start_cpu)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photo", default=str(REPO / "datasets" / "eval" / "scene-128.jpg"))
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--frames", type=int, default=40)
    parser.add_argument("--threads", type=int, default=None)
    args = parser.parse_args(argv)
    if not (REPO / "models" / "vision.json").exists():
        print("models/vision.json absent: train and export the models first")
        return 0
    from vision.reader import HandReader

    reader = HandReader(threads=args.threads)
    image = cv2.imread(args.photo)
    if image is None:
        print(f"cannot read {args.photo}")
        return 1
    read_times(reader, image, args.repeats)
    frames = frames_of(image, args.frames)
    for every_json, what in ((False, "as watch runs"),
                             (True, "with every frame's JSON (suggestions each frame)")):
        wall, cpu = watch_fps(reader, frames, every_json)
        print(f"2. watch loop at 640x480 ({args.frames} frames), {what}: {wall:.1f} frames/s "
              f"({cpu:.1f} per CPU second; target >= 8)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
