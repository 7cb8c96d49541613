"""Players' ``name_key`` also ignores the width of letters and spaces (NFKC: "Ｋｉｎａ　０"
is "kina 0") and how many spaces stand between words ("Ann  Lee" is "ann lee"), and
names are stored with single spaces, so that a name typed at the door on a Japanese
keyboard finds the player.

Players stored before whose names now share a key stay apart (each keeps their games),
as in migration 0015: the first made keeps the key, and each later one's key ends in "#"
and its id. An organiser can rename the others in the admin."""

import unicodedata

from django.db import migrations


def _key(name):
    """The key as ``ledger.models.name_key`` makes it in this migration's time."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.split())


def _spaced(name):
    """The name as ``ledger.players.clean_name`` stores it now: single spaces."""
    return " ".join("".join(" " if char.isspace() else char for char in name).split())


def refill_keys(apps, schema_editor):
    Player = apps.get_model("ledger", "Player")
    players = list(Player.objects.order_by("pk").only("pk", "name", "name_key"))
    for player in players:  # a key no name has: each can then take its new key in turn
        Player.objects.filter(pk=player.pk).update(name_key=f"#{player.pk}")
    taken_keys, taken_names = set(), {player.name for player in players}
    for player in players:
        key = _key(player.name)
        key = key if key not in taken_keys else f"{key}#{player.pk}"
        taken_keys.add(key)
        name = _spaced(player.name)
        if name != player.name and name not in taken_names:
            taken_names.add(name)
        else:
            name = player.name
        Player.objects.filter(pk=player.pk).update(name_key=key, name=name)


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0017_words_for_the_admin"),
    ]

    operations = [
        migrations.RunPython(refill_keys, migrations.RunPython.noop),
    ]
