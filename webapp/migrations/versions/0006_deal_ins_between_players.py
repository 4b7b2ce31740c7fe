"""Each club seat's deal-ins by the winner's seat, so head to head can say who dealt in to whom.

Tallies kept before this revision have 0 there until their table's tally is folded again (an undo
or an amendment at that table folds it from every record).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

COLUMNS = ("dealt_in_to_seat_0", "dealt_in_to_seat_1", "dealt_in_to_seat_2", "dealt_in_to_seat_3")


def upgrade() -> None:
    for name in COLUMNS:
        op.add_column("seat_tallies", sa.Column(name, sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("seat_tallies") as batch:  # SQLite drops a column by copying the table
        for name in COLUMNS:
            batch.drop_column(name)
