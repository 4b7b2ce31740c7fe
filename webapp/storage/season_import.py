"""A club's season imported in one transaction: the new club, its players, the season, and every
table with its events, hands, photos (kept in the database) and tally, so that a server that
dies half way through, or a table the store refuses, leaves the database as it was.

Each table is checked and its rows built before the transaction (``transfer.plan_import``: the
engine's work), so the transaction only writes; on SQLite it holds the write lock for all the
tables' inserts together.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from webapp.storage.clubs import ClubError, ClubRef, ClubStore, _with_events
from webapp.storage.transfer import ImportedPhoto, ImportPlan
from webapp.storage.values import PhotoIdTaken, TableRef, new_token


@dataclass(frozen=True)
class SeasonTable:
    """One table of a season import, checked: its rows, its seats' players (by the file's player
    keys, in seat order), the photos stored with it, and what runs inside the transaction once it
    is written (the data folder's photos note which table they belong to, see ``Backend``)."""

    plan: ImportPlan
    seats: Sequence[Any]
    photos: Sequence[ImportedPhoto] = ()
    before_commit: Callable[[TableRef], None] | None = None


@dataclass(frozen=True)
class SeasonImportPlan:
    """A season file, checked: the club's name, its players as (file key, name, short name), the
    season (``ClubStore.create_season``'s arguments) and its tables."""

    club_name: str
    players: Sequence[tuple[Any, str, str]]
    season: Mapping[str, Any]
    tables: Sequence[SeasonTable]


class SeasonImport(ClubStore):
    """The season import's one transaction (mixed into ``Storage``)."""

    def import_club_season(self, plan: SeasonImportPlan) -> ClubRef:
        """A new club with the file's players, season and tables, all or nothing (ClubError for
        a player named twice or a seat with no such player, PhotoIdTaken for a photo id taken
        meanwhile)."""
        try:
            with self._append() as session:
                club = self._new_club(session, plan.club_name)
                members = {key: self._new_member(session, club.id, name, short).id
                           for key, name, short in plan.players}
                season = self._new_season(session, club.id, **plan.season)
                for table in plan.tables:
                    self._import_club_table(session, club.id, season.id, members, table)
                return club
        except IntegrityError as error:     # only a photo's id can be taken: the rest is new
            raise PhotoIdTaken("a photo id of this import was taken by another table meanwhile") from error

    def _import_club_table(self, session: Session, club_id: int, season_id: int, members: Mapping[Any, int],
                           table: SeasonTable) -> None:
        """One table of the season: its rows, then its players and tally as a club table's."""
        try:
            member_ids = [members[key] for key in table.seats]
        except (KeyError, TypeError) as error:
            raise ClubError(f"a seat of a table is no player of the file: {error}") from error
        if len(member_ids) != len(table.plan.final.players) or len(set(member_ids)) != len(member_ids):
            raise ClubError("each seat of a table needs a player of its own")
        edit_token = new_token()
        player_ids = self._players_in(session, table.plan.start.players)  # type: ignore[attr-defined]
        row = self._store_import(session, table.plan, table.photos, edit_token, player_ids)  # type: ignore[attr-defined]
        log = [event["payload"] for event in table.plan.events]
        self._join_club(session, row, club_id, member_ids, table.plan.final,
                        _with_events(table.plan.final, log), season_id)
        if table.before_commit is not None:
            table.before_commit(TableRef(row.id, row.name, row.rules, row.view_token, edit_token))
