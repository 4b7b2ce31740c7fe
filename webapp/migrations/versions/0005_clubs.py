"""Clubs: their players (people with stable ids), seasons, tables and seats linked to them, and
each club table's tally (per seat figures and breakdown items) kept with every event.

Existing tables stay outside any club: their new columns are empty, and they get a tally when
they are moved into a club.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "clubs",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("edit_token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("view_token", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "club_players",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("club_id", sa.Integer, sa.ForeignKey("clubs.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("short_name", sa.String(12), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("club_id", "name", name="uq_club_players_name"),
    )
    op.create_table(
        "seasons",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("club_id", sa.Integer, sa.ForeignKey("clubs.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("starts_on", sa.Date, nullable=True),
        sa.Column("ends_on", sa.Date, nullable=True),
        sa.Column("family", sa.String(40), nullable=True),
        sa.Column("rule", sa.String(40), nullable=False),
        sa.Column("rule_options", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("club_id", sa.Integer, nullable=True))
        batch.add_column(sa.Column("season_id", sa.Integer, nullable=True))
        batch.create_foreign_key("fk_tables_club_id", "clubs", ["club_id"], ["id"])
        batch.create_foreign_key("fk_tables_season_id", "seasons", ["season_id"], ["id"])
        batch.create_index("ix_tables_club_id", ["club_id"])
        batch.create_index("ix_tables_season_id", ["season_id"])
    with op.batch_alter_table("table_players") as batch:
        batch.add_column(sa.Column("member_id", sa.Integer, nullable=True))
        batch.create_foreign_key("fk_table_players_member_id", "club_players", ["member_id"], ["id"])
        batch.create_index("ix_table_players_member_id", ["member_id"])
    op.create_table(
        "seat_tallies",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("member_id", sa.Integer, sa.ForeignKey("club_players.id"), nullable=True),
        sa.Column("season_id", sa.Integer, sa.ForeignKey("seasons.id"), nullable=True),
        *[sa.Column(name, sa.Integer, nullable=False) for name in (
            "hands", "wins", "self_drawn", "dealt_in", "false_wins", "win_value_sum", "win_value_max",
            "dealer_streak", "total")],
        sa.Column("place", sa.Integer, nullable=True),
        sa.Column("figure", sa.Float, nullable=False),
        sa.Column("tiebreak", sa.Float, nullable=False),
        sa.Column("played_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_seat_tallies_member", "seat_tallies", ["member_id", "season_id"])
    # covering the standings' sums, so a season's standings read the index alone
    op.create_index("ix_seat_tallies_season", "seat_tallies",
                    ["season_id", "member_id", "hands", "figure", "tiebreak"])
    op.create_table(
        "seat_items",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("item", sa.String(120), primary_key=True),
        sa.Column("hands", sa.Integer, nullable=False),
    )
    op.create_table(
        "table_tallies",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("tally", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_tallies")
    op.drop_table("seat_items")
    op.drop_index("ix_seat_tallies_season", table_name="seat_tallies")
    op.drop_index("ix_seat_tallies_member", table_name="seat_tallies")
    op.drop_table("seat_tallies")
    with op.batch_alter_table("table_players") as batch:
        batch.drop_index("ix_table_players_member_id")
        batch.drop_constraint("fk_table_players_member_id", type_="foreignkey")
        batch.drop_column("member_id")
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_season_id")
        batch.drop_index("ix_tables_club_id")
        batch.drop_constraint("fk_tables_season_id", type_="foreignkey")
        batch.drop_constraint("fk_tables_club_id", type_="foreignkey")
        batch.drop_column("season_id")
        batch.drop_column("club_id")
    op.drop_table("seasons")
    op.drop_table("club_players")
    op.drop_table("clubs")
