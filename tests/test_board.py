"""The leaderboard for a big club: dates honoured whenever given, a threshold of games,
pages and a search, season ratings rated afresh, numbers rounded (issue 19)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from ledger import writes
from ledger.models import Season, Session
from ledger.players import players_named
from standings.models import ClubSetting, PlayerGame, Rating, SeasonRating
from standings.views import ROWS_PER_PAGE
from tests.factories import ron

pytestmark = pytest.mark.django_db
ONE_ROUND = {"preset": "wrc", "game_length": "one_round"}


def _game(names: tuple[str, ...], when: str, winner: int = 1) -> Session:
    """A finished one-round game started (and finished) at ``when``."""
    moment = dt.datetime.fromisoformat(when)
    new = writes.NewSession(players=players_named(list(names)), rules=ONE_ROUND,
                            rounds=[ron(winner, 0)], started_at=moment, finished_at=moment)  # fmt: skip
    return writes.create_session(new, actor=writes.COMMAND)


def _rows(client, **query) -> list[dict]:
    response = client.get(reverse("leaderboard-json"), query)
    assert response.status_code == 200, response.content
    return response.json()["rows"]


def test_dates_narrow_any_scope_whenever_they_are_given(client):
    season = Season.objects.create(name="2026", starts_on="2026-01-01", ends_on="2026-12-31")
    _game(("Aki", "Bo", "Chen", "Dai"), "2026-03-01T19:00:00+00:00")
    _game(("Aki", "Bo", "Chen", "Eri"), "2026-06-01T19:00:00+00:00")

    whole = _rows(client, scope=f"season-{season.pk}")
    since_may = _rows(client, scope=f"season-{season.pk}", starts="2026-05-01")

    assert {row["player"] for row in whole} == {"Aki", "Bo", "Chen", "Dai", "Eri"}
    assert {row["player"] for row in since_may} == {"Aki", "Bo", "Chen", "Eri"}
    page = client.get(reverse("leaderboard"), {"scope": f"season-{season.pk}",
                                               "starts": "2026-05-01"}).content.decode()  # fmt: skip
    assert "Season 2026" in page and "2026-05-01" in page


def test_the_club_lists_players_from_its_threshold_and_says_so(client, settings):
    settings.STANDINGS_MIN_GAMES = 5
    for day in range(1, 6):
        _game(("Aki", "Bo", "Chen", "Dai"), f"2026-03-0{day}T19:00:00+00:00")
    _game(("Aki", "Bo", "Chen", "Eri"), "2026-03-06T19:00:00+00:00")  # Eri: one game

    listed = {row["player"] for row in _rows(client, scope="all")}
    page = client.get(reverse("leaderboard"), {"scope": "all"}).content.decode()

    assert listed == {"Aki", "Bo", "Chen", "Dai"}
    assert "with at least 5 games" in page
    ClubSetting.objects.update_or_create(pk=1, defaults={"min_games": 1})
    assert "Eri" in {row["player"] for row in _rows(client, scope="all")}


def test_a_season_sets_its_own_threshold(client):
    season = Season.objects.create(name="Now", starts_on="2026-01-01", min_games=2)
    _game(("Aki", "Bo", "Chen", "Dai"), "2026-03-01T19:00:00+00:00")
    _game(("Aki", "Bo", "Chen", "Eri"), "2026-03-02T19:00:00+00:00")

    listed = {row["player"] for row in _rows(client, scope=f"season-{season.pk}")}

    assert listed == {"Aki", "Bo", "Chen"}


def test_a_big_board_comes_in_pages_and_a_search_keeps_the_ranks(client):
    for table in range(14):  # 56 players, one game each
        names = tuple(f"P{table:02}-{seat}" for seat in range(4))
        _game(names, f"2026-03-01T{10 + table % 10}:00:00+00:00")

    first = client.get(reverse("leaderboard"), {"scope": "all"}).content.decode()
    second = client.get(reverse("leaderboard"), {"scope": "all", "page": 2}).content.decode()
    found = client.get(reverse("leaderboard"), {"scope": "all", "q": "p07-1"}).content.decode()

    assert first.count('<tr id="player-') == ROWS_PER_PAGE
    assert second.count('<tr id="player-') == 56 - ROWS_PER_PAGE
    assert "Page 1 of 2" in first and "Page 2 of 2" in second
    assert found.count('<tr id="player-') == 1 and "P07-1" in found
    winners_rank = next(
        row["rank"] for row in _rows(client, scope="all") if row["player"] == "P07-1"
    )
    assert f'<td class="num">{winners_rank}</td>' in found
    # the downloads hold what the page shows
    assert [(r["player"], r["rank"]) for r in _rows(client, scope="all", q="p07-1")] == [
        ("P07-1", winners_rank)
    ]
    csv = client.get(reverse("leaderboard-csv"), {"scope": "all", "q": "p07-1"}).content.decode()
    assert len(csv.strip().splitlines()) == 2 and "P07-1" in csv


def test_a_season_board_shows_ratings_earned_in_that_season():
    old = Season.objects.create(name="Old", starts_on="2025-01-01", ends_on="2025-12-31")
    new = Season.objects.create(name="New", starts_on="2026-01-01", ends_on="2026-12-31")
    for day in range(1, 5):  # Bo wins four times last year
        _game(("Aki", "Bo", "Chen", "Dai"), f"2025-03-0{day}T19:00:00+00:00", winner=1)
    _game(("Aki", "Bo", "Chen", "Dai"), "2026-03-01T19:00:00+00:00", winner=2)

    fresh = SeasonRating.objects.get(season=new, player__name="Bo")
    all_time = Rating.objects.get(player__name="Bo")

    assert fresh.games == 1 and all_time.games == 5
    assert SeasonRating.objects.get(season=old, player__name="Bo").games == 4
    assert fresh.mu < all_time.mu  # this season Bo started afresh and lost


def test_the_date_range_board_takes_the_same_queries_however_big_the_club(
    client, django_assert_max_num_queries
):
    _game(("Aki", "Bo", "Chen", "Dai"), "2026-03-01T19:00:00+00:00")
    query = {"scope": "dates", "starts": "2026-01-01"}
    with django_assert_max_num_queries(12) as few:
        client.get(reverse("leaderboard"), query)
    for table in range(20):
        _game(
            (f"A{table}", f"B{table}", f"C{table}", "Dai"),
            f"2026-04-0{1 + table % 9}T19:00:00+00:00",
        )

    with django_assert_max_num_queries(len(few.captured_queries)):
        assert client.get(reverse("leaderboard"), query).status_code == 200
    assert PlayerGame.objects.count() == 84


def _player_page(client, name: str, **query) -> str:
    pk = PlayerGame.objects.filter(player__name=name).values_list("player", flat=True).first()
    response = client.get(reverse("player-stats", args=[pk]), query)
    assert response.status_code == 200
    return response.content.decode()


def test_a_season_player_page_shows_the_season_rating_and_labels_the_all_time_one(client):
    new = Season.objects.create(name="New", starts_on="2026-01-01", ends_on="2026-12-31")
    for day in range(1, 4):
        _game(("Aki", "Bo", "Chen", "Dai"), f"2025-03-0{day}T19:00:00+00:00", winner=1)
    _game(("Aki", "Bo", "Chen", "Dai"), "2026-03-01T19:00:00+00:00", winner=2)
    fresh = SeasonRating.objects.get(season=new, player__name="Bo")
    all_time = Rating.objects.get(player__name="Bo")

    season_page = _player_page(client, "Bo", scope=f"season-{new.pk}")
    all_page = _player_page(client, "Bo", scope="all")

    assert "OpenSkill, this season" in season_page
    assert f"{fresh.ordinal:.1f}" in season_page.split('id="season-rating"')[1][:600]
    assert f"{all_time.ordinal:.1f}" in season_page.split('id="all-time-rating"')[1][:600]
    assert "OpenSkill, all time" in season_page and "(all-time rating)" in season_page
    assert "this season" not in all_page and "(all-time rating)" not in all_page
    assert 'class="explain"' in all_page  # the rating's explanation, one tap away


def test_the_rating_chart_plots_the_number_the_card_shows():
    from standings.templatetags.standings_tags import history_charts

    moment = dt.datetime(2026, 3, 1, 19, tzinfo=dt.UTC)
    history = [(moment, 10.0, 27.0, 7.0, 1510.0, 1), (moment, 5.0, 28.0, 6.0, 1520.0, 2)]

    chart = str(history_charts(history, "openskill")["rating"])

    assert "μ − 3σ" in chart
    assert ">10.0<" in chart  # the last game's 28 − 3 × 6, written at the line's end
    assert "27.0" not in chart and "28.0<" not in chart  # μ itself is not plotted
