"""An index on each hand record's table and hand, so a page of a table's history reads only its
own hands' records (and their newest amendments), whatever the table's length.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_hands_table_hand", "hands", ["table_id", "hand_seq"])


def downgrade() -> None:
    op.drop_index("ix_hands_table_hand", table_name="hands")
