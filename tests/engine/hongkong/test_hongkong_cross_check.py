"""Hong Kong faan against the PyPI package ``hk-mahjong`` on the hands where both follow the table.

hk-mahjong 0.1.0 leaves out Common Hand, Small Dragons and Small Winds, scores Great Dragons and
the 10-faan limit hands as 13, adds the seat flower inside a flower set, and counts Fully
Concealed only without any declared set. The generated hands stay clear of those: at least one
called set, not four chows, at most one dragon pung, at most two wind pungs, no kong, no limit
hand. On the rest both should give the same faan (our option flower_set_replaces_seat=false).
"""

import random

import pytest

from engine.core.hand import hand_from_dict
from engine.core.shapes import CHOW, decompose
from engine.core.tiles import DRAGONS, WINDS, format_kinds
from engine.families import score_json
from engine.families.reading import readings

hk_scoring = pytest.importorskip("hk_mahjong.core.scoring")
hk_tiles = pytest.importorskip("hk_mahjong.core.tiles")
hk_meld = pytest.importorskip("hk_mahjong.core.meld")
hk_win = pytest.importorskip("hk_mahjong.core.win_check")

SUITS = (hk_tiles.Suit.CHARACTERS, hk_tiles.Suit.DOTS, hk_tiles.Suit.BAMBOO)
WIND_ORDER = (hk_tiles.Wind.EAST, hk_tiles.Wind.SOUTH, hk_tiles.Wind.WEST, hk_tiles.Wind.NORTH)
DRAGON_ORDER = (hk_tiles.Dragon.WHITE, hk_tiles.Dragon.GREEN, hk_tiles.Dragon.RED)


def their_tile(kind):
    if kind < 27:
        return hk_tiles.Tile(suit=SUITS[kind // 9], rank=kind % 9 + 1)
    if kind < 31:
        return hk_tiles.Tile(wind=WIND_ORDER[kind - 27])
    if kind < 34:
        return hk_tiles.Tile(dragon=DRAGON_ORDER[kind - 31])
    number = kind - 34
    kind_of = hk_tiles.BonusType.FLOWER if number < 4 else hk_tiles.BonusType.SEASON
    return hk_tiles.Tile(bonus_type=kind_of, bonus_number=number % 4 + 1)


def their_meld(shape, first):
    if shape == CHOW:
        return hk_meld.Meld(hk_meld.MeldType.CHOW, tuple(their_tile(first + i) for i in range(3)))
    return hk_meld.Meld(hk_meld.MeldType.PONG, (their_tile(first),) * 3)


def random_hand(rng):
    while True:
        sets = []
        for _ in range(4):
            if rng.random() < 0.5:
                suit, start = rng.randrange(3), rng.randrange(7)
                sets.append((CHOW, suit * 9 + start))
            else:
                sets.append(("pung", rng.randrange(34)))
        pair = rng.randrange(34)
        counts = [0] * 34
        for shape, first in sets:
            for kind in ((first, first + 1, first + 2) if shape == CHOW else (first,) * 3):
                counts[kind] += 1
        counts[pair] += 2
        pungs = [first for shape, first in sets if shape == "pung"]
        if (max(counts) > 4 or all(shape == CHOW for shape, _ in sets)
                or sum(kind in DRAGONS for kind in pungs) > 1 or sum(kind in WINDS for kind in pungs) > 2
                or all(kind >= 27 for kind, n in enumerate(counts) if n)
                or all(kind < 27 and kind % 9 in (0, 8) for kind, n in enumerate(counts) if n)):
            continue
        called = rng.sample(range(4), rng.randint(1, 4))
        concealed = [pair, pair]
        melds = []
        for index, (shape, first) in enumerate(sets):
            kinds = (first, first + 1, first + 2) if shape == CHOW else (first,) * 3
            if index in called:
                melds.append(("chi:" if shape == CHOW else "pon:") + format_kinds(kinds))
            else:
                concealed.extend(kinds)
        flowers = sorted(rng.sample(range(8), rng.choice((0, 0, 1, 2, 4))))
        request = {"rules": "hongkong", "hand": format_kinds(concealed), "melds": melds,
                   "win_tile": format_kinds([rng.choice(concealed)]),
                   "win_by": rng.choice(("ron", "tsumo")), "seat_wind": rng.choice("ESWN"),
                   "round_wind": rng.choice("ESWN"), "flowers": format_kinds([34 + n for n in flowers]),
                   "flags": [flag for flag in ("robbing_kong", "last_tile") if rng.random() < 0.15],
                   "options": {"flower_set_replaces_seat": False}}
        return request, sets, pair, called, flowers


def test_faan_agree_with_hk_mahjong_on_the_shared_table():
    rng = random.Random(18)
    compared = 0
    for _ in range(400):
        request, sets, pair, called, flowers = random_hand(rng)
        hand = hand_from_dict(request)
        if len(decompose(hand, special=False)) != 1 or len(readings(hand)) != 1:
            continue          # several readings: the package scores one we would have to choose
        ours = score_json(request)
        melds = tuple(their_meld(shape, first) for shape, first in sets)
        exposed = [melds[index] for index in called]
        concealed_tiles = [their_tile(tile.kind) for tile in hand.concealed]
        inside = tuple(meld for meld in melds if meld not in exposed)
        split = hk_win.HandDecomposition(melds=melds, pair=their_tile(pair), concealed_melds=inside)
        context = hk_scoring.ScoringContext(
            decomposition=split,
            exposed_melds=exposed, concealed_tiles=concealed_tiles,
            bonus_tiles=[their_tile(34 + n) for n in flowers], winning_tile=their_tile(hand.win_tile.kind),
            self_drawn=hand.is_tsumo, seat_wind=WIND_ORDER["ESWN".index(request["seat_wind"])],
            prevailing_wind=WIND_ORDER["ESWN".index(request["round_wind"])],
            is_last_tile="last_tile" in request["flags"], is_robbing_kong="robbing_kong" in request["flags"])
        theirs = hk_scoring.score_hand(context)
        assert ours["total"] == theirs.total_faan, (request, ours["items"], theirs.items)
        compared += 1
    assert compared > 300
