"""A closed season is final: the games it holds when it is closed stay, no game joins it
later, and none of its games can be changed (ledger.seasons.close_season)."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.contrib import admin
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import timezone

from ledger import writes
from ledger.admin import delete_seasons
from ledger.models import ApiToken, Season, Session
from ledger.players import players_named
from ledger.records import import_records
from ledger.seasons import close_season, place_sessions
from standings.models import ClubTally, PlayerGame, Standing
from tests.factories import NAMES, create_user, ron

pytestmark = pytest.mark.django_db
ONE_ROUND = {"preset": "wrc", "game_length": "one_round"}
WEEK_AGO = timezone.localdate() - dt.timedelta(days=7)


def _play(*, rounds: int = 1, names: tuple[str, ...] = NAMES) -> Session:
    """Start a game today (in the season of today, if any) and play ``rounds`` rounds of a
    one-round game (one finishes it)."""
    new = writes.NewSession(players=players_named(list(names)), rules=ONE_ROUND)
    session = writes.create_session(new, actor=writes.COMMAND)
    for _ in range(rounds):
        writes.record_round(session.pk, ron(1, 0), actor=writes.COMMAND)
    return Session.objects.get(pk=session.pk)


def _staff(client):
    user = create_user(username="organiser")
    user.is_staff = True
    user.save()
    client.force_login(user)
    return user


def _season_sums(season: Season) -> list[tuple[int, int, float]]:
    rows = Standing.objects.filter(scope=f"season:{season.pk}").order_by("player_id")
    return [(row.player_id, row.games, row.total) for row in rows]


@pytest.fixture
def season():
    return Season.objects.create(name="Winter", starts_on=WEEK_AGO)


def test_a_game_started_after_closing_on_the_same_day_joins_no_season(client, season):
    played = _play()
    _staff(client)
    client.post(reverse("season-close", args=[season.pk]))
    final = _season_sums(season)

    later = _play(names=("Eve", "Fay", "Gus", "Hal"))

    season.refresh_from_db()
    assert season.is_closed and season.ends_on == timezone.localdate()
    assert Session.objects.get(pk=played.pk).season == season
    assert later.season is None and later.is_finished
    assert _season_sums(season) == final and len(final) == 4
    assert not PlayerGame.objects.filter(session=later, season=season).exists()


def test_a_game_still_being_played_leaves_the_season_it_closes_and_is_named(client, season):
    finished = _play()
    playing = _play(rounds=0, names=("Eve", "Fay", "Gus", "Hal"))
    _staff(client)

    page = client.post(reverse("season-close", args=[season.pk]), follow=True).content.decode()

    assert Session.objects.get(pk=finished.pk).season == season
    assert Session.objects.get(pk=playing.pk).season is None
    assert "1 game was still being played (Eve, Fay, Gus, Hal (started " in page
    writes.record_round(playing.pk, ron(1, 0), actor=writes.COMMAND)  # the table plays on
    assert not PlayerGame.objects.filter(session=playing, season=season).exists()
    assert PlayerGame.objects.filter(session=playing, season=None).count() == 4


def test_no_change_reaches_a_game_of_a_closed_season(season):
    game = _play()
    close_season(season)
    before = (game.version, list(game.outcomes()), _season_sums(season))

    changes = [
        lambda: writes.replace_round(game.pk, 1, ron(2, 0), actor=writes.COMMAND, version=None),
        lambda: writes.delete_round(game.pk, 1, actor=writes.COMMAND, version=None),
        lambda: writes.undo_round(game.pk, actor=writes.COMMAND, version=None),
        lambda: writes.delete_session(game.pk, actor=writes.COMMAND),
    ]
    for change in changes:
        with pytest.raises(writes.SeasonClosed, match="season Winter, which is closed"):
            change()

    game.refresh_from_db()
    assert (game.version, list(game.outcomes()), _season_sums(season)) == before
    assert game.deleted_at is None


def test_a_game_deleted_before_its_season_closed_is_not_restored_into_it(season):
    game = _play()
    writes.delete_session(game.pk, actor=writes.COMMAND)
    close_season(season)

    with pytest.raises(writes.SeasonClosed):
        writes.restore_session(game.pk, actor=writes.COMMAND)

    assert Session.objects.get(pk=game.pk).deleted_at is not None
    assert _season_sums(season) == []


def test_the_api_refuses_a_correction_in_words_with_409(client, season):
    game = _play()
    close_season(season)
    token = ApiToken.issue(create_user(), "scripts")[1]

    response = client.put(
        f"/api/v1/sessions/{game.pk}/rounds/1",
        data=json.dumps({"round": ron(2, 0), "version": game.version}),
        content_type="application/json", headers={"Authorization": f"Bearer {token}"},
    )  # fmt: skip

    assert response.status_code == 409
    assert response.json()["error"]["code"] == "season_closed"
    assert "season Winter, which is closed" in response.json()["error"]["message"]
    assert Session.objects.get(pk=game.pk).outcomes() == game.outcomes()


def test_the_history_page_says_the_game_is_final_and_offers_no_change(client, season):
    game = _play()
    close_season(season)
    client.force_login(create_user())

    page = client.get(reverse("session-history", args=[game.pk])).content.decode()
    url = reverse("round-delete", args=[game.pk, 1])
    answer = client.post(url, {"version": game.version}, follow=True).content.decode()

    assert "which is closed: its standings are final" in page
    assert reverse("round-edit", args=[game.pk, 1]) not in page
    assert reverse("session-delete", args=[game.pk]) not in page
    assert "Round 1 was not deleted: This game is in season Winter, which is closed" in answer
    assert Session.objects.get(pk=game.pk).rounds.count() == 1


def test_new_seasons_imports_and_reopening_do_not_move_a_closed_seasons_games(season):
    game = _play()
    close_season(season)
    record = {"rules": "club", "players": ["Eve", "Fay", "Gus", "Hal"], "rounds": [],
              "started": f"{WEEK_AGO.isoformat()}T19:00:00+00:00"}  # fmt: skip

    imported = import_records(record).sessions[0]
    Season.objects.filter(pk=season.pk).update(ends_on=None)  # as if its range were wider
    moved = place_sessions()

    assert imported.season is None and moved == []
    assert Session.objects.get(pk=game.pk).season == season


def test_closing_a_season_planned_to_end_later_ends_it_today(season):
    Season.objects.filter(pk=season.pk).update(ends_on=timezone.localdate() + dt.timedelta(30))
    season.refresh_from_db()

    close_season(season)

    assert Season.objects.get(pk=season.pk).ends_on == timezone.localdate()


def test_closing_in_the_admin_closes_as_the_seasons_page_does(client, season):
    playing = _play(rounds=0)
    user = _staff(client)
    user.is_superuser = True
    user.save()
    request = RequestFactory().post("/")
    request.user = user
    model_admin = admin.site._registry[Season]
    season.is_closed = True

    model_admin.save_model(request, season, None, change=True)

    assert Session.objects.get(pk=playing.pk).season is None
    assert Season.objects.get(pk=season.pk).is_closed


def test_the_board_names_a_closed_latest_season_as_closed(client, season):
    _play()
    close_season(season)

    page = client.get(reverse("leaderboard")).content.decode()

    assert "the latest season, closed" in page


def test_a_new_season_may_start_on_the_day_one_was_closed_and_takes_the_later_games(client, season):
    played = _play()
    _staff(client)
    client.post(reverse("season-close", args=[season.pk]))
    today = timezone.localdate().isoformat()

    created = client.post(reverse("season-list"), {"name": "Spring", "starts_on": today})
    later = _play(names=("Eve", "Fay", "Gus", "Hal"))

    assert created.status_code == 302
    spring = Season.objects.get(name="Spring")
    assert Session.objects.get(pk=played.pk).season == season
    assert later.season == spring
    assert PlayerGame.objects.filter(session=later, season=spring).count() == 4


def test_open_seasons_still_may_not_overlap_nor_a_closed_one_reopen_over_an_open_one(season):
    close_season(season)
    Season.objects.create(name="Spring", starts_on=timezone.localdate())
    staff = create_user(username="root")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    client = Client()
    client.force_login(staff)
    data = {"name": "Winter", "starts_on": WEEK_AGO.isoformat(),
            "ends_on": timezone.localdate().isoformat()}  # fmt: skip

    reopened = client.post(f"/admin/ledger/season/{season.pk}/change/", data)
    overlapping = client.post(reverse("season-list"), {"name": "Other", "starts_on": WEEK_AGO})

    assert "overlaps season Spring" in reopened.content.decode()
    assert Season.objects.get(pk=season.pk).is_closed
    assert "overlaps season Spring" in overlapping.content.decode()


def test_a_season_made_or_closed_in_the_admin_over_an_open_ones_days_is_refused(season):
    game = _play()
    staff = create_user(username="root")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    client = Client()
    client.force_login(staff)
    today = timezone.localdate().isoformat()
    new = {"name": "Over", "starts_on": today, "is_closed": "on"}

    made = client.post("/admin/ledger/season/add/", new)

    assert "overlaps season Winter" in made.content.decode()
    assert not Season.objects.filter(name="Over").exists()
    assert Session.objects.get(pk=game.pk).season == season


def test_the_table_edit_and_deleted_pages_say_a_closed_seasons_game_is_final(client, season):
    game, deleted = _play(), _play(names=("Eve", "Fay", "Gus", "Hal"))
    writes.delete_session(deleted.pk, actor=writes.COMMAND)
    close_season(season)
    client.force_login(create_user())

    table = client.get(reverse("session-table", args=[game.pk])).content.decode()
    edit = client.get(reverse("round-edit", args=[game.pk, 1]), follow=True)
    listed = client.get(reverse("sessions-deleted")).content.decode()

    assert "which is closed: its standings are final" in table
    assert "To record rounds, log in" not in table
    assert edit.redirect_chain[-1][0] == reverse("session-history", args=[game.pk])
    assert "which is closed: its standings are final" in edit.content.decode()
    assert "In season Winter, which is closed: it cannot be restored." in listed
    assert reverse("session-restore", args=[deleted.pk]) not in listed


def test_an_import_dated_in_a_closed_season_says_it_counts_in_none(client, season):
    close_season(season)
    client.force_login(create_user())
    record = {"rules": "club", "players": ["Eve", "Fay", "Gus", "Hal"], "rounds": [],
              "started": f"{WEEK_AGO.isoformat()}T19:00:00+00:00"}  # fmt: skip
    upload = SimpleUploadedFile("game.json", json.dumps(record).encode())

    page = client.post(reverse("session-import"), {"file": upload}, follow=True)

    assert "is dated in season Winter, which is closed: it counts in no season." in (
        page.content.decode()
    )
    assert Session.objects.get().season is None


def test_deleting_a_season_deletes_the_sums_kept_for_it(season):
    _play()
    key = f"season:{season.pk}"
    assert Standing.objects.filter(scope=key).count() == 4 and ClubTally.objects.filter(scope=key)

    delete_seasons(Season.objects.filter(pk=season.pk))

    assert not Standing.objects.filter(scope__startswith=key).exists()
    assert not ClubTally.objects.filter(scope__startswith=key).exists()
    assert Standing.objects.filter(scope="all").count() == 4  # the games still count
