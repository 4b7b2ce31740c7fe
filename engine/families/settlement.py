"""The checks and shapes every family's payments share: which seats may settle a win, the
refusal of a hand that is no scoring win, a penalty paid by one player to each other, and the
text of a minimum counted without flowers. Each family's own rules (who pays how much) stay in
its package; these are the parts that are the same rule everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.coded import CodedText, fill
from engine.core.result import Score
from engine.reasons.marker import N_

SEATS = 4


def check_seats(winner: int | None = None, discarder: int | None = None, dealer: int | None = None,
                **others: int | None) -> None:
    """Every named seat is 0-3 and the winner did not discard the winning tile; a seat left as
    None is not checked."""
    for name, seat in (("winner", winner), ("discarder", discarder), ("dealer", dealer), *others.items()):
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < SEATS):
            raise ValueError(f"{name} seat must be 0-3, got {seat!r}")
    if discarder is not None and discarder == winner:
        raise ValueError("the winner cannot be the discarder")


def check_win(score: Score, *, winner: int, discarder: int | None, dealer: int | None = None) -> None:
    """A win settles only a valid hand that meets its minimum, between real seats."""
    if not score.valid or not score.meets_minimum:
        raise ValueError("this hand is not a scoring win; settle it as a false win")
    check_seats(winner, discarder, dealer)


def each_pays(offender: int, penalty: int) -> list[int]:
    """Per-seat deltas of a penalty the offender pays to each of the three others."""
    check_seats(offender=offender)
    return [-(SEATS - 1) * penalty if seat == offender else penalty for seat in range(SEATS)]


# The declare page's minimum line, one English template per code (``N_``: extracted for the
# catalogs, babel.cfg names this module); the page translates it from the code and params.
MINIMUM_MESSAGES: dict[str, str] = {
    "minimum.met": N_("minimum {minimum} {unit}, flowers not counted: met"),
    "minimum.not_met": N_("minimum {minimum} {unit}, flowers not counted: not met"),
    "minimum.none": N_("no minimum in these rules"),
    "minimum.none_base_wins": N_("no minimum in these rules: a hand without tai wins the base"),
    "minimum.yaku_met": N_("at least one yaku: met"),
    "minimum.yaku_not_met": N_("at least one yaku: not met"),
}


def minimum_line(code: str, **params: Any) -> CodedText:
    """The minimum line for ``code``: its English text filled in, with the code and params."""
    return CodedText(fill(MINIMUM_MESSAGES[code], params), code, params)


def minimum_met_text(minimum: int, unit: str, score: Mapping[str, Any]) -> CodedText:
    """The minimum as the declare page states it (flowers never count towards it), and whether
    this hand meets it."""
    code = "minimum.met" if score.get("meets_minimum") else "minimum.not_met"
    return minimum_line(code, minimum=minimum, unit=unit)
