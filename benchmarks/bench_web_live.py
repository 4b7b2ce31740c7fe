"""The declare page's live camera: server CPU per frame posted to ``POST /api/tables/EDIT/photos``
with a ``live`` session id, through the Flask test client (no network), with the shipped reader.

    .venv/bin/python benchmarks/bench_web_live.py [--real datasets/real/truth/dev] [--frames 40] [--rounds 3]

The frames are a "video" of a real hand as bench_vision.py makes it (640x480 frames of the real
photo with the most tiles, with small shifts, turns and sensor noise; ``--still``: its first frame
over and over), sent as JPEG at the quality live.js uses. Two ways, back to back in each round,
each frame of a round posted in one session: "as photos", every frame read as an uploaded photo
(close-up look, faint tiles named, suggestions worked out: the live camera before it read frames
as ``vision watch`` does), and "as frames" (webapp.views.reader.PhotoReader.frame, lean while the
session's vote is settled). The page stops posting once a hand is taken; the frames after it are
posted here all the same, as a camera left on would send them.
Prints the CPU time of this process (all its threads) per frame, the frames read lean, the frame
whose hand the vote takes, the frames whose hand (their vote) differs between the two ways, and
the tiles a frame reads right by code on average (the photo's truth; boxes are not matched).
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_vision import real_video  # noqa: E402

from vision.training.evaluate import load_samples  # noqa: E402
from webapp.app import create_app  # noqa: E402
from webapp.views.live import signature_of  # noqa: E402

JPEG_QUALITY = 90       # live.js: canvas.toBlob(..., "image/jpeg", 0.9)


@dataclass
class Run:
    cpu_ms: float                   # CPU time of this process a frame
    votes: list[str | None]         # each frame's vote (webapp.views.live.signature_of)
    lean: int                       # frames read lean
    taken: int | None               # the first frame whose answer was stable (1-based), if any
    codes: list[Counter[str]]       # each frame's tiles as read, by code


    def right(self, truth: Counter[str]) -> float:
        """Tiles a frame reads whose code the photo's truth has (as many times), on average: the
        frames are shifted and turned, so their boxes are not matched to the truth's."""
        return statistics.mean((codes & truth).total() for codes in self.codes)


def post_frames(app: Any, frames: list[bytes], session: str) -> Run:
    client = app.test_client()
    token = client.post("/api/tables", json={"players": ["A", "B", "C", "D"]}).json["edit_token"]
    lean_before = _lean_count(app)
    votes, codes, stable = [], [], None
    cpu_start = time.process_time()
    for index, data in enumerate(frames):
        answer = client.post(f"/api/tables/{token}/photos",
                             data={"photo": (io.BytesIO(data), "frame.jpg"), "live": session}).json
        assert answer["ok"], answer
        votes.append(signature_of(answer["read"]))
        codes.append(Counter(tile["tile"] for tile in answer["read"]["tiles"]))
        if stable is None and answer["live"]["stable"]:
            stable = index
    cpu_ms = (time.process_time() - cpu_start) * 1000 / len(frames)
    return Run(cpu_ms, votes, _lean_count(app) - lean_before, None if stable is None else stable + 1, codes)


def _lean_count(app: Any) -> int:
    return getattr(app.extensions["tiletally.reader"], "lean_frames", 0)


class Counted:
    """The app's reader, counting the frames it is asked to read lean (the figure only)."""

    def __init__(self, reader: Any) -> None:
        self.reader, self.lean_frames = reader, 0

    def __call__(self, data: bytes) -> dict[str, Any]:
        return self.reader(data)

    def frame(self, data: bytes, *, lean: bool, start_angle: float = 0.0,
              hand_size: int | None = None) -> dict[str, Any]:
        self.lean_frames += lean
        return self.reader.frame(data, lean=lean, start_angle=start_angle)


def _compared(as_photos: Run, as_frames: Run, truth: Counter[str]) -> str:
    differ = sum(a != b for a, b in zip(as_photos.votes, as_frames.votes, strict=True))

    def taken(run: Run) -> str:
        return "no hand taken" if run.taken is None else f"hand taken at frame {run.taken}"

    same = ""
    if as_photos.taken is not None and as_frames.taken is not None:
        alike = as_photos.votes[as_photos.taken - 1] == as_frames.votes[as_frames.taken - 1]
        same = ", the same hand" if alike else ", another hand"
    return (f"as photos CPU {as_photos.cpu_ms:.0f} ms a frame ({taken(as_photos)}); as frames "
            f"{as_frames.cpu_ms:.0f} ms ({as_frames.lean} read lean, {taken(as_frames)}{same}); {differ} "
            f"of {len(as_frames.votes)} frames vote otherwise; tiles right by code a frame: as photos "
            f"{as_photos.right(truth):.1f}, as frames {as_frames.right(truth):.1f} of {truth.total()}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--real", default=str(REPO / "datasets" / "real" / "truth" / "dev"))
    parser.add_argument("--frames", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--still", action="store_true",
                        help="every frame the first one (a camera on a stand): the vote settles, and "
                             "the frames posted after the hand is taken are read lean")
    args = parser.parse_args(argv)
    if not (REPO / "models" / "vision.json").exists():
        print("models/vision.json absent: train and export the models first")
        return 0
    real = load_samples(args.real) if Path(args.real).exists() else []
    if not real:
        print(f"no real photos under {args.real}: python -m vision.training.real_photos SOURCE makes them")
        return 0
    longest = max(real, key=lambda sample: len(sample.truth["tiles"]))
    frames = [cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])[1].tobytes()
              for frame in real_video(longest, args.frames)]
    if args.still:
        frames = frames[:1] * len(frames)
    with tempfile.TemporaryDirectory() as folder:
        # the reader the app loads for itself, with the app's threads; uploads not rate limited here
        settings = {"DATA_DIR": folder, "RATE_LIMIT_UPLOADS": "100000 per minute"}
        framed = create_app(settings)
        reader = framed.extensions["tiletally.reader"]
        if reader is None:
            print("the app loaded no reader")
            return 1
        framed.extensions["tiletally.reader"] = Counted(reader)
        photos = create_app(settings | {"READER": lambda data: reader(data)})   # no frame method
        post_frames(framed, frames[:2], "warm-up-frames")
        print(f"live frames of {longest.image.name} ({len(longest.truth['tiles'])} tiles), "
              f"{len(frames)} frames of 640x480 JPEG a round")
        truth = Counter(tile["tile"] for tile in longest.truth["tiles"])
        before, after = [], []
        for round_ in range(args.rounds):
            as_photos = post_frames(photos, frames, f"photos-{round_:04d}")
            as_frames = post_frames(framed, frames, f"frames-{round_:04d}")
            before.append(as_photos.cpu_ms)
            after.append(as_frames.cpu_ms)
            print(f"  round {round_ + 1}: {_compared(as_photos, as_frames, truth)}")
        photo_ms, frame_ms = statistics.median(before), statistics.median(after)
        print(f"  median of {args.rounds} rounds: as photos {photo_ms:.0f} ms a frame, as frames "
              f"{frame_ms:.0f} ms (ratio {photo_ms / frame_ms:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
