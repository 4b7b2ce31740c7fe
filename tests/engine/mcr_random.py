"""Seeded random valid MCR hands for the differential test, the diff script and the benchmark.

Each hand is an ``engine score`` input object. The generator covers every shape the engine reads:
chows, pungs, open, added and concealed kongs, Seven Pairs (with Tile Hogs and shifted pairs),
Thirteen Orphans, Greater/Lesser Honors and Knitted Tiles, Knitted Straight, honour-heavy and
one-suit hands, flowers and every MCR situational flag. Hands are only ever legal (at most four of
a kind); flags are only set when the situation can happen (robbing a kong needs a win on discard,
a kong replacement needs a kong and a self-draw, and so on).
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.shapes import KNITTED_SEQUENCES
from engine.core.tiles import KIND_CODES, TERMINALS_AND_HONORS, format_kinds

WINDS = "ESWN"
# Tile pools a hand may be themed on, so that flushes, honour hands and terminal hands turn up.
THEMES = ("any", "any", "any", "one_suit", "half_flush", "two_suits", "terminals", "honors",
          "simples", "green")
GREEN = (19, 20, 21, 23, 25, 32)


def _theme_kinds(rng: random.Random, theme: str) -> list[int]:
    suit = rng.randrange(3) * 9
    if theme == "one_suit":
        return list(range(suit, suit + 9))
    if theme == "half_flush":
        return list(range(suit, suit + 9)) + list(range(27, 34))
    if theme == "two_suits":
        other = (suit + 9 * rng.randrange(1, 3)) % 27
        return list(range(suit, suit + 9)) + list(range(other, other + 9)) + \
            ([] if rng.random() < 0.5 else list(range(27, 34)))
    if theme == "terminals":
        return list(TERMINALS_AND_HONORS) + [k for k in range(27) if k % 9 in (1, 2, 6, 7)]
    if theme == "honors":
        return list(range(27, 34)) + [k for k in range(27) if k % 9 in (0, 8)]
    if theme == "simples":
        return [k for k in range(27) if 1 <= k % 9 <= 7]
    if theme == "green":
        return list(GREEN) + [k for k in range(18, 27)]
    return list(range(34))


def _pick_set(rng: random.Random, pool: list[int], kinds: list[int], allow_chow: bool = True):
    """A ('chow'|'pung', first) set whose tiles are still in the pool, or None."""
    for _ in range(30):
        kind = rng.choice(kinds)
        if allow_chow and kind < 27 and kind % 9 <= 6 and rng.random() < 0.55:
            if all(pool[kind + i] > 0 for i in range(3)):
                for i in range(3):
                    pool[kind + i] -= 1
                return ("chow", kind)
        elif pool[kind] >= 3:
            pool[kind] -= 3
            return ("pung", kind)
    return None


def random_hand(rng: random.Random) -> dict[str, Any]:
    """One random valid hand as an ``engine score`` input object (rules "mcr")."""
    while True:
        roll = rng.random()
        if roll < 0.01:
            hand = _nine_gates(rng)
        elif roll < 0.08:
            hand = _seven_pairs(rng)
        elif roll < 0.11:
            hand = _thirteen_orphans(rng)
        elif roll < 0.15:
            hand = _honors_knitted(rng)
        elif roll < 0.21:
            hand = _knitted_straight(rng)
        else:
            hand = _regular(rng)
        if hand is not None:
            return _context(rng, hand)


def _template(rng: random.Random) -> tuple[list[tuple[str, int]], int | None]:
    """Fixed sets (and maybe the pair) of a rare pattern; random sets fill up to four."""
    suit, other, third = (9 * s for s in rng.sample(range(3), 3))
    kind = rng.randrange(6)
    if kind == 0:   # Pure Terminal Chows
        return [("chow", suit), ("chow", suit), ("chow", suit + 6), ("chow", suit + 6)], suit + 4
    if kind == 1:   # Three-Suited Terminal Chows
        return [("chow", suit), ("chow", suit + 6), ("chow", other), ("chow", other + 6)], third + 4
    if kind == 2:   # All Fives (mostly)
        sets = [rng.choice((("chow", s + rng.randrange(2, 5)), ("pung", s + 4)))
                for s in (rng.choice((suit, other, third)) for _ in range(4))]
        return sets, rng.choice((suit, other, third)) + 4
    if kind == 3:   # straights, pure or mixed
        if rng.random() < 0.5:
            return [("chow", suit), ("chow", suit + 3), ("chow", suit + 6)], None
        return [("chow", suit), ("chow", other + 3), ("chow", third + 6)], None
    if kind == 4:   # the same chow or pung number across suits
        number = rng.randrange(7)
        shape = rng.choice(("chow", "pung"))
        return [(shape, suit + number), (shape, other + number), (shape, third + number)], None
    start = rng.randrange(5)  # shifted chows or pungs in one suit
    step = rng.choice((1, 2)) if start < 3 else 1
    shape = rng.choice(("chow", "pung"))
    return [(shape, suit + start + step * i) for i in range(rng.choice((3, 4)))
            if start + step * i <= (6 if shape == "chow" else 8)], None


def _nine_gates(rng: random.Random) -> dict[str, Any]:
    suit = 9 * rng.randrange(3)
    tiles = [suit] * 3 + [suit + n for n in range(1, 8)] + [suit + 8] * 3 + [suit + rng.randrange(9)]
    return {"concealed": tiles, "melds": []}


def _regular(rng: random.Random) -> dict[str, Any] | None:
    pool = [4] * 34
    kinds = _theme_kinds(rng, rng.choice(THEMES))
    sets: list[tuple[str, int]] = []
    pair = None
    if rng.random() < 0.15:
        sets, pair = _template(rng)
        for shape, first in sets:
            for kind in ([first, first + 1, first + 2] if shape == "chow" else [first] * 3):
                pool[kind] -= 1
        if min(pool) < 0 or (pair is not None and pool[pair] < 2):
            return None
    while len(sets) < 4:
        picked = _pick_set(rng, pool, kinds)
        if picked is None:
            return None
        sets.append(picked)
    if pair is None:
        pair_kinds = [kind for kind in kinds if pool[kind] >= 2]
        if not pair_kinds:
            return None
        pair = rng.choice(pair_kinds)
    pool[pair] -= 2
    melds, concealed = [], [pair, pair]
    meld_rate = rng.choice((0.0, 0.2, 0.5, 0.9))
    for shape, first in sets:
        if shape == "chow":
            if rng.random() < meld_rate:
                melds.append("chi:" + format_kinds([first, first + 1, first + 2]))
            else:
                concealed += [first, first + 1, first + 2]
            continue
        kong = pool[first] >= 1 and rng.random() < 0.25
        if kong:
            pool[first] -= 1
            melds.append(rng.choice(("kan", "ankan", "kakan")) + ":" + format_kinds([first] * 4))
        elif rng.random() < meld_rate:
            melds.append("pon:" + format_kinds([first] * 3))
        else:
            concealed += [first] * 3
    return {"concealed": concealed, "melds": melds}


def _seven_pairs(rng: random.Random) -> dict[str, Any]:
    if rng.random() < 0.15:
        suit = rng.randrange(3) * 9
        start = rng.randrange(3)
        pairs = [suit + start + i for i in range(7)]
    else:
        kinds = _theme_kinds(rng, rng.choice(THEMES))
        pairs = []
        pool = [4] * 34
        while len(pairs) < 7:
            kind = rng.choice(kinds)
            if pool[kind] >= 2 and (kind not in pairs or rng.random() < 0.3):
                pool[kind] -= 2
                pairs.append(kind)
    return {"concealed": [kind for kind in pairs for _ in range(2)], "melds": []}


def _thirteen_orphans(rng: random.Random) -> dict[str, Any]:
    tiles = list(TERMINALS_AND_HONORS) + [rng.choice(TERMINALS_AND_HONORS)]
    return {"concealed": tiles, "melds": []}


def _honors_knitted(rng: random.Random) -> dict[str, Any]:
    sequence = list(rng.choice(KNITTED_SEQUENCES))
    candidates = sequence + list(range(27, 34))
    rng.shuffle(candidates)
    return {"concealed": candidates[:14], "melds": []}


def _knitted_straight(rng: random.Random) -> dict[str, Any] | None:
    sequence = list(rng.choice(KNITTED_SEQUENCES))
    pool = [4] * 34
    for kind in sequence:
        pool[kind] -= 1
    picked = _pick_set(rng, pool, list(range(34)))
    if picked is None:
        return None
    shape, first = picked
    pair = rng.choice([kind for kind in range(34) if pool[kind] >= 2])
    concealed = sequence + [pair, pair]
    melds = []
    set_kinds = [first, first + 1, first + 2] if shape == "chow" else [first] * 3
    roll = rng.random()
    if roll < 0.3:
        melds.append(("chi:" if shape == "chow" else "pon:") + format_kinds(set_kinds))
    elif roll < 0.4 and shape == "pung" and pool[first]:
        melds.append(rng.choice(("kan", "ankan", "kakan")) + ":" + format_kinds([first] * 4))
    else:
        concealed += set_kinds
    return {"concealed": concealed, "melds": melds}


def _context(rng: random.Random, hand: dict[str, Any]) -> dict[str, Any]:
    concealed: list[int] = hand["concealed"]
    melds: list[str] = hand["melds"]
    win = rng.choice(concealed)
    tsumo = rng.random() < 0.45
    all_counts = [0] * 34
    for kind in concealed:
        all_counts[kind] += 1
    for meld in melds:
        for char in meld.split(":")[1][:-1]:
            all_counts[int(char) - 1 + "mpsz".index(meld[-1]) * 9] += 1
    has_kong = any(meld.split(":")[0] in ("kan", "ankan", "kakan") for meld in melds)
    flags = []
    roll = rng.random()
    if roll < 0.12:
        flags.append("last_tile")
    elif roll < 0.30 and tsumo and has_kong:
        flags.append("kong_replacement")
    elif roll < 0.30 and not tsumo and all_counts[win] == 1:
        flags.append("robbing_kong")
    if rng.random() < 0.12 and concealed.count(win) == 1 and "robbing_kong" not in flags:
        flags.append("last_of_kind")
    flowers = rng.sample(range(1, 9), rng.choice((0, 0, 0, 1, 2, 3)))
    return {
        "rules": "mcr",
        "hand": format_kinds(concealed),
        "melds": melds,
        "win_tile": KIND_CODES[win],
        "win_by": "tsumo" if tsumo else "ron",
        "seat_wind": rng.choice(WINDS),
        "round_wind": rng.choice(WINDS),
        "flowers": "".join(str(n) for n in sorted(flowers)) + "f" if flowers else "",
        "flags": flags,
    }


def random_hands(count: int, seed: int = 0) -> list[dict[str, Any]]:
    """``count`` hands from one seeded generator: the same seed gives the same hands."""
    rng = random.Random(seed)
    return [random_hand(rng) for _ in range(count)]
