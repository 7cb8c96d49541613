"""The standings as data: leaderboard rows, a player's games and report, and safe CSV.

Pages, the CSV and JSON downloads and the API all read the standings through here.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from django.core.paginator import Page, Paginator
from django.http import HttpResponse, QueryDict

from ledger.models import Player, name_key
from ledger.numbers import rounded_float
from standings.forms import SORTS, ScopeForm
from standings.leaderboard import Row, leaderboard, player_report
from standings.models import ClubSetting, PlayerGame
from standings.scopes import Scope

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
ROWS_PER_PAGE = 50  # rows on a page of the leaderboard, and of its JSON when a page is asked
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
    "player_count",
    "start_points",
]


def with_default(query: QueryDict, scope: str) -> QueryDict:
    """Return the query with ``scope`` filled in, so the form shows what is counted."""
    query = query.copy()
    query.setdefault("scope", scope)
    return query


def board(query: QueryDict) -> tuple[ScopeForm, list[Row], ClubSetting]:
    """Return the scope form read from a query string, its leaderboard rows (of the games
    of one player count: four, or three), the settings."""
    form = ScopeForm(with_default(query, "current"))
    setting = form.setting
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


def row_json(row: Row) -> dict[str, Any]:
    """Return one leaderboard row as the JSON and CSV downloads write it."""
    return {
        "rank": row.rank,
        "player": row.name,
        "player_id": row.player.pk,
        "games": row.games,
        "total": row.total,
        "average_result": rounded_float(row.average_result, 2),
        "average_place": rounded_float(row.average_place, 3),
        "first_rate": rounded_float(row.first_rate, 4),
        "second_rate": rounded_float(row.second_rate, 4),
        "third_rate": rounded_float(row.third_rate, 4),
        "fourth_rate": None if row.fourth_rate is None else rounded_float(row.fourth_rate, 4),
        "tobi_rate": rounded_float(row.tobi_rate, 4),
        "rating": None if row.rating is None else rounded_float(row.rating, 2),
        "rating_uncertainty": None
        if row.uncertainty is None
        else rounded_float(row.uncertainty, 2),
    }


def player_sessions(player: Player, scope: Scope) -> list[dict[str, Any]]:
    """Return the player's finished sessions in a scope, oldest first."""
    games = (
        PlayerGame.objects.filter(player=player)
        .in_scope(scope)
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
            "openskill_mu": rounded_float(g.mu, 3),
            "openskill_sigma": rounded_float(g.sigma, 3),
            "tenhou_r": rounded_float(g.tenhou_r, 2),
            "player_count": g.player_count,
            "start_points": g.start_points,
        }
        for g in games
    ]


def scope_json(scope: Scope) -> dict[str, Any]:
    """Return which games a download counts: the scope in words of the asked language,
    its dates (ISO 8601, or None) and its player count."""
    return {
        "scope": scope.label,
        "starts": scope.starts.isoformat() if scope.starts else None,
        "ends": scope.ends.isoformat() if scope.ends else None,
        "player_count": scope.players,
    }


def searched(form: ScopeForm, rows: list[Row]) -> list[Row]:
    """Return the rows whose player's name holds the search ("Find a player"), each with
    its rank on the whole board; all rows when there is no search. Case, letter width and
    spaces are ignored as in the player's name key ("ｋｉｎａ" finds "Kina")."""
    search = name_key(form.get_search())
    return [row for row in rows if search in name_key(row.name)] if search else rows


def board_page(form: ScopeForm, rows: list[Row]) -> Page:
    """Return the page of the searched rows that the query asks for: the first when it asks
    for none, the last when it asks for one past the end (as ``Paginator.get_page``)."""
    return Paginator(searched(form, rows), ROWS_PER_PAGE).get_page(form.get_page())


def page_json(page: Page, asked: int) -> dict[str, Any]:
    """Return which page a JSON answer holds: its number (the last page when the one asked
    for is past the end), the number of pages, the number asked for, and the page's size."""
    return {
        "number": page.number,
        "pages": page.paginator.num_pages,
        "asked": asked,
        "rows_per_page": ROWS_PER_PAGE,
    }


def board_json(form: ScopeForm, rows: list[Row], setting: ClubSetting) -> dict[str, Any]:
    """Return a leaderboard as the JSON download and the API write it: every row the
    search finds, or, when the query asks for a page, that page of them (with ``page``)."""
    page = board_page(form, rows) if form.has_page() else None
    shown = searched(form, rows) if page is None else page.object_list
    data = {
        **scope_json(form.get_scope()),
        "rating_system": setting.rating_system,
        "rows": [row_json(row) for row in shown],
        "player_counts": form.player_counts,
    }
    if page is not None:
        data["page"] = page_json(page, form.get_page())
    return data


def report_json(player: Player, scope: Scope) -> dict[str, Any]:
    """Return a player's statistics over a scope as plain JSON (for the API)."""
    report = player_report(player, scope)
    biggest = report["biggest"]
    return {
        "player": player.name,
        "player_id": player.pk,
        **scope_json(scope),
        "totals": report["totals"],
        "rounds": report["sums"],
        "rates": report["rates"],
        "biggest_hand": None
        if biggest is None
        else {
            "session_id": biggest.session_id,
            "points": biggest.biggest_win,
            "hand": biggest.biggest_hand,
        },
        "yaku": dict(report["yaku"]),
        "head_to_head": [
            {
                "opponent": row["opponent__name"],
                "opponent_id": row["opponent_id"],
                "games": row["games"],
                "place_difference": row["place_difference"],
                "ron_won": row["ron_won"] or 0,
                "ron_lost": row["ron_lost"] or 0,
            }
            for row in report["head_to_head"]
        ],
        "history": [
            {
                "finished_at": at.isoformat(),
                "result": result,
                "mu": mu,
                "sigma": sigma,
                "tenhou_r": tenhou_r,
                "place": place,
            }
            for at, result, mu, sigma, tenhou_r, place in report["history"]
        ],
    }


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """Return a CSV cell that no spreadsheet runs as a formula: text starting with
    =, +, -, @, a tab or a carriage return gets a leading apostrophe. Numbers stay numbers.

    >>> safe_cell("=HYPERLINK(1)"), safe_cell("-3"), safe_cell(-3), safe_cell("Aki")
    ("'=HYPERLINK(1)", "'-3", -3, 'Aki')
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_response(filename: str, columns: list[str], rows: list[dict[str, Any]]) -> HttpResponse:
    """Return rows as a CSV download (UTF-8 with a byte order mark for spreadsheets)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, columns, extrasaction="ignore", lineterminator="\r\n")
    writer.writeheader()
    writer.writerows({key: safe_cell(value) for key, value in row.items()} for row in rows)
    response = HttpResponse("\ufeff" + out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
