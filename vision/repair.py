"""Second choices that make a declared hand whole, said out loud.

A player shows the tiles of a win, so what the camera reads must be a complete hand (four sets and
a pair, seven pairs, thirteen orphans or a knitted form, with the melds as laid). When the tiles
as read are not one, some tile was misread; the classifier's mistakes are mostly between
look-alikes (small character numerals, 2p/4p, 3s/4s) and its second reading is often right, and
a faint box that is no tile can be one too many. So the repair tries the fewest and likeliest
changes among the tiles it is unsure of (another reading, or "no tile"), in order of how much
less likely they are than what was read, and keeps the first that makes the hand complete.

It never touches a reading that is already complete, never invents a tile that was not seen, and
every change goes into the ambiguities ("corrected") for the person to confirm.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from itertools import combinations

from engine.core.hand import HandError, hand_from_dict
from engine.core.shapes import decompose
from vision.classes import BACK, CLASS_CODES, CLASS_INDEX
from vision.detections import Detections
from vision.layout import Ambiguity, Layout, LayoutOptions, read_layout

DROP = -1   # the change "this box holds no tile"
ADD = -2    # the change "this faint box is a tile after all" (read as its first reading)


@dataclass(frozen=True, slots=True)
class RepairOptions:
    """How far the repair may go. Costs are in nats: log(p read) - log(p instead)."""

    max_changes: int = 3       # changes tried together (one, pairs, triples)
    max_cost: float = 4.0      # a change this much less likely than the reading is never tried
    min_probability: float = 0.02   # nor a reading the classifier gave less than this
    drop_below: float = 0.9    # a tile read with less confidence may be "no tile" ...
    singles: int = 12          # the likeliest single changes paired (66 pairs) ...
    triples: int = 7           # ... and taken three at a time (35): ~100 layouts, ~80 ms at worst
    faint_reading: float = 0.6     # a faint box is taken in only if its reading is this sure


@dataclass(frozen=True, slots=True)
class Change:
    """Tile ``index`` read as ``code`` instead (None: dropped), ``cost`` nats less likely."""

    index: int
    class_id: int
    cost: float


def is_complete(hand: dict) -> bool:
    """Whether the engine input is a legal, complete winning hand in some shape."""
    try:
        return bool(decompose(hand_from_dict(hand)))
    except HandError:
        return False


DEFAULT = RepairOptions()


def tile_surplus(hand: dict) -> int:
    """Tiles in the engine input beyond what a complete hand has (14, one more per kong); negative
    when some are missing. Counted from the notation's digits, so a reading the engine would
    refuse (five of a kind) is still counted."""
    melds = hand.get("melds", ())
    tiles = sum(ch.isdigit() for ch in hand.get("hand", "")) + sum(
        sum(ch.isdigit() for ch in meld) for meld in melds)
    kongs = sum(meld.startswith(("kan", "ankan", "kakan")) for meld in melds)
    return tiles - 14 - kongs


def candidate_changes(det: Detections, options: RepairOptions = DEFAULT) -> list[Change]:
    """Every single change worth trying, cheapest first."""
    changes = []
    for i in range(len(det)):
        top = float(det.choice_probs[i, 0])
        dropped = False
        for k in range(1, det.choices.shape[1]):
            class_id, probability = int(det.choices[i, k]), float(det.choice_probs[i, k])
            if probability < options.min_probability:
                continue
            cost = math.log(max(top, 1e-9)) - math.log(probability)
            if cost <= options.max_cost:
                changes.append(Change(i, class_id, cost))
                dropped |= class_id == DROP
        confidence = float(det.confidences[i])
        if confidence < options.drop_below and not dropped:
            # a faint box: the odds that it is no tile, from its own confidence
            cost = math.log(confidence) - math.log(1.0 - confidence)
            if cost <= options.max_cost:
                changes.append(Change(i, DROP, max(cost, 0.0)))
    return sorted(changes, key=lambda change: change.cost)


def faint_changes(det: Detections, faint: Detections, options: RepairOptions = DEFAULT) -> list[Change]:
    """Taking in a faint box (index ``len(det) + k``), from the odds that it is a tile."""
    changes = []
    for k in range(len(faint)):
        confidence = float(faint.confidences[k])
        if float(faint.choice_probs[k, 0]) < options.faint_reading or confidence <= 0:
            continue
        cost = math.log(max(1.0 - confidence, 1e-9)) - math.log(confidence)
        if cost <= options.max_cost:
            changes.append(Change(len(det) + k, ADD, max(cost, 0.0)))
    return changes


def apply_changes(det: Detections, changes: tuple[Change, ...],
                  faint: Detections | None = None) -> Detections:
    """The detections with ``changes`` made: new readings, dropped boxes left out, faint boxes taken
    in (after the others: the layout finds their place)."""
    class_ids = det.class_ids.copy()
    face_down = det.face_down.copy()
    for change in changes:
        if change.class_id >= 0:
            class_ids[change.index] = change.class_id
            face_down[change.index] = change.class_id == CLASS_INDEX[BACK]
    changed = Detections(det.boxes, class_ids, det.confidences, face_down, det.rotated, det.choices,
                         det.choice_probs)
    dropped = {change.index for change in changes if change.class_id == DROP}
    if dropped:
        changed = changed[[i for i in range(len(det)) if i not in dropped]]
    added = [change.index - len(det) for change in changes if change.class_id == ADD]
    if added and faint is not None:
        changed = changed.joined(faint[added])
    return changed


def _attempts(changes: list[Change], options: RepairOptions):
    """Sets of changes, one change per tile, cheapest total first: every single change, pairs of
    the ``singles`` cheapest, triples of the ``triples`` cheapest."""
    sets = [(change.cost, (change,)) for change in changes]
    for size, pool in ((2, options.singles), (3, options.triples)):
        if options.max_changes >= size:
            sets += [(sum(c.cost for c in chosen), chosen) for chosen in combinations(changes[:pool], size)
                     if len({c.index for c in chosen}) == size]
    return [attempt for _, attempt in sorted(sets, key=lambda item: item[0])]


def repair(det: Detections, layout_options: LayoutOptions | None = None,
           options: RepairOptions = DEFAULT, faint: Detections | None = None) -> tuple[Detections, Layout]:
    """The detections and their layout, repaired if the hand as read is not complete. ``faint``:
    boxes the detector scored under its threshold (TileDetector.detect_with_faint), which may be
    taken in when a tile is missing."""
    layout_options = layout_options or LayoutOptions()
    layout = read_layout(det, layout_options)
    if not len(det) or is_complete(layout.hand):
        return det, layout
    surplus = tile_surplus(layout.hand)
    additions = faint_changes(det, faint, options) if faint is not None and len(faint) else []
    if surplus > options.max_changes or -surplus > min(len(additions), options.max_changes):
        # too many boxes (leaving out more than max_changes is no repair), or more tiles missing
        # than faint boxes could give (a hand half in view, a live camera)
        return det, layout
    changes = sorted(candidate_changes(det, options) + additions, key=lambda change: change.cost)
    for attempt in _attempts(changes, options):
        if sum(change.class_id == ADD for change in attempt) < -surplus:
            continue
        changed = apply_changes(det, attempt, faint)
        trial = read_layout(changed, layout_options)
        if not is_complete(trial.hand):
            continue
        return changed, _said(trial, det, attempt, faint)
    return det, layout


def _said(layout: Layout, before: Detections, changes: tuple[Change, ...],
          faint: Detections | None = None) -> Layout:
    """The layout with one ambiguity per change, in the new tile numbering."""
    dropped = sorted(change.index for change in changes if change.class_id == DROP)
    added = [change for change in changes if change.class_id == ADD]
    notes = []
    for change in changes:
        if change.class_id == ADD and faint is not None:
            code = CLASS_CODES[int(faint.class_ids[change.index - len(before)])]
            index = len(before) - len(dropped) + added.index(change)    # joined after the others
            notes.append(Ambiguity("corrected", f"tile {index}, a faint box read as {code}, was taken as a "
                                                "tile: with it the hand is complete (is it one?)", (index,)))
            continue
        was = CLASS_CODES[int(before.class_ids[change.index])]
        if change.class_id == DROP:
            notes.append(Ambiguity("corrected", f"a box read as {was} was left out: without it the hand "
                                                "is complete (is it a tile?)", ()))
            continue
        index = change.index - sum(1 for d in dropped if d < change.index)
        now = CLASS_CODES[change.class_id]
        notes.append(Ambiguity("corrected", f"tile {index} read as {was}, taken as {now} (the "
                                            f"classifier's next choice), which makes the hand complete",
                               (index,)))
    return replace(layout, ambiguities=layout.ambiguities + tuple(notes))


def choice_table(det: Detections) -> list[list[tuple[str, float]]]:
    """The readings of every tile as (code, probability), for reports and tests."""
    return [[(CLASS_CODES[int(c)] if c >= 0 else "none", round(float(p), 3))
             for c, p in zip(det.choices[i], det.choice_probs[i], strict=True)]
            for i in range(len(det))]


