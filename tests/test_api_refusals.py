"""Bodies the API must refuse in the caller's words, storing nothing (found by trying
the API as a stranger would: each of these was a 500, a wrong status or a silent
acceptance before)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from ledger.models import ApiToken, Player, Session
from tests.factories import create_session, create_user, draw
from tests.test_api import DRAW, call

pytestmark = pytest.mark.django_db
SAMPLE = Path(__file__).resolve().parent / "data" / "logs" / "samples" / "tenhou-triple-ron.xml"
RIICHI_HAND = {"hand": "234567m456p789s22z", "win": "2m", "riichi": True}


@pytest.fixture
def member_token():
    return ApiToken.issue(create_user(username="keeper"), "scripts")[1]


def _record(client, token, session, outcome):
    return call(client, "post", f"/sessions/{session.pk}/rounds", {"round": outcome}, token=token)


@pytest.mark.parametrize(
    "body",
    [
        {"players": ["a\u0000x", "b", "c", "d"]},
        {"players": ["a", "b", "c", "d"], "table": "\u0000"},
    ],
)
def test_a_nul_in_a_name_or_the_table_label_is_refused(client, member_token, body):
    status, answer = call(client, "post", "/sessions", body, token=member_token)

    assert status == 422 and answer["error"]["code"] == "bad_text"
    assert not Session.objects.exists() and not Player.objects.exists()


@pytest.mark.parametrize("name", ["\u200b", "\x01", "\u200b\x1b "])
def test_a_name_of_only_invisible_or_control_characters_is_refused(client, member_token, name):
    body = {"players": ["Aki", name, "Chen", "Dai"]}

    status, answer = call(client, "post", "/sessions", body, token=member_token)

    assert status == 422 and "a name of only invisible or control" in answer["error"]["message"]
    assert not Session.objects.exists() and not Player.objects.exists()


@pytest.mark.parametrize("player_id", [999, 2**62 + 1, 2**70])
def test_a_player_id_no_player_has_is_named_as_such_however_large(client, member_token, player_id):
    body = {"players": [player_id, "b", "c", "d"]}

    status, answer = call(client, "post", "/sessions", body, token=member_token)

    assert status == 422, answer
    assert answer["error"] == {
        "code": "unknown_player",
        "message": f"There is no player with id {player_id}.",
    }
    assert not Session.objects.exists() and not Player.objects.exists()


@pytest.mark.parametrize("player_id", [999, 2**70])
def test_an_online_name_mapped_to_an_id_no_player_has_is_refused(client, member_token, player_id):
    files = [{"name": "triple-ron.xml", "text": SAMPLE.read_text()}]
    body = {"files": files, "players": {"Rikaka": player_id}, "guests": True}

    status, answer = call(client, "post", "/imports/logs", body, token=member_token)

    assert status == 422, answer
    assert answer["error"]["message"] == f"There is no player with id {player_id}."
    assert not Session.objects.exists()


@pytest.mark.parametrize("given", [[1], {}, True, "someone"])
def test_an_online_name_mapped_to_something_not_an_id_is_refused(client, member_token, given):
    files = [{"name": "triple-ron.xml", "text": SAMPLE.read_text()}]
    body = {"files": files, "players": {"Rikaka": given}, "guests": True}

    status, answer = call(client, "post", "/imports/logs", body, token=member_token)

    assert status == 422, answer
    assert "Rikaka" in answer["error"]["message"]
    assert not Session.objects.exists()


@pytest.mark.parametrize("guests", ["yes", 1, None])
def test_guests_that_is_not_true_or_false_is_refused(client, member_token, guests):
    files = [{"name": "triple-ron.xml", "text": SAMPLE.read_text()}]
    body = {"files": files, "guests": guests}

    status, answer = call(client, "post", "/imports/logs", body, token=member_token)

    assert status == 422, answer
    assert answer["error"]["message"] == "guests must be true or false."
    assert not Session.objects.exists() and not Player.objects.exists()


def test_a_form_field_of_bad_json_is_named(client, member_token):
    upload = SimpleUploadedFile("triple-ron.xml", SAMPLE.read_bytes())
    response = client.post(
        "/api/v1/imports/logs",
        {"files": [upload], "players": "{bad"},
        headers={"Authorization": f"Bearer {member_token}"},
    )

    assert response.status_code == 400
    assert response.json()["error"]["message"] == "The form field players is not valid JSON."
    assert not Session.objects.exists()


def test_a_win_given_both_han_and_a_yakuman_multiple_is_refused(client, member_token):
    session = create_session()
    outcome = {
        "result": "ron",
        "loser": 1,
        "wins": [{"winner": 2, "han": 3, "fu": 30, "yakuman": 1}],
    }

    status, answer = _record(client, member_token, session, {**outcome, "riichi": []})

    assert status == 422, answer
    assert "either han and fu or a yakuman" in answer["error"]["message"]
    assert session.rounds.count() == 0


def test_a_winner_whose_hand_counts_riichi_must_have_put_down_the_stick(client, member_token):
    session = create_session()
    win = {"winner": 0, "hand": RIICHI_HAND}
    outcome = {"result": "ron", "loser": 1, "wins": [win]}

    refused = _record(client, member_token, session, {**outcome, "riichi": []})
    recorded = _record(client, member_token, session, {**outcome, "riichi": [0]})

    assert refused[0] == 422 and "Aki’s hand counts riichi" in refused[1]["error"]["message"]
    assert recorded[0] == 201
    assert recorded[1]["state"]["rounds"][0]["deltas"][0] == 2900  # riichi pinfu: 2 han 30 fu


def test_a_winner_whose_yaku_list_riichi_must_have_put_down_the_stick(client, member_token):
    session = create_session()
    win = {"winner": 0, "han": 7, "fu": 30, "yaku": ["riichi", "chinitsu"]}
    outcome = {"result": "ron", "loser": 1, "wins": [win]}

    refused = _record(client, member_token, session, {**outcome, "riichi": []})
    recorded = _record(client, member_token, session, {**outcome, "riichi": [0]})

    assert refused[0] == 422 and "Aki’s hand counts riichi" in refused[1]["error"]["message"]
    assert recorded[0] == 201


def test_a_chombo_lists_no_riichi(client, member_token):
    session = create_session()

    status, answer = _record(
        client, member_token, session, {"result": "chombo", "player": 1, "riichi": [0]}
    )

    # named as the replay's refusals are ("Round 1 (East 1): …"; it had no round)
    assert status == 422 and answer["error"]["message"].startswith("Round 1: A chombo lists")
    assert session.rounds.count() == 0


@pytest.mark.parametrize("seat", [3, 5])
def test_a_seat_past_a_table_of_three_is_refused_with_its_seats(client, member_token, seat):
    session = create_session(names=("Aki", "Bo", "Chen"), rules={"preset": "club_sanma"})

    status, answer = _record(client, member_token, session, {"result": "chombo", "player": seat})

    message = answer["error"]["message"]
    assert status == 422 and ("0 to 2" in message or "this table of 3" in message), message
    assert "0 to 3" not in message and session.rounds.count() == 0


def test_a_correction_is_held_to_the_same_riichi_rules(client, member_token):
    session = create_session(rounds=[draw(0)])
    body = {"round": {"result": "chombo", "player": 1, "riichi": [2]}, "version": session.version}

    status, answer = call(
        client, "put", f"/sessions/{session.pk}/rounds/1", body, token=member_token
    )

    assert status == 422, answer
    assert answer["error"]["message"].startswith("Round 1 (East 1): A chombo lists no riichi")
    assert session.rounds.get().outcome == draw(0)


def test_a_note_longer_than_the_table_takes_is_refused(client, member_token):
    session = create_session()

    status, answer = _record(client, member_token, session, {**DRAW, "note": "x" * 201})
    fits = _record(client, member_token, session, {**DRAW, "note": "x" * 200})

    assert status == 422 and "at most 200 characters" in answer["error"]["message"]
    assert fits[0] == 201 and session.rounds.count() == 1


@pytest.mark.parametrize(
    ("method", "path"),
    [("post", "/sessions/"), ("put", "/sessions/1/rounds/abc"), ("post", "/nothing")],
)
def test_a_change_sent_to_an_address_that_does_not_exist_is_a_404(method, path):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)  # as a browser's fetch would be checked

    response = getattr(client, method)(f"/api/v1{path}", data="{}", content_type="application/json")

    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_a_body_over_the_size_limit_is_a_413(client, member_token, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    body = {"players": ["a", "b", "c", "d"], "table": "x" * 2000}

    status, answer = call(client, "post", "/sessions", body, token=member_token)

    assert status == 413 and answer["error"]["code"] == "too_large"


def test_a_body_that_is_not_json_says_so(client, member_token):
    response = client.post(
        "/api/v1/sessions",
        data="{not json",
        content_type="application/json",
        headers={"Authorization": f"Bearer {member_token}"},
    )

    assert response.status_code == 400
    assert response.json()["error"]["message"] == "The request body is not valid JSON."


def test_a_round_number_beyond_the_next_names_the_next(client, member_token):
    session = create_session(rounds=[draw(0)])
    body = {"round": DRAW, "expected_number": 5}

    status, answer = call(
        client, "post", f"/sessions/{session.pk}/rounds", body, token=member_token
    )

    assert status == 409
    assert answer["error"]["message"].startswith(
        "The next round to record is round 2, not round 5."
    )


def test_a_stale_change_names_the_latest_changes_and_counts_the_earlier_ones(client, member_token):
    session = create_session()
    for _ in range(12):
        _record(client, member_token, session, DRAW)
    body = {"round": DRAW, "expected_number": 2, "version": 1}

    status, answer = call(
        client, "post", f"/sessions/{session.pk}/rounds", body, token=member_token
    )

    message = answer["error"]["message"]
    assert status == 409
    assert message.startswith("Changed in the meantime: 1 earlier change;"), message
    assert "recorded round 12" in message and "recorded round 2;" not in message


@pytest.mark.parametrize("key", ["honba", "riichi_sticks", "seat_wind", "tsumo", "rules"])
def test_a_hand_giving_what_the_game_fills_in_is_refused(client, member_token, key):
    session = create_session()
    hand = {"hand": "234567m456p789s22z", "win": "2m", key: 1}
    outcome = {"result": "ron", "loser": 1, "wins": [{"winner": 0, "hand": hand}], "riichi": []}

    status, answer = _record(client, member_token, session, outcome)

    assert status == 422 and f"does not give {key}" in answer["error"]["message"]
    assert session.rounds.count() == 0


@pytest.mark.parametrize(
    ("body", "language", "words"),
    [
        ({}, "en", "players: required, and missing"),
        ({"players": ["a" * 61, "b", "c", "d"]}, "en", "must hold at most 60 characters"),
        ({"players": ["a", "b", "c", "d"], "seating": "x"}, "en", "seating: must be one of"),
        ({}, "ja", "players: 必須ですが、ありません"),
    ],
)
def test_a_body_the_schema_refuses_is_explained_in_the_callers_words(
    client, member_token, body, language, words
):

    status, answer = call(
        client, "post", "/sessions", body, token=member_token, HTTP_ACCEPT_LANGUAGE=language
    )

    message = answer["error"]["message"]
    assert status == 422 and words in message
    assert "Field required" not in message and "String should" not in message


@pytest.mark.parametrize("riichi", [5, "0", [[0]], {"0": 1}, None])
@pytest.mark.parametrize("declared", [[], [2]])
def test_a_riichi_that_is_not_a_list_of_seats_is_refused_in_words(
    client, member_token, riichi, declared
):
    session = create_session()
    Session.objects.filter(pk=session.pk).update(riichi=declared)  # declared in this hand
    outcome = {"result": "ron", "loser": 1, "wins": [{"winner": 0, "hand": RIICHI_HAND}]}

    status, answer = _record(client, member_token, session, {**outcome, "riichi": riichi})

    assert status == 422, answer
    assert "riichi must be a" in answer["error"]["message"]
    assert session.rounds.count() == 0


@pytest.mark.parametrize("riichi", [5, [[0]], None])
def test_a_correction_whose_riichi_is_not_a_list_of_seats_is_refused(client, member_token, riichi):
    session = create_session(rounds=[draw(0)])
    outcome = {"result": "ron", "loser": 1, "wins": [{"winner": 0, "hand": RIICHI_HAND}]}
    body = {"round": {**outcome, "riichi": riichi}, "version": session.version}

    status, answer = call(
        client, "put", f"/sessions/{session.pk}/rounds/1", body, token=member_token
    )

    assert status == 422 and "riichi must be a" in answer["error"]["message"], answer
    assert session.rounds.get().outcome == draw(0)


def test_an_empty_body_is_told_to_be_a_json_object(client, member_token):
    response = client.post(
        "/api/v1/sessions",
        data=b"",
        content_type="application/json",
        headers={"Authorization": f"Bearer {member_token}"},
    )

    message = response.json()["error"]["message"]
    assert response.status_code == 422
    assert "the body must be a JSON object" in message and "missing" not in message


def test_a_name_that_is_not_unicode_is_refused_in_the_callers_words(client, member_token):
    body = '{"players": ["\\ud800", "Bo", "Chen", "Dai"]}'  # a lone surrogate
    response = client.post(
        "/api/v1/sessions",
        data=body,
        content_type="application/json",
        headers={"Authorization": f"Bearer {member_token}", "Accept-Language": "zh-hans"},
    )

    message = response.json()["error"]["message"]
    assert response.status_code in (400, 422)
    assert "Input should be" not in message and "unicode" not in message
    assert not Session.objects.exists()
