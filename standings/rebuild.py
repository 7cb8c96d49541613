"""The standings and ratings, rebuilt off the request from the sessions that changed.

A change to a session (``ledger.writes``) marks it (``PendingRebuild``, in the change's
own transaction) and queues ``standings.tasks.rebuild_standings``; the worker then:

1. rewrites the marked sessions' games and encounters (a few rows per session);
2. recounts the touched players' standings in every touched scope, with one
   aggregate query per scope, written as upserts (never delete and re-insert), and
   the scope's tallies for the club page (a few aggregate queries over the scope);
3. re-rates every game from the earliest one the changes touched, in order
   (``standings.rerate``);
4. forgets the marks it took in (a session changed again meanwhile keeps its mark).

Many changes before the worker runs make one rebuild, from the earliest game they
touch. Only one rebuild runs at a time (``RebuildLease``). ``rebuild_everything``
recomputes it all from the sessions (``manage.py rebuild_standings``); an incremental
rebuild must leave exactly what it leaves (tested).
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from ledger.models import Ruleset, Season, Session
from standings.club import count_tallies
from standings.models import (
    ROUND_COUNTS,
    ClubTally,
    Encounter,
    PendingRebuild,
    PlayerGame,
    Rating,
    RebuildLease,
    Standing,
    WinHand,
)
from standings.rerate import rate_season, rerate
from standings.scopes import Scope
from standings.stats import Line, game_lines
from standings.upserts import upsert

MARKS = 500  # marked sessions taken in per pass
LEASE = dt.timedelta(minutes=5)  # a rebuild that stops without letting go holds no longer


def mark_changed(session: Session) -> bool:
    """Note that a session changed (inside the change's transaction); return whether the
    change can move the standings: the session is finished now, or counted before."""
    counts = session.status == Session.Status.FINISHED and session.deleted_at is None
    if not counts and not PlayerGame.objects.filter(session_id=session.pk).exists():
        return False
    PendingRebuild.objects.update_or_create(
        session_id=session.pk, defaults={"marked_at": timezone.now()}
    )
    return True


def mark_sessions(session_ids: Iterable[int]) -> int:
    """Mark many sessions at once (a season's dates changed); return how many count."""
    counted = set(PlayerGame.objects.filter(session_id__in=list(session_ids))
                  .values_list("session_id", flat=True))  # fmt: skip
    finished = Session.objects.filter(pk__in=list(session_ids), status=Session.Status.FINISHED)
    ids = counted | set(finished.values_list("pk", flat=True))
    now = timezone.now()
    PendingRebuild.objects.bulk_create(
        [PendingRebuild(session_id=pk, marked_at=now) for pk in ids],
        update_conflicts=True, unique_fields=["session"], update_fields=["marked_at"],
    )  # fmt: skip
    return len(ids)


def is_pending() -> bool:
    """Return whether some change is not yet in the standings."""
    return PendingRebuild.objects.exists()


# --- what a pass of the rebuild touched -------------------------------------------


@dataclass
class Touched:
    """The players, scopes and earliest game of each player count that rewritten
    sessions touched (each count is rated on its own, so only its games are re-rated)."""

    players: set[int] = field(default_factory=set)
    scopes: set[Scope] = field(default_factory=set)
    since: dict[int, tuple[dt.datetime, int]] = field(default_factory=dict)

    def add(self, rows: Iterable[dict[str, Any]]) -> None:
        for row in rows:
            self.players.add(row["player_id"])
            self.scopes |= scopes_of(row)
            point, count = (row["finished_at"], row["session_id"]), row["player_count"]
            self.since[count] = min(self.since.get(count, point), point)


def scopes_of(row: dict[str, Any]) -> set[Scope]:
    """Return the stored scopes that count a game with this row's season, ruleset and
    player count."""
    players = row["player_count"]
    scopes = {Scope("all", "", players=players)}
    if row["season_id"]:
        scopes.add(Scope("season", "", pk=row["season_id"], players=players))
    if row["ruleset_id"]:
        scopes.add(Scope("ruleset", "", pk=row["ruleset_id"], players=players))
    return scopes


GAME_KEYS = ("player_id", "season_id", "ruleset_id", "finished_at", "session_id", "player_count")


# --- the rebuild ------------------------------------------------------------------


def rebuild_pending() -> int | None:
    """Take in every marked change; return how many sessions were rewritten.

    Returns None at once when another rebuild holds the lease (the task then tries
    again a little later, in case that rebuild ended just before this change's mark).
    """
    done = 0
    with lease() as held:
        if not held:
            return None
        while marks := list(PendingRebuild.objects.order_by("marked_at")[:MARKS]):
            touched = Touched()
            for mark in marks:
                touched.add(rewrite_session_games(mark.session_id))
            update_standings(touched.scopes, touched.players)
            for players, since in sorted(touched.since.items()):
                rerate(since=since, also=touched.players, players=players)
            for season_id in {scope.pk for scope in touched.scopes if scope.kind == "season"}:
                rate_season(season_id)
            _forget(marks)
            done += len(marks)
    return done


def _forget(marks: list[PendingRebuild]) -> None:
    """Delete the marks taken in, unless their session was marked again since."""
    for mark in marks:
        PendingRebuild.objects.filter(session_id=mark.session_id, marked_at=mark.marked_at).delete()


@contextmanager
def lease() -> Iterator[bool]:
    """Hold the one rebuild lease while the block runs; yield whether it was got."""
    holder = uuid.uuid4().hex
    RebuildLease.objects.get_or_create(pk=1, defaults={"until": timezone.now()})
    got = RebuildLease.objects.filter(pk=1, until__lt=timezone.now()).update(
        holder=holder, until=timezone.now() + LEASE
    )
    try:
        yield bool(got)
    finally:
        if got:
            RebuildLease.objects.filter(pk=1, holder=holder).update(holder="", until=timezone.now())


def rewrite_session_games(session_id: int) -> list[dict[str, Any]]:
    """Rewrite one session's games, encounters and wins; return the games before and after."""
    with transaction.atomic():
        old = PlayerGame.objects.filter(session_id=session_id)
        before = list(old.values(*GAME_KEYS))
        old.delete()
        Encounter.objects.filter(session_id=session_id).delete()
        WinHand.objects.filter(session_id=session_id).delete()
        session = (
            Session.objects.filter(pk=session_id).prefetch_related(
                "seats__player", "results", "rounds"
            )
        ).first()
        games = session_games(session) if session else []
        PlayerGame.objects.bulk_create(games)
        Encounter.objects.bulk_create(encounters(games))
        WinHand.objects.bulk_create(win_hands(games))
    after = [{key: getattr(game, key) for key in GAME_KEYS} for game in games]
    return before + after


def session_games(session: Session) -> list[PlayerGame]:
    """Return the unsaved games of a finished session (none while in progress or deleted)."""
    if session.status != Session.Status.FINISHED or session.deleted_at is not None:
        return []
    game = session.game()
    results = {r.seat: r for r in session.results.all()}
    if game.settlement is None or len(results) != len(game.players):
        return []
    return build_games(
        session,
        game_lines(game),
        results,
        ended_by=session.ended_by,
        start_points=game.rules.start_points,
    )


def build_games(
    session: Session,
    lines: list[Line],
    results: dict[int, Any],
    *,
    ended_by: str,
    start_points: int,
) -> list[PlayerGame]:
    """Return one ``PlayerGame`` per seat from the lines and the stored results."""
    low = min(r.score for r in results.values())
    player_count = len(lines)
    games = [
        PlayerGame(
            session=session,
            player_id=results[seat].player_id,
            season_id=session.season_id,
            ruleset_id=session.ruleset_id,
            finished_at=session.finished_at,
            player_count=player_count,
            seat=seat,
            place=results[seat].place,
            score=results[seat].score,
            start_points=start_points,
            result=results[seat].result,
            is_tobi=results[seat].score < 0
            or (ended_by == "tobi" and results[seat].score == low <= 0),
            yaku=dict(line.yaku),
            **{name: getattr(line, name) for name in (*ROUND_COUNTS, "biggest_win")},
            biggest_hand=line.biggest_hand,
        )
        for seat, line in enumerate(lines)
    ]
    for game, line in zip(games, lines):
        game.ron_from = line.ron_from  # for the encounters; not stored on the game
        game.hands = line.hands  # for the wins (``win_hands``); not stored on the game
    return games


# What a game's encounters and wins share with it: the standings filter them by these.
SCOPE_FIELDS = ("session_id", "player_id", "season_id", "ruleset_id", "finished_at", "player_count")


def _scope(game: PlayerGame) -> dict[str, Any]:
    return {name: getattr(game, name) for name in SCOPE_FIELDS}


def encounters(games: list[PlayerGame]) -> list[Encounter]:
    """Return the ordered pairs of a session's games (twelve of four, six of three)."""
    return [
        Encounter(
            **_scope(mine),
            opponent_id=theirs.player_id,
            place_difference=theirs.place - mine.place,
            ron_won=mine.ron_from.get(theirs.seat, 0),
            ron_lost=theirs.ron_from.get(mine.seat, 0),
        )
        for mine in games
        for theirs in games
        if theirs is not mine
    ]


def win_hands(games: list[PlayerGame]) -> list[WinHand]:
    """Return one ``WinHand`` per win of a session's games."""
    return [
        WinHand(
            **_scope(game),
            points=hand.points,
            han=hand.han,
            fu=hand.fu,
            yakuman=hand.yakuman,
            limit=hand.limit,
            yaku=list(hand.yaku),
        )
        for game in games
        for hand in game.hands
    ]


# --- standings ----------------------------------------------------------------------


STANDING_FIELDS = ("games", "total", "place_sum", "firsts", "seconds", "thirds", "fourths")
STANDING_FIELDS += ("tobis", "recent")


def update_standings(scopes: Iterable[Scope], player_ids: Iterable[int] | None = None) -> None:
    """Recount the players' rows of each stored scope (every player when None)."""
    players = None if player_ids is None else list(player_ids)
    for scope in scopes:
        games = PlayerGame.objects.in_scope(scope)
        if players is not None:
            games = games.filter(player_id__in=players)
        recent = games.recent_results()
        rows = [
            Standing(scope=scope.key, recent=recent.get(row["player_id"], []), **_rounded(row))
            for row in games.totals()
        ]
        with transaction.atomic():
            upsert(Standing, rows, ["scope", "player"], STANDING_FIELDS)
            gone = Standing.objects.filter(scope=scope.key).exclude(
                player_id__in=[row.player_id for row in rows]
            )
            (gone if players is None else gone.filter(player_id__in=players)).delete()
        store_tallies(scope)


TALLY_FIELDS = ("count", "gain_sum", "place_sum", "places")


def store_tallies(scope: Scope) -> None:
    """Recount the club page's tallies of a stored scope (a few aggregate queries)."""
    rows = count_tallies(scope)
    with transaction.atomic():
        upsert(ClubTally, rows, ["scope", "kind", "key"], TALLY_FIELDS)
        kept = Q()
        for row in rows:
            kept |= Q(kind=row.kind, key=row.key)
        ClubTally.objects.filter(scope=scope.key).exclude(kept).delete()


def _rounded(row: dict[str, Any]) -> dict[str, Any]:
    """Return the sums with the total rounded to 4 places: results have at most 3, and a
    database adds them up in any order (floats would then differ in the last digit)."""
    return {**row, "total": round(row["total"] or 0.0, 4)}


# --- everything -------------------------------------------------------------------


def stored_scopes() -> list[Scope]:
    """Return every stored scope: all time, each season, each ruleset, for four-player
    games and, once there are any, for three-player games."""
    counts = {4, *PlayerGame.objects.values_list("player_count", flat=True).distinct()}
    season_ids = list(Season.objects.values_list("pk", flat=True))
    ruleset_ids = list(Ruleset.objects.values_list("pk", flat=True))
    return [
        scope
        for players in sorted(counts, reverse=True)
        for scope in (
            Scope("all", "", players=players),
            *(Scope("season", "", pk=pk, players=players) for pk in season_ids),
            *(Scope("ruleset", "", pk=pk, players=players) for pk in ruleset_ids),
        )
    ]


def rebuild_everything() -> int:
    """Recompute every game, standing and rating from the sessions; return the session count."""
    PendingRebuild.objects.all().delete()
    ids = list(Session.objects.values_list("pk", flat=True))
    for session_id in ids:
        rewrite_session_games(session_id)
    Standing.objects.exclude(scope__in=[scope.key for scope in stored_scopes()]).delete()
    ClubTally.objects.exclude(scope__in=[scope.key for scope in stored_scopes()]).delete()
    update_standings(stored_scopes())
    rated = set(Rating.objects.values_list("player_id", flat=True))
    rerate(also=rated | set(PlayerGame.objects.values_list("player_id", flat=True)))
    for season_id in Season.objects.values_list("pk", flat=True):
        rate_season(season_id)
    return len(ids)
