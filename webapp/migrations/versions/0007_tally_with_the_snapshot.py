"""A club table's whole tally is kept beside its snapshot, written in the snapshot's own statement
with each event, instead of in a table of its own (one statement less for every hand recorded).

A tally is moved only where it is at its snapshot's version; any other is folded again from the
table's log by the table's next event (or when its season's placings are worked out again).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("table_snapshots", sa.Column("tally", sa.JSON, nullable=True))
    op.execute(
        "UPDATE table_snapshots SET tally = (SELECT table_tallies.tally FROM table_tallies"
        " WHERE table_tallies.table_id = table_snapshots.table_id"
        " AND table_tallies.version = table_snapshots.version)"
    )
    op.drop_table("table_tallies")


def downgrade() -> None:
    op.create_table(
        "table_tallies",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("tally", sa.JSON, nullable=False),
    )
    op.execute(
        "INSERT INTO table_tallies (table_id, version, tally) SELECT table_id, version, tally"
        " FROM table_snapshots WHERE tally IS NOT NULL"
    )
    with op.batch_alter_table("table_snapshots") as batch:  # SQLite drops a column by copying the table
        batch.drop_column("tally")
