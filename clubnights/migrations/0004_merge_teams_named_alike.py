"""Teams of one event named alike but for letter case ("Red" beside "red", made before
check-in matched team names ignoring case) become one: the first made keeps its
spelling and takes the other's players. Then 0005 makes such names unique (a migration
of its own: PostgreSQL alters no table with changes to its rows pending)."""

from django.db import migrations


def merge_teams_named_alike(apps, schema_editor):
    Team = apps.get_model("clubnights", "Team")
    EventPlayer = apps.get_model("clubnights", "EventPlayer")
    kept = {}
    for team in Team.objects.order_by("pk"):
        key = (team.event_id, team.name.lower())
        if key in kept:
            EventPlayer.objects.filter(team=team).update(team=kept[key])
            team.delete()
        else:
            kept[key] = team


class Migration(migrations.Migration):
    dependencies = [
        ("clubnights", "0003_event_sanma_rules"),
    ]

    operations = [
        migrations.RunPython(merge_teams_named_alike, migrations.RunPython.noop),
    ]
