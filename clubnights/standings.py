"""An event's standings: the sum of each player's results in its finished games."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from ledger.models import Result


@dataclass
class Row:
    """One line of the event table: a player (or a team) and their results so far."""

    name: str
    total: float = 0.0
    games: int = 0
    places: list[int] = field(default_factory=list)
    player_id: int | None = None
    team: str = ""
    rank: int = 0

    def to_json(self) -> dict[str, Any]:
        found = {"name": self.name, "total": round(self.total, 1), "games": self.games,
                 "places": self.places, "rank": self.rank}  # fmt: skip
        if self.player_id is not None:
            found["player"] = self.player_id
        if self.team:
            found["team"] = self.team
        return found


def _results(event: Any) -> list[Result]:
    return list(
        Result.objects.filter(
            session__event_table__round__event=event, session__deleted_at__isnull=True
        )
        .select_related("player")
        .order_by("session__event_table__round__number", "session__event_table__number", "seat")
    )


def event_totals(event: Any) -> dict[int, float]:
    """Return each player's total result at the event (for Swiss seating)."""
    totals: dict[int, float] = defaultdict(float)
    for result in _results(event):
        totals[result.player_id] += result.result
    return dict(totals)


def event_standings(event: Any) -> list[Row]:
    """Return every player of the event, best total first (players yet to finish a game too)."""
    teams = {
        e.player_id: e.team.name if e.team else "" for e in event.entries.select_related("team")
    }
    rows: dict[int, Row] = {}
    for entry in event.entries.select_related("player"):
        rows[entry.player_id] = Row(entry.player.name, player_id=entry.player_id)
    for result in _results(event):
        row = rows.setdefault(result.player_id, Row(result.player.name, player_id=result.player_id))
        row.total += result.result
        row.games += 1
        row.places.append(result.place)
    for pk, row in rows.items():
        row.team = teams.get(pk, "")
    return _ranked(rows.values())


def team_standings(rows: list[Row]) -> list[Row]:
    """Return the teams, best total first: each the sum of its players' totals."""
    teams: dict[str, Row] = {}
    for row in rows:
        if row.team:
            team = teams.setdefault(row.team, Row(row.team))
            team.total += row.total
            team.games += row.games
    return _ranked(teams.values())


def _ranked(rows: Any) -> list[Row]:
    ordered = sorted(rows, key=lambda row: (-round(row.total, 1), -row.games, row.name.casefold()))
    for index, row in enumerate(ordered):
        same = index and round(ordered[index - 1].total, 1) == round(row.total, 1)
        row.rank = ordered[index - 1].rank if same else index + 1
    return ordered
