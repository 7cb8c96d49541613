"""Soft deletion with restore, backup and restore of the whole club."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from ledger import writes
from ledger.models import Player, Result, Round, Session
from tests.factories import create_session, create_user, draw, ron

pytestmark = pytest.mark.django_db
ONE_ROUND = {"preset": "wrc", "game_length": "one_round"}


@pytest.fixture
def member(client):
    client.force_login(create_user())
    return client


def test_a_deleted_session_disappears_with_its_results_and_can_be_restored(member, client):
    session = create_session(rules=ONE_ROUND, rounds=[ron(1, 0)])

    member.post(reverse("session-delete", args=[session.pk]))

    assert Result.objects.count() == 0
    assert member.get(reverse("session-table", args=[session.pk])).status_code == 404
    assert "Aki, Bo" not in member.get("/").content.decode()
    assert "Aki, Bo, Chen, Dai" in member.get(reverse("sessions-deleted")).content.decode()

    member.post(reverse("session-restore", args=[session.pk]))

    assert Result.objects.filter(session=session).count() == 4
    assert member.get(reverse("session-table", args=[session.pk])).status_code == 200
    assert Round.objects.filter(session=session).count() == 1


def test_only_members_delete_and_restore(client):
    session = create_session()
    client.get(reverse("join-table", args=[session.token]))

    assert client.post(reverse("session-delete", args=[session.pk])).status_code == 403
    assert Session.objects.get().deleted_at is None


def test_after_30_days_a_deleted_session_cannot_be_restored_and_is_purged(member):
    session = create_session(rounds=[draw(0)])
    writes.delete_session(session.pk, actor=writes.COMMAND)
    Session.objects.filter(pk=session.pk).update(deleted_at=timezone.now() - timedelta(days=31))

    assert member.post(reverse("session-restore", args=[session.pk])).status_code == 404
    call_command("purge_deleted")
    assert not Session.objects.exists()


@pytest.mark.django_db(transaction=True)  # flush cannot run inside the test's transaction
def test_backup_then_restore_into_an_empty_database_gives_identical_results(tmp_path, capsys):
    create_user(username="keeper")
    finished = create_session(rules=ONE_ROUND, rounds=[ron(2, 1)])
    playing = create_session(names=("Ren", "Sora", "Tai", "Umi"), rounds=[draw(0), ron(3, 0)])
    before = {
        "replays": [finished.replay(), playing.replay()],
        "results": sorted(Result.objects.values_list("player__name", "place", "result")),
    }
    path = tmp_path / "club.json"

    call_command("backup", "-o", str(path))
    call_command("flush", "--noinput")
    assert not Player.objects.exists()
    call_command("restore", str(path))

    assert [s.replay() for s in Session.objects.order_by("pk")] == before["replays"]
    assert (
        sorted(Result.objects.values_list("player__name", "place", "result")) == before["results"]
    )
    assert "restored 8 player(s), 2 session(s)" in capsys.readouterr().out


def test_restore_refuses_a_database_with_data_and_bad_files(tmp_path):
    create_session()
    backup = tmp_path / "club.json"
    call_command("backup", "-o", str(backup))
    not_backup = tmp_path / "other.json"
    not_backup.write_text(json.dumps({"rounds": []}))

    with pytest.raises(CommandError, match="not empty"):
        call_command("restore", str(backup))
    with pytest.raises(CommandError, match="not a backup"):
        call_command("restore", str(not_backup))
    with pytest.raises(CommandError, match="cannot read"):
        call_command("restore", str(tmp_path / "missing.json"))
    not_backup.write_text("[" * 100_000)
    with pytest.raises(CommandError, match="not a backup"):
        call_command("restore", str(not_backup))


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "rows",
    [
        [{"model": "ledger.session", "pk": 1, "fields": {}}],  # every field missing
        [{"model": "ledger.round", "pk": 1, "fields": {"session": 99, "number": 1}}],
        [{"model": "ledger.nothing", "pk": 1, "fields": {}}],
    ],
)
def test_restore_refuses_a_backup_whose_rows_cannot_be_loaded_and_restores_nothing(tmp_path, rows):
    path = tmp_path / "club.json"
    path.write_text(json.dumps(rows))

    with pytest.raises(CommandError, match=r"is not a backup made by manage\.py backup"):
        call_command("restore", str(path))
    assert not Session.objects.exists() and not Round.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_backup_and_restore_keep_the_clubs_events_and_their_tables(tmp_path):
    from clubnights import service
    from clubnights.models import Event, EventPlayer, EventRound, EventTable, Team
    from tests.test_events_service import ACTOR

    event = service.create_event(
        service.NewEvent(name="Thursday", rules={"preset": "club"}, has_teams=True)
    )
    for name, team in zip(("Aki", "Bo", "Chen", "Dai"), ("Red", "red", "Blue", "")):
        service.check_in(event.pk, name=name, team=team)
    service.draw_round(event.pk, actor=ACTOR)
    models = (Event, Team, EventPlayer, EventRound, EventTable)
    before = [_rows(model) for model in models]
    path = tmp_path / "club.json"

    call_command("backup", "-o", str(path))
    call_command("flush", "--noinput")
    call_command("restore", str(path))

    after = [_rows(model) for model in models]
    assert after == before and after[4]  # a table was drawn and kept


def _rows(model) -> list[dict]:
    """Return the model's rows, their times to the millisecond (as a backup keeps them)."""
    return [{k: _to_ms(v) for k, v in row.items()} for row in model.objects.order_by("pk").values()]


def _to_ms(value):
    return (
        value.replace(microsecond=value.microsecond // 1000 * 1000)
        if hasattr(value, "tzinfo") and hasattr(value, "microsecond")
        else value
    )


def test_a_deleted_session_leaves_the_leaderboard_and_comes_back_on_restore(member):
    from standings.models import PlayerGame

    session = create_session(rules=ONE_ROUND, rounds=[ron(1, 0)])
    url = reverse("leaderboard") + "?scope=all"
    assert PlayerGame.objects.filter(session=session).count() == 4

    member.post(reverse("session-delete", args=[session.pk]))

    assert PlayerGame.objects.filter(session=session).count() == 0
    assert ">Aki<" not in member.get(url).content.decode()  # the name, not a token holding it

    member.post(reverse("session-restore", args=[session.pk]))

    assert PlayerGame.objects.filter(session=session).count() == 4
    assert ">Aki<" in member.get(url).content.decode()


@pytest.mark.django_db(transaction=True)
def test_backup_and_restore_keep_the_leaderboard_identical(client, tmp_path):
    create_session(rules=ONE_ROUND, rounds=[ron(1, 0)])
    create_session(names=("Ren", "Sora", "Tai", "Umi"), rules=ONE_ROUND, rounds=[draw(2)])
    url = reverse("leaderboard") + "?scope=all"
    before = client.get(url).content.decode()
    path = tmp_path / "club.json"

    call_command("backup", "-o", str(path))
    call_command("flush", "--noinput")
    call_command("restore", str(path))

    after = client.get(url).content.decode()
    assert before.split("<main", 1)[1] == after.split("<main", 1)[1]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["-o", "/nonexistent/dir/club.json"], "cannot write the file"),
        (["99999999999999999999999"], "no session with id 99999999999999999999999"),
    ],
)
def test_export_sessions_refuses_a_bad_path_or_id_in_one_line(args, said):
    create_session()

    with pytest.raises(CommandError, match=said):
        call_command("export_sessions", *args)
