"""The events API: every path, its permissions, and bad input answered as JSON errors (in
the caller's words, as are the sessions API's rule refusals and validation messages)."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation

from clubnights.models import Event, EventPlayer, Team
from ledger import writes
from ledger.engine_words import explain
from ledger.models import ApiToken, Player, Session
from scoring.errors import ScoringError
from scoring.rules import Rules
from tests.factories import create_session, create_user, draw

pytestmark = pytest.mark.django_db
NAMES = ["Aki", "Bo", "Chen", "Dai", "Eri"]
BAD_UMA = {"preset": "club", "uma": "x"}


def call(client: Client, method: str, path: str, body=None, token: str = "", language=""):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if language:
        headers["Accept-Language"] = language
    data = json.dumps(body) if body is not None else None
    response = getattr(client, method)(
        f"/api/v1{path}", data=data, content_type="application/json", headers=headers
    )
    return response.status_code, response.json()


@pytest.fixture
def token():
    return ApiToken.issue(create_user(username="host"), "events")[1]


@pytest.fixture
def other_token():
    return ApiToken.issue(create_user(username="guest-member"), "events")[1]


def make_event(client, token, **body) -> dict:
    status, answer = call(client, "post", "/events", {"name": "Club night", **body}, token=token)
    assert status == 201, answer
    return answer


def test_a_member_creates_an_event_with_its_settings(client, token):
    body = {"rules": "wrc", "hanchan_count": 3, "seating": "fewest_repeats",
            "time_limit": 75, "time_up": "one_more_hand", "teams": True}  # fmt: skip

    answer = make_event(client, token, **body)

    assert answer["rules"] == {"preset": "wrc"}
    assert answer["hanchan_count"] == 3
    assert answer["seating"] == "fewest_repeats"
    assert answer["time_limit"] == 75
    assert answer["teams"] is True
    assert answer["players"] == answer["rounds"] == answer["standings"] == []
    assert answer["team_standings"] == []
    assert Event.objects.get().created_by.username == "host"


def test_checkins_by_name_and_id_then_a_draw_answers_tables_with_seats_and_sessions(client, token):
    event = make_event(client, token)
    bo = Player.objects.create(name="Bo")
    for player in ["Aki", bo.pk, "Chen", "Dai", "Eri"]:
        status, answer = call(client, "post", f"/events/{event['id']}/checkins",
                              {"player": player}, token=token)  # fmt: skip
        assert status == 201, answer

    status, drawn = call(client, "post", f"/events/{event['id']}/rounds", token=token)

    assert status == 201
    assert drawn["number"] == 1
    assert len(drawn["tables"]) == 1 and len(drawn["sitting_out"]) == 1
    table = drawn["tables"][0]
    assert Session.objects.get(pk=table["session"]).players()[0].pk == table["seats"][0]
    status, read = call(client, "get", f"/events/{event['id']}")
    assert status == 200
    assert read["rounds"] == [drawn]
    assert [p["name"] for p in read["players"]] == NAMES


def test_a_checkout_takes_the_player_out_and_finish_closes_the_event(client, token):
    event = make_event(client, token)
    aki = Player.objects.create(name="Aki")
    call(client, "post", f"/events/{event['id']}/checkins", {"player": aki.pk}, token=token)

    status, answer = call(client, "delete", f"/events/{event['id']}/checkins/{aki.pk}", token=token)
    assert status == 200
    assert answer["players"][0]["present"] is False
    assert answer["players"][0]["left"]

    status, answer = call(client, "post", f"/events/{event['id']}/finish", token=token)
    assert status == 200 and answer["status"] == "finished"
    status, answer = call(client, "post", f"/events/{event['id']}/checkins",
                          {"player": "Bo"}, token=token)  # fmt: skip
    assert status == 422 and answer["error"]["code"] == "refused"


def test_a_second_draw_while_tables_play_is_a_conflict(client, token):
    event = make_event(client, token)
    for name in NAMES[:4]:
        call(client, "post", f"/events/{event['id']}/checkins", {"player": name}, token=token)
    call(client, "post", f"/events/{event['id']}/rounds", token=token)

    status, answer = call(client, "post", f"/events/{event['id']}/rounds", token=token)

    assert status == 409
    assert answer["error"]["code"] == "round_in_progress"
    assert "still playing" in answer["error"]["message"]


def test_the_standings_sum_finished_games(client, token):
    event = make_event(client, token)
    for name in NAMES[:4]:
        call(client, "post", f"/events/{event['id']}/checkins", {"player": name}, token=token)
    _, drawn = call(client, "post", f"/events/{event['id']}/rounds", token=token)
    session = drawn["tables"][0]["session"]
    writes.record_round(session, {"result": "chombo", "player": 0}, actor=writes.COMMAND)
    writes.finish_session(session, actor=writes.COMMAND, version=None)

    _, read = call(client, "get", f"/events/{event['id']}")

    assert [row["games"] for row in read["standings"]] == [1, 1, 1, 1]
    assert read["standings"][-1]["player"] == drawn["tables"][0]["seats"][0]
    assert read["rounds"][0]["tables"][0]["status"] == "finished"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({}, "invalid"),
        ({"name": ""}, "invalid"),
        ({"name": "x" * 81}, "invalid"),
        ({"name": "Night", "rules": "no-such-preset"}, "bad_rules"),
        ({"name": "Night", "rules": {"preset": "club", "uma": "lots"}}, "bad_rules"),
        ({"name": "Night", "hanchan_count": 0}, "invalid"),
        ({"name": "Night", "hanchan_count": "3"}, "invalid"),
        ({"name": "Night", "seating": "alphabetical"}, "invalid"),
        ({"name": "Night", "time_limit": -5}, "invalid"),
        ({"name": "Night", "time_up": "whenever"}, "invalid"),
        ({"name": "Night", "seating": "prescripted"}, "refused"),
        ({"name": "Night", "seating": "prescripted", "prescript": "1,1,a,b"}, "refused"),
        ({"name": "Night", "seating": "prescripted", "prescript": '1,1,"a\nb'}, "refused"),
        ({"name": "Ni\u0000ght"}, "bad_text"),
        ({"name": "Night", "rules": {"preset": "club", "x\ud800": 1}}, "bad_text"),
    ],
)
def test_a_bad_event_is_refused_with_a_json_error(client, token, body, code):
    status, answer = call(client, "post", "/events", body, token=token)

    assert 400 <= status < 500
    assert answer["error"]["code"] == code
    assert answer["error"]["message"]


@pytest.mark.parametrize(
    ("body", "code"),
    [({}, "invalid"), ({"player": ""}, "invalid"), ({"player": 999_999}, "unknown_player"),
     ({"player": 1.5}, "invalid"), ({"player": ["Aki"]}, "invalid"),
     ({"player": "A\u0000ki"}, "bad_text")],
)  # fmt: skip
def test_a_bad_checkin_is_refused_with_a_json_error(client, token, body, code):
    event = make_event(client, token)

    status, answer = call(client, "post", f"/events/{event['id']}/checkins", body, token=token)

    assert 400 <= status < 500
    assert answer["error"]["code"] == code


def test_unknown_events_and_players_are_not_found(client, token):
    event = make_event(client, token)
    for method, path in [
        ("get", "/events/999999"),
        ("post", "/events/999999/rounds"),
        ("post", "/events/999999/finish"),
        ("delete", "/events/999999/checkins/1"),
        ("delete", f"/events/{event['id']}/checkins/999999"),
    ]:
        status, answer = call(client, method, path, token=token)
        assert status == 404, (path, answer)
        assert answer["error"]["code"] == "not_found"
    status, answer = call(client, "post", "/events/999999/checkins", {"player": "Aki"}, token=token)
    assert status == 404


def test_a_round_needs_four_players_checked_in(client, token):
    event = make_event(client, token)

    status, answer = call(client, "post", f"/events/{event['id']}/rounds", token=token)

    assert status == 422
    assert "needs 4 players" in answer["error"]["message"]


def test_anonymous_callers_read_but_change_nothing(client, token):
    event = make_event(client, token)
    path = f"/events/{event['id']}"

    assert call(client, "get", path)[0] == 200
    assert call(client, "post", "/events", {"name": "Mine"})[0] == 401
    assert call(client, "post", f"{path}/checkins", {"player": "Aki"})[0] == 401
    assert call(client, "post", f"{path}/rounds")[0] == 401
    assert call(client, "post", f"{path}/finish")[0] == 401
    assert call(client, "delete", f"{path}/checkins/1")[0] == 401


def test_a_table_link_token_cannot_run_an_event(client, token):
    event = make_event(client, token)
    table_token = create_session().token

    status, answer = call(client, "post", "/events", {"name": "Mine"}, token=table_token)
    assert status == 403 and answer["error"]["code"] == "forbidden"
    status, _ = call(client, "post", f"/events/{event['id']}/rounds", token=table_token)
    assert status == 403


def test_another_member_checks_players_in_but_only_the_host_or_staff_draw_and_finish(
    client, token, other_token
):
    event = make_event(client, token)
    path = f"/events/{event['id']}"
    for name in NAMES[:4]:
        assert (
            call(client, "post", f"{path}/checkins", {"player": name}, token=other_token)[0] == 201
        )

    assert call(client, "post", f"{path}/rounds", token=other_token)[0] == 403
    assert call(client, "post", f"{path}/finish", token=other_token)[0] == 403
    assert call(client, "delete", f"{path}/checkins/1", token=other_token)[0] == 403
    get_user_model().objects.filter(username="guest-member").update(is_staff=True)
    assert call(client, "post", f"{path}/rounds", token=other_token)[0] == 201


def test_a_logged_in_member_needs_the_csrf_token():
    client = Client(enforce_csrf_checks=True)
    client.force_login(create_user())

    status, answer = call(client, "post", "/events", {"name": "Night"})

    assert status == 403
    assert answer["error"]["code"] == "csrf"


def test_the_event_paths_are_in_the_openapi_document(client):
    paths = client.get("/api/v1/openapi.json").json()["paths"]

    assert {"/api/v1/events", "/api/v1/events/{id}", "/api/v1/events/{id}/checkins",
            "/api/v1/events/{id}/checkins/{player}", "/api/v1/events/{id}/rounds",
            "/api/v1/events/{id}/finish"} <= set(paths)  # fmt: skip


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


def test_a_finished_events_deleted_game_is_not_restored(client, token):
    event = make_event(client, token)
    for name in NAMES[:4]:
        check_in(client, token, event, {"player": name})
    status, drawn = call(client, "post", f"/events/{event['id']}/rounds", token=token)
    game = drawn["tables"][0]["session"]
    call(client, "delete", f"/sessions/{game}", token=token)
    call(client, "post", f"/events/{event['id']}/finish", token=token)

    status, answer = call(client, "post", f"/sessions/{game}/restore", token=token)

    assert status == 409 and answer["error"]["code"] == "event_finished", answer
    assert "Club night has finished" in message_of(answer)
    assert Session.objects.get(pk=game).deleted_at is not None


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
    assert message_of(answer).startswith("Sort by: must be one of: total, average_result, ")
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


def finish_games(drawn: dict) -> None:
    for table in drawn["tables"]:
        writes.record_round(
            table["session"], {"result": "chombo", "player": 0}, actor=writes.COMMAND
        )
        writes.finish_session(table["session"], actor=writes.COMMAND, version=None)


def test_a_player_who_has_played_keeps_their_team_at_a_new_checkin(client, token):
    event = make_event(client, token, teams=True)
    for index, name in enumerate(NAMES[:4]):
        check_in(client, token, event, {"player": name, "team": "Green" if index % 2 else "Red"})
    _, drawn = call(client, "post", f"/events/{event['id']}/rounds", token=token)
    finish_games(drawn)
    bo = Player.objects.get(name="Bo")

    status, answer = check_in(client, token, event, {"player": bo.pk, "team": "Blue Wind"})

    assert status == 409 and answer["error"]["code"] == "team_kept"
    assert message_of(answer) == "Bo plays for Green: a player’s team stays once they have played."
    assert EventPlayer.objects.get(player=bo).team.name == "Green"
    assert check_in(client, token, event, {"player": bo.pk, "team": ""})[0] == 201


def test_an_event_is_not_finished_while_a_table_plays(client, token):
    event = make_event(client, token)
    for name in NAMES[:4]:
        check_in(client, token, event, {"player": name})
    _, drawn = call(client, "post", f"/events/{event['id']}/rounds", token=token)

    status, answer = call(client, "post", f"/events/{event['id']}/finish", token=token)

    assert status == 409 and answer["error"]["code"] == "round_in_progress"
    assert message_of(answer) == "Table 1 of round 1 is still playing."
    assert Event.objects.get().status == "open"
    finish_games(drawn)
    status, answer = call(client, "post", f"/events/{event['id']}/finish", token=token)
    assert status == 200 and answer["status"] == "finished"


@pytest.mark.parametrize("teams", ["yes", "no", "true", 1, 0, None])
def test_teams_must_be_true_or_false(client, token, teams):
    status, answer = call(client, "post", "/events", {"name": "X", "teams": teams}, token=token)

    assert status == 422 and answer["error"]["code"] == "invalid"
    assert message_of(answer) == "The request is not valid: teams: must be true or false"
    assert Event.objects.count() == 0


def test_a_seating_plan_with_fewer_rounds_than_the_event_is_refused(client, token):
    body = {"name": "X", "seating": "prescripted", "hanchan_count": 2,
            "prescript": "1,1,Aki,Bo,Chen,Dai"}  # fmt: skip

    status, answer = call(client, "post", "/events", body, token=token)

    assert status == 422 and answer["error"]["code"] == "refused"
    assert message_of(answer) == (
        "This event has 2 rounds, but the seating plan stops after round 1."
    )
    assert Event.objects.count() == 0


def test_a_draw_that_would_seat_a_player_at_two_events_is_a_conflict(client, token):
    first = make_event(client, token)
    second = make_event(client, token)
    for event, names in ((first, NAMES[:4]), (second, NAMES[:4])):
        for name in names:
            check_in(client, token, event, {"player": name})
    call(client, "post", f"/events/{first['id']}/rounds", token=token)

    status, answer = call(client, "post", f"/events/{second['id']}/rounds", token=token)

    assert status == 409 and answer["error"]["code"] == "round_in_progress"
    assert f"is playing at table 1 of {first['name']}" in answer["error"]["message"]
