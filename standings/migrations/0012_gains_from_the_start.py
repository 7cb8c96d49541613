"""Keep each game's starting points, so that the club page's seats compare gains.

The club page averaged the final scores of the games from each starting seat, mixing
rulesets that start with 25,000 and 30,000 points. Each ``PlayerGame`` now keeps its
game's starting points (read from the session's rules), and a seat's club count keeps
the sum of its gains (final score minus starting points) instead of its scores.
"""

from django.db import migrations, models
from django.db.models import Sum

from scoring.errors import ScoringError
from scoring.rules import Rules


def fill_start_points(apps, schema_editor):
    Session = apps.get_model("ledger", "Session")
    PlayerGame = apps.get_model("standings", "PlayerGame")
    counted = PlayerGame.objects.values_list("session_id", flat=True).distinct()
    for session in Session.objects.filter(pk__in=counted).only("pk", "rules").iterator():
        try:
            start = Rules.from_json(session.rules, check=False).start_points
        except ScoringError:  # never counted, as it cannot be replayed: the rebuild drops it
            continue
        PlayerGame.objects.filter(session_id=session.pk).update(start_points=start)


def _start_sum(PlayerGame, tally):
    """Return the starting points summed over the games a seat's count holds: its scope's
    key is "all", "season:3" or "ruleset:2", with "/3p" after it for three-player games."""
    base, _, players = tally.scope.partition("/")
    kind, _, pk = base.partition(":")
    games = PlayerGame.objects.filter(seat=int(tally.key), player_count=int(players[:1] or 4))
    if kind in ("season", "ruleset"):
        games = games.filter(**{f"{kind}_id": int(pk)})
    return games.aggregate(total=Sum("start_points"))["total"] or 0


def _counts_gains(sign):
    def change(apps, schema_editor):
        PlayerGame = apps.get_model("standings", "PlayerGame")
        ClubTally = apps.get_model("standings", "ClubTally")
        for tally in ClubTally.objects.filter(kind="seat"):
            tally.gain_sum -= sign * _start_sum(PlayerGame, tally)
            tally.save(update_fields=["gain_sum"])

    return change


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0018_player_name_key_width_and_spaces"),
        ("standings", "0011_club_setting_words"),
    ]

    operations = [
        migrations.AddField(
            model_name="playergame",
            name="start_points",
            field=models.PositiveIntegerField(
                default=0, help_text="the points each player started with"
            ),
            preserve_default=False,
        ),
        migrations.RunPython(fill_start_points, migrations.RunPython.noop),
        migrations.RenameField(model_name="clubtally", old_name="score_sum", new_name="gain_sum"),
        migrations.RunPython(_counts_gains(1), _counts_gains(-1)),
    ]
