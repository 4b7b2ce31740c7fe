"""A live camera's frame that shows what its last frame showed: the reading carried over.

While a camera's vote is settled (vision.stabilize), a frame only keeps the vote: its reading is
never the one emitted. A camera held over a table mostly sees the same hand frame after frame, so
such a frame need not be read at all when nothing in it changed: once the camera's own drift is
taken out (a turn and a shift fitted to the two frames' small grey pictures), every patch of it
must match the last frame read to within ``CHANGED`` grey levels. A hand reaching in, a tile laid
down or turned over, glare moving across the table: each changes a patch, and the frame is read.
The last reading is then carried over, its boxes moved with the camera; at least every
``MAX_STILL`` frames a frame is read all the same, so a change too small for a patch to show is
found within that many frames.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

SMALL_WIDTH = 160        # the grey picture frames are compared at (a tile is a few of its pixels)
PATCH = 8                # its patches, each compared on its own (a tile's face is about one)
BLUR = 1.0               # the small pictures are blurred this much (sigma, small pixels): a tile's
                         # edge resampled half a pixel off changes a patch as much as a new tile would
CHANGED = 10.0           # mean grey-level change of a patch that makes a frame worth reading
MAX_STILL = 30           # frames carried over in a row at most before one is read again (a
                         # second of a camera's frames)
MARGIN = 4               # small pixels at the edges left out (they come in or go out as the camera drifts)


@dataclass(frozen=True)
class StillFrame:
    """The last frame read: its small grey picture, its reading, and the frames carried since."""

    small: np.ndarray
    reading: Any
    carried: int = 0


def small_grey(pixels: np.ndarray) -> np.ndarray:
    """The frame as a SMALL_WIDTH-wide grey picture (float32, blurred by BLUR), what frames are
    compared at."""
    grey = cv2.cvtColor(pixels, cv2.COLOR_BGR2GRAY) if pixels.ndim == 3 else pixels
    height, width = grey.shape
    size = (SMALL_WIDTH, max(1, round(height * SMALL_WIDTH / width)))
    small = cv2.resize(grey, size, interpolation=cv2.INTER_AREA).astype(np.float32)
    return cv2.GaussianBlur(small, (0, 0), BLUR)


def drift(last: np.ndarray, small: np.ndarray) -> np.ndarray | None:
    """The 2x3 turn-and-shift that takes ``last``'s pixels to ``small``'s (small pixels), or None
    when the two pictures do not fit (the camera moved far, or the view has too little in it)."""
    if last.shape != small.shape:
        return None
    warp = np.eye(2, 3, dtype=np.float32)
    criteria = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 30, 1e-4)
    try:
        _, warp = cv2.findTransformECC(small, last, warp, cv2.MOTION_EUCLIDEAN, criteria, None, 3)
    except cv2.error:
        return None
    # findTransformECC's warp takes this frame's pixels to the last frame's: turned round
    return cv2.invertAffineTransform(warp)


def unchanged(last: np.ndarray, small: np.ndarray, motion: np.ndarray) -> bool:
    """Whether ``small`` shows what ``last`` showed, moved by ``motion``: no patch (edges left out)
    differs by CHANGED or more grey levels on average."""
    height, width = small.shape
    moved = cv2.warpAffine(last, motion, (width, height), flags=cv2.INTER_LINEAR,
                           borderMode=cv2.BORDER_REPLICATE)
    change = np.abs(small - moved)[MARGIN:height - MARGIN, MARGIN:width - MARGIN]
    rows, cols = change.shape[0] // PATCH, change.shape[1] // PATCH
    patches = change[:rows * PATCH, :cols * PATCH].reshape(rows, PATCH, cols, PATCH).mean(axis=(1, 3))
    return bool(patches.max() < CHANGED)


def frame_motion(motion: np.ndarray, small_width: int, width: int) -> np.ndarray:
    """A motion found on the small pictures, in the pixels of a frame ``width`` wide."""
    scaled = motion.astype(np.float64).copy()
    scaled[:, 2] *= width / small_width
    return scaled
