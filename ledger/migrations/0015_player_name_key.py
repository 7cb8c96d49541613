"""Players get ``name_key``, their name ignoring case in every script (``casefold``), which
the next migration makes unique: PostgreSQL's and SQLite's lower() may fold ASCII letters
only, so "Émile" and "émile" could be two players in one database and one in another.

Players stored before whose names share a key stay apart (each keeps their games): the
first made keeps the key, and each later one's key ends in "#" and its id, so that a name
typed later is taken for the first. An organiser can rename the others in the admin."""

import unicodedata

from django.db import migrations, models


def _key(name):
    """The key as ``ledger.models.name_key`` makes it in this migration's time."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def fill_keys(apps, schema_editor):
    Player = apps.get_model("ledger", "Player")
    taken = set()
    for player in Player.objects.order_by("pk").only("pk", "name"):
        key = _key(player.name)
        player.name_key = key if key not in taken else f"{key}#{player.pk}"
        taken.add(player.name_key)
        player.save(update_fields=["name_key"])


class Migration(migrations.Migration):

    dependencies = [
        ("ledger", "0014_player_names_in_any_case"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="name_key",
            field=models.CharField(editable=False, max_length=180, null=True),
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
    ]
