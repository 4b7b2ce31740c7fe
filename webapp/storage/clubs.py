"""Clubs: their people, seasons and tables, and each club table's tally kept with every event.

A club table's tally (``webapp.storage.tally``) is worked out before each of its events is
written and stored in the same transaction: the seat rows (``seat_tallies``, with each seat's breakdown
items) that standings and player pages add up in SQL (``webapp.storage.club_reads``),
and the whole tally as JSON beside the table's snapshot (``table_snapshots.tally``, in the
snapshot's own statement), which the next event continues from. An append continues it with the
new records; an undo or an amendment, or a tally that is not at the version the writer read, is
folded again from every record that counts now.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.orm import Session

from engine.reasons.marker import N_
from engine.table.fold import effective_events
from engine.table.standing import HandRecord, TableState
from engine.table.state import Table
from webapp.storage import placing
from webapp.storage.database import Database
from webapp.storage.models import (
    DEALT_IN_TO,
    ClubRow,
    MemberRow,
    SeasonRow,
    SeatRow,
    SeatTallyRow,
    SnapshotRow,
    TableRow,
    utc_now,
)
from webapp.storage.season import Season
from webapp.storage.seat_rows import COUNTS, NO_SEASON, write_seat_rows
from webapp.storage.tally import TableTally, add_records, tally_of
from webapp.storage.values import StorageError, check_text, hash_token, new_token

CLUB_NAME = N_("the club name")
SEASON_NAME = N_("the season name")
SHORT_NAME = N_("a short name")
SHORT_NAME_LIMIT = 12


class ClubError(StorageError):
    """A club request that cannot be served: an unknown player or season, a name taken."""


@dataclass(frozen=True)
class ClubRef:
    """A club's identity; ``edit_token`` is only known right after creation (or when presented)."""

    id: int
    name: str
    view_token: str
    edit_token: str | None = None


@dataclass(frozen=True)
class Member:
    id: int
    name: str
    short_name: str


@dataclass(frozen=True)
class TallyWrite:
    """A club table's tally after an event, with what its seat rows are placed by: the table's
    preset and options, and its season (as the writer read it)."""

    tally: TableTally
    rules: tuple[str, dict[str, Any]]
    season: Season | None


def _season(row: SeasonRow) -> Season:
    return Season(
        row.id, row.name, row.starts_on, row.ends_on, row.family, row.rule, dict(row.rule_options or {}),
        row.revision or 0,
    )


class ClubStore(Database):
    """Clubs in the database (mixed into ``Storage``)."""

    # -- clubs and their people -----------------------------------------------------------------
    def create_club(self, name: str) -> ClubRef:
        with self._write() as session:
            return self._new_club(session, name)

    @staticmethod
    def _new_club(session: Session, name: str) -> ClubRef:
        name = check_text((name or "").strip(), CLUB_NAME) or "Club"
        edit_token = new_token()
        row = ClubRow(name=name, edit_token_hash=hash_token(edit_token), view_token=new_token())
        session.add(row)
        session.flush()
        return ClubRef(row.id, row.name, row.view_token, edit_token)

    def club_by_edit_token(self, token: str) -> ClubRef | None:
        if not token:
            return None
        with self._read() as session:
            row = session.scalars(select(ClubRow).where(ClubRow.edit_token_hash == hash_token(token))).first()
            return None if row is None else ClubRef(row.id, row.name, row.view_token, token)

    def club_by_view_token(self, token: str) -> ClubRef | None:
        if not token:
            return None
        with self._read() as session:
            row = session.scalars(select(ClubRow).where(ClubRow.view_token == token)).first()
            if row is None or not secrets.compare_digest(row.view_token, token):
                return None
            return ClubRef(row.id, row.name, row.view_token)

    def club_of_table(self, club_id: int) -> ClubRef:
        """The club a table belongs to, as a table's page names it: its name and read-only link
        (its edit link is kept only as a hash, so no page can give it)."""
        with self._read() as session:
            row = session.get(ClubRow, club_id)
            if row is None:
                raise ClubError(f"no club {club_id}")
            return ClubRef(row.id, row.name, row.view_token)

    def club_name(self, club_id: int) -> str:
        with self._read() as session:
            row = session.get(ClubRow, club_id)
            if row is None:
                raise ClubError(f"no club {club_id}")
            return row.name

    def add_member(self, club_id: int, name: str, short_name: str = "") -> Member:
        """A new person of the club (ClubError if the club already has that name)."""
        with self._write() as session:
            return self._new_member(session, club_id, name, short_name)

    @staticmethod
    def _new_member(session: Session, club_id: int, name: str, short_name: str = "") -> Member:
        name = check_text((name or "").strip(), N_("a player's name"))
        short_name = check_text((short_name or "").strip(), SHORT_NAME, SHORT_NAME_LIMIT)
        if not name:
            raise ClubError("a player needs a name")
        if session.scalar(select(MemberRow.id).where(MemberRow.club_id == club_id, MemberRow.name == name)):
            raise ClubError(f"the club already has a player named {name}")
        row = MemberRow(club_id=club_id, name=name, short_name=short_name)
        session.add(row)
        session.flush()
        return Member(row.id, row.name, row.short_name)

    def rename_member(self, club_id: int, member_id: int, name: str, short_name: str = "") -> Member:
        """A new display name (the person keeps their id, games and figures)."""
        name = check_text((name or "").strip(), N_("a player's name"))
        short_name = check_text((short_name or "").strip(), SHORT_NAME, SHORT_NAME_LIMIT)
        if not name:
            raise ClubError("a player needs a name")
        with self._write() as session:
            row = self._member_row(session, club_id, member_id)
            taken = session.scalar(
                select(MemberRow.id).where(
                    MemberRow.club_id == club_id, MemberRow.name == name, MemberRow.id != member_id
                )
            )
            if taken:
                raise ClubError(f"the club already has a player named {name}")
            row.name, row.short_name = name, short_name
            return Member(row.id, row.name, row.short_name)

    def members(self, club_id: int) -> list[Member]:
        with self._read() as session:
            rows = session.scalars(
                select(MemberRow).where(MemberRow.club_id == club_id).order_by(MemberRow.name)
            ).all()
            return [Member(row.id, row.name, row.short_name) for row in rows]

    def member(self, club_id: int, member_id: int) -> Member:
        with self._read() as session:
            row = self._member_row(session, club_id, member_id)
            return Member(row.id, row.name, row.short_name)

    @staticmethod
    def _member_row(session: Session, club_id: int, member_id: int) -> MemberRow:
        row = session.get(MemberRow, member_id)
        if row is None or row.club_id != club_id:  # another club's player is no player here
            raise ClubError(f"no player {member_id} in this club")
        return row

    # -- seasons --------------------------------------------------------------------------------
    def create_season(
        self,
        club_id: int,
        name: str,
        *,
        family: str | None,
        rule: str,
        rule_options: Mapping[str, Any] | None = None,
        starts_on: date | None = None,
        ends_on: date | None = None,
    ) -> Season:
        """A season; the club's tables whose day it holds (and that have no season yet) join it."""
        with self._write() as session:
            return self._new_season(
                session, club_id, name, family=family, rule=rule, rule_options=rule_options,
                starts_on=starts_on, ends_on=ends_on,
            )

    def _new_season(
        self,
        session: Session,
        club_id: int,
        name: str,
        *,
        family: str | None,
        rule: str,
        rule_options: Mapping[str, Any] | None = None,
        starts_on: date | None = None,
        ends_on: date | None = None,
    ) -> Season:
        name = check_text((name or "").strip(), SEASON_NAME)
        if not name:
            raise ClubError("a season needs a name")
        if starts_on and ends_on and ends_on < starts_on:
            raise ClubError("a season cannot end before it starts")
        options = placing.checked_rule(family, rule, rule_options or {})
        row = SeasonRow(
            club_id=club_id,
            name=name,
            family=family,
            rule=rule,
            rule_options=options,
            starts_on=starts_on,
            ends_on=ends_on,
        )
        session.add(row)
        session.flush()
        season = _season(row)
        tables = (
            session.scalars(select(TableRow).where(TableRow.club_id == club_id, TableRow.season_id.is_(None)))
            .unique()
            .all()
        )
        for table in tables:
            if season.holds(table.created_at.date()) and placing.family_fits(season.family, table.rules):
                table.season_id = season.id
                self._place_table(session, table, season)
        return season

    def seasons(self, club_id: int) -> list[Season]:
        with self._read() as session:
            rows = session.scalars(
                select(SeasonRow).where(SeasonRow.club_id == club_id).order_by(SeasonRow.id.desc())
            ).all()
            return [_season(row) for row in rows]

    def season(self, club_id: int, season_id: int) -> Season:
        with self._read() as session:
            row = session.get(SeasonRow, season_id)
            if row is None or row.club_id != club_id:
                raise ClubError(f"no season {season_id} in this club")
            return _season(row)

    def rename_season(self, club_id: int, season_id: int, name: str) -> Season:
        """A new name for a season (its tables, rule and standings stay as they are)."""
        name = check_text((name or "").strip(), SEASON_NAME)
        if not name:
            raise ClubError("a season needs a name")
        with self._write() as session:
            row = session.get(SeasonRow, season_id)
            if row is None or row.club_id != club_id:
                raise ClubError(f"no season {season_id} in this club")
            row.name = name
            return _season(row)

    def change_season_rule(
        self, club_id: int, season_id: int, rule: str, rule_options: Mapping[str, Any] | None = None
    ) -> Season:
        """A season's standings rule and options changed (RuleRefused for one its family does not
        have): every table of the season is placed again under it, in the same transaction."""
        with self._read() as session:
            found = session.get(SeasonRow, season_id)
            if found is None or found.club_id != club_id:
                raise ClubError(f"no season {season_id} in this club")
            options = placing.checked_rule(found.family, rule, rule_options or {})
        with self._append() as session:
            # The season's tables' rows first, as an event's write takes them: a writer already
            # under way is waited for (and its hand placed again below); one that comes after
            # waits, then finds the new revision and is refused as a conflict.
            session.execute(
                update(TableRow).where(TableRow.season_id == season_id).values(version=TableRow.version)
            )
            row = session.get(SeasonRow, season_id)
            if row is None or row.club_id != club_id:
                raise ClubError(f"no season {season_id} in this club")
            row.rule, row.rule_options, row.revision = rule, options, (row.revision or 0) + 1
            session.flush()
            season = _season(row)
            tables = session.scalars(select(TableRow).where(TableRow.season_id == season_id)).unique().all()
            for table in tables:
                self._place_table(session, table, season)
            return season

    def _season_for(self, session: Session, club_id: int, rules: str, day: date) -> SeasonRow | None:
        """The newest season of the club that holds ``day`` and plays this preset's family."""
        rows = session.scalars(
            select(SeasonRow).where(SeasonRow.club_id == club_id).order_by(SeasonRow.id.desc())
        ).all()
        return next(
            (row for row in rows if _season(row).holds(day) and placing.family_fits(row.family, rules)), None
        )

    # -- club tables ----------------------------------------------------------------------------
    def create_club_table(
        self,
        club_id: int,
        rules: str,
        member_ids: Sequence[int],
        options: Mapping[str, Any] | None = None,
        name: str = "",
    ) -> Any:
        """A new table of the club, its four seats taken by these players (in seat order)."""
        if len(set(member_ids)) != len(member_ids):
            raise ClubError("a player can take only one seat")
        with self._read() as session:
            members = [self._member_row(session, club_id, member_id) for member_id in member_ids]
            names = [member.name for member in members]
        return self.create_table(rules, names, options, name, club=(club_id, list(member_ids)))

    def _join_club(
        self,
        session: Session,
        table: TableRow,
        club_id: int,
        member_ids: Sequence[int],
        state: TableState,
        records: Sequence[tuple[HandRecord, Mapping[str, Any] | None]],
        season_id: int | None = None,
    ) -> None:
        """Make ``table`` (at ``state``) a table of the club with these players in its seats, in the
        season that holds its day, and store its tally from ``records`` (every one that counts)."""
        table.club_id = club_id
        season = (
            session.get(SeasonRow, season_id)
            if season_id is not None
            else self._season_for(session, club_id, table.rules, (table.created_at or utc_now()).date())
        )
        if season is not None and season.club_id != club_id:
            raise ClubError(f"no season {season_id} in this club")
        table.season_id = season.id if season is not None else None
        for seat, member_id in enumerate(member_ids):
            session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table.id, SeatRow.seat == seat)
                .values(member_id=member_id)
            )
        session.execute(delete(SeatTallyRow).where(SeatTallyRow.table_id == table.id))
        played_at = table.created_at or utc_now()
        session.execute(
            insert(SeatTallyRow),
            [
                {
                    "table_id": table.id,
                    "seat": seat,
                    "member_id": member_id,
                    "season_id": table.season_id,
                    "played_at": played_at,
                    **{key: 0 for key in COUNTS + DEALT_IN_TO},
                    "figure": 0.0,
                    "tiebreak": 0.0,
                    "items": {},
                }
                for seat, member_id in enumerate(member_ids)
            ],
        )
        tally = tally_of(records)
        self._write_tally(
            session,
            table.id,
            TallyWrite(
                tally, (table.rules, dict(table.options or {})),
                _season(season) if season is not None else None,
            ),
        )
        # The tally at the table's version goes with its snapshot (a snapshot at another version
        # has the next event fold it again).
        session.execute(
            update(SnapshotRow.__table__)
            .where(SnapshotRow.__table__.c.table_id == table.id)
            .values(tally=tally.to_json())
        )

    def move_into_club(
        self, table_id: int, club_id: int, seats: Sequence[int | None], season_id: int | None = None
    ) -> None:
        """A table made outside a club becomes one of its tables: each seat's player is the club
        player given (None: a new club player under the seat's name, or the one of that name)."""
        with self._append() as session:
            # The table's row first: its lock keeps an event from landing between this tally
            # and the version it is at (a writer waits, then continues the tally from here).
            session.execute(update(TableRow).where(TableRow.id == table_id).values(version=TableRow.version))
            table = session.get(TableRow, table_id)
            if table is None:
                raise StorageError(f"no table {table_id}")
            if table.club_id is not None:
                raise ClubError("this table belongs to a club already")
            names = [seat.player.name for seat in table.seats]
            member_ids = []
            for seat, given in enumerate(seats):
                if given is not None:
                    member_ids.append(self._member_row(session, club_id, given).id)
                    continue
                found = session.scalar(
                    select(MemberRow.id).where(MemberRow.club_id == club_id, MemberRow.name == names[seat])
                )
                if found is None:
                    row = MemberRow(club_id=club_id, name=names[seat], short_name="")
                    session.add(row)
                    session.flush()
                    found = row.id
                member_ids.append(found)
            if len(set(member_ids)) != len(member_ids):
                raise ClubError("a player can take only one seat")
            log = self._log(session, table_id, table.version)
            state = self._replayed(table, names, log)
            self._join_club(session, table, club_id, member_ids, state, _with_events(state, log), season_id)

    def matching_members(self, club_id: int, names: Sequence[str]) -> list[int | None]:
        """The club player of each name (case and spaces aside), or None: a move's proposal."""
        members = self.members(club_id)
        by_name = {member.name.strip().casefold(): member.id for member in members}
        return [by_name.get(name.strip().casefold()) for name in names]

    def club_tables(
        self, club_id: int, season_id: int | None = None, limit: int | None = None
    ) -> list[dict[str, Any]]:
        """The club's tables (the newest ``limit`` of them, a page's list), newest first, with
        their players' ids and names (no replay)."""
        with self._read() as session:
            query = select(TableRow).where(TableRow.club_id == club_id)
            if season_id is not None:
                query = query.where(TableRow.season_id == season_id)
            query = query.order_by(TableRow.id.desc())
            if limit is not None:
                query = query.limit(limit)
            rows = session.scalars(query).unique().all()
            return [
                {
                    "id": row.id,
                    "name": row.name,
                    "rules": row.rules,
                    "version": row.version,
                    "season_id": row.season_id,
                    "created_at": row.created_at,
                    "players": [seat.player.name for seat in row.seats],
                    "member_ids": [seat.member_id for seat in row.seats],
                }
                for row in rows
            ]

    def table_in_club(self, club_id: int, table_id: int) -> bool:
        with self._read() as session:
            return session.scalar(select(TableRow.club_id).where(TableRow.id == table_id)) == club_id

    @staticmethod
    def _short_names(session: Session, table_id: int, seats: int) -> list[str]:
        """Each seat's club player's short name, for the seat cards ('' where none is set)."""
        by_seat = dict(
            session.execute(
                select(SeatRow.seat, MemberRow.short_name)
                .join(MemberRow, MemberRow.id == SeatRow.member_id)
                .where(SeatRow.table_id == table_id)
            ).all()
        )
        return [by_seat.get(seat) or "" for seat in range(seats)]

    # -- the tally, kept with each event ------------------------------------------------------
    @staticmethod
    def _tally_row(session: Session, table_id: int) -> Any:
        """(version, tally JSON or None, preset, options, season row) of a table: the tally kept
        with its snapshot, at the snapshot's version."""
        return session.execute(
            select(SnapshotRow.version, SnapshotRow.tally, TableRow.rules, TableRow.options, SeasonRow)
            .select_from(TableRow)
            .outerjoin(SnapshotRow, SnapshotRow.table_id == TableRow.id)
            .outerjoin(SeasonRow, SeasonRow.id == TableRow.season_id)
            .where(TableRow.id == table_id)
        ).first()

    def _tally_after(
        self,
        table_id: int,
        version: int,
        payload: Mapping[str, Any],
        new_records: Sequence[HandRecord],
        full: TableState | None,
        loaded: Any,
    ) -> TallyWrite:
        """Before an event's write (at ``version``): the club table's tally after it, worked out
        now so that the write itself only writes. The stored tally (read with ``loaded``, or here)
        is continued with the event's new records; where the past changed (``full``: the state
        after an undo or amendment) or the stored tally is not at ``version``, it is folded again
        from every record that counts."""
        found = getattr(loaded, "tally", None)
        if found is None or found[0] != version:  # not read with the table at this version
            with self._read() as session:
                found = self._tally_row(session, table_id)
        stored_version, stored, rules, overrides, season_row = found
        table_rules = (rules, dict(overrides or {}))
        season = _season(season_row) if season_row is not None else None
        if full is None and stored is not None and stored_version == version:
            events = {version: payload}  # the event's id is its seq - 1
            tally = add_records(
                TableTally.from_json(stored), [(r, events.get(r.event_id)) for r in new_records]
            )
            return TallyWrite(tally, table_rules, season)
        whole_log = [*loaded.log, dict(payload)]
        if full is None:
            full = Table(rules, list(loaded.head.players), dict(overrides or {}), whole_log).state
        return TallyWrite(tally_of(_with_events(full, whole_log)), table_rules, season)

    @staticmethod
    def _replayed(table: TableRow, names: Sequence[str], log: Sequence[Mapping[str, Any]]) -> TableState:
        return Table(table.rules, names, dict(table.options or {}), log).state

    @staticmethod
    def _write_tally(session: Session, table_id: int, write: TallyWrite) -> bool:
        """Store a tally's seat rows: the four seats' figures and items in one statement (one
        total moves every seat's placing), or nothing (False) where the table's season, or its
        rule, is no longer the one ``write`` placed them under. The tally itself goes with the
        table's snapshot (``Storage._store_snapshot``)."""
        tally = write.tally
        places = placing.placings(write.rules[0], write.rules[1], write.season, tally.totals, tally.pot)
        seats = []
        for seat, counted in enumerate(tally.seats):
            figures: dict[str, Any] = {key: getattr(counted, key) for key in COUNTS if key != "total"}
            figures.update(zip(DEALT_IN_TO, counted.dealt_in_to, strict=True))
            figures.update(zip(("place", "figure", "tiebreak"), places[seat], strict=True))
            figures.update(total=tally.totals[seat], items=counted.items)
            seats.append(figures)
        season = write.season
        return write_seat_rows(
            session.connection(), table_id, season.id if season is not None else None,
            season.revision if season is not None else NO_SEASON, seats,
        )

    def _place_table(self, session: Session, table: TableRow, season: Season | None) -> None:
        """The table's placings again (its season or that season's rule changed)."""
        stored = session.scalar(select(SnapshotRow.tally).where(SnapshotRow.table_id == table.id))
        if stored is not None:
            tally = TableTally.from_json(stored)
        else:  # not kept with the snapshot (the snapshot was rebuilt since): folded from the log
            log = self._log(session, table.id, table.version)  # type: ignore[attr-defined]
            state = self._replayed(table, [seat.player.name for seat in table.seats], log)
            tally = tally_of(_with_events(state, log))
        placed = placing.placings(table.rules, dict(table.options or {}), season, tally.totals, tally.pot)
        for seat, (place, figure, tiebreak) in enumerate(placed):
            session.execute(
                update(SeatTallyRow)
                .where(SeatTallyRow.table_id == table.id, SeatTallyRow.seat == seat)
                .values(
                    season_id=season.id if season else None, place=place, figure=figure, tiebreak=tiebreak
                )
            )


def _with_events(
    state: TableState, log: Sequence[Mapping[str, Any]]
) -> list[tuple[HandRecord, Mapping[str, Any] | None]]:
    """Each settled record with the event behind it as it counts now (amendments applied)."""
    events = dict(effective_events(log))
    return [(record, events.get(record.event_id)) for record in state.records]


def day_of(moment: datetime | None) -> date:
    return (moment or utc_now()).date()
