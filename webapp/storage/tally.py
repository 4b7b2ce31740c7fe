"""A club table's running tally: each seat's hands, wins, deal-ins, false wins, winning values,
dealer-streak record and breakdown items, folded over the table's settled records.

One fold serves both ways a tally is kept: an appended hand continues the stored tally with its
new records; an undo or an amendment (which rewrite the past) starts again from an empty tally
over every record that counts now. The same function doing both is what keeps the two in
agreement (``tests/storage/test_club_tally.py`` checks it over random event sequences).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.table.standing import HandRecord

HAND_ENDS = ("win", "draw", "abortive_draw")  # the records that end a hand (every seat played it)
SEATS = 4


@dataclass
class SeatTally:
    hands: int = 0
    wins: int = 0
    self_drawn: int = 0
    dealt_in: int = 0
    false_wins: int = 0
    win_value_sum: int = 0
    win_value_max: int = 0
    dealer_streak: int = 0
    items: dict[str, int] = field(default_factory=dict)  # item name -> hands won with it
    # wins this seat dealt in to, by the winner's seat (head to head reads who fed whom)
    dealt_in_to: list[int] = field(default_factory=lambda: [0] * SEATS)


@dataclass
class TableTally:
    seats: list[SeatTally] = field(default_factory=lambda: [SeatTally() for _ in range(SEATS)])
    totals: list[int] = field(default_factory=lambda: [0] * SEATS)
    run_dealer: int | None = None  # the dealer of the last hand counted, and their run so far
    run_hands: int = 0
    last_hand: int = 0  # the hand number of the last hand-ending record counted
    pot: int = 0  # what is on the table (riichi sticks): a rule may hand it out

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": [{**vars(seat), "dealt_in_to": list(seat.dealt_in_to)} for seat in self.seats],
            "totals": list(self.totals),
            "run_dealer": self.run_dealer,
            "run_hands": self.run_hands,
            "last_hand": self.last_hand,
            "pot": self.pot,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableTally:
        return cls(
            seats=[
                SeatTally(**{
                    **seat,
                    "items": dict(seat.get("items") or {}),
                    "dealt_in_to": list(seat.get("dealt_in_to") or [0] * SEATS),
                })
                for seat in data["seats"]
            ],
            totals=list(data["totals"]),
            run_dealer=data.get("run_dealer"),
            run_hands=int(data.get("run_hands") or 0),
            last_hand=int(data.get("last_hand") or 0),
            pot=int(data.get("pot") or 0),
        )


def _winning_claims(
    record: HandRecord, event: Mapping[str, Any] | None
) -> list[tuple[int, Mapping[str, Any]]]:
    """Each winner of a win record with the score its event declared for them ({} when unknown)."""
    winners = record.details.get("winners") or [record.details.get("winner")]
    winners = [w for w in winners if isinstance(w, int)]
    claims = (event or {}).get("claims")
    if isinstance(claims, list):
        by_winner = {
            claim.get("winner"): claim.get("score") for claim in claims if isinstance(claim, Mapping)
        }
    else:
        by_winner = {(event or {}).get("winner"): (event or {}).get("score")}
    return [
        (winner, by_winner.get(winner) if isinstance(by_winner.get(winner), Mapping) else {})
        for winner in winners
    ]


def _score_items(score: Mapping[str, Any]) -> list[str]:
    """The breakdown's item names, once each; a total declared without tiles has none."""
    if score.get("declared"):
        return []
    items = score.get("items") if isinstance(score.get("items"), list) else []
    return list(
        dict.fromkeys(
            str(item["name"])
            for item in items
            if isinstance(item, Mapping) and isinstance(item.get("name"), str)
        )
    )


def add_records(
    tally: TableTally, records: Iterable[tuple[HandRecord, Mapping[str, Any] | None]]
) -> TableTally:
    """``tally`` continued with these records (each with the event behind it, amendments applied),
    in order; the tally is changed in place and returned."""
    for record, event in records:
        tally.totals = list(record.totals)
        tally.pot += record.pot_change
        if record.kind == "false_win":
            offender = record.details.get("offender")
            if isinstance(offender, int):
                tally.seats[offender].false_wins += 1
        if record.kind not in HAND_ENDS:
            continue
        if record.hand_number != tally.last_hand:
            for seat in tally.seats:
                seat.hands += 1
            if record.dealer == tally.run_dealer:
                tally.run_hands += 1
            else:
                tally.run_dealer, tally.run_hands = record.dealer, 1
            tally.last_hand = record.hand_number
            dealer = tally.seats[record.dealer]
            dealer.dealer_streak = max(dealer.dealer_streak, tally.run_hands)
        if record.kind != "win":
            continue
        discarder = record.details.get("discarder")
        if isinstance(discarder, int):
            tally.seats[discarder].dealt_in += 1
        claims = _winning_claims(record, event)
        for winner, score in claims:
            seat = tally.seats[winner]
            seat.wins += 1
            if isinstance(discarder, int):
                tally.seats[discarder].dealt_in_to[winner] += 1
            if discarder is None:
                seat.self_drawn += 1
            value = score.get("total") if len(claims) > 1 else record.details.get("total", score.get("total"))
            if isinstance(value, int) and not isinstance(value, bool):
                seat.win_value_sum += value
                seat.win_value_max = max(seat.win_value_max, value)
            for name in _score_items(score):
                seat.items[name] = seat.items.get(name, 0) + 1
    return tally


def tally_of(records: Iterable[tuple[HandRecord, Mapping[str, Any] | None]]) -> TableTally:
    """The tally of a whole history, from nothing."""
    return add_records(TableTally(), records)
