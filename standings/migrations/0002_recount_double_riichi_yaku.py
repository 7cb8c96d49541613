"""Recount the yaku of games with a double riichi hand entered as tiles.

Until this release the statistics scored such a hand again with riichi as well as
double riichi (both are listed in the round's riichi), which the engine refuses, so
the hand's yaku were left out. They now come from the game's own scoring.
"""

from collections import Counter

from django.db import migrations

from scoring.errors import ScoringError
from scoring.game import replay


def _has_double_riichi_hand(outcome):
    wins = outcome.get("wins", [outcome]) if isinstance(outcome, dict) else []
    return any(isinstance(w, dict) and (w.get("hand") or {}).get("double_riichi") for w in wins)


def _yaku_by_seat(session, rounds):
    record = {"rules": session.rules, "rounds": [r.outcome for r in rounds]}
    counts = [Counter() for _ in range(4)]
    for played in replay(record).rounds:
        for win, hand in zip(played.outcome.wins, played.hands):
            if hand is not None:
                counts[win.winner].update(yaku["name"] for yaku in hand["yaku"])
    return counts


def recount(apps, schema_editor):
    Round = apps.get_model("ledger", "Round")
    Session = apps.get_model("ledger", "Session")
    PlayerGame = apps.get_model("standings", "PlayerGame")
    outcomes = Round.objects.values_list("session_id", "outcome").iterator()
    touched = {pk for pk, outcome in outcomes if _has_double_riichi_hand(outcome)}
    for session in Session.objects.filter(pk__in=touched):
        rounds = session.rounds.order_by("number")
        try:
            counts = _yaku_by_seat(session, rounds)
        except ScoringError:  # a session the engine cannot replay keeps its games
            continue
        for game in PlayerGame.objects.filter(session_id=session.pk):
            game.yaku = dict(counts[game.seat])
            game.save(update_fields=["yaku"])


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0004_login_failures"),
        ("standings", "0001_aggregates"),
    ]

    operations = [migrations.RunPython(recount, migrations.RunPython.noop)]
