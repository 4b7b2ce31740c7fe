"""What a dataset's scenes may show (``SceneConfig``) and what one scene draws of it (``Shot``).

The options that real phone photos ask for (rows at any angle, close low views, hands overfilling
the frame, one tile alone, hands held standing, stretched photos, an automatic table's felt, 17-tile
hands) come from a generator of their own (``draw_shot``), so a recipe without them renders exactly
as it did.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.classes import CLASS_CODES
from vision.synth.faces import STYLES
from vision.synth.hands import KONGS
from vision.synth.surfaces import SURFACES


@dataclass
class SceneConfig:
    """What a dataset may contain: the families it draws from, and the output size."""

    styles: tuple[str, ...] = STYLES
    surfaces: tuple[str, ...] = SURFACES
    long_side: int = 1280  # rendering size; saved images may be smaller
    red_fives: float = 0.5  # share of sets that have red fives
    flowers: float = 0.5  # share of hands that may show bonus tiles
    max_tilt: float = 1.0  # 0 = only top-down, 1 = down to a low seat view
    kongs: float = KONGS  # share of sets drawn as kongs (concealed ones show two face-down tiles)
    red_five_styles: tuple[str, ...] | None = None  # only these styles' sets have red fives (None: all)
    # What real phone photos show and the first recipes did not; each a share of scenes, 0 = never
    # (then a scene is exactly what it was before these options). See ``Shot``.
    any_angle: float = 0.0  # rows at any angle in the image plane, 0-360 degrees
    low_view: float = 0.0  # a close, low camera: strong perspective, 15-35 degrees above the table
    cut: float = 0.0  # zoomed in: the tiles fill the frame and some are cut by its edge
    single: float = 0.0  # one tile alone, close up (half of them flowers and seasons)
    standing: float = 0.0  # a hand held standing, seen from the side at a low angle
    stretch: float = 0.0  # the photo stretched to a square, as some exports do
    autotable: float = 0.0  # on an automatic table's bright green felt
    taiwanese: float = 0.0  # 17-tile hands (five sets and a pair) with up to 8 flowers and seasons


VISIBLE = 0.5  # a tile cut by the photo's edge counts (has a truth box) when this share of it shows
SINGLE_BONUS = 0.5  # share of one-tile close-ups that show a flower or a season


@dataclass
class Shot:
    """The options one scene draws (from its own generator, so that the scenes of a recipe without
    them stay what they were): what is photographed, and how."""

    kind: str = "hand"  # hand | single | standing
    turn_deg: float = 0.0  # added in-plane turn
    low_elevation: float | None = None  # camera elevation of a low view, degrees
    distance: float = 1.0  # camera distance factor (below 1: closer, stronger perspective)
    azimuth_deg: float = 0.0  # added sideways swing of the camera (a low view along the row)
    fill: float | None = None  # the share of the frame the hand spans, when the shot fixes it
    zoom: float = 1.0  # over 1: the hand overfills the frame
    side_angle: float = 0.0  # standing tiles: the camera's angle above the table, degrees
    stretch: bool = False
    autotable: bool = False
    taiwanese: bool = False
    single_code: str = ""


def draw_shot(seed: int, config: SceneConfig) -> Shot:
    """The scene's options, drawn from ``seed`` alone: every share is drawn for every scene."""
    rng = np.random.default_rng([seed, 14])
    roll = rng.random()
    kind = "hand"
    if roll < config.single + config.standing:
        kind = "single" if roll < config.single else "standing"
    shot = Shot(kind=kind)
    if rng.random() < config.any_angle:
        shot.turn_deg = float(rng.uniform(0, 360))
    if rng.random() < config.low_view:
        shot.low_elevation = float(rng.uniform(15, 35))
        shot.distance = float(rng.uniform(0.4, 0.8))
        shot.azimuth_deg = float(rng.uniform(-35, 35))
        shot.fill = float(rng.uniform(0.8, 1.0))
    if rng.random() < config.cut and kind != "single":
        shot.zoom = float(rng.uniform(1.15, 2.2))
    shot.stretch = bool(rng.random() < config.stretch)
    shot.autotable = bool(rng.random() < config.autotable)
    shot.taiwanese = bool(rng.random() < config.taiwanese) and kind != "single"
    shot.side_angle = float(rng.uniform(5, 40))
    if rng.random() < SINGLE_BONUS:
        shot.single_code = f"{int(rng.integers(1, 9))}f"
    else:
        shot.single_code = CLASS_CODES[int(rng.integers(0, 37))]  # the 34 kinds and the red fives
    return shot

