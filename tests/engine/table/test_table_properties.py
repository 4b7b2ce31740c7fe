"""Property-based tests over random games, for every preset.

Random events (wins on discards and by self-draw, several claims, draws with waiting players and
riichi sticks, false wins, penalties) are fed to a table; an event the table refuses (a dead hand
winning, a riichi where the preset has none) is simply skipped. Then, for every hand: payments and
the sticks on the table sum to zero; undo then redo gives the same state; amending hand k and
amending it back restores every later total.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.families import presets
from engine.table.events import TableError, declared_score
from engine.table.state import Table, TableState

PLAYERS = ["Ann", "Bob", "Cai", "Dee"]
PRESETS = sorted(presets())
settings.register_profile("table", max_examples=25, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])


def score_for(rules: str, draw) -> dict:
    """A plausible declared score in the preset's unit."""
    if rules.startswith("mcr"):
        return declared_score(draw(st.integers(8, 88)), minimum=8)
    if rules == "riichi":
        if draw(st.booleans()):
            return declared_score(0, limit=draw(st.sampled_from(["mangan", "haneman", "baiman", "yakuman"])))
        return declared_score(0, han=draw(st.integers(1, 4)), fu=draw(st.sampled_from([30, 40, 50, 70])))
    if rules == "japanese-classical":
        return declared_score(draw(st.integers(2, 50)) * 10)
    return declared_score(draw(st.integers(0, 150)) * 2)


def random_event(rules: str, draw) -> dict:
    kind = draw(st.sampled_from(["ron", "ron", "tsumo", "claims", "draw", "draw", "false_win", "penalty"]))
    # Only Riichi plays riichi by default (japanese-classical refuses sticks: the Japanese sheet has no
    # riichi).
    riichi = draw(st.lists(st.integers(0, 3), unique=True, max_size=2)) if rules == "riichi" else []
    if kind in ("ron", "tsumo"):
        winner = draw(st.integers(0, 3))
        discarder = None if kind == "tsumo" else draw(st.sampled_from([p for p in range(4) if p != winner]))
        event = {"type": "win", "winner": winner, "discarder": discarder, "score": score_for(rules, draw),
                 "riichi": riichi}
        if rules == "classical":
            event["others"] = {str(p): score_for(rules, draw) for p in range(4) if p != winner}
        return event
    if kind == "claims":
        discarder = draw(st.integers(0, 3))
        claimants = draw(st.lists(st.sampled_from([p for p in range(4) if p != discarder]),
                                  unique=True, min_size=2, max_size=3))
        return {"type": "win", "discarder": discarder, "riichi": riichi,
                "claims": [{"winner": p, "score": score_for(rules, draw)} for p in claimants]}
    if kind == "draw":
        waiting = draw(st.lists(st.integers(0, 3), unique=True, max_size=4))
        kinds = Table(rules, PLAYERS).state.flow.abortive_kinds
        abortive = bool(kinds) and draw(st.booleans())
        return {"type": "draw", "abortive": abortive, "waiting": waiting,
                "riichi": [p for p in riichi if p in waiting],
                "reason": draw(st.sampled_from(kinds)) if abortive else ""}
    if kind == "false_win":
        return {"type": "false_win", "offender": draw(st.integers(0, 3))}
    offender = draw(st.integers(0, 3))
    return {"type": "penalty", "deltas": [-30 if p == offender else 10 for p in range(4)]}


def play(rules: str, draw, length: int) -> Table:
    table = Table(rules, PLAYERS)
    for _ in range(length):
        if table.state.finished:
            break
        try:
            table.record(random_event(rules, draw))
        except TableError:
            continue
    return table


def comparable(state: TableState) -> TableState:
    """The state without log positions (a redone event sits at a new index of the log)."""
    return replace(state, records=tuple(replace(record, event_id=0) for record in state.records))


@pytest.mark.parametrize("rules", PRESETS)
@settings(settings.get_profile("table"))
@given(data=st.data())
def test_every_hand_sums_to_zero(rules, data):
    table = play(rules, data.draw, data.draw(st.integers(1, 40)))
    state = table.state
    start = state.flow.start_points
    running = [start] * 4
    for record in state.records:
        # Players' deltas plus what went onto (or came off) the table: nothing is created or lost.
        assert sum(record.deltas) + record.pot_change == 0, record
        running = [total + delta for total, delta in zip(running, record.deltas, strict=True)]
        assert tuple(running) == record.totals
    assert sum(state.totals) + state.stick_points == 4 * start


@pytest.mark.parametrize("rules", PRESETS)
@settings(settings.get_profile("table"))
@given(data=st.data())
def test_undo_then_redo_gives_the_same_state(rules, data):
    table = play(rules, data.draw, data.draw(st.integers(1, 30)))
    if not table.state.records:
        return
    before = comparable(table.state)
    last_id = table.state.records[-1].event_id
    last_event = table.log[last_id]
    undone = table.undo()
    assert len(undone.records) == len(before.records) - 1
    assert comparable(table.record(last_event)) == before


@pytest.mark.parametrize("rules", PRESETS)
@settings(settings.get_profile("table"))
@given(data=st.data())
def test_amending_a_hand_and_back_restores_later_totals(rules, data):
    table = play(rules, data.draw, data.draw(st.integers(2, 30)))
    records = table.state.records
    if not records:
        return
    original = [record.totals for record in records]
    k = data.draw(st.integers(0, len(records) - 1))
    target = records[k].event_id
    old_event = table.log[target]
    try:
        changed = table.amend(target, random_event(rules, data.draw))
    except TableError:
        changed = None          # the amendment would make a later event impossible: refused
    if changed is not None:
        assert [r.totals for r in changed.records[:k]] == original[:k]
    restored = table.amend(target, old_event)
    assert [record.totals for record in restored.records] == original
