"""The tables of the database (SQLAlchemy 2 declarative models); ``webapp/migrations`` creates them."""

from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import JSON, DateTime, ForeignKey, Index, Integer, LargeBinary, String, UniqueConstraint
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
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)
    # Loaded in the same statement as the table (four rows): one round trip less per request.
    seats: Mapped[list[SeatRow]] = relationship(order_by="SeatRow.seat", lazy="joined")


class SeatRow(Base):
    """Which player is A, B, C, D (the order they drew East, South, West, North for hand 1)."""

    __tablename__ = "table_players"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
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

