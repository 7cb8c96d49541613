"""Store each win of a finished session (``WinHand``), for the club page and achievements.

The wins of the sessions already counted are written by the standings worker: every
counted session is marked for a rebuild here (``manage.py rebuild_standings`` does it
at once).
"""

import django.db.models.deletion
from django.db import migrations, models
from django.utils import timezone


def mark_counted_sessions(apps, schema_editor):
    PlayerGame = apps.get_model("standings", "PlayerGame")
    PendingRebuild = apps.get_model("standings", "PendingRebuild")
    now = timezone.now()
    ids = PlayerGame.objects.values_list("session_id", flat=True).distinct()
    PendingRebuild.objects.bulk_create(
        [PendingRebuild(session_id=pk, marked_at=now) for pk in ids.iterator()],
        batch_size=1000,
        ignore_conflicts=True,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0009_season_min_games"),
        ("standings", "0005_board_index"),
    ]

    operations = [
        migrations.CreateModel(
            name="WinHand",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("finished_at", models.DateTimeField()),
                ("points", models.PositiveIntegerField()),
                ("han", models.PositiveSmallIntegerField()),
                ("fu", models.PositiveSmallIntegerField()),
                (
                    "yakuman",
                    models.PositiveSmallIntegerField(default=0, help_text="the multiple; 0: none"),
                ),
                ("limit", models.CharField(help_text="none, mangan, … yakuman", max_length=10)),
                (
                    "yaku",
                    models.JSONField(
                        blank=True, default=list, help_text="yaku names; [] when unknown"
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="win_hands",
                        to="ledger.player",
                    ),
                ),
                (
                    "ruleset",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        to="ledger.ruleset",
                    ),
                ),
                (
                    "season",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        to="ledger.season",
                    ),
                ),
                (
                    "session",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="win_hands",
                        to="ledger.session",
                    ),
                ),
            ],
            options={
                "indexes": [
                    models.Index(fields=["finished_at", "limit", "han"], name="winhand_values"),
                    models.Index(fields=["player", "finished_at"], name="winhand_player"),
                ],
            },
        ),
        migrations.RunPython(mark_counted_sessions, migrations.RunPython.noop),
    ]
