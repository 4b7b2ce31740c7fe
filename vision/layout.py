"""Detections -> the hand as the player laid it down: rows, sets split by gaps, the winning tile
laid apart, called melds (a sideways tile), concealed kongs (face-down tiles) and bonus tiles.

The reading follows how players show a win: one row of tiles, the sets they called or declared
set apart by a gap, the winning tile set apart at the end, flowers and seasons to one side or in a
row of their own. A called tile lies sideways (a kong promoted from a pung has a second sideways
tile stacked on the first); a concealed kong shows one or more backs. What the picture cannot
decide is never guessed silently: every doubt goes into ``ambiguities`` for the person to confirm.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine.core.hand import HandError, hand_from_dict
from engine.core.tiles import Tile, format_tiles, is_bonus, is_suited, parse_tile
from vision.classes import BACK, CLASS_CODES
from vision.detections import Detections

CONCEALED, MELD, WINNING_TILE, BONUS = "concealed", "meld", "winning_tile", "bonus"


@dataclass(frozen=True, slots=True)
class LayoutOptions:
    """Thresholds in units of the row's typical upright tile (its width or height)."""

    gap: float = 0.27             # a gap wider than this many tile widths starts a new group
    row: float = 0.6              # centres further apart than this many tile heights: another row
    low_confidence: float = 0.5   # a tile read with less confidence is reported
    set_sideways: float | None = 0.04   # see group_sideways; None: only the detector's marks count
    melds_apart: bool = True      # legal sets in the melds' place are melds (see _melds_apart)
    stray_distance: float = 2.5   # a row this many tile depths from the hand's longest row ...
    stray_confidence: float = 0.7    # ... with a mean confidence below this is no part of the hand
    regroup: bool = True          # move group borders so each sideways tile is in a legal set
    min_cut: float = 0.1          # ... but never cut between tiles closer than this (tile widths)


@dataclass(frozen=True, slots=True)
class Group:
    """Tiles the player laid down together; ``meld`` names the set of a called/declared meld."""

    kind: str
    tiles: tuple[int, ...]
    meld: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "tiles": list(self.tiles)}
        if self.meld:
            out["meld"] = self.meld
        return out


@dataclass(frozen=True, slots=True)
class Ambiguity:
    """Something the person must confirm: ``kind`` is a short word, ``tiles`` the indexes involved."""

    kind: str
    message: str
    tiles: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "tiles": list(self.tiles), "message": self.message}


@dataclass(frozen=True)
class Layout:
    """The reading: groups over tile indexes, the engine input object, and what is in doubt."""

    groups: tuple[Group, ...]
    hand: dict[str, Any]
    ambiguities: tuple[Ambiguity, ...] = field(default=())

    def signature(self) -> tuple[Any, ...]:
        """What a stable reading means for frame voting: the hand, not the boxes."""
        return (self.hand.get("hand"), tuple(self.hand.get("melds", ())), self.hand.get("win_tile"),
                self.hand.get("flowers"))


# -- geometry -----------------------------------------------------------------------------------

SQUARE_TILT = 0.35   # |cos^2 - sin^2| under this (within ~10 degrees of 45): see upright_sizes
TILE_ASPECT = 3 / 4  # an upright tile's side along the row over its side across it (60 x 80)


def _undirected(angles: np.ndarray | float) -> np.ndarray:
    """Angles of lines (a line at a and at a + pi is the same line) in [-pi/2, pi/2)."""
    return (np.asarray(angles) + np.pi / 2) % np.pi - np.pi / 2


def row_angle(boxes: np.ndarray) -> float:
    """The direction of the rows in radians, in (-pi/2, pi/2] (image axes, y down): 0 for level
    rows, near +-pi/2 for rows running down the photo (a hand photographed from the side of the
    table), anything between for a phone held askew. Only the line is known, not which end is the
    player's left: a hand photographed upside down gives the same angle as one photographed upright.

    Neighbouring tiles of a row touch, so each tile's nearest neighbour mostly lies along its row;
    the direction most of those pairs agree on (a tile's neighbour in another row is the odd one
    out) is refined to the median of the pairs within 15 degrees of it."""
    if len(boxes) < 2:
        return 0.0
    centres = (boxes[:, :2] + boxes[:, 2:]).astype(np.float64) / 2
    offsets = centres[None, :, :] - centres[:, None, :]
    distances = np.hypot(offsets[..., 0], offsets[..., 1])
    np.fill_diagonal(distances, np.inf)
    nearest = np.argmin(distances, axis=1)
    vectors = offsets[np.arange(len(boxes)), nearest]
    angles = np.arctan2(vectors[:, 1], vectors[:, 0])
    # the direction most pairs agree on: each pair's vote for each pair's direction, a soft count
    agreement = np.cos(2 * (angles[:, None] - angles[None, :])).clip(0) ** 8
    mode = float(angles[int(np.argmax(agreement.sum(axis=1)))])
    apart = _undirected(angles - mode)
    # the median of those close to it: a sideways tile's centre lies off its row's line
    angle = float(_undirected(mode + np.median(apart[np.abs(apart) < np.radians(15)])))
    return angle + np.pi if angle <= -np.pi / 2 else angle


def upright_sizes(boxes: np.ndarray, angle: float) -> tuple[np.ndarray, np.ndarray]:
    """Each tile's own extent along and across the row, from its axis-aligned box.

    A w x h rectangle turned by a has the box W = w cos a + h sin a, H = w sin a + h cos a;
    solving that 2x2 system gives w and h back. Near 45 degrees the system is singular (a turned
    tile's box is a square whichever way the tile lies), so there only w + h is known and it is
    shared out as an upright tile's sides are."""
    cos, sin = abs(np.cos(angle)), abs(np.sin(angle))
    width, height = boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]
    det = cos * cos - sin * sin
    if abs(det) < SQUARE_TILT:
        total = (width + height) / (cos + sin)
        return total * TILE_ASPECT / (1 + TILE_ASPECT), total / (1 + TILE_ASPECT)
    along = (width * cos - height * sin) / det
    across = (height * cos - width * sin) / det
    floor = 0.2 * np.minimum(width, height)
    return np.maximum(along, floor), np.maximum(across, floor)


@dataclass(frozen=True, eq=False)
class RowFrame:
    """Tile centres and sizes in the frame of the rows (tilt removed): ``along`` runs left to
    right on a row, ``across`` from the far row to the near one (for rows at any angle, as the
    photo turned so that they lie level: see row_angle for which way round)."""

    angle: float
    along: np.ndarray
    across: np.ndarray
    length: np.ndarray      # extent along the row
    depth: np.ndarray       # extent across it
    rotated: np.ndarray

    @classmethod
    def of(cls, det: Detections) -> RowFrame:
        angle = row_angle(det.boxes)
        cos, sin = np.cos(angle), np.sin(angle)
        centres = det.centers
        length, depth = upright_sizes(det.boxes, angle)
        return cls(angle, centres[:, 0] * cos + centres[:, 1] * sin,
                   -centres[:, 0] * sin + centres[:, 1] * cos, length, depth, det.rotated)

    def unit(self, index: np.ndarray | None = None) -> tuple[float, float]:
        """Typical upright tile (length, depth); sideways tiles counted the other way round."""
        index = np.arange(len(self.along)) if index is None else np.asarray(index)
        upright = index[~self.rotated[index]]
        if len(upright):
            return float(np.median(self.length[upright])), float(np.median(self.depth[upright]))
        return float(np.median(self.depth[index])), float(np.median(self.length[index]))


def stacked_pairs(det: Detections, frame: RowFrame | None = None) -> dict[int, int]:
    """Sideways tiles stacked on another sideways tile (a promoted kong): {upper: lower}, judged
    in the rows' own frame (level even in a tilted photo): at the same place along the row, one
    tile's depth behind the other."""
    frame = frame or RowFrame.of(det)
    pairs: dict[int, int] = {}
    sideways = np.flatnonzero(det.rotated)
    for upper in sideways:
        for lower in sideways:
            if upper == lower or {upper, lower} & (set(pairs) | set(pairs.values())):
                continue            # a tile is in one pair at most (no chains of three)
            offset = abs(frame.along[upper] - frame.along[lower])
            behind = frame.across[lower] - frame.across[upper]
            if offset < 0.5 * min(frame.length[upper], frame.length[lower]) \
                    and 0.6 * frame.depth[lower] <= behind <= 1.5 * frame.depth[lower]:
                pairs[int(upper)] = int(lower)
    return pairs


def find_rows(det: Detections, options: LayoutOptions = LayoutOptions(),
              frame: RowFrame | None = None) -> list[list[int]]:
    """Tile indexes per row, rows far to near (top to bottom), each row left to right."""
    if len(det) == 0:
        return []
    frame = frame or RowFrame.of(det)
    stacked = stacked_pairs(det, frame)
    _, unit_depth = frame.unit()
    free = [int(i) for i in np.argsort(frame.across, kind="stable") if int(i) not in stacked]
    rows: list[list[int]] = []
    for index in free:
        if rows and frame.across[index] - np.mean(frame.across[rows[-1]]) <= options.row * unit_depth:
            rows[-1].append(index)
        else:
            rows.append([index])
    row_of = {index: number for number, row in enumerate(rows) for index in row}
    for upper, lower in stacked.items():
        rows[row_of[lower]].append(upper)
    return [sorted(row, key=lambda i: (frame.along[i], frame.across[i])) for row in rows]


SIDEWAYS_LENGTH = 80 / 60    # a tile lying sideways, in upright tile widths along the row


def _spacings(frame: RowFrame, row: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """Centre-to-centre distances along the row, and what they would be for touching tiles in
    upright tile widths (1 between upright tiles, 7/6 next to a sideways one)."""
    half = np.where(frame.rotated[list(row)], SIDEWAYS_LENGTH / 2, 0.5)
    return np.diff(frame.along[list(row)]), half[:-1] + half[1:]


def row_gaps(frame: RowFrame, row: Sequence[int]) -> np.ndarray:
    """The gap after each tile of a row but the last, in upright tile widths.

    Measured between centres, not box edges: in a low, oblique photo each box is widened by the
    tile's slant and neighbouring boxes overlap, while centres stay evenly spaced. The width unit
    is the spacing of touching tiles, which shrinks along a receding row, so it is fitted as a
    line along the row to the pairs that touch (found by refitting: gaps stand out above the
    line). Box sizes cannot stand in for it (slant and the tiles' sides distort them), so a row
    with a single spacing has nothing to compare it with and reads as one group."""
    spacing, nominal = _spacings(frame, row)
    ratio = spacing / nominal
    usable = ratio > 0.5                        # a tile stacked on another is no spacing
    if usable.sum() < 2:
        return np.zeros(len(spacing))
    typical = float(np.median(ratio[usable]))   # gaps are the minority of spacings
    usable &= ratio > 0.7 * typical             # nor is a doubled or shifted box's
    along = frame.along[list(row)]
    middle = (along[:-1] + along[1:]) / 2
    touching = usable & (ratio < 1.15 * typical)
    if not touching.any():
        return np.zeros(len(spacing))
    for _ in range(6):
        if touching.sum() >= 4:
            slope, intercept = np.polyfit(middle[touching], ratio[touching], 1)
            unit = np.maximum(intercept + slope * middle, 1e-6)
        else:
            unit = np.full(len(spacing), float(np.median(ratio[touching])))
        again = usable & (ratio / unit < 1.12)
        if not again.any() or (again == touching).all():
            break
        touching = again
    return spacing / unit - nominal


def split_groups(frame: RowFrame, row: Sequence[int],
                 options: LayoutOptions = LayoutOptions()) -> list[list[int]]:
    """Split one row (left to right) where the gap exceeds ``options.gap`` tile widths."""
    if not row:
        return []
    gaps = row_gaps(frame, row)
    groups = [[row[0]]]
    for tile, gap in zip(row[1:], gaps, strict=True):
        if gap > options.gap:
            groups.append([tile])
        else:
            groups[-1].append(tile)
    return groups


def sideways_scores(boxes: np.ndarray, options: LayoutOptions = LayoutOptions()) -> np.ndarray:
    """How much each box looks like a tile lying sideways, from its shape against its row
    neighbours (up to three each side): 0.1 log(width ratio) + 0.9 log(inverse height ratio).

    A sideways tile is longer along the row (80 vs 60) and shallower across it (60 vs 80); in a
    low, oblique photo slant widens every box alike, so height carries most of the signal.
    Weights and the 0.05 decision point were fitted on generated scenes (1.3% of tiles wrong
    from shape alone), which is why the detector also asks the classifier (see vision.detect)."""
    scores = np.zeros(len(boxes))
    if len(boxes) < 2:
        return scores
    det = Detections(boxes, np.zeros(len(boxes)), np.ones(len(boxes)), np.zeros(len(boxes)),
                     np.zeros(len(boxes)))
    widths, heights = det.widths, det.heights
    for row in find_rows(det, options):
        for position, tile in enumerate(row):
            around = row[max(0, position - 3):position] + row[position + 1:position + 4]
            if len(around) < 2:
                continue
            width_ratio = widths[tile] / np.median(widths[around])
            height_ratio = np.median(heights[around]) / max(heights[tile], 1e-6)
            scores[tile] = 0.1 * np.log(width_ratio) + 0.9 * np.log(height_ratio)
    return scores


def stray_rows(det: Detections, rows: list[list[int]], frame: RowFrame,
               options: LayoutOptions = LayoutOptions()) -> list[list[int]]:
    """Rows that are no part of the hand: far from its longest row and read with low confidence
    (table patterns, chips and cards mistaken for tiles). A flower row or a row of melds lies
    within about two tile depths of the hand and is read with a tile's confidence."""
    if len(rows) < 2:
        return []
    main = max(rows, key=len)
    _, unit_depth = frame.unit()
    centre = float(np.median(frame.across[main]))
    return [row for row in rows if row is not main
            and abs(float(np.median(frame.across[row])) - centre) > options.stray_distance * unit_depth
            and float(np.mean(det.confidences[row])) < options.stray_confidence]


def reading_order(det: Detections, options: LayoutOptions = LayoutOptions()) -> np.ndarray:
    """Indexes that put detections in reading order (rows far to near, left to right)."""
    return np.array([i for row in find_rows(det, options) for i in row], dtype=np.int64)


# -- sets ---------------------------------------------------------------------------------------

def meld_kind(tiles: Sequence[Tile], *, stacked: bool = False) -> str | None:
    """'chi', 'pon', 'kan' or 'kakan' for called tiles, or None when they form no legal set."""
    kinds = sorted(tile.kind for tile in tiles)
    if any(is_bonus(kind) for kind in kinds):
        return None
    if len(kinds) == 3 and len(set(kinds)) == 1:
        return "pon"
    if len(kinds) == 3 and is_suited(kinds[0]) and kinds[0] % 9 <= 6 \
            and kinds == [kinds[0], kinds[0] + 1, kinds[0] + 2]:
        return "chi"
    if len(kinds) == 4 and len(set(kinds)) == 1:
        return "kakan" if stacked else "kan"
    return None


@dataclass
class _Reading:
    """Working state of ``read_layout``; nothing outside this module sees it."""

    groups: list[Group] = field(default_factory=list)
    concealed: list[int] = field(default_factory=list)
    melds: list[str] = field(default_factory=list)
    flowers: list[int] = field(default_factory=list)
    ambiguities: list[Ambiguity] = field(default_factory=list)

    def doubt(self, kind: str, message: str, tiles: Sequence[int] = ()) -> None:
        self.ambiguities.append(Ambiguity(kind, message, tuple(int(t) for t in tiles)))


def group_sideways(frame: RowFrame, group: Sequence[int]) -> tuple[int, float]:
    """The tile of a group that most looks sideways against its own group mates, and by how much
    (the shape score of ``sideways_scores``, but against the two or three tiles of the same set
    rather than row neighbours, which may belong to other sets and lie at other depths), in the
    rows' own frame (a tile's extent along and across its row, whatever the photo's angle)."""
    index = np.asarray(group)
    lengths, depths = frame.length[index], frame.depth[index]
    best, best_score = int(index[0]), -np.inf
    for k, tile in enumerate(index):
        mates = np.delete(np.arange(len(index)), k)
        score = 0.1 * np.log(lengths[k] / np.median(lengths[mates])) \
            + 0.9 * np.log(np.median(depths[mates]) / max(depths[k], 1e-6))
        if score > best_score:
            best, best_score = int(tile), float(score)
    return best, best_score


ROW_END = 1.0   # the gap counted at either end of a row: nothing lies beyond it


def sets_around_sideways(frame: RowFrame, row: Sequence[int], groups: list[list[int]], codes: list[str],
                         det: Detections, reading: _Reading,
                         options: LayoutOptions = LayoutOptions()) -> list[list[int]]:
    """The row's groups with their borders moved so that each sideways tile lies in a legal set.

    A sideways tile is a called tile, so it belongs to a chi, pon or kong of three or four tiles
    laid together. Gaps alone sometimes split such a set (a sideways tile's box is off centre in
    a slanted photo) or join it to the next one (the gap after a called set is as narrow as a
    quarter tile). So when a sideways tile's group is no legal set, every run of three or four
    tiles of the row around it that is one is tried, and the run whose ends show the widest gaps
    and whose inside the narrowest is taken; a run needing a cut between touching tiles
    (``options.min_cut``) is never taken. Each move is said in a doubt."""
    if not any(det.rotated[i] for i in row):
        return groups
    gaps = row_gaps(frame, row)
    edge = np.concatenate([[ROW_END], gaps, [ROW_END]])     # edge[k]: the gap before row[k]
    where = {tile: k for k, tile in enumerate(row)}
    borders = {where[group[0]] for group in groups} | {len(row)}

    def settled(start: int, stop: int) -> bool:
        return start in borders and stop in borders and all(k not in borders for k in range(start + 1, stop))

    def legal(start: int, stop: int) -> bool:
        tiles = [row[k] for k in range(start, stop)]
        if any(codes[i] == BACK or det.face_down[i] or codes[i].endswith("f") for i in tiles):
            return False
        return meld_kind([parse_tile(codes[i]) for i in tiles]) is not None

    fixed: set[int] = set()      # positions already in a set this function made or kept
    for k, tile in enumerate(row):
        if not det.rotated[tile] or k in fixed:
            continue
        start = max(b for b in borders if b <= k)
        stop = min(b for b in borders if b > k)
        if stop - start in (3, 4) and legal(start, stop):
            fixed.update(range(start, stop))
            continue
        best, best_score = None, -np.inf
        for size in (3, 4):
            for first in range(max(0, k - size + 1), min(k, len(row) - size) + 1):
                last = first + size
                if fixed & set(range(first, last)) or not legal(first, last):
                    continue
                cuts = [edge[b] for b in (first, last) if b not in borders]
                if any(cut < options.min_cut for cut in cuts):
                    continue
                score = edge[first] + edge[last] - 2 * float(np.max(edge[first + 1:last]))
                if score > best_score:
                    best, best_score = (first, last), score
        if best is None:
            continue
        first, last = best
        if not settled(first, last):
            was = [[codes[i] for i in group] for group in groups if where[group[0]] < last
                   and where[group[-1]] >= first]
            borders = (borders - set(range(first + 1, last))) | {first, last}
            run = [row[j] for j in range(first, last)]
            reading.doubt("regrouped", f"{' '.join(codes[i] for i in run)} taken as one called set around "
                                       f"the sideways tile {tile} (laid as "
                                       f"{' | '.join(' '.join(g) for g in was)})", run)
        fixed.update(range(first, last))
    cuts = sorted(borders)
    return [[row[j] for j in range(a, b)] for a, b in zip(cuts[:-1], cuts[1:], strict=True)]


def backs_apart(group: list[int], codes: list[str], det: Detections, reading: _Reading) -> list[list[int]]:
    """A group with face-down tiles in it, as the groups it stands for.

    Face-down tiles belong to a concealed kong: four tiles, the face-down ones at its ends. A group
    of up to four is left whole (``_classify_group`` reads it). In a longer one, the kong was laid
    too close to its neighbours: a run of four whose face-down tiles are its ends and whose shown
    tiles are alike is cut out. A face-down tile that is in no such run is no tile of the hand (a
    gap between tiles on a dark table reads like a tile's back): it is left out, with a doubt."""
    backs = [k for k, i in enumerate(group) if codes[i] == BACK or det.face_down[i]]
    if not backs or len(group) <= 4:
        return [group]
    for first in range(len(group) - 3):
        run = list(range(first, first + 4))
        inside = [k for k in backs if first <= k < first + 4]
        shown = {parse_tile(codes[group[k]]).kind for k in run if k not in inside}
        if inside and set(inside) <= {first, first + 3} and len(shown) == 1:
            before, after = group[:first], group[first + 4:]
            return (backs_apart(before, codes, det, reading) if before else []) + [group[first:first + 4]] \
                + (backs_apart(after, codes, det, reading) if after else [])
    left_out = [group[k] for k in backs]
    _leave_out_backs(left_out, group, codes, reading)
    return [[i for i in group if i not in left_out]]


def _leave_out_backs(backs: Sequence[int], group: Sequence[int], codes: list[str], reading: _Reading) -> None:
    """Say that face-down boxes in no concealed kong are left out of the hand."""
    reading.doubt("face_down", f"face-down tile{'s' if len(backs) > 1 else ''} in no concealed kong "
                               f"({' '.join(codes[i] for i in group)}): left out (a gap or a shadow?)",
                  backs)


def _concealed_kong(group: Sequence[int], shown: Sequence[int], faces: set[str], codes: list[str],
                    reading: _Reading) -> None:
    """Record a concealed kong from the tiles of it that show (its face-down ends give no kind).
    With fewer than four tiles seen, the missing ones were face down and missed: said in a doubt."""
    kind_tile = parse_tile(max(faces))   # a plain five rather than its red copy ('5m' > '0m')
    tiles = [parse_tile(codes[i]) for i in shown] + [kind_tile] * (4 - len(shown))
    reading.melds.append(f"ankan:{format_tiles(tiles)}")
    reading.groups.append(Group(MELD, tuple(group), "ankan"))
    if len(group) < 4:
        reading.doubt("kong_seen_in_part", f"concealed kong of {kind_tile.code}: only {len(group)} of its "
                                           "four tiles were seen", group)


def _classify_group(group: list[int], codes: list[str], det: Detections, frame: RowFrame, stacked: set[int],
                    reading: _Reading, options: LayoutOptions) -> tuple[str, list[int]]:
    """Record a meld, or say where the group's tiles go: ('candidate', tiles) for an unmarked group
    (concealed, or the winning tile), ('concealed', tiles) for called tiles that are no set."""
    backs = [i for i in group if codes[i] == BACK or det.face_down[i]]
    shown = [i for i in group if i not in backs]
    if backs:
        faces = {codes[i] for i in shown}
        if 3 <= len(group) <= 4 and len({parse_tile(code).kind for code in faces}) == 1:
            _concealed_kong(group, shown, faces, codes, reading)
            return "done", []
        if len(group) == 4 and not shown:
            reading.doubt("face_down", "face-down tiles: all four are face down: which tile is it?", group)
            reading.groups.append(Group(MELD, tuple(group)))
            return "done", []
        # a kong shows three or four tiles: a lone face-down box, or one beside a single tile, is
        # most often a gap or a shadow read as a tile's back
        _leave_out_backs(backs, group, codes, reading)
        return ("candidate", shown) if shown else ("done", [])
    sideways = [i for i in group if det.rotated[i]]
    if not sideways and options.set_sideways is not None and len(group) in (3, 4) \
            and meld_kind([parse_tile(codes[i]) for i in group]) is not None:
        # a set laid apart whose one tile is clearly shallower than its mates: a called meld
        # whose sideways tile the detector's row-wide comparison missed
        tile, score = group_sideways(frame, group)
        if score >= options.set_sideways:
            sideways = [tile]
    if sideways and len(group) not in (3, 4):
        # a meld has three or four tiles: in any other group the mark is a misreading
        reading.doubt("sideways", f"tile {sideways[0]} looks sideways in a group of {len(group)} "
                                  "tiles, which is no meld; read as concealed", sideways)
        return "candidate", group
    if sideways:
        tiles = [parse_tile(codes[i]) for i in group]
        kind = meld_kind(tiles, stacked=bool(stacked & set(group)))
        if kind is None:
            reading.doubt("illegal_set", f"called tiles {' '.join(codes[i] for i in group)} are no "
                                         "legal set (chi, pon or kan)", group)
            return "concealed", group
        reading.melds.append(f"{kind}:{format_tiles(tiles)}")
        reading.groups.append(Group(MELD, tuple(group), kind))
        return "done", []
    return "candidate", group


def read_layout(det: Detections, options: LayoutOptions = LayoutOptions()) -> Layout:
    """The whole reading of one image's detections (see the module doc for the conventions)."""
    codes = det.codes
    reading = _Reading()
    frame = RowFrame.of(det)
    stacked = set(stacked_pairs(det, frame))
    candidates: list[list[int]] = []         # groups of concealed tiles, in reading order
    not_winning: set[int] = set()            # sideways tiles that form no set: never the winning tile
    rows = find_rows(det, options, frame)
    for row in stray_rows(det, rows, frame, options):
        reading.doubt("stray", f"{len(row)} faint detection{'s' if len(row) > 1 else ''} away from the "
                               f"hand ({' '.join(codes[i] for i in row)}) left out", row)
        rows.remove(row)
    row_of: dict[int, int] = {}
    for number, row in enumerate(rows):
        bonus = [i for i in row if codes[i].endswith("f")]
        if bonus:
            reading.flowers.extend(bonus)
            reading.groups.append(Group(BONUS, tuple(bonus)))
        playing = [i for i in row if i not in bonus]
        row_of.update({i: number for i in playing})
        groups = split_groups(frame, playing, options)
        if options.regroup:
            groups = sets_around_sideways(frame, playing, groups, codes, det, reading, options)
        for group in [part for laid in groups for part in backs_apart(laid, codes, det, reading) if part]:
            where, tiles = _classify_group(group, codes, det, frame, stacked, reading, options)
            if where != "done":
                candidates.append(tiles)
                if where == "concealed":
                    not_winning.update(tiles)
    win, concealed_groups = _winning_tile(candidates, not_winning, codes, reading)
    if options.melds_apart:
        concealed_groups = _melds_apart(concealed_groups, win, row_of, frame, codes, reading)
    for group in concealed_groups:
        reading.concealed.extend(group)
        reading.groups.append(Group(CONCEALED, tuple(group)))
    _promote_concealed_kongs(reading, codes, win)
    if win is not None:
        reading.groups.append(Group(WINNING_TILE, (win,)))
    hand = _hand_dict(reading, codes, win)
    _check(det, codes, hand, reading, options)
    order = {id(group): n for n, group in enumerate(reading.groups)}
    groups = sorted(reading.groups, key=lambda group: (min(group.tiles, default=0), order[id(group)]))
    return Layout(tuple(groups), hand, tuple(reading.ambiguities))


def _winning_tile(candidates: list[list[int]], not_winning: set[int], codes: list[str],
                  reading: _Reading) -> tuple[int | None, list[list[int]]]:
    """The single tile laid apart, and the concealed groups without it. With several singles the
    last in reading order is taken; with none, the last tile of the row (players add the winning
    tile at the end); both with a doubt."""
    singles = [group[0] for group in candidates if len(group) == 1 and group[0] not in not_winning]
    if len(singles) > 1:
        reading.doubt("winning_tile", f"{len(singles)} single tiles are laid apart "
                                      f"({', '.join(codes[i] for i in singles)}); the last is taken "
                                      "as the winning tile", singles)
    if singles:
        return singles[-1], [group for group in candidates if group != [singles[-1]]]
    eligible = [number for number, group in enumerate(candidates) if group[-1] not in not_winning]
    if not eligible:
        return None, candidates
    number = eligible[-1]
    win = candidates[number][-1]
    reading.doubt("no_winning_tile", f"no tile is laid apart as the winning tile; the last tile of "
                                     f"the row ({codes[win]}) is taken", [win])
    rest = candidates[:number] + [candidates[number][:-1]] + candidates[number + 1:]
    return win, rest


def _melds_apart(groups: list[list[int]], win: int | None, row_of: dict[int, int], frame: RowFrame,
                 codes: list[str], reading: _Reading) -> list[list[int]]:
    """Sets in the melds' place are melds even when no tile was seen sideways: players lay the
    concealed tiles in one run and the winning tile at its end, and put their melds after it or
    in a row of their own. So a legal set laid apart after the winning tile, or in another row
    than the longest run, is read as a called meld, with a doubt to confirm it."""
    if not groups:
        return groups
    main = max(groups, key=len)
    main_row = row_of.get(main[0])
    kept = []
    for group in groups:
        tiles = [parse_tile(codes[i]) for i in group]
        after_win = win is not None and row_of.get(win) == row_of.get(group[0]) \
            and frame.along[group[0]] > frame.along[win]
        apart = row_of.get(group[0]) != main_row or after_win
        if group is not main and apart and len(group) == 2 and tiles[0].kind == tiles[1].kind:
            # a pair alone is no meld: the two shown tiles of a concealed kong, ends unseen
            _concealed_kong(group, group, {codes[i] for i in group}, codes, reading)
            continue
        kind = meld_kind(tiles) if group is not main and len(group) in (3, 4) and apart else None
        if kind is None:
            kept.append(group)
            continue
        reading.melds.append(f"{kind}:{format_tiles(tiles)}")
        reading.groups.append(Group(MELD, tuple(group), kind))
        reading.doubt("meld_apart", f"{' '.join(codes[i] for i in group)} lies apart where melds go but "
                                    "no tile of it was seen sideways: read as a called meld", group)
    return kept


def _promote_concealed_kongs(reading: _Reading, codes: list[str], win: int | None) -> None:
    """Four identical tiles laid apart and shown face up, in a hand one tile too long per such
    group, are a concealed kong shown open (common in Chinese games): count them as one. Too long
    whatever the game's hand size: a hand of sets and a pair has 3n + 2 tiles plus one per kong
    (14 or 17 and the like), so a count of 3n or 3n + 1 beyond the kongs has one or two too many."""
    total = sum(len(group.tiles) for group in reading.groups if group.kind != BONUS) + (win is not None)
    kongs = sum(meld.startswith(("kan", "ankan", "kakan")) for meld in reading.melds)
    for number, group in enumerate(reading.groups):
        if (total - kongs) % 3 == 2 or total - kongs < 14:
            return
        if group.kind != CONCEALED or len(group.tiles) != 4:
            continue
        tiles = [parse_tile(codes[i]) for i in group.tiles]
        if len({tile.kind for tile in tiles}) == 1:
            reading.groups[number] = Group(MELD, group.tiles, "ankan")
            reading.melds.append(f"ankan:{format_tiles(tiles)}")
            reading.concealed = [i for i in reading.concealed if i not in group.tiles]
            kongs += 1


def _hand_dict(reading: _Reading, codes: list[str], win: int | None) -> dict[str, Any]:
    """The engine input object: concealed tiles sorted with the winning tile written last."""
    rest = format_tiles(parse_tile(codes[i]) for i in reading.concealed) if reading.concealed else ""
    hand: dict[str, Any] = {"hand": rest + (codes[win] if win is not None else ""),
                            "melds": list(reading.melds)}
    if win is not None:
        hand["win_tile"] = codes[win]
    hand["flowers"] = format_tiles(parse_tile(codes[i]) for i in reading.flowers)
    return hand


def _check(det: Detections, codes: list[str], hand: dict[str, Any], reading: _Reading,
           options: LayoutOptions) -> None:
    """Low confidence, five of a kind, and whatever the engine says about the hand's shape."""
    for i in np.flatnonzero(det.confidences < options.low_confidence):
        reading.doubt("low_confidence", f"tile {i} read as {codes[i]} with confidence "
                                        f"{det.confidences[i]:.2f}", [i])
    by_kind: dict[int, list[int]] = {}
    for i, code in enumerate(codes):
        if code != BACK:
            by_kind.setdefault(parse_tile(code).kind, []).append(i)
    for kind, tiles in by_kind.items():
        limit = 1 if is_bonus(kind) else 4
        if len(tiles) > limit:
            reading.doubt("five_of_a_kind", f"{len(tiles)} tiles read as {CLASS_CODES[kind]}; a set has "
                                            f"{limit}", tiles)
    reds = Counter(code for code in codes if code.startswith("0"))
    for code, count in reds.items():
        if count > 1:
            reading.doubt("five_of_a_kind", f"{count} red fives {code}; a set has one",
                          [i for i, c in enumerate(codes) if c == code])
    if not hand["hand"]:
        reading.doubt("hand", "no concealed tiles were found")
        return
    try:
        hand_from_dict(hand)
    except HandError as error:
        reading.doubt("hand", str(error))
