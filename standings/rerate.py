"""Ratings (OpenSkill and Tenhou's R, ``standings.ratings``) rebuilt from the games: every
game from the earliest one a change touched is rated again in order, each player starting
from their ratings after their last earlier game of the same player count (four-player
and three-player games are rated apart); the players' current ratings and each season's
ratings, rated from a fresh start, are then rewritten. The games' new ratings are
written ``RATING_BATCH`` games per UPDATE statement, never one UPDATE per game.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Iterable
from itertools import groupby
from typing import Any

from django.db import connection, transaction
from django.db.models import F, Q, Window
from django.db.models.functions import RowNumber

from standings.models import PlayerGame, Rating, SeasonRating
from standings.ratings import RatingState, rate_game
from standings.upserts import upsert

RATING_BATCH = 2000  # games whose ratings one UPDATE statement writes
SQLITE_PAUSE = 0.12  # seconds between batches on SQLite (see _let_others_write)

RATING_FIELDS = ("mu", "sigma", "tenhou_r", "number")
RatingKey = tuple[int, int]  # (player id, player count): each count is rated on its own


def rerate(
    *,
    since: tuple[dt.datetime, int] | None = None,
    also: Iterable[int] = (),
    players: int | None = None,
) -> None:
    """Rate again every game from ``since`` (finished_at, session id) on, in order: the
    games of ``players`` players only, when given (else of every player count).

    The players start from their ratings after their last earlier game of the same
    player count; ``also`` names players whose current ratings (of that count) must be
    rewritten even without a later game.
    """
    games = PlayerGame.objects.all()
    if players is not None:
        games = games.filter(player_count=players)
    later = games.order_by("finished_at", "session_id", "seat").only(
        "session_id", "player_id", "player_count", "place", "finished_at", *RATING_FIELDS
    )
    earlier = games
    if since is not None:
        at, pk = since
        after = Q(finished_at__gt=at) | Q(finished_at=at, session_id__gte=pk)
        later, earlier = later.filter(after), earlier.exclude(after)
    changed = list(later)
    player_ids = {g.player_id for g in changed} | set(also)
    states = last_states(earlier.filter(player_id__in=player_ids)) if since else {}
    rate_in_order(changed, states)
    for start in range(0, len(changed), RATING_BATCH):
        with transaction.atomic():
            _update_ratings(changed[start : start + RATING_BATCH])
        _let_others_write()
    kept = {key: state for key, state in states.items() if key[0] in player_ids}
    store_ratings(kept, player_ids, players=players)


def _update_ratings(games: list[PlayerGame]) -> None:
    """Write the games' ratings in one statement: an UPDATE joined to a list of values
    (PostgreSQL and SQLite alike), not one UPDATE per game."""
    if not games:
        return
    table = PlayerGame._meta.db_table
    rows = ", ".join(["(%s, %s, %s, %s, %s)"] * len(games))
    sql = (
        f"WITH new (id, mu, sigma, tenhou_r, number) AS (VALUES {rows}) "
        f"UPDATE {table} SET mu = new.mu, sigma = new.sigma, tenhou_r = new.tenhou_r, "
        f"number = new.number FROM new WHERE {table}.id = new.id"
    )
    values = [v for g in games for v in (g.pk, g.mu, g.sigma, g.tenhou_r, g.number)]
    with connection.cursor() as cursor:
        cursor.execute(sql, values)


def _let_others_write() -> None:
    """Pause between batches on SQLite, where one writer holds the whole database: a
    request waiting for it retries every 100 ms or so, and would otherwise wait for the
    whole rebuild to end."""
    if connection.vendor == "sqlite" and not connection.in_atomic_block:
        time.sleep(SQLITE_PAUSE)


def last_states(games: Any) -> dict[RatingKey, RatingState]:
    """Return each player's ratings after their last game of each player count among
    ``games``."""
    last = games.annotate(
        newest=Window(
            RowNumber(),
            partition_by=[F("player_id"), F("player_count")],
            order_by=[F("finished_at").desc(), F("session_id").desc()],
        )
    ).filter(newest=1)
    found = last.only("player_id", "player_count", *RATING_FIELDS)
    return {(g.player_id, g.player_count): g.rating_state for g in found}


def rate_in_order(
    games: list[PlayerGame], states: dict[RatingKey, RatingState]
) -> list[PlayerGame]:
    """Rate chronological games (a session's three or four together) in place; update
    ``states``, kept apart by player count."""
    for _, group in groupby(games, key=lambda g: g.session_id):
        table = list(group)
        before = [states.get((g.player_id, g.player_count), RatingState()) for g in table]
        for game, state in zip(table, rate_game(before, [g.place for g in table])):
            game.mu, game.sigma, game.tenhou_r, game.number = (
                state.mu,
                state.sigma,
                state.tenhou_r,
                state.games,
            )
            states[game.player_id, game.player_count] = state
    return games


def store_ratings(
    states: dict[RatingKey, RatingState], player_ids: Iterable[int], *, players: int | None = None
) -> None:
    """Rewrite the current ratings of ``player_ids``, one per player count they played
    (removing those without games), of ``players`` players only when given."""
    ratings = Rating.objects.filter(player_id__in=set(player_ids))
    if players is not None:
        ratings = ratings.filter(player_count=players)
    rows = [
        Rating(player_id=pk, player_count=count, mu=s.mu, sigma=s.sigma, tenhou_r=s.tenhou_r,
               games=s.games)
        for (pk, count), s in states.items()
    ]  # fmt: skip
    with transaction.atomic():
        upsert(Rating, rows, ["player", "player_count"], ["mu", "sigma", "tenhou_r", "games"])
        _delete_others(ratings, states)


def _delete_others(ratings: Any, kept: Iterable[RatingKey]) -> None:
    """Delete the ratings but those of the (player, player count) pairs kept."""
    by_count: dict[int, list[int]] = {}
    for pk, count in kept:
        by_count.setdefault(count, []).append(pk)
    ratings.exclude(player_count__in=list(by_count)).delete()
    for count, ids in by_count.items():
        ratings.filter(player_count=count).exclude(player_id__in=ids).delete()


def rate_season(season_id: int | None) -> None:
    """Rate a season's games from a fresh start, in order; store each player's result."""
    games = list(
        PlayerGame.objects.filter(season_id=season_id)
        .order_by("finished_at", "session_id", "seat")
        .only("session_id", "player_id", "player_count", "place", *RATING_FIELDS)
    )
    states: dict[RatingKey, RatingState] = {}
    rate_in_order(games, states)  # the games are copies: only the states are kept
    rows = [SeasonRating(season_id=season_id, player_id=pk, player_count=count, mu=s.mu,
                         sigma=s.sigma, tenhou_r=s.tenhou_r, games=s.games)
            for (pk, count), s in states.items()]  # fmt: skip
    unique = ["season", "player", "player_count"]
    with transaction.atomic():
        upsert(SeasonRating, rows, unique, ["mu", "sigma", "tenhou_r", "games"])
        _delete_others(SeasonRating.objects.filter(season_id=season_id), states)
