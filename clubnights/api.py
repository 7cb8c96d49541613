"""The API's events: create, read, check in and out, draw the next round, finish.

Paths (stable, FORMATS.md section 5): ``POST /api/v1/events``, ``GET /api/v1/events/{id}``,
``POST /api/v1/events/{id}/checkins``, ``DELETE /api/v1/events/{id}/checkins/{player}``,
``POST /api/v1/events/{id}/rounds``, ``POST /api/v1/events/{id}/finish``. Every change goes
through ``clubnights.service``; errors are ``{"error": {"code", "message"}}`` with a 4xx.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from django.http import HttpRequest
from django.utils.translation import gettext
from ninja import Field, Router, Schema
from ninja.responses import Status
from pydantic import StrictBool, StrictInt, StringConstraints

from clubnights import service
from clubnights.access import can_manage
from clubnights.models import Event
from clubnights.reading import event_json, round_json
from ledger.api.auth import WRITERS, Caller, caller_of
from ledger.api.errors import ApiError
from ledger.api.schemas import ErrorOut, Name
from ledger.engine_words import explain as explain_rules
from ledger.json_text import bad_text
from ledger.models import Player
from scoring.errors import ScoringError
from scoring.rules import Rules

router = Router(tags=["events"])
ERRORS = {code: ErrorOut for code in (400, 401, 403, 404, 409, 422)}

Kind = Literal["club_night", "league_day", "tournament"]
Method = Literal["random", "swiss", "fewest_repeats", "prescripted"]
TimeUp = Literal["finish_hand", "one_more_hand", "no_renchan"]


class NewEventIn(Schema):
    """An event to create: its name, rules, rounds, seating, clock and teams."""

    name: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80)]
    kind: Kind = "club_night"
    rules: str | dict[str, Any] = Field(
        "club", description='a preset name, or {"preset": "tenhou", "<option>": value}'
    )
    hanchan_count: Annotated[StrictInt, Field(ge=1, le=100)] | None = Field(
        None, description="rounds of the event (null: open-ended)"
    )
    seating: Method = "random"
    prescript: Annotated[str, StringConstraints(max_length=100_000)] = Field(
        "",
        description="the seating plan (CSV: round,table,east,south,west,north; north empty at a table of three under sanma_rules)",
    )
    time_limit: Annotated[StrictInt, Field(ge=1, le=600)] | None = Field(
        None, description="minutes per round (null: no clock)"
    )
    time_up: TimeUp = "finish_hand"
    teams: StrictBool = False
    sanma_rules: str | dict[str, Any] | None = Field(
        None,
        description="three-player rules (a preset name or a rules object) for tables of three "
        "when a four-player event's players do not divide by four (null: they sit out)",
    )


class CheckinIn(Schema):
    """A player checking in: by id, or by name (a new name becomes a guest player)."""

    player: Name | Annotated[StrictInt, Field(ge=1)]  # no upper bound: a larger id is no row's
    team: Annotated[str, StringConstraints(strip_whitespace=True, max_length=60)] = ""


class EventOut(Schema):
    id: int
    version: int
    name: str
    kind: str
    rules: Any
    hanchan_count: int | None
    seating: str
    time_limit: int | None
    time_up: str
    teams: bool
    sanma_rules: Any = None
    status: str
    players: list[dict[str, Any]]
    rounds: list[dict[str, Any]]
    standings: list[dict[str, Any]]
    team_standings: list[dict[str, Any]] | None = None


class RoundOut(Schema):
    number: int
    started: str
    ends: str | None = None
    sitting_out: list[int]
    tables: list[dict[str, Any]]
    note: str = ""  # the seating engine's note in the request's language
    note_code: str = ""  # its code (events.messages), "" without a note


def _plain_text(*values: Any) -> None:
    if bad_text(list(values)):
        raise ApiError(422, "bad_text", gettext("Text may hold no NUL and only valid Unicode."))


def _caller(request: HttpRequest) -> Caller:
    caller = caller_of(request)
    if caller is None or not caller.is_member:
        raise ApiError(403, "forbidden", gettext("Events need a club member’s login or API token."))
    return caller


def _event(pk: int) -> Event:
    event = Event.objects.filter(pk=pk).first()
    if event is None:
        raise ApiError(404, "not_found", gettext("There is no event %(pk)s.") % {"pk": pk})
    return event


def _manager(request: HttpRequest, pk: int) -> tuple[Caller, Event]:
    caller, event = _caller(request), _event(pk)
    if not can_manage(caller.user, event):
        raise ApiError(
            403,
            "forbidden",
            gettext("Only the member who created the event, or the club’s staff, manage it."),
        )
    return caller, event


def _answer(event: Event) -> dict[str, Any]:
    return event_json(Event.objects.get(pk=event.pk))


@router.post("/events", response={201: EventOut, **ERRORS}, auth=WRITERS)
def create_event(request: HttpRequest, body: NewEventIn) -> Status[dict[str, Any]]:
    """Create an event (members): players then check in, and rounds are drawn."""
    caller = _caller(request)
    _plain_text(body.name, body.prescript, body.rules, body.sanma_rules)
    try:
        rules = Rules.from_json(body.rules).to_json()
        sanma = None if body.sanma_rules is None else Rules.from_json(body.sanma_rules).to_json()
    except ScoringError as error:
        raise ApiError(422, "bad_rules", explain_rules(error)) from None
    new = service.NewEvent(
        name=body.name,
        rules=rules,
        kind=body.kind,
        hanchan_count=body.hanchan_count,
        seating=body.seating,
        prescript=body.prescript,
        time_limit=body.time_limit,
        time_up=body.time_up,
        has_teams=body.teams,
        sanma_rules=sanma,
    )
    return Status(201, _answer(service.create_event(new, user=caller.user)))


@router.get("/events/{int:id}", response={200: EventOut, **ERRORS})
def read_event(request: HttpRequest, id: int) -> dict[str, Any]:
    """Return an event: its players, rounds (tables, seats East first, session ids), standings."""
    return _answer(_event(id))


@router.post("/events/{int:id}/checkins", response={201: EventOut, **ERRORS}, auth=WRITERS)
def check_in(request: HttpRequest, id: int, body: CheckinIn) -> Status[dict[str, Any]]:
    """Check a player in (members): by id, or by name (a new name is a guest)."""
    _caller(request)
    event = _event(id)
    _plain_text(body.player, body.team)
    if isinstance(body.player, int):
        player = Player.objects.filter(pk=body.player).first()
        if player is None:
            raise ApiError(
                422,
                "unknown_player",
                gettext("There is no player with id %(ids)s.") % {"ids": body.player},
            )
        service.check_in(event.pk, player=player, team=body.team)
    else:
        service.check_in(event.pk, name=body.player, team=body.team)
    return Status(201, _answer(event))


@router.delete(
    "/events/{int:id}/checkins/{int:player}", response={200: EventOut, **ERRORS}, auth=WRITERS
)
def check_out(request: HttpRequest, id: int, player: int) -> dict[str, Any]:
    """Mark a player as left (the event's managers): they are out of the next draws (404
    for a player not checked in, whatever the number)."""
    _, event = _manager(request, id)
    service.check_out(event.pk, player)
    return _answer(event)


@router.post("/events/{int:id}/rounds", response={201: RoundOut, **ERRORS}, auth=WRITERS)
def draw_round(request: HttpRequest, id: int) -> Status[dict[str, Any]]:
    """Draw the next round and start its tables (the event's managers); 409 while tables of
    the last round still play."""
    caller, event = _manager(request, id)
    event_round = service.draw_round(event.pk, actor=caller.actor)
    return Status(201, round_json(event.rounds.prefetch_related("tables__session__seats__player")
                                  .get(pk=event_round.pk)))  # fmt: skip


@router.post("/events/{int:id}/finish", response={200: EventOut, **ERRORS}, auth=WRITERS)
def finish_event(request: HttpRequest, id: int) -> dict[str, Any]:
    """Finish the event (the event's managers): no more check-ins or rounds."""
    _, event = _manager(request, id)
    return _answer(service.finish_event(event.pk))
