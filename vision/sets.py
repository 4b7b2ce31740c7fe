"""The sets of a row: which run of tiles is a called meld (a sideways tile), which a concealed
kong (face-down ends), and which tiles are left for the concealed hand.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from engine.core.tiles import Tile, format_tiles, is_bonus, is_suited, parse_tile
from vision.classes import BACK
from vision.detections import Detections
from vision.layout_types import MELD, Group, LayoutOptions, Reading
from vision.rows import RowFrame, row_gaps


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
                         det: Detections, reading: Reading,
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
                                       f"{' | '.join(' '.join(g) for g in was)})", run,
                          codes=" ".join(codes[i] for i in run), index=int(tile),
                          was=" | ".join(" ".join(g) for g in was))
        fixed.update(range(first, last))
    cuts = sorted(borders)
    return [[row[j] for j in range(a, b)] for a, b in zip(cuts[:-1], cuts[1:], strict=True)]


def backs_apart(group: list[int], codes: list[str], det: Detections, reading: Reading) -> list[list[int]]:
    """A group with face-down tiles in it, as the groups it stands for.

    Face-down tiles belong to a concealed kong: four tiles, the face-down ones at its ends. A group
    of up to four is left whole (``classify_group`` reads it). In a longer one, the kong was laid
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


def _leave_out_backs(backs: Sequence[int], group: Sequence[int], codes: list[str], reading: Reading) -> None:
    """Say that face-down boxes in no concealed kong are left out of the hand."""
    reading.doubt("face_down", f"face-down tile{'s' if len(backs) > 1 else ''} in no concealed kong "
                               f"({' '.join(codes[i] for i in group)}): left out (a gap or a shadow?)",
                  backs, count=len(backs), codes=" ".join(codes[i] for i in group))


def concealed_kong(group: Sequence[int], shown: Sequence[int], faces: set[str], codes: list[str],
                    reading: Reading) -> None:
    """Record a concealed kong from the tiles of it that show (its face-down ends give no kind).
    With fewer than four tiles seen, the missing ones were face down and missed: said in a doubt."""
    kind_tile = parse_tile(max(faces))   # a plain five rather than its red copy ('5m' > '0m')
    tiles = [parse_tile(codes[i]) for i in shown] + [kind_tile] * (4 - len(shown))
    reading.melds.append(f"ankan:{format_tiles(tiles)}")
    reading.groups.append(Group(MELD, tuple(group), "ankan"))
    if len(group) < 4:
        reading.doubt("kong_seen_in_part", f"concealed kong of {kind_tile.code}: only {len(group)} of its "
                                           "four tiles were seen", group,
                      tile=kind_tile.code, count=len(group))


def classify_group(group: list[int], codes: list[str], det: Detections, frame: RowFrame, stacked: set[int],
                    reading: Reading, options: LayoutOptions) -> tuple[str, list[int]]:
    """Record a meld, or say where the group's tiles go: ('candidate', tiles) for an unmarked group
    (concealed, or the winning tile), ('concealed', tiles) for called tiles that are no set."""
    backs = [i for i in group if codes[i] == BACK or det.face_down[i]]
    shown = [i for i in group if i not in backs]
    if backs:
        faces = {codes[i] for i in shown}
        if 3 <= len(group) <= 4 and len({parse_tile(code).kind for code in faces}) == 1:
            concealed_kong(group, shown, faces, codes, reading)
            return "done", []
        if len(group) == 4 and not shown:
            reading.doubt("face_down", "face-down tiles: all four are face down: which tile is it?", group,
                          "all_face_down")
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
                                  "tiles, which is no meld; read as concealed", sideways,
                      index=int(sideways[0]), count=len(group))
        return "candidate", group
    if sideways:
        tiles = [parse_tile(codes[i]) for i in group]
        kind = meld_kind(tiles, stacked=bool(stacked & set(group)))
        if kind is None:
            reading.doubt("illegal_set", f"called tiles {' '.join(codes[i] for i in group)} are no "
                                         "legal set (chi, pon or kan)", group,
                          codes=" ".join(codes[i] for i in group))
            return "concealed", group
        reading.melds.append(f"{kind}:{format_tiles(tiles)}")
        reading.groups.append(Group(MELD, tuple(group), kind))
        return "done", []
    return "candidate", group

