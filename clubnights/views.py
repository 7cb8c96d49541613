"""The pages of events: the list, an event, the door's check-in, the seating, exports."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models.functions import Lower
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from clubnights import service
from clubnights.access import can_manage, is_member
from clubnights.forms import CheckinForm, EventForm
from clubnights.models import Event, EventRound, EventTable
from clubnights.reading import fingerprint, live_tables, rounds_of
from clubnights.standings import Row, event_standings, team_standings
from ledger.json_text import whole_number
from ledger.models import Player
from ledger.records import export_records
from ledger.views.common import actor_of, require_member
from ledger.views.table_link import TOKEN_PATTERN, qr_code_svg, table_link_qr, table_link_url
from ledger.writes import WriteError
from standings.exports import csv_response

CHECKINS_PER_ADDRESS = 30  # door check-ins from one address in ten minutes
CHECKIN_WINDOW = 600
RESULTS_COLUMNS = ["rank", "player", "team", "games", "total", "places"]
EVENTS_PER_PAGE = 50


def event_list(request: HttpRequest) -> HttpResponse:
    """List the events; members create one here."""
    form = EventForm(request.POST or None)
    if request.method == "POST":
        require_member(request, gettext("Creating an event needs a club member’s login."))
        if form.is_valid():
            data = form.cleaned_data
            new = service.NewEvent(
                name=data["name"],
                rules=data["rules"],
                ruleset=data["ruleset"],
                kind=data["kind"],
                hanchan_count=data["hanchan_count"],
                seating=data["seating"],
                prescript=data["prescript"],
                time_limit=data["time_limit"],
                time_up=data["time_up"],
                has_teams=data["has_teams"],
                sanma_rules=data["sanma_rules"],
            )
            try:
                event = service.create_event(new, user=request.user)
            except WriteError as error:
                field = (
                    "left_over" if data["sanma_rules"] and not data["prescript"] else "prescript"
                )
                form.add_error(field, error.message)
            else:
                return redirect(event)
    page = Paginator(Event.objects.all(), EVENTS_PER_PAGE).get_page(request.GET.get("page"))
    context = {"events": page, "form": form}
    status = 400 if form.errors else 200
    return render(request, "clubnights/event_list.html", context, status=status)


def _event(pk: int) -> Event:
    return get_object_or_404(Event, pk=pk)


def _require_manager(request: HttpRequest, event: Event) -> None:
    if not can_manage(request.user, event):
        raise PermissionDenied(
            gettext("Only the member who created the event, or the club’s staff, manage it.")
        )


def event_context(request: HttpRequest, event: Event) -> dict[str, Any]:
    """Return what the event's pages show: players, rounds and tables, standings."""
    rounds = rounds_of(event)
    standings = event_standings(event)
    names = {entry.player_id: entry.player.name for entry in event.entries.select_related("player")}
    return {
        "event": event,
        "entries": event.entries.select_related("player", "team"),
        "rounds": rounds,
        "last_round": rounds[-1] if rounds else None,
        "sitting_out": _sitting_out(rounds, names),
        "standings": standings,
        "team_standings": team_standings(standings) if event.has_teams else [],
        "can_manage": can_manage(request.user, event),
        "is_member": is_member(request.user),
    }


def _sitting_out(rounds: list[EventRound], names: dict[int, str]) -> list[str]:
    return [names.get(pk, str(pk)) for pk in rounds[-1].sitting_out] if rounds else []


def event_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The event: who checked in, its rounds with their tables, its standings."""
    event = _event(pk)
    context = event_context(request, event)
    context["checkin_form"] = CheckinForm()
    context |= _player_counts(context["entries"])
    if context["is_member"]:  # members pick a club player by name, or type a new guest
        checked_in = event.entries.values("player_id")
        players = Player.objects.exclude(pk__in=checked_in).order_by(Lower("name"), "pk")
        context["club_players"] = players.values_list("name", flat=True)[:500]
        context["checkin_url"] = _checkin_url(request, event)
        context["checkin_qr"] = qr_code_svg(
            context["checkin_url"], gettext("QR code of the event’s check-in")
        )
    return render(request, "clubnights/event_detail.html", context)


def _player_counts(entries: Any) -> dict[str, int]:
    """Return how many of the event's players are present and how many have left."""
    present = sum(entry.is_present for entry in entries)
    return {"present_count": present, "left_count": len(entries) - present}


def _checkin_url(request: HttpRequest, event: Event) -> str:
    return request.build_absolute_uri(reverse("event-checkin", args=[event.checkin_token]))


def _done(request: HttpRequest, event: Event, change: Any) -> HttpResponse:
    """Make a change of the service; say why when it was not made."""
    try:
        change()
    except WriteError as error:
        messages.error(request, error.message)
    return redirect(event)


@require_POST
def event_check_in(request: HttpRequest, pk: int) -> HttpResponse:
    """A member checks a player in by name."""
    event = _event(pk)
    require_member(request, gettext("Checking a player in needs a club member’s login."))
    form = CheckinForm(request.POST)
    if not form.is_valid():
        for problem in form.errors.values():
            messages.error(request, " ".join(problem))
        return redirect(event)
    data = form.cleaned_data
    try:
        checked = service.check_in(pk, name=data["name"], team=data["team"])
    except WriteError as error:
        messages.error(request, error.message)
    else:
        words = {"name": checked.player.name}
        if checked.already:
            messages.info(request, gettext("%(name)s was already checked in.") % words)
        else:
            messages.success(request, gettext("%(name)s is checked in.") % words)
    return redirect(event)


@require_POST
def event_check_out(request: HttpRequest, pk: int, player: int) -> HttpResponse:
    """A manager marks a player as left: out of the next draws."""
    event = _event(pk)
    _require_manager(request, event)
    try:
        entry = service.check_out(pk, player)
    except WriteError as error:
        messages.error(request, error.message)
    else:
        words = {"name": entry.player.name}
        messages.success(request, gettext("%(name)s checked out: not in the next draw.") % words)
    return redirect(event)


@require_POST
def event_draw(request: HttpRequest, pk: int) -> HttpResponse:
    """A manager draws the next round: every table's session starts."""
    event = _event(pk)
    _require_manager(request, event)
    try:
        service.draw_round(pk, actor=actor_of(request))
    except WriteError as error:
        messages.error(request, error.message)
        return redirect(event)
    return redirect("event-seating", pk=pk)


@require_POST
def event_finish(request: HttpRequest, pk: int) -> HttpResponse:
    """A manager finishes the event."""
    event = _event(pk)
    _require_manager(request, event)
    return _done(request, event, lambda: service.finish_event(pk))


def event_checkin(request: HttpRequest, token: str) -> HttpResponse:
    """The door's page (the event's QR code): a player gives their name, no account needed."""
    if not TOKEN_PATTERN.fullmatch(token):
        raise Http404(gettext("There is no event at this link."))
    event = get_object_or_404(Event, checkin_token=token)
    form = CheckinForm(request.POST or None)
    done = None
    if request.method == "POST" and form.is_valid():
        if _too_many_checkins(request):
            message = gettext("Too many check-ins from here; ask the organiser to check you in.")
            return render(request, "429.html", {"message": message}, status=429)
        data = form.cleaned_data
        try:
            done = service.check_in(event.pk, name=data["name"], team=data["team"])
        except WriteError as error:
            form.add_error("name", error.message)
        else:
            form = CheckinForm()
    context = {"event": event, "form": form, "done": done, **_door_state(event, done)}
    return render(
        request, "clubnights/checkin.html", context, status=200 if done or not form.errors else 400
    )


def _door_state(event: Event, done: service.CheckIn | None) -> dict[str, bool]:
    """Return what the door tells a player checked in: whether they sit at a table in play,
    whether a round is in play, whether every round of the event is drawn."""
    drawn, last = event.rounds.count(), event.rounds.last()
    playing = service.playing_tables(last) if last else []
    seated = done is not None and any(done.player in t.session.players() for t in playing)
    all_drawn = bool(event.hanchan_count) and drawn >= event.hanchan_count
    return {"seated": seated, "playing": bool(playing), "all_drawn": all_drawn}


def _too_many_checkins(request: HttpRequest) -> bool:
    key = f"event-checkins:{request.META.get('REMOTE_ADDR', '')}"
    cache.add(key, 0, CHECKIN_WINDOW)
    try:
        return cache.incr(key) > CHECKINS_PER_ADDRESS
    except ValueError:  # expired between the two calls
        return False


def event_seating(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's wall, live: the latest round's tables (``?round=N`` for another) with
    each game's scores and round as played, and the standings after each finished game.
    The page polls ``event-version`` and redraws its ``table`` part when it changes."""
    event = _event(pk)
    # Taken before the tables are read: a game changed meanwhile is shown as it is now,
    # and the wall's next poll (seeing a new fingerprint) draws it again; taken after,
    # the wall would keep that game's old state until something else changed.
    seen = fingerprint(event)
    context = event_context(request, event)
    shown = _shown_round(request, context["rounds"])
    number = whole_number(request.GET.get("round", ""))
    tables = live_tables(shown) if shown else []
    context |= {
        "shown": shown,
        "live_tables": tables,
        "clock_session": _clock_session(tables) if shown == context["last_round"] else None,
        "fingerprint": seen,
        "query": f"&round={number}" if number is not None else "",
    }
    template = "clubnights/seating.html"
    if request.GET.get("part") == "table":
        template += "#table"
    return render(request, template, context)


def _clock_session(tables: list[tuple[Any, Any]]) -> Any:
    """Return a game of the round still playing (its clock is the round's), or None."""
    return next((live.session for _, live in tables if live and not live.is_finished), None)


def event_version(request: HttpRequest, pk: int) -> JsonResponse:
    """Return the event's fingerprint: the wall polls it to stay in step."""
    return JsonResponse({"version": fingerprint(_event(pk))})


def _shown_round(request: HttpRequest, rounds: list[EventRound]) -> EventRound | None:
    number = whole_number(request.GET.get("round", ""))
    found = [r for r in rounds if r.number == number]
    return found[0] if found else (rounds[-1] if rounds else None)


def event_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """The printable sheet of a round: each table's QR code joins phones to its session."""
    event = _event(pk)
    require_member(request, gettext("The table sheet holds the table links: members only."))
    context = event_context(request, event)
    shown = _shown_round(request, context["rounds"])
    tables = [_sheet_item(request, table) for table in shown.tables.all()] if shown else []
    context |= {"shown": shown, "sheet": tables}
    return render(request, "clubnights/sheet.html", context)


def _sheet_item(request: HttpRequest, table: EventTable) -> dict[str, Any]:
    """Return a table's part of the sheet: its QR code and link, none once it was deleted."""
    if table.session.deleted_at:
        return {"table": table, "is_deleted": True}
    url = table_link_url(request, table.session)
    return {"table": table, "qr": table_link_qr(request, table.session), "url": url}


def event_results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's standings as CSV: rank, player, team, games, total, places."""
    event = _event(pk)
    rows = [_results_row(row) for row in event_standings(event)]
    return csv_response(f"event-{event.pk}-results.csv", RESULTS_COLUMNS, rows)


def _results_row(row: Row) -> dict[str, Any]:
    """Return a line of results.csv (a number stays a number: no cell runs as a formula)."""
    places = " ".join(str(place) for place in row.places)
    return {"rank": row.rank, "player": row.name, "team": row.team, "games": row.games,
            "total": round(row.total, 1), "places": places}  # fmt: skip


def event_records(request: HttpRequest, pk: int) -> HttpResponse:
    """The game records of the event's sessions (FORMATS.md section 3), as one JSON array."""
    event = _event(pk)
    sessions = [
        table.session
        for event_round in rounds_of(event)
        for table in event_round.tables.all()
        if table.session.deleted_at is None
    ]
    body = json.dumps(export_records(sessions), ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="event-{event.pk}-records.json"'
    return response
