"""Starting sessions, players' pages, the home page and error pages."""

from __future__ import annotations

import pytest
from django.urls import reverse

from ledger.models import Player, Ruleset, Session
from tests.factories import create_session, create_user, draw, ron

pytestmark = pytest.mark.django_db
FOUR = {"east": "Aki", "south": "Bo", "west": "Chen", "north": "Dai"}


@pytest.fixture
def member(client):
    client.force_login(create_user())
    return client


def test_starting_a_session_creates_new_players_and_copies_the_rules(member):
    Player.objects.create(name="Aki")
    data = {
        **FOUR,
        "east": "aki",
        "seating": "in_order",
        "rules_choice": "preset:wrc",
        "options": '{"kiriage": false}',
    }

    response = member.post(reverse("session-new"), data)

    session = Session.objects.get()
    assert response.status_code == 302 and response["Location"] == session.get_absolute_url()
    assert [p.name for p in session.players()] == ["Aki", "Bo", "Chen", "Dai"]
    assert session.rules == {"preset": "wrc", "kiriage": False}
    assert Player.objects.count() == 4


def test_drawing_seat_winds_seats_the_same_four_players(member):
    data = {**FOUR, "seating": "draw", "rules_choice": "preset:tenhou"}

    member.post(reverse("session-new"), data)

    assert sorted(p.name for p in Session.objects.get().players()) == ["Aki", "Bo", "Chen", "Dai"]


def test_a_club_ruleset_is_copied_so_later_edits_do_not_change_the_game(member):
    ruleset = Ruleset.objects.create(name="Friday", rules={"preset": "tenhou", "kiriage": True})
    data = {**FOUR, "seating": "in_order", "rules_choice": f"ruleset:{ruleset.pk}"}

    member.post(reverse("session-new"), data)
    ruleset.rules = {"preset": "ema"}
    ruleset.save()

    session = Session.objects.get()
    assert session.rules == {"preset": "tenhou", "kiriage": True}
    assert session.ruleset == ruleset


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"north": "Aki"}, "four different people"),
        ({"options": "{nope"}, "not valid JSON"),
        ({"options": "[1]"}, "must be a JSON object"),
        ({"options": '{"bogus": 1}'}, "unknown rule option: bogus"),
        ({"options": '{"start_points": -5}'}, "start_points"),
        ({"rules_choice": "preset:nope"}, "Select a valid choice"),
        ({"east": ""}, "This field is required"),
    ],
)
def test_bad_new_session_input_is_explained_and_nothing_is_created(member, change, message):
    data = {**FOUR, "seating": "in_order", "rules_choice": "preset:wrc", **change}

    response = member.post(reverse("session-new"), data)

    assert response.status_code == 200
    assert message in response.content.decode()
    assert Session.objects.count() == 0


def test_starting_a_session_needs_a_member(client):
    data = {**FOUR, "seating": "in_order", "rules_choice": "preset:wrc"}

    assert client.post(reverse("session-new"), data).status_code == 403
    assert Session.objects.count() == 0


def test_home_lists_sessions_in_progress_and_finished(client):
    create_session()
    create_session(
        names=("E", "F", "G", "H"),
        rules={"preset": "wrc", "game_length": "one_round"},
        rounds=[ron(0, 1)],
    )

    page = client.get("/").content.decode()

    assert "Aki, Bo, Chen, Dai" in page
    assert "E, F, G, H" in page


def test_player_page_lists_their_sessions_with_results(client):
    session = create_session(rules={"preset": "wrc", "game_length": "one_round"}, rounds=[draw(1)])
    player = session.players()[1]

    page = client.get(reverse("player-detail", args=[player.pk])).content.decode()

    assert reverse("session-history", args=[session.pk]) in page
    assert "31,000" in page or "32,000" in page or "+" in page


def test_players_list(client):
    create_session()

    page = client.get(reverse("player-list")).content.decode()

    assert all(name in page for name in ("Aki", "Bo", "Chen", "Dai"))


@pytest.mark.parametrize(
    "url", ["/sessions/999/", "/sessions/999/history/", "/players/999/", "/nowhere/"]
)
def test_missing_pages_are_friendly_404s(client, url):
    response = client.get(url)

    assert response.status_code == 404
    assert b"Not found" in response.content


def test_admin_lists_every_model(admin_client):
    page = admin_client.get("/admin/").content.decode()

    for name in ("Players", "Rulesets", "Seasons", "Sessions", "Rounds", "Results", "Audit entrys"):
        assert name.lower() in page.lower()
