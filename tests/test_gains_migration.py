"""The data migration that keeps each game's starting points and turns the club page's
seat counts from sums of final scores into sums of gains (``standings`` 0012)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from ledger.models import Ruleset, Season
from tests.factories import create_session

BEFORE = [("standings", "0011_club_setting_words")]
AFTER = [("standings", "0012_gains_from_the_start")]
WRC = {"preset": "wrc", "game_length": "east"}  # 30,000 points to start
TENHOU = {"preset": "tenhou", "game_length": "east"}  # 25,000
SANMA = {"preset": "tenhou_sanma"}  # three players, 35,000


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _old_game(apps, session, *, seat, score, ruleset=None, season=None, players=4):
    """Store a counted game as the standings did before the migration."""
    PlayerGame = apps.get_model("standings", "PlayerGame")
    return PlayerGame.objects.create(
        session_id=session.pk, player_id=session.seats.get(seat=seat).player_id,
        ruleset_id=ruleset, season_id=season, finished_at=timezone.now(), seat=seat,
        place=1, score=score, result=0.0, player_count=players,
    )  # fmt: skip


@pytest.mark.django_db(transaction=True)
def test_games_keep_their_start_and_seat_counts_become_gains():
    old = _migrate(BEFORE)
    ruleset = Ruleset.objects.create(name="Tenhou east", rules=TENHOU)
    thirty, twenty_five = create_session(rules=WRC), create_session(rules=TENHOU)
    _old_game(old, thirty, seat=0, score=36_000)
    _old_game(old, twenty_five, seat=0, score=24_000, ruleset=ruleset.pk)
    ClubTally = old.get_model("standings", "ClubTally")
    for scope, count, scores in (("all", 2, 60_000), (f"ruleset:{ruleset.pk}", 1, 24_000)):
        ClubTally.objects.create(scope=scope, kind="seat", key="0", count=count,
                                 score_sum=scores, place_sum=count, places=[count, 0, 0, 0])  # fmt: skip
    ClubTally.objects.create(scope="all", kind="value", key="mangan", count=3)
    season = Season.objects.create(name="Winter", starts_on="2026-01-01")
    sanma = create_session(names=("Aki", "Bo", "Chen"), rules=SANMA)
    _old_game(old, sanma, seat=1, score=50_000, season=season.pk, players=3)
    for scope in ("all/3p", f"season:{season.pk}/3p"):
        ClubTally.objects.create(scope=scope, kind="seat", key="1", count=1, score_sum=50_000,
                                 place_sum=1, places=[1, 0, 0])  # fmt: skip

    new = _migrate(AFTER)

    games = new.get_model("standings", "PlayerGame").objects.order_by("session_id")
    assert [(g.score, g.start_points) for g in games] == [
        (36_000, 30_000), (24_000, 25_000), (50_000, 35_000)
    ]  # fmt: skip
    tallies = new.get_model("standings", "ClubTally").objects.order_by("scope", "kind")
    assert [(t.scope, t.kind, t.gain_sum) for t in tallies] == [
        ("all", "seat", 6_000 - 1_000),  # +6,000 and −1,000
        ("all", "value", 0),
        ("all/3p", "seat", 15_000),  # the sanma game alone: 50,000 from 35,000
        (f"ruleset:{ruleset.pk}", "seat", -1_000),
        (f"season:{season.pk}/3p", "seat", 15_000),
    ]

    back = _migrate(BEFORE)
    tallies = back.get_model("standings", "ClubTally").objects.filter(kind="seat")
    assert sorted(t.score_sum for t in tallies) == [24_000, 50_000, 50_000, 60_000]
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
