"""Each table's state after its latest event (head and settled records), beside the event log.

Existing tables get no snapshot here: the first read replays the log as before, and the first
write stores the snapshot.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_snapshots",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("head", sa.JSON, nullable=False),
    )
    op.create_table(
        "table_records",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("position", sa.Integer, primary_key=True),
        sa.Column("record", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_records")
    op.drop_table("table_snapshots")
