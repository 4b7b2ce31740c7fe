"""What a club's pages read: standings, a player's figures, their most-scored items, their games
over time and two players head to head, each one SQL aggregate over the tallies kept with every
event (``webapp.storage.clubs``), never a replay of hands."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Integer, case, cast, func, select, true
from sqlalchemy.orm import aliased

from engine.families import get_preset
from engine.families.standings import Standing, rank
from webapp.storage.database import Database
from webapp.storage.models import DEALT_IN_TO, MemberRow, SeasonRow, SeatTallyRow, TableRow

CHART_GAMES = 100  # the newest games a player's charts show
TOP_ITEMS = 8  # the items a player page lists per family


@dataclass(frozen=True)
class FamilyFigures:
    """A player's figures at the tables of one family (a winning hand's value is in its unit)."""

    family: str
    games: int
    hands: int
    wins: int
    self_drawn: int
    dealt_in: int
    false_wins: int
    win_value_sum: int
    win_value_max: int
    dealer_streak: int
    items: list[tuple[str, int]] = field(default_factory=list)

    @property
    def on_discard(self) -> int:
        return self.wins - self.self_drawn

    @property
    def win_rate(self) -> float:
        return self.wins / self.hands if self.hands else 0.0

    @property
    def deal_in_rate(self) -> float:
        return self.dealt_in / self.hands if self.hands else 0.0

    @property
    def average_win(self) -> float:
        return self.win_value_sum / self.wins if self.wins else 0.0


@dataclass(frozen=True)
class Game:
    """One of a player's games: when, at which table, their place, total and ranking figure."""

    table_id: int
    played_at: datetime
    rules: str
    place: int | None
    total: int
    figure: float


@dataclass(frozen=True)
class HeadToHead:
    games: int
    first_ahead: int  # games the first player placed above the second
    second_ahead: int
    first_figure: float  # their ranking figures summed over those games
    second_figure: float
    first_dealt_in_to_second: int = 0  # wins of the second on the first's discard
    second_dealt_in_to_first: int = 0


def _of_club(member_id: int, club_id: int) -> Any:
    """The player's id where the player is one of the club's (else none): a player's seats are
    only ever at the club's own tables, so this keeps another club's figures out, and lets the
    database find the seats by the player's index, whatever it believes of the club's tables
    (PostgreSQL, with statistics older than a club grown fast, went through every table of the
    club instead)."""
    return (
        select(MemberRow.id).where(MemberRow.id == member_id, MemberRow.club_id == club_id).scalar_subquery()
    )


class ClubReads(Database):
    """The reads of a club's pages (mixed into ``Storage``)."""

    def standings(self, club_id: int, season_id: int) -> list[Standing]:
        """The season's standings: each player's sums of the games' figures, ranked (a game
        counts once a hand is played)."""
        with self._read() as session:
            rows = session.execute(
                select(
                    SeatTallyRow.member_id,
                    func.sum(SeatTallyRow.figure),
                    func.sum(SeatTallyRow.tiebreak),
                    func.count(),
                )
                # The season's own club, not each table's: one row, so the season index does the rest.
                .join(SeasonRow, SeasonRow.id == SeatTallyRow.season_id)
                .where(SeasonRow.id == season_id, SeasonRow.club_id == club_id, SeatTallyRow.hands > 0)
                .group_by(SeatTallyRow.member_id)
            ).all()
        return rank(
            (member, float(figure), float(tiebreak), int(games)) for member, figure, tiebreak, games in rows
        )

    def player_figures(
        self, club_id: int, member_id: int, season_id: int | None = None
    ) -> list[FamilyFigures]:
        """A player's figures per family (all time, or over one season), most games first."""
        where = [SeatTallyRow.member_id == _of_club(member_id, club_id)]
        if season_id is not None:
            where.append(SeatTallyRow.season_id == season_id)
        with self._read() as session:
            rows = session.execute(
                select(
                    TableRow.rules,
                    func.count(),
                    func.sum(SeatTallyRow.hands),
                    func.sum(SeatTallyRow.wins),
                    func.sum(SeatTallyRow.self_drawn),
                    func.sum(SeatTallyRow.dealt_in),
                    func.sum(SeatTallyRow.false_wins),
                    func.sum(SeatTallyRow.win_value_sum),
                    func.max(SeatTallyRow.win_value_max),
                    func.max(SeatTallyRow.dealer_streak),
                )
                .join(TableRow, TableRow.id == SeatTallyRow.table_id)
                .where(*where, SeatTallyRow.hands > 0)
                .group_by(TableRow.rules)
            ).all()
            # Each seat's items, unnested by the database's own JSON function (the same columns,
            # key and value, in both), then summed per family's preset and item.
            unnest = func.json_each_text if self.engine.dialect.name == "postgresql" else func.json_each
            each = unnest(SeatTallyRow.items).table_valued("key", "value").alias("item")
            items = session.execute(
                select(TableRow.rules, each.c.key, func.sum(cast(each.c.value, Integer)))
                .select_from(SeatTallyRow)
                .join(TableRow, TableRow.id == SeatTallyRow.table_id)
                .join(each, true())
                .where(*where)
                .group_by(TableRow.rules, each.c.key)
            ).all()
        by_family: dict[str, list[Any]] = {}
        for rules, *figures in rows:
            family = get_preset(rules)[0].name
            sums = by_family.setdefault(family, [0] * 9)
            for index, value in enumerate(figures):
                value = int(value or 0)
                sums[index] = max(sums[index], value) if index >= 7 else sums[index] + value
        family_items: dict[str, dict[str, int]] = {}
        for rules, item, hands in items:
            counted = family_items.setdefault(get_preset(rules)[0].name, {})
            counted[item] = counted.get(item, 0) + int(hands)
        out = []
        for family, sums in by_family.items():
            top = sorted(family_items.get(family, {}).items(), key=lambda pair: (-pair[1], pair[0]))[
                :TOP_ITEMS
            ]
            out.append(FamilyFigures(family, *sums, items=top))
        return sorted(out, key=lambda figures: -figures.games)

    def player_games(self, club_id: int, member_id: int, season_id: int | None = None) -> list[Game]:
        """The player's newest games (at most ``CHART_GAMES``), oldest first, for the charts."""
        query = (
            select(
                SeatTallyRow.table_id,
                SeatTallyRow.played_at,
                TableRow.rules,
                SeatTallyRow.place,
                SeatTallyRow.total,
                SeatTallyRow.figure,
            )
            .join(TableRow, TableRow.id == SeatTallyRow.table_id)
            .where(SeatTallyRow.member_id == _of_club(member_id, club_id), SeatTallyRow.hands > 0)
        )
        if season_id is not None:
            query = query.where(SeatTallyRow.season_id == season_id)
        with self._read() as session:
            rows = session.execute(
                query.order_by(SeatTallyRow.played_at.desc(), SeatTallyRow.table_id.desc()).limit(CHART_GAMES)
            ).all()
        return [Game(*row) for row in reversed(rows)]

    def head_to_head(self, club_id: int, first: int, second: int, season_id: int | None = None) -> HeadToHead:
        """Two players' games at one table: how often each placed above the other, and how often
        each dealt in to the other's win."""
        a, b = aliased(SeatTallyRow), aliased(SeatTallyRow)

        def dealt_in_to(feeder: Any, winner: Any) -> Any:
            """The feeder's deal-ins to the winner's seat at their table (the column of that seat)."""
            return case(*((winner.seat == seat, getattr(feeder, column))
                          for seat, column in enumerate(DEALT_IN_TO)), else_=0)

        query = (
            select(
                func.count(),
                func.sum(case((a.place < b.place, 1), else_=0)),
                func.sum(case((b.place < a.place, 1), else_=0)),
                func.sum(a.figure),
                func.sum(b.figure),
                func.sum(dealt_in_to(a, b)),
                func.sum(dealt_in_to(b, a)),
            )
            .select_from(a)
            .join(b, b.table_id == a.table_id)
            .join(TableRow, TableRow.id == a.table_id)
            .where(a.member_id == first, b.member_id == second, TableRow.club_id == club_id, a.hands > 0)
        )
        if season_id is not None:
            query = query.where(a.season_id == season_id)
        with self._read() as session:
            games, ahead, behind, fig_a, fig_b, a_to_b, b_to_a = session.execute(query).one()
        return HeadToHead(
            int(games or 0), int(ahead or 0), int(behind or 0), float(fig_a or 0), float(fig_b or 0),
            int(a_to_b or 0), int(b_to_a or 0),
        )

    def member_names(self, club_id: int) -> dict[Hashable, str]:
        with self._read() as session:
            return dict(
                session.execute(
                    select(MemberRow.id, MemberRow.name).where(MemberRow.club_id == club_id)
                ).all()
            )
