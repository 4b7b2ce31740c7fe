"""MCR fan detection: the predicates over one reading of a hand, and the counting principles.

``mcr.score_hand`` asks ``readings`` for every decomposition of a hand and ``score_reading`` for
the points of each; this module finds the candidate fans (with the sets or tiles that make them)
and removes what the principles forbid:

* non-repeat: a fan drops the fans its definition implies (the ``excludes`` lists in
  ``mcr_fans``), read from the highest fan down so that a dropped fan drops nothing itself;
* non-separation, non-identical and account-once: the fans made of 2-4 chows or pungs are chosen
  by a small search over the sets (``mcr_combinations.best_set_fans``), cached on the sets;
* take the highest: the caller keeps the best reading.

Scoring reads every hand, so what depends on a small part of it only is worked out once and shared
by every hand with that part (never keyed on a whole hand): the fans of the tile mask's features,
of the honour pungs, of sets' first tiles, the non-repeat outcome of a list of fans, and the
written-out items and exclusions (fan, value, count and the sets in the reason). Raw fan entries
in those caches are shared between hands and never changed in place.
"""

from __future__ import annotations

from functools import cache, lru_cache
from operator import itemgetter

from engine.core.hand import DeclaredHand
from engine.core.result import Excluded, Item
from engine.core.shapes import (
    CHOW,
    HONORS_KNITTED,
    KNITTED_STRAIGHT,
    KONG,
    PAIR,
    PUNG,
    REGULAR,
    SEVEN_PAIRS,
    THIRTEEN_ORPHANS,
)
from engine.core.tiles import (
    DRAGONS,
    GREEN_TILES,
    KIND_CODES,
    TERMINALS_AND_HONORS,
    TERMINALS_AND_HONORS_MASK,
    WINDS,
    format_kinds,
    kind_mask,
    kind_name,
)
from engine.families.mcr.combinations import best_set_fans
from engine.families.mcr.fans import FANS, ORDER
from engine.families.mcr.readings import readings as all_readings
from engine.families.mcr.waits import is_unique_wait

REVERSIBLE = frozenset([9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31])  # 1234589p 245689s 5z
GREEN = frozenset(GREEN_TILES)
TH = frozenset(TERMINALS_AND_HONORS)
WIND_SET = frozenset(WINDS)
DRAGON_SET = frozenset(DRAGONS)
RANK = {key: index for index, key in enumerate(ORDER)}
RANK["melded_and_concealed_kongs"] = RANK["two_melded_kongs"]
EXCLUDES = {key: fan.excludes for key, fan in FANS.items()}
EXCLUDES["melded_and_concealed_kongs"] = ("concealed_kong", "melded_kong")
NAMES = {key: fan.name for key, fan in FANS.items()}
NAMES["melded_and_concealed_kongs"] = "Melded and Concealed Kongs"
COVERS = {key: fan.covers_pungs for key, fan in FANS.items() if fan.covers_pungs}

# A set in a reading: (shape, first kind, meld kind or None); shape is "chow", "pung" or "kong".
# A raw fan: [fan key, count, why, (pung kinds it accounts for)]; why is text or (function, args).
Raw = list


def code(kind: int) -> str:
    return KIND_CODES[kind]


def _written_set(shape: str, first: int) -> str:
    suit = KIND_CODES[first][1]
    number = int(KIND_CODES[first][0])
    if shape == CHOW:
        return f"{number}{number + 1}{number + 2}{suit}"
    size = 4 if shape == "kong" else 2 if shape == PAIR else 3
    return str(number) * size + suit


# Every set written out once: reasons name sets all the time.
_SET_TEXT = {(shape, first): _written_set(shape, first)
             for shape in (CHOW, "pung", "kong", PAIR) for first in range(34)
             if shape != CHOW or (first < 27 and first % 9 <= 6)}


def set_text(shape: str, first: int) -> str:
    return _SET_TEXT[shape, first]


class HandFacts:
    """What is fixed for a hand whatever its reading: tiles, melds, the win and its context."""

    __slots__ = ("counts", "all_counts", "win", "win_by", "tsumo", "seat_wind", "round_wind",
                 "flags", "flowers", "melds", "open_melds", "closed",
                 "melded_kongs", "concealed_kongs", "unique_wait", "tile_fans", "notes", "mask",
                 "values", "value_key", "no_knitted_waits", "hog_count",
                 "concealed_mask")


class Reading:
    """A scored reading. Points are known at once; the explanation (items with their reasons and
    the excluded fans) is only written out for the reading that wins, when it is asked for."""

    __slots__ = ("form", "kept", "order", "implied", "refused", "values", "terminal_pungs_removed",
                 "points")

    def __init__(self, form: str, kept: list, order: tuple[int, ...] | None, implied: tuple, refused: list,
                 values: dict[str, int], terminal_pungs_removed: int, points: int) -> None:
        self.form = form
        self.kept = kept
        self.order = order       # indexes into kept in item order, None to sort (and merge) here
        self.implied = implied   # Excluded entries for the fans non-repeat dropped, in raw order
        self.refused = refused
        self.values = values   # fan values under the options (see ``_values_for``)
        self.terminal_pungs_removed = terminal_pungs_removed
        self.points = points   # fan points of the kept fans (8 for Chicken Hand), flowers aside

    @property
    def items(self) -> list[Item]:
        """One item per fan, in Green Book order; Chicken Hand if nothing scores."""
        kept = self.kept
        if not kept:
            return [_CHICKEN]
        values = self.values
        out: list[Item] = []
        if self.order is not None:
            for index in self.order:
                fan = kept[index]
                key = fan[0]
                out.append(_item(key, values[key], fan[1], fan[2]))
            return out
        for fan in sorted(kept, key=_rank_of_fan):
            key = fan[0]
            item = _item(key, values[key], fan[1], fan[2])
            if out and out[-1].name == item.name:     # the same fan twice: one item, both reasons
                before = out[-1]
                out[-1] = Item(before.name, before.value, before.count + item.count,
                               before.why + "; " + item.why)
            else:
                out.append(item)
        return out

    @property
    def excluded(self) -> list[Excluded]:
        """Every fan a counting principle removed, and which principle."""
        out: list[Excluded] = list(self.implied)
        for key, sets, because in self.refused:
            out.append(_refused(key, sets, because))
        if self.terminal_pungs_removed:
            out.append(Excluded(FANS["pung_of_terminals_or_honors"].name, 1,
                                f"{self.terminal_pungs_removed} such pung(s) already counted by a wind, "
                                "dragon or whole-hand fan (non-repeat)"))
        return out


def _rank_of_fan(fan: Raw) -> int:
    return RANK[fan[0]]


# Items and exclusions are immutable and depend only on the fan, its value and count and the
# sets or tiles named in its reason, so each is made once and shared by every hand that has it.
@lru_cache(maxsize=65536)
def _item(key: str, value: int, count: int, why: str | tuple) -> Item:
    return Item(NAMES[key], value, count, text(why))


@lru_cache(maxsize=65536)
def _refused(key: str, sets: tuple, because: str) -> Excluded:
    return Excluded(FANS[key].name, FANS[key].value, f"{text(sets)}: {because}")


_CHICKEN = Item(FANS["chicken_hand"].name, 8, 1, "no other fan scores")


def text(why: str | tuple) -> str:
    """A reason, written out: reasons are kept as (function, arguments) until a winner is chosen."""
    return why if why.__class__ is str else why[0](*why[1:])


def sets_text(shape: str, firsts: tuple[int, ...]) -> str:
    return " + ".join(set_text(shape, first) for first in firsts)


@lru_cache(maxsize=4)
def _values_for(two_concealed_kongs: int) -> dict[str, int]:
    """Every fan's value under the options (only Two Concealed Kongs depends on them)."""
    values = {key: fan.value for key, fan in FANS.items()}
    values["two_concealed_kongs"] = two_concealed_kongs
    values["melded_and_concealed_kongs"] = 5
    return values


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
    facts.notes = []
    facts.mask = mask
    value_key = int(options.get("two_concealed_kongs", 8))
    facts.values = _values_for(value_key)
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
_RANGE_FANS = tuple(([key, 1, f"every tile is {low}-{high}"],
                     kind_mask(k for k in range(27) if low <= k % 9 + 1 <= high))
                    for key, low, high in (("upper_tiles", 7, 9), ("middle_tiles", 4, 6),
                                           ("lower_tiles", 1, 3), ("upper_four", 6, 9),
                                           ("lower_four", 1, 4), ("all_simples", 2, 8)))


def _suit_fan(suit_bits: int, honors: bool) -> Raw | None:
    """Full Flush, Half Flush, One Voided Suit or All Honors from which suits are present."""
    suits = [suit for suit in range(3) if suit_bits >> suit & 1]
    if len(suits) == 1:
        if honors:
            return ["half_flush", 1, f"one suit ({_SUIT_NAMES[suits[0]]}) and honours"]
        return ["full_flush", 1, f"only {_SUIT_NAMES[suits[0]]}"]
    if len(suits) == 2:
        return ["one_voided_suit", 1, f"no {_SUIT_NAMES[3 - suits[0] - suits[1]]}"]
    if not suits:
        return ["all_honors", 1, "only winds and dragons"]
    return None


# by (suit bits: bit s set when suit s is present) * 2 + (1 if honours)
_SUIT_FANS = tuple(_suit_fan(index >> 1, bool(index & 1)) for index in range(16))
_NO_HONORS = ["no_honors", 1, "no winds or dragons"]
_ALL_TERMINALS = ["all_terminals", 1, "only 1s and 9s"]
_ALL_TERMINALS_AND_HONORS = ["all_terminals_and_honors", 1, "only 1s, 9s and honours"]
_ALL_TYPES = ["all_types", 1, "all three suits, a wind and a dragon"]
_REVERSIBLE = ["reversible_tiles", 1, "only 1234589p, 245689s and White"]
_ALL_GREEN = ["all_green", 1, "only 23468s and Green"]
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


@cache  # at most 2**14 feature sets
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


_NINE_GATES = tuple(["nine_gates", 1, f"1112345678999{letter} waiting on all nine"] for letter in "mps")
_SELF_DRAWN = tuple(["self_drawn", 1, f"drew {code(kind)} from the wall"] for kind in range(34))


def _tile_fans(facts: HandFacts, options: dict) -> list[Raw]:
    """Fans read from the tiles alone, the melds and the circumstances of the win."""
    mask = facts.mask
    characters, dots, bamboo, honors = _PART_FEATURES
    fans, nine_gates_suit = _mask_fans(characters[mask & 0x1FF] & dots[mask >> 9 & 0x1FF]
                                       & bamboo[mask >> 18 & 0x1FF] & honors[mask >> 27])
    out: list[Raw] = list(fans)
    if nine_gates_suit >= 0 and not facts.melds:
        base = nine_gates_suit * 9
        before = list(facts.counts[base:base + 9])
        before[facts.win - base] -= 1
        if before == [3, 1, 1, 1, 1, 1, 1, 1, 3]:
            out.append(_NINE_GATES[nine_gates_suit])
    all_counts = facts.all_counts
    if all_counts.count(4) > facts.melded_kongs + facts.concealed_kongs:   # four of a kind, not a kong
        kong_kinds = {first for shape, first, _ in facts.melds if shape == "kong"}
        hogs = [kind for kind in range(34) if all_counts[kind] == 4 and kind not in kong_kinds]
        if hogs:
            facts.hog_count = len(hogs)
            out.append(["tile_hog", len(hogs), "all four " + ", ".join(code(k) for k in hogs)
                        + " used without a kong"])
    if facts.melds:
        out.extend(_kong_fans(facts, options))
    if facts.tsumo:
        out.append(_SELF_DRAWN[facts.win])
    win = facts.win
    if facts.flags or all_counts[win] - facts.counts[win] == 3:
        _situational_fans(facts, out)
    return out


def _kong_fans(facts: HandFacts, options: dict) -> list[Raw]:
    melded, concealed = facts.melded_kongs, facts.concealed_kongs
    kongs = melded + concealed
    if kongs == 4:
        return [["four_kongs", 1, "four kongs"]]
    if kongs == 3:
        return [["three_kongs", 1, "three kongs"]]
    if kongs == 2:
        if concealed == 2:
            return [["two_concealed_kongs", 1, "two concealed kongs"]]
        if melded == 2:
            return [["two_melded_kongs", 1, "two melded kongs"]]
        if int(options.get("melded_concealed_kongs", 6)) == 5:
            return [["melded_and_concealed_kongs", 1, "one melded and one concealed kong"]]
        return [["two_melded_kongs", 1, "two kongs, one of them concealed"],
                ["concealed_kong", 1, "the concealed kong also scores as such"]]
    if concealed:
        return [["concealed_kong", 1, "a concealed kong"]]
    if melded:
        return [["melded_kong", 1, "a melded kong"]]
    return []


def _situational_fans(facts: HandFacts, out: list[Raw]) -> None:
    """The fans from the flags and from the other copies of the winning tile (Self-Drawn aside)."""
    flags = facts.flags
    win = facts.win
    if "last_tile" in flags:
        if facts.tsumo:
            out.append(["last_tile_draw", 1, "won on the last tile of the wall"])
        else:
            out.append(["last_tile_claim", 1, "won on the discard of the last tile"])
    if "kong_replacement" in flags:
        if facts.tsumo and facts.melded_kongs + facts.concealed_kongs:
            out.append(["out_with_replacement_tile", 1, "won on the replacement tile after a kong"])
        else:
            facts.notes.append("kong_replacement needs a self-drawn win and a kong")
    if "robbing_kong" in flags:
        if not facts.tsumo and facts.all_counts[win] == 1:
            out.append(["robbing_the_kong", 1, f"won on the {code(win)} another player added to a pung"])
        else:
            facts.notes.append("robbing_kong needs a win on discard and no other copy of the tile")
    visible = facts.all_counts[win] - facts.counts[win]
    if "last_of_kind" in flags or (visible == 3 and "robbing_kong" not in flags):
        if facts.counts[win] == 1 and visible == 3 and "last_of_kind" not in flags:
            out.append(["last_tile", 1, f"the other three {code(win)} are in the hand's melds"])
        elif facts.counts[win] == 1:
            out.append(["last_tile", 1, f"the other three {code(win)} were already visible"])
        else:
            facts.notes.append(f"last_of_kind: another {code(win)} is concealed in the hand")


# -- readings ---------------------------------------------------------------------------------

def readings(hand: DeclaredHand, facts: HandFacts) -> list[tuple]:
    """Every decomposition (see ``mcr_readings``)."""
    return all_readings(facts.counts, facts.melds, facts.concealed_mask)


# -- scoring one reading ----------------------------------------------------------------------

def score_reading(reading: tuple, facts: HandFacts, options: dict) -> tuple[int, tuple, Reading]:
    form, sets, pair, pairs, knitted, search_order = reading
    raw: list[Raw] = list(facts.tile_fans)   # entries are never changed in place
    refused: list = []
    terminal_pungs = 0
    if form == REGULAR:
        terminal_pungs = _set_fans(form, sets, pair, facts, raw, refused)
    elif form == KNITTED_STRAIGHT:
        terminal_pungs = _set_fans(form, sets, pair, facts, raw, refused)
        raw.append(["knitted_straight", 1, (_knitted_text, knitted)])
    elif form == SEVEN_PAIRS:
        numbers = sorted(pairs)
        if len(set(p // 9 for p in pairs)) == 1 and pairs[0] < 27 and \
                numbers == list(range(numbers[0], numbers[0] + 7)):
            raw.append(["seven_shifted_pairs", 1, "seven consecutive pairs of one suit"])
        raw.append(["seven_pairs", 1, (_pairs_text, pairs)])
        _concealment(facts, raw)
    elif form == THIRTEEN_ORPHANS:
        raw.append(["thirteen_orphans", 1, (_orphans_text, pair)])
        _concealment(facts, raw)
    elif form == HONORS_KNITTED:
        honors = [kind for kind in knitted if kind >= 27]
        suited = tuple([kind for kind in knitted if kind < 27])
        if len(honors) == 7:
            raw.append(["greater_honors_and_knitted_tiles", 1, (_greater_text, suited)])
        else:
            raw.append(["lesser_honors_and_knitted_tiles", 1, (_lesser_text, suited)])
        if len(suited) == 9:
            raw.append(["knitted_straight", 1, (_knitted_text, suited)])
        _concealment(facts, raw)
    return _apply_principles(form, raw, refused, facts, search_order, terminal_pungs)


def _knitted_text(kinds: tuple[int, ...]) -> str:
    return f"knitted {format_kinds(kinds)}"


def _pairs_text(pairs: tuple[int, ...]) -> str:
    return "pairs " + " ".join(set_text(PAIR, p) for p in pairs)


def _orphans_text(pair: int) -> str:
    return f"every terminal and honour, pair {set_text(PAIR, pair)}"


def _greater_text(suited: tuple[int, ...]) -> str:
    return f"all seven honours and knitted {format_kinds(suited)}"


def _lesser_text(suited: tuple[int, ...]) -> str:
    return f"single knitted {format_kinds(suited)} and honours"


def _concealment(facts: HandFacts, raw: list[Raw]) -> None:
    if facts.closed:
        raw.append(_FULLY_CONCEALED if facts.tsumo else _CONCEALED)


_CONCEALED_PUNG_FANS = (None, None, "two_concealed_pungs", "three_concealed_pungs", "four_concealed_pungs")


def _set_fans(form: str, sets: tuple, pair: int, facts: HandFacts, raw: list[Raw], refused: list) -> int:
    """Append the fans made of the reading's sets; returns how many pungs of terminals or honours
    it has (the count of that fan before trimming)."""
    win = facts.win
    chows: list[int] = []
    pungs: list[int] = []
    concealed_pungs: list[int] = []
    win_in_concealed_chow = edge = closed = False
    terminal_pungs = 0
    for shape, first, meld in sets:
        if shape is CHOW:
            chows.append(first)
            if meld is None and first <= win <= first + 2:
                win_in_concealed_chow = True
                if win == first + 1:
                    closed = True
                elif (win == first + 2 and first % 9 == 0) or (win == first and first % 9 == 6):
                    edge = True
        else:
            pungs.append(first)
            if meld is None or meld == "ankan":
                concealed_pungs.append(first)
    chow_count = len(chows)
    pung_count = len(pungs)
    if chow_count > 1:
        chows.sort()
    if pung_count > 1:
        pungs.sort()
    # combinations of chows and of pungs
    special_chows = False
    if chow_count == 4 and 0 <= pair < 27:
        if chows[0] == chows[1] and chows[2] == chows[3] and chows[0] % 9 == 0 and \
                chows[2] == chows[0] + 6 and pair == chows[0] + 4:
            raw.append(["pure_terminal_chows", 1, (_pure_terminal_text, chows[0], pair)])
            special_chows = True
        elif pair % 9 == 4:
            by_suit: dict[int, list[int]] = {}
            for first in chows:
                by_suit.setdefault(first // 9, []).append(first % 9)
            if len(by_suit) == 2 and all(sorted(v) == [0, 6] for v in by_suit.values()) and \
                    pair // 9 not in by_suit:
                raw.append(["three_suited_terminal_chows", 1, (_three_suited_text, pair)])
                special_chows = True
    if chow_count >= 2 and not special_chows:
        chosen, refusals = _combination_entries(tuple(chows), True)
        raw += chosen
        if refusals:
            refused += refusals
    if pungs:
        if pung_count >= 2:
            suited_pungs = tuple([first for first in pungs if first < 27])
            if len(suited_pungs) >= 2:
                chosen, refusals = _combination_entries(suited_pungs, False)
                raw += chosen
                if refusals:
                    refused += refusals
        if pungs[-1] >= 27:
            _honor_fans(pungs, pair, facts, raw)
        th_pungs = tuple([first for first in pungs if first in TH])
        if th_pungs:   # trimmed later of the pungs another fan accounts for
            terminal_pungs = len(th_pungs)
            raw.append(["pung_of_terminals_or_honors", len(th_pungs), (_pungs_text, th_pungs), th_pungs])
    # whole-hand shapes made of sets
    if form == REGULAR:
        if pung_count == 4:
            raw.append(_ALL_PUNGS)
            if pair < 27 and pair % 9 % 2 == 1 and all(first < 27 and first % 9 % 2 == 1 for first in pungs):
                raw.append(_ALL_EVEN_PUNGS)
        if pair in TH and all(first % 9 == 0 or first % 9 == 6 for first in chows) and \
                all(first in TH for first in pungs):
            raw.append(_OUTSIDE_HAND)
        if pair < 27 and pair % 9 == 4 and all(2 <= first % 9 <= 4 for first in chows) and \
                all(first < 27 and first % 9 == 4 for first in pungs):
            raw.append(_ALL_FIVES)
        if chow_count == 4 and pair < 27:
            raw.append(_ALL_CHOWS)
    elif chow_count == 1 and pair < 27:
        raw.append(_ALL_CHOWS_KNITTED)
    # concealed pungs: one completed by a discard is melded, unless the tile could have completed
    # a concealed chow or the pair instead
    if concealed_pungs:
        if not facts.tsumo and win in concealed_pungs and not win_in_concealed_chow and pair != win:
            concealed_pungs.remove(win)
        if len(concealed_pungs) >= 2:
            raw.append([_CONCEALED_PUNG_FANS[len(concealed_pungs)], 1,
                        (_concealed_text, tuple(concealed_pungs))])
    # concealment of the whole hand
    if facts.closed:
        if facts.tsumo:
            raw.append(_FULLY_CONCEALED)
        else:
            raw.append(_CONCEALED)
    elif facts.open_melds == 4 and not facts.tsumo:
        raw.append(_MELDED_HAND)
    # waits: edge before closed before single (they exclude each other)
    if edge:
        if unique_wait(facts):
            raw.append(_WAIT_FANS[0][win])
    elif closed:
        if unique_wait(facts):
            raw.append(_WAIT_FANS[1][win])
    elif pair == win and unique_wait(facts):
        raw.append(_WAIT_FANS[2][win])
    return terminal_pungs


_FULLY_CONCEALED = ["fully_concealed_hand", 1, "no melds, self-drawn"]
_ALL_PUNGS = ["all_pungs", 1, "four pungs or kongs"]
_ALL_EVEN_PUNGS = ["all_even_pungs", 1, "pungs and pair of even numbers"]
_OUTSIDE_HAND = ["outside_hand", 1, "a terminal or honour in every set and the pair"]
_ALL_FIVES = ["all_fives", 1, "a five in every set and the pair"]
_ALL_CHOWS = ["all_chows", 1, "four chows and a suited pair"]
_ALL_CHOWS_KNITTED = ["all_chows", 1, "only chows (the knitted straight counts as three) and a suited pair"]
_CONCEALED = ["concealed_hand", 1, "no melds, won on a discard"]
_MELDED_HAND = ["melded_hand", 1, "four melded sets, won on a discard"]


@lru_cache(maxsize=65536)  # keyed on the set firsts, shared by every hand with such sets
def _combination_entries(firsts: tuple[int, ...], chows: bool) -> tuple[tuple[Raw, ...], tuple]:
    """The raw fans and the refusals ``best_set_fans`` gives for these sets (entries are shared,
    never changed in place)."""
    chosen, refusals = best_set_fans(firsts, chows)
    shape = CHOW if chows else "pung"
    return (tuple([key, 1, (sets_text, shape, tuple(firsts[i] for i in indexes))] for key, indexes in chosen),
            tuple((key, (sets_text, shape, tuple(firsts[i] for i in indexes)), because)
                  for key, indexes, because in refusals))


def _honor_fans(pungs: list[int], pair: int, facts: HandFacts, raw: list[Raw]) -> None:
    raw += _honor_entries(tuple([first for first in pungs if first >= 27]), pair if pair >= 27 else -1,
                          facts.round_wind, facts.seat_wind)


@lru_cache(maxsize=16384)  # honour pungs, honour pair and the two winds: a small finite domain
def _honor_entries(honor_pungs: tuple[int, ...], pair: int, round_wind: int,
                   seat_wind: int) -> tuple[Raw, ...]:
    """The wind and dragon fans (entries shared, never changed in place)."""
    raw: list[Raw] = []
    wind_pungs = tuple([first for first in honor_pungs if first in WIND_SET])
    dragon_pungs = tuple([first for first in honor_pungs if first in DRAGON_SET])
    if len(wind_pungs) == 4:
        raw.append(["big_four_winds", 1, "pungs of all four winds", wind_pungs])
    elif len(wind_pungs) == 3:
        if pair in WIND_SET:
            raw.append(["little_four_winds", 1, (_pair_text, "three wind pungs", pair), wind_pungs])
        raw.append(["big_three_winds", 1, (_names_text, wind_pungs), wind_pungs])
    if len(dragon_pungs) == 3:
        raw.append(["big_three_dragons", 1, "pungs of all three dragons", dragon_pungs])
    elif len(dragon_pungs) == 2:
        if pair in DRAGON_SET:
            raw.append(["little_three_dragons", 1, (_pair_text, "two dragon pungs", pair), dragon_pungs])
        raw.append(["two_dragon_pungs", 1, (_names_text, dragon_pungs), dragon_pungs])
    elif len(dragon_pungs) == 1:
        raw.append(["dragon_pung", 1, (_names_text, dragon_pungs), dragon_pungs])
    if round_wind in wind_pungs:
        raw.append(["prevalent_wind", 1, (_wind_text, round_wind, "prevalent"), (round_wind,)])
    if seat_wind in wind_pungs:
        raw.append(["seat_wind", 1, (_wind_text, seat_wind, "seat"), (seat_wind,)])
    return tuple(raw)


def _pure_terminal_text(first: int, pair: int) -> str:
    return f"{set_text(CHOW, first)} twice, {set_text(CHOW, first + 6)} twice and {set_text(PAIR, pair)}"


def _three_suited_text(pair: int) -> str:
    return f"123 and 789 in two suits, pair {set_text(PAIR, pair)}"


def _pair_text(what: str, pair: int) -> str:
    return f"{what} and a pair of {kind_name(pair)}"


def _names_text(kinds: tuple[int, ...]) -> str:
    return "pung of " + ", ".join(kind_name(kind) for kind in kinds)


def _wind_text(wind: int, which: str) -> str:
    return f"pung of {kind_name(wind)}, the {which} wind"


def _concealed_text(kinds: tuple[int, ...]) -> str:
    return "concealed " + ", ".join(set_text("pung", kind) for kind in kinds)


def unique_wait(facts: HandFacts) -> bool:
    """Whether the winning tile was the only tile the hand waited on (computed once, on demand)."""
    if facts.unique_wait is None:
        win = facts.win
        before = list(facts.counts)
        before[win] -= 1
        mask = facts.concealed_mask if before[win] else facts.concealed_mask & ~(1 << win)
        facts.unique_wait = is_unique_wait(tuple(before), len(facts.melds), win, mask)
    return facts.unique_wait


# Edge, Closed and Single Wait entries by winning kind.
_WAIT_FANS = tuple(
    tuple([key, 1, f"{code(kind)} was the only tile{why}"] for kind in range(34))
    for key, why in (("edge_wait", " that completed an edge chow"),
                     ("closed_wait", ", in the middle of a chow"),
                     ("single_wait", ", completing the pair")))


_WAIT_KEYS = ("edge_wait", "closed_wait", "single_wait")


def _apply_principles(form: str, raw: list[Raw], refused: list, facts: HandFacts,
                      search_order: tuple, terminal_pungs: int) -> tuple[int, tuple, Reading]:
    dropped, implied, trim, points, hog_kept, terminal_kept, order = _non_repeat(
        tuple(map(_KEY, raw)), form == KNITTED_STRAIGHT and facts.no_knitted_waits, facts.value_key)
    kept = [fan for fan in raw if fan[0] not in dropped] if dropped else raw
    removed = 0
    if trim:
        if kept is raw:
            kept = list(raw)
        removed = _trim_terminal_pungs(kept)
        if removed == terminal_pungs:   # the entry is gone: the indexes in ``order`` moved
            order = None
    if hog_kept:
        points += facts.values["tile_hog"] * facts.hog_count
    if terminal_kept:
        points += facts.values["pung_of_terminals_or_honors"] * (terminal_pungs - removed)
    if not kept:
        points = 8   # Chicken Hand
    return points, search_order, Reading(form, kept, order, implied, refused, facts.values, removed, points)


_KEY = itemgetter(0)   # a raw entry's fan key
_COUNTED = frozenset({"tile_hog", "pung_of_terminals_or_honors"})   # the fans counted more than once


@lru_cache(maxsize=65536)  # keyed on which fans a reading has; many hands share the same list
def _non_repeat(keys: tuple[str, ...], no_knitted_waits: bool,
                value_key: int) -> tuple[dict[str, str], tuple[Excluded, ...], bool, int, bool, bool,
                                         tuple[int, ...] | None]:
    """What the non-repeat principle makes of these fans (``keys``, one per raw entry):

    the fans it drops (fan key -> the fan that implies it; shared, never changed) and their
    exclusions in ``keys`` order; whether Pung of Terminals or Honors is there with a kept fan that
    may account for some of its pungs; the points of the kept entries but Tile Hog and Pung of
    Terminals or Honors (counted by the caller), and whether those two are kept; the order of the
    kept entries as items (indexes among them, Green Book order), None when a fan is there twice
    (its items merge). ``value_key`` is Two Concealed Kongs' value.
    """
    dropped, trim = _drops(tuple(sorted(set(keys), key=RANK.__getitem__)), no_knitted_waits)
    values = _values_for(value_key)
    points = 0
    implied = []
    kept = []
    for key in keys:
        if key in dropped:
            implied.append(_implied(key, values[key], dropped[key]))
        else:
            kept.append(key)
            if key not in _COUNTED:
                points += values[key]
    order = None
    if len(set(kept)) == len(kept):
        order = tuple(sorted(range(len(kept)), key=lambda index: RANK[kept[index]]))
    return (dropped, tuple(implied), trim, points, "tile_hog" in kept,
            "pung_of_terminals_or_honors" in kept, order)


@lru_cache(maxsize=16384)  # keyed on the set of fans, whatever their order
def _drops(ranked: tuple[str, ...], no_knitted_waits: bool) -> tuple[dict[str, str], bool]:
    """The fans non-repeat drops (fan key -> the fan that implies it), read from the highest fan
    down (``ranked``: the distinct fans in Green Book order, a key the garbage collector need not
    track); and whether Pung of Terminals or Honors is there with a kept fan that may cover it."""
    present = set(ranked)
    dropped: dict[str, str] = {}
    for key in ranked:
        if key in dropped:
            continue
        for other in EXCLUDES[key]:
            if other in present and other not in dropped:
                dropped[other] = FANS[key].name
    if no_knitted_waits:
        for key in _WAIT_KEYS:
            if key in present:
                dropped[key] = "Knitted Straight (option knitted_straight_waits is off)"
    trim = "pung_of_terminals_or_honors" in present and \
        any(key in COVERS and key not in dropped for key in present)
    return dropped, trim


@lru_cache(maxsize=4096)
def _implied(key: str, value: int, by: str) -> Excluded:
    return Excluded(NAMES[key], value, f"implied by {by} (non-repeat)")


def _trim_terminal_pungs(kept: list[Raw]) -> int:
    """Pung of Terminals or Honors counts once per such pung that no kept fan accounts for;
    returns how many were accounted for elsewhere."""
    index = 0
    for entry in kept:
        if entry[0] == "pung_of_terminals_or_honors":
            break
        index += 1
    else:
        return 0
    kinds = list(entry[3])
    for fan in kept:
        covers = COVERS.get(fan[0])
        if covers is None:
            continue
        if covers == "all":
            kinds = []
        elif covers == "one":
            suited = [kind for kind in kinds if kind < 27]
            if suited:
                kinds.remove(suited[0])
        elif len(fan) > 3:
            kinds = [kind for kind in kinds if kind not in fan[3]]
    removed = len(entry[3]) - len(kinds)
    if not kinds:
        del kept[index]
    elif removed:
        kept[index] = [entry[0], len(kinds), (_pungs_text, tuple(kinds))]
    return removed


def _pungs_text(kinds: tuple[int, ...]) -> str:
    return "pung of " + ", ".join(code(kind) for kind in kinds)
