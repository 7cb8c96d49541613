"""Four-player and three-player games apart: a player count on the games, encounters,
wins and season ratings (4 for every game before sanma), and ratings per player count.

``Rating`` had the player as its key; it now has one row per player and count, so it
is made anew and the four-player ratings are copied across.
"""

from __future__ import annotations

import django.db.models.deletion
from django.db import migrations, models

COUNT = {"default": 4, "help_text": "4, or 3 (sanma)"}


def copy_ratings(apps, schema_editor):
    old, new = apps.get_model("standings", "OldRating"), apps.get_model("standings", "Rating")
    new.objects.bulk_create(
        new(player_id=r.player_id, player_count=4, mu=r.mu, sigma=r.sigma,
            tenhou_r=r.tenhou_r, games=r.games)
        for r in old.objects.all()
    )  # fmt: skip


def copy_back(apps, schema_editor):
    old, new = apps.get_model("standings", "OldRating"), apps.get_model("standings", "Rating")
    old.objects.bulk_create(
        old(player_id=r.player_id, mu=r.mu, sigma=r.sigma, tenhou_r=r.tenhou_r, games=r.games)
        for r in new.objects.filter(player_count=4)
    )


class Migration(migrations.Migration):
    dependencies = [
        ("standings", "0007_club_tallies"),
    ]

    operations = [
        migrations.AddField(
            "playergame", "player_count", models.PositiveSmallIntegerField(**COUNT)
        ),
        migrations.AddField("encounter", "player_count", models.PositiveSmallIntegerField(**COUNT)),
        migrations.AddField("winhand", "player_count", models.PositiveSmallIntegerField(**COUNT)),
        migrations.AddField(
            "seasonrating", "player_count", models.PositiveSmallIntegerField(**COUNT)
        ),
        migrations.RemoveConstraint("seasonrating", "one_rating_per_season"),
        migrations.AddConstraint(
            "seasonrating",
            models.UniqueConstraint(
                fields=["season", "player", "player_count"], name="one_rating_per_season"
            ),
        ),
        migrations.RemoveIndex("playergame", "playergame_player_board"),
        migrations.AddIndex(
            "playergame",
            models.Index(
                fields=["player", "finished_at", "place", "result", "is_tobi", "player_count"],
                name="playergame_player_board",
            ),
        ),
        migrations.AlterField(
            "clubtally",
            "places",
            models.JSONField(blank=True, default=list, help_text="1st to 4th, or 3rd (a seat)"),
        ),
        migrations.RenameModel("Rating", "OldRating"),
        migrations.AlterField(
            "oldrating",
            "player",
            models.OneToOneField(
                on_delete=django.db.models.deletion.CASCADE,
                primary_key=True,
                related_name="+",
                serialize=False,
                to="ledger.player",
            ),
        ),
        migrations.CreateModel(
            name="Rating",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("player_count", models.PositiveSmallIntegerField(**COUNT)),
                ("mu", models.FloatField()),
                ("sigma", models.FloatField()),
                ("tenhou_r", models.FloatField()),
                ("games", models.PositiveIntegerField()),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="ratings",
                        to="ledger.player",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        fields=["player", "player_count"], name="one_rating_per_count"
                    )
                ],
            },
        ),
        migrations.RunPython(copy_ratings, copy_back),
        migrations.DeleteModel("OldRating"),
    ]
