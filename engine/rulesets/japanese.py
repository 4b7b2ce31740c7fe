"""The Japanese family: modern Riichi (``riichi``) and source doc B's classical game
(``japanese-classical``). One hand analysis (``japanese_analysis``) feeds two scoring tables.

This module is the family's public face for the registry and the table: the presets and payment
rules (data, in ``japanese_scoring``), ``score_hand``, and the tenpai/waits helpers.
Riichi picks the reading worth the most points, then the most han, then the most fu (the
first such reading in sorted order on a tie), as Tenhou and the ``mahjong`` library do.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from engine.hand import DeclaredHand, Meld, parse_meld
from engine.result import Item, Score, invalid
from engine.rulesets.japanese_analysis import (
    MAX_HAN,
    Analysis,
    Candidate,
    analyse,
    candidate_view,
    flag_problem,
)
from engine.rulesets.japanese_classical import score_classical
from engine.rulesets.japanese_scoring import (
    PRESETS,
    draw_payments,
    false_win_payments,
    payment_summary,
    riichi_basic_points,
    riichi_hand_value,
    win_payments,
)
from engine.rulesets.japanese_shapes import is_tenpai as _is_tenpai
from engine.rulesets.japanese_shapes import meld_info, wait_kinds
from engine.rulesets.japanese_yaku import SETS, block_text
from engine.tiles import CODE_TO_KIND, EAST, KIND_CODES, Tile, parse_tiles

__all__ = ["PRESETS", "draw_payments", "false_win_payments", "furiten_waits", "is_tenpai",
           "score_hand", "waits", "win_payments"]


def score_hand(hand: DeclaredHand, options: dict, request: Mapping[str, Any] | None = None) -> Score:
    """Score a declared win under a Japanese preset's options (see ``PRESETS``)."""
    melds = meld_info(hand.melds)
    problem = flag_problem(hand, melds.is_open)
    if problem is not None:
        return invalid(problem)
    analysis = analyse(hand, options, melds)
    if not analysis.candidates:
        return invalid("not a complete hand: no reading as four sets and a pair, seven pairs "
                       "or thirteen orphans")
    if options.get("scoring") == "points_doubles":
        return score_classical(hand, analysis, options)
    return score_riichi(hand, analysis, options)


# -- Riichi ---------------------------------------------------------------------------------------

def _dora_han(candidate: Candidate, analysis: Analysis) -> int:
    if candidate.yakuman or not candidate.han:
        return 0
    return analysis.dora + analysis.red + analysis.ura


def _candidate_value(candidate: Candidate, analysis: Analysis, options: dict,
                     dealer: bool) -> tuple[int, int, int, str | None]:
    """(hand value, han with dora, basic points, limit) of one candidate."""
    han = min(candidate.han + _dora_han(candidate, analysis), MAX_HAN)
    basic, limit = riichi_basic_points(han, candidate.fu, yakuman=candidate.yakuman, options=options)
    return riichi_hand_value(basic, dealer_win=dealer, tsumo=analysis.facts.tsumo), han, basic, limit


def score_riichi(hand: DeclaredHand, analysis: Analysis, options: dict) -> Score:
    dealer = hand.seat_wind == EAST
    minimum = int(options.get("minimum_han", 1))
    best: tuple[tuple[int, ...], Candidate, int, int, str | None] | None = None
    for candidate in analysis.candidates:
        if candidate.han >= max(minimum, 1):
            total, han, basic, limit = _candidate_value(candidate, analysis, options, dealer)
        else:
            total, han, basic, limit = -1, candidate.han, 0, None
        key = (total, bool(candidate.yakuman), han, candidate.fu, candidate.raw_fu)
        if best is None or key > best[0]:
            best = (key, candidate, han, basic, limit)
    assert best is not None
    key, candidate, han, basic, limit = best
    if key[0] < 0:
        return invalid("no yaku: the hand is complete but has no yaku (dora are not yaku)",
                       fu=candidate.fu)
    items = _yaku_items(candidate, analysis)
    if not candidate.yakuman:
        items.extend(_dora_items(analysis))
    tsumo = analysis.facts.tsumo
    base = candidate.raw_fu - sum(fu for fu, _ in candidate.fu_items)
    return Score(
        valid=True, meets_minimum=True, items=tuple(items), total=key[0], han=han,
        fu=candidate.fu, limit=limit,
        payments=payment_summary(basic, dealer_win=dealer, tsumo=tsumo),
        details={"basic_points": basic, "yaku": [unit.id for unit, _ in candidate.yaku],
                 "fu_items": ([f"{base} base"] if base else [])
                 + [f"{fu} {why}" for fu, why in candidate.fu_items],
                 "reading": [block_text(block) for block in candidate.reading]},
    )


def _yaku_items(candidate: Candidate, analysis: Analysis) -> list[Item]:
    """One item per yaku with its han and reason; the reading is rebuilt only for a reason that
    needs it."""
    items = []
    view = None
    for unit, value in candidate.yaku:
        why = unit.why
        if not isinstance(why, str):
            if view is None and unit.scope == SETS:
                view = candidate_view(candidate)
            why = why(analysis.facts, view)  # type: ignore[arg-type]
        items.append(shared_item(unit.name, value, why))
    return items


@lru_cache(maxsize=4096)
def shared_item(name: str, value: int, why: str) -> Item:
    """Items are immutable and few distinct ones occur, so equal items are built once (building a
    frozen dataclass costs about as much as scoring a yaku)."""
    return Item(name, value, 1, why)


def _dora_items(analysis: Analysis) -> list[Item]:
    items = []
    for name, count, why in (("Dora", analysis.dora, "tiles after the dora indicators"),
                             ("Aka Dora", analysis.red, "red fives"),
                             ("Ura Dora", analysis.ura, "tiles after the ura indicators")):
        if count:
            items.append(shared_item(name, count, why))
    return items


# -- tenpai helpers -------------------------------------------------------------------------------

def waits(tiles: str | Iterable[Tile], melds: Sequence[Meld | str] = ()) -> list[str]:
    """The tile codes that complete a 13-tile hand (for draw payments and furiten warnings)."""
    tile_list = parse_tiles(tiles) if isinstance(tiles, str) else list(tiles)
    meld_list = [parse_meld(meld) if isinstance(meld, str) else meld for meld in melds]
    return [KIND_CODES[kind] for kind in wait_kinds(tile_list, meld_list)]


def is_tenpai(tiles: str | Iterable[Tile], melds: Sequence[Meld | str] = ()) -> bool:
    """Is a 13-tile hand waiting (one tile from complete, on a tile that can still come)?"""
    tile_list = parse_tiles(tiles) if isinstance(tiles, str) else list(tiles)
    meld_list = [parse_meld(meld) if isinstance(meld, str) else meld for meld in melds]
    return _is_tenpai(tile_list, meld_list)


def furiten_waits(tiles: str | Iterable[Tile], discards: str | Iterable[Tile],
                  melds: Sequence[Meld | str] = ()) -> list[str]:
    """The waits the player has already discarded: any one makes the hand furiten (no ron), and
    is the tile a sacred-discard warning names."""
    discard_list = parse_tiles(discards, check_counts=False) if isinstance(discards, str) \
        else list(discards)
    thrown = {tile.kind for tile in discard_list}
    return [code for code in waits(tiles, melds) if CODE_TO_KIND[code] in thrown]
