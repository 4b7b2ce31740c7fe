"""A club table's tally and standings, kept with each event, agree with a tally folded from
scratch over the table's replayed history, whatever the events (appends, undos, amendments of
old hands): a property test over random event sequences, on SQLite."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from engine.table.events import TableError, declared_score
from engine.table.fold import effective_events
from engine.table.state import Table
from webapp.storage import ConflictError, Storage
from webapp.storage.models import SeatTallyRow
from webapp.storage.placing import placings
from webapp.storage.tally import tally_of

ITEMS = ("Pure Straight", "All Chows", "Flower", "Mixed Shifted Chows")


def scored(total: int, items: tuple[str, ...]) -> dict:
    score = dict(declared_score(total, minimum=8), declared=False)
    score["items"] = [{"name": name, "value": 1, "count": 1} for name in items]
    return score


seat = st.integers(0, 3)
win = st.builds(
    lambda w, d, self_drawn, total, items: {
        "type": "win",
        "winner": w,
        "discarder": None if self_drawn or d == w else d,
        "score": scored(total, items),
    },
    seat,
    seat,
    st.booleans(),
    st.integers(8, 88),
    st.lists(st.sampled_from(ITEMS), unique=True, max_size=3).map(tuple),
)
hand_event = st.one_of(
    win,
    st.just({"type": "draw"}),
    st.builds(lambda p: {"type": "false_win", "offender": p}, seat),
    st.builds(
        lambda a, b: (
            {"type": "penalty", "deltas": [-10 if i == a else 10 if i == b else 0 for i in range(4)]}
            if a != b
            else {"type": "draw"}
        ),
        seat,
        seat,
    ),
)
step = st.one_of(
    hand_event,
    hand_event,
    hand_event,
    st.just({"type": "undo"}),
    st.builds(lambda index, event: {"amend": index, "event": event}, st.integers(0, 30), hand_event),
)


@pytest.fixture(scope="module")
def club_store(tmp_path_factory: pytest.TempPathFactory):
    store = Storage(f"sqlite:///{Path(tmp_path_factory.mktemp('club')) / 'club.sqlite3'}")
    club = store.create_club("Property")
    members = [store.add_member(club.id, name).id for name in ("Ann", "Bob", "Cai", "Dee")]
    season = store.create_season(club.id, "All", family="mcr", rule="table_points")
    yield store, club, members, season
    store.close()


def stored_tally(store: Storage, table_id: int) -> tuple[list[tuple], dict[tuple[int, str], int]]:
    with store.engine.connect() as connection:
        seats = connection.execute(
            select(
                SeatTallyRow.hands,
                SeatTallyRow.wins,
                SeatTallyRow.self_drawn,
                SeatTallyRow.dealt_in,
                SeatTallyRow.false_wins,
                SeatTallyRow.win_value_sum,
                SeatTallyRow.win_value_max,
                SeatTallyRow.dealer_streak,
                SeatTallyRow.dealt_in_to_seat_0,
                SeatTallyRow.dealt_in_to_seat_1,
                SeatTallyRow.dealt_in_to_seat_2,
                SeatTallyRow.dealt_in_to_seat_3,
                SeatTallyRow.total,
                SeatTallyRow.place,
                SeatTallyRow.figure,
                SeatTallyRow.tiebreak,
            )
            .where(SeatTallyRow.table_id == table_id)
            .order_by(SeatTallyRow.seat)
        ).all()
        items = connection.execute(
            select(SeatTallyRow.seat, SeatTallyRow.items).where(SeatTallyRow.table_id == table_id)
        ).all()
    return [tuple(row) for row in seats], {
        (s, item): hands for s, counted in items for item, hands in counted.items()
    }


def from_scratch(store: Storage, table_id: int, season) -> tuple[list[tuple], dict[tuple[int, str], int]]:
    loaded = store.load(table_id)
    log = loaded.log
    state = Table("mcr", loaded.head.players, {}, log).state
    events = dict(effective_events(log))
    tally = tally_of([(record, events.get(record.event_id)) for record in state.records])
    placed = placings("mcr", {}, season, tally.totals)
    seats = [
        (
            s.hands,
            s.wins,
            s.self_drawn,
            s.dealt_in,
            s.false_wins,
            s.win_value_sum,
            s.win_value_max,
            s.dealer_streak,
            *s.dealt_in_to,
            tally.totals[i],
            *placed[i],
        )
        for i, s in enumerate(tally.seats)
    ]
    items = {(i, item): hands for i, s in enumerate(tally.seats) for item, hands in s.items.items()}
    return seats, items


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(step, min_size=1, max_size=12))
def test_the_kept_tally_is_the_tally_from_scratch(club_store, steps):
    store, club, members, season = club_store
    ref = store.create_club_table(club.id, "mcr", members)
    version = 0
    for item in steps:
        try:
            if "amend" in item:
                records = store.load(ref.id).state.records
                if not records:
                    continue
                target = records[item["amend"] % len(records)].event_id
                loaded = store.amend(ref.id, version, target, item["event"])
            else:
                loaded = store.record(ref.id, version, item)
        except (TableError, ConflictError):
            continue
        version = loaded.version
        assert stored_tally(store, ref.id) == from_scratch(store, ref.id, season)


def test_a_hand_worked_tally(club_store):
    """Ann wins 20 on Bob's discard (Pure Straight, Flower), Bob wins 10 self-drawn (Flower), a
    draw, Cai's false win: the figures as counted by hand."""
    store, club, members, season = club_store
    ref = store.create_club_table(club.id, "mcr", members)
    events = [
        {"type": "win", "winner": 0, "discarder": 1, "score": scored(20, ("Pure Straight", "Flower"))},
        {"type": "win", "winner": 1, "discarder": None, "score": scored(10, ("Flower",))},
        {"type": "draw"},
        {"type": "false_win", "offender": 2},
    ]
    for version, event in enumerate(events):
        store.record(ref.id, version, event)
    seats, items = stored_tally(store, ref.id)
    # hands, wins, self-drawn, dealt in, false wins, value sum, value max
    assert [row[:7] for row in seats] == [
        (3, 1, 0, 0, 0, 20, 20),
        (3, 1, 1, 1, 0, 10, 10),
        (3, 0, 0, 0, 1, 0, 0),
        (3, 0, 0, 0, 0, 0, 0),
    ]
    assert items == {(0, "Pure Straight"): 1, (0, "Flower"): 1, (1, "Flower"): 1}
    # Bob's one deal-in was to Ann's win (seat 0); no one else dealt in
    assert [row[8:12] for row in seats] == [(0, 0, 0, 0), (1, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)]
