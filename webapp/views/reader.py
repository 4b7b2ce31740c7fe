"""The vision reader as the web app sees it: photo bytes in, the ``vision read --json`` dict out.

The shipped model is loaded once when the app starts (``load_reader``); a checkout without a model
still serves every page, and the declare page then starts from an empty hand for manual entry.
A live camera frame is read the way ``python -m vision watch`` reads one (``PhotoReader.frame``).
"""

from __future__ import annotations

import importlib.util
import logging
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vision.classes import MODEL_CONFIG

if TYPE_CHECKING:
    from vision.classify import FrameMemory
    from vision.reader import HandReader

Reader = Callable[[bytes], dict[str, Any]]
log = logging.getLogger(__name__)


class PhotoReader:
    """Called with a photo's bytes: the photo read in full, suggestions included. ``frame``: a live
    camera frame, read as ``vision watch`` reads one (vision.reader.HandReader.read_pixels): the
    rows looked for at the session's last frame's angle first, no close-up look, and ``lean`` (the session's
    vote is settled: vision.stabilize.Stabilizer.settled) without the detector's mirrored look.
    A frame's answer only draws its boxes and votes, so it names no faint tile and works out no
    suggestion: the frame the vote takes is uploaded as the hand's photo and read in full. Each
    camera keeps its last frame (``new_camera``), so its tiles that stay still keep their readings."""

    def __init__(self, hand_reader: HandReader) -> None:
        self.hand_reader = hand_reader

    def __call__(self, data: bytes) -> dict[str, Any]:
        return self.read(data)

    def read(self, data: bytes, *, hand_size: int | None = None) -> dict[str, Any]:
        """A photo's reading for a table whose hands have ``hand_size`` tiles (its doubts and
        suggestions are that table's: a 17-tile Taiwanese hand is no doubt there)."""
        from vision.decode import ImageError  # noqa: PLC0415 - optional at import time

        try:
            return self.hand_reader.read_bytes(data, hand_size=hand_size).to_json()
        except ImageError as error:
            raise ValueError(str(error)) from error

    def new_camera(self) -> FrameMemory:
        """What one live camera keeps from frame to frame (a session's, in webapp.views.live)."""
        from vision.classify import FrameMemory  # noqa: PLC0415 - optional at import time

        return FrameMemory()

    def frame(self, data: bytes, *, lean: bool, start_angle: float = 0.0,
              hand_size: int | None = None, camera: FrameMemory | None = None) -> dict[str, Any]:
        """A live frame's JPEG bytes -> its reading, ``suggestions`` empty; raises ValueError for
        what is not a usable image. ``start_angle``: the angle (radians) the session's last frame
        found its rows at; this one's rows are looked for there first. The answer's ``angle`` is
        where the session's next frame starts: the angle found when this frame showed enough tiles
        to tell it, as ``vision watch`` keeps it, else ``start_angle`` again. The one reader serves
        every table, so each session keeps its own angle (webapp.views.live.LiveVotes), and its
        own ``camera`` (``new_camera``)."""
        from vision.decode import ImageError  # noqa: PLC0415

        try:
            reading = self.hand_reader.read_bytes(data, frame=True, lean=lean, start_angle=start_angle,
                                                  hand_size=hand_size, memory=camera)
        except ImageError as error:
            raise ValueError(str(error)) from error
        # without suggest options the reading's JSON neither suggests nor names its faint tiles
        return replace(reading, suggest_options=None).to_json() | {"angle": reading.next_angle}


def hand_size_of(rules: str) -> int:
    """The tiles of a complete hand at a table of ``rules`` (kongs counted as three): four sets
    and a pair, or five for the Taiwanese game, as the preset's family says."""
    from engine.families import family_of  # noqa: PLC0415

    return 3 * family_of(rules).hand_sets + 2


def load_reader(models_dir: str | Path | None = None, *, threads: int | None = None) -> PhotoReader | None:
    """A reader over ``vision.reader.HandReader``, or None when no model or runtime is there.
    ``threads``: the cores one reading may use (default: the reader's own choice)."""
    if importlib.util.find_spec("vision.reader") is None:
        log.warning("vision.reader is missing: photos will not be read")
        return None
    from vision.detect import ModelConfig  # noqa: PLC0415 - optional at import time
    from vision.detect import models_dir as default_models
    from vision.reader import HandReader  # noqa: PLC0415

    folder = Path(models_dir) if models_dir else default_models()
    if not (folder / MODEL_CONFIG).is_file():
        log.warning("no %s in %s: photos will not be read, tiles are entered by hand", MODEL_CONFIG, folder)
        return None
    try:
        return PhotoReader(HandReader(ModelConfig.load(folder), threads=threads))
    except Exception as error:  # noqa: BLE001 - a broken model must not stop the app from serving
        log.warning("could not load the vision model from %s: %s", folder, error)
        return None
