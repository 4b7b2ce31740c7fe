"""A club table's tally is written in fewer statements with each hand: the whole tally beside the
table's snapshot (in the snapshot's own statement) instead of a table of its own, and each seat's
breakdown items in its seat row (one statement for the four seats) instead of a row per item.
A season counts the changes of its standings rule (``seasons.revision``), so that a hand placed
under the old rule is refused.

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

SEAT_ITEMS = sa.table(
    "seat_items", sa.column("table_id", sa.Integer), sa.column("seat", sa.Integer),
    sa.column("item", sa.String), sa.column("hands", sa.Integer),
)
SEAT_TALLIES = sa.table(
    "seat_tallies", sa.column("table_id", sa.Integer), sa.column("seat", sa.Integer),
    sa.column("items", sa.JSON),
)


def upgrade() -> None:
    op.add_column("seasons", sa.Column("revision", sa.Integer, nullable=False, server_default="0"))
    op.add_column("table_snapshots", sa.Column("tally", sa.JSON, nullable=True))
    op.execute(
        "UPDATE table_snapshots SET tally = (SELECT table_tallies.tally FROM table_tallies"
        " WHERE table_tallies.table_id = table_snapshots.table_id"
        " AND table_tallies.version = table_snapshots.version)"
    )
    op.drop_table("table_tallies")
    op.add_column("seat_tallies", sa.Column("items", sa.JSON, nullable=False, server_default="{}"))
    connection = op.get_bind()
    counted: dict[tuple[int, int], dict[str, int]] = {}
    for table_id, seat, item, hands in connection.execute(sa.select(SEAT_ITEMS)):
        counted.setdefault((table_id, seat), {})[item] = hands
    if counted:
        connection.execute(
            SEAT_TALLIES.update()
            .where(SEAT_TALLIES.c.table_id == sa.bindparam("at_table"),
                   SEAT_TALLIES.c.seat == sa.bindparam("at_seat"))
            .values(items=sa.bindparam("counted", type_=sa.JSON)),
            [{"at_table": table_id, "at_seat": seat, "counted": items}
             for (table_id, seat), items in counted.items()],
        )
    op.drop_table("seat_items")


def downgrade() -> None:
    op.create_table(
        "seat_items",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("item", sa.String(120), primary_key=True),
        sa.Column("hands", sa.Integer, nullable=False),
    )
    connection = op.get_bind()
    rows = [
        {"table_id": table_id, "seat": seat, "item": item[:120], "hands": hands}
        for table_id, seat, items in connection.execute(sa.select(SEAT_TALLIES))
        for item, hands in (items or {}).items()
    ]
    if rows:
        connection.execute(SEAT_ITEMS.insert(), rows)
    with op.batch_alter_table("seat_tallies") as batch:  # SQLite drops a column by copying the table
        batch.drop_column("items")
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
    with op.batch_alter_table("table_snapshots") as batch:
        batch.drop_column("tally")
    # dropped in place (SQLite 3.35+), not by batch's copy: other tables point at seasons
    op.drop_column("seasons", "revision")
