from django.db import migrations, models


def keep_first_of_each_game(apps, schema_editor):
    """A game imported twice at once before this constraint keeps its fingerprint on its
    first session only (the others stay, as sessions like any other)."""
    Session = apps.get_model("ledger", "Session")
    seen = set()
    for pk, value in (
        Session.objects.exclude(source_fingerprint="")
        .order_by("pk")
        .values_list("pk", "source_fingerprint")
    ):
        if value in seen:
            Session.objects.filter(pk=pk).update(source_fingerprint="")
        seen.add(value)


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0010_online_names_and_session_sources"),
    ]

    operations = [
        migrations.RunPython(keep_first_of_each_game, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="session",
            constraint=models.UniqueConstraint(
                condition=models.Q(("source_fingerprint", ""), _negated=True),
                fields=("source_fingerprint",),
                name="one_session_per_imported_game",
            ),
        ),
    ]
