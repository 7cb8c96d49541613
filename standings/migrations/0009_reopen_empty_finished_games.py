"""Reopen the games that were ended before a round was played.

The API's ``/finish`` used to end a game with no rounds: an empty finished game that
entered the standings as a game played by its four players (each at the starting
points). Such a game is now refused (ledger.writes.finish_session). Here each one
stored is reopened as taking back the end does (``resume`` in its change log, by a
command): its results go, and it is marked for the standings worker, which takes it
out of the standings (``manage.py rebuild_standings`` does it at once). The club may
then play it or delete it. Nothing else about it changes.
"""

from django.db import migrations
from django.utils import timezone


def reopen_empty_finished_games(apps, schema_editor):
    Session = apps.get_model("ledger", "Session")
    AuditEntry = apps.get_model("ledger", "AuditEntry")
    PendingRebuild = apps.get_model("standings", "PendingRebuild")
    now = timezone.now()
    for session in Session.objects.filter(status="finished", rounds__isnull=True):
        session.results.all().delete()
        session.status, session.ended_by, session.ended_early = "in_progress", "", ""
        session.version += 1
        session.save(update_fields=["status", "ended_by", "ended_early", "version"])
        AuditEntry.objects.create(
            session=session, via="command", action="resume", version=session.version
        )
        PendingRebuild.objects.update_or_create(session=session, defaults={"marked_at": now})


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0013_one_session_per_start_request"),
        ("standings", "0008_per_player_count"),
    ]

    operations = [
        migrations.RunPython(reopen_empty_finished_games, migrations.RunPython.noop),
    ]
