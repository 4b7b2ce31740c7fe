"""The tables of the database (SQLAlchemy 2 declarative models); ``webapp/migrations`` creates them."""

from __future__ import annotations

from datetime import date, datetime, timezone

from sqlalchemy import (
    JSON,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


class Base(DeclarativeBase):
    pass


class PlayerRow(Base):
    """A person who plays; the same name at several tables is the same player."""

    __tablename__ = "players"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class TableRow(Base):
    """A table (a session): its preset and option overrides, tokens and log version."""

    __tablename__ = "tables"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80), default="")
    rules: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict] = mapped_column(JSON, default=dict)
    edit_token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    view_token: Mapped[str] = mapped_column(String(64), unique=True)
    version: Mapped[int] = mapped_column(Integer, default=0)   # = number of events in the log
    # A table of a club counts in its season's standings; a table outside a club has neither.
    club_id: Mapped[int | None] = mapped_column(ForeignKey("clubs.id"), nullable=True, index=True)
    season_id: Mapped[int | None] = mapped_column(ForeignKey("seasons.id"), nullable=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)
    # Loaded in the same statement as the table (four rows): one round trip less per request.
    seats: Mapped[list[SeatRow]] = relationship(order_by="SeatRow.seat", lazy="joined")


class SeatRow(Base):
    """Which player is A, B, C, D (the order they drew East, South, West, North for hand 1)."""

    __tablename__ = "table_players"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    # At a club's table: the club's player in this seat (the table keeps the name it was played under).
    member_id: Mapped[int | None] = mapped_column(ForeignKey("club_players.id"), nullable=True, index=True)
    player: Mapped[PlayerRow] = relationship(lazy="joined")


class EventRow(Base):
    """One event of a table's append-only log (engine.table.state's event dict, as JSON)."""

    __tablename__ = "events"
    # The second index finds a table's amendments (what a page of its history applies) alone.
    __table_args__ = (UniqueConstraint("table_id", "seq", name="uq_events_table_seq"),
                      Index("ix_events_table_type", "table_id", "type"))
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)          # 1, 2, ...; the engine's event id is seq - 1
    type: Mapped[str] = mapped_column(String(20))
    payload: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class HandRow(Base):
    """What was captured and settled for one event: the hand as entered, the photo and what the
    camera read, the player's corrections (labelled training data), the score and the payments.
    An amendment writes a new row for the same hand; the newest row describes it."""

    __tablename__ = "hands"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    event_seq: Mapped[int] = mapped_column(Integer)    # the event that wrote this row
    hand_seq: Mapped[int] = mapped_column(Integer)     # the event it describes (an amend's target)
    kind: Mapped[str] = mapped_column(String(20))
    input: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    photo_ref: Mapped[str | None] = mapped_column(String(200), nullable=True)
    detections: Mapped[list | dict | None] = mapped_column(JSON, nullable=True)
    corrections: Mapped[list | dict | None] = mapped_column(JSON, nullable=True)
    score: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    payments: Mapped[list] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class SnapshotRow(Base):
    """The table's state after its latest event (``webapp.snapshot``): derived from the log,
    written in the same transaction as each event, rebuilt from the log when it does not fit."""

    __tablename__ = "table_snapshots"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer)      # the table version this state is after
    head: Mapped[dict] = mapped_column(JSON)
    # A club table's whole tally at the same version (``webapp.storage.tally.TableTally`` as
    # JSON): the next event's tally continues from it. Written in the snapshot's own statement;
    # None outside a club (and where a snapshot was stored without it: the next event folds it).
    tally: Mapped[dict | None] = mapped_column(JSON, nullable=True)


class RecordRow(Base):
    """One settled record of the snapshot (position = its index in ``TableState.records``)."""

    __tablename__ = "table_records"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    record: Mapped[dict] = mapped_column(JSON)


class PhotoRow(Base):
    """A photo's bytes and its reading, when servers share the database (MEDIA_IN_DATABASE)."""

    __tablename__ = "photos"
    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    extension: Mapped[str] = mapped_column(String(8))
    data: Mapped[bytes] = mapped_column(LargeBinary)
    reading: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class PendingRow(Base):
    """The stable hand a camera pushed for a table, waiting for the declare page."""

    __tablename__ = "pending_hands"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    item: Mapped[dict] = mapped_column(JSON)



class ClubRow(Base):
    """A group of people who play together over many evenings: its own edit and read-only tokens."""

    __tablename__ = "clubs"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    edit_token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    view_token: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class MemberRow(Base):
    """A person of a club: a stable id, a display name that may change, a short name for seat cards."""

    __tablename__ = "club_players"
    __table_args__ = (UniqueConstraint("club_id", "name", name="uq_club_players_name"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(80))
    short_name: Mapped[str] = mapped_column(String(12), default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class SeasonRow(Base):
    """A club's tables grouped: named, with an optional date range; one family or mixed (None), and
    the standings rule (a code of the family's ``standings_rules``) with its options."""

    __tablename__ = "seasons"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(80))
    starts_on: Mapped[date | None] = mapped_column(Date, nullable=True)
    ends_on: Mapped[date | None] = mapped_column(Date, nullable=True)
    family: Mapped[str | None] = mapped_column(String(40), nullable=True)
    rule: Mapped[str] = mapped_column(String(40))
    rule_options: Mapped[dict] = mapped_column(JSON, default=dict)
    # one more with each change of the rule or its options: a hand placed under the old rule by a
    # writer that read the season before the change is refused as a conflict
    revision: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class SeatTallyRow(Base):
    """One seat's figures at one table, kept up to date in the same transaction as each event
    (``webapp.storage.tally``): what a club's standings and player pages add up in SQL. ``place``,
    ``figure`` and ``tiebreak`` are the table's placing under its season's standings rule."""

    __tablename__ = "seat_tallies"
    # A player's page reads by player; a season's standings by season, summing per player (the
    # season index holds the summed columns, so the standings read the index alone).
    __table_args__ = (Index("ix_seat_tallies_member", "member_id", "season_id"),
                      Index("ix_seat_tallies_season", "season_id", "member_id", "hands", "figure",
                            "tiebreak"))
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    member_id: Mapped[int | None] = mapped_column(ForeignKey("club_players.id"), nullable=True)
    season_id: Mapped[int | None] = mapped_column(ForeignKey("seasons.id"), nullable=True)
    hands: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    self_drawn: Mapped[int] = mapped_column(Integer, default=0)
    dealt_in: Mapped[int] = mapped_column(Integer, default=0)
    false_wins: Mapped[int] = mapped_column(Integer, default=0)
    win_value_sum: Mapped[int] = mapped_column(Integer, default=0)
    win_value_max: Mapped[int] = mapped_column(Integer, default=0)
    dealer_streak: Mapped[int] = mapped_column(Integer, default=0)
    # wins this seat dealt in to, by the winner's seat (``DEALT_IN_TO``): head to head's deal-ins
    dealt_in_to_seat_0: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    dealt_in_to_seat_1: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    dealt_in_to_seat_2: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    dealt_in_to_seat_3: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    total: Mapped[int] = mapped_column(Integer, default=0)
    place: Mapped[int | None] = mapped_column(Integer, nullable=True)
    figure: Mapped[float] = mapped_column(Float, default=0.0)
    tiebreak: Mapped[float] = mapped_column(Float, default=0.0)
    played_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)
    # the breakdown items (fans, yaku, faan, tai) this seat won hands with: {item: hands}; a
    # player's page sums them per item in SQL (``webapp.storage.club_reads``)
    items: Mapped[dict] = mapped_column(JSON, default=dict, server_default="{}")


DEALT_IN_TO = ("dealt_in_to_seat_0", "dealt_in_to_seat_1", "dealt_in_to_seat_2", "dealt_in_to_seat_3")
