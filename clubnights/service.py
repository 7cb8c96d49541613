"""The one write path of events: create, check in and out, draw a round, finish.

Every change locks the event row first (``select_for_update``) and reads what it needs under
that lock, so two staff drawing at the same moment start one round: the second sees the first
round's tables still playing and is refused. A draw also locks its players
(``clubnights.drawing``), so that two events drawing at once cannot seat one person at two
tables. A round's sessions are started through ``ledger.writes.create_session`` inside the
same transaction as the round, so a round starts with all its tables or with none.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from clubnights import drawing
from clubnights.drawing import history_of
from clubnights.errors import EventError, EventFinished, EventMissing, StillPlaying, TeamKept
from clubnights.models import Event, EventPlayer, EventRound, EventTable
from clubnights.plans import check_plan
from clubnights.teams import team_for
from events import seating
from events.messages import Message
from ledger import writes
from ledger.engine_words import explain as explain_rules
from ledger.models import Player, Ruleset, Session
from ledger.players import PlayerNameError, player_named
from scoring.errors import ScoringError
from scoring.rules import Rules

# What callers name as ``service.X``: the changes below and what they run into.
__all__ = [
    "CheckIn",
    "EventError",
    "EventFinished",
    "EventMissing",
    "NewEvent",
    "StillPlaying",
    "TeamKept",
    "check_in",
    "check_out",
    "create_event",
    "draw_round",
    "finish_event",
    "history_of",
    "playing_tables",
]

MAX_PLAYERS = 400  # check-ins of one event (the door's page is open to anyone with its QR)
LARGEST_ID = 2**63 - 1  # a row's id is a 64-bit integer: a larger number is no row's


@dataclass(frozen=True)
class NewEvent:
    """What an event is made of (from the event form or the API)."""

    name: str
    rules: dict[str, Any]
    ruleset: Ruleset | None = None
    kind: str = Event.Kind.CLUB_NIGHT
    hanchan_count: int | None = None
    seating: str = Event.Seating.RANDOM
    prescript: str = ""
    time_limit: int | None = None
    time_up: str = Event.TimeUp.FINISH_HAND
    has_teams: bool = False
    sanma_rules: dict[str, Any] | None = None  # tables of three for those left over


def create_event(new: NewEvent, *, user: Any = None) -> Event:
    """Return a new event (its seating plan, when it has one, read first)."""
    seats = Rules.from_json(new.rules, check=False).players
    if new.sanma_rules is not None:
        _check_sanma_rules(seats, new.sanma_rules)
    if new.seating == Event.Seating.PRESCRIPTED:
        check_plan(
            new.prescript, seats, threes=new.sanma_rules is not None, rounds=new.hanchan_count
        )
    return Event.objects.create(
        sanma_rules=new.sanma_rules,
        name=new.name,
        rules=new.rules,
        ruleset=new.ruleset,
        kind=new.kind,
        hanchan_count=new.hanchan_count,
        seating=new.seating,
        prescript=new.prescript,
        time_limit=new.time_limit,
        time_up=new.time_up,
        has_teams=new.has_teams,
        created_by=user if getattr(user, "is_authenticated", False) else None,
    )


def _check_sanma_rules(seats: int, rules: dict[str, Any]) -> None:
    """Refuse tables of three for an event that plays sanma already, or under rules that
    are not three-player rules."""
    if seats != 4:
        raise EventError(gettext("A sanma event seats three at every table already."))
    try:
        players = Rules.from_json(rules).players
    except ScoringError as error:
        raise EventError(explain_rules(error)) from None
    if players != 3:
        raise EventError(gettext("Tables of three need three-player (sanma) rules."))


def _lock(pk: int) -> Event:
    """Return the event, its row locked until the transaction ends."""
    event = Event.objects.select_for_update().filter(pk=pk).first()
    if event is None:
        raise EventMissing(gettext("There is no event %(pk)s.") % {"pk": pk})
    return event


def _bump(event: Event) -> None:
    event.version += 1
    event.save(update_fields=["version"])


def _refuse_if_finished(event: Event) -> None:
    if event.is_finished:
        raise EventError(gettext("This event has finished."))


# --- check-ins -------------------------------------------------------------------


@dataclass(frozen=True)
class CheckIn:
    """A player's check-in, and whether they were checked in already (and had not left)."""

    entry: EventPlayer
    already: bool

    @property
    def player(self) -> Player:
        return self.entry.player


def check_in(pk: int, *, player: Player | None = None, name: str = "", team: str = "") -> CheckIn:
    """Check the player in (a new entry, or their earlier one with its leaving undone).

    ``name`` finds a player ignoring case, or creates a guest of that name. A player who
    checks in after a round was drawn (a late arrival) is in the next draw. A player who
    has played keeps their team (``TeamKept`` when another is named).
    """
    with transaction.atomic():
        event = _lock(pk)
        _refuse_if_finished(event)
        player = player or _named(name)
        entry = event.entries.filter(player=player).first()
        already = entry is not None and entry.left_at is None
        if entry is None:
            if event.entries.count() >= MAX_PLAYERS:
                raise EventError(
                    gettext("This event has %(count)s players, as many as it takes.")
                    % {"count": MAX_PLAYERS}
                )
            entry = EventPlayer(event=event, player=player, arrived_at=timezone.now())
        entry.left_at = None
        if team.strip() and event.has_teams:
            entry.team = team_for(entry, team)
        entry.save()
        _bump(event)
    return CheckIn(entry, already)


def _named(name: str) -> Player:
    try:
        return player_named(name[:60])
    except PlayerNameError:
        raise EventError(gettext("Give the player’s name.")) from None


def check_out(pk: int, player_pk: int) -> EventPlayer:
    """Return the check-in marked as left: the player is out of the next draws."""
    with transaction.atomic():
        event = _lock(pk)
        _refuse_if_finished(event)
        entry = _entry(event, player_pk)
        if entry is None:
            raise EventMissing(
                gettext("Player %(pk)s has not checked in to this event.") % {"pk": player_pk}
            )
        if entry.left_at is None:
            entry.left_at = timezone.now()
            entry.save(update_fields=["left_at"])
            _bump(event)
    return entry


def _entry(event: Event, player_pk: int) -> EventPlayer | None:
    """Return the player's check-in, if any (an id no row can have is never queried)."""
    if not 0 < player_pk <= LARGEST_ID:
        return None
    return event.entries.filter(player_id=player_pk).first()


# --- rounds ----------------------------------------------------------------------


def draw_round(pk: int, *, actor: writes.Actor, rng: random.Random | None = None) -> EventRound:
    """Return the event's next round: its tables drawn from the players checked in (and not
    left), every table's session started, all in one transaction."""
    with transaction.atomic():
        event = _lock(pk)
        _refuse_if_finished(event)
        rounds = list(event.rounds.prefetch_related("tables__session__seats"))
        _refuse_while_playing(event, rounds)
        players = drawing.players_present(event)
        drawing.refuse_players_playing_elsewhere(players)
        drawn = drawing.seat_round(
            event, rounds, players, rng or random.Random(secrets.randbits(64))
        )
        event_round = EventRound.objects.create(
            event=event,
            number=len(rounds) + 1,
            started_at=timezone.now(),
            sitting_out=list(drawn.sitting_out),
            note=_note_json(drawn.note),
        )
        EventTable.objects.bulk_create(
            EventTable(round=event_round, number=index, session=session)
            for index, session in enumerate(_start_tables(event_round, drawn, players, actor), 1)
        )
        _bump(event)
    return event_round


def _start_tables(
    event_round: EventRound, drawn: seating.Draw, players: dict[int, Player], actor: writes.Actor
) -> list[Session]:
    """Start a session at each drawn table, through the write path."""
    event = event_round.event
    sessions = []
    for index, table in enumerate(drawn.tables, start=1):
        new = writes.NewSession(
            players=[players[p] for p in table],
            rules=event.rules_for(len(table)),
            ruleset=event.ruleset if len(table) == event.seats else None,
            table_name=f"{event.name[:34]} · {index}",  # a label, read in any language
            venue=event.name[:60],
            notes=gettext("%(event)s, round %(round)s")
            % {"event": event.name, "round": event_round.number},
        )
        sessions.append(writes.create_session(new, actor=actor, action="start"))
    return sessions


def _note_json(note: Message | None) -> dict[str, Any]:
    return {"code": note.code, "values": note.fields()} if note else {}


def _refuse_while_playing(event: Event, rounds: Sequence[EventRound]) -> None:
    if event.hanchan_count is not None and len(rounds) >= event.hanchan_count:
        raise EventError(
            ngettext(
                "All %(count)s round of this event has been drawn.",
                "All %(count)s rounds of this event have been drawn.",
                event.hanchan_count,
            )
            % {"count": event.hanchan_count}
        )
    if rounds:
        _refuse_while_tables_play(rounds[-1])


def playing_tables(event_round: EventRound) -> list[EventTable]:
    """Return the round's tables still playing (a game neither finished nor deleted)."""
    return [
        table
        for table in event_round.tables.all()
        if table.session.deleted_at is None and not table.session.is_finished
    ]


def _refuse_while_tables_play(event_round: EventRound) -> None:
    playing = [str(table.number) for table in playing_tables(event_round)]
    if playing:
        raise StillPlaying(
            ngettext(
                "Table %(tables)s of round %(round)s is still playing.",
                "Tables %(tables)s of round %(round)s are still playing.",
                len(playing),
            )
            % {"tables": ", ".join(playing), "round": event_round.number}
        )


def finish_event(pk: int) -> Event:
    """Return the event, finished: no more check-ins or rounds (its games stay as played);
    refused while a table plays, as its game would still change the standings."""
    with transaction.atomic():
        event = _lock(pk)
        if not event.is_finished:
            for event_round in event.rounds.prefetch_related("tables__session"):
                _refuse_while_tables_play(event_round)
            event.status = Event.Status.FINISHED
            event.finished_at = timezone.now()
            event.save(update_fields=["status", "finished_at"])
            _bump(event)
    return event
