"""Team names are unique in an event ignoring case, as check-in matches them."""

import django.db.models.functions.text
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("clubnights", "0004_merge_teams_named_alike"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="team",
            name="one_team_per_name_in_event",
        ),
        migrations.AddConstraint(
            model_name="team",
            constraint=models.UniqueConstraint(
                models.F("event"),
                django.db.models.functions.text.Lower("name"),
                name="one_team_per_name_in_event",
            ),
        ),
    ]
