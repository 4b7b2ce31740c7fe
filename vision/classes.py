"""The tile classes the vision models predict, in model output order: one table for the
classifier, the dataset writers, the evaluation and the runtime.

Red fives are classes of their own (they look different); ``back`` is a face-down tile.
"""

from __future__ import annotations

from engine.core.tiles import KIND_CODES

CLASS_CODES: tuple[str, ...] = KIND_CODES[:34] + ("0m", "0p", "0s") + KIND_CODES[34:] + ("back",)
CLASS_INDEX = {code: index for index, code in enumerate(CLASS_CODES)}
BACK = "back"
# The classifier has one output more than there are tile classes: "none", a box that holds no tile
# (the table, clutter, the gap between two tiles). The detector's false boxes sit mostly on table
# patterns it never saw; the classifier, which sees the whole crop, rejects them.
NOT_A_TILE = "none"
CLASSIFIER_CODES: tuple[str, ...] = CLASS_CODES + (NOT_A_TILE,)
MODEL_CONFIG = "vision.json"   # in models/: file names, input sizes and class lists of the models
