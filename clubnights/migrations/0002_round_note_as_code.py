"""A round's note is the seating engine's code and values (worded when shown), not English
text. No draw wrote a note before this (the app drew no tables of three), so the old
column is dropped rather than converted."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("clubnights", "0001_events"),
    ]

    operations = [
        migrations.RemoveField(model_name="eventround", name="note"),
        migrations.AddField(
            model_name="eventround",
            name="note",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text="the seating engine's note on the round: its code and values, worded when shown",
            ),
        ),
    ]
