"""Where a table stands between events: the state a fold of its events builds, each settled
event's record, and what every settlement reads from the state (places, names, the family) or
does to it (add a record, move on to the next hand, per the preset's flow in engine.table.flow).

Players are indexed 0-3 in the order given (A B C D: the players who drew East, South, West,
North for hand 1). The families speak of *places* (seats at the table, in turn order); they
equal player indexes except in MCR, where players change places between rounds (Appendix 4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.families import get_preset, resolve_options
from engine.families.flow import SEATING_APPENDIX4, Flow
from engine.families.protocol import Family
from engine.table.events import WIND_LETTERS, TableError
from engine.table.flow import APPENDIX4_SEATING, ROUND_SEAT, flow_for
from engine.table.hand_play import HandPlay


@dataclass(frozen=True)
class HandRecord:
    """One settled event: who paid whom, in which hand, and what the table looked like then."""

    event_id: int                 # index of the event in the raw log
    kind: str                     # win, draw, abortive_draw, false_win, penalty
    hand_number: int              # 1-based ordinal of the hand it happened in
    label: str                    # "E1", "S3 +2" (round wind, dealer's turn, counters)
    dealer: int
    honba: int
    deltas: tuple[int, ...]       # per player, riichi sticks included
    pot_change: int               # points put on (+) or taken from (-) the table
    totals: tuple[int, ...]       # every player's total after this event
    summary: str
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"event_id": self.event_id, "kind": self.kind, "hand_number": self.hand_number,
                "label": self.label, "dealer": self.dealer, "honba": self.honba,
                "deltas": list(self.deltas), "pot_change": self.pot_change,
                "totals": list(self.totals), "summary": self.summary, "details": self.details}


@dataclass(frozen=True)
class TableState:
    """Where a table stands: after the last event, before the next hand."""

    rules: str
    options: dict[str, Any]       # the preset's options with the table's overrides applied
    players: tuple[str, ...]
    flow: Flow                    # what follows each hand (engine.table.flow), options applied
    hand_number: int = 1          # the hand about to be played (1-based)
    round_index: int = 0          # prevailing wind: 0 East .. 3 North
    dealer: int = 0               # player index of East
    dealer_hands: int = 1         # hands in a row this dealer has dealt (classical extra hands)
    honba: int = 0                # counters on the table
    sticks: int = 0               # riichi sticks on the table
    totals: tuple[int, ...] = (0, 0, 0, 0)
    dead: frozenset[int] = frozenset()   # players whose hand is dead (a false win) in this hand
    play: HandPlay = HandPlay()          # discards, wall draws and ready declarations this hand
    finished: bool = False
    end_reason: str = ""          # why the game ended (engine.table.game_end's END_*), once finished
    records: tuple[HandRecord, ...] = ()

    @property
    def places(self) -> tuple[int, ...]:
        """Each player's place at the table (turn order 0->1->2->3) in the current hand."""
        if self.flow.seating == SEATING_APPENDIX4:
            return ROUND_SEAT[min(self.round_index, 3)]
        return (0, 1, 2, 3)

    @property
    def seat_winds(self) -> tuple[int, ...]:
        """Each player's seat wind (0 East .. 3 North) in the current hand."""
        places = self.places
        dealer_place = places[self.dealer]
        return tuple((place - dealer_place) % 4 for place in places)

    @property
    def round_wind(self) -> str:
        return WIND_LETTERS[min(self.round_index, 3)]

    @property
    def label(self) -> str:
        """The hand's usual name: round wind and the dealer's turn in it, then counters."""
        if self.flow.fixed_hands:
            turn = (self.hand_number - 1) % 4 + 1
        else:
            turn = self.places[self.dealer] + 1
        text = f"{self.round_wind}{turn}"
        return f"{text} +{self.honba}" if self.honba else text

    @property
    def stick_points(self) -> int:
        return self.sticks * self.flow.riichi_stick

    def summary(self) -> dict[str, Any]:
        """The JSON view of the state (what ``table show --json`` and the web app print)."""
        winds = self.seat_winds
        return {
            "rules": self.rules, "options": dict(self.options), "players": list(self.players),
            "hand_number": self.hand_number, "label": self.label, "round_wind": self.round_wind,
            "dealer": self.dealer, "dealer_hands": self.dealer_hands, "honba": self.honba,
            "riichi_sticks": self.sticks, "pot": self.stick_points,
            "seat_winds": [WIND_LETTERS[w] for w in winds], "places": list(self.places),
            "totals": list(self.totals), "dead": sorted(self.dead), "finished": self.finished,
            "end_reason": self.end_reason,
            "play": self.play.to_dict(),
            "hands": [record.to_dict() for record in self.records],
        }


def new_state(rules: str, players: Sequence[str], options: Mapping[str, Any] | None = None) -> TableState:
    """The state before hand 1. Raises TableError for a bad player list, RulesError for options."""
    names = tuple(str(name).strip() for name in players)
    if len(names) != 4 or any(not name for name in names):
        raise TableError.of("table.four_players")
    if len({name.casefold() for name in names}) != 4:
        raise TableError.of("table.distinct_names")
    family, resolved = resolve_options(rules, options)
    try:
        flow = flow_for(family, rules, resolved)
    except ValueError as error:
        raise TableError.wrap(error) from error
    return TableState(rules=rules, options=resolved, players=names, flow=flow,
                      totals=(flow.start_points,) * 4)


def hand_context(state: TableState, player: int) -> dict[str, Any]:
    """The engine-input fields the table knows for ``player``'s hand now (winds, counters, sticks)."""
    return {"rules": state.rules, "seat_wind": WIND_LETTERS[state.seat_winds[player]],
            "round_wind": state.round_wind, "honba": state.honba, "riichi_sticks": state.sticks}


def family_at(state: TableState) -> Family:
    return get_preset(state.rules)[0]


def by_player(state: TableState, by_place: Sequence[int]) -> tuple[int, ...]:
    """Deltas indexed by place -> deltas indexed by player."""
    if len(by_place) != 4 or sum(by_place) != 0:
        raise TableError.of("table.payments", payments=list(by_place))
    places = state.places
    return tuple(int(by_place[places[player]]) for player in range(4))


def names_of(state: TableState, players: Iterable[int]) -> str:
    return ", ".join(state.players[p] for p in players) or "nobody"


def add_record(state: TableState, event_id: int, kind: str, deltas: Sequence[int], pot_change: int,
            summary: str, **details: Any) -> TableState:
    totals = tuple(total + delta for total, delta in zip(state.totals, deltas, strict=True))
    record = HandRecord(event_id=event_id, kind=kind, hand_number=state.hand_number, label=state.label,
                        dealer=state.dealer, honba=state.honba, deltas=tuple(deltas),
                        pot_change=pot_change, totals=totals, summary=summary, details=details)
    return replace(state, totals=totals, records=state.records + (record,))


def stick_deltas(state: TableState, declarers: Sequence[int]) -> list[int]:
    stick = state.flow.riichi_stick
    if declarers and not stick:
        off = family_at(state).flow(state.rules, {}).riichi_stick > 0   # switched off by an option
        raise TableError.of("table.no_riichi_option_off" if off else "table.no_riichi", rules=state.rules)
    return [-stick if player in declarers else 0 for player in range(4)]


def next_hand(state: TableState, keeps_deal: bool, honba: int) -> TableState:
    """Rotation after a hand, per the preset's flow."""
    flow = state.flow
    hand_number = state.hand_number + 1
    if flow.fixed_hands:
        # MCR: the deal moves on after every hand; hand h (0-based) is dealt by round seat h % 4.
        index = hand_number - 1
        finished = index >= flow.fixed_hands
        round_index = min(index // 4, len(APPENDIX4_SEATING) - 1)
        dealer = APPENDIX4_SEATING[round_index][index % 4]
        return replace(state, hand_number=hand_number, round_index=round_index, dealer=dealer,
                       dealer_hands=1, honba=0, dead=frozenset(), play=HandPlay(), finished=finished,
                       end_reason="last_hand" if finished else "")
    if keeps_deal:
        return replace(state, hand_number=hand_number, dealer_hands=state.dealer_hands + 1,
                       honba=honba, dead=frozenset(), play=HandPlay())
    dealer = (state.dealer + 1) % 4
    round_index = state.round_index + (1 if dealer == 0 else 0)
    finished = round_index >= flow.rounds
    return replace(state, hand_number=hand_number, dealer=dealer, round_index=round_index,
                   dealer_hands=1, honba=honba, dead=frozenset(), play=HandPlay(), finished=finished,
                   end_reason="last_hand" if finished else "")
