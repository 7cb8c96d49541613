"""The JSON API (FORMATS.md section 5): sessions, rounds, corrections, standings, errors."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from ledger import writes
from ledger.models import ApiToken, AuditEntry, Player, Session
from tests.factories import create_session, create_user, draw, ron

pytestmark = pytest.mark.django_db
DRAW = {"result": "draw", "tenpai": [0], "riichi": []}


def call(client: Client, method: str, path: str, body=None, token: str = "", **extra):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    data = json.dumps(body) if body is not None else None
    response = getattr(client, method)(
        f"/api/v1{path}", data=data, content_type="application/json", headers=headers, **extra
    )
    return response.status_code, response.json()


@pytest.fixture
def member_token():
    return ApiToken.issue(create_user(username="keeper"), "scripts")[1]


def test_a_member_starts_a_session_with_names_and_ids(client, member_token):
    bo = Player.objects.create(name="Bo")
    body = {"players": ["Aki", bo.pk, "Chen", "Dai"], "rules": {"preset": "club", "kiriage": True}}

    status, answer = call(client, "post", "/sessions", body, token=member_token)

    assert status == 201
    assert set(answer) == {"id", "version", "record", "state", "declared_riichi"}
    assert answer["record"]["players"] == ["Aki", "Bo", "Chen", "Dai"]
    assert answer["record"]["rules"] == {"preset": "club", "kiriage": True}
    assert answer["state"]["next"] == {"round": "E1", "honba": 0, "riichi_sticks": 0, "dealer": 0}
    assert AuditEntry.objects.get(action="start").via == "API token"


def test_recording_rounds_answers_the_new_state_and_takes_a_retry_once(client, member_token):
    session = create_session()
    body = {"round": ron(0, 2), "expected_number": 1, "request_id": "phone-1"}

    first = call(client, "post", f"/sessions/{session.pk}/rounds", body, token=member_token)
    again = call(client, "post", f"/sessions/{session.pk}/rounds", body, token=member_token)

    assert first[0] == again[0] == 201
    assert first[1]["state"]["rounds"][0]["deltas"] == [7700, 0, -7700, 0]
    assert again[1]["version"] == first[1]["version"]
    assert session.rounds.count() == 1


def test_a_request_id_sent_again_with_another_round_is_refused(client, member_token):
    session = create_session()
    path = f"/sessions/{session.pk}/rounds"
    call(client, "post", path, {"round": ron(0, 2), "request_id": "abc"}, token=member_token)
    version = Session.objects.get(pk=session.pk).version
    other = {"round": {"result": "tsumo", "winner": 0, "han": 1, "fu": 30}, "request_id": "abc"}

    status, answer = call(client, "post", path, other, token=member_token)

    assert status == 409 and answer["error"]["code"] == "request_reused", answer
    assert session.outcomes() == [ron(0, 2)]
    assert Session.objects.get(pk=session.pk).version == version


def test_riichi_declared_at_the_table_is_in_the_session_and_the_next_round(client, member_token):
    session = create_session()
    writes.declare_riichi(session.pk, 2, actor=writes.COMMAND, version=None)

    status, shown = call(client, "get", f"/sessions/{session.pk}", token=member_token)
    assert status == 200 and shown["declared_riichi"] == [2]
    body = {"round": {**ron(0, 1), "riichi": []}}
    status, answer = call(
        client, "post", f"/sessions/{session.pk}/rounds", body, token=member_token
    )

    assert status == 201 and answer["declared_riichi"] == []
    assert answer["record"]["rounds"][0]["riichi"] == [2]


def test_a_round_someone_else_recorded_first_is_a_conflict_naming_it(client, member_token):
    session = create_session(rounds=[draw(0)])
    body = {"round": DRAW, "expected_number": 1}

    status, answer = call(
        client, "post", f"/sessions/{session.pk}/rounds", body, token=member_token
    )

    assert status == 409
    assert answer["error"]["code"] == "stale_version"
    assert "recorded round 1" in answer["error"]["message"]
    assert answer["version"] == Session.objects.get(pk=session.pk).version


def test_a_first_round_recorded_first_elsewhere_names_that_round_not_the_start(
    client, member_token
):
    body = {"players": ["Aki", "Bo", "Chen", "Dai"]}
    made = call(client, "post", "/sessions", body, token=member_token)[1]
    path = f"/sessions/{made['id']}/rounds"
    call(client, "post", path, {"round": DRAW, "expected_number": 1}, token=member_token)

    status, answer = call(client, "post", path, {"round": DRAW, "expected_number": 1},
                          token=member_token)  # fmt: skip

    message = answer["error"]["message"]
    assert status == 409 and message.startswith("Changed in the meantime: "), message
    assert "recorded round 1" in message and "started" not in message


def test_a_round_the_engine_refuses_is_a_422_with_its_reason(client, member_token):
    session = create_session()
    bad = {"result": "ron", "loser": 1, "wins": [{"winner": 1, "han": 1, "fu": 30}]}

    status, answer = call(
        client, "post", f"/sessions/{session.pk}/rounds", {"round": bad}, token=member_token
    )

    assert status == 422 and answer["error"]["code"] == "refused"
    assert session.rounds.count() == 0


def test_replacing_and_deleting_rounds_need_the_current_version(client, member_token):
    session = create_session(rounds=[draw(0), draw(1)])
    version = Session.objects.get(pk=session.pk).version
    path = f"/sessions/{session.pk}/rounds"

    stale = call(
        client, "put", f"{path}/1", {"round": ron(0, 1), "version": version - 1}, token=member_token
    )
    replaced = call(
        client, "put", f"{path}/1", {"round": ron(0, 1), "version": version}, token=member_token
    )
    deleted = call(client, "delete", f"{path}/2?version={version + 1}", token=member_token)

    assert stale[0] == 409 and replaced[0] == 200 and deleted[0] == 200
    assert Session.objects.get(pk=session.pk).outcomes() == [ron(0, 1)]


def test_a_missing_round_is_a_404(client, member_token):
    session = create_session(rounds=[draw(0)])

    status, answer = call(
        client, "delete", f"/sessions/{session.pk}/rounds/5?version=1", token=member_token
    )

    assert status == 404 and answer["error"]["message"] == "This session has no round 5."


def test_finishing_settles_the_game_on_the_scores_as_they_stand(client, member_token):
    session = create_session(rules={"preset": "club"}, rounds=[ron(0, 1, han=3, fu=30)])

    status, answer = call(client, "post", f"/sessions/{session.pk}/finish", {}, token=member_token)

    assert status == 200
    assert answer["state"]["finished"] and answer["state"]["ended_by"] == "agreement"
    assert answer["record"]["ended_early"] == "agreement"
    assert answer["state"]["final"]["places"][0] == 1
    again = call(
        client, "post", f"/sessions/{session.pk}/rounds", {"round": DRAW}, token=member_token
    )
    assert again[0] == 422


def test_finishing_needs_no_body_and_a_missing_session_is_a_404(client, member_token):
    session = create_session(rules={"preset": "club"}, rounds=[ron(0, 1, han=3, fu=30)])

    def finish(pk):  # as `curl -X POST` sends it: no body, no JSON content type
        auth = {"Authorization": f"Bearer {member_token}"}
        kind = "application/x-www-form-urlencoded"
        response = client.generic("POST", f"/api/v1/sessions/{pk}/finish", b"", kind, headers=auth)
        return response.status_code, response.json()

    missing = finish(99999)
    status, answer = finish(session.pk)

    assert missing[0] == 404 and "no session 99999" in missing[1]["error"]["message"]
    assert status == 200 and answer["record"]["ended_early"] == "agreement"


def test_a_game_with_no_rounds_is_not_finished_but_can_be_deleted(client, member_token):
    session = create_session(rules={"preset": "club"})

    status, answer = call(client, "post", f"/sessions/{session.pk}/finish", {}, token=member_token)

    assert status == 422
    assert answer["error"]["message"] == (
        "This game has no rounds yet, so there is nothing to end: delete it instead."
    )
    stored = Session.objects.get(pk=session.pk)
    assert not stored.is_finished and stored.ended_early == "" and stored.version == 0
    assert not stored.results.exists()
    assert call(client, "delete", f"/sessions/{session.pk}", token=member_token)[0] == 200


def test_delete_and_restore_a_session(client, member_token):
    session = create_session(rounds=[draw(0)])

    deleted = call(client, "delete", f"/sessions/{session.pk}", token=member_token)
    hidden = call(client, "get", f"/sessions/{session.pk}")
    restored = call(client, "post", f"/sessions/{session.pk}/restore", token=member_token)

    assert (deleted[0], hidden[0], restored[0]) == (200, 404, 200)
    assert restored[1]["state"]["rounds"][0]["round"] == "E1"


def test_standings_and_player_statistics(client):
    session = create_session(
        rules={"preset": "wrc", "game_length": "one_round"}, rounds=[ron(1, 0)]
    )

    status, board = call(client, "get", "/standings?scope=all")
    aki = session.players()[0]
    stats_status, stats = call(client, "get", f"/players/{aki.pk}/stats")

    assert status == 200 and board["rows"][0]["player"] == "Bo"
    assert stats_status == 200 and stats["totals"]["games"] == 1
    assert stats["player"] == "Aki"


def test_a_players_total_is_given_to_a_tenth_as_the_leaderboard_gives_it(client):
    from standings.models import PlayerGame

    session = create_session(
        rules={"preset": "wrc", "game_length": "one_round"}, rounds=[ron(1, 0)]
    )
    aki = session.players()[0]
    first = PlayerGame.objects.get(player=aki)
    for result in (0.1, 0.2):  # summed in floating point: 0.30000000000000004
        first.pk, first.session = None, create_session(names=("Aki", "F", "G", "H"))
        first.result = result
        first.save()
    PlayerGame.objects.filter(player=aki).exclude(result__in=(0.1, 0.2)).update(result=0.0)

    stats = call(client, "get", f"/players/{aki.pk}/stats")[1]

    assert stats["totals"]["total"] == 0.3


# --- who may do what ---------------------------------------------------------------


def _callers(session: Session) -> dict[str, dict]:
    member = create_user(username="member")
    staff = get_user_model().objects.create_user("staff", password="pw-staff-1", is_staff=True)
    return {
        "anonymous": {},
        "table link": {"token": session.token},
        "other table's link": {"token": create_session(names=("E", "F", "G", "H")).token},
        "member": {"token": ApiToken.issue(member, "m")[1]},
        "staff": {"token": ApiToken.issue(staff, "s")[1]},
    }


OPERATIONS = {  # operation: (method, path, body, who may)
    "create": ("post", "/sessions", {"players": ["W", "X", "Y", "Z"]}, {"member", "staff"}),
    "read": ("get", "/sessions/{pk}", None, "everyone"),
    "record": ("post", "/sessions/{pk}/rounds", {"round": DRAW}, {"table link", "member", "staff"}),
    "replace": (
        "put",
        "/sessions/{pk}/rounds/1",
        {"round": DRAW, "version": "{version}"},
        {"table link", "member", "staff"},
    ),
    "delete round": (
        "delete",
        "/sessions/{pk}/rounds/1?version={version}",
        None,
        {"table link", "member", "staff"},
    ),
    "finish": ("post", "/sessions/{pk}/finish", {}, {"table link", "member", "staff"}),
    "delete": ("delete", "/sessions/{pk}", None, {"member", "staff"}),
    "standings": ("get", "/standings", None, "everyone"),
}


@pytest.mark.parametrize("operation", OPERATIONS)
def test_the_permission_matrix(client, operation):
    method, path, body, allowed = OPERATIONS[operation]
    for who, auth in _callers_once().items():
        session = create_session(
            names=(f"A{who}", f"B{who}", f"C{who}", f"D{who}"), rounds=[draw(0)]
        )
        auth = auth if who not in ("table link",) else {"token": session.token}
        version = Session.objects.get(pk=session.pk).version
        url = path.format(pk=session.pk, version=version)
        data = json.loads(json.dumps(body).replace('"{version}"', str(version))) if body else body

        status, answer = call(Client(), method, url, data, **auth)

        if allowed == "everyone" or who in allowed:
            assert status < 300, (who, status, answer)
        else:
            assert status == (401 if who == "anonymous" else 403), (who, status, answer)
            assert set(answer) == {"error"} and answer["error"]["message"]


def _callers_once() -> dict[str, dict]:
    session = create_session(names=("Host1", "Host2", "Host3", "Host4"))
    return _callers(session)


def test_a_finished_game_is_corrected_only_by_members(client):
    session = create_session(
        rules={"preset": "wrc", "game_length": "one_round"}, rounds=[ron(1, 0)]
    )
    version = Session.objects.get(pk=session.pk).version
    body = {"round": ron(2, 0), "version": version}

    by_link = call(client, "put", f"/sessions/{session.pk}/rounds/1", body, token=session.token)

    assert by_link[0] == 403


def test_a_logged_in_member_changes_through_the_site_with_the_csrf_token(member_token):
    create_user(username="site", password="pw-for-tests-1")
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(get_user_model().objects.get(username="site"))
    body = {"players": ["P", "Q", "R", "S"]}

    refused = call(browser, "post", "/sessions", body)
    browser.get("/")
    csrf = browser.cookies["csrftoken"].value
    accepted = call(browser, "post", "/sessions", body, HTTP_X_CSRFTOKEN=csrf)

    assert refused[0] == 403 and refused[1]["error"]["code"] == "csrf"
    assert accepted[0] == 201


def test_a_revoked_token_stops_working(client):
    user = create_user(username="keeper")
    row, token = ApiToken.issue(user, "old")
    client.force_login(user)
    client.post(f"/account/tokens/{row.pk}/revoke/")

    status, answer = call(
        Client(), "post", "/sessions", {"players": ["a", "b", "c", "d"]}, token=token
    )

    assert status == 401 and answer["error"]["code"] == "unauthorized"


def test_the_account_page_shows_a_new_token_once(client):
    client.force_login(create_user(username="keeper"))

    answer = client.post("/account/", {"label": "league script"}, follow=True)
    made = answer.content.decode()
    later = client.get("/account/").content.decode()

    assert answer.redirect_chain == [("/account/", 302)]  # a reload makes no second token
    assert "no-store" in answer.headers["Cache-Control"]
    token = made.split('<code class="token">')[1].split("<")[0]
    assert token.startswith("rl_") and token not in later and "league script" in later
    assert call(Client(), "get", "/standings", token=token)[0] == 200


# --- errors ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path", "raw", "status"),
    [
        ("post", "/sessions", "{not json", 400),
        ("post", "/sessions", json.dumps({"players": ["a", "b"]}), 422),
        ("post", "/sessions", json.dumps({"players": ["a", "a", "b", "c"]}), 422),
        ("post", "/sessions", json.dumps({"players": ["a", "b", "c", 999999]}), 422),
        ("post", "/sessions", json.dumps({"players": ["a", "b", "c", "d"], "rules": "nope"}), 422),
        (
            "post",
            "/sessions",
            json.dumps({"players": ["a", "b", "c", "d"], "rules": {"honba_value": -300}}),
            422,
        ),
        ("get", "/sessions/0", None, 404),
        ("get", "/no/such/path", None, 404),
        ("get", "/standings?scope=season-999", None, 422),
        ("get", "/standings?starts=yesterday", None, 422),
    ],
)
def test_every_error_is_json_in_the_error_shape(client, member_token, method, path, raw, status):
    response = getattr(client, method)(
        f"/api/v1{path}",
        data=raw,
        content_type="application/json",
        headers={"Authorization": f"Bearer {member_token}"},
    )

    assert response.status_code == status
    body = response.json()
    assert set(body) == {"error"} and body["error"]["code"] and body["error"]["message"]
    assert Session.objects.count() == 0


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("min_games=abc", "Min. games: Enter a whole number."),
        ("players=2.5", "Players at the table: Choose 4 players or 3 players."),
        ("starts=yesterday", "From: Enter a valid date."),
        ("ends=2026-02-30", "To: Enter a valid date."),
    ],
)
def test_a_query_the_api_cannot_read_is_refused_in_the_pages_words(client, query, words):
    """The leaderboard page's form reads the API's query: the same words as the page."""
    status, answer = call(client, "get", f"/standings?{query}")

    assert status == 422 and words in answer["error"]["message"]
    assert "Input should" not in answer["error"]["message"]  # pydantic's words


def test_a_round_holding_a_nul_is_refused_and_nothing_is_stored(client, member_token):
    session = create_session()
    bad = {**DRAW, "note": "a\u0000b"}

    status, answer = call(
        client, "post", f"/sessions/{session.pk}/rounds", {"round": bad}, token=member_token
    )

    assert status == 422 and answer["error"]["code"] == "bad_text"
    assert session.rounds.count() == 0


def test_the_openapi_document_names_the_stable_paths(client):
    document = client.get("/api/v1/openapi.json").json()

    assert document["openapi"].startswith("3.")
    assert set(document["paths"]) == {
        "/api/v1/sessions",
        "/api/v1/sessions/{id}",
        "/api/v1/sessions/{id}/rounds",
        "/api/v1/sessions/{id}/rounds/{n}",
        "/api/v1/sessions/{id}/finish",
        "/api/v1/sessions/{id}/restore",
        "/api/v1/standings",
        "/api/v1/players/{id}/stats",
        "/api/v1/events",
        "/api/v1/events/{id}",
        "/api/v1/events/{id}/checkins",
        "/api/v1/events/{id}/checkins/{player}",
        "/api/v1/events/{id}/rounds",
        "/api/v1/events/{id}/finish",
        "/api/v1/imports/logs",
    }
    assert set(document["paths"]["/api/v1/sessions/{id}/rounds/{n}"]) == {"put", "delete"}
    assert client.get("/api/v1/docs").status_code == 200


def test_a_session_started_again_with_the_same_request_id_is_the_same_session(client, member_token):
    body = {"players": ["Aki", "Bo", "Chen", "Dai"], "request_id": "start-1"}

    first = call(client, "post", "/sessions", body, token=member_token)
    again = call(client, "post", "/sessions", body, token=member_token)

    assert first[0] == again[0] == 201
    assert first[1]["id"] == again[1]["id"] and Session.objects.count() == 1


def test_a_start_sent_again_with_other_players_makes_none_of_them(client, member_token):
    first = {"players": ["Aki", "Bo", "Chen", "Dai"], "request_id": "start-1"}
    other = {"players": ["Eve", "Fay", "Gus", "Hal"], "request_id": "start-1"}

    call(client, "post", "/sessions", first, token=member_token)
    status, answer = call(client, "post", "/sessions", other, token=member_token)

    assert status == 409 and answer["error"]["code"] == "request_reused", answer
    assert "sent before for another change" in answer["error"]["message"]
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Aki", "Bo", "Chen", "Dai"]
    assert Session.objects.count() == 1
