"""Hong Kong payouts: faan -> table points, and who pays them.

The multiplier doubles with every faan up to 4; after that the "half-spicy" schedule (半辣上)
rises at half pace (each step between two doublings is their mean), the "full-spicy" one (辣辣上)
keeps doubling. Table points T = base x multiplier. On a discard the discarder pays T alone
(全銃: he pays for all) or T/2 with T/4 from each other player (半銃: he pays for himself);
on a self-draw each loser pays T/2. Sources and the schedules side by side: docs/hongkong.md.
"""

from __future__ import annotations

from fractions import Fraction

HALF_SPICY = "half-spicy"
FULL_SPICY = "full-spicy"
SCHEDULES = (HALF_SPICY, FULL_SPICY)
PAYS_FOR_ALL = "all"
PAYS_FOR_SELF = "self"
RESPONSIBILITY = (PAYS_FOR_ALL, PAYS_FOR_SELF)


def multiplier(faan: int, schedule: str = HALF_SPICY) -> int:
    """1, 2, 4, 8, 16 for 0-4 faan; then 24, 32, 48, 64 ... (half-spicy) or 32, 64 ... (full-spicy)."""
    if faan < 0:
        raise ValueError(f"faan must be 0 or more, got {faan}")
    if schedule == FULL_SPICY or faan <= 4:
        return 2 ** faan
    steps = faan - 4                       # 5 faan is one half step above 4
    doubled = 16 * 2 ** (steps // 2)
    return doubled if steps % 2 == 0 else doubled * 3 // 2


def table_points(faan: int, *, base: int = 1, schedule: str = HALF_SPICY) -> int:
    return base * multiplier(faan, schedule)


def _whole(amount: Fraction) -> int:
    """Shares of small payouts can be fractions: the loser pays the next whole point up."""
    return -(-amount.numerator // amount.denominator)


def win_deltas(points: int, *, winner: int, discarder: int | None,
               responsibility: str = PAYS_FOR_ALL) -> list[int]:
    """Per-seat deltas (summing to zero) for a win worth ``points`` table points."""
    deltas = [0, 0, 0, 0]
    for seat in range(4):
        if seat == winner:
            continue
        if discarder is None:
            share = Fraction(points, 2)
        elif responsibility == PAYS_FOR_SELF:
            share = Fraction(points, 2) if seat == discarder else Fraction(points, 4)
        else:
            share = Fraction(points) if seat == discarder else Fraction(0)
        pay = _whole(share)
        deltas[seat] -= pay
        deltas[winner] += pay
    return deltas
