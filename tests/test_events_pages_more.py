"""The pages of events, continued: paging the list, deleted tables on the sheet, the round's
note, the console of an unknown event, the players' words, names cleaned, lists joined."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubnights import service
from clubnights.models import Event, Team
from ledger import writes
from ledger.models import Player
from tests.test_events_pages import ACTOR, NAMES, drawn_event, make_event
from tests.test_events_service import finish_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_door")]
SANMA = {"preset": "club_sanma"}


def _events(count: int) -> None:
    Event.objects.bulk_create(
        Event(name=f"Night {i:02}", rules={"preset": "club"}) for i in range(count)
    )


def test_the_event_list_shows_older_events_on_the_next_page(client):
    _events(51)

    first = client.get(reverse("event-list")).content.decode()
    second = client.get(reverse("event-list") + "?page=2").content.decode()

    assert "Night 50" in first and "Night 00" not in first and "Older events" in first
    assert "Night 00" in second and "Night 50" not in second and "Newer events" in second
    assert "Page 2 of 2" in second


def test_a_page_past_the_end_of_the_event_list_shows_the_last_page(client):
    _events(51)

    body = client.get(reverse("event-list") + "?page=99").content.decode()

    assert "Night 00" in body and "Night 50" not in body


def test_the_sheet_marks_a_deleted_table_and_gives_it_no_code_or_link(client, host):
    event, event_round = drawn_event(host)
    gone = event_round.tables.order_by("number").first()
    writes.delete_session(gone.session.pk, actor=ACTOR)

    body = client.get(reverse("event-sheet", args=[event.pk])).content.decode()

    deleted_part = body[body.index("Table 1") : body.index("Table 2")]
    assert "deleted" in deleted_part and "<svg" not in deleted_part
    assert "Open this table" not in deleted_part
    assert not any(seat.player.name in body for seat in gone.session.ordered_seats())
    assert body.count("<svg") == 1 and body.count("Open this table") == 1


def test_the_event_page_marks_a_deleted_table_and_links_no_game(client, host):
    event, event_round = drawn_event(host)
    gone = event_round.tables.order_by("number").first()
    writes.delete_session(gone.session.pk, actor=ACTOR)

    body = client.get(event.get_absolute_url()).content.decode()

    deleted_part = body[body.index("Table 1") : body.index("Table 2")]
    assert "deleted" in deleted_part
    assert reverse("session-table", args=[gone.session.pk]) not in body


def test_the_event_page_shows_the_seating_note_of_each_round(client, host):
    event = make_event(host, sanma_rules=SANMA)
    for name in NAMES[:5]:
        service.check_in(event.pk, name=name)
    first = service.draw_round(event.pk, actor=ACTOR)
    note = "5 players cannot all play at tables of four and three, so 1 sits out."

    now = client.get(event.get_absolute_url()).content.decode()
    for name in NAMES[5:]:
        service.check_in(event.pk, name=name)
    finish_round(first)
    service.draw_round(event.pk, actor=ACTOR)
    later = client.get(event.get_absolute_url()).content.decode()

    assert note in now[now.index('id="round-title"') :]
    assert later.count(note) == 1 and note in later[later.index('id="earlier-title"') :]


@pytest.mark.parametrize("asked", ["999", "abc", "-1", "0"])
def test_a_console_asked_for_an_event_that_does_not_exist_is_not_found(client, asked):
    drawn_event()  # tables in play that the console must not show instead

    page = client.get(reverse("club-console") + f"?event={asked}")
    version = client.get(reverse("club-console-version") + f"?event={asked}")

    assert page.status_code == version.status_code == 404
    assert "console-card" not in page.content.decode()
    assert "Not found" in page.content.decode()


def test_a_console_asked_for_a_missing_event_by_number_says_so(client):
    body = client.get(reverse("club-console") + "?event=999").content.decode()

    assert "There is no event 999." in body


def test_the_console_without_an_event_shows_every_table_in_play(client):
    drawn_event()

    for query in ("", "?event="):
        body = client.get(reverse("club-console") + query).content.decode()
        assert body.count("console-card") == 2


def test_checking_a_player_out_says_so_with_a_button_in_words(client, host):
    event = make_event(host)
    entry = service.check_in(event.pk, name="Aki").entry
    url = reverse("event-check-out", args=[event.pk, entry.player_id])

    before = client.get(event.get_absolute_url()).content.decode()
    after = client.post(url, follow=True).content.decode()

    assert ">Check out</button>" in before and "Leaves" not in before
    assert "Aki checked out: not in the next draw." in after


def test_the_players_count_counts_those_present_and_says_how_many_left(client, host):
    event = make_event(host)
    for name in ("Aki", "Bo", "Cy"):
        service.check_in(event.pk, name=name)

    before = client.get(event.get_absolute_url()).content.decode()
    service.check_out(event.pk, Player.objects.get(name="Aki").pk)
    after = client.get(event.get_absolute_url()).content.decode()

    assert '<span class="muted">(3)</span>' in before
    assert '<span class="muted">(2 present, 1 left)</span>' in after


def test_the_event_page_says_when_the_event_is_played_in_teams(client):
    teams = client.get(make_event(has_teams=True).get_absolute_url()).content.decode()
    alone = client.get(make_event().get_absolute_url()).content.decode()

    assert "played in teams" in teams and "played in teams" not in alone


def test_the_team_standings_say_their_games_are_their_players_games(client):
    event = make_event(has_teams=True)
    for number, name in enumerate(NAMES):
        service.check_in(event.pk, name=name, team="Green" if number % 2 else "Red")

    body = client.get(event.get_absolute_url()).content.decode()

    teams = body[body.index("<h3>Teams</h3>") :]
    assert "Players’ games" in teams and ">Games<" not in teams


def test_invisible_characters_are_taken_out_of_event_and_team_names(client, host):
    data = {"name": "Friday\u202e night\u200b", "kind": "club_night",
            "rules_choice": "preset:club", "seating": "random", "time_up": "finish_hand",
            "has_teams": "on"}  # fmt: skip

    client.post(reverse("event-list"), data)
    event = Event.objects.get()
    client.post(reverse("event-check-in", args=[event.pk]), {"name": "Aki", "team": "Gr\u202eeen"})
    door = reverse("event-checkin", args=[event.checkin_token])
    client.post(door, {"name": "Bo", "team": "\u2066Blue\u2069"})

    assert event.name == "Friday night"
    assert sorted(Team.objects.values_list("name", flat=True)) == ["Blue", "Green"]


def test_an_event_named_only_with_invisible_characters_is_refused(client, host):
    data = {"name": "\u202e\u200b", "kind": "club_night", "rules_choice": "preset:club",
            "seating": "random", "time_up": "finish_hand"}  # fmt: skip

    response = client.post(reverse("event-list"), data)

    assert response.status_code == 400 and not Event.objects.exists()


def test_those_sitting_out_are_listed_with_the_readers_separator(client):
    event = make_event()
    for name in [*NAMES, "Player 09", "Player 10"]:
        service.check_in(event.pk, name=name)
    event_round = service.draw_round(event.pk, actor=ACTOR)
    names = [Player.objects.get(pk=pk).name for pk in event_round.sitting_out]
    client.cookies["django_language"] = "zh-hans"

    pages = [client.get(f"/events/{event.pk}/{path}").content.decode() for path in ("", "seating/")]

    assert all("、".join(names) in page and ", ".join(names) not in page for page in pages)


def test_the_door_tells_a_player_seated_at_a_table_in_play_where_it_is(client):
    event, _ = drawn_event(hanchan_count=3)
    url = reverse("event-checkin", args=[event.checkin_token])

    seated = client.post(url, {"name": NAMES[0]}).content.decode()
    late = client.post(url, {"name": "Late"}).content.decode()

    assert "You are at a table of this round: it is on the seating page." in seated
    assert "you are in the next draw" not in seated
    assert "you are in the next draw" in late


def test_the_door_keeps_the_team_typed_when_it_refuses_it(client):
    event = make_event(hanchan_count=3, has_teams=True)
    for name in NAMES:
        service.check_in(event.pk, name=name, team="Red")
    service.draw_round(event.pk, actor=ACTOR)
    url = reverse("event-checkin", args=[event.checkin_token])

    refused = client.post(url, {"name": NAMES[0], "team": "Green Dragons"})

    assert refused.status_code == 400
    assert 'value="Green Dragons"' in refused.content.decode()


def test_the_door_puts_its_two_sentences_on_two_lines(client):
    event = make_event()
    url = reverse("event-checkin", args=[event.checkin_token])
    client.cookies["django_language"] = "ja"

    body = client.post(url, {"name": "Aki"}).content.decode()

    assert "</strong><br>" in body
