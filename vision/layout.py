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
from typing import Any

import numpy as np

from engine.core.hand import HandError, hand_from_dict
from engine.core.tiles import KIND_CODES, format_tiles, is_bonus, parse_tile
from vision.classes import BACK
from vision.detections import Detections
from vision.layout_types import (
    BONUS,
    CONCEALED,
    MELD,
    WINNING_TILE,
    Ambiguity,
    Group,
    Layout,
    LayoutOptions,
    Reading,
)
from vision.rows import RowFrame, apart_rows, find_rows, split_groups, stacked_pairs, stray_rows
from vision.sets import backs_apart, classify_group, concealed_kong, meld_kind, sets_around_sideways

__all__ = ["BONUS", "CONCEALED", "MELD", "WINNING_TILE", "Ambiguity", "Group", "Layout", "LayoutOptions",
           "read_layout"]


def read_layout(det: Detections, options: LayoutOptions = LayoutOptions()) -> Layout:
    """The whole reading of one image's detections (see the module doc for the conventions)."""
    codes = det.codes
    reading = Reading()
    frame = RowFrame.of(det)
    stacked = set(stacked_pairs(det, frame))
    candidates: list[list[int]] = []         # groups of concealed tiles, in reading order
    not_winning: set[int] = set()            # sideways tiles that form no set: never the winning tile
    rows = find_rows(det, options, frame)
    for row in stray_rows(det, rows, frame, options):
        _left_out(reading, "stray", "faint detection", row, codes)
        rows.remove(row)
    if options.apart_distance is not None:
        for row in apart_rows(rows, frame, options.apart_distance):
            _left_out(reading, "apart", "tile", row, codes)
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
            where, tiles = classify_group(group, codes, det, frame, stacked, reading, options)
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
    _promoteconcealed_kongs(reading, codes, win)
    if win is not None:
        reading.groups.append(Group(WINNING_TILE, (win,)))
    hand = _hand_dict(reading, codes, win)
    _check(det, codes, hand, reading, options)
    order = {id(group): n for n, group in enumerate(reading.groups)}
    groups = sorted(reading.groups, key=lambda group: (min(group.tiles, default=0), order[id(group)]))
    return Layout(tuple(groups), hand, tuple(reading.ambiguities))


def _left_out(reading: Reading, kind: str, noun: str, row: list[int], codes: list[str]) -> None:
    """The doubt of a row left out of the hand (``stray``: faint boxes; ``apart``: other tiles)."""
    listed = " ".join(codes[i] for i in row)
    plural = "s" if len(row) > 1 else ""
    reading.doubt(kind, f"{len(row)} {noun}{plural} away from the hand ({listed}) left out", row,
                  count=len(row), codes=listed)


def _winning_tile(candidates: list[list[int]], not_winning: set[int], codes: list[str],
                  reading: Reading) -> tuple[int | None, list[list[int]]]:
    """The single tile laid apart, and the concealed groups without it. With several singles the
    last in reading order is taken; with none, the last tile of the row (players add the winning
    tile at the end); both with a doubt."""
    singles = [group[0] for group in candidates if len(group) == 1 and group[0] not in not_winning]
    if len(singles) > 1:
        reading.doubt("winning_tile", f"{len(singles)} single tiles are laid apart "
                                      f"({', '.join(codes[i] for i in singles)}); the last is taken "
                                      "as the winning tile", singles,
                      count=len(singles), codes=" ".join(codes[i] for i in singles))
    if singles:
        return singles[-1], [group for group in candidates if group != [singles[-1]]]
    eligible = [number for number, group in enumerate(candidates) if group[-1] not in not_winning]
    if not eligible:
        return None, candidates
    number = eligible[-1]
    win = candidates[number][-1]
    reading.doubt("no_winning_tile", f"no tile is laid apart as the winning tile; the last tile of "
                                     f"the row ({codes[win]}) is taken", [win], tile=codes[win])
    rest = candidates[:number] + [candidates[number][:-1]] + candidates[number + 1:]
    return win, rest


def _melds_apart(groups: list[list[int]], win: int | None, row_of: dict[int, int], frame: RowFrame,
                 codes: list[str], reading: Reading) -> list[list[int]]:
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
            concealed_kong(group, group, {codes[i] for i in group}, codes, reading)
            continue
        kind = meld_kind(tiles) if group is not main and len(group) in (3, 4) and apart else None
        if kind is None:
            kept.append(group)
            continue
        reading.melds.append(f"{kind}:{format_tiles(tiles)}")
        reading.groups.append(Group(MELD, tuple(group), kind))
        reading.doubt("meld_apart", f"{' '.join(codes[i] for i in group)} lies apart where melds go but "
                                    "no tile of it was seen sideways: read as a called meld", group,
                      codes=" ".join(codes[i] for i in group))
    return kept


def _promoteconcealed_kongs(reading: Reading, codes: list[str], win: int | None) -> None:
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


def _hand_dict(reading: Reading, codes: list[str], win: int | None) -> dict[str, Any]:
    """The engine input object: concealed tiles sorted with the winning tile written last."""
    rest = format_tiles(parse_tile(codes[i]) for i in reading.concealed) if reading.concealed else ""
    hand: dict[str, Any] = {"hand": rest + (codes[win] if win is not None else ""),
                            "melds": list(reading.melds)}
    if win is not None:
        hand["win_tile"] = codes[win]
    hand["flowers"] = format_tiles(parse_tile(codes[i]) for i in reading.flowers)
    return hand


def _check(det: Detections, codes: list[str], hand: dict[str, Any], reading: Reading,
           options: LayoutOptions) -> None:
    """Low confidence, five of a kind, and whatever the engine says about the hand's shape."""
    for i in np.flatnonzero(det.confidences < options.low_confidence):
        reading.doubt("low_confidence", f"tile {i} read as {codes[i]} with confidence "
                                        f"{det.confidences[i]:.2f}", [i],
                      index=int(i), tile=codes[i], confidence=round(float(det.confidences[i]), 2))
    by_kind: dict[int, list[int]] = {}
    for i, code in enumerate(codes):
        if code != BACK:
            by_kind.setdefault(parse_tile(code).kind, []).append(i)
    for kind, tiles in by_kind.items():
        limit = 1 if is_bonus(kind) else 4
        if len(tiles) > limit:
            reading.doubt("five_of_a_kind", f"{len(tiles)} tiles read as {KIND_CODES[kind]}; a set has "
                                            f"{limit}", tiles,
                          count=len(tiles), tile=KIND_CODES[kind], limit=limit)
    reds = Counter(code for code in codes if code.startswith("0"))
    for code, count in reds.items():
        if count > 1:
            reading.doubt("five_of_a_kind", f"{count} red fives {code}; a set has one",
                          [i for i, c in enumerate(codes) if c == code], "red_fives", count=count, tile=code)
    if not hand["hand"]:
        reading.doubt("hand", "no concealed tiles were found", code="no_concealed")
        return
    try:
        hand_from_dict(hand, sets=options.hand_sets)
    except HandError as error:
        # the engine's own code and params, which the pages already write in every language
        reading.doubt("hand", str(error), code=error.code, params=error.params)
