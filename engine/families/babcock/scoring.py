"""Scoring every hand at a Babcock table: the winner's complete hand and each loser's laid-down tiles.

Babcock scores all four hands. A hand's points are its set points (Babcock's score sheet), plus, for the
winner only, the bonuses of 3.2; its value is points x 2^doubles (3.3), capped at the limit. The
winner may instead hold a limit hand (Heaven, Earth, Lucky Thirteen, Thirteen Orphans, and the
Chapter 7 optional hands), worth a fixed share of the limit. Each item of a breakdown says why it
scored, so a dispute at the table can be settled by reading it. Values live in
``tables``; this module only applies them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.hand import DeclaredHand, HandError, Meld, parse_meld
from engine.core.result import Item, Score, invalid
from engine.core.shapes import (
    CHOW,
    KONG,
    PAIR,
    PUNG,
    Decomposition,
    decompose,
    held_mask,
    thirteen_orphans_pair,
    waits,
)
from engine.core.tiles import (
    BONUS_BASE,
    DRAGONS,
    EAST,
    NotationError,
    Tile,
    counts34,
    format_kinds,
    is_bonus,
    is_dragon,
    is_honor,
    is_terminal_or_honor,
    is_wind,
    kind_name,
    parse_tiles,
    suit_index,
    wind_from_letter,
    wind_letter,
)
from engine.families.babcock.reasons import why
from engine.families.babcock.tables import (
    BONUSES,
    DOUBLES,
    FLOWER_POINTS,
    LIMIT_HANDS,
    SCORING_PAIR_POINTS,
    SET_POINTS,
)
from engine.families.babcock.titles import line


@dataclass(frozen=True, slots=True)
class ScoredSet:
    """A set or pair as it scores: its shape, tile kind and whether it counts as exposed."""

    shape: str
    kind: int
    exposed: bool
    # Where it came from: () unsaid, ("hand",), ("meld", "pon:555p"), ("claimed", "5p").
    source: tuple[str, ...] = ()


@dataclass(frozen=True)
class LaidDownHand:
    """A loser's hand as laid down at the end: any number of tiles, not a win.

    ``concealed`` are the tiles still in the hand; ``melds`` the exposed sets and declared
    concealed kongs. A dead hand (a false claim, a wrong tile count) scores 0.
    """

    concealed: tuple[Tile, ...] = ()
    melds: tuple[Meld, ...] = ()
    seat_wind: int = EAST
    round_wind: int = EAST
    flowers: tuple[Tile, ...] = ()
    dead: bool = False

    def all_tiles(self) -> list[Tile]:
        tiles = list(self.concealed)
        for meld in self.melds:
            tiles.extend(meld.tiles)
        return tiles


@dataclass
class _Tally:
    """Items collected while scoring one reading; points and doubles kept apart."""

    points: list[Item] = field(default_factory=list)
    doubles: list[Item] = field(default_factory=list)

    def point_total(self) -> int:
        return sum(item.value * item.count for item in self.points)

    def double_total(self) -> int:
        return sum(item.value * item.count for item in self.doubles)


# -- set points and doubles shared by winners and losers ----------------------------------------

def _set_label(scored: ScoredSet) -> str:
    return line("babcock.exposed_set" if scored.exposed else "babcock.concealed_set", shape=scored.shape,
                tile_name=kind_name(scored.kind))


_SET_SOURCE_CODES = {(): "babcock.set", ("hand",): "babcock.set_in_hand"}


def _set_why(scored: ScoredSet, points: int, big: bool) -> str:
    """Why a pung or kong scores what it does, and where it came from."""
    params = {"shape": scored.shape, "grade": "ones, nines, winds and dragons" if big else "twos to eights",
              "exposure": "exposed" if scored.exposed else "concealed", "points": points}
    source = scored.source
    if source and source[0] == "meld":
        return why("babcock.set_melded", meld=source[1], **params)
    if source and source[0] == "claimed":
        return why("babcock.set_claimed", tile=source[1], **params)
    return why(_SET_SOURCE_CODES[source], **params)


def _pair_points(kind: int, seat_wind: int, round_wind: int, options: Mapping[str, Any]) -> tuple[int, str]:
    """A pair scores only if it is of dragons or of the player's own (or, optionally, prevailing) wind."""
    points = 0
    reasons = []
    if is_dragon(kind):
        points += SCORING_PAIR_POINTS
        reasons.append("a pair of dragons")
    if kind == seat_wind:
        points += SCORING_PAIR_POINTS
        reasons.append("a pair of the player's own wind")
    if options.get("prevailing_wind") and kind == round_wind:
        points += SCORING_PAIR_POINTS
        reasons.append("a pair of the prevailing wind")
    return points, " and ".join(reasons)


def _score_sets(tally: _Tally, sets: Iterable[ScoredSet], seat_wind: int, round_wind: int,
                options: Mapping[str, Any]) -> None:
    for scored in sets:
        if scored.shape in (PUNG, KONG):
            big = is_terminal_or_honor(scored.kind)
            points = SET_POINTS[(scored.shape, scored.exposed, big)]
            tally.points.append(Item(_set_label(scored), points, 1, _set_why(scored, points, big)))
        elif scored.shape == PAIR:
            points, reason = _pair_points(scored.kind, seat_wind, round_wind, options)
            if points:
                name = line("babcock.scoring_pair", tile_name=kind_name(scored.kind))
                tally.points.append(Item(name, points, 1,
                                         why("babcock.pair", pair_why=reason, points=points)))


def _score_set_doubles(tally: _Tally, sets: Iterable[ScoredSet], seat_wind: int, round_wind: int,
                       options: Mapping[str, Any]) -> None:
    for scored in sets:
        if scored.shape not in (PUNG, KONG):
            continue
        name = kind_name(scored.kind)
        if is_dragon(scored.kind):
            value, code = DOUBLES["Dragon set"]
            tally.doubles.append(Item(line("babcock.dragon_set_double", honour=name, shape=scored.shape),
                                      value, 1, why(code)))
        if scored.kind == seat_wind:
            value, code = DOUBLES["Own wind set"]
            tally.doubles.append(Item(line("babcock.own_wind_set_double", honour=name, shape=scored.shape),
                                      value, 1, why(code)))
        if options.get("prevailing_wind") and scored.kind == round_wind:
            value, code = DOUBLES["Prevailing wind set"]
            tally.doubles.append(Item(line("babcock.prevailing_wind_set_double", honour=name,
                                           shape=scored.shape), value, 1, why(code)))


def _score_suit_doubles(tally: _Tally, tiles: Sequence[Tile]) -> None:
    """One suit with honours: 1 double; one suit only, or all honours: 3 (over every tile shown)."""
    kinds = [tile.kind for tile in tiles if not is_bonus(tile.kind)]
    if not kinds:
        return
    suits = {suit_index(kind) for kind in kinds if not is_honor(kind)}
    honours = any(is_honor(kind) for kind in kinds)
    if not suits:
        name, title = "All honours", "babcock.all_honours_double"
    elif len(suits) == 1:
        name, title = ("One suit with honours", "babcock.one_suit_with_honours_double") if honours \
            else ("One suit", "babcock.one_suit_double")
    else:
        return
    value, code = DOUBLES[name]
    tally.doubles.append(Item(line(title), value, 1, why(code)))


def _score_flowers(tally: _Tally, flowers: Sequence[Tile], seat_wind: int,
                   options: Mapping[str, Any]) -> None:
    """Babcock's Chapter 10 variant: each flower or season 4 points; one's own, 1 double each."""
    if not options.get("flowers"):
        return
    own_number = seat_wind - EAST + 1
    for tile in flowers:
        tally.points.append(Item(line("babcock.flower", flowers=kind_name(tile.kind)), FLOWER_POINTS, 1,
                                 why("babcock.flower", points=FLOWER_POINTS)))
        if (tile.kind - BONUS_BASE) % 4 + 1 == own_number:
            value, code = DOUBLES["Own flower or season"]
            name = line("babcock.own_flower_double", flowers=kind_name(tile.kind))
            tally.doubles.append(Item(name, value, 1, why(code, wind_letter=wind_letter(seat_wind),
                                                          number=own_number)))


def _value(points: int, doubles: int, limit: int) -> int:
    return min(limit, points * 2 ** doubles)


def _finish(tally: _Tally, options: Mapping[str, Any], **details: Any) -> Score:
    limit = int(options["limit"])
    points, doubles = tally.point_total(), tally.double_total()
    raw = points * 2 ** doubles
    value = min(limit, raw)
    items = list(tally.points) + list(tally.doubles)
    limit_name = None
    if raw > limit:
        limit_name = "limit"
        items.append(Item("Limit", limit, 1, why("babcock.over_the_limit", points=points, doubles=doubles,
                                                  raw=raw, limit=limit)))
    return Score(valid=True, meets_minimum=True, items=tuple(items), total=value, limit=limit_name,
                 details={"points": points, "doubles": doubles, **details})


# -- losers -------------------------------------------------------------------------------------

def loser_sets(hand: LaidDownHand, options: Mapping[str, Any]) -> list[ScoredSet]:
    """The laid-down sets that can score: melds as declared, concealed pungs and one pair.

    Chows score nothing and tiles of different kinds never compete, so the best reading takes a
    concealed pung of every kind held three or four times (four undeclared tiles are a pung: a
    kong scores only once declared) and, of the pairs, the one that scores most (a hand has one
    pair, its eyes).
    """
    sets = [ScoredSet(PUNG if meld.kind == "pon" else KONG, meld.first, meld.kind != "ankan",
                      ("meld", str(meld)))
            for meld in hand.melds if meld.kind != "chi"]
    counts = counts34(hand.concealed)
    sets += [ScoredSet(PUNG, kind, False, ("hand",)) for kind, count in enumerate(counts) if count >= 3]
    pairs = [kind for kind, count in enumerate(counts) if count == 2]
    best = max(pairs, key=lambda kind: _pair_points(kind, hand.seat_wind, hand.round_wind, options)[0],
               default=None)
    if best is not None:
        sets.append(ScoredSet(PAIR, best, False, ("hand",)))
    return sets


def score_loser(hand: LaidDownHand, options: Mapping[str, Any]) -> Score:
    """A loser's value: set points x 2^doubles, capped at the limit; no winner bonuses."""
    if hand.dead:
        item = Item("Dead hand", 0, 1, why("babcock.dead_hand"))
        return Score(valid=True, meets_minimum=True, items=(item,), total=0,
                     details={"dead": True, "points": 0, "doubles": 0})
    tally = _Tally()
    sets = loser_sets(hand, options)
    _score_sets(tally, sets, hand.seat_wind, hand.round_wind, options)
    _score_flowers(tally, hand.flowers, hand.seat_wind, options)
    _score_set_doubles(tally, sets, hand.seat_wind, hand.round_wind, options)
    if tally.point_total():
        _score_suit_doubles(tally, hand.all_tiles())
    return _finish(tally, options, dead=False)


def loser_from_dict(data: Mapping[str, Any], round_wind: int = EAST) -> LaidDownHand:
    """A loser's hand from the JSON contract: "hand", "melds", "seat_wind", "flowers", "dead"."""
    if not isinstance(data, Mapping):
        raise HandError("each loser must be a JSON object")
    try:
        concealed = tuple(parse_tiles(data.get("hand") or "", check_counts=False))
        flowers = tuple(parse_tiles(data.get("flowers") or "", check_counts=False))
        if not data.get("seat_wind"):
            raise HandError("each loser needs a seat_wind (E, S, W or N)")
        seat_wind = wind_from_letter(data["seat_wind"])
    except NotationError as error:     # the notation's code kept, so a page can say it in words
        seat = str(data.get("seat_wind") or "")
        raise HandError(f"loser: {error}", code=error.code,
                        params={**error.params, "field": "loser", "seat_wind": seat}) from error
    melds_value = data.get("melds") or []
    if isinstance(melds_value, str):
        melds_value = melds_value.split()
    if not isinstance(melds_value, list):
        raise HandError("a loser's melds must be a list like [\"pon:555p\"]")
    dead = data.get("dead", False)
    if not isinstance(dead, bool):
        raise HandError(f"a loser's 'dead' must be true or false, got {dead!r}")
    for tile in concealed:
        if is_bonus(tile.kind):
            raise HandError(f"loser {wind_letter(seat_wind)}: bonus tile {tile.code} belongs in flowers")
    for tile in flowers:
        if not is_bonus(tile.kind):
            raise HandError(f"loser {wind_letter(seat_wind)}: {tile.code} is not a flower or season")
    return LaidDownHand(concealed, tuple(parse_meld(text) for text in melds_value), seat_wind,
                        round_wind, flowers, dead)


# -- the winner ---------------------------------------------------------------------------------

def _claimed(hand: DeclaredHand) -> bool:
    """Was the winning tile taken from another player (a discard or a robbed kong)?"""
    return hand.win_by == "ron" and not _loose_tile(hand)


def _loose_tile(hand: DeclaredHand) -> bool:
    return bool(hand.flags & {"kong_replacement", "rinshan"})


def _drawn(hand: DeclaredHand) -> bool:
    return hand.win_by == "tsumo" or _loose_tile(hand)


def _readings(hand: DeclaredHand, decomposition: Decomposition) -> list[list[ScoredSet]]:
    """The ways to place the winning tile in one decomposition.

    A set completed with a claimed tile scores as exposed, so on a discard each concealed group
    holding the winning tile's kind is tried as the one it completed; the scorer keeps the best.
    """
    base = [ScoredSet(group.shape, group.first, group.is_open,
                      ("meld", str(group.meld)) if group.meld else ("hand",))
            for group in decomposition.groups]
    if not _claimed(hand) or hand.win_tile is None:
        return [base]
    win = hand.win_tile.kind
    readings = []
    for index, group in enumerate(decomposition.groups):
        if group.meld is None and win in group.kinds:
            reading = list(base)
            claimed = group.shape in (PUNG, KONG)
            reading[index] = ScoredSet(group.shape, group.first, claimed,
                                       ("claimed", hand.win_tile.code))
            readings.append(reading)
    return readings or [base]


def _only_possible_place(hand: DeclaredHand) -> bool:
    counts = counts34(hand.concealed)
    if hand.win_tile is None or counts[hand.win_tile.kind] == 0:
        return False
    counts[hand.win_tile.kind] -= 1
    return len(waits(counts, len(hand.melds), special=False)) == 1


def _bonuses(tally: _Tally, hand: DeclaredHand, sets: Sequence[ScoredSet],
             options: Mapping[str, Any]) -> None:
    """Winner-only bonuses (Babcock), after the set points so 'No score' can look at them."""
    mahjong = int(options.get("mahjong_bonus", 20))
    found: list[str] = []
    if _drawn(hand):
        found.append("Drawn winning tile")
    if _only_possible_place(hand):
        found.append("Only possible place")
    if _loose_tile(hand):
        found.append("Loose tile")
    if not any(scored.shape == CHOW for scored in sets):
        found.append("No runs")
    if hand.flags & {"robbing_kong", "chankan"}:
        found.append("Robbing a kong")
    if hand.flags & {"last_tile", "haitei"}:
        found.append("Last tile")
    for name in found:
        value, code = BONUSES[name]
        tally.points.append(Item(name, value, 1, why(code)))
    if not tally.point_total():
        value, code = BONUSES["No score"]
        tally.points.append(Item("No score", value, 1, why(code)))
    tally.points.insert(0, Item("Mah-Jongg", mahjong, 1, why("babcock.mahjong", points=mahjong)))


def _score_reading(hand: DeclaredHand, sets: Sequence[ScoredSet], options: Mapping[str, Any]) -> Score:
    tally = _Tally()
    _score_sets(tally, sets, hand.seat_wind, hand.round_wind, options)
    _score_flowers(tally, hand.flowers, hand.seat_wind, options)
    _bonuses(tally, hand, sets, options)
    _score_set_doubles(tally, sets, hand.seat_wind, hand.round_wind, options)
    _score_suit_doubles(tally, hand.all_tiles())
    return _finish(tally, options, sets=[_set_text(scored) for scored in sets])


def _set_text(scored: ScoredSet) -> str:
    """'pung 777z (concealed)': the reading a breakdown was scored on."""
    if scored.shape == CHOW:
        kinds = [scored.kind, scored.kind + 1, scored.kind + 2]
    else:
        kinds = [scored.kind] * {PUNG: 3, KONG: 4, PAIR: 2}[scored.shape]
    return f"{scored.shape} {format_kinds(kinds)} ({'exposed' if scored.exposed else 'concealed'})"


def _is_thirteen_orphans(hand: DeclaredHand) -> bool:
    counts = counts34(hand.concealed)
    return thirteen_orphans_pair(counts, held_mask(counts), len(hand.melds)) >= 0


def _limit_hands(hand: DeclaredHand, sets: Sequence[ScoredSet] | None,
                 options: Mapping[str, Any]) -> list[str]:
    """The limit hands this win is, by name (Babcock); ``sets`` is None for Thirteen Orphans."""
    names = []
    if hand.flags & {"heaven", "tenhou"}:
        names.append("Hand from Heaven")
    if hand.flags & {"earth", "chiihou"}:
        names.append("Hand from Earth")
    if options.get("lucky_thirteen") and "declared_ready" in hand.flags:
        names.append("Lucky Thirteen")
    if sets is None:
        names.append("Thirteen Orphans")
        return names
    triplets = [scored.kind for scored in sets if scored.shape in (PUNG, KONG)]
    wind_sets = [kind for kind in triplets if is_wind(kind)]
    wind_pair = [scored.kind for scored in sets if scored.shape == PAIR and is_wind(scored.kind)]
    if options.get("four_wind_hand") and hand.seat_wind in wind_sets and (
            len(wind_sets) == 4 or (len(wind_sets) == 3 and wind_pair)):
        names.append("Four Wind Hand")
    if options.get("heads_and_tails") and all(is_terminal_or_honor(t.kind) for t in hand.all_tiles()):
        names.append("Heads and Tails")
    if options.get("three_great_scholars") and all(kind in triplets for kind in DRAGONS):
        names.append("Three Great Scholars")
    return names


def _limit_hand_score(name: str, ordinary: Score | None, options: Mapping[str, Any]) -> Score:
    share, code = LIMIT_HANDS[name]
    limit = int(options["limit"])
    value = int(limit * share)     # a share of the limit, rounded down (300 / 3 = 100)
    reason = why("babcock.whole_limit", reason=why(code), value=value) if share == 1 else \
        why("babcock.share_of_limit", reason=why(code), fraction=str(share), limit=limit, value=value)
    item = Item(name, value, 1, reason)
    details: dict[str, Any] = {}
    if ordinary is not None:   # the ordinary count, for the record: the limit hand replaces it
        details = {"sets": ordinary.details.get("sets", []),
                   "ordinary_points": ordinary.details.get("points", 0),
                   "ordinary_doubles": ordinary.details.get("doubles", 0),
                   "ordinary_value": ordinary.total}
    return Score(valid=True, meets_minimum=True, items=(item,), total=value,
                 limit="limit" if share == 1 else name, details=details)


def _check_flags(hand: DeclaredHand) -> str | None:
    """Why the hand's flags cannot have happened, or None."""
    if hand.flags & {"heaven", "tenhou"} and hand.seat_wind != EAST:
        return "a Hand from Heaven is East's: only East is dealt fourteen tiles"
    if hand.flags & {"earth", "chiihou"} and hand.seat_wind == EAST:
        return "a Hand from Earth wins on East's first discard, so East cannot hold one"
    if hand.flags & {"robbing_kong", "chankan"} and hand.win_tile is not None:
        # The robbed tile is the fourth, added to another player's exposed pung of three.
        tile = hand.win_tile
        if hand.is_tsumo:
            return "robbing a kong is a win on the tile another player adds to a pung, not a self-draw"
        if sum(1 for held in hand.all_tiles() if held.kind == tile.kind) > 1:
            return (f"robbing a kong takes the fourth {tile.code} from another player's pung, "
                    f"so the winner cannot hold another {tile.code}")
    return None


def score_winner(hand: DeclaredHand, options: Mapping[str, Any]) -> Score:
    """The winner's best reading: ordinary value, or a limit hand if that is worth more."""
    hand.validate()
    problem = _check_flags(hand)
    if problem:
        return invalid(problem)
    candidates: list[Score] = []
    if options.get("thirteen_orphans") and _is_thirteen_orphans(hand):
        for name in _limit_hands(hand, None, options):
            candidates.append(_limit_hand_score(name, None, options))
    for decomposition in decompose(hand, special=False):
        for sets in _readings(hand, decomposition):
            ordinary = _score_reading(hand, sets, options)
            candidates.append(ordinary)
            for name in _limit_hands(hand, sets, options):
                candidates.append(_limit_hand_score(name, ordinary, options))
    if not candidates:
        return invalid("not a complete hand: Mah-Jongg needs four sets (pungs, kongs or chows) "
                       "and a pair" + (", or Thirteen Orphans" if options.get("thirteen_orphans") else ""),
                       reason_code="score.not_a_win")
    return max(candidates, key=lambda score: (score.total, score.details.get("points", 0)))

