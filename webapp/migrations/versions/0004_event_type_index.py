"""An index on each event's table and type, so a page of a table's history finds the table's
amendments (which change the events it shows) without reading the rest of its log.

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
    op.create_index("ix_events_table_type", "events", ["table_id", "type"])


def downgrade() -> None:
    op.drop_index("ix_events_table_type", table_name="events")
