"""Alembic environment: run the migrations on the connection webapp.storage hands over, or on the
URL given with ``-x url=...`` (else TILETALLY_DB / DATABASE_URL / the default SQLite file)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from webapp.storage import Base, database_url, make_engine

# An arbitrary fixed key: concurrent servers starting on one PostgreSQL database migrate one at a time.
PG_MIGRATION_LOCK = 7_412_019


def run(connection: Connection) -> None:
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({PG_MIGRATION_LOCK})")
    context.configure(connection=connection, target_metadata=Base.metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


def main() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:
        run(connection)
        return
    url = context.get_x_argument(as_dictionary=True).get("url")
    engine = make_engine(database_url(url))
    with engine.begin() as connection:
        run(connection)
    engine.dispose()


main()
