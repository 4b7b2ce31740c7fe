"""Suggestions: the few, likeliest changes that would make a reading a complete hand, offered and
never applied.

The reading stays as the camera saw it: a hand that is not complete (a misread tile, a tile too
many or too few, or a false win photographed for a dispute) is reported as it is. When it is not
complete, some tile may have been misread: the classifier's mistakes are mostly between
look-alikes (small character numerals, 2p/4p, 3s/4s) and its second reading is often right, a
faint box may be no tile, and a box the detector scored just under its threshold may be the
missing tile. So this module tries the fewest and likeliest such changes (another reading, "no
tile", or a faint box taken in), in order of how much less likely they are than what was read,
and returns those that make a complete hand of the size the caller asks for, each with its cost
and the engine input it gives. The person accepts one or none.

The search is bounded (single changes, pairs of the likeliest, triples of fewer, and a cap on the
layouts tried), so it costs a few dozen layouts at worst; a live camera loop asks for it only for
the hand it finally takes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from engine.core.hand import HandError, hand_from_dict, parse_meld
from engine.core.shapes import decompose, regular_splits
from engine.core.tiles import NotationError, counts34, is_bonus, parse_tiles
from vision.classes import BACK, CLASS_CODES, CLASS_INDEX
from vision.detections import Detections
from vision.layout import Layout, LayoutOptions, read_layout

DROP = -1   # the change "this box holds no tile"
ADD = -2    # the change "this faint box is a tile after all" (read as its first reading)
HAND_SIZES = (14, 17)   # a complete hand: four sets and a pair, or (Taiwanese) five sets and a pair


@dataclass(frozen=True, slots=True)
class SuggestOptions:
    """How far the search goes. Costs are in nats: log(p read) - log(p instead)."""

    hand_size: int = 14        # suggestions make complete hands of this many tiles (kongs count 3)
    max_changes: int = 3       # changes tried together (one, pairs, triples)
    max_cost: float = 4.0      # a change this much less likely than the reading is never tried
    min_probability: float = 0.02   # nor a reading the classifier gave less than this
    drop_below: float = 0.9    # a tile read with less confidence may be "no tile" ...
    singles: int = 12          # the likeliest single changes paired (66 pairs) ...
    triples: int = 7           # ... and taken three at a time (35)
    faint_reading: float = 0.6     # a faint box is taken in only if its reading is this sure
    max_suggestions: int = 3   # suggestions returned, cheapest first
    max_layouts: int = 150     # layouts tried at most (each one read_layout)


DEFAULT = SuggestOptions()


@dataclass(frozen=True, slots=True)
class Change:
    """Tile ``index`` read as ``class_id`` instead (DROP: no tile; ADD: faint box ``index - len(det)``
    taken in), ``cost`` nats less likely than the reading."""

    index: int
    class_id: int
    cost: float


@dataclass(frozen=True)
class Suggestion:
    """Changes that make the reading complete, their total cost and the engine input they give."""

    changes: tuple[Change, ...]
    cost: float
    hand: dict[str, Any]

    def to_json(self, det: Detections, faint: Detections | None = None) -> dict[str, Any]:
        """The ``suggestions`` entry of ``read --json`` (shape in docs/vision.md): tile indexes are
        those of ``det`` (the reading's ``tiles``); a faint box taken in gets the index it would
        have appended after them, and carries its box and confidence, since it is in no list."""
        changes = []
        added = 0
        for change in sorted(self.changes, key=lambda c: (c.class_id == ADD, c.index)):
            if change.class_id == ADD:
                k = change.index - len(det)
                entry: dict[str, Any] = {"index": len(det) + added, "was": None,
                                         "now": CLASS_CODES[int(faint.class_ids[k])] if faint else None}
                if faint is not None:
                    entry["box"] = [round(float(v), 1) for v in faint.boxes[k]]
                    entry["conf"] = round(float(faint.confidences[k]), 3)
                added += 1
            else:
                entry = {"index": change.index, "was": CLASS_CODES[int(det.class_ids[change.index])],
                         "now": None if change.class_id == DROP else CLASS_CODES[change.class_id]}
            changes.append(entry)
        return {"changes": changes, "cost": round(self.cost, 3), "hand": self.hand}


def _tile_count(hand: dict[str, Any]) -> tuple[int, int]:
    """(tiles, kongs) of an engine input, counted from the notation's digits, so a reading the
    engine would refuse (five of a kind) is still counted."""
    melds = hand.get("melds", ())
    tiles = sum(ch.isdigit() for ch in hand.get("hand", "")) + sum(
        sum(ch.isdigit() for ch in meld) for meld in melds)
    kongs = sum(meld.startswith(("kan", "ankan", "kakan")) for meld in melds)
    return tiles, kongs


def tile_surplus(hand: dict[str, Any], hand_size: int = 14) -> int:
    """Tiles in the engine input beyond what a complete hand of ``hand_size`` has (one more per
    kong); negative when some are missing."""
    tiles, kongs = _tile_count(hand)
    return tiles - hand_size - kongs


def is_complete(hand: dict[str, Any], hand_size: int = 14) -> bool:
    """Whether the engine input is a legal, complete winning hand of ``hand_size`` tiles: for 14,
    in any shape the engine knows (special hands too); for other sizes, sets and one pair."""
    if hand_size == 14:
        try:
            return bool(decompose(hand_from_dict(hand)))
        except HandError:
            return False
    if tile_surplus(hand, hand_size) != 0 or not hand.get("hand"):
        return False
    try:
        melds = [parse_meld(text) for text in hand.get("melds", ())]
        concealed = list(parse_tiles(hand["hand"], check_counts=False))
    except (HandError, NotationError):
        return False
    if any(is_bonus(tile.kind) for tile in concealed):    # flowers are no part of the hand
        return False
    every = counts34(concealed + [tile for meld in melds for tile in meld.tiles])
    return max(every, default=0) <= 4 and bool(regular_splits(counts34(concealed)))


def candidate_changes(det: Detections, options: SuggestOptions = DEFAULT) -> list[Change]:
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


def faint_changes(det: Detections, faint: Detections, options: SuggestOptions = DEFAULT) -> list[Change]:
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


def _attempts(changes: list[Change], options: SuggestOptions) -> list[tuple[Change, ...]]:
    """Sets of changes, one change per tile, cheapest total first: every single change, pairs of
    the ``singles`` cheapest, triples of the ``triples`` cheapest."""
    sets = [(change.cost, (change,)) for change in changes]
    for size, pool in ((2, options.singles), (3, options.triples)):
        if options.max_changes >= size:
            sets += [(sum(c.cost for c in chosen), chosen) for chosen in combinations(changes[:pool], size)
                     if len({c.index for c in chosen}) == size]
    return [attempt for _, attempt in sorted(sets, key=lambda item: item[0])]


def suggest(det: Detections, layout: Layout | None = None, layout_options: LayoutOptions | None = None,
            options: SuggestOptions = DEFAULT, faint: Detections | None = None) -> list[Suggestion]:
    """Up to ``options.max_suggestions`` sets of changes that make the reading a complete hand of
    ``options.hand_size`` tiles, cheapest first; none when it already is one, or when more changes
    than ``max_changes`` would be needed. ``faint``: boxes the detector scored under its threshold
    (TileDetector.detect_with_faint), which a suggestion may take in when a tile is missing.
    Nothing in ``det`` or ``layout`` is changed."""
    layout_options = layout_options or LayoutOptions()
    layout = layout or read_layout(det, layout_options)
    if not len(det) or is_complete(layout.hand, options.hand_size):
        return []
    surplus = tile_surplus(layout.hand, options.hand_size)
    additions = faint_changes(det, faint, options) if faint is not None and len(faint) else []
    if surplus > options.max_changes or -surplus > min(len(additions), options.max_changes):
        # too many boxes (leaving out more than max_changes is no suggestion), or more tiles missing
        # than faint boxes could give (a hand half in view)
        return []
    changes = sorted(candidate_changes(det, options) + additions, key=lambda change: change.cost)
    found: list[Suggestion] = []
    seen: set[tuple[Any, ...]] = set()
    tried = 0
    for attempt in _attempts(changes, options):
        if len(found) >= options.max_suggestions or tried >= options.max_layouts:
            break
        if sum(change.class_id == ADD for change in attempt) < -surplus:
            continue
        if any(set(s.changes) <= set(attempt) for s in found):
            continue                # a suggestion plus more changes is no other suggestion
        tried += 1
        trial = read_layout(apply_changes(det, attempt, faint), layout_options)
        if not is_complete(trial.hand, options.hand_size) or trial.signature() in seen:
            continue
        seen.add(trial.signature())
        found.append(Suggestion(attempt, sum(change.cost for change in attempt), trial.hand))
    return found


def choice_table(det: Detections) -> list[list[tuple[str, float]]]:
    """The readings of every tile as (code, probability), for reports and tests."""
    return [[(CLASS_CODES[int(c)] if c >= 0 else "none", round(float(p), 3))
             for c, p in zip(det.choices[i], det.choice_probs[i], strict=True)]
            for i in range(len(det))]
