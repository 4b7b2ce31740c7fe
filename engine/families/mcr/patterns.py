"""MCR fan detection over one reading of a hand.

``family.score_hand`` asks ``readings`` for every decomposition of a hand and ``score_reading``
for the points of each; this module finds the candidate fans of the reading's sets, pair and form
(with the sets or tiles that make them) and hands them to ``principles``, which removes what the
counting principles forbid. The fans made of 2-4 chows or pungs are chosen by a small search over
the sets (``combinations.best_set_fans``), cached on the sets' first tiles; the caller keeps the
best reading.
"""

from __future__ import annotations

from engine.core.hand import DeclaredHand
from engine.core.shapes import (
    CHOW,
    HONORS_KNITTED,
    KNITTED_STRAIGHT,
    PAIR,
    REGULAR,
    SEVEN_PAIRS,
    THIRTEEN_ORPHANS,
)
from engine.core.tables import Table
from engine.core.tiles import (
    format_kinds,
    kind_name,
)
from engine.families.mcr.combinations import shared_best_set_fans
from engine.families.mcr.facts import (
    DRAGON_SET,
    TH,
    WIND_SET,
    HandFacts,
    Raw,
    _pungs_text,
    code,
    set_text,
    sets_text,
)
from engine.families.mcr.principles import (
    _apply_principles,
)
from engine.families.mcr.readings import readings as all_readings
from engine.families.mcr.reasons import why
from engine.families.mcr.waits import is_unique_wait, is_unique_wait_of_regular

# -- readings ---------------------------------------------------------------------------------

def readings(hand: DeclaredHand, facts: HandFacts) -> list[tuple]:
    """Every decomposition (see ``readings``)."""
    return all_readings(facts.counts, facts.melds, facts.concealed_mask)


# -- scoring one reading ----------------------------------------------------------------------

def score_reading(reading: tuple, facts: HandFacts, options: dict) -> tuple[int, tuple, tuple]:
    """(points, tie-break order, the ``facts.ScoredReading`` fields, written out only for the best
    reading)."""
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
            raw.append(["seven_shifted_pairs", 1, why("mcr.seven_shifted_pairs")])
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
    return why("mcr.knitted", tiles=format_kinds(kinds))


def _pairs_text(pairs: tuple[int, ...]) -> str:
    return why("mcr.pairs", tiles=" ".join(set_text(PAIR, p) for p in pairs))


def _orphans_text(pair: int) -> str:
    return why("mcr.thirteen_orphans", tiles=set_text(PAIR, pair))


def _greater_text(suited: tuple[int, ...]) -> str:
    return why("mcr.greater_honors_knitted", tiles=format_kinds(suited))


def _lesser_text(suited: tuple[int, ...]) -> str:
    return why("mcr.lesser_honors_knitted", tiles=format_kinds(suited))


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
        chosen, refusals = _COMBINATION_ENTRIES[tuple(chows), True]
        raw += chosen
        if refusals:
            refused += refusals
    if pungs:
        if pung_count >= 2:
            suited_pungs = tuple([first for first in pungs if first < 27])
            if len(suited_pungs) >= 2:
                chosen, refusals = _COMBINATION_ENTRIES[suited_pungs, False]
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
    if edge or closed or pair == win:
        # A regular reading's pair lets the wait be read from two suits only (see ``unique_wait``).
        if unique_wait(facts, pair if form == REGULAR else -1):
            raw.append(_WAIT_FANS[0 if edge else 1 if closed else 2][win])
    return terminal_pungs


_FULLY_CONCEALED = ["fully_concealed_hand", 1, why("mcr.fully_concealed_hand")]
_ALL_PUNGS = ["all_pungs", 1, why("mcr.all_pungs")]
_ALL_EVEN_PUNGS = ["all_even_pungs", 1, why("mcr.all_even_pungs")]
_OUTSIDE_HAND = ["outside_hand", 1, why("mcr.outside_hand")]
_ALL_FIVES = ["all_fives", 1, why("mcr.all_fives")]
_ALL_CHOWS = ["all_chows", 1, why("mcr.all_chows")]
_ALL_CHOWS_KNITTED = ["all_chows", 1, why("mcr.all_chows_knitted")]
_CONCEALED = ["concealed_hand", 1, why("mcr.concealed_hand")]
_MELDED_HAND = ["melded_hand", 1, why("mcr.melded_hand")]


def _combination_entries(key: tuple[tuple[int, ...], bool]) -> tuple[tuple[Raw, ...], tuple]:
    """The raw fans and the refusals ``best_set_fans`` gives for these sets (``key``: their
    first kinds, and whether they are chows; entries are shared, never changed in place)."""
    firsts, chows = key
    chosen, refusals = shared_best_set_fans(firsts, chows)
    shape = CHOW if chows else "pung"
    # Reasons written here, once per cached answer: a text key is cheaper for the item caches to
    # hash than a (function, arguments) one, every time a hand with these sets wins.
    return (tuple([key, 1, why("mcr.sets", tiles=sets_text(shape, tuple(firsts[i] for i in indexes)))]
                  for key, indexes in chosen),
            tuple((key, sets_text(shape, tuple(firsts[i] for i in indexes)), because)
                  for key, indexes, because in refusals))


# Keyed on the set firsts, shared by every hand with such sets.
_COMBINATION_ENTRIES = Table(_combination_entries, 65536)


def _honor_fans(pungs: list[int], pair: int, facts: HandFacts, raw: list[Raw]) -> None:
    raw += _HONOR_ENTRIES[tuple([first for first in pungs if first >= 27]), pair if pair >= 27 else -1,
                          facts.round_wind, facts.seat_wind]


def _honor_entries(key: tuple[tuple[int, ...], int, int, int]) -> tuple[Raw, ...]:
    """The wind and dragon fans of (honour pungs, honour pair, round wind, seat wind) (entries
    shared, never changed in place), their reasons written once here."""
    honor_pungs, pair, round_wind, seat_wind = key
    raw: list[Raw] = []
    wind_pungs = tuple([first for first in honor_pungs if first in WIND_SET])
    dragon_pungs = tuple([first for first in honor_pungs if first in DRAGON_SET])
    if len(wind_pungs) == 4:
        raw.append(["big_four_winds", 1, why("mcr.big_four_winds"), wind_pungs])
    elif len(wind_pungs) == 3:
        if pair in WIND_SET:
            raw.append(["little_four_winds", 1, why("mcr.little_four_winds", honour=kind_name(pair)),
                        wind_pungs])
        raw.append(["big_three_winds", 1, _names_text(wind_pungs), wind_pungs])
    if len(dragon_pungs) == 3:
        raw.append(["big_three_dragons", 1, why("mcr.big_three_dragons"), dragon_pungs])
    elif len(dragon_pungs) == 2:
        if pair in DRAGON_SET:
            raw.append(["little_three_dragons", 1, why("mcr.little_three_dragons", honour=kind_name(pair)),
                        dragon_pungs])
        raw.append(["two_dragon_pungs", 1, _names_text(dragon_pungs), dragon_pungs])
    elif len(dragon_pungs) == 1:
        raw.append(["dragon_pung", 1, _names_text(dragon_pungs), dragon_pungs])
    if round_wind in wind_pungs:
        raw.append(["prevalent_wind", 1, why("mcr.prevalent_wind", honour=kind_name(round_wind)),
                    (round_wind,)])
    if seat_wind in wind_pungs:
        raw.append(["seat_wind", 1, why("mcr.seat_wind", honour=kind_name(seat_wind)), (seat_wind,)])
    return tuple(raw)


# Honour pungs, honour pair and the two winds: a small finite domain.
_HONOR_ENTRIES = Table(_honor_entries, 16384)


def _pure_terminal_text(first: int, pair: int) -> str:
    return why("mcr.pure_terminal_chows", tiles=set_text(CHOW, first), tiles2=set_text(CHOW, first + 6),
               tiles3=set_text(PAIR, pair))


def _three_suited_text(pair: int) -> str:
    return why("mcr.three_suited_terminal_chows", tiles=set_text(PAIR, pair))


def _names_text(kinds: tuple[int, ...]) -> str:
    return why("mcr.pung_of_honours", honours=", ".join(kind_name(kind) for kind in kinds))


def _concealed_text(kinds: tuple[int, ...]) -> str:
    return why("mcr.concealed_pungs", tiles=", ".join(set_text("pung", kind) for kind in kinds))


def unique_wait(facts: HandFacts, pair: int = -1) -> bool:
    """Whether the winning tile was the only tile the hand waited on (computed once, on demand).
    ``pair``: the pair of a regular reading of the hand, which fixes every other suit's part in
    the wait (-1 when the asking reading is not regular)."""
    if facts.unique_wait is None:
        win = facts.win
        counts = facts.counts
        mask = facts.concealed_mask if counts[win] > 1 else facts.concealed_mask & ~(1 << win)
        if pair >= 0:
            facts.unique_wait = is_unique_wait_of_regular(counts, len(facts.melds), win, pair, mask)
        else:
            before = list(counts)
            before[win] -= 1
            facts.unique_wait = is_unique_wait(tuple(before), len(facts.melds), win, mask)
    return facts.unique_wait


# Edge, Closed and Single Wait entries by winning kind.
_WAIT_FANS = tuple(
    tuple([key, 1, why(f"mcr.{key}", tile=code(kind))] for kind in range(34))
    for key in ("edge_wait", "closed_wait", "single_wait"))
