"""The API's standings: the leaderboard and a player's statistics (read by anyone)."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from django.http import HttpRequest, QueryDict
from django.utils.translation import gettext
from ninja import Router

from ledger.api.errors import ApiError
from ledger.api.schemas import ErrorOut
from ledger.models import Player
from standings.exports import board, board_json, report_json, with_default
from standings.forms import SORTS, ScopeForm

router = Router(tags=["standings"])
ERRORS = {code: ErrorOut for code in (400, 404, 422)}
Sort = Literal[tuple(SORTS)]  # type: ignore[valid-type]


def _query(**params: Any) -> QueryDict:
    query = QueryDict(mutable=True)
    for key, value in params.items():
        if value is not None:
            query[key] = str(value)
    return query


def _form_problem(form: ScopeForm) -> ApiError:
    problems = [str(message) for messages in form.errors.values() for message in messages]
    return ApiError(422, "bad_scope", " ".join(problems))


@router.get("/standings", response={200: dict[str, Any], **ERRORS})
def standings(
    request: HttpRequest,
    scope: str = "current",
    starts: dt.date | None = None,
    ends: dt.date | None = None,
    min_games: int | None = None,
    sort: Sort = "total",
    players: int | None = None,
) -> dict[str, Any]:
    """Return the leaderboard: ``scope`` is current, all, season-N, ruleset-N or dates
    (with ``starts`` and/or ``ends``), as on the leaderboard page; ``players`` 4 or 3
    (four-player games unless the club has only three-player games)."""
    query = _query(
        scope=scope, starts=starts, ends=ends, min_games=min_games, sort=sort, players=players
    )
    form, rows, setting = board(query)
    if not form.is_valid():
        raise _form_problem(form)
    return board_json(form, rows, setting)


@router.get("/players/{int:id}/stats", response={200: dict[str, Any], **ERRORS})
def player_stats(
    request: HttpRequest,
    id: int,
    scope: str = "all",
    starts: dt.date | None = None,
    ends: dt.date | None = None,
    players: int | None = None,
) -> dict[str, Any]:
    """Return a player's statistics over a scope (all time unless told) in games of
    ``players`` players: 4 or 3 (the player's four-player games unless they have none)."""
    player = Player.objects.filter(pk=id).first()
    if player is None:
        raise ApiError(404, "not_found", gettext("There is no player %(pk)s.") % {"pk": id})
    query = _query(scope=scope, starts=starts, ends=ends, players=players)
    form = ScopeForm(with_default(query, "all"), default="all", player=player)
    if not form.is_valid():
        raise _form_problem(form)
    return report_json(player, form.get_scope())
