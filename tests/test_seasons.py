"""Seasons are date ranges in the club's time zone; records carry their dates."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from ledger import writes
from ledger.models import Season, Session
from ledger.players import players_named
from ledger.records import import_records
from ledger.seasons import place_sessions, season_on
from standings.models import PlayerGame
from tests.factories import NAMES, create_session, create_user, ron

pytestmark = pytest.mark.django_db
ONE_ROUND = {"preset": "wrc", "game_length": "one_round"}
TOKYO = "Asia/Tokyo"


def _start(when: str) -> Session:
    """Start a session at a moment given with its offset."""
    new = writes.NewSession(players=players_named(list(NAMES)), rules=ONE_ROUND,
                            started_at=dt.datetime.fromisoformat(when))  # fmt: skip
    return writes.create_session(new, actor=writes.COMMAND)


def test_a_session_belongs_to_the_season_its_start_date_falls_in_in_the_clubs_zone(settings):
    settings.TIME_ZONE = TOKYO
    autumn = Season.objects.create(name="Autumn", starts_on="2026-09-01", ends_on="2026-11-30")
    winter = Season.objects.create(name="Winter", starts_on="2026-12-01")

    with timezone.override(TOKYO):
        late = _start("2026-11-30T23:59:00+09:00")  # the last minute of autumn in Tokyo
        midnight = _start("2026-12-01T00:00:00+09:00")
        utc_late = _start("2026-11-30T15:30:00+00:00")  # 00:30 on December 1st in Tokyo

    assert Session.objects.get(pk=late.pk).season == autumn
    assert Session.objects.get(pk=midnight.pk).season == winter
    assert Session.objects.get(pk=utc_late.pk).season == winter


def test_creating_a_season_picks_up_the_sessions_in_its_range(client):
    client.force_login(create_user())
    inside = _start("2026-03-05T19:00:00+00:00")
    outside = _start("2026-05-05T19:00:00+00:00")

    client.post(reverse("season-list"), {"name": "Spring", "starts_on": "2026-03-01",
                                         "ends_on": "2026-04-30"})  # fmt: skip

    spring = Season.objects.get(name="Spring")
    assert Session.objects.get(pk=inside.pk).season == spring
    assert Session.objects.get(pk=outside.pk).season is None


def test_a_season_that_would_overlap_another_is_refused(client):
    client.force_login(create_user())
    Season.objects.create(name="Spring", starts_on="2026-03-01", ends_on="2026-04-30")

    response = client.post(reverse("season-list"), {"name": "Late spring",
                                                    "starts_on": "2026-04-15"})  # fmt: skip

    assert response.status_code == 400
    assert "overlaps season Spring" in response.content.decode()
    assert Season.objects.count() == 1


@pytest.mark.parametrize(
    ("name", "min_games", "message"),
    [
        # QA: "winter" beside "Winter" read as two seasons of one name in the lists
        ("winter", "", "There is already a season named “Winter”."),
        ("WINTER ", "", "There is already a season named “Winter”."),
        # QA: the limit read 9223372036854775807 (and PostgreSQL's column holds 32,767)
        ("Spring", "99999", "less than or equal to 10000"),
        ("Spring", "99999999999999999999", "less than or equal to 10000"),
    ],
)
def test_a_season_form_refuses_in_words(client, name, min_games, message):
    client.force_login(create_user())
    Season.objects.create(name="Winter", starts_on="2026-01-01", ends_on="2026-01-31")

    response = client.post(reverse("season-list"), {"name": name, "starts_on": "2026-03-01",
                                                    "min_games": min_games})  # fmt: skip

    assert response.status_code == 400
    assert message in response.content.decode()
    assert Season.objects.count() == 1


def test_a_name_two_older_seasons_share_in_all_but_case_is_refused_not_a_server_error(client):
    # review: two seasons stored before the check ("Winter", "WINTER") made it a 500
    client.force_login(create_user())
    Season.objects.create(name="Winter", starts_on="2026-01-01", ends_on="2026-01-31")
    Season.objects.create(name="WINTER", starts_on="2025-01-01", ends_on="2025-01-31")

    response = client.post(reverse("season-list"), {"name": "winter", "starts_on": "2026-03-01"})

    assert response.status_code == 400
    assert "There is already a season named" in response.content.decode()


def test_finished_games_move_with_their_season_and_the_standings_follow():
    season = Season.objects.create(name="Now", starts_on="2020-01-01", ends_on="2020-12-31")
    game = create_session(rules=ONE_ROUND, rounds=[ron(1, 0)])  # started today: no season
    assert PlayerGame.objects.filter(session=game, season=None).count() == 4

    Season.objects.filter(pk=season.pk).update(ends_on=None)  # the season now runs on
    moved = place_sessions()

    assert moved == [game.pk]
    assert PlayerGame.objects.filter(session=game, season=season).count() == 4
    assert season_on(timezone.localdate()) == season


def test_an_export_carries_its_dates_and_the_import_keeps_them(client):
    client.force_login(create_user())
    session = _start("2026-06-01T19:30:00+02:00")
    writes.record_round(session.pk, ron(1, 0), actor=writes.COMMAND)
    Session.objects.filter(pk=session.pk).update(venue="Club room", table_name="T3")

    record = client.get(reverse("session-export", args=[session.pk])).json()
    assert record["started"].startswith("2026-06-01T17:30:00")  # in the club's zone (UTC here)
    assert record["venue"] == "Club room" and record["table"] == "T3" and "finished" in record
    Session.objects.filter(pk=session.pk).delete()  # into another ledger
    again = import_records(record).sessions[0]

    assert again.started_at == session.started_at and again.venue == "Club room"
    assert again.finished_at == dt.datetime.fromisoformat(record["finished"])


@pytest.mark.parametrize(
    ("dates", "message"),
    [
        ({"started": "yesterday"}, "“started” must be a date and time with its offset"),
        ({"started": "2026-06-01T19:30:00"}, "“started” must be a date and time with its offset"),
        ({"started": "2026-06-01T19:30:00+00:00", "finished": "2026-06-01T18:00:00+00:00"},
         "The game finished before it started."),
        ({"started": "2099-01-01T19:30:00+00:00"}, "is not a date a game was played"),
        ({"venue": "x" * 61}, "“venue” must be text of at most 60 characters."),
    ],
)  # fmt: skip
def test_a_record_whose_dates_make_no_sense_is_refused(client, dates, message):
    client.force_login(create_user())
    record = {"rules": "club", "players": list(NAMES), "rounds": [], **dates}
    upload = SimpleUploadedFile("game.json", json.dumps(record).encode())

    response = client.post(reverse("session-import"), {"file": upload})

    assert response.status_code == 400 and message in response.content.decode()
    assert not Session.objects.exists()


def test_an_imported_game_takes_the_season_of_its_date():
    season = Season.objects.create(name="2019", starts_on="2019-01-01", ends_on="2019-12-31")
    record = {"rules": "club", "players": list(NAMES), "rounds": [],
              "started": "2019-02-10T04:00:00+09:00"}  # fmt: skip

    session = import_records(record).sessions[0]

    assert session.season == season


def test_closing_a_season_asks_first(client):
    from ledger.models import Season
    from tests.factories import create_user

    user = create_user()
    user.is_staff = True
    user.save()
    client.force_login(user)
    Season.objects.create(name="Spring", starts_on="2026-01-01")

    page = client.get("/standings/seasons/").content.decode()

    assert 'data-confirm="Close the season Spring?' in page
