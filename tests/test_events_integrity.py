"""The pages keep an event's standings as played: a team stays once its player has played,
an event is not finished while a table plays, and a seating plan covers every round."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubnights import service
from clubnights.models import Event
from ledger import writes

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_door")]
ACTOR = writes.Actor(via="command")
NAMES = ["Aki", "Bo", "Chen", "Dai"]
KEPT = "Bo plays for Green: a player’s team stays once they have played."


def played_event(user=None) -> Event:
    """Return an event in teams whose first round has finished (Bo plays for Green)."""
    new = service.NewEvent(name="Team night", rules={"preset": "club"}, has_teams=True)
    event = service.create_event(new, user=user)
    for index, name in enumerate(NAMES):
        service.check_in(event.pk, name=name, team="Green" if index % 2 else "Red")
    session = service.draw_round(event.pk, actor=ACTOR).tables.get().session
    writes.record_round(session.pk, {"result": "chombo", "player": 0}, actor=ACTOR)
    writes.finish_session(session.pk, actor=ACTOR, version=None)
    return event


def team_of(event: Event, name: str) -> str:
    return event.entries.get(player__name=name).team.name


def test_the_door_keeps_the_team_of_a_player_who_has_played(client):
    event = played_event()
    url = reverse("event-checkin", args=[event.checkin_token])

    response = client.post(url, {"name": "bo", "team": "Blue Wind"})

    assert KEPT in response.content.decode()
    assert team_of(event, "Bo") == "Green"


def test_a_member_cannot_move_a_player_who_has_played_to_another_team(client, host):
    event = played_event(host)
    url = reverse("event-check-in", args=[event.pk])

    page = client.post(url, {"name": "Bo", "team": "Blue Wind"}, follow=True).content.decode()

    assert KEPT in page
    assert team_of(event, "Bo") == "Green"


def test_the_event_page_says_which_tables_play_when_finishing_too_early(client, host):
    new = service.NewEvent(name="Early night", rules={"preset": "club"})
    event = service.create_event(new, user=host)
    for name in NAMES:
        service.check_in(event.pk, name=name)
    service.draw_round(event.pk, actor=ACTOR)

    page = client.post(reverse("event-finish", args=[event.pk]), follow=True).content.decode()

    assert "Table 1 of round 1 is still playing." in page
    assert not Event.objects.get().is_finished


def test_the_event_form_refuses_a_plan_with_fewer_rounds_than_the_event(client, host):
    data = {"name": "Plan night", "kind": "club_night", "rules_choice": "preset:club",
            "hanchan_count": 2, "seating": "prescripted", "time_up": "finish_hand",
            "prescript": "1,1,Aki,Bo,Chen,Dai"}  # fmt: skip

    response = client.post(reverse("event-list"), data)

    assert response.status_code == 400
    assert "This event has 2 rounds, but the seating plan stops after round 1." in (
        response.content.decode()
    )
    assert not Event.objects.exists()
