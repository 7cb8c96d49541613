from django.db import migrations


def _wins(outcome):
    """Return the win objects of a stored outcome: a ron's wins, or the tsumo itself."""
    if not isinstance(outcome, dict):
        return []
    if outcome.get("result") == "tsumo":
        return [outcome]
    wins = outcome.get("wins")
    return [win for win in wins if isinstance(win, dict)] if isinstance(wins, list) else []


def drop_han_beside_yakuman(apps, schema_editor):
    """A win stored with both han and a yakuman multiple (the API took both before the
    engine refused them) was always paid as its yakuman: the han go, so that it replays
    as it was recorded and paid."""
    Round = apps.get_model("ledger", "Round")
    for round_ in Round.objects.only("outcome").iterator(chunk_size=1000):
        changed = False
        for win in _wins(round_.outcome):
            if win.get("yakuman") and "han" in win:
                del win["han"]
                changed = True
        if changed:
            round_.save(update_fields=["outcome"])


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0011_one_session_per_imported_game"),
    ]

    operations = [
        migrations.RunPython(drop_han_beside_yakuman, migrations.RunPython.noop),
    ]
