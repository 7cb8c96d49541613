"""The events and sessions API: teams matched ignoring case, a finished event's check-outs,
rule refusals and validation messages in the caller's words."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.utils import translation

from clubnights.models import Event, EventPlayer, Team
from ledger.engine_words import explain
from ledger.models import ApiToken, Player, Session
from scoring.errors import ScoringError
from scoring.rules import Rules
from tests.factories import create_session, create_user, draw

pytestmark = pytest.mark.django_db
BAD_UMA = {"preset": "club", "uma": "x"}


def call(client: Client, method: str, path: str, body=None, token: str = "", language="en"):
    headers = {"Authorization": f"Bearer {token}", "Accept-Language": language}
    data = json.dumps(body) if body is not None else None
    response = getattr(client, method)(
        f"/api/v1{path}", data=data, content_type="application/json", headers=headers
    )
    return response.status_code, response.json()


@pytest.fixture
def token():
    return ApiToken.issue(create_user(username="host"), "events")[1]


def make_event(client, token, **body) -> dict:
    status, answer = call(client, "post", "/events", {"name": "X", **body}, token=token)
    assert status == 201, answer
    return answer


def check_in(client, token, event, body) -> tuple[int, dict]:
    return call(client, "post", f"/events/{event['id']}/checkins", body, token=token)


def message_of(answer: dict) -> str:
    return answer["error"]["message"]


def test_a_team_named_in_another_letter_case_is_the_same_team(client, token):
    event = make_event(client, token, teams=True)

    check_in(client, token, event, {"player": "Aki", "team": "Red"})
    status, answer = check_in(client, token, event, {"player": "Bo", "team": "red"})

    assert status == 201
    assert list(Team.objects.values_list("name", flat=True)) == ["Red"]
    assert [player["team"] for player in answer["players"]] == ["Red", "Red"]


def test_a_finished_event_checks_nobody_out(client, token):
    event = make_event(client, token)
    check_in(client, token, event, {"player": "Aki"})
    aki = Player.objects.get(name="Aki")
    call(client, "post", f"/events/{event['id']}/finish", token=token)
    version = Event.objects.get().version

    status, answer = call(client, "delete", f"/events/{event['id']}/checkins/{aki.pk}", token=token)

    assert status == 422 and answer["error"]["code"] == "refused"
    assert message_of(answer) == "This event has finished."
    assert EventPlayer.objects.get().left_at is None
    assert Event.objects.get().version == version


def _explained(rules: dict, language: str) -> str:
    with translation.override(language):
        try:
            Rules.from_json(rules)
        except ScoringError as error:
            return explain(error)
    raise AssertionError("the rules were accepted")


@pytest.mark.parametrize("language", ["zh-hans", "ja"])
def test_an_events_bad_rules_are_refused_in_the_callers_words(client, token, language):
    body = {"name": "X", "rules": BAD_UMA}

    status, answer = call(client, "post", "/events", body, token=token, language=language)

    assert status == 422 and answer["error"]["code"] == "bad_rules"
    assert message_of(answer) == _explained(BAD_UMA, language)
    assert "must be a list" not in message_of(answer)
    assert Event.objects.count() == 0


@pytest.mark.parametrize("language", ["zh-hans", "ja"])
def test_a_sessions_bad_rules_are_refused_in_the_callers_words(client, token, language):
    body = {"players": ["Aki", "Bo", "Chen", "Dai"], "rules": BAD_UMA}

    status, answer = call(client, "post", "/sessions", body, token=token, language=language)

    assert status == 422 and answer["error"]["code"] == "bad_rules"
    assert message_of(answer) == _explained(BAD_UMA, language)
    assert "must be a list" not in message_of(answer)
    assert Session.objects.count() == 0


def test_a_choice_not_offered_lists_the_choices_without_quotes_or_english_joins(client):
    status, answer = call(client, "get", "/standings?sort=x")

    assert status == 422
    assert message_of(answer).startswith(
        "The request is not valid: sort: must be one of: total, average_result, "
    )
    assert message_of(answer).endswith(", rating, name")
    assert "'" not in message_of(answer)


@pytest.mark.parametrize("language", ["zh-hans", "ja"])
def test_a_choice_not_offered_is_listed_with_the_languages_separator(client, language):
    status, answer = call(client, "get", "/standings?sort=x", language=language)

    assert status == 422
    assert "total、average_result" in message_of(answer)
    assert " or " not in message_of(answer) and "'" not in message_of(answer)


def test_checking_out_a_number_no_player_has_is_not_found(client, token):
    event = make_event(client, token)

    status, answer = call(
        client, "delete", f"/events/{event['id']}/checkins/99999999999999999999", token=token
    )

    assert status == 404 and answer["error"]["code"] == "not_found"
    assert message_of(answer) == ("Player 99999999999999999999 has not checked in to this event.")


def test_checking_in_a_number_no_player_has_names_the_number(client, token):
    event = make_event(client, token)

    status, answer = check_in(client, token, event, {"player": 2**70})

    assert status == 422 and answer["error"]["code"] == "unknown_player"
    assert message_of(answer) == f"There is no player with id {2**70}."
    assert EventPlayer.objects.count() == 0


@pytest.mark.parametrize(
    ("player", "message"),
    [
        ("", "player: must hold at least 1 character"),
        ("   ", "player: must hold at least 1 character"),
        ("x" * 61, "player: must hold at most 60 characters"),
        (0, "player: must be at least 1"),
        (-3, "player: must be at least 1"),
        (None, "player: must be text or a whole number"),
        (1.5, "player: must be text or a whole number"),
        (["Aki"], "player: must be text or a whole number"),
    ],
)
def test_a_checkin_the_schema_refuses_gets_one_message(client, token, player, message):
    event = make_event(client, token)

    status, answer = check_in(client, token, event, {"player": player})

    assert status == 422 and answer["error"]["code"] == "invalid"
    assert message_of(answer) == f"The request is not valid: {message}"


def test_rules_of_the_wrong_kind_get_one_message(client, token):
    status, answer = call(client, "post", "/events", {"name": "X", "rules": 5}, token=token)

    assert status == 422
    assert message_of(answer) == "The request is not valid: rules: must be text or an object"


def test_a_request_id_too_long_is_refused_for_its_length(client, token):
    body = {"players": ["Aki", "Bo", "Chen", "Dai"], "request_id": "a" * 200}

    status, answer = call(client, "post", "/sessions", body, token=token)

    assert status == 422
    assert message_of(answer) == (
        "The request is not valid: request_id: must hold at most 64 characters"
    )
    assert Session.objects.count() == 0


def test_a_request_id_with_other_characters_is_refused_for_them(client, token):
    body = {"players": ["Aki", "Bo", "Chen", "Dai"], "request_id": "a b"}

    status, answer = call(client, "post", "/sessions", body, token=token)

    assert status == 422
    assert message_of(answer) == (
        "The request is not valid: request_id: holds characters it may not hold"
    )


def test_a_round_deletion_with_a_request_id_too_long_is_refused_for_its_length(client, token):
    session = create_session(rounds=[draw(0)])
    path = f"/sessions/{session.pk}/rounds/1?version={session.version}&request_id={'a' * 200}"

    status, answer = call(client, "delete", path, token=token)

    assert status == 422
    assert message_of(answer) == (
        "The request is not valid: request_id: must hold at most 64 characters"
    )
    assert session.rounds.count() == 1
