"""The store of tables: creating them, reading one at its latest version from its snapshot,
appending events with the optimistic version check, and the hand records."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from engine.table.state import HandRecord, Table, TableState, new_state
from webapp import snapshot
from webapp.storage import transfer
from webapp.storage.club_reads import ClubReads
from webapp.storage.hand_rows import hand_row
from webapp.storage.loaded import Loaded, PageRows
from webapp.storage.media import MediaStore
from webapp.storage.models import (
    EventRow,
    HandRow,
    PhotoRow,
    PlayerRow,
    RecordRow,
    SeatRow,
    SnapshotRow,
    TableRow,
    utc_now,
)
from webapp.storage.recent_pages import RecentPages
from webapp.storage.season_import import SeasonImport
from webapp.storage.values import (
    PLAYER_NAME,
    TABLE_NAME,
    ConflictError,
    PhotoIdTaken,
    StorageError,
    TableRef,
    check_text,
    hash_token,
    new_token,
)


class Storage(MediaStore, SeasonImport, ClubReads):
    """Tables and their logs, and clubs, in one database. Every write is one transaction."""

    def __init__(self, url: str | None = None, *, migrate: bool = True) -> None:
        super().__init__(url, migrate=migrate)
        self._recent = RecentPages()        # each table's newest page, kept from one write to the next

    # -- tables ---------------------------------------------------------------------------------
    def create_table(self, rules: str, players: Sequence[str], options: Mapping[str, Any] | None = None,
                     name: str = "", *, club: tuple[int, Sequence[int]] | None = None) -> TableRef:
        """A new table; the engine validates the preset, options and names first. ``club``: the
        club and its players (in seat order) whose table it is (``ClubStore.create_club_table``)."""
        for player in players:
            check_text(player, PLAYER_NAME)
        state = new_state(rules, players, options)
        name = check_text((name or "").strip(), TABLE_NAME)
        edit_token = new_token()
        player_ids = self._player_ids(state.players)
        with self._write() as session:
            row = self._insert_table(session, state, dict(options or {}), name, edit_token, player_ids)
            if club is not None:
                self._join_club(session, row, club[0], club[1], state, [])
            return TableRef(row.id, row.name, row.rules, row.view_token, edit_token)

    def _insert_table(self, session: Session, state: TableState, overrides: dict[str, Any], name: str,
                      edit_token: str, player_ids: Sequence[int]) -> TableRow:
        row = TableRow(name=name, rules=state.rules, options=overrides,
                       edit_token_hash=hash_token(edit_token), view_token=new_token(), version=0)
        session.add(row)
        session.flush()
        for seat, player_id in enumerate(player_ids):
            session.add(SeatRow(table_id=row.id, seat=seat, player_id=player_id))
        self._store_snapshot(session, row.id, 0, state, 0, 0)
        session.flush()
        return row

    def _player_ids(self, names: Sequence[str]) -> list[int]:
        """The players' ids, creating the names new to the database, safe against a concurrent
        creator of the same name: insert-or-nothing, then select, in its own short READ COMMITTED
        transaction (so the select sees a row another server committed a moment ago). A player
        is never deleted, so one created for a table whose creation then fails is harmless."""
        writer = self._appender          # READ COMMITTED on PostgreSQL, BEGIN IMMEDIATE on SQLite
        with Session(writer) as session, session.begin():
            return self._players_in(session, names)

    def _players_in(self, session: Session, names: Sequence[str]) -> list[int]:
        """The players' ids, inserting the names new to the database, in ``session``'s transaction."""
        dialect_insert = postgresql_insert if self.engine.dialect.name == "postgresql" else sqlite_insert
        rows = [{"name": name, "created_at": utc_now()} for name in names]
        session.execute(dialect_insert(PlayerRow).values(rows).on_conflict_do_nothing(index_elements=["name"]))
        found = dict(session.execute(select(PlayerRow.name, PlayerRow.id)
                                     .where(PlayerRow.name.in_(list(names)))).all())
        return [found[name] for name in names]

    def list_tables(self) -> list[dict[str, Any]]:
        """Every table, newest first, without replaying (id, name, rules, players, version)."""
        with self._read() as session:
            rows = session.scalars(select(TableRow).order_by(TableRow.id.desc())).unique().all()
            return [{"id": row.id, "name": row.name, "rules": row.rules, "version": row.version,
                     "players": [seat.player.name for seat in row.seats],
                     "created_at": row.created_at.isoformat() if row.created_at else None}
                    for row in rows]

    def latest_table_id(self) -> int | None:
        with self._read() as session:
            return session.scalars(select(TableRow.id).order_by(TableRow.id.desc()).limit(1)).first()

    def load(self, table_id: int, *, edit_token: str | None = None) -> Loaded:
        with self._read() as session:
            row = self._table_row(session, table_id)
            return self._loaded(session, row, edit_token)

    def state(self, table_id: int) -> TableState:
        return self.load(table_id).state

    def by_edit_token(self, token: str) -> Loaded | None:
        """The table this edit token opens, or None."""
        if not token:
            return None
        with self._read() as session:
            query = select(TableRow).where(TableRow.edit_token_hash == hash_token(token))
            row = session.scalars(query).unique().first()
            return None if row is None else self._loaded(session, row, token)

    def by_view_token(self, token: str) -> Loaded | None:
        """The table this read-only token shows, or None."""
        if not token:
            return None
        with self._read() as session:
            row = session.scalars(select(TableRow).where(TableRow.view_token == token)).unique().first()
            if row is None or not secrets.compare_digest(row.view_token, token):
                return None
            return self._loaded(session, row, None)

    def rotate_edit_token(self, table_id: int) -> str:
        """A new edit token for a table (the old one stops working); returned once."""
        token = new_token()
        with self._write() as session:
            row = self._table_row(session, table_id)
            row.edit_token_hash = hash_token(token)
        return token

    @staticmethod
    def _table_row(session: Session, table_id: int) -> TableRow:
        row = session.get(TableRow, table_id)
        if row is None:
            raise StorageError(f"no table {table_id}")
        return row

    @staticmethod
    def _log(session: Session, table_id: int, version: int | None = None) -> list[dict[str, Any]]:
        query = select(EventRow.payload).where(EventRow.table_id == table_id)
        if version is not None:
            query = query.where(EventRow.seq <= version)
        return [dict(payload) for payload in session.scalars(query.order_by(EventRow.seq)).all()]

    def _read_log(self, table_id: int, version: int) -> list[dict[str, Any]]:
        with self._read() as session:
            return self._log(session, table_id, version)

    def _read_records(self, table_id: int, version: int, first: int, end: int, rules: str,
                      players: Sequence[str], overrides: Mapping[str, Any]) -> tuple[HandRecord, ...]:
        with self._read() as session:
            return self._records_in(session, table_id, version, first, end, rules, players, overrides)

    def _read_page(self, ref: TableRef, version: int, count: int, first: int, end: int, rules: str,
                   players: Sequence[str], overrides: Mapping[str, Any],
                   known: TableState | None) -> PageRows:
        """Records ``first`` to ``end`` and their events, in one read (none when this process
        has the table's newest page at this version: ``RecentPages``)."""
        if known is None:
            kept = self._recent.get(self._page_key(ref), version, first, end)
            if kept is not None:
                return kept
        with self._read() as session:
            records = known.records[first:end] if known is not None else \
                self._records_in(session, ref.id, version, first, end, rules, players, overrides)
            rows = records, self._events_in(session, ref.id, version, [r.event_id for r in records])
        if known is None:
            self._recent.keep(self._page_key(ref), version, count, first, rows)
        return rows

    @staticmethod
    def _page_key(ref: TableRef) -> tuple[int, str]:
        return ref.id, ref.view_token       # an id SQLite hands out again names another table

    def _records_in(self, session: Session, table_id: int, version: int, first: int, end: int, rules: str,
                    players: Sequence[str], overrides: Mapping[str, Any]) -> tuple[HandRecord, ...]:
        """Records ``first`` to ``end`` (positions) from the snapshot, if it is still at
        ``version``; else (an undo or an amendment rewrote them since) replayed from the log at
        that version."""
        snap = session.get(SnapshotRow, table_id)
        if snap is not None and snap.version == version:
            rows = session.scalars(select(RecordRow.record).where(RecordRow.table_id == table_id)
                                   .where(RecordRow.position >= first, RecordRow.position < end)
                                   .order_by(RecordRow.position)).all()
            if len(rows) == end - first:
                return tuple(snapshot.record_from_json(row) for row in rows)
        log = self._log(session, table_id, version)
        return snapshot.normalised(Table(rules, players, overrides, log).state.records)[first:end]

    @staticmethod
    def _events_in(session: Session, table_id: int, version: int,
                   event_ids: Sequence[int]) -> dict[int, dict[str, Any] | None]:
        """The events behind these records as they count now: each looked up by its number, then
        the table's amendments applied in order (each replaces its target and the later wins it
        scored again, as ``engine.table.fold.effective_events`` does). Amendments are few and
        found by their own index, so this costs the page, not the log."""
        if not event_ids:
            return {}
        payloads = dict(session.execute(
            select(EventRow.seq, EventRow.payload)
            # Every seq here is at most ``version`` already; a "seq <= version" would lead
            # SQLite to scan the table's log by range instead of looking each one up.
            .where(EventRow.table_id == table_id, EventRow.seq.in_([i + 1 for i in event_ids]))).all())
        current: dict[int, Any] = {event_id: payloads.get(event_id + 1) for event_id in event_ids}
        # Later amendments (committed after this read's version) are left out here, not in the
        # query: a bound on seq there would have SQLite walk the log instead of the type index.
        amendments = session.execute(
            select(EventRow.seq, EventRow.payload)
            .where(EventRow.table_id == table_id, EventRow.type == "amend")).all()
        for _, amend in sorted((item for item in amendments if item[0] <= version), key=lambda item: item[0]):
            rescored = amend.get("rescored") if isinstance(amend.get("rescored"), list) else []
            for item in [amend, *rescored]:
                target = item.get("target") if isinstance(item, Mapping) else None
                if target in current and isinstance(item.get("event"), Mapping):
                    current[target] = item["event"]
        return {event_id: dict(event) if isinstance(event, Mapping) else None
                for event_id, event in current.items()}

    def _at(self, ref: TableRef, version: int, head: TableState, overrides: Mapping[str, Any],
            count: int, state: TableState | None = None) -> Loaded:
        """A ``Loaded`` whose records, log and pages are read from this store at ``version``."""
        table_id, rules, players = ref.id, head.rules, list(head.players)
        known = state
        return Loaded(ref, version, head, overrides,
                      records=lambda first, end: known.records[first:end] if known is not None else
                      self._read_records(table_id, version, first, end, rules, players, overrides),
                      log=lambda: self._read_log(table_id, version),
                      pages=lambda first, end: self._read_page(ref, version, count, first, end, rules,
                                                               players, overrides, known),
                      state=state, record_count=count)

    def _loaded(self, session: Session, row: TableRow, edit_token: str | None) -> Loaded:
        """The table at its current version, with its club tally where it has one (read here, in
        the same snapshot, so a write based on it need not read it again) and its players' short
        names."""
        loaded = self._loaded_table(session, row, edit_token)
        if row.club_id is not None:
            loaded.tally = self._tally_row(session, row.id)
            loaded.short_names = self._short_names(session, row.id, len(row.seats))
        return loaded

    def _loaded_table(self, session: Session, row: TableRow, edit_token: str | None) -> Loaded:
        """The table at its current version: from the snapshot when it fits, else replayed from
        the log (``Loaded.stale`` then tells a writer to store a fresh snapshot)."""
        players = [seat.player.name for seat in row.seats]
        ref = TableRef(row.id, row.name, row.rules, row.view_token, edit_token, row.club_id)
        version, rules, overrides = row.version, row.rules, dict(row.options or {})
        snap = session.get(SnapshotRow, row.id)
        found = None
        if snap is not None and snap.version == version:
            found = snapshot.head_from_json(snap.head, rules, players, overrides)
        if found is not None:
            head, count = found
            return self._at(ref, version, head, overrides, count)
        log = self._log(session, row.id, version)
        if len(log) != version:
            raise StorageError(f"table {row.id}: {len(log)} events but version {version}")
        state = Table(rules, players, overrides, log).state
        state = replace(state, records=snapshot.normalised(state.records))
        loaded = self._at(ref, version, state, overrides, len(state.records), state)
        loaded._log = log
        loaded.stale = True
        return loaded

    @staticmethod
    def _store_snapshot(session: Session, table_id: int, version: int, state: TableState,
                        first_position: int, count: int,
                        records_json: Sequence[dict[str, Any]] | None = None,
                        tally: dict[str, Any] | None = None) -> None:
        """The snapshot after ``version``: the head, and ``state.records`` stored from
        ``first_position`` on (``records_json``: those records already as JSON, made before the
        write began), and a club table's ``tally`` at that version (``storage.clubs``). From 0 (a
        new table, a rewritten past) every stored record goes first; an append adds after the last
        one (no record is ever stored beyond the head's count, so there is nothing to remove)."""
        if first_position == 0:
            session.execute(delete(RecordRow).where(RecordRow.table_id == table_id))
        if records_json is None:
            records_json = [snapshot.record_to_json(record) for record in state.records]
        rows = [{"table_id": table_id, "position": first_position + index, "record": record}
                for index, record in enumerate(records_json)]
        if rows:
            session.execute(insert(RecordRow.__table__), rows)
        head = snapshot.head_to_json(state, count)
        snapshots = SnapshotRow.__table__
        stored = session.execute(update(snapshots).where(snapshots.c.table_id == table_id)
                                 .values(version=version, head=head, tally=tally))
        if stored.rowcount == 0:
            session.execute(insert(snapshots).values(table_id=table_id, version=version, head=head,
                                                     tally=tally))

    def _version_now(self, table_id: int) -> int | None:
        """The table's committed version after a lost race (None if even that cannot be read)."""
        try:
            with self._read() as session:
                return session.scalar(select(TableRow.version).where(TableRow.id == table_id))
        except OperationalError:
            return None

    # -- writing events -------------------------------------------------------------------------
    def record(self, table_id: int, version: int, event: Mapping[str, Any], *,
               photo_ref: str | None = None, detections: Any = None, corrections: Any = None,
               based_on: Loaded | None = None) -> Loaded:
        """Append one event if the table is still at ``version``; returns the table after it.

        The engine checks and applies the event first (TableError if it cannot happen) to the
        table as read at ``version`` (``based_on``, when the caller has read it already), outside
        any lock. Then one short transaction bumps the version only if it is still ``version``
        (else ConflictError) and inserts the event, its hand record and the new snapshot: a
        matching version means nothing was written since that read, so what was computed from it
        holds. A hand or a penalty costs the same at any length of log; an undo or an amendment
        replays it.
        """
        loaded = based_on if based_on is not None and based_on.ref.id == table_id \
            and based_on.version == version else self.load(table_id)
        if loaded.version != version:
            raise ConflictError(table_id, version, loaded.version)
        state = snapshot.fold(loaded.head, version, event, loaded.head.rules, loaded.head.players,
                              loaded.overrides, lambda: loaded.log)
        seq, payload = version + 1, dict(event)
        count, full = loaded.record_count, None
        if event.get("type") in snapshot.REWRITES_HISTORY:
            full = replace(state, records=snapshot.normalised(state.records))
        elif loaded.stale:
            full = replace(state, records=loaded.state.records + snapshot.normalised(state.records))
        club_id = loaded.ref.club_id
        # A club table's tally after the event is worked out here, before the write: inside it a
        # write only writes (the tally itself goes in the snapshot's statement).
        tally = None if club_id is None else self._tally_after(
            table_id, version, payload, state.records,
            full if event.get("type") in snapshot.REWRITES_HISTORY else None, loaded)
        tally_json = tally.tally.to_json() if tally is not None else None
        try:
            with self._append() as session:
                # The conditional bump comes first: it takes the table's row lock (a second writer
                # waits here until the first is done) and, at READ COMMITTED, is checked against
                # the version committed by then. The lock is held only for these few statements.
                # SQLite's BEGIN IMMEDIATE already holds the database's write lock.
                # The club the writer read is part of the check: a table moved into a club since
                # (which keeps its version) is a conflict, so no event escapes the club's tally.
                # Each statement goes to the tables themselves (Core), not through the ORM's unit
                # of work: the same SQL without the ORM's bookkeeping while the table is locked.
                tables = TableRow.__table__.c
                same_club = tables.club_id.is_(None) if club_id is None else tables.club_id == club_id
                bumped = session.execute(
                    update(TableRow.__table__)
                    .where(tables.id == table_id, tables.version == version, same_club)
                    .values(version=version + 1))
                if bumped.rowcount != 1:
                    actual = session.scalar(select(tables.version).where(tables.id == table_id))
                    if actual is None:
                        raise StorageError(f"no table {table_id}")
                    raise ConflictError(table_id, version, actual)
                session.execute(insert(EventRow.__table__).values(
                    table_id=table_id, seq=seq, type=str(payload.get("type")), payload=payload,
                    created_at=utc_now()))
                hand = hand_row(table_id, seq, payload, state, photo_ref, detections, corrections)
                if hand is not None:
                    session.execute(insert(HandRow.__table__).values(hand))
                if full is not None:
                    self._store_snapshot(session, table_id, seq, full, 0, len(full.records), tally=tally_json)
                else:
                    self._store_snapshot(session, table_id, seq, state, count, count + len(state.records),
                                         tally=tally_json)
                if tally is not None and not self._write_tally(session, table_id, tally):
                    raise ConflictError(table_id, version, None)   # its season's rule changed since
                session.flush()
        except IntegrityError as error:            # another writer took this seq first
            raise ConflictError(table_id, version, self._version_now(table_id)) from error
        except OperationalError as error:
            # SQLite gave up waiting for the write lock, or PostgreSQL saw a concurrent update.
            if "locked" in str(error).lower() or getattr(error.orig, "pgcode", None) == "40001":
                raise ConflictError(table_id, version, self._version_now(table_id)) from error
            raise
        if full is not None:
            self._recent.forget(self._page_key(loaded.ref))
            return self._at(loaded.ref, seq, full, loaded.overrides, len(full.records), full)
        self._recent.appended(self._page_key(loaded.ref), version, count, payload, state.records)
        return self._at(loaded.ref, seq, state, loaded.overrides, count + len(state.records))

    def undo(self, table_id: int, version: int) -> Loaded:
        return self.record(table_id, version, {"type": "undo"})

    def amend(self, table_id: int, version: int, event_id: int, event: Mapping[str, Any],
              **hand: Any) -> Loaded:
        """Replace past event ``event_id``; every later hand is recomputed on the next read."""
        amendment = {"type": "amend", "target": event_id, "event": dict(event)}
        return self.record(table_id, version, amendment, **hand)

    def hands(self, table_id: int) -> list[dict[str, Any]]:
        """The hand records of the events that count now, in order, joined with their settlement."""
        loaded = self.load(table_id)
        with self._read() as session:
            rows = session.scalars(select(HandRow).where(HandRow.table_id == table_id)
                                   .order_by(HandRow.event_seq)).all()
            newest = {row.hand_seq: row for row in rows}
        out = []
        for record in loaded.state.records:
            row = newest.get(record.event_id + 1)
            item = record.to_dict()
            if row is not None:
                item.update(input=row.input, photo_ref=row.photo_ref, detections=row.detections,
                            corrections=row.corrections, score=row.score, stored_payments=row.payments)
            out.append(item)
        return out


    # -- export and import (the documents: webapp.storage.transfer) -----------------------------
    def export_json(self, table_id: int) -> dict[str, Any]:
        """Everything needed to rebuild the table elsewhere (``transfer.export_document``)."""
        loaded = self.load(table_id)
        with self._read() as session:
            rows = session.scalars(select(HandRow).where(HandRow.table_id == table_id)).all()
            captures = {row.event_seq: {"photo_ref": row.photo_ref, "detections": row.detections,
                                        "corrections": row.corrections} for row in rows}
        return transfer.export_document(loaded, captures)

    def export_csv(self, table_id: int) -> str:
        """One row per settled event (``transfer.export_csv``)."""
        return transfer.export_csv(self.load(table_id).state)

    def import_json(self, data: Mapping[str, Any], name: str | None = None, *,
                    photos: Sequence[transfer.ImportedPhoto] = (),
                    before_commit: Callable[[TableRef], None] | None = None) -> TableRef:
        """A new table from ``export_json`` output, written in one transaction with ``photos``, or
        StorageError. ``before_commit`` runs inside that transaction, after every insert: what it
        raises undoes the import (the data folder's photos are staged by it, see ``Backend``).

        The file is checked completely and every row built first (``transfer.plan_import``), so
        the write lock is held only for the inserts, not while the engine works."""
        plan = transfer.plan_import(data, name)
        edit_token = new_token()
        player_ids = self._player_ids(plan.start.players)
        try:
            with self._write() as session:
                row = self._store_import(session, plan, photos, edit_token, player_ids)
                ref = TableRef(row.id, row.name, row.rules, row.view_token, edit_token)
                if before_commit is not None:
                    before_commit(ref)
        except IntegrityError as error:     # only a photo's id can be taken: the rest is new
            raise PhotoIdTaken("a photo id of this import was taken by another table meanwhile") from error
        return ref

    def _store_import(self, session: Session, plan: transfer.ImportPlan,
                      photos: Sequence[transfer.ImportedPhoto], edit_token: str,
                      player_ids: Sequence[int]) -> TableRow:
        """A planned import's table, events, hands, photos and snapshot, in ``session``."""
        stored_photos = [{"id": photo.id, "extension": photo.extension, "data": photo.data,
                          "reading": dict(photo.reading) if photo.reading is not None else None,
                          "created_at": utc_now()} for photo in photos]
        row = self._insert_table(session, plan.start, plan.overrides, plan.table_name, edit_token, player_ids)
        batches = ((plan.events, EventRow), (plan.hands, HandRow), (stored_photos, PhotoRow))
        for rows, model in batches:
            if rows:    # the table itself (Core), not the ORM's bulk insert: a third of the time
                session.execute(insert(model.__table__), [dict(item, table_id=row.id) for item in rows])
        self._store_snapshot(session, row.id, plan.version, plan.final, 0, len(plan.final.records),
                             plan.records_json)
        row.version = plan.version
        session.flush()
        return row
