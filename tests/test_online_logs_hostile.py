"""Hostile online logs: damaged numbers, text no database can hold, names and game ids
longer than the ledger keeps. Each is refused at the upload with a sentence that names
the file and what is broken, in plain words (never a 500, never Python's own words),
and nothing is stored: no session, no player, no remembered name, no pending upload.

Every variant starts from a real sample log with one thing changed."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from ledger.log_words import reader_words
from ledger.models import ApiToken, OnlineName, Player, Session
from ledger.online_logs import LogError, read_logs, refusals
from tests.factories import create_user

pytestmark = pytest.mark.django_db
SAMPLES = Path(__file__).resolve().parent / "data" / "logs" / "samples"
TENHOU6 = "2019021004gm-00a9-0000-e2f6516d.tenhou6.json"
MJLOG = "tenhou-example.xml"
PYTHON_WORDS = (
    "Error",
    "NoneType",
    "object is not",
    "list index",
    "not supported between",
    "cannot convert",
    "invalid literal",
    "unsupported operand",
    "Exceeds the limit",
    "out of range",
    "int()",
)
TOO_BIG = "1e400"  # JSON reads it as infinity; written here as the tester typed it


def tenhou6(change) -> bytes:
    """Return the tenhou.net/6 sample with ``change`` made to its JSON data."""
    data = json.loads((SAMPLES / TENHOU6).read_text(encoding="utf-8"))
    change(data)
    text = json.dumps(data, ensure_ascii=False)
    return text.replace(f'"{TOO_BIG}"', TOO_BIG).encode()


def mjlog(pattern: str, replacement: str) -> bytes:
    """Return the mjlog sample with the first match of ``pattern`` replaced."""
    text = (SAMPLES / MJLOG).read_text(encoding="utf-8")
    changed, count = re.subn(pattern, replacement, text, count=1)
    assert count == 1, pattern
    return changed.encode()


def set_key(key, value):
    return lambda data: data.update({key: value})


def set_first_round(index, value):
    """Change part ``index`` of the first round's result (["和了", changes, info])."""
    return lambda data: data["log"][0][16].__setitem__(index, value)


def set_first_win_info(index, value):
    return lambda data: data["log"][0][16][2].__setitem__(index, value)


def set_second_round_result(result):
    return lambda data: data["log"][1].__setitem__(16, result)


def set_first_hand_tile(value):
    return lambda data: data["log"][0][10].__setitem__(0, value)  # the winner's start hand


FIRST_AGARI = r'(<AGARI [^>]*?)who="2"'
ROUND = "round East 1"  # the first round of the tenhou.net/6 sample
XML_ROUND = "round East 1, 1 honba"  # the first win of the mjlog sample

HOSTILE = [
    # tenhou.net/6 JSON: numbers
    ("sc NaN", TENHOU6, tenhou6(set_key("sc", [float("nan")] * 8)),
     "the log has broken final results."),
    ("sc 1e400", TENHOU6, tenhou6(set_key("sc", [TOO_BIG] * 8)),
     "the log has broken final results."),
    ("changes 1e400", TENHOU6, tenhou6(set_first_round(1, [TOO_BIG, 0, 0, 0])),
     f"{ROUND}: the log has broken changes of score."),
    ("changes NaN", TENHOU6, tenhou6(set_first_round(1, [float("nan"), 0, 0, 0])),
     f"{ROUND}: the log has broken changes of score."),
    ("changes short", TENHOU6, tenhou6(set_first_round(1, [0])),
     f"{ROUND}: the log has broken changes of score."),
    ("draw changes null", TENHOU6, tenhou6(set_second_round_result(["流局", None])),
     "round East 2: the log has broken changes of score."),
    ("draw changes text", TENHOU6, tenhou6(set_second_round_result(["流局", ["a", "b", "c", "d"]])),
     "round East 2: the log has broken changes of score."),
    ("title 1e300", TENHOU6, tenhou6(lambda d: d.update(ref="x", title=["a", 1e300])),
     "the log has a broken end time."),
    ("title 1e400", TENHOU6, tenhou6(lambda d: d.update(ref="x", title=["a", TOO_BIG])),
     "the log has a broken end time."),
    ("winner x", TENHOU6, tenhou6(set_first_win_info(0, "x")),
     f"{ROUND}: the log has a broken win entry."),
    ("winner 9", TENHOU6, tenhou6(set_first_win_info(0, 9)),
     f"{ROUND}: the log has a broken win entry."),
    ("win info null", TENHOU6, tenhou6(set_first_round(2, None)),
     f"{ROUND}: the log has a broken win entry."),
    ("score text of 5000 digits", TENHOU6, tenhou6(set_first_win_info(3, "9" * 5000 + "点")),
     f"{ROUND}: the log's tiles or result cannot be read (the score 99999999999999999999… cannot be read)."),
    ("tile null", TENHOU6, tenhou6(set_first_hand_tile(None)),
     f"{ROUND}: the log's tiles or result cannot be read (null is not a tile code)."),
    ("riichi discard r²", TENHOU6, tenhou6(lambda d: d["log"][0][12].__setitem__(0, "r²")),
     f"{ROUND}: the log's tiles or result cannot be read (r² is not a call)."),
    ("round counters -5", TENHOU6, tenhou6(lambda d: d["log"][0].__setitem__(0, [-5, 0, 0])),
     "the log has a broken round."),
    ("red fives x", TENHOU6, tenhou6(lambda d: d["rule"].update(aka51="x")),
     "this game cannot be imported: the log's counts of red fives are broken."),
    # mjlog XML: numbers
    ("GO type ²", MJLOG, mjlog(r'<GO type="\d+"', '<GO type="²"'),
     "the log does not say which lobby the game was played in."),
    ("GO type of 5000 digits", MJLOG, mjlog(r'<GO type="\d+"', f'<GO type="{"9" * 5000}"'),
     "the log does not say which lobby the game was played in."),
    ("AGARI who x", MJLOG, mjlog(FIRST_AGARI, r'\1who="x"'),
     f"{XML_ROUND}: the log has a broken AGARI entry."),
    ("AGARI fromWho x", MJLOG, mjlog(r'(<AGARI [^>]*?)fromWho="2"', r'\1fromWho="x"'),
     f"{XML_ROUND}: the log has a broken AGARI entry."),
    ("AGARI machi x", MJLOG, mjlog(r'(<AGARI [^>]*?)machi="15"', r'\1machi="x"'),
     f"{XML_ROUND}: the log has a broken AGARI entry."),
    ("AGARI paoWho x", MJLOG, mjlog(FIRST_AGARI, r'\1paoWho="x" who="2"'),
     f"{XML_ROUND}: the log has a broken AGARI entry."),
    ("AGARI sc of 5000 digits", MJLOG, mjlog(r'(<AGARI [^>]*?)sc="260', rf'\1sc="{"9" * 5000}'),
     f"{XML_ROUND}: the log has a broken AGARI entry."),
    ("REACH who x", MJLOG, mjlog(r'<REACH who="2" ten="([^"]*)" step="2"', r'<REACH who="x" ten="\1" step="2"'),
     f"{XML_ROUND}: the log has a broken REACH entry."),
    ("owari 1e400", MJLOG, mjlog(r'owari="263', 'owari="1e400'),
     "the log has broken final results."),
    ("owari nan", MJLOG, mjlog(r'owari="263', 'owari="nan'),
     "the log has broken final results."),
    ("owari result nan", MJLOG, mjlog(r'owari="263,6.0', 'owari="263,nan'),
     "the log has broken final results."),
    # text that no database or page can hold
    ("tenhou6 name with NUL", TENHOU6, tenhou6(set_key("name", ["b\u0000", "c", "d", "e"])),
     "the file is damaged: it holds a NUL character, which no game log has."),
    ("tenhou6 name with half a pair", TENHOU6,
     tenhou6(set_key("name", ["b", "c", "d", "e"])).replace(b'"b"', b'"\\ud800"'),
     "the file is damaged: it holds half of a UTF-16 character pair, which is not text."),
    ("tenhou6 tile with half a pair", TENHOU6,
     tenhou6(set_first_hand_tile("@")).replace(b'"@"', b'"\\udfff"'),
     "the file is damaged: it holds half of a UTF-16 character pair, which is not text."),
    ("mjlog name with %00", MJLOG, mjlog(r'n0="[^"]*"', 'n0="%00abc"'),
     "the file is damaged: it holds a NUL character, which no game log has."),
    ("mjlog name with %01", MJLOG, mjlog(r'n0="[^"]*"', 'n0="ab%01c"'),
     "the online name “ab�c” holds a control character"),
    ("tenhou6 name with an escape", TENHOU6, tenhou6(set_key("name", ["b\u001b[31m", "c", "d", "e"])),
     "the online name “b�[31m” holds a control character"),
    # names and game ids longer than the ledger keeps
    ("tenhou6 name of 150", TENHOU6, tenhou6(set_key("name", ["b" * 150, "c", "d", "e"])),
     "the online name “bbbbbbbbbbbbbbbbbbbb…” is longer than 100 characters"),
    ("mjlog name of 150", MJLOG, mjlog(r'n0="[^"]*"', f'n0="{"a" * 150}"'),
     "the online name “aaaaaaaaaaaaaaaaaaaa…” is longer than 100 characters"),
    ("game id of 150", TENHOU6, tenhou6(set_key("ref", "r" * 150)),
     "the log’s game id is longer than 100 characters"),
    # anonymous players: Tenhou names each of them NoName
    ("two NoName seats", TENHOU6, tenhou6(set_key("name", ["NoName", "c", "NoName", "e"])),
     "two seats have the online name “NoName”, so the ledger cannot tell those players apart"),
]  # fmt: skip
IDS = [case[0] for case in HOSTILE]


@pytest.fixture
def member(client):
    client.force_login(create_user())
    return client


def upload(client, name: str, content: bytes):
    data = {"files": [SimpleUploadedFile(name, content)]}
    return client.post(reverse("log-import"), data)


def nothing_stored(client) -> bool:
    pending = client.session.get("log_imports", {})
    stored = Session.objects.exists() or Player.objects.exists() or OnlineName.objects.exists()
    return not stored and not pending


def has_python_words(text: str) -> bool:
    return any(words in text for words in PYTHON_WORDS)


@pytest.mark.parametrize(("case", "name", "content", "message"), HOSTILE, ids=IDS)
def test_a_hostile_log_is_refused_on_the_page_naming_the_file_and_nothing_is_stored(
    member, case, name, content, message
):
    response = upload(member, name, content)

    page = html.unescape(response.content.decode())
    assert response.status_code == 400
    assert f"{name}" in page and message in page
    assert not has_python_words(page.split("<main", 1)[-1])
    assert nothing_stored(member)


@pytest.mark.parametrize(("case", "name", "content", "message"), HOSTILE, ids=IDS)
def test_the_api_refuses_a_hostile_log_with_a_plain_message(client, case, name, content, message):
    token = ApiToken.issue(create_user(username="api"), "tests")[1]
    files = {"files": [SimpleUploadedFile(name, content)], "guests": "true"}

    response = client.post(
        "/api/v1/imports/logs", files, headers={"Authorization": f"Bearer {token}"}
    )

    assert response.status_code == 422, response.content
    error = response.json()["error"]
    assert error["code"] == "bad_log"
    assert error["message"].startswith(name) and message in error["message"]
    assert not has_python_words(error["message"])
    assert not Session.objects.exists() and not OnlineName.objects.exists()


@pytest.mark.parametrize(("case", "name", "content", "message"), HOSTILE, ids=IDS)
def test_a_hostile_logs_refusal_has_a_sentence_to_translate(case, name, content, message):
    try:
        read_logs([(name, content)])
    except LogError as error:
        text = str(error)
    else:
        return  # refused by the ledger (names, ids), in sentences of its own

    assert refusals.refusal_of(text) is not None
    assert reader_words(text) == text  # in English, the reader's own words


def test_a_long_online_name_that_fits_becomes_a_guest_cut_to_a_players_length(member):
    long_name = "名" * 59 + " " + "x" * 20  # fits what the ledger remembers (100), not a name (60)
    content = tenhou6(set_key("name", [long_name, "c", "d", "e"]))

    response = upload(member, TENHOU6, content)
    confirm = member.get(response["Location"])
    form = confirm.context["form"]
    member.post(response["Location"], {name: form[name].value() or "" for name in form.fields})

    guest = Session.objects.get().players()[0]
    assert guest.name == "名" * 59  # cut, and no space left at the end
    assert OnlineName.objects.get(name=long_name).player == guest


def test_a_tenhou_game_id_without_a_real_date_is_read_as_undated(member):
    content = (SAMPLES / "tenhou-pao.xml").read_bytes()

    response = upload(member, "2019131004gm-00a9-0000-e2f6516d.xml", content)  # month 13

    assert response.status_code == 302
    ((game,),) = member.session["log_imports"].values()
    assert game["log_id"] == "" and "started" not in game["record"]


@pytest.mark.parametrize(("megabytes", "too_large"), [(10, False), (17, True)])
def test_the_page_and_the_api_take_files_of_the_same_size(client, member, megabytes, too_large):
    """One limit for both ways in (16 MB a file): the page used to refuse 8 MB."""
    content = b" " * (megabytes * 1024 * 1024)
    token = ApiToken.issue(create_user(username="api"), "tests")[1]
    files = {"files": [SimpleUploadedFile("big.xml", content)], "guests": "true"}

    page = html.unescape(upload(member, "big.xml", content).content.decode())
    api = client.post("/api/v1/imports/logs", files, headers={"Authorization": f"Bearer {token}"})

    assert ("big.xml is too large" in page) is too_large
    assert ("16 MB" in api.json()["error"]["message"]) is too_large
    assert nothing_stored(member)
