"""A tester's findings on the standings and the players: date ranges named in the page's
language, bad scopes refused by the exports, zeros for a player without games, the
players' names compared and sorted ignoring case, a reversed season named alone."""

from __future__ import annotations

import csv
import datetime as dt
import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from ledger import writes
from ledger.models import Player, Season, Session
from ledger.players import players_named
from standings.club import club_report
from standings.scopes import ALL_TIME
from tests.factories import create_player, create_user, ron

pytestmark = pytest.mark.django_db
ONE_ROUND = {"preset": "wrc", "game_length": "one_round"}
CHINESE = {"HTTP_ACCEPT_LANGUAGE": "zh-hans"}


def _game(when: str, names: tuple[str, ...] = ("Aki", "Bo", "Chen", "Dai")) -> Session:
    """A finished one-round game started and finished at ``when``."""
    moment = dt.datetime.fromisoformat(when)
    new = writes.NewSession(players=players_named(list(names)), rules=ONE_ROUND,
                            rounds=[ron(1, 0)], started_at=moment, finished_at=moment)  # fmt: skip
    return writes.create_session(new, actor=writes.COMMAND)


def _scope_line(page: str) -> str:
    """Return the line under the filters that says which games are counted (a div on the
    leaderboard, whose line holds an explanation; a paragraph on a player's page)."""
    after_form = page[page.index("</form>") :]
    return re.search(r'<(p|div) class="muted(?: board-scope)?">(.*?)</\1>', after_form, re.S)[2]


@pytest.fixture
def winter():
    season = Season.objects.create(name="Winter", starts_on="2026-12-01")
    _game("2026-12-01T19:00:00+00:00")
    _game("2026-12-03T19:00:00+00:00")
    return season


# --- 1. a date range is named beside its scope, in the page's language ----------------


def test_all_time_narrowed_to_dates_is_named_by_its_dates(client, winter):
    query = {"scope": "all", "starts": "2026-12-04", "min_games": 0}

    line = _scope_line(client.get(reverse("leaderboard"), query).content.decode())

    assert line.startswith("2026-12-04 to …")
    assert "All time" not in line


def test_a_season_narrowed_to_dates_keeps_its_name_apart_in_chinese(client, winter):
    aki = Player.objects.get(name="Aki")
    query = {"scope": f"season-{winter.pk}", "starts": "2026-12-02"}

    page = client.get(reverse("player-stats", args=[aki.pk]), query, **CHINESE)
    line = _scope_line(page.content.decode())

    assert line.startswith("赛季“Winter”")
    assert "Winter," not in line and " to " not in line
    assert "2026年12月2日至…" in line


def test_the_json_scope_names_the_dates_in_the_asked_language(client, winter):
    query = {"scope": f"season-{winter.pk}", "starts": "2026-12-02", "ends": "2026-12-31"}

    english = client.get(reverse("leaderboard-json"), query).json()
    chinese = client.get(reverse("leaderboard-json"), query, **CHINESE).json()

    assert english["scope"] == "Season Winter, 2026-12-02 to 2026-12-31"
    assert chinese["scope"].startswith("赛季“Winter”")
    assert "2026年12月2日至2026年12月31日" in chinese["scope"]
    assert (english["starts"], english["ends"]) == ("2026-12-02", "2026-12-31")


def test_the_api_and_the_sessions_export_name_the_dates_not_all_time(client, winter):
    aki = Player.objects.get(name="Aki")
    query = {"scope": "all", "starts": "2026-12-02"}

    stats = client.get(f"/api/v1/players/{aki.pk}/stats", query, **CHINESE).json()
    sessions = client.get(reverse("player-sessions-json", args=[aki.pk]), query).json()

    assert stats["scope"] == "2026年12月2日至…" and stats["totals"]["games"] == 1
    assert sessions["scope"] == "2026-12-02 to …" and len(sessions["sessions"]) == 1
    assert (sessions["starts"], sessions["ends"]) == ("2026-12-02", None)


def test_a_scope_without_dates_is_named_as_before(client, winter):
    season = client.get(reverse("leaderboard-json"), {"scope": f"season-{winter.pk}"}).json()
    always = client.get(reverse("leaderboard-json"), {"scope": "all"}, **CHINESE).json()

    assert season["scope"] == "Season Winter" and (season["starts"], season["ends"]) == (None, None)
    assert always["scope"] == "全部时间"


# --- 2. the player's session exports refuse a bad query as the leaderboard does --------


@pytest.mark.parametrize(
    "query", [{"scope": "season-999"}, {"starts": "2026-02-30"}, {"scope": "dates"}]
)
@pytest.mark.parametrize("name", ["player-sessions-json", "player-sessions-csv"])
def test_the_sessions_exports_refuse_a_bad_query(client, winter, name, query):
    aki = Player.objects.get(name="Aki")

    response = client.get(reverse(name, args=[aki.pk]), query)
    board = client.get(reverse("leaderboard-json"), query)

    assert (response.status_code, board.status_code) == (400, 400)
    assert response.json() == board.json()


def test_the_sessions_csv_follows_a_good_scope(client, winter):
    aki = Player.objects.get(name="Aki")
    query = {"scope": f"season-{winter.pk}", "starts": "2026-12-02"}

    text = client.get(reverse("player-sessions-csv", args=[aki.pk]), query).content.decode(
        "utf-8-sig"
    )

    assert len(list(csv.DictReader(io.StringIO(text)))) == 1


# --- 3. zeros for a player with no finished games ---------------------------------------


def test_the_api_gives_zeros_to_a_player_without_finished_games(client, winter):
    aki = Player.objects.get(name="Aki")
    newcomer = create_player(name="Eri")

    played = client.get(f"/api/v1/players/{aki.pk}/stats").json()
    fresh = client.get(f"/api/v1/players/{newcomer.pk}/stats").json()
    before = client.get(f"/api/v1/players/{aki.pk}/stats", {"scope": "dates", "ends": "2020-01-01"})

    for empty in (fresh, before.json()):
        assert set(empty["totals"]) == set(played["totals"])
        assert set(empty["rounds"]) == set(played["rounds"])
        assert empty["totals"]["games"] == 0 and empty["totals"]["places"] == [0, 0, 0, 0]
        assert empty["totals"]["total"] == 0 and empty["totals"]["tobis"] == 0
        assert all(value == 0 for value in empty["rounds"].values())
        assert empty["totals"]["average_result"] is None  # nothing to average
        assert empty["rates"]["win_rate"] is None
    assert fresh["totals"]["player_id"] == newcomer.pk


def test_the_pages_of_a_player_without_finished_games_say_so(client, db):
    newcomer = create_player(name="Eri")

    stats = client.get(reverse("player-stats", args=[newcomer.pk])).content.decode()
    sessions = client.get(reverse("player-detail", args=[newcomer.pk])).content.decode()

    assert "No finished games in this scope." in stats
    assert 'id="player-results"' not in stats and 'id="round-statistics"' not in stats
    assert "No finished games yet." in sessions


# --- 4. a name taken in another case is refused in words ---------------------------------


def test_renaming_a_player_to_another_players_name_in_other_case_is_refused_in_words(client):
    boss = get_user_model().objects.create_superuser("boss", password="pw-for-tests-1")
    client.force_login(boss)
    create_player(name="Guest2")
    guest = create_player(name="guest")

    response = client.post(f"/admin/ledger/player/{guest.pk}/change/", {"name": "guest2"})
    page = response.content.decode()

    assert response.status_code == 200
    assert "A player with this name already exists" in page
    assert "one_player_per_name_in_any_case" not in page and "Constraint" not in page
    assert Player.objects.get(pk=guest.pk).name == "guest"


# --- 5. names sorted ignoring case ------------------------------------------------------


def test_the_players_list_sorts_names_ignoring_case(client):
    for name in ("LITHIUM", "Suika", "kinji.s", "Late Larry"):
        create_player(name=name)

    page = client.get(reverse("player-list")).content.decode()
    shown = re.findall(r'<span class="names">(.*?)</span>', page)

    assert shown == ["kinji.s", "Late Larry", "LITHIUM", "Suika"]


def test_the_players_list_sorts_names_ignoring_accents(client):
    for name in ("Zoë", "Émile", "adam", "Ölçer", "eve"):
        create_player(name=name)

    page = client.get(reverse("player-list")).content.decode()
    shown = re.findall(r'<span class="names">(.*?)</span>', page)

    assert shown == ["adam", "Émile", "eve", "Ölçer", "Zoë"]


def test_head_to_head_lists_opponents_with_as_many_games_ignoring_case(client):
    _game("2026-12-03T19:00:00+00:00", names=("Aki", "bo", "Chen", "dai"))
    aki = Player.objects.get(name="Aki")

    stats = client.get(f"/api/v1/players/{aki.pk}/stats").json()

    assert [row["opponent"] for row in stats["head_to_head"]] == ["bo", "Chen", "dai"]


def test_the_club_matrix_lists_players_with_as_many_games_ignoring_case(db):
    _game("2026-12-03T19:00:00+00:00", names=("Aki", "bo", "Chen", "dai"))

    players = club_report(ALL_TIME, min_games=1)["players"]

    assert [player.name for player in players] == ["Aki", "bo", "Chen", "dai"]


# --- 6. a reversed season is refused for that alone -------------------------------------


def test_a_reversed_season_on_the_seasons_page_is_not_said_to_overlap(client):
    client.force_login(create_user())
    Season.objects.create(name="Spring", starts_on="2026-03-01", ends_on="2026-04-30")

    response = client.post(reverse("season-list"), {"name": "Odd", "starts_on": "2026-02-01",
                                                    "ends_on": "2026-01-15"})  # fmt: skip
    page = response.content.decode()

    assert response.status_code == 400
    assert "A season cannot end before it starts." in page
    assert "overlaps" not in page
    assert Season.objects.count() == 1


def test_a_reversed_season_in_the_admin_is_not_said_to_overlap(client):
    boss = get_user_model().objects.create_superuser("boss", password="pw-for-tests-1")
    client.force_login(boss)
    Season.objects.create(name="Autumn", starts_on="2025-09-01")

    response = client.post("/admin/ledger/season/add/", {"name": "Odd", "starts_on": "2026-06-01",
                                                         "ends_on": "2026-05-01"})  # fmt: skip
    page = response.content.decode()

    assert response.status_code == 200
    assert "A season cannot end before it starts." in page
    assert "overlaps" not in page and "Constraint" not in page
    assert Season.objects.count() == 1


def test_a_season_that_overlaps_is_still_refused_in_the_admin(client):
    boss = get_user_model().objects.create_superuser("boss", password="pw-for-tests-1")
    client.force_login(boss)
    Season.objects.create(name="Spring", starts_on="2026-03-01", ends_on="2026-04-30")

    response = client.post("/admin/ledger/season/add/", {"name": "Late", "starts_on": "2026-04-15",
                                                         "ends_on": "2026-05-15"})  # fmt: skip

    assert "overlaps season Spring" in response.content.decode()
    assert Season.objects.count() == 1
