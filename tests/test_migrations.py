"""Data migrations, run on the current models (their fields are the ones migrated)."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from ledger.models import Session
from standings.models import PlayerGame
from tests.factories import create_session, ron

pytestmark = pytest.mark.django_db

EAST = {"preset": "wrc", "game_length": "east"}
DOUBLE_RIICHI = {"hand": "12223m456p234789s", "win": "4s", "double_riichi": True}


def test_the_yaku_of_double_riichi_hands_are_recounted():
    recount = importlib.import_module(
        "standings.migrations.0002_recount_double_riichi_yaku"
    ).recount
    win = {
        "result": "ron",
        "loser": 2,
        "wins": [{"winner": 0, "hand": DOUBLE_RIICHI}],
        "riichi": [0],
    }
    rounds = [
        win,
        ron(3, 0),
        ron(3, 1, han=1, fu=30),
        ron(0, 2, han=2, fu=30),
        ron(1, 0, han=1, fu=30),
    ]
    session = create_session(rules=EAST, rounds=rounds)
    other = create_session(rules=EAST, rounds=rounds[1:])
    games = PlayerGame.objects.filter(session__in=[session, other])
    assert games.count() == 8
    games.update(yaku={})  # as the statistics stored them before

    recount(apps, None)

    counted = {(g.session_id, g.seat): g.yaku for g in games}
    assert counted[session.pk, 0] == {"double_riichi": 1, "pinfu": 1}
    assert all(yaku == {} for key, yaku in counted.items() if key != (session.pk, 0))


def test_a_win_stored_with_han_beside_its_yakuman_keeps_the_yakuman_only():
    drop = importlib.import_module("ledger.migrations.0012_yakuman_wins_without_han")
    yakuman_ron = {"result": "ron", "loser": 1, "wins": [{"winner": 2, "yakuman": 1}], "riichi": []}
    session = create_session(rounds=[yakuman_ron, ron(0, 3)])
    paid = session.replay()["rounds"][0]["deltas"]
    stored = session.rounds.get(number=1)
    stored.outcome["wins"][0]["han"] = 3  # as the API took it before the engine refused it
    stored.save()

    drop.drop_han_beside_yakuman(apps, None)

    stored.refresh_from_db()
    assert stored.outcome["wins"] == [{"winner": 2, "yakuman": 1}]
    assert session.rounds.get(number=2).outcome == ron(0, 3)
    assert (
        Session.objects.get(pk=session.pk).replay()["rounds"][0]["deltas"]
        == paid
        == [0, -32000, 32000, 0]
    )
