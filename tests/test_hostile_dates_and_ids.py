"""Dates and ids the app cannot handle are refused in words, and store nothing."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from clubnights import service
from clubnights.models import Event
from ledger import writes
from ledger.models import Player, Season, Session
from ledger.players import players_named
from ledger.seasons import place_sessions
from tests.factories import NAMES, create_user

pytestmark = pytest.mark.django_db
DRAW = {"result": "draw", "tenpai": [0], "riichi": []}
BEYOND_64_BITS = ["9223372036854775808", "99999999999999999999", "1" + "0" * 40]


@pytest.fixture(autouse=True)
def _no_earlier_check_ins():
    """Start every test with the door's rate limit unspent (it is kept in the cache)."""
    cache.clear()


@pytest.fixture
def member(client):
    user = create_user()
    client.force_login(user)
    return user


def _start(when: str) -> Session:
    """Start a session at a moment given with its offset."""
    new = writes.NewSession(players=players_named(list(NAMES)), rules={"preset": "wrc"},
                            started_at=dt.datetime.fromisoformat(when))  # fmt: skip
    return writes.create_session(new, actor=writes.COMMAND)


# --- seasons ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dates", "message"),
    [
        ({"starts_on": "2026-01-01", "ends_on": "9999-12-31"},
         "Ends on (optional): choose a day in the years 1990 to 2999."),
        ({"starts_on": "2026-01-01", "ends_on": "3000-01-01"},
         "Ends on (optional): choose a day in the years 1990 to 2999."),
        ({"starts_on": "0001-01-01"}, "Starts on: choose a day in the years 1990 to 2999."),
        ({"starts_on": "1989-12-31", "ends_on": "2026-01-01"},
         "Starts on: choose a day in the years 1990 to 2999."),
    ],
)  # fmt: skip
@pytest.mark.parametrize("zone", ["UTC", "Asia/Tokyo", "America/New_York"])
def test_a_season_on_days_the_ledger_cannot_hold_is_refused(client, member, settings, zone,
                                                            dates, message):  # fmt: skip
    settings.TIME_ZONE = zone
    session = _start("2026-03-05T19:00:00+00:00")

    response = client.post(reverse("season-list"), {"name": "F", **dates})

    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Season.objects.exists()
    assert Session.objects.get(pk=session.pk).season is None


def test_a_season_on_the_first_and_last_days_the_ledger_holds_is_made(client, member):
    session = _start("2026-03-05T19:00:00+00:00")

    response = client.post(reverse("season-list"), {"name": "All of it",
                                                    "starts_on": "1990-01-01",
                                                    "ends_on": "2999-12-31"})  # fmt: skip

    assert response.status_code == 302
    assert Session.objects.get(pk=session.pk).season == Season.objects.get(name="All of it")


@pytest.fixture
def staff(client):
    user = create_user(username="staff")
    user.is_staff = True
    user.save()
    client.force_login(user)
    return user


LATE, EARLY = "2026-03-05T19:00:00+00:00", "2024-06-05T19:00:00+00:00"


@pytest.mark.parametrize(
    ("wide", "new", "in_wide", "in_new"),
    [
        ((dt.date(2026, 1, 1), dt.date.max), ("2024-01-01", "2024-12-31"), LATE, EARLY),
        ((dt.date.min, dt.date(2025, 12, 31)), ("2026-01-01", "2026-12-31"), EARLY, LATE),
    ],
)  # fmt: skip
@pytest.mark.parametrize("zone", ["UTC", "Asia/Tokyo", "America/New_York"])
def test_a_season_stored_with_days_out_of_range_breaks_no_later_change(
    client, staff, settings, zone, wide, new, in_wide, in_new
):
    """A season stored before its days were checked (or through the admin) reads as
    starting on the first day the ledger holds, or as running on past the last."""
    settings.TIME_ZONE = zone
    wide_season = Season.objects.create(name="Wide", starts_on=wide[0], ends_on=wide[1])
    inside, outside = _start(in_wide), _start(in_new)
    writes.record_round(inside.pk, DRAW, actor=writes.COMMAND)  # a game played, then ended:
    writes.finish_session(inside.pk, actor=writes.COMMAND, version=None)  # closing keeps it

    created = client.post(reverse("season-list"), {"name": "New", "starts_on": new[0],
                                                   "ends_on": new[1]})  # fmt: skip
    closed = client.post(reverse("season-close", args=[wide_season.pk]))

    assert created.status_code == closed.status_code == 302
    wide_season.refresh_from_db()
    assert wide_season.is_closed  # and it ends today if it was to end later
    assert wide_season.ends_on == min(wide[1], timezone.localdate())
    assert Session.objects.get(pk=inside.pk).season == wide_season
    assert Session.objects.get(pk=outside.pk).season == Season.objects.get(name="New")


@pytest.mark.parametrize("zone", ["UTC", "Asia/Tokyo", "America/New_York"])
def test_a_season_stored_from_the_first_to_the_last_date_holds_every_session(settings, zone):
    settings.TIME_ZONE = zone
    sessions = [_start(EARLY), _start(LATE)]
    season = Season.objects.create(name="Always", starts_on=dt.date.min, ends_on=dt.date.max)

    moved = place_sessions()

    assert sorted(moved) == sorted(session.pk for session in sessions)
    assert all(Session.objects.get(pk=s.pk).season == season for s in sessions)


# --- game records ----------------------------------------------------------------


@pytest.mark.parametrize("key", ["started", "finished"])
@pytest.mark.parametrize(
    "value",
    [
        "2026-02-30T10:00:00+00:00",  # no such day
        "2026-02-01T25:00:00+00:00",  # no such hour
        "2026-02-01T10:61:00+00:00",  # no such minute
        "2026-02-01T10:00:00+25:00",  # no such offset
        "2026-02-01T10:00:00+24:00",
        "0000-01-01T10:00:00+00:00",  # no year 0
    ],
)
def test_a_record_dated_on_a_day_that_does_not_exist_is_refused(client, member, key, value):
    dates = {"started": "2026-02-01T09:00:00+00:00", key: value}
    record = {"rules": "club", "players": list(NAMES), "rounds": [], **dates}
    upload = SimpleUploadedFile("game.json", json.dumps(record).encode())

    response = client.post(reverse("session-import"), {"file": upload})

    assert response.status_code == 400
    assert f"“{key}” must be a date and time with its offset" in response.content.decode()
    assert not Session.objects.exists()
    assert not Player.objects.exists()


# --- events: check-out by id, check-in by name -------------------------------------


def _event(user=None, **fields) -> Event:
    new = service.NewEvent(name="Friday night", rules={"preset": "club"}, **fields)
    return service.create_event(new, user=user)


@pytest.mark.parametrize("player", ["12345", *BEYOND_64_BITS])
def test_checking_out_an_id_no_player_has_says_they_have_not_checked_in(client, member, player):
    event = _event(member)
    here = service.check_in(event.pk, name="Aki")
    version = Event.objects.get(pk=event.pk).version

    url = f"/events/{event.pk}/checkins/{player}/leave/"
    response = client.post(url, follow=True)

    assert response.status_code == 200
    assert f"Player {player} has not checked in to this event." in response.content.decode()
    assert Event.objects.get(pk=event.pk).version == version
    assert event.entries.get(pk=here.entry.pk).left_at is None


@pytest.mark.parametrize("player", [0, *(int(text) for text in BEYOND_64_BITS)])
def test_the_service_finds_no_check_in_for_an_id_no_row_can_have(player):
    event = _event()

    with pytest.raises(service.EventMissing, match="has not checked in"):
        service.check_out(event.pk, player)


@pytest.mark.parametrize("event_id", BEYOND_64_BITS)
def test_checking_in_or_out_at_an_event_id_no_row_can_have_is_not_found(client, member, event_id):
    check_in = client.post(f"/events/{event_id}/checkins/", {"name": "Aki"})
    check_out = client.post(f"/events/{event_id}/checkins/1/leave/")

    assert check_in.status_code == check_out.status_code == 404
    assert not Player.objects.exists()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"name": "A" * 61}, "The name is too long: at most 60 characters."),
        ({"name": " " * 3 + "A" * 61}, "The name is too long: at most 60 characters."),
        ({"name": "Ann", "team": "T" * 61},
         "The team’s name is too long: at most 60 characters."),
        ({"name": ""}, "Give the player’s name."),
        ({"name": "   "}, "Give the player’s name."),
    ],
)  # fmt: skip
def test_a_member_check_in_says_what_is_wrong_with_the_name_or_team(client, member, data,
                                                                    message):  # fmt: skip
    event = _event(member, has_teams=True)

    response = client.post(reverse("event-check-in", args=[event.pk]), data, follow=True)

    assert response.status_code == 200
    assert message in response.content.decode()
    assert not event.entries.exists()
    assert not Player.objects.exists()


def test_the_door_page_says_a_name_is_too_long(client):
    event = _event()

    response = client.post(reverse("event-checkin", args=[event.checkin_token]),
                           {"name": "A" * 61})  # fmt: skip

    assert response.status_code == 400
    assert "The name is too long: at most 60 characters." in response.content.decode()
    assert not event.entries.exists()


def test_the_door_page_says_a_team_name_is_too_long(client):
    event = _event(has_teams=True)

    response = client.post(reverse("event-checkin", args=[event.checkin_token]),
                           {"name": "Ann", "team": "T" * 61})  # fmt: skip

    assert response.status_code == 400
    assert "The team’s name is too long: at most 60 characters." in response.content.decode()
    assert not event.entries.exists()


@pytest.mark.parametrize("zone", ["Asia/Tokyo", "America/New_York", "UTC"])
@pytest.mark.parametrize(
    ("starts", "ends"), [("0001-01-01", ""), ("", "9999-12-31"), ("0001-01-01", "9999-12-31")]
)
def test_a_leaderboard_from_the_first_day_to_the_last_counts_every_game(
    client, settings, zone, starts, ends
):
    from tests.factories import create_session, ron

    settings.TIME_ZONE = zone
    create_session(rules={"preset": "wrc", "game_length": "one_round"}, rounds=[ron(1, 0)])
    query = {"scope": "dates", "starts": starts, "ends": ends}

    response = client.get(reverse("leaderboard-json"), {k: v for k, v in query.items() if v})

    assert response.status_code == 200, response.content
    assert len(response.json()["rows"]) == 4
