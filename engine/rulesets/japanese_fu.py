"""Fu (minipoints) of one reading of a Riichi hand, with the item that earned each.

Rules: 20 base; +10 for a closed hand won on a discard (menzen kafu, counted in a 30 base);
wait fu 2 for an edge (12-3, 7-89), closed (1-3) or single (pair) wait; 2 per yakuhai in the pair
(4 for a double wind pair); pungs 2/4, terminal or honour pungs 4/8, kongs four times that (open /
closed); a pung completed on a discard counts as open; 2 for tsumo except for pinfu; an open hand
with no fu at all gets 2 (30 in all); seven pairs is 25 flat; the total is rounded up to 10.

Which set the winning tile completed is chosen by the caller, who tries each and keeps the best.
"""

from __future__ import annotations

from engine.rulesets.japanese_shapes import CHOW_B, KONG_B, PAIR_B, PUNG_B, Block, MeldInfo

SEVEN_PAIRS_FU = 25
_TERMINAL_OR_HONOR = tuple(kind >= 27 or kind % 9 in (0, 8) for kind in range(34))
# (terminal or honour, kong, open) -> (fu, item)
_SET_FU = {
    (False, False, False): (4, "closed pung"), (False, False, True): (2, "open pung"),
    (False, True, False): (16, "closed kong"), (False, True, True): (8, "open kong"),
    (True, False, False): (8, "closed pung"), (True, False, True): (4, "open pung"),
    (True, True, False): (32, "closed kong"), (True, True, True): (16, "open kong"),
}

FuItem = tuple[int, str]


def reading_fu(reading: tuple[Block, ...], melds: MeldInfo, win_group: Block, win_kind: int,
               tsumo: bool, seat_wind: int, round_wind: int, open_pinfu_fu: bool = True,
               pinfu_tsumo_fu: bool = False) -> tuple[int, int, list[FuItem]]:
    """(rounded fu, raw fu, items) for a regular reading; items exclude the base. Positional
    arguments, as this runs for every reading and winning set."""
    items: list[FuItem] = []
    total = 0
    group_kind, group_shape = win_group
    if group_shape == CHOW_B:
        rank = group_kind % 9
        if (rank == 0 and win_kind == group_kind + 2) or (rank == 6 and win_kind == group_kind):
            items.append((2, "edge wait"))
            total += 2
        if win_kind == group_kind + 1:
            items.append((2, "closed wait"))
            total += 2
    elif group_shape == PAIR_B:
        items.append((2, "single wait"))
        total += 2
    is_open = bool(melds.open_blocks)
    for kind, shape in reading:
        if shape == PAIR_B:
            valued = (kind >= 31) + (kind == seat_wind) + (kind == round_wind)
            if valued:
                fu = 4 if valued >= 2 else 2
                items.append((fu, "double wind pair" if valued >= 2 else "yakuhai pair"))
                total += fu
        elif shape != CHOW_B:
            kong = shape == KONG_B
            opened = (kind, shape) in melds.open_blocks
            if not tsumo and shape == PUNG_B and win_group == (kind, PUNG_B):
                opened = True
            item = _SET_FU[(_TERMINAL_OR_HONOR[kind], kong, opened)]
            items.append(item)
            total += item[0]
    if tsumo and (total or pinfu_tsumo_fu):
        items.append((2, "tsumo"))
        total += 2
    if is_open and not total and open_pinfu_fu:
        items.append((2, "open hand without fu"))
        total += 2
    base = 20 if is_open or tsumo else 30
    total += base
    return -(-total // 10) * 10, total, items
