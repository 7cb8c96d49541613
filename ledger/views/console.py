"""Console views for a screen beside a table or on the club's wall, readable from afar."""

from __future__ import annotations

from django.db.models import Max, Sum
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

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


def _playing():  # type: ignore[no-untyped-def]
    return Session.objects.active().filter(status=Session.Status.IN_PROGRESS)


def club_console(request: HttpRequest) -> HttpResponse:
    """Every table in play, each with its players, scores and round."""
    sessions = _playing().prefetch_related("seats__player", "rounds").order_by("table_name", "pk")
    tables = [table_of(session) for session in sessions[:40]]
    context = {"tables": tables, "fingerprint": _fingerprint()}
    template = "ledger/club_console.html" + PARTS.get(request.GET.get("part", ""), "")
    return render(request, template, context)


def _fingerprint() -> str:
    """Return what changes whenever a table in play changes (or one starts or ends)."""
    found = _playing().aggregate(count=Max("pk"), versions=Sum("version"))
    return f"{_playing().count()}-{found['count'] or 0}-{found['versions'] or 0}"


def club_console_version(request: HttpRequest) -> JsonResponse:
    """Return the tables' fingerprint: the wall screen polls it to stay in step."""
    return JsonResponse({"version": _fingerprint()})
