"""The one statement that writes a club table's four seat rows (``seat_tallies``) with each event:
built once per database, in the form that database runs fastest, and run as the driver's own SQL.

A club hand costs this statement more than a hand elsewhere, so it is kept cheap on both sides:
- SQLite runs in the app's own process, where the driver binds values in C: one UPDATE with a
  CASE on the seat per column and a bound value per seat and figure.
- PostgreSQL parses and plans every statement the driver sends it as text: the four seats'
  figures go as one JSON document that the UPDATE unpacks and joins to the seat rows.
Either way SQLAlchemy only sends the prepared SQL (no statement to compile, no value to process).

The rows are written only under the season, and the revision of its rule, that the writer read
(a subquery in the same statement): where they changed meanwhile nothing is written.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    JSON,
    Connection,
    Integer,
    String,
    bindparam,
    case,
    cast,
    func,
    literal_column,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import Dialect

from webapp.storage.models import DEALT_IN_TO, SeasonRow, SeatTallyRow
from webapp.storage.tally import SEATS

COUNTS = ("hands", "wins", "self_drawn", "dealt_in", "false_wins", "win_value_sum", "win_value_max",
          "dealer_streak", "total")
SEAT_FIGURES = (*COUNTS, *DEALT_IN_TO, "place", "figure", "tiebreak", "items")  # one seat row's
NO_SEASON = -1  # the revision a table in no season is placed at

_SEATS = SeatTallyRow.__table__
_SEASONS = SeasonRow.__table__


def _under_the_season_read() -> list[Any]:
    """The statement's guard: this table's rows, placed under the season and revision read."""
    return [
        _SEATS.c.table_id == bindparam("at_table", type_=Integer),
        _SEATS.c.season_id.is_not_distinct_from(bindparam("at_season", type_=Integer)),
        func.coalesce(
            select(_SEASONS.c.revision).where(_SEASONS.c.id == _SEATS.c.season_id).scalar_subquery(),
            literal_column(str(NO_SEASON)),
        ) == bindparam("at_revision", type_=Integer),
    ]


def _by_seat() -> Any:
    """Each column a CASE on the seat, with a bound value per seat (``hands_0`` ... ``items_3``)."""
    return update(_SEATS).where(*_under_the_season_read()).values({
        key: case(
            *((_SEATS.c.seat == literal_column(str(seat)),
               bindparam(f"{key}_{seat}", type_=_SEATS.c[key].type)) for seat in range(SEATS)),
            else_=_SEATS.c[key],
        )
        for key in SEAT_FIGURES
    })


def _one_document() -> Any:
    """The seats' figures as one JSON list (a list per seat, in ``SEAT_FIGURES`` order), unpacked
    by PostgreSQL's JSON functions and joined to the seat rows."""
    given = (
        func.jsonb_array_elements(cast(bindparam("figures", type_=String), JSONB))
        .table_valued("value", with_ordinality="ordinality")
        .alias("given")
    )

    def figure(index: int, column: Any) -> Any:
        if column.name == "items":
            return cast(given.c.value.op("->")(literal_column(str(index))), JSON)
        return cast(given.c.value.op("->>")(literal_column(str(index))), column.type)

    return (
        update(_SEATS)
        .where(*_under_the_season_read(), _SEATS.c.seat == given.c.ordinality - literal_column("1"))
        .values({key: figure(index, _SEATS.c[key]) for index, key in enumerate(SEAT_FIGURES)})
    )


@dataclass(frozen=True)
class _Prepared:
    sql: str
    positions: tuple[str, ...] | None  # the bound values' names in order (SQLite's "?"), else named
    one_document: bool


_PREPARED: dict[str, _Prepared] = {}


def _prepared(dialect: Dialect) -> _Prepared:
    found = _PREPARED.get(dialect.name)
    if found is None:
        one_document = dialect.name == "postgresql"
        compiled = (_one_document() if one_document else _by_seat()).compile(dialect=dialect)
        positions = tuple(compiled.positiontup) if compiled.positiontup else None
        found = _PREPARED[dialect.name] = _Prepared(str(compiled), positions, one_document)
    return found


def write_seat_rows(connection: Connection, table_id: int, season_id: int | None, revision: int,
                    seats: Sequence[Mapping[str, Any]]) -> bool:
    """Each seat's figures (a mapping of ``SEAT_FIGURES``) into the table's seat rows, in the
    connection's transaction; False (nothing written) where the table is no longer in season
    ``season_id`` at ``revision`` (``NO_SEASON`` for none)."""
    prepared = _prepared(connection.dialect)
    values: dict[str, Any] = {"at_table": table_id, "at_season": season_id, "at_revision": revision}
    if prepared.one_document:
        figures = [[seat[key] for key in SEAT_FIGURES] for seat in seats]
        values["figures"] = json.dumps(figures, separators=(",", ":"))
    else:
        for number, seat in enumerate(seats):
            values.update({f"{key}_{number}": seat[key] for key in SEAT_FIGURES})
            values[f"items_{number}"] = json.dumps(seat["items"], separators=(",", ":"))
    parameters = tuple(values[name] for name in prepared.positions) if prepared.positions else values
    return connection.exec_driver_sql(prepared.sql, parameters).rowcount == len(seats)
