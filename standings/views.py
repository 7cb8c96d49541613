"""Views of the standings: leaderboard, player statistics, exports, seasons, rating choice."""

from __future__ import annotations

import csv
import io
from typing import Any

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from ledger.glossary import STATISTIC_DEFINITIONS
from ledger.models import Player, Season
from standings.forms import SORTS, RatingChoiceForm, ScopeForm, SeasonForm
from standings.models import ClubSetting, PlayerGame, Row, leaderboard, player_report

BOARD_TERMS = ("games", "total", "average_result", "average_place", "places", "tobi")
BOARD_TERMS += ("openskill", "tenhou")
LEADERBOARD_COLUMNS = [
    "rank",
    "player",
    "games",
    "total",
    "average_result",
    "average_place",
    "first_rate",
    "second_rate",
    "third_rate",
    "fourth_rate",
    "tobi_rate",
    "rating",
    "rating_uncertainty",
]


def _with_default(request: HttpRequest, scope: str) -> Any:
    """Return the query with ``scope`` filled in, so the form shows what is counted."""
    query = request.GET.copy()
    query.setdefault("scope", scope)
    return query


def _board(request: HttpRequest) -> tuple[ScopeForm, list[Row], ClubSetting]:
    form = ScopeForm(_with_default(request, "current"))
    setting = ClubSetting.current()
    if not form.is_valid():
        return form, [], setting
    sort = form.get_sort()
    rows = leaderboard(
        form.get_scope(),
        min_games=form.get_min_games(),
        sort=sort,
        descending=SORTS[sort][1],
        system=setting.rating_system,
    )
    return form, rows, setting


def leaderboard_page(request: HttpRequest) -> HttpResponse:
    """Show one row per player over the chosen scope, sorted by the chosen column."""
    form, rows, setting = _board(request)
    template = "standings/leaderboard.html"
    if request.htmx:
        template += "#leaderboard-table"
    context = {
        "form": form,
        "rows": rows,
        "scope": form.get_scope() if form.is_valid() else None,
        "sort": form.get_sort() if form.is_valid() else "total",
        "sorts": SORTS,
        "setting": setting,
        "rating_form": RatingChoiceForm(instance=setting),
        "glossary": STATISTIC_DEFINITIONS,
        "board_glossary": [(key, STATISTIC_DEFINITIONS[key]) for key in BOARD_TERMS],
        "query": _query_without(request, "sort"),
        "export_query": request.GET.urlencode(),
    }
    return render(request, template, context, status=200 if form.is_valid() else 400)


def _query_without(request: HttpRequest, name: str) -> str:
    query = request.GET.copy()
    query.pop(name, None)
    return query.urlencode()


def _row_json(row: Row) -> dict[str, Any]:
    return {
        "rank": row.rank,
        "player": row.name,
        "player_id": row.player.pk,
        "games": row.games,
        "total": row.total,
        "average_result": round(row.average_result, 2),
        "average_place": round(row.average_place, 3),
        "first_rate": round(row.first_rate, 4),
        "second_rate": round(row.second_rate, 4),
        "third_rate": round(row.third_rate, 4),
        "fourth_rate": round(row.fourth_rate, 4),
        "tobi_rate": round(row.tobi_rate, 4),
        "rating": None if row.rating is None else round(row.rating, 2),
        "rating_uncertainty": None if row.uncertainty is None else round(row.uncertainty, 2),
    }


def _bad_query(form: ScopeForm) -> JsonResponse:
    return JsonResponse({"errors": form.errors.get_json_data()}, status=400)


def leaderboard_json(request: HttpRequest) -> HttpResponse:
    """Return the leaderboard as JSON (the same query string as the page)."""
    form, rows, setting = _board(request)
    if not form.is_valid():
        return _bad_query(form)
    data = {
        "scope": form.get_scope().label,
        "rating_system": setting.rating_system,
        "rows": [_row_json(row) for row in rows],
    }
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False})


def leaderboard_csv(request: HttpRequest) -> HttpResponse:
    """Return the leaderboard as CSV (UTF-8 with a byte order mark for spreadsheets)."""
    form, rows, _ = _board(request)
    if not form.is_valid():
        return _bad_query(form)
    return _csv("leaderboard.csv", LEADERBOARD_COLUMNS, [_row_json(row) for row in rows])


def _csv(filename: str, columns: list[str], rows: list[dict[str, Any]]) -> HttpResponse:
    out = io.StringIO()
    writer = csv.DictWriter(out, columns, extrasaction="ignore", lineterminator="\r\n")
    writer.writeheader()
    writer.writerows(rows)
    response = HttpResponse("\ufeff" + out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def player_stats(request: HttpRequest, pk: int) -> HttpResponse:
    """Show a player's statistics over a scope: results, rounds, charts, head-to-head."""
    player = get_object_or_404(Player.objects.select_related("rating"), pk=pk)
    form = ScopeForm(_with_default(request, "all"), default="all")
    setting = ClubSetting.current()
    context: dict[str, Any] = {"player": player, "form": form, "setting": setting}
    context["glossary"] = STATISTIC_DEFINITIONS
    if not form.is_valid():
        return render(request, "standings/player_stats.html", context, status=400)
    context["scope"] = form.get_scope()
    context["export_query"] = request.GET.urlencode()
    context.update(player_report(player, context["scope"]))
    return render(request, "standings/player_stats.html", context)


SESSION_COLUMNS = [
    "session_id",
    "finished_at",
    "seat",
    "place",
    "score",
    "result",
    "players",
    "rounds",
    "wins",
    "deal_ins",
    "riichi",
    "openskill_mu",
    "openskill_sigma",
    "tenhou_r",
]


def _player_sessions(player: Player) -> list[dict[str, Any]]:
    games = (
        PlayerGame.objects.filter(player=player)
        .chronological()
        .select_related("session")
        .prefetch_related("session__seats__player")
    )
    return [
        {
            "session_id": g.session_id,
            "finished_at": g.finished_at.isoformat(),
            "seat": g.seat,
            "place": g.place,
            "score": g.score,
            "result": g.result,
            "players": " / ".join(p.name for p in g.session.players()),
            "rounds": g.rounds,
            "wins": g.wins,
            "deal_ins": g.deal_ins,
            "riichi": g.riichi,
            "openskill_mu": round(g.mu, 3),
            "openskill_sigma": round(g.sigma, 3),
            "tenhou_r": round(g.tenhou_r, 2),
        }
        for g in games
    ]


def player_sessions_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """Return a player's finished sessions as CSV."""
    player = get_object_or_404(Player, pk=pk)
    return _csv(f"player-{player.pk}-sessions.csv", SESSION_COLUMNS, _player_sessions(player))


def player_sessions_json(request: HttpRequest, pk: int) -> HttpResponse:
    """Return a player's finished sessions as JSON."""
    player = get_object_or_404(Player, pk=pk)
    data = {"player": player.name, "sessions": _player_sessions(player)}
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False})


def season_list(request: HttpRequest) -> HttpResponse:
    """List the seasons; a logged-in member may start one."""
    form = SeasonForm(request.POST or None)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if form.is_valid():
            season = form.save()
            messages.success(request, gettext("Season %(name)s created.") % {"name": season.name})
            return redirect("season-list")
    seasons = Season.objects.all()
    status = 400 if form.errors else 200
    return render(
        request, "standings/seasons.html", {"form": form, "seasons": seasons}, status=status
    )


@require_POST
@staff_member_required
def season_close(request: HttpRequest, pk: int) -> HttpResponse:
    """Close a season (staff): it ends today unless it already has an end."""
    season = get_object_or_404(Season, pk=pk)
    if season.is_closed:
        messages.info(
            request, gettext("Season %(name)s was already closed.") % {"name": season.name}
        )
        return redirect("season-list")
    season.is_closed = True
    season.ends_on = season.ends_on or max(timezone.localdate(), season.starts_on)
    season.save(update_fields=["is_closed", "ends_on"])
    messages.success(request, gettext("Season %(name)s closed.") % {"name": season.name})
    return redirect("season-list")


@require_POST
@staff_member_required
def rating_choice(request: HttpRequest) -> HttpResponse:
    """Choose which rating the leaderboard shows (staff)."""
    form = RatingChoiceForm(request.POST, instance=ClubSetting.current())
    if form.is_valid():
        form.save()
        messages.success(request, gettext("Rating choice saved."))
    else:
        messages.error(request, gettext("Choose one of the listed ratings."))
    return redirect("leaderboard")
