"""An event as the API and the pages read it: players, rounds with their tables, standings."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Prefetch, Sum

from clubnights.models import Event, EventRound, EventTable
from clubnights.standings import event_standings, team_standings
from ledger.models import Session, _iso
from ledger.tables import Table, table_of


def rounds_of(event: Event) -> list[EventRound]:
    """Return the event's rounds with their tables, sessions and seats read at once."""
    tables = EventTable.objects.select_related("session").prefetch_related(
        "session__seats__player", "session__rounds"
    )
    return list(event.rounds.prefetch_related(Prefetch("tables", queryset=tables)))


def live_tables(event_round: EventRound) -> list[tuple[EventTable, Table | None]]:
    """Return the round's tables, each with its game as it stands (None once deleted)."""
    return [
        (table, None if table.session.deleted_at else table_of(table.session))
        for table in event_round.tables.all()
    ]


def fingerprint(event: Event) -> str:
    """Return what changes whenever the event or one of its games changes: the wall polls
    it to stay in step (a check-in, a draw, a round recorded, a game finished or deleted)."""
    games = Session.objects.filter(event_table__round__event=event)
    found = games.aggregate(count=Count("pk"), versions=Sum("version"))
    return f"{event.version}-{found['count']}-{found['versions'] or 0}"


def table_json(table: EventTable) -> dict[str, Any]:
    session = table.session
    seats = session.ordered_seats()
    return {
        "number": table.number,
        "session": session.pk,
        "seats": [seat.player_id for seat in seats],
        "players": [seat.player.name for seat in seats],
        "status": "deleted" if session.deleted_at else session.status,
    }


def round_json(event_round: EventRound) -> dict[str, Any]:
    ends = event_round.ends_at()
    return {
        "number": event_round.number,
        "started": _iso(event_round.started_at),
        "ends": _iso(ends) if ends else None,
        "sitting_out": list(event_round.sitting_out),
        "tables": [table_json(table) for table in event_round.tables.all()],
        "note": event_round.note_text(),
        "note_code": event_round.note.get("code", ""),
    }


def event_json(event: Event) -> dict[str, Any]:
    """Return the API's event object (FORMATS.md section 5)."""
    entries = event.entries.select_related("player", "team")
    standings = event_standings(event)
    found: dict[str, Any] = {
        "id": event.pk,
        "version": event.version,
        "name": event.name,
        "kind": event.kind,
        "rules": event.rules,
        "hanchan_count": event.hanchan_count,
        "seating": event.seating,
        "time_limit": event.time_limit,
        "time_up": event.time_up,
        "teams": event.has_teams,
        "sanma_rules": event.sanma_rules,
        "status": event.status,
        "players": [
            {
                "id": entry.player_id,
                "name": entry.player.name,
                "arrived": _iso(entry.arrived_at),
                "left": _iso(entry.left_at) or None,
                "present": entry.is_present,
                **({"team": entry.team.name} if entry.team else {}),
            }
            for entry in entries
        ],
        "rounds": [round_json(event_round) for event_round in rounds_of(event)],
        "standings": [row.to_json() for row in standings],
    }
    if event.has_teams:
        found["team_standings"] = [row.to_json() for row in team_standings(standings)]
    return found
