"""The MCR fans of a whole hand's tiles, whatever its reading: suits, terminals and honours, the
tile hog, kongs, and the situational fans (last tile, robbing the kong, self-drawn). They are worked
out once per hand (``hand_facts``) and shared by every reading; the fans of the tile mask's
features are cached on the features.
"""

from __future__ import annotations

from functools import lru_cache

from engine.core.hand import DeclaredHand
from engine.core.shapes import (
    CHOW,
    KONG,
    PUNG,
)
from engine.core.tables import Table
from engine.core.tiles import (
    DRAGONS,
    TERMINALS_AND_HONORS_MASK,
    WINDS,
    kind_mask,
)
from engine.families.mcr.facts import (
    GREEN,
    REVERSIBLE,
    VALUES,
    HandFacts,
    Raw,
    code,
)
from engine.families.mcr.reasons import why


def hand_facts(hand: DeclaredHand, options: dict) -> HandFacts:
    facts = HandFacts()
    counts = [0] * 34
    mask = 0
    for tile in hand.concealed:
        kind = tile.kind
        counts[kind] += 1
        mask |= 1 << kind
    facts.concealed_mask = mask
    open_melds = melded_kongs = concealed_kongs = 0
    if hand.melds:
        all_counts = counts[:]
        sets = []
        for meld in hand.melds:
            meld_kind = meld.kind
            tiles = meld.tiles
            a = tiles[0].kind
            if meld_kind == "chi":
                b, c = tiles[1].kind, tiles[2].kind
                all_counts[a] += 1
                all_counts[b] += 1
                all_counts[c] += 1
                mask |= 1 << a | 1 << b | 1 << c
                sets.append((CHOW, min(a, b, c), meld_kind))
                open_melds += 1
            elif meld_kind == "pon":
                all_counts[a] += 3
                mask |= 1 << a
                sets.append((PUNG, a, meld_kind))
                open_melds += 1
            else:
                all_counts[a] += 4
                mask |= 1 << a
                sets.append((KONG, a, meld_kind))
                if meld_kind == "ankan":
                    concealed_kongs += 1
                else:
                    open_melds += 1
                    melded_kongs += 1
        facts.melds = tuple(sets)
        counts = tuple(counts)
    else:
        counts = all_counts = tuple(counts)
        facts.melds = ()
    facts.counts = counts
    facts.all_counts = all_counts
    facts.win = hand.win_tile.kind
    facts.win_by = hand.win_by
    facts.tsumo = hand.win_by == "tsumo"
    facts.seat_wind = hand.seat_wind
    facts.round_wind = hand.round_wind
    facts.flags = hand.flags
    flowers = 0
    if hand.flowers:
        for tile in hand.flowers:
            flowers |= 1 << tile.kind
    facts.flowers = flowers
    facts.open_melds = open_melds
    facts.closed = open_melds == 0
    facts.melded_kongs = melded_kongs
    facts.concealed_kongs = concealed_kongs
    facts.unique_wait = None
    facts.notes = ()   # most hands have none: a tuple grown only when one is added
    facts.mask = mask
    value_key = int(options.get("two_concealed_kongs", 8))
    facts.values = VALUES[value_key]
    facts.value_key = value_key
    facts.no_knitted_waits = options.get("knitted_straight_waits") is False
    facts.hog_count = 0
    facts.tile_fans = _tile_fans(facts, options)
    return facts


_WIND_MASK = kind_mask(WINDS)
_DRAGON_MASK = kind_mask(DRAGONS)
_REVERSIBLE_MASK = kind_mask(REVERSIBLE)
_GREEN_MASK = kind_mask(GREEN)
_SUIT_NAMES = ("Characters", "Dots", "Bamboo")

# Raw fans whose reason does not depend on the hand, made once (raw entries are shared, never
# changed in place). Tile-range fans over suited numbers come with the mask of the kinds they allow.
_RANGE_FANS = tuple(([key, 1, why("mcr.range", low=low, high=high)],
                     kind_mask(k for k in range(27) if low <= k % 9 + 1 <= high))
                    for key, low, high in (("upper_tiles", 7, 9), ("middle_tiles", 4, 6),
                                           ("lower_tiles", 1, 3), ("upper_four", 6, 9),
                                           ("lower_four", 1, 4), ("all_simples", 2, 8)))


def _suit_fan(suit_bits: int, honors: bool) -> Raw | None:
    """Full Flush, Half Flush, One Voided Suit or All Honors from which suits are present."""
    suits = [suit for suit in range(3) if suit_bits >> suit & 1]
    if len(suits) == 1:
        if honors:
            return ["half_flush", 1, why("mcr.half_flush", suit_name=_SUIT_NAMES[suits[0]])]
        return ["full_flush", 1, why("mcr.full_flush", suit_name=_SUIT_NAMES[suits[0]])]
    if len(suits) == 2:
        missing = _SUIT_NAMES[3 - suits[0] - suits[1]]
        return ["one_voided_suit", 1, why("mcr.one_voided_suit", suit_name=missing)]
    if not suits:
        return ["all_honors", 1, why("mcr.all_honors")]
    return None


# by (suit bits: bit s set when suit s is present) * 2 + (1 if honours)
_SUIT_FANS = tuple(_suit_fan(index >> 1, bool(index & 1)) for index in range(16))
_NO_HONORS = ["no_honors", 1, why("mcr.no_honors")]
_ALL_TERMINALS = ["all_terminals", 1, why("mcr.all_terminals")]
_ALL_TERMINALS_AND_HONORS = ["all_terminals_and_honors", 1, why("mcr.all_terminals_and_honors")]
_ALL_TYPES = ["all_types", 1, why("mcr.all_types")]
_REVERSIBLE = ["reversible_tiles", 1, why("mcr.reversible_tiles")]
_ALL_GREEN = ["all_green", 1, why("mcr.all_green")]
# The fans above depend only on which kinds the hand uses (its mask), through a few features, so
# each part of the mask (characters, dots, bamboo: 9 bits; honours: 7) is looked up in a table and
# the parts' features are ANDed: bits 0-5 the tile ranges of _RANGE_FANS allow the part, bit 6 its
# suited kinds are terminals, bit 7 reversible, bit 8 green; bits 9-11 (12) the suit (the honours)
# is absent; bit 13 the honours lack a wind or a dragon. Parts of other kinds set bits 9-13.
_ABSENT_BITS = 0b11111 << 9


def _part_features(part: int, bits: int) -> int:
    base = 27 if part == 3 else part * 9
    kinds = kind_mask(base + offset for offset in range(9 if part < 3 else 7) if bits >> offset & 1)
    features = 0
    if part < 3:
        for index, (_, allowed) in enumerate(_RANGE_FANS):
            if not kinds & ~allowed:
                features |= 1 << index
        if not kinds & ~TERMINALS_AND_HONORS_MASK:
            features |= 1 << 6
    else:
        features |= 0b1111111
    if not kinds & ~_REVERSIBLE_MASK:
        features |= 1 << 7
    if not kinds & ~_GREEN_MASK:
        features |= 1 << 8
    absent = _ABSENT_BITS
    if part < 3:
        if kinds:
            absent &= ~(1 << (9 + part))
    elif kinds:
        absent &= ~(1 << 12)
        if kinds & _WIND_MASK and kinds & _DRAGON_MASK:
            absent &= ~(1 << 13)
    return features | absent


_PART_FEATURES = tuple(tuple(_part_features(part, bits) for bits in range(512 if part < 3 else 128))
                       for part in range(4))


def _mask_fans(features: int) -> tuple[tuple[Raw, ...], int]:
    """The flush, tile-range, terminal, All Types, Reversible and All Green fans for these mask
    features (entries shared), and the suit of a possible Nine Gates (-1 if none)."""
    suit_bits = ~features >> 9 & 7
    honors = not features >> 12 & 1
    out: list[Raw] = []
    suit_fan = _SUIT_FANS[suit_bits * 2 + (1 if honors else 0)]
    if suit_fan is not None:
        out.append(suit_fan)
    if not honors:
        out.append(_NO_HONORS)
        for index, (entry, _) in enumerate(_RANGE_FANS):
            if features >> index & 1:
                out.append(entry)
    if features >> 6 & 1:
        if not honors:
            out.append(_ALL_TERMINALS)
        elif suit_bits:
            out.append(_ALL_TERMINALS_AND_HONORS)
    if suit_bits == 7 and not features >> 13 & 1:
        out.append(_ALL_TYPES)
    if features >> 7 & 1:
        out.append(_REVERSIBLE)
    if features >> 8 & 1:
        out.append(_ALL_GREEN)
    nine_gates_suit = suit_bits >> 1 if not honors and suit_bits in (1, 2, 4) else -1
    return tuple(out), nine_gates_suit


_MASK_FANS = Table(_mask_fans, 1 << 14)   # by the mask's features: at most 2**14


_NINE_GATES = tuple(["nine_gates", 1, why("mcr.nine_gates", tiles=f"1112345678999{letter}")]
                    for letter in "mps")
_SELF_DRAWN = tuple(["self_drawn", 1, why("mcr.self_drawn", tile=code(kind))] for kind in range(34))


def _tile_fans(facts: HandFacts, options: dict) -> list[Raw]:
    """Fans read from the tiles alone, the melds and the circumstances of the win."""
    mask = facts.mask
    characters, dots, bamboo, honors = _PART_FEATURES
    fans, nine_gates_suit = _MASK_FANS[characters[mask & 0x1FF] & dots[mask >> 9 & 0x1FF]
                                       & bamboo[mask >> 18 & 0x1FF] & honors[mask >> 27]]
    out: list[Raw] = list(fans)
    if nine_gates_suit >= 0 and not facts.melds:
        base = nine_gates_suit * 9
        before = list(facts.counts[base:base + 9])
        before[facts.win - base] -= 1
        if before == [3, 1, 1, 1, 1, 1, 1, 1, 3]:
            out.append(_NINE_GATES[nine_gates_suit])
    all_counts = facts.all_counts
    kongs = facts.melded_kongs + facts.concealed_kongs
    fours = all_counts.count(4)
    if fours > kongs:   # four of a kind, not a kong
        kong_kinds = {first for shape, first, _ in facts.melds if shape == "kong"}
        hogs = []
        start = 0
        for _ in range(fours):   # the kinds held four times, found by C-level searches
            kind = all_counts.index(4, start)
            start = kind + 1
            if kind not in kong_kinds:
                hogs.append(kind)
        if hogs:
            facts.hog_count = len(hogs)
            out.append(_hog_entry(tuple(hogs)))
    if kongs:
        out.extend(_kong_fans(facts, options))
    if facts.tsumo:
        out.append(_SELF_DRAWN[facts.win])
    win = facts.win
    if facts.flags or all_counts[win] - facts.counts[win] == 3:
        _situational_fans(facts, out)
    return out


@lru_cache(maxsize=4096)   # by the kinds held four times without a kong: a small domain
def _hog_entry(hogs: tuple[int, ...]) -> Raw:
    """The Tile Hog entry of these kinds (shared, never changed in place)."""
    return ["tile_hog", len(hogs), why("mcr.tile_hog", tiles=", ".join(code(k) for k in hogs))]


# The kong fans' entries, made once (shared, never changed in place): a hand with melds only picks one.
_FOUR_KONGS = (["four_kongs", 1, why("mcr.four_kongs")],)
_THREE_KONGS = (["three_kongs", 1, why("mcr.three_kongs")],)
_TWO_CONCEALED_KONGS = (["two_concealed_kongs", 1, why("mcr.two_concealed_kongs")],)
_TWO_MELDED_KONGS = (["two_melded_kongs", 1, why("mcr.two_melded_kongs")],)
_MELDED_AND_CONCEALED_KONGS = (["melded_and_concealed_kongs", 1, why("mcr.melded_and_concealed_kongs")],)
_TWO_KONGS_ONE_CONCEALED = (["two_melded_kongs", 1, why("mcr.two_kongs_one_concealed")],
                            ["concealed_kong", 1, why("mcr.concealed_kong_also")])
_CONCEALED_KONG = (["concealed_kong", 1, why("mcr.concealed_kong")],)
_MELDED_KONG = (["melded_kong", 1, why("mcr.melded_kong")],)


def _kong_fans(facts: HandFacts, options: dict) -> tuple[Raw, ...]:
    melded, concealed = facts.melded_kongs, facts.concealed_kongs
    kongs = melded + concealed
    if kongs == 4:
        return _FOUR_KONGS
    if kongs == 3:
        return _THREE_KONGS
    if kongs == 2:
        if concealed == 2:
            return _TWO_CONCEALED_KONGS
        if melded == 2:
            return _TWO_MELDED_KONGS
        if int(options.get("melded_concealed_kongs", 6)) == 5:
            return _MELDED_AND_CONCEALED_KONGS
        return _TWO_KONGS_ONE_CONCEALED
    if concealed:
        return _CONCEALED_KONG
    if melded:
        return _MELDED_KONG
    return ()


# The situational fans' entries, made once (per winning kind where the reason names it).
_LAST_TILE_DRAW = ["last_tile_draw", 1, why("mcr.last_tile_draw")]
_LAST_TILE_CLAIM = ["last_tile_claim", 1, why("mcr.last_tile_claim")]
_REPLACEMENT = ["out_with_replacement_tile", 1, why("mcr.out_with_replacement_tile")]
_ROBBING = tuple(["robbing_the_kong", 1, why("mcr.robbing_the_kong", tile=code(kind))] for kind in range(34))
_LAST_OF_KIND_MELDED = tuple(["last_tile", 1, why("mcr.last_tile_in_melds", tile=code(kind))]
                             for kind in range(34))
_LAST_OF_KIND_SEEN = tuple(["last_tile", 1, why("mcr.last_tile_visible", tile=code(kind))]
                           for kind in range(34))


def _situational_fans(facts: HandFacts, out: list[Raw]) -> None:
    """The fans from the flags and from the other copies of the winning tile (Self-Drawn aside)."""
    flags = facts.flags
    win = facts.win
    if "last_tile" in flags:
        if facts.tsumo:
            out.append(_LAST_TILE_DRAW)
        else:
            out.append(_LAST_TILE_CLAIM)
    if "kong_replacement" in flags:
        if facts.tsumo and facts.melded_kongs + facts.concealed_kongs:
            out.append(_REPLACEMENT)
        else:
            facts.notes += ("kong_replacement needs a self-drawn win and a kong",)
    if "robbing_kong" in flags:
        if not facts.tsumo and facts.all_counts[win] == 1:
            out.append(_ROBBING[win])
        else:
            facts.notes += ("robbing_kong needs a win on discard and no other copy of the tile",)
    visible = facts.all_counts[win] - facts.counts[win]
    if "last_of_kind" in flags or (visible == 3 and "robbing_kong" not in flags):
        if facts.counts[win] == 1 and visible == 3 and "last_of_kind" not in flags:
            out.append(_LAST_OF_KIND_MELDED[win])
        elif facts.counts[win] == 1:
            out.append(_LAST_OF_KIND_SEEN[win])
        else:
            facts.notes += (f"last_of_kind: another {code(win)} is concealed in the hand",)
