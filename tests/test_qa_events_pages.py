"""The pages of events: teams at the door, a finished event's check-outs, the results
export for spreadsheets, a refused new event, the club players offered by name."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.urls import reverse

from clubnights import service
from clubnights.models import Event, Team
from ledger.models import Player
from tests.factories import create_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_earlier_check_ins():
    """Start every test with the door's rate limit unspent (it is kept in the cache)."""
    cache.clear()


@pytest.fixture
def host(client):
    user = create_user(username="host")
    client.force_login(user)
    return user


def make_event(user=None, **fields) -> Event:
    new = service.NewEvent(name="Friday night", rules={"preset": "club"}, **fields)
    return service.create_event(new, user=user)


def test_the_door_puts_a_team_typed_in_another_letter_case_in_the_same_team(client):
    event = make_event(has_teams=True)
    service.check_in(event.pk, name="Aki", team="Red")
    url = reverse("event-checkin", args=[event.checkin_token])

    response = client.post(url, {"name": "Bo", "team": " RED "})

    assert response.status_code == 200
    assert list(Team.objects.values_list("name", flat=True)) == ["Red"]
    assert {entry.team.name for entry in event.entries.select_related("team")} == {"Red"}


def test_a_member_checks_a_team_in_by_any_letter_case(client, host):
    event = make_event(host, has_teams=True)
    url = reverse("event-check-in", args=[event.pk])

    client.post(url, {"name": "Aki", "team": "Red"})
    client.post(url, {"name": "Bo", "team": "red"})

    assert list(Team.objects.values_list("name", flat=True)) == ["Red"]


def test_the_host_cannot_check_a_player_out_of_a_finished_event(client, host):
    event = make_event(host)
    entry = service.check_in(event.pk, name="Aki").entry
    service.finish_event(event.pk)
    version = Event.objects.get().version

    response = client.post(
        reverse("event-check-out", args=[event.pk, entry.player_id]), follow=True
    )

    assert "This event has finished." in response.content.decode()
    entry.refresh_from_db()
    assert entry.left_at is None and Event.objects.get().version == version


def test_the_results_csv_starts_with_a_byte_order_mark_for_spreadsheets(client):
    event = make_event(has_teams=True)
    service.check_in(event.pk, name="佐藤", team="红队")

    response = client.get(reverse("event-results-csv", args=[event.pk]))

    assert response.content.startswith(b"\xef\xbb\xbf")
    lines = response.content.decode("utf-8-sig").splitlines()
    assert lines == ["rank,player,team,games,total,places", "1,佐藤,红队,0,0.0,"]
    assert response["Content-Disposition"] == (
        f'attachment; filename="event-{event.pk}-results.csv"'
    )


def test_a_negative_total_stays_a_number_in_the_results_csv(client, monkeypatch):
    event = make_event()
    service.check_in(event.pk, name="Aki")
    monkeypatch.setattr("clubnights.views.event_standings", lambda _: [_row("Aki", -12.34)])

    text = client.get(reverse("event-results-csv", args=[event.pk])).content.decode("utf-8-sig")

    assert text.splitlines()[1] == "1,Aki,,1,-12.3,4"


def _row(name, total):
    from clubnights.standings import Row

    return Row(name, total=total, games=1, places=[4], rank=1)


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "club_night", "rules_choice": "preset:club", "seating": "random"},  # no name
        {"name": "Plan night", "kind": "club_night", "rules_choice": "preset:club",
         "seating": "prescripted", "time_up": "finish_hand"},  # no seating plan
    ],
)  # fmt: skip
def test_a_new_event_form_with_a_problem_answers_400_and_makes_nothing(client, host, data):
    response = client.post(reverse("event-list"), data)

    assert response.status_code == 400
    assert 'class="errorlist' in response.content.decode()
    assert not Event.objects.exists()


def test_the_event_list_answers_200(client, host):
    assert client.get(reverse("event-list")).status_code == 200


def test_the_club_players_are_offered_in_name_order_ignoring_case(client, host):
    event = make_event(host)
    for name in ["LITHIUM", "Late Larry", "apple", "Zed"]:
        Player.objects.create(name=name)

    body = client.get(event.get_absolute_url()).content.decode()

    offered = re.findall(r'<option value="([^"]*)">', body.split('id="club-players"')[1])
    assert offered[:4] == ["apple", "Late Larry", "LITHIUM", "Zed"]
