"""The API's standings: the leaderboard and a player's statistics (read by anyone)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, QueryDict
from django.utils.translation import gettext
from ninja import P, Query, Router

from ledger.api.errors import ApiError
from ledger.api.schemas import ErrorOut
from ledger.models import Player
from standings.exports import ROWS_PER_PAGE, board, board_json, report_json, with_default
from standings.forms import SORTS, ScopeForm, form_problems

router = Router(tags=["standings"])
ERRORS = {code: ErrorOut for code in (400, 404, 422)}
# The board's parameters are read as text by the leaderboard page's form, which judges
# them as it judges the page's (an empty one, as the page's own links send, is none).
Text = str | None


def _query(request: HttpRequest, *names: str) -> QueryDict:
    """Return the request's own text of the parameters ``names``, as sent: the page's form
    judges it as it judges the page's, so the page and the API refuse the same queries
    (the operation's typed parameters describe them, and refuse what cannot be read)."""
    query = QueryDict(mutable=True)
    for name in names:
        if name in request.GET:
            query[name] = request.GET[name]
    return query


def _form_problem(form: ScopeForm) -> ApiError:
    """Return the refusal of a query the page's form refuses, in the words of the page's
    JSON answer (each problem after its field's label)."""
    return ApiError(422, "bad_scope", form_problems(form))


SCOPE = "current, all, season-N, ruleset-N, or dates (with starts and/or ends)"
SEARCH = "find a player: only the rows whose name holds this text, each with its rank on the board"
PAGE = (
    f"answer one page of {ROWS_PER_PAGE} rows (from 1; one past the end answers the last "
    "page), named by `page` in the answer; without it, every row"
)
SORT = "the column the rows are ranked by: " + ", ".join(SORTS) + " (total unless told)"
MIN_GAMES = "list players with at least this many games (by default the season's or club's)"
BOARD_PARAMETERS = ("scope", "starts", "ends", "min_games", "sort", "players", "q", "page")


@router.get("/standings", response={200: dict[str, Any], **ERRORS})
def standings(
    request: HttpRequest,
    scope: Query[str, P(description=SCOPE)] = "current",
    starts: Query[Text, P(description="count games from this day, YYYY-MM-DD")] = None,
    ends: Query[Text, P(description="count games up to this day, YYYY-MM-DD")] = None,
    min_games: Query[Text, P(description=MIN_GAMES)] = None,
    sort: Query[Text, P(description=SORT)] = None,
    players: Query[Text, P(description="4 or 3: games of that many players")] = None,
    q: Query[Text, P(description=SEARCH)] = None,
    page: Query[Text, P(description=PAGE)] = None,
) -> dict[str, Any]:
    """Return the leaderboard, with the query string of the leaderboard page: ``scope`` is
    current, all, season-N, ruleset-N or dates (with ``starts`` and/or ``ends``);
    ``players`` 4 or 3 (four-player games unless the club has only three-player games);
    ``q`` finds players by name; ``page`` answers one page of rows, as the page shows it."""
    form, rows, setting = board(_query(request, *BOARD_PARAMETERS))
    if not form.is_valid():
        raise _form_problem(form)
    return board_json(form, rows, setting)


@router.get("/players/{int:id}/stats", response={200: dict[str, Any], **ERRORS})
def player_stats(
    request: HttpRequest,
    id: int,
    scope: Query[str, P(description="all, current, season-N, ruleset-N or dates")] = "all",
    starts: Query[Text, P(description="count games from this day, YYYY-MM-DD")] = None,
    ends: Query[Text, P(description="count games up to this day, YYYY-MM-DD")] = None,
    players: Query[Text, P(description="4 or 3: games of that many players")] = None,
) -> dict[str, Any]:
    """Return a player's statistics over a scope (all time unless told) in games of
    ``players`` players: 4 or 3 (the player's four-player games unless they have none)."""
    player = Player.objects.filter(pk=id).first()
    if player is None:
        raise ApiError(404, "not_found", gettext("There is no player %(pk)s.") % {"pk": id})
    query = _query(request, "scope", "starts", "ends", "players")
    form = ScopeForm(with_default(query, "all"), default="all", player=player)
    if not form.is_valid():
        raise _form_problem(form)
    return report_json(player, form.get_scope())
