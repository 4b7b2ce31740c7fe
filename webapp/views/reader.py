"""The vision reader as the web app sees it: photo bytes in, the ``vision read --json`` dict out.

The shipped model is loaded once when the app starts (``load_reader``); a checkout without a model
still serves every page, and the declare page then starts from an empty hand for manual entry.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from vision.classes import MODEL_CONFIG

Reader = Callable[[bytes], dict[str, Any]]
log = logging.getLogger(__name__)
REPO_MODELS = Path(__file__).resolve().parents[2] / "models"


def load_reader(models_dir: str | Path | None = None) -> Reader | None:
    """Build the reader from models/vision.json, or None when no model or runtime is available."""
    folder = Path(models_dir) if models_dir else REPO_MODELS
    if not (folder / MODEL_CONFIG).is_file():
        log.warning("no %s in %s: photos will not be read, tiles are entered by hand", MODEL_CONFIG, folder)
        return None
    for name in ("vision.detect", "vision.layout", "vision.decode"):
        if importlib.util.find_spec(name) is None:
            log.warning("%s is missing: photos will not be read", name)
            return None
    try:
        return _build(folder)
    except (ImportError, AttributeError, OSError, ValueError, json.JSONDecodeError) as error:
        log.warning("could not load the vision model from %s: %s", folder, error)
        return None


def _build(folder: Path) -> Reader:
    """Wire decode -> detect -> layout into one call (adapted to the vision runtime's API)."""
    from vision import decode, detect, layout  # noqa: PLC0415 - optional at import time

    model = detect.load(folder)

    def read(data: bytes) -> dict[str, Any]:
        image = decode.decode_bytes(data)
        detections = model(image)
        return layout.to_read_json(detections)

    return read
