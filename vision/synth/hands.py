"""Random declared hands laid out like a player lays them on the table, as exact ground truth.

Why: a scene needs a hand that a player could really show (melds are real sets, at most four of a
kind, red fives only as fives), so whole-hand accuracy on synthetic scenes measures what the table
sees. The groups mirror the ``python -m vision read`` JSON (kinds concealed / meld /
winning_tile / bonus) and the engine input (hand, melds, win_tile, flowers).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from engine.core.tiles import KIND_CODES

BACK = "back"


@dataclass
class LaidTile:
    """One tile on the table: its class code as seen (``back`` when face down), and its pose."""

    code: str
    rotated: bool = False
    face_down: bool = False
    true_code: str = ""  # the tile's identity even when face down (concealed kongs)


@dataclass
class LaidGroup:
    kind: str  # concealed | meld | winning_tile | bonus
    tiles: list[LaidTile]
    meld: str = ""  # engine meld text, e.g. "pon:555p", "ankan:1111z"


@dataclass
class LaidHand:
    groups: list[LaidGroup] = field(default_factory=list)
    two_rows: bool = False  # melds on a row of their own, behind the concealed row

    def engine_input(self) -> dict:
        concealed = [
            t.true_code for g in self.groups if g.kind in ("concealed", "winning_tile") for t in g.tiles
        ]
        win = [t.true_code for g in self.groups if g.kind == "winning_tile" for t in g.tiles]
        flowers = [t.true_code for g in self.groups if g.kind == "bonus" for t in g.tiles]
        return {
            "hand": compact(concealed),
            "melds": [g.meld for g in self.groups if g.kind == "meld"],
            "win_tile": win[0] if win else "",
            "flowers": compact(flowers),
        }


def compact(codes: list[str]) -> str:
    """MPSZ text of tile codes, sorted by suit then number (``['1m','2m','5p']`` -> ``12m5p``)."""
    out = []
    for suit in "mpszf":
        digits = sorted((c[0] for c in codes if c[1] == suit), key=lambda d: 5.5 if d == "0" else int(d))
        if digits:
            out.append("".join(digits) + suit)
    return "".join(out)


def _code(kind: int, red: bool) -> str:
    code = KIND_CODES[kind]
    return "0" + code[1] if red else code


KONGS = 0.15   # share of sets drawn as kongs (chows and pungs share the rest 45 : 40)


def random_hand(rng: np.random.Generator, *, red_fives: bool, flowers: bool,
                kongs: float = KONGS, sets: int = 4, melds: bool = True, max_flowers: int = 4) -> LaidHand:
    """Four sets and a pair (a winning shape), some sets declared as melds, a winning tile apart.
    ``kongs``: a recipe may ask for more, to show the detector more face-down tiles. ``sets=5``:
    the Taiwanese 16-tile game's 17-tile win (five sets and a pair), with up to 5 melds.
    ``melds=False``: every set concealed and no kongs (a hand held standing shows no melds).
    ``max_flowers``: up to 8 bonus tiles (the Taiwanese game keeps all eight flowers and seasons)."""
    if sets < 2:
        raise ValueError(f"a laid hand needs at least 2 sets, not {sets}")
    if not melds:
        kongs = 0.0
    # the default's bounds written out, so the recipes made before this option draw the same hands
    chows = 0.45 if kongs == KONGS else 0.45 / 0.85 * (1.0 - kongs)
    counts = [0] * 34
    drawn: list[tuple[str, list[int]]] = []

    def take(kinds: list[int]) -> bool:
        needed: dict[int, int] = {}
        for k in kinds:
            needed[k] = needed.get(k, 0) + 1
        if any(counts[k] + n > 4 for k, n in needed.items()):
            return False
        for k, n in needed.items():
            counts[k] += n
        return True

    while len(drawn) < sets:
        roll = rng.random()
        if roll < chows:
            suit = int(rng.integers(0, 3))
            start = suit * 9 + int(rng.integers(0, 7))
            kinds, shape = [start, start + 1, start + 2], "chow"
        elif roll < 1.0 - kongs:
            k = int(rng.integers(0, 34))
            kinds, shape = [k] * 3, "pung"
        else:
            k = int(rng.integers(0, 34))
            kinds, shape = [k] * 4, "kong"
        if take(kinds):
            drawn.append((shape, kinds))
    while True:
        k = int(rng.integers(0, 34))
        if take([k, k]):
            pair = [k, k]
            break

    reds_left = {4: 1, 13: 1, 22: 1} if red_fives else {}

    def tile_codes(kinds: list[int]) -> list[str]:
        codes = []
        for k in kinds:
            red = reds_left.get(k, 0) > 0 and rng.random() < 0.5
            if red:
                reds_left[k] -= 1
            codes.append(_code(k, red))
        return codes

    # with four sets these are the choices the recipes made before ``sets`` drew from
    n_melds = int(rng.choice([0, 0, 1, 1, 2, 2, *range(3, sets + 1)])) if melds else 0
    hand = LaidHand(two_rows=bool(rng.random() < 0.45) and n_melds > 0)
    concealed_codes: list[str] = []
    declared: list[LaidGroup] = []
    for index, (shape, kinds) in enumerate(drawn):
        codes = tile_codes(kinds)
        if shape == "kong" and (index >= n_melds or rng.random() < 0.4):
            # a concealed kong is always shown: the two end tiles face down
            tiles = [
                LaidTile(BACK if i in (0, 3) else c, face_down=i in (0, 3), true_code=c)
                for i, c in enumerate(codes)
            ]
            declared.append(LaidGroup("meld", tiles, "ankan:" + compact(codes)))
        elif index < n_melds:
            called = int(rng.integers(0, len(codes)))
            tiles = [LaidTile(c, rotated=i == called, true_code=c) for i, c in enumerate(codes)]
            prefix = {"chow": "chi", "pung": "pon", "kong": "kan"}[shape]
            declared.append(LaidGroup("meld", tiles, f"{prefix}:" + compact(codes)))
        else:
            concealed_codes += codes
    concealed_codes += tile_codes(pair)
    win_index = int(rng.integers(0, len(concealed_codes)))
    win_code = concealed_codes.pop(win_index)
    order = sorted(concealed_codes, key=lambda c: ("mpsz".index(c[1]), 5.5 if c[0] == "0" else int(c[0])))
    hand.groups.append(LaidGroup("concealed", [LaidTile(c, true_code=c) for c in order]))
    hand.groups.append(LaidGroup("winning_tile", [LaidTile(win_code, true_code=win_code)]))
    hand.groups += declared
    if flowers and rng.random() < 0.6:
        n = int(rng.integers(1, max_flowers + 1))
        picks = sorted(rng.choice(8, size=n, replace=False))
        codes = [f"{p + 1}f" for p in picks]
        hand.groups.append(LaidGroup("bonus", [LaidTile(c, true_code=c) for c in codes]))
    return hand
