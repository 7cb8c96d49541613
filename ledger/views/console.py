"""Console views for a screen beside a table or on the club's wall, readable from afar."""

from __future__ import annotations

from typing import Any

from django.db.models import Max, Sum
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext

from clubnights.models import Event
from clubnights.standings import event_standings, team_standings
from ledger.json_text import whole_number
from ledger.models import Session
from ledger.tables import table_of
from ledger.views.common import load_session
from ledger.words import describe_outcome

PARTS = {"table": "#table"}


def session_console(request: HttpRequest, pk: int) -> HttpResponse:
    """One table, full screen: seats around it, big scores, counters, the last round."""
    session = load_session(pk)
    context = {"session": session, "table": table_of(session), "last": _last_round(session)}
    template = "ledger/console.html" + PARTS.get(request.GET.get("part", ""), "")
    return render(request, template, context)


def _last_round(session: Session) -> str:
    outcomes = session.outcomes()
    if not outcomes:
        return ""
    return describe_outcome(outcomes[-1], [p.name for p in session.players()])


def _playing(event: Event | None = None):  # type: ignore[no-untyped-def]
    playing = Session.objects.active().filter(status=Session.Status.IN_PROGRESS)
    return playing.filter(event_table__round__event=event) if event else playing


def _event_of(request: HttpRequest) -> Event | None:
    """Return the event the console shows (``?event=N``), or None for the whole club;
    answer 404 for an event that does not exist (never every table of the club instead)."""
    asked = request.GET.get("event", "")
    if not asked:
        return None
    number = whole_number(asked)
    if number is None:
        raise Http404  # not an id: the page says there is nothing at this address
    found = Event.objects.filter(pk=number).first()
    if found is None:
        raise Http404(gettext("There is no event %(pk)s.") % {"pk": number})
    return found


def club_console(request: HttpRequest) -> HttpResponse:
    """Every table in play, each with its players, scores and round (``?event=N``: that
    event's tables, and its standings after each finished game)."""
    event = _event_of(request)
    seen = _fingerprint(event)  # before the tables are read (see clubnights.views.event_seating)
    sessions = _playing(event).prefetch_related("seats__player", "rounds")
    sessions = sessions.order_by("table_name", "pk")
    tables = [table_of(session) for session in sessions[:40]]
    context: dict[str, Any] = {"tables": tables, "fingerprint": seen}
    if event is not None:
        standings = event_standings(event)
        teams = team_standings(standings) if event.has_teams else []
        context |= {"event": event, "standings": standings, "team_standings": teams}
        context["query"] = f"event={event.pk}"
    template = "ledger/club_console.html" + PARTS.get(request.GET.get("part", ""), "")
    return render(request, template, context)


def _fingerprint(event: Event | None = None) -> str:
    """Return what changes whenever a table in play changes (or one starts or ends)."""
    found = _playing(event).aggregate(count=Max("pk"), versions=Sum("version"))
    return f"{_playing(event).count()}-{found['count'] or 0}-{found['versions'] or 0}"


def club_console_version(request: HttpRequest) -> JsonResponse:
    """Return the tables' fingerprint: the wall screen polls it to stay in step."""
    return JsonResponse({"version": _fingerprint(_event_of(request))})
