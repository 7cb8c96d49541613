"""Views of the standings: leaderboard, player statistics, exports, seasons, rating choice."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Page, Paginator
from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext, ngettext, pgettext
from django.views.decorators.http import require_POST

from ledger.api.errors import error_body
from ledger.models import Player, Season, Session
from ledger.seasons import close_season, place_sessions, season_on
from standings.club import achievements, club_report
from standings.exports import (
    LEADERBOARD_COLUMNS,
    ROWS_PER_PAGE,
    SESSION_COLUMNS,
    board,
    board_json,
    board_page,
    csv_response,
    player_sessions,
    row_json,
    scope_json,
    searched,
    with_default,
)
from standings.forms import (
    SORTS,
    RatingChoiceForm,
    ScopeForm,
    SeasonForm,
    form_problems,
    player_count_name,
)
from standings.leaderboard import counts_of, player_ratings, player_report, with_recent
from standings.models import ClubSetting
from standings.rebuild import is_pending
from standings.words import STATISTIC_DEFINITIONS

BOARD_TERMS = ("games", "total", "average_result", "average_place", "places", "tobi")
BOARD_TERMS += ("openskill", "tenhou")


def leaderboard_page(request: HttpRequest) -> HttpResponse:
    """Show one row per player over the chosen scope, sorted by the chosen column, a page
    at a time (a name search keeps each row's rank on the whole board; a page past the
    end shows the last page, and says so)."""
    form, rows, setting = board(request.GET)
    valid = form.is_valid()
    page = board_page(form, rows) if valid else Paginator([], ROWS_PER_PAGE).get_page(1)
    scope = form.get_scope() if valid else None
    if scope is not None:
        with_recent(page.object_list, scope)
    template = "standings/leaderboard.html"
    if request.htmx:
        template += "#leaderboard-table"
    context = _board_context(request, form, page, setting)
    context.update(scope=scope, scope_note=_scope_note(form) if valid else "")
    return render(request, template, context, status=200 if valid else 400)


def _board_context(
    request: HttpRequest, form: ScopeForm, page: Page, setting: ClubSetting
) -> dict[str, Any]:
    """Return what the leaderboard page shows around its rows: the form, the pages, the
    links keeping the query, the glossary and the staff's rating choice."""
    valid = form.is_valid()
    asked = form.get_page() if valid else 1
    return {
        "form": form,
        "rows": page.object_list,
        "page": page,
        "asked_page": asked if asked != page.number else None,
        "min_games": form.get_min_games() if valid else 1,
        "my_page": _my_page(request, page.paginator.object_list),
        "page_query": _query_without(request, "page"),
        "sort": form.get_sort() if valid else "total",
        "sorts": SORTS,
        "setting": setting,
        "rating_form": RatingChoiceForm(instance=setting),
        "board_query": request.GET.urlencode(),  # the board the rating choice goes back to
        "updating": is_pending(),
        "glossary": STATISTIC_DEFINITIONS,
        "board_glossary": [(key, STATISTIC_DEFINITIONS[key]) for key in BOARD_TERMS],
        "query": _query_without(request, "sort", "page"),  # a new order starts at page 1
        "search": form.get_search() if valid else "",
        "export_query": _query_without(request, "page"),  # a download holds every row
        "players_switch": players_switch(request, form),
    }


CLUB_TERMS = ("head_to_head_matrix", "seat_places", "hand_values", "club_yaku")


def club_page(request: HttpRequest) -> HttpResponse:
    """Show the club's picture over the chosen scope: the most active players against each
    other, places by starting seat, hand values and yaku."""
    form = ScopeForm(with_default(request.GET, "current"))
    valid = form.is_valid()
    context: dict[str, Any] = {"form": form, "updating": is_pending()}
    context["players_switch"] = players_switch(request, form)
    context["club_glossary"] = [(key, STATISTIC_DEFINITIONS[key]) for key in CLUB_TERMS]
    if valid:
        scope, min_games = form.get_scope(), form.get_min_games()
        context.update(club_report(scope, min_games=min_games))
        context.update(scope=scope, min_games=min_games, scope_note=_scope_note(form))
        context["query"] = request.GET.urlencode()
    return render(request, "standings/club.html", context, status=200 if valid else 400)


def print_page(request: HttpRequest) -> HttpResponse:
    """Show every player over the threshold in one table made to print on A4 paper."""
    form, rows, setting = board(request.GET)
    valid = form.is_valid()
    context: dict[str, Any] = {"form": form, "rows": rows, "setting": setting}
    context["players_switch"] = players_switch(request, form)
    context["club_name"] = settings.CLUB_NAME or gettext("Riichi ledger")
    context["printed_at"] = timezone.localtime()
    if valid:
        context.update(scope=form.get_scope(), min_games=form.get_min_games())
        context["scope_note"] = _scope_note(form)
        context["query"] = request.GET.urlencode()
    return render(request, "standings/print.html", context, status=200 if valid else 400)


def players_switch(request: HttpRequest, form: ScopeForm) -> list[dict[str, Any]]:
    """Return the links between four-player and three-player games (none when there are
    games of one count only), each keeping the rest of the query."""
    if not form.has_both_counts:
        return []
    shown = form.get_players() if form.is_valid() else None
    links = []
    for count in form.player_counts:
        query = request.GET.copy()
        query.pop("page", None)
        query["players"] = str(count)
        links.append(
            {"count": count, "label": player_count_name(count), "query": query.urlencode(),
             "is_current": count == shown}
        )  # fmt: skip
    return links


def _scope_note(form: ScopeForm) -> str:
    """Return why the board shows this season when none was chosen: today's, or the latest."""
    if form.cleaned_data.get("scope") not in ("", None, "current"):
        return ""
    season = form.current_season
    if season is None:
        return gettext("no season yet")
    if season_on(timezone.localdate()) == season:
        return gettext("today’s season")
    if season.is_closed:
        return gettext("the latest season, closed")
    return gettext("the latest season")


def _my_page(request: HttpRequest, rows: list[Any]) -> int | None:
    """Return the page holding the visitor's own row, if they are a listed player."""
    player = getattr(request.user, "player", None) if request.user.is_authenticated else None
    for index, row in enumerate(rows):
        if player is not None and row.player.pk == player.pk:
            return index // ROWS_PER_PAGE + 1
    return None


def _query_without(request: HttpRequest, *names: str) -> str:
    query = request.GET.copy()
    for name in names:
        query.pop(name, None)
    return query.urlencode()


def _bad_query(form: ScopeForm) -> JsonResponse:
    """Return a 400 in the API's error shape, saying the form's errors in words (``errors``
    keeps them by field, as the downloads answered before)."""
    body = error_body("bad_query", form_problems(form), errors=form.errors.get_json_data())
    return JsonResponse(body, status=400, json_dumps_params={"ensure_ascii": False})


def leaderboard_json(request: HttpRequest) -> HttpResponse:
    """Return the leaderboard as JSON (the same query string as the page): every row the
    search finds, or one page of them when the query asks for a page."""
    form, rows, setting = board(request.GET)
    if not form.is_valid():
        return _bad_query(form)
    data = board_json(form, rows, setting)
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False})


def leaderboard_csv(request: HttpRequest) -> HttpResponse:
    """Return the leaderboard as CSV (UTF-8 with a byte order mark for spreadsheets)."""
    form, rows, _ = board(request.GET)
    if not form.is_valid():
        return _bad_query(form)
    listed = searched(form, rows)
    return csv_response("leaderboard.csv", LEADERBOARD_COLUMNS, [row_json(row) for row in listed])


def player_stats(request: HttpRequest, pk: int) -> HttpResponse:
    """Show a player's statistics over a scope: results, rounds, charts, head-to-head."""
    player = get_object_or_404(Player, pk=pk)
    ratings = player_ratings(player)
    form = ScopeForm(with_default(request.GET, "all"), default="all", counts=counts_of(ratings))
    setting = ClubSetting.current()
    context: dict[str, Any] = {"player": player, "form": form, "setting": setting}
    context["players_switch"] = players_switch(request, form)
    context["updating"] = is_pending()
    context["glossary"] = STATISTIC_DEFINITIONS
    if not form.is_valid():
        return render(request, "standings/player_stats.html", context, status=400)
    context["scope"] = form.get_scope()
    context["export_query"] = request.GET.urlencode()
    context.update(player_report(player, context["scope"], ratings))
    context.update(achievements(player, context["scope"], context["history"]))
    return render(request, "standings/player_stats.html", context)


def player_sessions_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """Return a player's finished sessions as CSV (a bad query: 400, as the leaderboard's)."""
    player = get_object_or_404(Player, pk=pk)
    form = _player_scope_form(request, player)
    if not form.is_valid():
        return _bad_query(form)
    sessions = player_sessions(player, form.get_scope())
    return csv_response(f"player-{player.pk}-sessions.csv", SESSION_COLUMNS, sessions)


def player_sessions_json(request: HttpRequest, pk: int) -> HttpResponse:
    """Return a player's finished sessions as JSON (a bad query: 400, as the leaderboard's)."""
    player = get_object_or_404(Player, pk=pk)
    form = _player_scope_form(request, player)
    if not form.is_valid():
        return _bad_query(form)
    scope = form.get_scope()
    data = {"player": player.name, **scope_json(scope), "sessions": player_sessions(player, scope)}
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False})


def _player_scope_form(request: HttpRequest, player: Player) -> ScopeForm:
    """Return the scope form of a player's page (all time when the query names no scope)."""
    return ScopeForm(with_default(request.GET, "all"), default="all", player=player)


def season_list(request: HttpRequest) -> HttpResponse:
    """List the seasons; a logged-in member may start one."""
    form = SeasonForm(request.POST or None)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if form.is_valid():
            with transaction.atomic():  # the season is kept only with its sessions placed
                season = form.save()
                moved = len(place_sessions())
            messages.success(
                request,
                ngettext(
                    "Season %(name)s created; %(count)s session moved into it.",
                    "Season %(name)s created; %(count)s sessions moved into it.",
                    moved,
                )
                % {"name": season.name, "count": moved},
            )
            return redirect("season-list")
    seasons = Season.objects.all()
    status = 400 if form.errors else 200
    return render(
        request, "standings/seasons.html", {"form": form, "seasons": seasons}, status=status
    )


@require_POST
@staff_member_required
def season_close(request: HttpRequest, pk: int) -> HttpResponse:
    """Close a season (staff): it ends today unless it ended before, and its standings
    are final (``ledger.seasons.close_season``)."""
    season = get_object_or_404(Season, pk=pk)
    if season.is_closed:
        messages.info(
            request, gettext("Season %(name)s was already closed.") % {"name": season.name}
        )
        return redirect("season-list")
    left = close_season(season)
    messages.success(request, gettext("Season %(name)s closed.") % {"name": season.name})
    if left:
        messages.info(request, _games_that_left(season, left))
    return redirect("season-list")


def _games_that_left(season: Season, left: list[Session]) -> str:
    tables = gettext("; ").join(_game_words(each) for each in left)
    return ngettext(
        "%(count)s game was still being played (%(tables)s): it is no longer in season "
        "%(name)s, whose standings are final.",
        "%(count)s games were still being played (%(tables)s): they are no longer in season "
        "%(name)s, whose standings are final.",
        len(left),
    ) % {"count": len(left), "tables": tables, "name": season.name}


def _game_words(session: Session) -> str:
    """Return a game by its players and start: "Aki, Bo, Chen, Dai (started 2026/12/4 19:30)"."""
    players = pgettext("list separator", ", ").join(p.name for p in session.players())
    started = date_format(timezone.localtime(session.started_at), "SHORT_DATETIME_FORMAT")
    return gettext("%(players)s (started %(started)s)") % {"players": players, "started": started}


@require_POST
@staff_member_required
def rating_choice(request: HttpRequest) -> HttpResponse:
    """Choose which rating the leaderboard shows (staff), then show the board as it was
    (its query kept to the board's own parameters: never another address)."""
    form = RatingChoiceForm(request.POST, instance=ClubSetting.current())
    if form.is_valid():
        form.save()
        messages.success(request, gettext("Rating choice saved."))
    else:
        messages.error(request, gettext("Choose one of the listed ratings."))
    query = form.cleaned_data.get("query", "")
    return redirect(f"{reverse('leaderboard')}?{query}" if query else reverse("leaderboard"))
