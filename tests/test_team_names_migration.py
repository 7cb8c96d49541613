"""The migrations that make team names unique in an event ignoring case: teams named
alike before then become one, keeping the first spelling and every player."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection
from django.db.migrations.executor import MigrationExecutor

from clubnights.models import EventPlayer, Team
from tests.test_events_service import check_in_all, create_event

BEFORE = [("clubnights", "0003_event_sanma_rules")]
AFTER = [("clubnights", "0005_team_name_unique_ignoring_case")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


@pytest.mark.django_db(transaction=True)
def test_teams_named_alike_but_for_case_become_the_first_made():
    event = create_event(has_teams=True)
    other = create_event(name="Other night", has_teams=True)
    players = check_in_all(event)
    _migrate(BEFORE)
    teams = [Team.objects.create(event=event, name=name) for name in ("Red", "RED", "red", "Blue")]
    for player, team in zip(players, teams):
        EventPlayer.objects.filter(event=event, player=player).update(team=team)
    elsewhere = Team.objects.create(event=other, name="red")

    _migrate(AFTER)

    assert sorted(event.teams.values_list("name", flat=True)) == ["Blue", "Red"]
    red = event.teams.get(name="Red")
    assert red.pk == teams[0].pk
    assert EventPlayer.objects.filter(event=event, team=red).count() == 3
    assert Team.objects.filter(pk=elsewhere.pk).exists()  # another event's team stays
    with pytest.raises(IntegrityError):
        Team.objects.create(event=event, name="rEd")
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
