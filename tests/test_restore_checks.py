"""``manage.py restore`` loads only a backup whose every game replays, and says in words
what is wrong with a file that is not one."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command

from ledger.models import Player, Round, Session
from tests.factories import create_session, draw, ron

pytestmark = pytest.mark.django_db(transaction=True)  # flush runs outside a transaction


def _backup(tmp_path):
    """Return the rows of a backup of two games, the second of two rounds; then empty the database."""
    create_session(rounds=[draw(0)])
    create_session(names=("Ren", "Sora", "Tai", "Umi"), rounds=[draw(0), ron(1, 0)])
    path = tmp_path / "club.json"
    call_command("backup", "-o", str(path))
    call_command("flush", "--noinput")
    return path, json.loads(path.read_text())


def _second_round(rows):
    return next(r for r in rows if r["model"] == "ledger.round" and r["fields"]["number"] == 2)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda row: row["fields"]["outcome"]["wins"][0].update(fu=41), "Round 2 (East 1): The fu"),
        (lambda row: row["fields"].update(deltas=[10**30, 0, 0, 0]), "round 2: its deltas"),
    ],
)
def test_a_backup_whose_game_does_not_replay_is_refused_whole(tmp_path, change, said):
    path, rows = _backup(tmp_path)
    second = _second_round(rows)
    change(second)
    path.write_text(json.dumps(rows))

    with pytest.raises(CommandError) as refused:
        call_command("restore", str(path))

    message = str(refused.value)
    session = second["fields"]["session"]
    assert f"session {session}" in message and said in message, message
    assert message.endswith("Nothing was restored."), message
    assert not Session.objects.exists() and not Round.objects.exists()
    assert not Player.objects.exists()


def test_a_hand_made_fixture_is_refused_in_a_sentence(tmp_path):
    path = tmp_path / "made.json"
    path.write_text(json.dumps([{"model": "ledger.player", "pk": 1, "fields": {"name": "Aki"}}]))

    with pytest.raises(CommandError) as refused:
        call_command("restore", str(path))

    message = str(refused.value)
    assert message.startswith(f"{path} is not a backup made by manage.py backup: "), message
    assert "Problem installing fixture" not in message
    assert not Player.objects.exists()
