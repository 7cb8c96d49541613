"""What an event's next draw is given, and what stops it: the players checked in and not
left, their teams, the event's earlier rounds and standings, its seating plan; a player
present who plays at another table. The same rule keeps an event's finished game from
coming back into play while one of its players plays at another table, or at all once the
event has finished.
``events.seating`` does the seating itself."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext

from clubnights.errors import EventError, EventFinished, StillPlaying
from clubnights.models import Event, EventRound
from clubnights.plans import plan_of
from clubnights.standings import event_totals
from clubnights.words import explain
from events import seating
from events.errors import SeatingError
from ledger.models import Player, Session, SessionSeat


def players_present(event: Event) -> dict[int, Player]:
    """Return the players checked in and not left, by id; refuse too few for a table."""
    present = event.entries.filter(left_at__isnull=True).select_related("player").order_by("pk")
    players = {entry.player_id: entry.player for entry in present}
    fewest = 3 if event.sanma_rules is not None else event.seats
    if len(players) < fewest:
        raise EventError(
            ngettext(
                "A round needs %(seats)s players checked in; %(count)s is.",
                "A round needs %(seats)s players checked in; %(count)s are.",
                len(players),
            )
            % {"seats": fewest, "count": len(players)}
        )
    return players


def refuse_players_playing_elsewhere(players: dict[int, Player]) -> None:
    """Refuse the draw while a player present plays at another table (of any event): one
    person cannot sit at two tables."""
    if seat := seat_in_play(players):
        raise StillPlaying(
            gettext(
                "%(name)s is playing at table %(table)s of %(event)s. Check them out of this "
                "event, or draw when that game has ended."
            )
            % _where(seat)
        )


def refuse_back_into_play(sender: Any, session: Session, **kwargs: Any) -> None:
    """Refuse to bring an event's game back into play (its end taken back, its last round
    undone, the game restored) once the event has finished (no table plays then), or
    while one of its players plays at another event table. The event row is locked, as
    finishing it locks it: a game cannot come back while the event finishes."""
    events = Event.objects.select_for_update(of=("self",))
    event = events.filter(rounds__tables__session=session).first()
    if event is None:  # not an event's game
        return
    if event.is_finished:
        raise EventFinished(
            gettext("%(event)s has finished, so its games cannot come back into play.")
            % {"event": event.name}
        )
    if seat := seat_in_play([seat.player_id for seat in session.seats.all()], besides=session):
        raise StillPlaying(
            gettext(
                "%(name)s is playing at table %(table)s of %(event)s, so this game cannot "
                "go on until that one has ended."
            )
            % _where(seat)
        )


def seat_in_play(players: Iterable[int], besides: Session | None = None) -> SessionSeat | None:
    """Return the first seat (by name) of one of the players at an event table in play,
    other than ``besides``. The players are locked first, in id order, until the change
    commits: a draw and a game brought back into play, at the same moment, cannot both
    seat one of them."""
    ids = sorted(players)
    list(Player.objects.select_for_update(no_key=True).filter(pk__in=ids).order_by("pk"))
    seats = SessionSeat.objects.filter(
        player_id__in=ids,
        session__event_table__isnull=False,
        session__deleted_at__isnull=True,
    ).exclude(session__status=Session.Status.FINISHED)
    if besides is not None:
        seats = seats.exclude(session=besides)
    found = seats.select_related("player", "session__event_table__round__event")
    return found.order_by("player__name").first()


def _where(seat: SessionSeat) -> dict[str, Any]:
    table = seat.session.event_table
    return {"name": seat.player.name, "table": table.number, "event": table.round.event.name}


def history_of(rounds: Sequence[EventRound]) -> list[seating.Draw]:
    """Return the seating engine's view of the rounds played: each table East first."""
    draws = []
    for event_round in rounds:
        tables = tuple(
            tuple(seat.player_id for seat in sorted(table.session.seats.all(), key=_by_seat))
            for table in event_round.tables.all()
        )
        draws.append(seating.Draw(tables, tuple(event_round.sitting_out)))
    return draws


def _by_seat(seat: Any) -> int:
    return int(seat.seat)


def seat_round(
    event: Event, rounds: Sequence[EventRound], players: dict[int, Player], rng: random.Random
) -> seating.Draw:
    """Return the next round's seating by the event's method (teammates kept apart where
    the method allows); what the seating engine refuses is said in the organiser's words."""
    plan = None
    if event.seating == Event.Seating.PRESCRIPTED:
        names = dict(Player.objects.values_list("name", "pk"))  # a plan names club players
        plan = plan_of(event, names)
    try:
        return seating.draw_round(
            list(players),
            history=history_of(rounds),
            standings=event_totals(event),
            method=event.seating,  # type: ignore[arg-type]
            seats=event.seats,
            sit_out="sanma" if event.sanma_rules is not None else "rotate",
            rng=rng,
            prescript=plan,
            teams=_teams_present(event),
        )
    except seating.NotCheckedInError as error:
        raise EventError(explain(error, {error.player: _player_name(error.player)})) from None
    except SeatingError as error:
        raise EventError(explain(error, {pk: p.name for pk, p in players.items()})) from None


def _teams_present(event: Event) -> dict[int, int]:
    """Return each present player's team (players in no team are left out)."""
    if not event.has_teams:
        return {}
    present = event.entries.filter(left_at__isnull=True, team__isnull=False)
    return dict(present.values_list("player_id", "team_id"))


def _player_name(pk: int) -> str:
    player = Player.objects.filter(pk=pk).first()
    return player.name if player else str(pk)
