"""An event's teams (README "Events"): a check-in may name the player's team, matched
ignoring case as player names are, and a player who has played keeps their team, as
their results count for it in the team standings."""

from __future__ import annotations

from django.utils.translation import gettext

from clubnights.errors import TeamKept
from clubnights.models import Event, EventPlayer, EventTable, Team
from ledger.models import name_key


def team_for(entry: EventPlayer, name: str) -> Team:
    """Return the team the check-in names; refuse another team than the player's once they
    have played (sat at a table of the event), as their results count for their team."""
    if not _has_played(entry):
        return _team(entry.event, name)
    if entry.team is None or name_key(entry.team.name) != name_key(name.strip()[:60]):
        raise TeamKept(_team_kept(entry))
    return entry.team


def _team_kept(entry: EventPlayer) -> str:
    """Return why the player's team stays as it is, naming it."""
    if entry.team is None:
        text = gettext(
            "%(name)s has played without a team: a player’s team stays once they have played."
        )
    else:
        text = gettext("%(name)s plays for %(team)s: a player’s team stays once they have played.")
    return text % {"name": entry.player.name, "team": entry.team.name if entry.team else ""}


def _has_played(entry: EventPlayer) -> bool:
    """Return whether the player sat at a table of the event (a deleted game too: it can be
    restored)."""
    if entry.pk is None:
        return False
    tables = EventTable.objects.filter(round__event_id=entry.event_id)
    return tables.filter(session__seats__player_id=entry.player_id).exists()


def _team(event: Event, name: str) -> Team:
    """Return the event's team of this name, matched ignoring case in every script as
    players are (``name_key``: SQLite's own case folding knows ASCII letters only); a new
    name makes a new team, and the first spelling stays the team's."""
    name = name.strip()[:60]
    for team in event.teams.order_by("pk"):  # an event has a few teams
        if name_key(team.name) == name_key(name):
            return team
    return Team.objects.create(event=event, name=name)
