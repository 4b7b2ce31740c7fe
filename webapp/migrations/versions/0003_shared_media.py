"""Photos (bytes and reading) and each table's pending camera hand in the database, for servers
that share one PostgreSQL (the ``MEDIA_IN_DATABASE`` setting); unused otherwise.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "photos",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("extension", sa.String(8), nullable=False),
        sa.Column("data", sa.LargeBinary, nullable=False),
        sa.Column("reading", sa.JSON, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_photos_table_id", "photos", ["table_id"])
    op.create_table(
        "pending_hands",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("item", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("pending_hands")
    op.drop_index("ix_photos_table_id", table_name="photos")
    op.drop_table("photos")
