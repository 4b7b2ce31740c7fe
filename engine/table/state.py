"""A mahjong table as a pure state machine: state = fold(events).

A table is four named players under a preset and its options. Everything that happens is an
event (a plain JSON-able dict, so storage can keep it as it is): a win, a draw, a false win, a
penalty, and two control events, ``undo`` (void the latest event) and ``amend`` (replace a past
event). The log is append-only; the current state is always recomputed from it, so an amended
hand changes every later payment, dealer and counter, and a crash cannot leave totals that
disagree with the log. Payments come from the family (``Family.win_payments`` and friends);
what follows each hand (rotation, counters, game length) is data in ``engine.table.flow``.

Players are indexed 0-3 in the order given (A B C D: the players who drew East, South, West,
North for hand 1). The families speak of *places* (seats at the table, in turn order); they
equal player indexes except in MCR, where players change places between rounds (Appendix 4).

Event shapes (players are indexes 0-3):
    {"type": "win", "winner": 2, "discarder": 0 | None, "score": {...Score.to_dict()...},
     "others": {"1": {...}, ...}, "riichi": [1], "hand": {...engine input, kept for the record}}
    {"type": "win", "discarder": 0, "claims": [{"winner": 1, "score": {...}}, {"winner": 3, ...}]}
    {"type": "draw", "abortive": False, "waiting": [1, 3], "riichi": [3], "reason": "..."}
    {"type": "draw", "abortive": True, "reason": "nine_terminals", "player": 2, "tiles": "..."}
    {"type": "false_win", "offender": 2, "reason": "..."}
    {"type": "penalty", "deltas": [-30, 10, 10, 10], "reason": "...", "offence": "revealed_hand"}
    {"type": "discard" | "wall_draw" | "ready", "player": 1, "tile": "5p"}   (engine.table.hand_play)
    {"type": "undo"}
    {"type": "amend", "target": 5, "event": {...a replacement win/draw/false_win/penalty...}}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core.result import Score
from engine.families import get_preset, resolve_options
from engine.families.protocol import Family
from engine.families.riichi.draws import ABORTIVE_KINDS, abortive_kind, abortive_problem
from engine.table.agreed_values import AgreedValueError, checked_score
from engine.table.claims import Claim, resolve_claims, turn_distance
from engine.table.events import (
    ADJUSTMENTS,
    HAND_EVENTS,
    WIND_LETTERS,
    TableError,
    score_from_dict,
)
from engine.table.flow import (
    APPENDIX4_SEATING,
    CLAIM_DOUBLE_RON,
    KEEP_ALWAYS,
    KEEP_IF_WAITING,
    ROUND_SEAT,
    Flow,
    flow_for,
)
from engine.table.hand_play import PLAY_EVENTS, HandPlay, one_tile, sacred_problem
from engine.table.offences import penalty_summary

# -- state ---------------------------------------------------------------------------------------

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
    records: tuple[HandRecord, ...] = ()

    @property
    def places(self) -> tuple[int, ...]:
        """Each player's place at the table (turn order 0->1->2->3) in the current hand."""
        if self.flow.seating == "appendix4":
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
            "play": self.play.to_dict(),
            "hands": [record.to_dict() for record in self.records],
        }


def new_state(rules: str, players: Sequence[str], options: Mapping[str, Any] | None = None) -> TableState:
    """The state before hand 1. Raises TableError for a bad player list, RulesError for options."""
    names = tuple(str(name).strip() for name in players)
    if len(names) != 4 or any(not name for name in names):
        raise TableError("a table needs exactly four named players")
    if len({name.casefold() for name in names}) != 4:
        raise TableError("the four players need four different names")
    family, resolved = resolve_options(rules, options)
    try:
        flow = flow_for(rules, family.name, resolved)
    except ValueError as error:
        raise TableError(str(error)) from error
    return TableState(rules=rules, options=resolved, players=names, flow=flow,
                      totals=(flow.start_points,) * 4)


# -- the fold ------------------------------------------------------------------------------------

def effective_events(log: Sequence[Mapping[str, Any]]) -> list[tuple[int, Mapping[str, Any]]]:
    """The events that count, with their log index: ``undo`` and ``amend`` applied."""
    events: list[tuple[int, Mapping[str, Any]]] = []
    for index, event in enumerate(log):
        kind = event.get("type") if isinstance(event, Mapping) else None
        if kind == "undo":
            if not events:
                raise TableError("nothing to undo")
            events.pop()
        elif kind == "amend":
            target = event.get("target")
            replacement = event.get("event")
            if (not isinstance(replacement, Mapping)
                    or replacement.get("type") not in HAND_EVENTS + ADJUSTMENTS + PLAY_EVENTS):
                raise TableError("an amendment needs a replacement win, draw, false win, penalty "
                                 "or play event")
            positions = [i for i, (event_id, _) in enumerate(events) if event_id == target]
            if not positions:
                raise TableError(f"event {target!r} is not in the table's history (undone or unknown)")
            events[positions[0]] = (target, replacement)
        elif kind in HAND_EVENTS + ADJUSTMENTS + PLAY_EVENTS:
            events.append((index, event))
        else:
            raise TableError(f"unknown event type {kind!r}")
    return events


def replay(rules: str, players: Sequence[str], options: Mapping[str, Any] | None,
           log: Sequence[Mapping[str, Any]]) -> TableState:
    """state = fold(apply, effective events, the state before hand 1)."""
    state = new_state(rules, players, options)
    for event_id, event in effective_events(log):
        state = apply(state, event, event_id)
    return state


def apply(state: TableState, event: Mapping[str, Any], event_id: int = 0) -> TableState:
    """The state after one win, draw, false win or penalty (pure: ``state`` is not changed)."""
    kind = event.get("type")
    if state.finished and kind in HAND_EVENTS + ADJUSTMENTS + PLAY_EVENTS:
        raise TableError(f"the game is over (after hand {state.hand_number - 1})")
    if kind == "win":
        return _apply_win(state, event, event_id)
    if kind == "draw":
        return _apply_draw(state, event, event_id)
    if kind == "false_win":
        return _apply_false_win(state, _player(event, "offender"), event_id, event.get("reason") or "")
    if kind == "penalty":
        return _apply_penalty(state, event, event_id)
    if kind in PLAY_EVENTS:
        return _apply_play(state, event, event_id)
    raise TableError(f"unknown event type {kind!r}")


def _family(state: TableState) -> Family:
    return get_preset(state.rules)[0]


def _player(event: Mapping[str, Any], key: str, *, optional: bool = False) -> int | None:
    value = event.get(key)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise TableError(f"{key} must be a player index 0-3, got {value!r}")
    return value


def _players(event: Mapping[str, Any], key: str) -> list[int]:
    values = event.get(key) or []
    if not isinstance(values, (list, tuple)):
        raise TableError(f"{key} must be a list of player indexes")
    out = []
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
            raise TableError(f"{key}: {value!r} is not a player index 0-3")
        if value in out:
            raise TableError(f"{key}: player {value} is listed twice")
        out.append(value)
    return out


def _by_player(state: TableState, by_place: Sequence[int]) -> tuple[int, ...]:
    """Deltas indexed by place -> deltas indexed by player."""
    if len(by_place) != 4 or sum(by_place) != 0:
        raise TableError(f"payments {list(by_place)} must be four figures summing to zero")
    places = state.places
    return tuple(int(by_place[places[player]]) for player in range(4))


def _names(state: TableState, players: Iterable[int]) -> str:
    return ", ".join(state.players[p] for p in players) or "nobody"


def _record(state: TableState, event_id: int, kind: str, deltas: Sequence[int], pot_change: int,
            summary: str, **details: Any) -> TableState:
    totals = tuple(total + delta for total, delta in zip(state.totals, deltas, strict=True))
    record = HandRecord(event_id=event_id, kind=kind, hand_number=state.hand_number, label=state.label,
                        dealer=state.dealer, honba=state.honba, deltas=tuple(deltas),
                        pot_change=pot_change, totals=totals, summary=summary, details=details)
    return replace(state, totals=totals, records=state.records + (record,))


def _stick_deltas(state: TableState, declarers: Sequence[int]) -> list[int]:
    stick = state.flow.riichi_stick
    if declarers and not stick:
        why = " (its option 'riichi' is off)" if state.options.get("riichi") is False else ""
        raise TableError(f"{state.rules} has no riichi declarations{why}: no riichi stick is taken")
    return [-stick if player in declarers else 0 for player in range(4)]


def _resolve_claims(state: TableState, event: Mapping[str, Any]) -> tuple[list[Mapping[str, Any]], str]:
    """Several claims on one discard -> the claims that win, nearest the discarder first (the
    one resolver in ``engine.table.claims`` decides, in places, under the preset's claim rule)."""
    claims = event.get("claims")
    if not isinstance(claims, (list, tuple)) or not claims:
        raise TableError("claims must be a non-empty list of {winner, score}")
    discarder = _player(event, "discarder")
    seats = [_player(claim, "winner") for claim in claims]
    if len(set(seats)) != len(seats) or discarder in seats:
        raise TableError("each claimant once, and not the discarder")
    places = state.places
    by_place = {places[claim["winner"]]: claim for claim in claims}
    taken = resolve_claims([Claim(place) for place in by_place], places[discarder],
                           rule=state.flow.claim_rule, three_wins_abortive=state.flow.three_claims_abortive)
    if not taken:
        return [], f"three players claimed {state.players[discarder]}'s discard"
    ordered = [by_place[claim.seat] for claim in taken]
    if state.flow.claim_rule == CLAIM_DOUBLE_RON:
        note = f"{len(ordered)} winners on one discard" if len(ordered) > 1 else ""
        return ordered, note
    rule = "head bump" if state.flow.claim_rule == "head_bump" else "next in turn after the discarder"
    beaten = [by_place[place]["winner"] for place in sorted(by_place, key=lambda place:
              turn_distance(place, places[discarder])) if by_place[place] is not ordered[0]]
    note = ""
    if beaten:
        note = f"{rule}: {state.players[ordered[0]['winner']]} wins over {_names(state, beaten)}"
    return ordered, note


def _checked(state: TableState, score: Score, who: str) -> tuple[Score, str]:
    """A value as the preset allows it (engine.table.agreed_values): refused, or capped with a note."""
    try:
        return checked_score(score, state.options, who)
    except AgreedValueError as error:
        raise TableError(str(error)) from error


def _win_payments(state: TableState, winner: int, discarder: int | None, score: Score,
                  others_data: Mapping[str, Any], honba: int, notes: list[str]) -> tuple[int, ...]:
    """One winner's payments by player, from the family (which speaks in places); notes on capped
    losers' values are added to ``notes``."""
    places = state.places
    others: dict[int, Score] = {}
    for key, value in (others_data or {}).items():
        player = int(key)
        if not 0 <= player <= 3 or player == winner:
            raise TableError(f"others: {key!r} must be a losing player's index")
        loser, note = _checked(state, score_from_dict(value), f"{state.players[player]}'s hand")
        others[places[player]] = loser
        if note:
            notes.append(note)
    for player in state.dead:
        others[places[player]] = Score(valid=True, meets_minimum=True, total=0, details={"dead": True})
    try:
        by_place = _family(state).win_payments(
            score, winner=places[winner], discarder=None if discarder is None else places[discarder],
            dealer=places[state.dealer], options=dict(state.options), honba=honba,
            others=others or None)
    except ValueError as error:
        raise TableError(f"cannot settle this win: {error}") from error
    return _by_player(state, by_place)


def _apply_win(state: TableState, event: Mapping[str, Any], event_id: int) -> TableState:
    note = ""
    if "claims" in event:
        claims, note = _resolve_claims(state, event)
        if not claims:
            draw = {"type": "draw", "abortive": True, "waiting": [], "riichi": event.get("riichi") or [],
                    "reason": "three_ron", "note": note}
            return _apply_draw(state, draw, event_id)
    else:
        claims = [event]
    discarder = _player(event, "discarder", optional=True)
    winners = [_player(claim, "winner") for claim in claims]
    scores = []
    notes = [note] if note else []
    for claim, winner in zip(claims, winners, strict=True):
        score, capped = _checked(state, score_from_dict(claim.get("score") or {}),
                                 f"{state.players[winner]}'s hand")
        scores.append(score)
        if capped:
            notes.append(capped)
    for winner, score in zip(winners, scores, strict=True):
        if winner == discarder:
            raise TableError("the winner cannot also be the discarder")
        if winner in state.dead:
            raise TableError(f"{state.players[winner]}'s hand is dead after a false win; it cannot win")
        if (not score.valid or not score.meets_minimum) and len(claims) > 1:
            raise TableError(f"{state.players[winner]}'s claim is not a win; settle it as a false win first")
    if not scores[0].valid or not scores[0].meets_minimum:
        score = scores[0]
        why = score.reason or ("not a winning hand" if not score.valid else "under the minimum")
        return _apply_false_win(state, winners[0], event_id, why)
    if discarder is not None and state.flow.play_events:
        for claim, winner in zip(claims, winners, strict=True):
            try:
                sacred = sacred_problem(state.play, winner, {**event, **claim}, state.options)
            except ValueError as error:
                raise TableError(str(error)) from error
            if sacred and state.options.get("sacred_claim") == "false_win":
                return _apply_false_win(state, winner, event_id, sacred)
            if sacred:
                raise TableError(f"{state.players[winner]} may not win on this discard: {sacred}")
    declarers = _players(event, "riichi")
    payments = [0, 0, 0, 0]
    counter_payments = [0, 0, 0, 0]
    for index, (claim, winner, score) in enumerate(zip(claims, winners, scores, strict=True)):
        # Counters go to the first winner in turn only (the others of a double ron get none).
        paid = _win_payments(state, winner, discarder, score, claim.get("others") or {},
                             state.honba if index == 0 else 0, notes)
        payments = [a + b for a, b in zip(payments, paid, strict=True)]
        if index == 0 and state.honba:     # the counters' share, shown as its own line
            plain = _win_payments(state, winner, discarder, score, claim.get("others") or {}, 0, [])
            counter_payments = [a - b for a, b in zip(paid, plain, strict=True)]
    sticks = _stick_deltas(state, declarers)
    first = winners[0]
    pot = state.stick_points - sum(sticks)          # everything on the table goes to the first winner
    deltas = [payments[p] + sticks[p] + (pot if p == first else 0) for p in range(4)]
    how = "self-drawn" if discarder is None else f"on {state.players[discarder]}'s discard"
    summary = "; ".join(f"{state.players[winner]} wins {how}, {score.total}"
                        for winner, score in zip(winners, scores, strict=True))
    if notes:
        summary += f" ({'; '.join(notes)})"
    state = _record(state, event_id, "win", deltas, -state.stick_points, summary,
                    winner=first, winners=winners, discarder=discarder,
                    total=scores[0].total, riichi=declarers, payments=list(payments), sticks_taken=pot,
                    counter_payments=counter_payments)
    state = replace(state, sticks=0)
    keeps = state.dealer in winners and state.flow.dealer_keeps_on_win
    honba = state.honba + 1 if keeps and state.flow.counter_on_dealer_win else 0
    return _next_hand(state, keeps, honba)


def _abortive_reason(state: TableState, event: Mapping[str, Any], declarers: Sequence[int]) -> str:
    """The abortive draw's kind, one of the preset's own; where the event gives the tiles (or
    kongs, claimants) they must make that draw."""
    kinds = state.flow.abortive_kinds
    if not kinds:
        if state.options.get("abortive_draws") is False:
            raise TableError(f"abortive draws are switched off at this table ({state.rules})")
        raise TableError(f"{state.rules} has no abortive draws: a hand ends in a win or when the "
                         "wall runs out")
    try:
        kind = abortive_kind(event.get("reason"), kinds)
    except ValueError as error:
        raise TableError(str(error)) from error
    evidence = dict(event)
    if kind == "four_riichi":
        evidence["riichi"] = list(declarers)
    if kind == "nine_terminals" and event.get("tiles"):
        _player(event, "player")
    problem = abortive_problem(kind, evidence, state.options)
    if problem:
        raise TableError(f"not an abortive draw: {problem}")
    return kind


def _apply_draw(state: TableState, event: Mapping[str, Any], event_id: int) -> TableState:
    abortive = bool(event.get("abortive"))
    waiting = _players(event, "waiting")
    declarers = _players(event, "riichi")
    kind_of_draw = _abortive_reason(state, event, declarers) if abortive else ""
    flow = state.flow
    payments = (0, 0, 0, 0)
    family = _family(state)
    if not abortive and flow.draw_payments and family.draw_payments is not None:
        places = state.places
        tenpai_by_place = [False] * 4
        for player in waiting:
            tenpai_by_place[places[player]] = True
        payments = _by_player(state, family.draw_payments(tenpai_by_place, dict(state.options)))
    sticks = _stick_deltas(state, declarers)
    deltas = [payments[p] + sticks[p] for p in range(4)]
    reason = event.get("reason") or ""
    if not isinstance(reason, str):
        raise TableError("a draw's reason must be text")
    kind = "abortive_draw" if abortive else "draw"
    said = ABORTIVE_KINDS.get(kind_of_draw, "") if abortive else reason
    if abortive and event.get("note"):
        said = f"{said}: {event['note']}"
    if abortive and event.get("player") is not None:
        said += f", declared by {state.players[_player(event, 'player')]}"
    summary = ("abortive draw" if abortive else "draw") + (f" ({said})" if said else "")
    if waiting:
        summary += f"; waiting: {_names(state, waiting)}"
    state = _record(state, event_id, kind, deltas, -sum(sticks), summary,
                    waiting=waiting, riichi=declarers, payments=list(payments),
                    reason=kind_of_draw if abortive else reason)
    state = replace(state, sticks=state.sticks + len(declarers))
    rule = flow.keep_on_abortive_draw if abortive else flow.keep_on_exhaustive_draw
    keeps = rule == KEEP_ALWAYS or (rule == KEEP_IF_WAITING and state.dealer in waiting)
    honba = state.honba + 1 if flow.counter_on_draw else 0
    return _next_hand(state, keeps, honba)


def _apply_false_win(state: TableState, offender: int, event_id: int, reason: str) -> TableState:
    if offender in state.dead:
        raise TableError(f"{state.players[offender]}'s hand is already dead in this hand")
    places = state.places
    family = _family(state)
    payments = _by_player(state, family.false_win_payments(places[offender], places[state.dealer],
                                                           dict(state.options)))
    summary = f"false win by {state.players[offender]}" + (f": {reason}" if reason else "")
    state = _record(state, event_id, "false_win", payments, 0, summary, offender=offender, reason=reason)
    if not state.flow.false_win_dead_hand:
        return state            # chombo: the hand is dealt again, same dealer and counters
    return replace(state, dead=state.dead | {offender})


def _apply_penalty(state: TableState, event: Mapping[str, Any], event_id: int) -> TableState:
    deltas = event.get("deltas")
    if (not isinstance(deltas, (list, tuple)) or len(deltas) != 4
            or any(isinstance(d, bool) or not isinstance(d, int) for d in deltas) or sum(deltas) != 0):
        raise TableError("a penalty needs four whole-number deltas summing to zero")
    reason = event.get("reason") or ""
    offence = event.get("offence")
    try:
        summary, kind = penalty_summary(state.rules, tuple(deltas), reason, offence,
                                        event.get("offender"), state.players)
    except ValueError as error:
        raise TableError(str(error)) from error
    details: dict[str, Any] = {"reason": reason}
    if offence:
        details["offence"] = offence
    return _record(state, event_id, kind, tuple(deltas), 0, summary, **details)


def _apply_play(state: TableState, event: Mapping[str, Any], event_id: int) -> TableState:
    """A discard, a draw from the wall or a ready declaration (engine.table.hand_play): nothing is paid;
    a ready declaration is recorded in the history, the others only change what the table knows."""
    kind = event.get("type")
    if not state.flow.play_events:
        raise TableError(f"{state.rules} keeps no discards, wall draws or ready declarations "
                         "(it has no sacred-discard rule)")
    player = _player(event, "player")
    assert player is not None
    if kind == "discard":
        try:
            tile = one_tile(event.get("tile"))
        except ValueError as error:
            raise TableError(str(error)) from error
        return replace(state, play=state.play.discard(player, tile))
    if kind == "wall_draw":
        return replace(state, play=state.play.wall_draw(player))
    if player in state.play.ready:
        raise TableError(f"{state.players[player]} has already declared ready this hand")
    state = _record(state, event_id, "ready", (0, 0, 0, 0), 0,
                    f"{state.players[player]} declares a ready hand", player=player)
    return replace(state, play=state.play.declare_ready(player))


def _next_hand(state: TableState, keeps_deal: bool, honba: int) -> TableState:
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
                       dealer_hands=1, honba=0, dead=frozenset(), play=HandPlay(), finished=finished)
    if keeps_deal:
        return replace(state, hand_number=hand_number, dealer_hands=state.dealer_hands + 1,
                       honba=honba, dead=frozenset(), play=HandPlay())
    dealer = (state.dealer + 1) % 4
    round_index = state.round_index + (1 if dealer == 0 else 0)
    finished = round_index >= flow.rounds
    return replace(state, hand_number=hand_number, dealer=dealer, round_index=round_index,
                   dealer_hands=1, honba=honba, dead=frozenset(), play=HandPlay(), finished=finished)


# -- building events from play -------------------------------------------------------------------

def hand_context(state: TableState, player: int) -> dict[str, Any]:
    """The engine-input fields the table knows for ``player``'s hand now (winds, counters, sticks)."""
    return {"rules": state.rules, "seat_wind": WIND_LETTERS[state.seat_winds[player]],
            "round_wind": state.round_wind, "honba": state.honba, "riichi_sticks": state.sticks}


class Table:
    """A table with its raw event log; every read is a replay, every write is checked first."""

    def __init__(self, rules: str, players: Sequence[str], options: Mapping[str, Any] | None = None,
                 log: Iterable[Mapping[str, Any]] = ()) -> None:
        self.rules = rules
        self.players = tuple(players)
        self.overrides = dict(options or {})
        self.log: list[dict[str, Any]] = [dict(event) for event in log]
        self._state = replay(rules, self.players, self.overrides, self.log)

    @property
    def state(self) -> TableState:
        return self._state

    def preview(self, event: Mapping[str, Any]) -> TableState:
        """The state the event would lead to, without recording it (raises TableError if it cannot)."""
        return replay(self.rules, self.players, self.overrides, self.log + [dict(event)])

    def state_before(self, event_id: int) -> TableState:
        """The state just before the event logged at ``event_id`` was played: the seats, winds,
        counters and sticks that hand was played under (an amendment is scored against it)."""
        state = new_state(self.rules, self.players, self.overrides)
        for index, event in effective_events(self.log):
            if index == event_id:
                return state
            state = apply(state, event, index)
        raise TableError(f"event {event_id!r} is not in the table's history (undone or unknown)")

    def record(self, event: Mapping[str, Any]) -> TableState:
        state = self.preview(event)
        self.log.append(dict(event))
        self._state = state
        return state

    def undo(self) -> TableState:
        return self.record({"type": "undo"})

    def amend(self, event_id: int, event: Mapping[str, Any]) -> TableState:
        return self.record({"type": "amend", "target": event_id, "event": dict(event)})
