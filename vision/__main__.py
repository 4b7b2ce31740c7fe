"""``python -m vision``: read a photo, watch a camera, evaluate on a folder, train.

    python -m vision read PHOTO.jpg --json          one reading, the JSON of docs/vision.md
    python -m vision watch --camera 0 [--post URL]  JSON lines, one per hand that has held still
    python -m vision eval DATA [--json]             precision, recall, confusion, hands, latency
    python -m vision train ...                      see vision/training/train.py

Errors are one line on stderr (with ``--json``, a JSON object on stdout) and a non-zero status,
never a traceback: a photo that is not a photo is an everyday event here.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from vision import doubt_messages
from vision.decode import DEFAULT_MIN_SIDE, ImageError, probe_image
from vision.languages import (
    _,
    add_language_option,
    catalog,
    current_language,
    requested_language,
    split_lang,
    use_language,
)
from vision.suggest import HAND_SIZES


def _reader(args: argparse.Namespace):
    from vision.detect import ModelConfig
    from vision.reader import HandReader

    config = ModelConfig.load(args.models) if args.models else None
    return HandReader(config, imgsz=args.imgsz, threads=args.threads, min_side=args.min_side,
                      conf=args.conf, suggest=not args.no_suggestions, hand_size=_hand_size(args),
                      mirror=not args.no_mirror)


def _hand_size(args: argparse.Namespace) -> int:
    """``--rules``' hand (its family's sets and a pair), else ``--tiles``."""
    if not getattr(args, "rules", None):
        return args.tiles
    from engine.families import RulesError, family_of

    try:
        return 3 * family_of(args.rules).hand_sets + 2
    except RulesError as error:
        raise SystemExit(_("error: {message}").format(message=str(error))) from error


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def summary(reading: dict[str, Any]) -> str:
    """A person's view of a reading: the hand line, then one line per doubt (in the command line's
    language)."""
    hand = reading["hand"]
    parts = [hand.get("hand", "")] + list(hand.get("melds", []))
    if hand.get("win_tile"):
        parts.append(_("win {tile}").format(tile=hand["win_tile"]))
    if hand.get("flowers"):
        parts.append(_("flowers {tiles}").format(tiles=hand["flowers"]))
    lines = [_("{count} tiles: {hand}").format(count=len(reading["tiles"]),
                                              hand="  ".join(part for part in parts if part))]
    lines += [f"  ? {doubt_messages.render(ambiguity, catalog(), current_language())}"
              for ambiguity in reading.get("ambiguities", [])]
    for suggestion in reading.get("suggestions", []):
        changes = ", ".join(_("tile {index} {was} -> {now}").format(
            index=change["index"], was=change["was"] or _("faint box"), now=change["now"] or _("no tile"))
            for change in suggestion["changes"])
        lines.append(_("  suggestion (cost {cost}): {changes}").format(cost=f"{suggestion['cost']:.2f}",
                                                                      changes=changes))
    timing = reading["timing_ms"]
    lines.append("  " + ", ".join(f"{step} {ms:.0f} ms" for step, ms in timing.items()))
    return "\n".join(lines)


# -- read ---------------------------------------------------------------------------------------

def cmd_read(args: argparse.Namespace) -> int:
    try:
        data = Path(args.image).read_bytes()
    except OSError as error:
        message = _("cannot read {path}: {error}").format(path=args.image, error=error.strerror or error)
        return _fail(args, message, "not_found")
    try:
        probe_image(data)                  # a bad upload is told apart before the models load
        reader = _reader(args)
        reading = reader.read_bytes(data).to_json()
    except ImageError as error:
        return _fail(args, str(error), error.reason)
    except FileNotFoundError as error:
        return _fail(args, str(error), "no_models")
    if args.json:
        _print_json(reading)
    else:
        print(summary(reading))
    return 0


def _fail(args: argparse.Namespace, message: str, reason: str) -> int:
    if getattr(args, "json", False):
        _print_json({"error": message, "reason": reason})
    else:
        print(_("error: {message}").format(message=message), file=sys.stderr)
    return 1 if reason != "no_models" else 3


# -- watch --------------------------------------------------------------------------------------

def post_json(url: str, data: dict[str, Any], timeout: float = 5.0) -> int:
    """POST a reading to the web app's API; returns the HTTP status."""
    request = urllib.request.Request(url, data=json.dumps(data).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310 - user's own URL
        return int(response.status)


def cmd_watch(args: argparse.Namespace) -> int:
    import cv2

    from vision.stabilize import Stabilizer

    try:
        reader = _reader(args)
    except FileNotFoundError as error:
        return _fail(args, str(error), "no_models")
    source: int | str = int(args.camera) if str(args.camera).isdigit() else str(args.camera)
    capture = cv2.VideoCapture(source)
    if not capture.isOpened():
        message = _("cannot open camera {camera}").format(camera=args.camera)
        print(_("error: {message}").format(message=message), file=sys.stderr)
        return 1
    capture.set(cv2.CAP_PROP_FRAME_WIDTH, args.width)
    capture.set(cv2.CAP_PROP_FRAME_HEIGHT, args.height)
    stabilizer: Stabilizer[dict[str, Any]] = Stabilizer(window=args.window, quorum=args.quorum)
    frames, started = 0, time.perf_counter()
    try:
        while args.max_frames is None or frames < args.max_frames:
            ok, frame = capture.read()
            if not ok:
                break
            frames += 1
            # once the vote is settled a frame only keeps it: read lean (vision.stabilize)
            reading = reader.read_pixels(frame, lean=stabilizer.settled)
            signature = reading.layout.signature() if len(reading.detections) else None
            stable = stabilizer.push(signature, reading)
            if stable is not None:
                out = stable.to_json() | {"frame": frames}
                _print_json(out)
                if args.post:
                    _post(args.post, out)
    except KeyboardInterrupt:
        pass
    finally:
        capture.release()
    elapsed = time.perf_counter() - started
    print(_("watched {frames} frames in {seconds} s ({fps} fps)").format(
        frames=frames, seconds=f"{elapsed:.1f}", fps=f"{frames / max(elapsed, 1e-9):.1f}"), file=sys.stderr)
    return 0


def _post(url: str, reading: dict[str, Any]) -> None:
    try:
        status = post_json(url, reading)
        print(_("posted to {url}: HTTP {status}").format(url=url, status=status), file=sys.stderr)
    except (urllib.error.URLError, OSError, ValueError) as error:
        print(_("could not post to {url}: {error}").format(url=url, error=error), file=sys.stderr)


# -- eval ---------------------------------------------------------------------------------------

def cmd_eval(args: argparse.Namespace) -> int:
    from vision.training.evaluate import evaluate, load_samples

    if (Path(args.data) / "data.csv").exists() and (Path(args.data) / "images").is_dir():
        return _eval_tile_photos(args)
    samples = load_samples(args.data)
    if args.limit:
        samples = samples[:args.limit]
    if not samples:
        print(_("error: {message}").format(message=_("no photos with truth JSON under {folder}").format(
            folder=args.data)), file=sys.stderr)
        return 1
    try:
        reader = _reader(args)
    except FileNotFoundError as error:
        return _fail(args, str(error), "no_models")
    reader.read_bytes(samples[0].image.read_bytes())   # warm-up: the first run allocates
    report = evaluate(reader.read_bytes, samples, rule=args.match)
    if args.json:
        _print_json(report.to_json())
    else:
        print(report.to_text())
    return 0


def _eval_tile_photos(args: argparse.Namespace) -> int:
    """The Camerash layout (data.csv + images/): top-1 of the classifier, one tile per photo, on
    the part the classifier never trained on (vision.synth.crops.camerash_split)."""
    import numpy as np

    from vision.classes import CLASS_CODES, NOT_A_TILE
    from vision.training.evaluate import evaluate_tile_photos

    try:
        from vision.synth.crops import camerash_split
    except ImportError as error:
        message = _("cannot split the photos into training and held-out parts: {error}").format(error=error)
        print(_("error: {message}").format(message=message), file=sys.stderr)
        return 1
    train_items, held_items = camerash_split(Path(args.data))
    items = held_items + (train_items if args.all else [])
    try:
        reader = _reader(args)
    except FileNotFoundError as error:
        return _fail(args, str(error), "no_models")

    def name_tile(photo: np.ndarray) -> str:
        height, width = photo.shape[:2]
        class_ids, _, _, _ = reader.detector.classify(photo, np.array([[0, 0, width, height]], np.float32))
        # -1: the classifier's "none"; a real photo read as no tile counts as wrong
        return CLASS_CODES[int(class_ids[0])] if class_ids[0] >= 0 else NOT_A_TILE

    report = evaluate_tile_photos(name_tile, items)
    what = "all photos (training part included)" if args.all else "held-out photos"
    if args.json:
        _print_json(report.to_json() | {"part": what})
    else:
        print(f"{what}: " + report.to_text())
    return 0


# -- train --------------------------------------------------------------------------------------

def cmd_train(rest: list[str]) -> int:
    if importlib.util.find_spec("vision.training.train") is None:
        missing = _("the training module (vision/training/train.py) is not there")
        print(_("error: {message}").format(message=missing), file=sys.stderr)
        return 1
    from vision.training import train

    train.main(rest)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m vision", description=_("Read a photo, watch a camera, evaluate on a folder, train."))
    add_language_option(parser)
    commands = parser.add_subparsers(dest="command", required=True)

    def model_options(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--models", help=_("folder with vision.json (default: models/)"))
        sub.add_argument("--no-suggestions", "--no-repair", dest="no_suggestions", action="store_true",
                         help=_("offer no suggestions towards a complete hand (the reading is the same "
                              "either way; see vision/suggest.py). --no-repair is the old name"))
        sub.add_argument("--tiles", type=int, choices=HAND_SIZES, default=HAND_SIZES[0],
                         help=_("the size of the complete hands suggestions aim at: 14, or 17 for the "
                              "Taiwanese 16-tile game (the reading itself takes every tile seen)"))
        sub.add_argument("--rules", metavar="PRESET",
                         help=_("the table's preset: its complete hands (17 tiles for taiwanese) "
                              "decide the doubts and suggestions, instead of --tiles"))
        sub.add_argument("--no-mirror", action="store_true",
                         help=_("one detector pass, not two (the photo and its mirror image): faster, "
                              "misses more tiles (see vision/detect.py)"))
        sub.add_argument("--imgsz", type=int, help=_("detector input size (default: from vision.json)"))
        sub.add_argument("--threads", type=int, help=_("onnxruntime threads (default: CPU count, max 4)"))
        sub.add_argument("--conf", type=float,
                         help=_("detector score threshold (default: vision.json's, else 0.55)"))
        sub.add_argument("--min-side", type=int, default=DEFAULT_MIN_SIDE,
                         help=_("decode large JPEGs reduced down to this long side"))

    read = commands.add_parser("read", help=_("read one photo"))
    read.add_argument("image")
    read.add_argument("--json", action="store_true", help=_("print the reading as JSON"))
    model_options(read)

    watch = commands.add_parser("watch", help=_("read a camera; print each hand once it is stable"))
    watch.add_argument("--camera", default="0", help=_("camera index, or a video file or stream URL"))
    watch.add_argument("--post", help=_("also POST each stable hand as JSON to this URL"))
    watch.add_argument("--width", type=int, default=640)
    watch.add_argument("--height", type=int, default=480)
    watch.add_argument("--window", type=int, default=8, help=_("frames in the vote"))
    watch.add_argument("--quorum", type=int, default=6, help=_("votes a hand needs"))
    watch.add_argument("--max-frames", type=int, default=None)
    model_options(watch)

    evaluation = commands.add_parser("eval", help=_("score readings against truth JSON files"))
    evaluation.add_argument("data", help=_("folder of photos with truth JSON (searched recursively), or "
                                         "a single-tile photo set (data.csv + images/, as Camerash)"))
    evaluation.add_argument("--limit", type=int, default=None)
    evaluation.add_argument("--all", action="store_true",
                            help=_("single-tile photos: include the part the classifier trained on"))
    evaluation.add_argument("--json", action="store_true")
    evaluation.add_argument("--match", choices=("iou", "centre"), default="iou",
                            help=_("pair read and true tiles at IoU >= 0.5, or by centres (each box "
                                 "holds the other's centre: for loosely drawn truth boxes)"))
    model_options(evaluation)

    commands.add_parser("train", help=_("train and export the models (vision/training/train.py)"),
                        add_help=False)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["train"]:
        return cmd_train(argv[1:])
    lang, rest = split_lang(argv)
    use_language(requested_language(lang))
    args = build_parser().parse_args(([] if lang is None else ["--lang", lang]) + rest)
    handlers = {"read": cmd_read, "watch": cmd_watch, "eval": cmd_eval}
    return handlers[args.command](args)


if __name__ == "__main__":
    raise SystemExit(main())
