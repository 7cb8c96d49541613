"""Events in the admin: read there, changed only through the event pages (the service)."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth import get_user_model

from clubnights import service
from clubnights.models import Event, EventRound, EventTable
from ledger import writes
from tests.factories import create_user

pytestmark = pytest.mark.django_db
ACTOR = writes.Actor(via="command")
NAMES = ["Aki", "Bo", "Chen", "Dai"]
NO_ENTRIES = {"entries-TOTAL_FORMS": "0", "entries-INITIAL_FORMS": "0"}


@pytest.fixture
def admin_client(client):
    user = get_user_model().objects.create_superuser("boss", password="pw-for-tests-1")
    client.force_login(user)
    return client


def _event(user=None) -> Event:
    return service.create_event(
        service.NewEvent(name="Friday", rules={"preset": "club"}), user=user
    )


def _drawn_event() -> tuple[Event, EventRound]:
    event = _event()
    for name in NAMES:
        service.check_in(event.pk, name=name)
    return event, service.draw_round(event.pk, actor=ACTOR, rng=random.Random(1))


def test_the_fields_the_event_pages_own_cannot_be_changed_in_the_admin(admin_client):
    host = create_user()
    event = _event(host)
    data = {"name": "Friday night", "kind": "tournament", "rules": '{"preset": "bogus"}',
            "sanma_rules": '{"preset": "club_sanma"}', "seating": "prescripted",
            "prescript": "1,1,nobody", "status": "finished", "created_by": "",
            "time_up": "finish_hand", "has_teams": "on", **NO_ENTRIES}  # fmt: skip

    answer = admin_client.post(f"/admin/clubnights/event/{event.pk}/change/", data)

    assert answer.status_code == 302
    saved = Event.objects.get(pk=event.pk)
    assert (saved.name, saved.kind) == ("Friday night", "tournament")
    assert saved.version == event.version + 1  # open event pages draw the new name
    assert saved.rules == {"preset": "club"} and saved.sanma_rules is None
    assert (saved.seating, saved.prescript, saved.hanchan_count) == ("random", "", None)
    assert saved.status == "open" and saved.created_by == host and not saved.has_teams
    for name in NAMES:
        service.check_in(event.pk, name=name)
    assert service.draw_round(event.pk, actor=ACTOR).tables.count() == 1


def test_a_finished_event_cannot_be_reopened_in_the_admin(admin_client):
    event = service.finish_event(_event().pk)
    data = {"name": "Friday", "kind": "club_night", "rules": '{"preset": "club"}',
            "seating": "random", "time_up": "finish_hand", "status": "open", **NO_ENTRIES}  # fmt: skip

    admin_client.post(f"/admin/clubnights/event/{event.pk}/change/", data)

    assert Event.objects.get(pk=event.pk).is_finished


@pytest.mark.parametrize("path", ["event", "eventround"])
def test_events_and_their_rounds_are_not_added_in_the_admin(admin_client, path):
    assert admin_client.get(f"/admin/clubnights/{path}/add/").status_code == 403
    answer = admin_client.post(f"/admin/clubnights/{path}/add/", {"_save": "Save"})
    assert answer.status_code == 403


def test_an_events_round_is_shown_but_not_changed_or_deleted_in_the_admin(admin_client):
    _, event_round = _drawn_event()
    url = f"/admin/clubnights/eventround/{event_round.pk}/"

    page = admin_client.get(url + "change/")
    assert page.status_code == 200 and b'name="_save"' not in page.content
    assert admin_client.post(url + "delete/", {"post": "yes"}).status_code == 403
    data = {"action": "delete_selected", "_selected_action": [event_round.pk], "post": "yes"}
    admin_client.post("/admin/clubnights/eventround/", data)  # no such action here
    assert EventRound.objects.filter(pk=event_round.pk).exists()
    assert EventTable.objects.filter(round=event_round).count() == 1


def test_an_event_with_rounds_cannot_be_deleted_in_the_admin(admin_client):
    event, event_round = _drawn_event()

    assert admin_client.post(f"/admin/clubnights/event/{event.pk}/delete/").status_code == 403
    data = {"action": "delete_selected", "_selected_action": [event.pk], "post": "yes"}
    assert admin_client.post("/admin/clubnights/event/", data).status_code == 403
    assert EventRound.objects.filter(pk=event_round.pk).exists()


def test_an_event_without_rounds_can_be_deleted_in_the_admin(admin_client):
    event = _event()

    answer = admin_client.post(f"/admin/clubnights/event/{event.pk}/delete/", {"post": "yes"})

    assert answer.status_code == 302
    assert not Event.objects.exists()


def test_no_check_in_is_added_in_the_admin(admin_client):
    event = _event()
    service.check_in(event.pk, name="Aki")

    page = admin_client.get(f"/admin/clubnights/event/{event.pk}/change/")

    assert page.status_code == 200
    assert b"entries-empty" not in page.content  # the row an "Add another" link copies


def test_an_events_rounds_seating_note_is_shown_in_words_in_the_admin(admin_client):
    _, event_round = _drawn_event()
    EventRound.objects.filter(pk=event_round.pk).update(
        note={"code": "sanma_not_possible", "values": {"count": 5, "left": 1}}
    )

    page = admin_client.get(f"/admin/clubnights/eventround/{event_round.pk}/change/")

    assert "5 players cannot all play at tables of four and three, so 1 sits out." in (
        page.content.decode()
    )
    assert "sanma_not_possible" not in page.content.decode()
