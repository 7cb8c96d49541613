"""One player per name ignoring case, by ``name_key`` (filled by 0015), in place of the
constraint on lower(name)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("ledger", "0015_player_name_key"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="player",
            name="one_player_per_name_in_any_case",
        ),
        migrations.AlterField(
            model_name="player",
            name="name_key",
            field=models.CharField(
                editable=False,
                help_text="the name ignoring case (name_key)",
                max_length=180,
                unique=True,
            ),
        ),
    ]
