"""The pages of events: create, check in at the door, draw, seating, sheet, clock, exports."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse

from clubnights import service
from clubnights import views as clubnights_views
from clubnights.models import Event, EventRound, Team
from clubnights.reading import fingerprint
from ledger import writes
from ledger.models import Player
from ledger.views import console as console_views
from tests.factories import create_user, draw

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_door")]
ACTOR = writes.Actor(via="command")
NAMES = [f"Player {i:02}" for i in range(1, 9)]
ALL_NOTEN = {"result": "draw", "tenpai": [], "riichi": []}


def make_event(user=None, **fields) -> Event:
    new = service.NewEvent(name="Friday night", rules={"preset": "club"}, **fields)
    return service.create_event(new, user=user)


def drawn_event(user=None, **fields) -> tuple[Event, EventRound]:
    event = make_event(user, **fields)
    for name in NAMES:
        service.check_in(event.pk, name=name)
    return event, service.draw_round(event.pk, actor=ACTOR)


def test_a_member_creates_an_event_from_the_list_page(client, host):
    data = {"name": "Friday night", "kind": "club_night", "rules_choice": "preset:wrc",
            "seating": "fewest_repeats", "time_limit": "60", "time_up": "no_renchan"}  # fmt: skip

    response = client.post(reverse("event-list"), data)

    event = Event.objects.get()
    assert response.status_code == 302 and response.url == event.get_absolute_url()
    assert event.rules == {"preset": "wrc"} and event.time_limit == 60
    assert event.created_by == host


def test_the_event_form_names_three_player_rules_by_their_names(client, host):
    client.cookies["django_language"] = "ja"

    page = client.get(reverse("event-list")).content.decode()

    assert '<option value="club_sanma">クラブ三麻で三麻卓' in page
    assert '<option value="tenhou_sanma">天鳳三麻で三麻卓' in page
    assert "プリセット：天鳳" in page and "プリセット：天和" not in page  # not the yakuman


def test_a_visitor_cannot_create_an_event(client):
    response = client.post(reverse("event-list"), {"name": "Mine", "kind": "club_night"})

    assert response.status_code == 403
    assert not Event.objects.exists()


def test_the_door_page_checks_in_an_existing_player_or_a_guest_without_an_account():
    Player.objects.create(name="Aki")
    event = make_event()
    door = Client(enforce_csrf_checks=True)
    url = reverse("event-checkin", args=[event.checkin_token])
    page = door.get(url)
    token = page.cookies["csrftoken"].value

    known = door.post(url, {"name": "aki", "csrfmiddlewaretoken": token})
    guest = door.post(url, {"name": "Newcomer", "csrfmiddlewaretoken": token})

    assert page.status_code == known.status_code == guest.status_code == 200
    assert "Aki, you are checked in." in known.content.decode()
    assert sorted(e.player.name for e in event.entries.all()) == ["Aki", "Newcomer"]


def test_the_door_page_refuses_a_post_without_the_csrf_token():
    event = make_event()
    door = Client(enforce_csrf_checks=True)

    response = door.post(reverse("event-checkin", args=[event.checkin_token]), {"name": "Aki"})

    assert response.status_code == 403
    assert not event.entries.exists()


def test_the_door_page_stops_a_flood_of_check_ins_from_one_address(client, settings):
    event = make_event()
    url = reverse("event-checkin", args=[event.checkin_token])
    statuses = [client.post(url, {"name": f"Bot {i}"}).status_code for i in range(32)]

    assert statuses[:30] == [200] * 30
    assert statuses[30:] == [429, 429]
    assert event.entries.count() == 30


def test_an_unknown_door_link_is_not_found(client):
    assert client.get("/checkin/nope/").status_code == 404
    assert client.get("/checkin/bad$token/").status_code == 404


def test_the_host_draws_from_the_event_page_and_sees_the_seating(client, host):
    event = make_event(host)
    for name in NAMES:
        service.check_in(event.pk, name=name)

    response = client.post(reverse("event-draw", args=[event.pk]))
    seating = client.get(response.url)

    assert response.url == reverse("event-seating", args=[event.pk])
    body = seating.content.decode()
    assert event.rounds.count() == 1
    assert all(name in body for name in NAMES)
    assert "Table 2" in body


def test_a_member_checking_a_player_in_twice_is_told_so(client, host):
    event = make_event(host)
    url = reverse("event-check-in", args=[event.pk])

    first = client.post(url, {"name": "Aki"}, follow=True).content.decode()
    again = client.post(url, {"name": "aki"}, follow=True).content.decode()

    assert "Aki is checked in." in first
    assert "Aki was already checked in." in again and event.entries.count() == 1


@pytest.mark.parametrize(
    ("hanchan", "draws", "words"),
    [
        (2, 0, "Your table is on the seating page when the round is drawn."),
        (2, 1, "you are in the next draw"),
        (1, 1, "Every round of this event has been drawn"),
    ],
)
def test_the_door_says_when_a_late_arrival_plays(client, hanchan, draws, words):
    event = make_event(hanchan_count=hanchan)
    for name in NAMES:
        service.check_in(event.pk, name=name)
    for _ in range(draws):
        service.draw_round(event.pk, actor=ACTOR)
    url = reverse("event-checkin", args=[event.checkin_token])

    late = client.post(url, {"name": "Late"}).content.decode()
    again = client.post(url, {"name": "Late"}).content.decode()

    assert "Late, you are checked in." in late and words in late
    assert "Late, you were already checked in." in again


def test_the_door_says_nobody_plays_once_every_table_of_the_round_has_finished(client):
    event = make_event(hanchan_count=3)
    for name in NAMES:
        service.check_in(event.pk, name=name)
    event_round = service.draw_round(event.pk, actor=ACTOR)
    for table in event_round.tables.all():
        writes.record_round(table.session.pk, ALL_NOTEN, actor=ACTOR)
        writes.finish_session(table.session.pk, actor=ACTOR, version=None)
    url = reverse("event-checkin", args=[event.checkin_token])

    late = client.post(url, {"name": "Late"}).content.decode()

    assert "Your table is on the seating page when the round is drawn." in late
    assert "A round is being played" not in late


def test_the_member_check_in_offers_the_club_players_not_yet_checked_in(client, host):
    event = make_event(host)
    Player.objects.create(name="Regular")
    service.check_in(event.pk, name="Already here")

    body = client.get(event.get_absolute_url()).content.decode()

    assert '<option value="Regular">' in body
    assert '<option value="Already here">' not in body


def test_another_member_may_check_in_but_not_draw(client, host):
    event = make_event(host)
    other = Client()
    other.force_login(create_user(username="other"))

    other.post(reverse("event-check-in", args=[event.pk]), {"name": "Aki"})
    response = other.post(reverse("event-draw", args=[event.pk]))

    assert event.entries.count() == 1
    assert response.status_code == 403
    assert other.post(reverse("event-finish", args=[event.pk])).status_code == 403


def test_a_refused_draw_says_why_on_the_event_page(client, host):
    event = make_event(host)

    response = client.post(reverse("event-draw", args=[event.pk]), follow=True)

    assert "needs 4 players" in response.content.decode()


def test_the_sheet_has_a_qr_code_per_table_for_members_only(client, host):
    event, _ = drawn_event(host)

    sheet = client.get(reverse("event-sheet", args=[event.pk]))
    anonymous = Client().get(reverse("event-sheet", args=[event.pk]))

    assert sheet.content.decode().count("<svg") == 2
    assert anonymous.status_code == 403


def test_the_event_page_shows_players_tables_and_standings_to_anyone(client):
    event, event_round = drawn_event()

    body = Client().get(event.get_absolute_url()).content.decode()

    assert all(name in body for name in NAMES)
    assert 'id="event-standings"' in body
    session = event_round.tables.first().session
    assert reverse("session-table", args=[session.pk]) in body
    assert "draw-round" not in body


def test_the_table_page_shows_the_clock_and_at_time_up_what_the_rule_says(client):
    _, event_round = drawn_event(time_limit=60, time_up="one_more_hand")
    session = event_round.tables.first().session

    running = client.get(session.get_absolute_url()).content.decode()
    EventRound.objects.filter(pk=event_round.pk).update(
        started_at=event_round.started_at - timedelta(minutes=61)
    )
    up = client.get(session.get_absolute_url()).content.decode()

    assert 'class="event-clock"' in running and "data-ends=" in running
    assert "ledger/clock.js" in running
    assert "is-up" in up and re.search(r'class="event-clock is-up"[^>]*>0:00<', up)
    assert "play one more hand after this one" in up
    assert up.count("Time is up") == 1  # the clock stops at 0:00; the rule's line says it


def test_the_console_of_an_event_shows_its_tables_and_standings(client):
    event, _ = drawn_event()
    make_event()  # another event's tables stay off this console

    body = client.get(reverse("club-console") + f"?event={event.pk}").content.decode()

    assert body.count("console-card") == 2
    assert 'id="event-standings"' in body
    assert client.get(reverse("club-console-version") + f"?event={event.pk}").status_code == 200


def test_the_exports_hold_the_results_and_the_records_of_every_game(client):
    event, event_round = drawn_event()
    for table in event_round.tables.all():
        writes.record_round(table.session.pk, {"result": "chombo", "player": 1}, actor=ACTOR)
        writes.finish_session(table.session.pk, actor=ACTOR, version=None)

    rows = list(
        csv.reader(
            io.StringIO(client.get(f"/events/{event.pk}/results.csv").content.decode("utf-8-sig"))
        )
    )
    records = json.loads(client.get(f"/events/{event.pk}/records.json").content)

    assert rows[0] == ["rank", "player", "team", "games", "total", "places"]
    assert len(rows) == 1 + len(NAMES)
    assert {row[3] for row in rows[1:]} == {"1"}
    assert len(records) == 2
    assert {name for record in records for name in record["players"]} == set(NAMES)
    assert all(record["rounds"][0]["result"] == "chombo" for record in records)


@pytest.mark.parametrize("language", ["zh-hans", "ja"])
def test_no_english_is_left_on_the_event_pages(client, host, language):
    from tests.test_i18n import english_words

    event, event_round = drawn_event(host, time_limit=60, has_teams=True)
    EventRound.objects.filter(pk=event_round.pk).update(
        started_at=event_round.started_at - timedelta(minutes=61)
    )
    session = event_round.tables.first().session
    urls = [
        reverse("event-list"),
        event.get_absolute_url(),
        reverse("event-seating", args=[event.pk]),
        reverse("event-sheet", args=[event.pk]),
        reverse("event-checkin", args=[event.checkin_token]),
        reverse("club-console") + f"?event={event.pk}",
        session.get_absolute_url(),
    ]
    names = set(" ".join(NAMES).split()) | {"Friday", "night", "host", "CSV", "JSON"}
    names |= {"round", "table", "east", "south", "west", "north"}  # the plan's CSV columns

    leftovers = {
        url: english_words(client.get(url, headers={"accept-language": language}).content.decode())
        - names
        for url in urls
    }

    assert {url: words for url, words in leftovers.items() if words} == {}


def test_a_player_named_like_a_formula_is_escaped_in_the_results_csv(client):
    event = make_event()
    service.check_in(event.pk, name="=HYPERLINK(1)", team="")

    text = client.get(reverse("event-results-csv", args=[event.pk])).content.decode()

    assert "'=HYPERLINK(1)" in text and ",=" not in text


def test_the_wall_shows_each_games_scores_and_round_and_follows_them_live(client):
    event, event_round = drawn_event()
    wall = reverse("event-seating", args=[event.pk])
    version = reverse("event-version", args=[event.pk])
    first = client.get(version).json()["version"]
    table = event_round.tables.order_by("number").first()
    east, south = (seat.player.name for seat in table.session.ordered_seats()[:2])
    ron = {"result": "ron", "loser": 1, "wins": [{"winner": 0, "han": 3, "fu": 30}]}

    writes.record_round(table.session.pk, ron, actor=ACTOR)

    part = client.get(wall + "?part=table").content.decode()
    assert client.get(version).json()["version"] != first
    assert part.strip().startswith('<section id="table"') and "<html" not in part
    assert "East 1 · Honba 1" in part  # the dealer won: East 1 again, one honba
    assert "30,800" in part and "19,200" in part and east in part and south in part
    page = client.get(wall).content.decode()
    assert 'data-version-url="' + version + '"' in page and 'http-equiv="refresh"' not in page


def test_the_walls_standings_count_a_game_once_it_is_finished(client):
    event, event_round = drawn_event()
    wall = reverse("event-seating", args=[event.pk]) + "?part=table"
    table = event_round.tables.order_by("number").first()
    writes.record_round(table.session.pk, {"result": "draw", "tenpai": []}, actor=ACTOR)

    writes.finish_session(table.session.pk, actor=ACTOR, version=None)

    part = client.get(wall).content.decode()
    assert "finished" in part
    standings = part[part.index('id="event-standings"') :]
    assert standings.count('<td class="num">1</td>') >= 4  # four players with one game each


@pytest.mark.parametrize(
    ("minutes", "words"), [(1, "1 minute a round"), (60, "60 minutes a round")]
)
def test_the_event_page_says_its_time_limit_in_words(client, host, minutes, words):
    from clubnights import service

    event = service.create_event(
        service.NewEvent(name="Night", rules={"preset": "club"}, time_limit=minutes), user=host
    )

    assert words in client.get(f"/events/{event.pk}/").content.decode()


@pytest.mark.parametrize(
    ("language", "words", "hand_words"), [("ja", "第1回戦", "1局目"), ("zh-hans", "第1轮", "第1局")]
)
def test_an_events_rounds_are_named_as_games_not_hands(client, host, language, words, hand_words):
    event, _ = drawn_event(host)
    client.cookies["django_language"] = language

    pages = [client.get(f"/events/{event.pk}/{path}").content.decode() for path in ("", "seating/")]

    assert all(words in page and hand_words not in page for page in pages)


def test_once_every_round_is_drawn_the_page_offers_no_other_draw(client, host):
    event, _ = drawn_event(host, hanchan_count=1)

    page = client.get(event.get_absolute_url()).content.decode()

    assert 'id="draw-round"' not in page


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


def test_a_game_changed_while_the_wall_is_drawn_is_drawn_again_at_the_next_poll(
    client, monkeypatch
):
    event, event_round = drawn_event()
    game = event_round.tables.first().session
    reading = clubnights_views.live_tables

    def a_round_lands_meanwhile(shown):
        writes.record_round(game.pk, draw(0), actor=writes.COMMAND)  # another phone
        return reading(shown)

    monkeypatch.setattr(clubnights_views, "live_tables", a_round_lands_meanwhile)
    page = client.get(reverse("event-seating", args=[event.pk]) + "?part=table")

    drawn = re.search(r'data-version="([^"]+)"', page.content.decode()).group(1)
    event.refresh_from_db()
    assert drawn != fingerprint(event)  # the wall's next poll sees a change and redraws


def test_a_game_changed_while_the_club_console_is_drawn_is_drawn_again(client, monkeypatch):
    event, event_round = drawn_event()
    game = event_round.tables.first().session
    reading = console_views.table_of
    landed = []

    def a_round_lands_meanwhile(session, **kwargs):
        if not landed:
            landed.append(writes.record_round(game.pk, draw(0), actor=writes.COMMAND))
        return reading(session, **kwargs)

    monkeypatch.setattr(console_views, "table_of", a_round_lands_meanwhile)
    page = client.get(reverse("club-console") + f"?event={event.pk}&part=table")

    drawn = re.search(r'data-version="([^"]+)"', page.content.decode()).group(1)
    assert drawn != console_views._fingerprint(event)  # the next poll redraws
