"""Online game logs imported into the ledger: the page with its confirmation, the
command and the API; all through the write path, each game once, dated by its log."""

from __future__ import annotations

import base64
import datetime as dt
import gzip
import html
import io
import json
import zipfile
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import translation

from ledger import log_imports, log_words, writes
from ledger.models import ApiToken, OnlineName, Player, Round, Ruleset, Season, Session
from ledger.online_logs import read_logs
from tests.factories import create_user

pytestmark = pytest.mark.django_db
LOGS = Path(__file__).resolve().parent / "data" / "logs"
SAMPLES = LOGS / "samples"
GAME_ID = "2019021004gm-00a9-0000-e2f6516d"
SAMPLE_FILES = sorted(p.name for p in SAMPLES.iterdir() if p.suffix in (".xml", ".json"))
OWN_FILES = ["tenhou-east-aborts.xml", "tenhou-west-tobi.xml", "mahjongsoul-jade-east.json"]


def log(name: str) -> bytes:
    path = SAMPLES / name if (SAMPLES / name).exists() else LOGS / name
    return path.read_bytes()


@pytest.fixture
def member(client):
    client.force_login(create_user())
    return client


def upload(client, *files: tuple[str, bytes]):
    data = {"files": [SimpleUploadedFile(name, content) for name, content in files]}
    return client.post(reverse("log-import"), data)


def confirm(client, response, **choices: str):
    """Post the confirmation page as shown (its prefilled choices), with ``choices``
    (field name -> value) changed."""
    page = client.get(response["Location"])
    form = page.context["form"]
    data = {name: form[name].value() or "" for name in form.fields}
    return client.post(response["Location"], {**data, **choices})


def import_all_as_guests(*files: tuple[str, bytes]) -> list[Session]:
    games = log_imports.read_upload(list(files))
    done = log_imports.import_games(games, {}, actor=writes.COMMAND)
    assert done.refused == []
    return done.sessions


def nothing_written() -> bool:
    return not Session.objects.exists() and not Player.objects.exists()


# Every sample goes through the write path and matches its log round by round


@pytest.mark.parametrize("name", SAMPLE_FILES + OWN_FILES)
def test_every_sample_imports_through_the_write_path_and_matches_its_log(name):
    (game,) = read_logs([(name, log(name))])

    (session,) = import_all_as_guests((name, log(name)))

    rounds = list(Round.objects.filter(session=session).order_by("number"))
    assert len(rounds) == len(game.figures.rounds)
    for row, logged in zip(rounds, game.figures.rounds):
        assert tuple(row.deltas) == logged.deltas, row.label
        assert row.honba == logged.honba and row.riichi_sticks == logged.sticks
        start = [s - d for s, d in zip(row.scores, row.deltas)]
        assert tuple(start) == logged.start, row.label
    assert row.outcome == game.record["rounds"][-1]  # hands as tiles, kept as recorded
    assert session.is_finished and session.results.count() == 4
    assert session.source_kind == game.kind and session.source_fingerprint == game.fingerprint
    assert session.audit.get().action == "import"
    state = session.replay()
    assert tuple(state["final"]["scores"]) == game.figures.final_scores


def test_the_phoenix_game_keeps_its_log_id_date_rules_and_hands():
    (session,) = import_all_as_guests((f"{GAME_ID}.xml", log(f"{GAME_ID}.xml")))

    assert session.source_id == GAME_ID
    session.refresh_from_db()
    assert session.started_at == dt.datetime(2019, 2, 9, 19, tzinfo=dt.UTC)  # 04:00 in Japan
    assert session.rules["rounding"] == "tenhou_old"
    assert [p.name for p in session.players()] == [
        "鬼ヅモ@川村軍団",
        "HN-Koda",
        "Sidecar",
        "あがれる間6s",
    ]
    first = session.rounds.get(number=1).outcome
    assert first["hand"]["hand"] == "777m66z" and first["hand"]["dora"] == "3s"
    hands = session.replay()["rounds"][0]["hands"]
    assert hands[0]["limit"] == "haneman"


def test_a_mahjong_soul_game_is_dated_by_its_end_and_uses_its_rules():
    (session,) = import_all_as_guests(("jade.json", log("mahjongsoul-jade-east.json")))

    assert session.source_kind == "mahjongsoul"
    assert session.rules["game_length"] == "east"
    session.refresh_from_db()
    assert session.finished_at == dt.datetime(2023, 11, 14, 22, 13, 20, tzinfo=dt.UTC)
    assert session.started_at == session.finished_at  # the log holds no start


# Season placement by the log's date


def test_an_imported_log_lands_in_the_season_of_its_date():
    Season.objects.create(name="2018", starts_on="2018-01-01", ends_on="2018-12-31")
    season = Season.objects.create(name="2019", starts_on="2019-01-01", ends_on="2019-12-31")

    (session,) = import_all_as_guests((f"{GAME_ID}.xml", log(f"{GAME_ID}.xml")))

    assert session.season == season


# Refused: bad, truncated, three-player, duplicate; nothing written


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("notes.txt", b"hello, this is not a game", "this file is not a game log we can read"),
        ("pao.xml", log("tenhou-pao.xml")[:2000], "the file is damaged or incomplete"),
        ("pao.mjlog", gzip.compress(log("tenhou-pao.xml"))[:-40], "its compressed data breaks off"),
        ("game.json", b'{"title": "no log here"}', "is not a tenhou.net/6 game log"),
        ("empty.zip", b"PK\x05\x06" + b"\x00" * 18, "empty.zip: the zip archive is empty."),
        ("sanma.xml", log("tenhou-sanma.xml"), "three-player games cannot be imported yet"),
        ("empty.json", b"", "empty.json: the file is empty."),
        ("blank.xml", b" \n\t", "blank.xml: the file is empty."),
    ],
)
def test_a_bad_file_is_refused_on_the_page_with_a_message_and_nothing_written(
    member, name, content, message
):
    response = upload(member, (name, content))

    assert response.status_code == 400
    assert message in response.content.decode()
    assert nothing_written()


def test_every_bad_file_of_an_upload_is_named_not_only_the_first(member):
    # QA: an upload of a cut JSON, a junk file and a good log named only the cut JSON
    files = [
        ("cut.json", b'{"log": [1, 2'),
        ("good.xml", log("tenhou-pao.xml")),
        ("junk.bin", bytes(range(256))),
        ("broken.mjlog", gzip.compress(log("tenhou-pao.xml"))[:-40]),
    ]

    response = upload(member, *files)

    assert response.status_code == 400
    said = [problem.message for problem in response.context["problems"]]
    assert [sentence.split(":")[0] for sentence in said] == ["cut.json", "junk.bin", "broken.mjlog"]
    page = response.content.decode()
    for sentence in said:
        assert f"<li>{html.escape(sentence)}</li>" in page
    assert nothing_written()


def _zipped(*files: tuple[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, content in files:
            archive.writestr(name, content)
    return buffer.getvalue()


def test_every_bad_file_inside_a_zip_is_named(member):
    # review: the first bad member of an archive hid every member after it
    archive = _zipped(
        ("a.mjlog", gzip.compress(log("tenhou-pao.xml"))[:-40]),
        ("b.bin", bytes(range(256))),
        ("c.json", b""),
        ("d.xml", log("tenhou-pao.xml")),
    )

    with pytest.raises(log_imports.LogImportError) as raised:
        log_imports.read_upload([("logs.zip", archive)])

    said = [problem.message.split(":")[0] for problem in raised.value.problems]
    assert said == ["logs.zip/a.mjlog", "logs.zip/b.bin", "logs.zip/c.json"]


def test_a_game_already_here_is_named_beside_a_file_that_cannot_be_read(member):
    (session,) = import_all_as_guests(("pao.xml", log("tenhou-pao.xml")))

    with pytest.raises(log_imports.LogImportError) as raised:
        log_imports.read_upload([("again.xml", log("tenhou-pao.xml")), ("x.json", b"[")])

    problems = raised.value.problems
    assert [problem.message for problem in problems] == [  # in the upload's order
        f"again.xml: this game was already imported as session {session.pk}.",
        "x.json: the file is damaged or incomplete: it is not valid JSON.",
    ]
    assert [problem.session for problem in problems] == [session, None]
    assert raised.value.code == "bad_log"  # not "already imported": one file is unreadable


def test_each_game_already_here_links_its_own_session_on_the_page(member):
    # review: one link, the first session's, and none when that one was deleted
    first, second = import_all_as_guests(
        ("pao.xml", log("tenhou-pao.xml")), ("ex.xml", log("tenhou-example.xml"))
    )
    Session.objects.filter(pk=first.pk).update(deleted_at=dt.datetime.now(dt.UTC))

    response = upload(
        member, ("pao.xml", log("tenhou-pao.xml")), ("ex.xml", log("tenhou-example.xml"))
    )

    page = response.content.decode()
    assert response.status_code == 400
    assert f'href="{second.get_absolute_url()}"' in page
    assert f'href="{first.get_absolute_url()}"' not in page  # deleted: restored elsewhere


@pytest.mark.parametrize(
    ("second", "status", "code"),
    [
        (("x.json", b"["), 422, "bad_log"),
        (("ex.xml", log("tenhou-example.xml")), 409, "already_imported"),
    ],
)
def test_the_api_answers_409_only_when_every_game_is_already_here(client, second, status, code):
    # review: a duplicate listed first made an upload with an unreadable file a 409
    import_all_as_guests(("pao.xml", log("tenhou-pao.xml")), ("ex.xml", log("tenhou-example.xml")))
    files = [("again.xml", log("tenhou-pao.xml")), second]
    body = {"files": [{"name": name, "base64": base64.b64encode(content).decode()}
                      for name, content in files], "guests": True}  # fmt: skip

    response = client.post(
        "/api/v1/imports/logs", body, content_type="application/json",
        headers={"Authorization": f"Bearer {_token()}"},
    )  # fmt: skip

    assert response.status_code == status
    error = response.json()["error"]
    assert error["code"] == code and "again.xml" in error["message"]
    assert second[0] in error["message"]


def test_an_empty_zip_archive_is_refused():
    buffer = io.BytesIO()
    zipfile.ZipFile(buffer, "w").close()

    with pytest.raises(log_imports.LogImportError) as raised:
        log_imports.read_upload([("empty.zip", buffer.getvalue())])

    assert raised.value.message == "empty.zip: the zip archive is empty."


def test_a_log_that_differs_from_our_replay_is_refused_naming_the_round(member):
    doctored = log("tenhou-example.xml").replace(b'ten="40,5200,0"', b'ten="40,5300,0"')

    response = upload(member, ("example.xml", doctored))

    assert response.status_code == 400
    assert "example.xml, round South 4: the log says" in response.content.decode()
    assert nothing_written()


def test_one_bad_file_refuses_the_whole_upload(member):
    response = upload(member, ("pao.xml", log("tenhou-pao.xml")), ("bad.json", b"[1, 2"))

    assert response.status_code == 400 and nothing_written()


def test_a_game_imported_again_by_its_log_id_is_refused_with_a_link(member):
    (first,) = import_all_as_guests((f"{GAME_ID}.xml", log(f"{GAME_ID}.xml")))

    response = upload(member, (f"{GAME_ID}.tenhou6.json", log(f"{GAME_ID}.tenhou6.json")))

    text = response.content.decode()
    assert response.status_code == 400
    assert f"this game was already imported as session {first.pk}." in text
    assert f'href="{first.get_absolute_url()}"' in text
    assert Session.objects.count() == 1


def test_a_game_imported_again_by_its_fingerprint_is_refused(member):
    (first,) = import_all_as_guests(("pao.xml", log("tenhou-pao.xml")))

    response = upload(member, ("renamed.mjlog", gzip.compress(log("tenhou-pao.xml"))))

    assert response.status_code == 400
    assert f"already imported as session {first.pk}" in response.content.decode()
    assert Session.objects.count() == 1


def test_a_deleted_imported_game_is_refused_and_restoring_it_is_suggested():
    (first,) = import_all_as_guests(("pao.xml", log("tenhou-pao.xml")))
    writes.delete_session(first.pk, actor=writes.COMMAND)

    with pytest.raises(log_imports.LogImportError) as raised:
        log_imports.read_upload([("pao.xml", log("tenhou-pao.xml"))])

    assert "which was deleted; a member can restore it" in raised.value.message


def test_a_game_imported_between_the_upload_and_the_confirmation_is_refused(member):
    response = upload(member, ("pao.xml", log("tenhou-pao.xml")))
    import_all_as_guests(("pao.xml", log("tenhou-pao.xml")))

    done = confirm(member, response)

    assert done.status_code == 302 and done["Location"] == reverse("log-import")
    assert Session.objects.count() == 1


# The confirmation page: names mapped, remembered on the next import


def test_a_zip_of_gzipped_and_plain_logs_imports_every_game(member):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("logs/pao.xml", log("tenhou-pao.xml"))
        archive.writestr("logs/yakuman.mjlog", gzip.compress(log("tenhou-yakuman.xml")))
        archive.writestr("logs/jade.json", log("mahjongsoul-jade-east.json"))

    response = upload(member, ("logs.zip", buffer.getvalue()))
    done = confirm(member, response)

    assert done["Location"] == reverse("home")
    assert sorted(Session.objects.values_list("source_kind", flat=True)) == [
        "mahjongsoul", "tenhou", "tenhou"
    ]  # fmt: skip
    assert Player.objects.count() == 12  # every online name a new guest


def test_the_upload_writes_nothing_until_the_names_are_confirmed(member):
    response = upload(member, ("pao.xml", log("tenhou-pao.xml")))

    assert response.status_code == 302
    assert nothing_written()
    page = member.get(response["Location"])
    assert page.status_code == 200
    assert "New guest: " in page.content.decode()


def test_the_confirmation_maps_a_name_to_a_club_player_and_remembers_it(member):
    aki = Player.objects.create(name="Aki")
    (game,) = log_imports.read_upload([("pao.xml", log("tenhou-pao.xml"))])
    online = game.record["players"][0]
    response = upload(member, ("pao.xml", log("tenhou-pao.xml")))

    done = confirm(member, response, **{"name-0": str(aki.pk)})

    session = Session.objects.get()
    assert done["Location"] == session.get_absolute_url()
    assert session.players()[0] == aki
    assert [p.name for p in session.players()[1:]] == game.record["players"][1:]  # new guests
    assert OnlineName.objects.get(site="tenhou", name=online).player == aki


def test_a_remembered_name_is_prefilled_on_the_next_import(member):
    aki = Player.objects.create(name="Aki")
    first = upload(member, ("pao.xml", log("tenhou-pao.xml")))
    confirm(member, first, **{"name-0": str(aki.pk)})
    # くみっきー of the pao game plays seat 2 of another game
    other = log("tenhou-yakuman.xml").replace(
        b'n2="%4C%49%54%48%49%55%4D"', b'n2="%E3%81%8F%E3%81%BF%E3%81%A3%E3%81%8D%E3%83%BC"'
    )

    second = upload(member, ("other.xml", other))
    page = member.get(second["Location"])

    assert page.context["form"]["name-2"].value() == str(aki.pk)
    assert page.context["form"]["name-0"].value() == "guest"
    confirm(member, second)
    assert Session.objects.order_by("pk").last().players()[2] == aki


def test_one_player_chosen_for_two_seats_is_an_error_on_the_confirmation(member):
    aki = Player.objects.create(name="Aki")
    response = upload(member, ("pao.xml", log("tenhou-pao.xml")))

    again = confirm(member, response, **{"name-0": str(aki.pk), "name-1": str(aki.pk)})

    assert again.status_code == 200
    form = again.context["form"]
    assert form["name-0"].value() == form["name-1"].value() == str(aki.pk)  # choices kept
    message = "pao.xml: one club player was chosen for two seats of this game."
    assert form.errors["name-0"] == form.errors["name-1"] == [message]
    assert message in again.content.decode()
    assert not Session.objects.exists() and not OnlineName.objects.exists()
    done = confirm(member, response, **{"name-0": str(aki.pk)})  # the upload still waits
    assert Session.objects.get().players()[0] == aki and done.status_code == 302


def test_one_player_for_two_seats_of_one_game_imports_no_game_of_the_upload(member):
    aki = Player.objects.create(name="Aki")
    response = upload(
        member, ("pao.xml", log("tenhou-pao.xml")), ("y.xml", log("tenhou-yakuman.xml"))
    )

    again = confirm(member, response, **{"name-5": str(aki.pk), "name-7": str(aki.pk)})

    assert again.status_code == 200 and set(again.context["form"].errors) == {"name-5", "name-7"}
    assert "y.xml: one club player was chosen" in again.content.decode()
    assert not Session.objects.exists() and not OnlineName.objects.exists()


def test_one_player_for_a_seat_in_each_of_two_games_is_no_error(member):
    aki = Player.objects.create(name="Aki")
    response = upload(
        member, ("pao.xml", log("tenhou-pao.xml")), ("y.xml", log("tenhou-yakuman.xml"))
    )

    done = confirm(member, response, **{"name-0": str(aki.pk), "name-4": str(aki.pk)})

    assert done.status_code == 302 and Session.objects.count() == 2


def test_a_guest_whose_name_a_club_player_has_gets_the_site_in_their_name():
    Player.objects.create(name="Bob")
    key = ("tenhou", "Bob")

    assert log_imports._new_guest(key).name == "Bob (Tenhou)"
    assert log_imports._new_guest(key).name == "Bob (Tenhou) 2"


def test_a_guest_is_named_as_every_player_is_cleaned_accents_composed_and_no_invisibles():
    key = ("tenhou", " Jose\u0301\u200b ")

    guest = log_imports._new_guest(key)

    assert guest.name == "José"
    assert log_imports.proposed_players([key]) == {key: guest}  # the club player "José"


def test_the_import_page_needs_a_member(client):
    response = upload(client, ("pao.xml", log("tenhou-pao.xml")))

    assert response.status_code == 403 and nothing_written()


def test_the_session_import_page_links_to_the_log_import(client):
    page = client.get(reverse("session-import"))

    assert reverse("log-import") in page.content.decode()


# Our own export imported again


def test_our_own_export_imported_again_is_skipped_on_the_page(member):
    (session,) = import_all_as_guests(("pao.xml", log("tenhou-pao.xml")))
    exported = member.get(reverse("session-export", args=[session.pk])).content
    assert json.loads(exported)["session"] == {"id": session.pk, "fingerprint": session.fingerprint}

    response = member.post(
        reverse("session-import"), {"file": SimpleUploadedFile("s.json", exported)}, follow=True
    )

    text = response.content.decode()
    assert f"is already in the ledger as session {session.pk}; it was skipped." in text
    assert Session.objects.count() == 1


def test_an_export_without_its_session_key_is_still_found_by_its_fingerprint(member):
    (session,) = import_all_as_guests(("pao.xml", log("tenhou-pao.xml")))
    record = session.export_record()
    del record["session"], record["source"]

    call_command("import_sessions", _write(record))

    assert Session.objects.count() == 1


def _write(data) -> str:
    path = Path("/tmp/oi") / "record.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False))
    return str(path)


# The command


def test_the_command_imports_with_guests_and_maps_names(tmp_path, capsys):
    aki = Player.objects.create(name="Aki")
    (game,) = read_logs([("p.xml", log("tenhou-pao.xml"))])
    path = tmp_path / "pao.xml"
    path.write_bytes(log("tenhou-pao.xml"))

    call_command("import_logs", str(path), "--guests", "--map", f"{game.record['players'][0]}=Aki")

    session = Session.objects.get()
    assert session.players()[0] == aki
    assert "imported 1 game(s)" in capsys.readouterr().out


def test_the_command_maps_a_club_name_typed_with_a_decomposed_accent(tmp_path):
    jose = Player.objects.create(name="José")
    (game,) = read_logs([("p.xml", log("tenhou-pao.xml"))])
    path = tmp_path / "pao.xml"
    path.write_bytes(log("tenhou-pao.xml"))
    online = game.record["players"][0]

    call_command("import_logs", str(path), "--guests", "--map", f"{online}\u200b=Jose\u0301")

    assert Session.objects.get().players()[0] == jose


def test_the_command_dates_a_log_without_a_date(tmp_path):
    season = Season.objects.create(name="2011", starts_on="2011-01-01", ends_on="2011-12-31")
    path = tmp_path / "example.xml"
    path.write_bytes(log("tenhou-example.xml"))

    call_command("import_logs", str(path), "--guests", "--date", "2011-06-04")

    assert Session.objects.get().season == season


def test_a_log_cut_off_between_rounds_is_refused_and_the_whole_log_imports_after(tmp_path):
    name = f"{GAME_ID}.xml"
    text = log(name).decode()
    cut = text[: [i for i in range(len(text)) if text.startswith("<INIT", i)][6]] + "</mjloggm>"
    (tmp_path / "cut").mkdir()
    (tmp_path / "cut" / name).write_text(cut)
    (tmp_path / name).write_bytes(log(name))

    with pytest.raises(CommandError, match="the log has no final result: it may be cut short"):
        call_command("import_logs", str(tmp_path / "cut" / name), "--guests")
    assert nothing_written()

    call_command("import_logs", str(tmp_path / name), "--guests")
    assert Session.objects.get().is_finished


def test_a_log_cut_off_between_rounds_is_refused_on_the_page_and_by_the_api(member):
    data = json.loads(log(f"{GAME_ID}.tenhou6.json"))
    data["log"] = data["log"][:6]
    del data["sc"]
    cut = ("cut.json", json.dumps(data).encode())

    page = upload(member, cut)
    api = member.post(
        "/api/v1/imports/logs", {"files": [SimpleUploadedFile(*cut)], "guests": "true"}
    )

    message = "cut.json: the log has no final result: it may be cut short; import the whole game."
    assert page.status_code == 400 and message in page.content.decode()
    assert api.status_code == 422 and api.json()["error"]["message"] == message
    assert nothing_written()


def test_the_command_refuses_unmapped_names_without_guests(tmp_path):
    path = tmp_path / "pao.xml"
    path.write_bytes(log("tenhou-pao.xml"))

    with pytest.raises(CommandError, match="no club player for the online names"):
        call_command("import_logs", str(path))

    assert nothing_written()


def test_the_command_refuses_a_bad_file(tmp_path):
    path = tmp_path / "sanma.xml"
    path.write_bytes(log("tenhou-sanma.xml"))

    with pytest.raises(CommandError, match="three-player games cannot be imported yet"):
        call_command("import_logs", str(path), "--guests")

    assert nothing_written()


# The API


def _token() -> str:
    return ApiToken.issue(create_user(username="api"), "tests")[1]


def test_the_api_imports_a_multipart_upload_with_a_token(client):
    token = _token()
    files = {"files": [SimpleUploadedFile("pao.xml", log("tenhou-pao.xml"))], "guests": "true"}

    response = client.post(
        "/api/v1/imports/logs", files, headers={"Authorization": f"Bearer {token}"}
    )

    assert response.status_code == 201, response.content
    (made,) = response.json()["sessions"]
    session = Session.objects.get()
    assert made["id"] == session.pk
    # a file name without a Tenhou game id: no id, as in the session's record (was "id": "")
    assert made["source"] == {"kind": "tenhou"} == session.to_record()["source"]


def test_the_api_imports_json_with_a_name_mapped_to_a_player(client):
    token = _token()
    aki = Player.objects.create(name="Aki")
    (game,) = read_logs([("p.xml", log("tenhou-pao.xml"))])
    body = {
        "files": [{"name": "pao.xml", "text": log("tenhou-pao.xml").decode()}],
        "players": {game.record["players"][0]: aki.pk},
        "guests": True,
    }

    response = client.post(
        "/api/v1/imports/logs",
        body,
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )

    assert response.status_code == 201, response.content
    assert Session.objects.get().players()[0] == aki


def test_the_api_refuses_a_duplicate_with_its_code(client):
    token = _token()
    import_all_as_guests(("pao.xml", log("tenhou-pao.xml")))
    body = {"files": [{"name": "pao.xml", "text": log("tenhou-pao.xml").decode()}], "guests": True}

    response = client.post(
        "/api/v1/imports/logs", body, content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )  # fmt: skip

    assert response.status_code == 409
    assert response.json()["error"]["code"] == "already_imported"
    assert Session.objects.count() == 1


def test_the_api_refuses_a_truncated_gzip_and_garbage(client):
    token = _token()
    for name, data in [("a.mjlog", gzip.compress(log("tenhou-pao.xml"))[:-30]), ("b", b"\x00")]:
        files = {"files": [SimpleUploadedFile(name, data)], "guests": "true"}
        response = client.post(
            "/api/v1/imports/logs", files, headers={"Authorization": f"Bearer {token}"}
        )
        assert response.status_code == 422
        assert response.json()["error"]["code"] == "bad_log"
    assert not Session.objects.exists()


def test_the_api_needs_a_login_or_token(client):
    response = client.post("/api/v1/imports/logs", {}, content_type="application/json")

    assert response.status_code == 401


def test_the_api_import_is_in_the_openapi_document(client):
    schema = client.get("/api/v1/openapi.json").json()

    operation = schema["paths"]["/api/v1/imports/logs"]["post"]
    assert set(operation["requestBody"]["content"]) == {"multipart/form-data", "application/json"}


def test_a_refusal_comes_in_the_members_language(member):
    data = {"files": [SimpleUploadedFile("sanma.xml", log("tenhou-sanma.xml"))]}

    response = member.post(reverse("log-import"), data, headers={"accept-language": "ja"})

    # the file name is kept as it is; the label separator is the language's (QA: "ms2.json:
    # 牌譜の…" beside "tenhou-pao.xml：この対局は…" on the same page)
    assert (
        "sanma.xml：三人麻雀の対局です。三人麻雀の対局はまだ取り込めません。"
        in response.content.decode()
    )
    assert nothing_written()


def test_a_refusal_with_figures_comes_in_the_members_language(member):
    doctored = log("tenhou-example.xml").replace(b'ten="40,5200,0"', b'ten="40,5300,0"')
    data = {"files": [SimpleUploadedFile("example.xml", doctored)]}

    response = member.post(reverse("log-import"), data, headers={"accept-language": "ja"})

    page = response.content.decode()
    assert "example.xml" in page and "南4局" in page and "South 4" not in page
    assert "翻" in page and " han " not in page
    assert nothing_written()


def test_every_word_of_a_readers_refusal_goes_through_the_catalogs(monkeypatch):
    monkeypatch.setattr(translation._trans, "gettext", lambda text: f"[{text}]", raising=False)
    message = (
        "a.json (game 2), round South 4: by our replay the game ended when a player went "
        "below zero, but the log goes on."
    )

    words = log_words.reader_words(message)

    assert words == (
        "[[a.json (game 2)], round [South 4]]: [by our replay the game ended "
        "[when a player went below zero], but the log goes on.]"
    )
    assert log_words.reader_words(
        "b.xml: the log has a broken hand (5000 is not a tile number (0 to 135))."
    ) == ("b.xml: [the log has a broken hand ([5000 is not a tile number (0 to 135)]).]")
    assert log_words.reader_words(
        "c.xml, round East 2: the log says Aki won 8,000 (yakuman), our replay gives 7,700 (4 han 30 fu)."
    ) == (
        "[c.xml, round [East 2]]: [the log says Aki won 8,000 ([Yakuman]), our replay gives 7,700 ([4 han 30 fu]).]"
    )


def test_the_history_page_names_the_log_a_session_came_from(client):
    (session,) = import_all_as_guests((f"{GAME_ID}.xml", log(f"{GAME_ID}.xml")))

    page = client.get(reverse("session-history", args=[session.pk])).content.decode()

    assert "Imported from a Tenhou log" in page and GAME_ID in page


def test_a_club_ruleset_with_the_logs_rules_is_named_on_the_session():
    ruleset = Ruleset.objects.create(
        name="Jade east", rules={"preset": "mahjongsoul", "game_length": "east"}
    )
    Ruleset.objects.create(name="Jade south", rules={"preset": "mahjongsoul"})

    (session,) = import_all_as_guests(("jade.json", log("mahjongsoul-jade-east.json")))

    assert session.ruleset == ruleset


def test_a_log_without_a_date_is_dated_on_the_confirmation_and_lands_in_that_season(member):
    season = Season.objects.create(name="2011", starts_on="2011-01-01", ends_on="2011-12-31")
    response = upload(member, ("example.xml", log("tenhou-example.xml")))  # no game id, no date
    page = member.get(response["Location"])
    assert "The log holds no date" in page.content.decode()

    confirm(member, response, **{"played-0": "2011-06-04"})

    session = Session.objects.get()
    assert session.season == season
    assert session.started_at == dt.datetime(2011, 6, 4, tzinfo=dt.UTC)


def test_a_date_in_the_future_is_refused_on_the_confirmation(member):
    response = upload(member, ("example.xml", log("tenhou-example.xml")))

    again = confirm(member, response, **{"played-0": "2999-01-01"})

    assert again.status_code == 200 and "between 1990 and today" in again.content.decode()
    assert not Session.objects.exists()


def test_a_name_chosen_as_a_guest_in_two_games_of_one_upload_is_one_guest():
    other = log("tenhou-yakuman.xml").replace(
        b'n2="%4C%49%54%48%49%55%4D"', b'n2="%E3%81%8F%E3%81%BF%E3%81%A3%E3%81%8D%E3%83%BC"'
    )

    first, second = import_all_as_guests(("pao.xml", log("tenhou-pao.xml")), ("o.xml", other))

    assert first.players()[0] == second.players()[2]
    assert Player.objects.filter(name__startswith="くみっきー").count() == 1


def test_the_api_dates_a_log_without_a_date(client):
    token = _token()
    season = Season.objects.create(name="2011", starts_on="2011-01-01", ends_on="2011-12-31")
    body = {
        "files": [
            {
                "name": "e.mjlog",
                "base64": base64.b64encode(gzip.compress(log("tenhou-example.xml"))).decode(),
            }
        ],
        "guests": True,
        "date": "2011-06-04",
    }

    response = client.post(
        "/api/v1/imports/logs", body, content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )  # fmt: skip

    assert response.status_code == 201, response.content
    assert Session.objects.get().season == season


def test_the_export_of_a_deleted_session_imported_again_says_it_is_deleted(member):
    (session,) = import_all_as_guests(("pao.xml", log("tenhou-pao.xml")))
    exported = member.get(reverse("session-export", args=[session.pk])).content
    writes.delete_session(session.pk, actor=writes.COMMAND)

    response = member.post(
        reverse("session-import"), {"file": SimpleUploadedFile("s.json", exported)}, follow=True
    )

    text = response.content.decode()
    assert f"already in the ledger as session {session.pk}, which was deleted" in text
    assert Session.objects.count() == 1


@pytest.mark.parametrize(
    ("date", "message"),
    [
        ("2019-02-30", "date must be a real day, written YYYY-MM-DD."),
        ("30.2.2019", "date must be a real day, written YYYY-MM-DD."),
        ("1989-12-31", "date must be a day between 1990 and today."),
    ],
)
def test_the_api_says_why_a_date_is_refused(client, date, message):
    body = {"files": [{"name": "e.xml", "text": log("tenhou-example.xml").decode()}],
            "guests": True, "date": date}  # fmt: skip

    response = client.post(
        "/api/v1/imports/logs", body, content_type="application/json",
        headers={"Authorization": f"Bearer {_token()}"},
    )  # fmt: skip

    assert response.status_code == 422
    assert response.json()["error"]["message"] == message
    assert not Session.objects.exists()
