"""The standings are rebuilt off the request: a change commits with a mark and a queued
task, the worker takes the marks in, and the result equals a rebuild from scratch."""

from __future__ import annotations

import random
import signal

import pytest
from django.core.management import call_command
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from ledger import writes
from ledger.models import Season, Session
from standings.models import (
    ClubTally,
    Encounter,
    PendingRebuild,
    PlayerGame,
    Rating,
    SeasonRating,
    Standing,
    WinHand,
)
from standings.rebuild import rebuild_everything, rebuild_pending
from tests.factories import create_session, draw, ron

pytestmark = pytest.mark.django_db
ONE_ROUND = {"preset": "wrc", "game_length": "one_round"}
DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}


@pytest.fixture
def queued(settings):
    """Queue tasks in the database, as the server does, instead of running them at once."""
    settings.TASKS = DATABASE_TASKS


def _snapshot() -> dict[str, list]:
    return {
        "games": sorted(PlayerGame.objects.values_list(
            "session_id", "player_id", "place", "result", "mu", "sigma", "tenhou_r", "number")),
        "encounters": sorted(Encounter.objects.values_list(
            "session_id", "player_id", "opponent_id", "place_difference", "ron_won")),
        "standings": sorted(Standing.objects.values_list(
            "scope", "player_id", "games", "total", "place_sum", "firsts", "recent")),
        "ratings": sorted(Rating.objects.values_list("player_id", "mu", "sigma", "tenhou_r", "games")),
        "wins": sorted(WinHand.objects.values_list("session_id", "player_id", "points", "limit", "yaku")),
        "tallies": sorted(ClubTally.objects.values_list(
            "scope", "kind", "key", "count", "gain_sum", "place_sum", "places")),
        "season ratings": sorted(SeasonRating.objects.values_list(
            "season_id", "player_id", "mu", "sigma", "tenhou_r", "games")),
    }  # fmt: skip


SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGQUIT)


def run_db_worker() -> None:
    """Run the task worker until the queue is empty, then give back this process's signal
    handlers: the worker sets its own for SIGINT, SIGTERM and SIGQUIT and leaves them,
    and with them in place Ctrl-C or ``timeout`` would no longer stop the suite, and a
    process forked later would outlive SIGTERM."""
    handlers = [signal.getsignal(number) for number in SIGNALS]
    try:
        call_command("db_worker", "--batch", "--no-reload", verbosity=0)
    finally:
        for number, handler in zip(SIGNALS, handlers, strict=True):
            signal.signal(number, handler)


@pytest.mark.django_db(transaction=True)  # the worker closes its connection between tasks
def test_a_finished_game_is_queued_and_counted_once_the_worker_runs(queued, client):
    session = create_session(rules=ONE_ROUND)

    writes.record_round(session.pk, ron(1, 0), actor=writes.COMMAND)

    assert not PlayerGame.objects.exists()
    assert PendingRebuild.objects.filter(session=session).exists()
    assert DBTaskResult.objects.filter(task_path="standings.tasks.rebuild_standings").exists()
    page = client.get(reverse("leaderboard"), {"scope": "all"}).content.decode()
    assert "being brought up to date" in page

    run_db_worker()

    assert PlayerGame.objects.filter(session=session).count() == 4
    assert not PendingRebuild.objects.exists()
    assert "being brought up to date" not in client.get(reverse("leaderboard")).content.decode()


def test_many_changes_before_the_worker_runs_make_one_rebuild(queued):
    sessions = [create_session(names=(f"A{i}", f"B{i}", f"C{i}", "Dai"), rules=ONE_ROUND,
                               rounds=[ron(i % 4, (i + 1) % 4)]) for i in range(5)]  # fmt: skip
    assert PendingRebuild.objects.count() == 5

    done = rebuild_pending()

    assert done == 5 and PlayerGame.objects.count() == 20
    assert rebuild_pending() == 0  # nothing left: a queued task that runs later does nothing
    assert Rating.objects.get(player__name="Dai").games == 5
    assert len(sessions) == 5


def test_the_worker_does_nothing_while_another_rebuild_holds_the_lease():
    from standings.rebuild import lease

    with lease() as held:
        assert held
        assert rebuild_pending() is None


def _random_club(rng: random.Random) -> list[Session]:
    season = Season.objects.create(name="Now", starts_on="2020-01-01")
    names = ["Aki", "Bo", "Chen", "Dai", "Eri", "Fumi"]
    sessions = []
    for _ in range(8):
        table = rng.sample(names, 4)
        winner = rng.randrange(4)
        rounds = [ron(winner, (winner + rng.randrange(1, 4)) % 4, han=rng.choice([1, 2, 3, 4]))]
        session = create_session(names=tuple(table), rules=ONE_ROUND, rounds=rounds)
        if rng.random() < 0.5:  # moved into the season: its games count there too
            Session.objects.filter(pk=session.pk).update(season=season)
            writes.undo_round(session.pk, actor=writes.COMMAND, version=None)
            writes.record_round(session.pk, rounds[0], actor=writes.COMMAND)
        sessions.append(session)
    return sessions


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_incremental_rebuilds_equal_a_rebuild_from_scratch(queued, seed):
    rng = random.Random(seed)
    sessions = _random_club(rng)
    rebuild_pending()
    for session in rng.sample(sessions, 4):  # corrections, deletions, restores
        choice = rng.choice(["edit", "delete", "undo"])
        version = Session.objects.get(pk=session.pk).version
        if choice == "edit":
            writes.replace_round(session.pk, 1, draw(1), actor=writes.COMMAND, version=version)
        elif choice == "delete":
            writes.delete_session(session.pk, actor=writes.COMMAND, version=version)
        else:
            writes.undo_round(session.pk, actor=writes.COMMAND, version=version)
    if rng.random() < 0.7:
        rebuild_pending()  # some changes taken in in between, some together
    for pk in Session.objects.filter(deleted_at__isnull=False).values_list("pk", flat=True)[:1]:
        writes.restore_session(pk, actor=writes.COMMAND)
    rebuild_pending()
    incremental = _snapshot()

    rebuild_everything()

    assert _snapshot() == incremental
    assert incremental["games"], "the club has finished games"


def test_the_rebuild_command_recomputes_from_the_sessions(capsys):
    create_session(rules=ONE_ROUND, rounds=[ron(1, 0)])
    PlayerGame.objects.all().delete()
    Standing.objects.all().delete()

    call_command("rebuild_standings")

    assert PlayerGame.objects.count() == 4 and Standing.objects.filter(scope="all").count() == 4
    assert "rebuilt the standings from 1 session" in capsys.readouterr().out
