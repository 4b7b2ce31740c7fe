"""The vision reader as the web app sees it: photo bytes in, the ``vision read --json`` dict out.

The shipped model is loaded once when the app starts (``load_reader``); a checkout without a model
still serves every page, and the declare page then starts from an empty hand for manual entry.
"""

from __future__ import annotations

import importlib.util
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from vision.classes import MODEL_CONFIG

Reader = Callable[[bytes], dict[str, Any]]
log = logging.getLogger(__name__)


def load_reader(models_dir: str | Path | None = None, *, threads: int | None = None) -> Reader | None:
    """A reader over ``vision.reader.HandReader``, or None when no model or runtime is there.
    ``threads``: the cores one reading may use (default: the reader's own choice)."""
    if importlib.util.find_spec("vision.reader") is None:
        log.warning("vision.reader is missing: photos will not be read")
        return None
    from vision.decode import ImageError  # noqa: PLC0415 - optional at import time
    from vision.detect import ModelConfig  # noqa: PLC0415
    from vision.detect import models_dir as default_models
    from vision.reader import HandReader  # noqa: PLC0415

    folder = Path(models_dir) if models_dir else default_models()
    if not (folder / MODEL_CONFIG).is_file():
        log.warning("no %s in %s: photos will not be read, tiles are entered by hand", MODEL_CONFIG, folder)
        return None
    try:
        hand_reader = HandReader(ModelConfig.load(folder), threads=threads)
    except Exception as error:  # noqa: BLE001 - a broken model must not stop the app from serving
        log.warning("could not load the vision model from %s: %s", folder, error)
        return None

    def read(data: bytes) -> dict[str, Any]:
        try:
            return hand_reader.read_bytes(data).to_json()
        except ImageError as error:
            raise ValueError(str(error)) from error

    return read
