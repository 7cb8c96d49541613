"""The data migration that reopens games ended before a round was played (they entered
the standings as games played at the starting points)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from ledger.models import AuditEntry, Result, Session
from standings.models import PendingRebuild
from tests.factories import create_session, draw

BEFORE = [("standings", "0008_per_player_count")]
AFTER = [("standings", "0009_reopen_empty_finished_games")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def _ended_without_rounds() -> Session:
    session = create_session()
    Session.objects.filter(pk=session.pk).update(
        status="finished", ended_by="agreement", ended_early="agreement", version=1
    )
    for seat in session.ordered_seats():
        Result.objects.create(
            session=session, seat=seat.seat, player=seat.player, score=25000, place=1, result=0
        )
    return session


@pytest.mark.django_db(transaction=True)
def test_a_game_ended_before_any_round_is_reopened_and_leaves_the_standings():
    _migrate(BEFORE)
    empty = _ended_without_rounds()
    played = create_session(rules={"preset": "wrc", "game_length": "east"}, rounds=[draw()] * 4)
    PendingRebuild.objects.all().delete()
    played_before = Session.objects.get(pk=played.pk)

    _migrate(AFTER)

    empty.refresh_from_db()
    assert (empty.status, empty.ended_by, empty.ended_early) == ("in_progress", "", "")
    assert empty.version == 2 and not empty.results.exists()
    assert AuditEntry.objects.filter(session=empty, action="resume", version=2).exists()
    assert list(PendingRebuild.objects.values_list("session_id", flat=True)) == [empty.pk]
    played.refresh_from_db()
    assert played.is_finished and played.version == played_before.version
    assert played.results.count() == 4
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
