"""Players, tables, seats, the event log and hand records.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(80), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("rules", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("edit_token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("view_token", sa.String(64), nullable=False, unique=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "table_players",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
    )
    op.create_table(
        "events",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("type", sa.String(20), nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "seq", name="uq_events_table_seq"),
    )
    op.create_index("ix_events_table_id", "events", ["table_id"])
    op.create_table(
        "hands",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("event_seq", sa.Integer, nullable=False),
        sa.Column("hand_seq", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("input", sa.JSON, nullable=True),
        sa.Column("photo_ref", sa.String(200), nullable=True),
        sa.Column("detections", sa.JSON, nullable=True),
        sa.Column("corrections", sa.JSON, nullable=True),
        sa.Column("score", sa.JSON, nullable=True),
        sa.Column("payments", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_hands_table_id", "hands", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_hands_table_id", table_name="hands")
    op.drop_table("hands")
    op.drop_index("ix_events_table_id", table_name="events")
    op.drop_table("events")
    op.drop_table("table_players")
    op.drop_table("tables")
    op.drop_table("players")
