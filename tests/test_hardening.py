"""What no real game holds is refused everywhere with a clear message; server errors are
logged and mailed; CSV cells cannot run as spreadsheet formulas."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from ledger import writes
from ledger.models import Session
from standings.exports import safe_cell
from tests.factories import NAMES, create_session, create_user, draw, ron

pytestmark = pytest.mark.django_db
ONE_ROUND = {"preset": "wrc", "game_length": "one_round"}


@pytest.fixture
def member(client):
    client.force_login(create_user())
    return client


def _new_session(member, **extra):
    data = {"east": "Aki", "south": "Bo", "west": "Chen", "north": "Dai", "seating": "in_order",
            "rules_choice": "preset:club", **extra}  # fmt: skip
    return member.post(reverse("session-new"), data)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"honba_value": -300}, "Honba value must be from 0 to 3,000, not −300."),
        ({"honba_value": 9_999_999}, "Honba value must be from 0 to 3,000, not 9,999,999."),
        ({"start_points": 0}, "Starting points must be from 100 to 1,000,000, not 0."),
        (
            {"uma": [2_000_000, 0, 0, -2_000_000]},
            "uma of a place must be from −1,000,000 to 1,000,000",
        ),
        ({"noten_penalty": 3_000_000}, "Noten penalty (total) must be from 0 to 30,000"),
    ],
)
def test_the_rules_box_refuses_values_no_real_game_holds(member, options, message):
    response = _new_session(member, options=json.dumps(options))

    assert response.status_code == 400  # the form again, with the reason
    assert message in response.content.decode()
    assert not Session.objects.exists()


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"rounds": [{"result": "ron", "loser": 1, "wins": [{"winner": 0, "yakuman": 1_000_000}]}]},
         "at most 6 yakuman"),
        ({"rounds": [draw(0)] * 201}, "at most 200 rounds, not 201"),
        ({"rules": {"preset": "club", "honba_value": -3}}, "Honba value must be from 0 to 3,000"),
    ],
)  # fmt: skip
def test_the_importer_refuses_records_no_real_game_holds(member, record, message):
    record = {"rules": "club", "players": list(NAMES), **record}
    upload = SimpleUploadedFile("game.json", json.dumps(record).encode())

    response = member.post(reverse("session-import"), {"file": upload})

    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Session.objects.exists()


def test_a_long_run_of_dealer_yakuman_with_the_largest_honba_is_stored_and_finishes(member):
    """No bust, 3,000 points per honba, 60 dealer double yakuman in a row: the scores
    pass 10 million points, as 64-bit columns hold them, and the game still finishes."""
    rules = {"preset": "club", "honba_value": 3000, "tobi": "none"}
    win = {"result": "tsumo", "winner": 0, "yakuman": 2, "riichi": []}
    session = create_session(rules=rules, rounds=[win] * 60)

    writes.finish_session(session.pk, actor=writes.COMMAND, version=None)

    session = Session.objects.get(pk=session.pk)
    assert session.is_finished
    assert session.results.get(seat=0).score > 10_000_000


def test_a_server_error_is_logged_with_its_traceback_on_standard_error(tmp_path):
    script = (
        "import django; django.setup();"
        "from django.test import Client;"
        "from django.test.utils import setup_test_environment; setup_test_environment();"
        "from unittest import mock;"
        "c = Client(raise_request_exception=False);"
        "p = mock.patch('ledger.views.sessions.render', side_effect=RuntimeError('boom-42'));"
        "p.start(); print(c.get('/').status_code)"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "ledger.settings",
           "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}  # fmt: skip
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)

    assert done.stdout.strip() == "500"
    assert "ERROR django.request: Internal Server Error: /" in done.stderr
    assert "Traceback" in done.stderr and "RuntimeError: boom-42" in done.stderr


def test_a_server_error_is_mailed_to_the_admins(client, settings, monkeypatch):
    settings.ADMINS = [("Keeper", "keeper@example.org")]
    settings.DEBUG = False
    client.raise_request_exception = False
    monkeypatch.setattr("ledger.views.sessions.render", _boom)

    assert client.get("/").status_code == 500
    assert mail.outbox and "keeper@example.org" in mail.outbox[0].to
    assert "RuntimeError" in mail.outbox[0].body


def _boom(*args, **kwargs):
    raise RuntimeError("boom")


@pytest.mark.parametrize(
    ("text", "cell"),
    [("=1+1", "'=1+1"), ("+A1", "'+A1"), ("-2", "'-2"), ("@SUM(A1)", "'@SUM(A1)"),
     ("\tx", "'\tx"), ("\rx", "'\rx"), ("Aki", "Aki"), ("a=b", "a=b")],
)  # fmt: skip
def test_csv_cells_that_would_run_as_formulas_are_escaped(text, cell):
    assert safe_cell(text) == cell


def test_a_player_named_like_a_formula_is_escaped_in_every_csv_export(client):
    session = create_session(names=("=HYPERLINK(1)", "+Bo", "-Chen", "@Dai"), rules=ONE_ROUND,
                             rounds=[ron(1, 0)])  # fmt: skip
    player = session.players()[0]

    board = client.get(reverse("leaderboard-csv"), {"scope": "all"}).content.decode()
    games = client.get(reverse("player-sessions-csv", args=[player.pk])).content.decode()

    for text in (board, games):
        assert "'=HYPERLINK(1)" in text and "\n=" not in text and ",=" not in text
        assert ",+Bo" not in text and ",-Chen" not in text
    assert "'+Bo" in board and "'@Dai" in board


def test_a_record_saved_with_a_byte_order_mark_imports(member):
    record = {"rules": "club", "players": list(NAMES), "rounds": [draw(0)]}
    upload = SimpleUploadedFile("game.json", "\ufeff".encode() + json.dumps(record).encode())

    response = member.post(reverse("session-import"), {"file": upload})

    assert response.status_code == 302, response.content.decode()[-500:]
    assert Session.objects.get().rounds.count() == 1


def test_a_file_that_is_not_json_says_where_without_python_words(member):
    upload = SimpleUploadedFile("game.json", b'{"rules": "club",\n  players: []}')

    response = member.post(reverse("session-import"), {"file": upload})

    text = response.content.decode()
    assert "The file is not valid JSON (line 2, character 3)." in text
    assert "Expecting" not in text
