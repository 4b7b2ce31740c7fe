"""The tile classes the vision models predict, in model output order: one table for the
classifier, the dataset writers, the evaluation and the runtime.

Red fives are classes of their own (they look different); ``back`` is a face-down tile.
"""

from __future__ import annotations

from engine.tiles import KIND_CODES

CLASS_CODES: tuple[str, ...] = KIND_CODES[:34] + ("0m", "0p", "0s") + KIND_CODES[34:] + ("back",)
CLASS_INDEX = {code: index for index, code in enumerate(CLASS_CODES)}
BACK = "back"
MODEL_CONFIG = "vision.json"   # in models/: file names, input sizes and class lists of the models
