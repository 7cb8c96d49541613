"""Game records: export, import (upload and command), round trips and bad files."""

from __future__ import annotations

import gzip
import html
import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from ledger import writes
from ledger.models import Player, Session
from tests.factories import create_session, create_user, draw, ron

pytestmark = pytest.mark.django_db
RECORD = {
    "rules": {"preset": "tenhou"},
    "players": ["Aki", "Bo", "Chen", "Dai"],
    "rounds": [
        {"result": "ron", "loser": 2, "wins": [{"winner": 0, "han": 3, "fu": 40}], "riichi": [0]},
        {"result": "tsumo", "winner": 3, "han": 2, "fu": 30, "riichi": []},
        {"result": "draw", "tenpai": [0, 2], "riichi": [2]},
        {"result": "abort", "reason": "kyuushu_kyuuhai", "riichi": []},
    ],
}


@pytest.fixture
def member(client):
    client.force_login(create_user())
    return client


DEEP: list = []
for _ in range(450):
    DEEP = [DEEP]


def _upload(member, content: bytes, name: str = "game.json"):
    return member.post(reverse("session-import"), {"file": SimpleUploadedFile(name, content)})


def test_a_record_with_a_note_that_is_not_unicode_is_refused_and_export_still_works(member):
    note = json.dumps({**RECORD, "rounds": [{**RECORD["rounds"][0], "note": "\ud800"}]})

    response = _upload(member, note.encode())

    assert response.status_code == 400 and "valid Unicode" in response.content.decode()
    assert Session.objects.count() == 0


def test_export_is_the_documented_game_record(client):
    session = create_session(rounds=[ron(0, 2), draw(1)])

    response = client.get(reverse("session-export", args=[session.pk]))

    assert response["Content-Disposition"].startswith("attachment")
    record = json.loads(response.content)
    assert record == {
        "rules": {"preset": "wrc"},
        "players": ["Aki", "Bo", "Chen", "Dai"],
        "rounds": [ron(0, 2), draw(1)],
        "started": record["started"],
        "session": {"id": session.pk, "fingerprint": Session.objects.get().fingerprint},
    }
    assert len(record["session"]["fingerprint"]) == 64
    assert record["started"] == session.started_at.isoformat(timespec="seconds")


def test_export_then_import_replays_to_the_same_scores(member, client):
    original = create_session(rules={"preset": "tenhou"}, rounds=[ron(0, 2), draw(1, 2), ron(3, 1)])
    exported = client.get(reverse("session-export", args=[original.pk])).content
    state, players = original.replay(), original.players()
    original.delete()  # the export goes into another ledger (or this one, emptied)

    _upload(member, exported)

    copy = Session.objects.get()
    assert copy.replay() == state
    assert copy.players() == players


def test_our_own_export_imported_again_is_skipped_and_says_so(member, client):
    original = create_session(rules={"preset": "tenhou"}, rounds=[ron(0, 2), draw(1, 2)])
    exported = client.get(reverse("session-export", args=[original.pk])).content
    second = {**RECORD, "players": ["E", "F", "G", "H"]}
    both = json.dumps([json.loads(exported), second]).encode()

    response = _upload(member, both)
    member.get(response["Location"])  # shows the messages
    again = _upload(member, exported)

    assert Session.objects.count() == 2
    assert again["Location"] == original.get_absolute_url()
    shown = [str(m) for m in again.wsgi_request._messages]
    assert f"Record 1 is already in the ledger as session {original.pk}; it was skipped." in shown
    assert "Nothing was imported: every game is already here." in shown


def test_an_export_of_a_changed_session_is_still_found_by_its_id_and_fingerprint(member, client):
    original = create_session(rules={"preset": "tenhou"}, rounds=[ron(0, 2)])
    exported = json.loads(client.get(reverse("session-export", args=[original.pk])).content)
    exported["players"] = ["Renamed", "Bo", "Chen", "Dai"]  # fingerprint of the record differs

    _upload(member, json.dumps(exported).encode())

    assert Session.objects.count() == 1


def test_our_own_export_with_a_round_changed_in_the_file_is_refused_naming_the_way(member, client):
    original = create_session(rules={"preset": "tenhou"}, rounds=[ron(0, 2), draw(1, 2)])
    exported = json.loads(client.get(reverse("session-export", args=[original.pk])).content)
    exported["rounds"][0]["wins"][0]["han"] = 4

    response = _upload(member, json.dumps(exported).encode())

    assert Session.objects.count() == 1
    page = html.unescape(response.content.decode())
    assert f"This is session {original.pk} of this ledger with its rounds changed" in page


def test_upload_of_a_list_of_records_imports_each(member):
    second = {**RECORD, "players": ["E", "F", "G", "H"]}

    response = _upload(member, json.dumps([RECORD, second]).encode())

    assert response.status_code == 302, response.content.decode()[-1500:]
    assert Session.objects.count() == 2


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "not valid JSON"),
        (b"", "The file is empty."),
        (b"\xef\xbb\xbf \n\t", "The file is empty."),
        (b"\xff\xfe\x00", "not UTF-8"),
        (b"[" * 100_000, "nests too deeply"),
        (json.dumps({**RECORD, "rounds": [DEEP]}).encode(), "Round 1 (East 1)"),
        (json.dumps({**RECORD, "players": ["\ud800", "b", "c", "d"]}).encode(), "valid Unicode"),
        (
            json.dumps({**RECORD, "rounds": [{"result": "draw", "\ud800": 1}]}).encode(),
            "valid Unicode",
        ),
        (b'{"rounds": [], "penalties": ' + b"9" * 5000 + b"}", "number too long"),
        (b"[]", "holds no game record"),
        (b"42", "A game record must be a JSON object."),
        (
            json.dumps({**RECORD, "players": ["A", "B"]}).encode(),
            "“players” must be a list of four names",
        ),
        (
            json.dumps({**RECORD, "players": ["A", "A", "B", "C"]}).encode(),
            "The players must have different names.",
        ),
        (json.dumps({**RECORD, "players": ["A", "A\u200b", "B", "C"]}).encode(), "different names"),
        (json.dumps({**RECORD, "players": ["A", "\u200b", "B", "C"]}).encode(), "four names"),
        (json.dumps({**RECORD, "rules": "nope"}).encode(), "There is no preset of rules called"),
        (
            json.dumps(
                {
                    **RECORD,
                    "rounds": [
                        *RECORD["rounds"],
                        {"result": "ron", "loser": 1, "wins": [{"winner": 1, "han": 1, "fu": 30}]},
                    ],
                }
            ).encode(),
            "Round 5",
        ),
        (
            json.dumps([RECORD, {**RECORD, "rounds": [{"result": "boom"}]}]).encode(),
            "Record 2: Round 1",
        ),
    ],
)
def test_a_bad_upload_is_rejected_whole_naming_the_problem(member, content, message):
    response = _upload(member, content)

    assert response.status_code == 400
    assert message in response.content.decode()
    assert Session.objects.count() == 0
    assert Player.objects.count() == 0


SAMPLE_LOGS = Path(__file__).resolve().parent / "data" / "logs" / "samples"
GAME_ID = "2019021004gm-00a9-0000-e2f6516d"


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("game.xml", (SAMPLE_LOGS / f"{GAME_ID}.xml").read_bytes()),
        ("game.mjlog", gzip.compress((SAMPLE_LOGS / f"{GAME_ID}.xml").read_bytes())),
        ("game.json", (SAMPLE_LOGS / f"{GAME_ID}.tenhou6.json").read_bytes()),
    ],
)
def test_an_online_log_sent_here_points_to_the_page_for_online_games(member, name, content):
    # QA: a Tenhou log on this page read "The file is not valid JSON (line 1, character 1)."
    response = _upload(member, content, name)

    assert response.status_code == 400
    page = response.content.decode()
    assert "looks like a game log from Tenhou or Mahjong Soul" in page
    assert "“Import online games”" in page
    assert Session.objects.count() == 0


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("page.html", b"<!doctype html><html><body>hi</body></html>", "not valid JSON"),
        ("records.json", b'[{"log": "a note"}]', "“players” must be a list"),
    ],
)
def test_a_file_that_is_no_online_log_is_not_called_one(member, name, content, message):
    response = _upload(member, content, name)

    assert response.status_code == 400
    page = response.content.decode()
    assert "looks like a game log" not in page and message in page


def test_an_oversized_upload_is_rejected(member):
    response = _upload(member, b" " * (2 * 1024 * 1024 + 1))

    assert response.status_code == 400
    assert b"too large" in response.content


def test_import_needs_a_member(client):
    response = client.post(
        reverse("session-import"),
        {"file": SimpleUploadedFile("g.json", json.dumps(RECORD).encode())},
    )

    assert response.status_code == 403
    assert Session.objects.count() == 0


def test_commands_export_and_import_round_trip(tmp_path, capsys):
    original = create_session(rounds=[ron(1, 0), draw(0, 1)]).replay()
    path = tmp_path / "out.json"

    call_command("export_sessions", "-o", str(path))
    Session.objects.all().delete()
    call_command("import_sessions", str(path))

    assert Session.objects.get().replay() == original
    assert "imported 1 session(s)" in capsys.readouterr().out


def test_an_export_leaves_out_deleted_sessions_and_keeps_how_each_game_ended(tmp_path):
    ended = create_session(rounds=[ron(1, 0)])
    writes.finish_session(ended.pk, actor=writes.COMMAND, version=None, reason="time_limit")
    create_session(names=("E", "F", "G", "H"), rounds=[draw(0)])
    gone = create_session(names=("I", "J", "K", "L"), rounds=[draw()])
    writes.delete_session(gone.pk, actor=writes.COMMAND, version=None)
    path = tmp_path / "out.json"

    call_command("export_sessions", "-o", str(path))
    Session.objects.all().delete()
    call_command("import_sessions", str(path))

    ended_again, playing_again = Session.objects.order_by("pk")
    assert Session.objects.count() == 2  # the deleted game stays out
    assert (ended_again.status, ended_again.ended_early) == ("finished", "time_limit")
    assert ended_again.results.count() == 4 and ended_again.finished_at is not None
    assert playing_again.status == "in_progress" and playing_again.finished_at is None
    with pytest.raises(CommandError, match="deleted"):
        call_command("export_sessions", str(gone.pk))


def test_import_command_rejects_a_bad_file_and_writes_nothing(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**RECORD, "rounds": [{"result": "chombo", "player": 7}]}))

    with pytest.raises(CommandError, match=r"Round 1.*Nothing was imported\."):
        call_command("import_sessions", str(path))
    with pytest.raises(CommandError, match="cannot read"):
        call_command("import_sessions", str(tmp_path / "missing.json"))
    path.write_text("[" * 100_000)
    with pytest.raises(CommandError, match="nests too deeply"):
        call_command("import_sessions", str(path))
    assert Session.objects.count() == 0


def test_export_command_names_missing_ids():
    with pytest.raises(CommandError, match="no session with id 42"):
        call_command("export_sessions", "42")


def test_a_record_with_nul_characters_is_rejected(member):
    record = {**RECORD, "rounds": [{**RECORD["rounds"][1], "note": "a\x00b"}]}

    response = _upload(member, json.dumps(record).encode())

    assert response.status_code == 400
    assert b"NUL" in response.content
    assert Session.objects.count() == 0


def test_a_record_ended_early_without_rounds_is_refused(member):
    record = {"rules": {"preset": "club"}, "players": ["P1", "P2", "P3", "P4"], "rounds": []}

    response = _upload(member, json.dumps({**record, "ended_early": "agreement"}).encode())

    assert not Session.objects.exists()
    assert "A game with no rounds has nothing to end" in html.unescape(response.content.decode())
