"""Leaderboard, player statistics, ratings, exports and seasons (issue 7)."""

from __future__ import annotations

import csv
import datetime as dt
import doctest
import io
import json
import re

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.timezone import localtime

from ledger.models import Season
from standings import ratings
from standings.models import PlayerGame, Rating
from standings.rerate import rerate
from tests.factories import create_session, create_user, draw, rewrite_rounds, ron

EAST = {"preset": "wrc", "game_length": "east"}


def tsumo(winner, han, fu, riichi=()):
    return {"result": "tsumo", "winner": winner, "han": han, "fu": fu, "riichi": list(riichi)}


# Checked by hand: Bo 35,600 (1st, +20.6), Dai 33,800 (2nd, +8.8),
# Aki 26,300 (3rd, -8.7), Chen 24,300 (4th, -20.7).
GAME_A = [
    ron(1, 2, riichi=[1]),  # E1: Bo (riichi) rons Chen 3 han 40 fu: 5,200
    draw(1, 3, riichi=(3,)),  # E2: Bo (dealer) and Dai (riichi) tenpai; dealer keeps
    tsumo(3, 2, 30),  # E2 1 honba: Dai tsumo 2 han 30 fu: 1,100 / 600 / 600 + stick
    ron(2, 0, han=2, fu=30),  # E3: Chen (dealer) rons Aki 2,900; dealer keeps
    ron(0, 2, han=1, fu=30),  # E3 1 honba: Aki rons Chen 1,000 + 300
    draw(),  # E4: all noten, the game ends
]
# Dai 36,200 (1st, +21.2), Bo 30,000 (2nd, +5.0), Chen 28,000 (3rd, -7.0), Aki 25,800 (4th, -19.2)
GAME_B = [ron(3, 0), ron(3, 1, han=1, fu=30), ron(0, 2, han=2, fu=30), ron(1, 0, han=1, fu=30)]


@pytest.fixture
def club(db):
    return create_session(rules=EAST, rounds=GAME_A), create_session(rules=EAST, rounds=GAME_B)


def game_of(name, session):
    return PlayerGame.objects.get(player__name=name, session=session)


def board(client, **query):
    response = client.get(reverse("leaderboard-json"), query)
    assert response.status_code == 200, response.content
    return response.json()["rows"]


def test_round_statistics_match_a_hand_counted_session(club):
    session, _ = club

    bo, chen, dai = (game_of(name, session) for name in ("Bo", "Chen", "Dai"))

    assert (bo.rounds, bo.wins, bo.win_points, bo.riichi, bo.riichi_wins) == (6, 1, 5200, 1, 1)
    assert (bo.dealer_rounds, bo.dealer_kept, bo.draws, bo.draw_tenpai) == (2, 1, 2, 1)
    assert (chen.deal_ins, chen.deal_in_points, chen.wins, chen.win_points) == (2, 6500, 1, 2900)
    assert (dai.tsumo_wins, dai.win_points, dai.riichi, dai.riichi_wins) == (1, 2300, 1, 0)
    assert (bo.place, bo.score, bo.result) == (1, 35600, 20.6)
    assert bo.biggest_hand == "3 han 40 fu"


def test_player_page_shows_the_hand_counted_rates(client, club):
    session, _ = club
    chen = game_of("Chen", session).player

    page = client.get(reverse("player-stats", args=[chen.pk])).content.decode()

    # Chen over both games: 10 rounds, 2 wins, 3 deal-ins (5,200 + 1,300 + 2,000)
    assert 'Deal-in rate</th><td class="num">30.0%' in page
    assert 'Average deal-in</th><td class="num">2,833' in page
    assert 'Win rate</th><td class="num">10.0%' in page
    assert 'Dealer rounds kept</th><td class="num">33.3%' in page  # E3 kept, E3+1 and B's E3 not
    assert "<svg" in page and 'id="head-to-head"' in page
    assert 'title="Rounds won (ron or tsumo) divided by rounds played."' in page


def test_head_to_head_counts_points_exchanged_by_ron(client, club):
    session, _ = club
    aki = game_of("Aki", session).player

    page = client.get(reverse("player-stats", args=[aki.pk])).content.decode()
    chen_row = page[page.index(">Chen</a>") :].split("</tr>")[0]

    # Aki took 1,300 + 2,000 from Chen by ron and paid Chen 2,900; places 3v4 then 4v3
    assert [cell.split("<")[0] for cell in chen_row.split('class="num">')[1:]] == [
        "2",
        "0.00",
        "3,300",
        "2,900",
    ]


def test_leaderboard_sums_results_and_ranks_ties_consistently(client, club):
    rows = board(client, scope="all")

    assert [(r["player"], r["total"], r["games"]) for r in rows] == [
        ("Dai", 30.0, 2),
        ("Bo", 25.6, 2),
        ("Chen", -27.7, 2),
        ("Aki", -27.9, 2),
    ]
    by_place = board(client, scope="all", sort="average_place")
    assert [(r["rank"], r["player"]) for r in by_place] == [
        (1, "Dai"),
        (1, "Bo"),
        (3, "Chen"),
        (3, "Aki"),
    ]
    assert rows[0]["first_rate"] == 0.5 and rows[0]["average_place"] == 1.5


def test_leaderboard_page_shows_rows_with_separators_and_definitions(client, club):
    page = client.get(reverse("leaderboard"), {"scope": "all"}).content.decode()

    assert "+30.0" in page and "\u221227.9" in page
    assert 'class="sparkline"' in page
    assert "Share of games finished with a negative score" in page


def test_the_current_users_row_is_marked(client, club):
    user = create_user()
    game = game_of("Bo", club[0])
    game.player.user = user
    game.player.save()
    client.force_login(user)

    page = client.get(reverse("leaderboard"), {"scope": "all"}).content.decode()

    assert f'<tr id="player-{game.player_id}" class="mine">' in page


def test_min_games_hides_players_with_fewer_games(client, club):
    create_session(names=("Eri", "Fumi", "Gen", "Hana"), rules=EAST, rounds=GAME_B)

    assert len(board(client, scope="all")) == 8
    assert {r["player"] for r in board(client, scope="all", min_games=2)} == {
        "Aki",
        "Bo",
        "Chen",
        "Dai",
    }


def test_leaderboard_defaults_to_the_current_season(client, club):
    season = Season.objects.create(name="Spring", starts_on=dt.date(2020, 1, 1))
    session = create_session(names=("Eri", "Fumi", "Gen", "Hana"), rules=EAST)
    session.season = season
    session.save()
    rewrite_rounds(session, GAME_B)

    response = client.get(reverse("leaderboard-json"))

    assert response.json()["scope"] == "Season Spring"
    assert {r["player"] for r in response.json()["rows"]} == {"Eri", "Fumi", "Gen", "Hana"}


def test_a_range_ending_on_the_last_day_there_is_counts_every_session(client, club):
    assert len(board(client, scope="dates", ends=dt.date.max)) == 4
    for name in ("leaderboard", "leaderboard-json", "leaderboard-csv"):
        response = client.get(reverse(name), {"scope": "dates", "ends": "9999-12-31"})
        assert response.status_code == 200


def test_date_range_counts_sessions_finished_in_it(client, club):
    today = dt.date.today()

    assert len(board(client, scope="dates", starts=today - dt.timedelta(days=1))) == 4
    assert board(client, scope="dates", ends=today - dt.timedelta(days=2)) == []


@pytest.mark.parametrize(
    "query",
    [
        {"scope": "season-999"},
        {"min_games": "-1"},
        {"min_games": "many"},
        {"sort": "__class__"},
        {"scope": "dates", "starts": "2024-13-45"},
        {"scope": "dates"},
        {"scope": "dates", "starts": "2024-05-01", "ends": "2024-04-01"},
    ],
)
def test_bad_query_strings_give_a_clear_error(client, club, query):
    page = client.get(reverse("leaderboard"), query)
    export = client.get(reverse("leaderboard-csv"), query)
    player = client.get(reverse("player-stats", args=[game_of("Aki", club[0]).player_id]), query)

    assert page.status_code == 400 and b'role="alert"' in page.content
    assert export.status_code == 400 and export.json()["errors"]
    assert player.status_code in (200, 400)


def test_rating_is_recomputed_when_a_past_session_is_edited(club):
    first, _ = club
    before = ratings_by_name()

    rewrite_rounds(first, [*GAME_A[:4], ron(0, 1, han=6, fu=30), draw()])  # Aki haneman off Bo

    after = ratings_by_name()
    assert game_of("Aki", first).place == 1
    assert after["Aki mu"] > before["Aki mu"] and after["Aki R"] > before["Aki R"]
    rerate()  # from scratch
    assert ratings_by_name() == pytest.approx(after)


def ratings_by_name():
    values = {}
    for rating in Rating.objects.select_related("player"):
        values[f"{rating.player.name} mu"] = rating.mu
        values[f"{rating.player.name} R"] = rating.tenhou_r
    return values


def test_tenhou_r_follows_places_and_games_played(club):
    aki = Rating.objects.get(player__name="Aki")

    # 3rd then 4th: 1500 - 10 = 1490; then (-30 + (1500.0 avg... ) adjusted by 0.998
    table_r = (1490 + 1530 + 1470 + 1510) / 4
    assert aki.tenhou_r == pytest.approx(1490 + (-30 + (table_r - 1490) / 40) * 0.998)
    assert aki.games == 2 and aki.sigma < ratings.MODEL.sigma


def test_a_session_back_in_progress_stops_counting(client, club):
    first, _ = club

    rewrite_rounds(first, GAME_A[:3])

    assert not PlayerGame.objects.filter(session=first).exists()
    assert [r["games"] for r in board(client, scope="all")] == [1, 1, 1, 1]


def test_leaderboard_csv_quotes_names_and_keeps_utf8(client, db):
    create_session(names=('李 "小龍", Jr', "佐藤 花子", "Ünal", "Bo"), rules=EAST, rounds=GAME_B)

    response = client.get(reverse("leaderboard-csv"), {"scope": "all"})

    assert response["Content-Type"] == "text/csv; charset=utf-8"
    text = response.content.decode("utf-8-sig")
    assert '"李 ""小龍"", Jr"' in text
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [r["player"] for r in rows] == ["Bo", "佐藤 花子", "Ünal", '李 "小龍", Jr']
    assert rows[0]["total"] == "21.2" and rows[0]["rank"] == "1"


def test_leaderboard_json_has_every_column(client, club):
    data = json.loads(client.get(reverse("leaderboard-json"), {"scope": "all"}).content)

    assert data["rating_system"] == "openskill"
    assert set(data["rows"][0]) >= {"games", "total", "average_place", "tobi_rate", "rating"}


def test_player_sessions_export_as_csv_and_json(client, db):
    session = create_session(names=("佐藤", "Bo", "Chen", "Dai"), rules=EAST, rounds=GAME_B)
    sato = game_of("佐藤", session).player

    text = client.get(reverse("player-sessions-csv", args=[sato.pk])).content.decode("utf-8-sig")
    data = client.get(reverse("player-sessions-json", args=[sato.pk])).json()

    row = next(csv.DictReader(io.StringIO(text)))
    assert (row["place"], row["score"], row["players"]) == ("4", "25800", "佐藤 / Bo / Chen / Dai")
    assert row["start_points"] == "30000"
    assert data["player"] == "佐藤" and data["sessions"][0]["result"] == -19.2
    assert data["sessions"][0]["start_points"] == 30000


def test_leaderboard_query_count_does_not_grow_with_data(client, django_assert_max_num_queries, db):
    create_session(rules=EAST, rounds=GAME_A)
    with django_assert_max_num_queries(9):  # one of them: are standings being brought up to date?
        client.get(reverse("leaderboard"), {"scope": "all"})

    for names in [("Eri", "Fumi", "Gen", "Hana"), ("Ito", "Jun", "Kei", "Lin")] * 3:
        create_session(names=names, rules=EAST, rounds=GAME_B)

    for query in ({"scope": "all"}, {}, {"scope": "dates", "starts": "2000-01-01"}):
        with django_assert_max_num_queries(9):
            assert client.get(reverse("leaderboard"), query).status_code == 200


def test_player_page_query_count_does_not_grow_with_games(
    client, django_assert_max_num_queries, club
):
    aki = game_of("Aki", club[0]).player
    for _ in range(4):
        create_session(rules=EAST, rounds=GAME_B)

    # 12 before the achievements, which read the first yakuman and the best night
    with django_assert_max_num_queries(14):
        client.get(reverse("player-stats", args=[aki.pk]))


def test_ledger_player_page_shows_the_statistics_card(client, club):
    aki = game_of("Aki", club[0]).player

    page = client.get(reverse("player-detail", args=[aki.pk])).content.decode()

    assert 'id="player-summary"' in page and "2 games" in page


def test_creating_a_season_needs_a_login(client, db):
    data = {"name": "Autumn", "starts_on": "2025-09-01"}

    response = client.post(reverse("season-list"), data)

    assert response.status_code == 302 and "/login/" in response["Location"]
    assert not Season.objects.exists()


def test_a_member_creates_a_season(client, db):
    client.force_login(create_user())

    client.post(reverse("season-list"), {"name": "Autumn", "starts_on": "2025-09-01"})

    assert Season.objects.get().name == "Autumn"


def test_a_season_cannot_end_before_it_starts(client, db):
    client.force_login(create_user())
    data = {"name": "Odd", "starts_on": "2025-09-01", "ends_on": "2025-08-01"}

    response = client.post(reverse("season-list"), data)

    assert response.status_code == 400 and b"cannot end before it starts" in response.content
    assert not Season.objects.exists()


def test_staff_close_a_season_and_members_cannot(client, db):
    season = Season.objects.create(name="Summer", starts_on=dt.date(2025, 6, 1))
    member = create_user()
    client.force_login(member)
    client.post(reverse("season-close", args=[season.pk]))
    season.refresh_from_db()
    assert not season.is_closed

    member.is_staff = True
    member.save()
    client.post(reverse("season-close", args=[season.pk]))

    season.refresh_from_db()
    assert season.is_closed and season.ends_on is not None


def test_staff_choose_tenhou_r_for_the_leaderboard(client, club):
    staff = create_user()
    staff.is_staff = True
    staff.save()
    client.force_login(staff)

    client.post(reverse("rating-choice"), {"rating_system": "tenhou"})

    data = client.get(reverse("leaderboard-json"), {"scope": "all"}).json()
    assert data["rating_system"] == "tenhou" and data["rows"][0]["rating"] > 1000


def test_ratings_doctests_pass():
    assert doctest.testmod(ratings).failed == 0


def test_tobi_counts_games_finished_below_zero(client, db):
    yakuman = {"result": "ron", "loser": 1, "wins": [{"winner": 0, "yakuman": 1}], "riichi": []}
    rounds = [yakuman, ron(1, 2), ron(2, 3), ron(3, 0), ron(0, 1, han=1, fu=30)]
    create_session(rules=EAST, rounds=rounds)

    rows = {r["player"]: r for r in board(client, scope="all")}

    assert rows["Bo"]["tobi_rate"] == 1.0 and rows["Aki"]["tobi_rate"] == 0.0


def test_yaku_of_hands_entered_as_tiles_are_counted(client, db):
    hand = {"hand": "12223m456p234789s", "win": "4s"}
    win = {"result": "ron", "loser": 2, "wins": [{"winner": 0, "hand": hand}], "riichi": [0]}
    session = create_session(rules=EAST, rounds=[win, *GAME_B])
    aki = game_of("Aki", session)

    page = client.get(reverse("player-stats", args=[aki.player_id])).content.decode()

    assert aki.yaku == {"riichi": 1, "pinfu": 1}
    assert 'data-yaku="pinfu"' in page


def test_a_double_riichi_hand_counts_its_double_riichi(db):
    # The round lists the double riichi among its riichi (its stick is on the table);
    # the hand says which of the two it was.
    hand = {"hand": "12223m456p234789s", "win": "4s", "double_riichi": True}
    win = {"result": "ron", "loser": 2, "wins": [{"winner": 0, "hand": hand}], "riichi": [0]}
    session = create_session(rules=EAST, rounds=[win, *GAME_B])

    assert game_of("Aki", session).yaku == {"double_riichi": 1, "pinfu": 1}


def test_generated_club_is_consistent_with_the_engine(db):
    from django.core.management import call_command

    from ledger.models import Session
    from standings.models import Standing

    call_command("generate_club", players=8, sessions=12, verbosity=0, stdout=io.StringIO())

    session = Session.objects.order_by("?").first()
    final = session.replay()["final"]
    results = sorted(session.results.all(), key=lambda r: r.seat)
    assert [r.score for r in results] == final["scores"]
    assert [r.result for r in results] == final["results"]
    assert Standing.objects.filter(scope="all").count() == 8
    assert Rating.objects.count() == 8


def chart_axis(chart: str, which: str) -> list[str]:
    """Return the texts of one axis of a line chart: y (values), x (game numbers), dates."""
    part = chart.split(f'<g class="axis {which}"', 1)[1].split("</g>", 1)[0]
    return re.findall(r"<text [^>]*>([^<]+)</text>", part)


def test_the_result_chart_has_a_value_axis_game_numbers_and_dates(client, club):
    aki = game_of("Aki", club[0]).player
    first, second = (game_of("Aki", session).session.finished_at for session in club)

    page = client.get(reverse("player-stats", args=[aki.pk])).content.decode()
    result = page.split("<h2>Cumulative result</h2>", 1)[1].split("</svg>", 1)[0]

    # Aki: -8.7, then -19.2: the running result -8.7, -27.9
    assert chart_axis(result, "y") == ["\u221220", "\u221210", "0"]
    assert chart_axis(result, "x") == ["1", "2"]
    assert chart_axis(result, "dates")[0] == f"{localtime(first):%Y-%m-%d}"
    assert "<title>Game 2, " in result and ": \u221227.9</title>" in result
    assert re.findall(r'<text class="end" [^>]*>([^<]+)</text>', result) == ["\u221227.9"]
    assert f"{localtime(second):%Y-%m-%d}" in result


def test_a_long_history_numbers_every_fiftieth_game_and_draws_no_dots():
    from standings.charts import MOST_DOTS, line_chart

    values = [float(i % 7) for i in range(300)]
    with translation.override("en"):
        chart = str(line_chart(values, title="t", dates=["2026-01-01"] * 300))

    numbers = chart_axis(chart, "x")
    assert numbers == ["1", "50", "100", "150", "200", "250", "300"]
    assert chart.count("<circle") == 0 < len(values) - MOST_DOTS


@pytest.mark.parametrize(
    ("last", "shown"), [(6.475, "6.5"), (-2.952, "−3.0"), (2.979, "3.0"), (0.278, "0.3")]
)
def test_the_chart_rounds_its_last_value_as_the_pages_do(last, shown):
    from standings.charts import line_chart

    with translation.override("en"):
        chart = str(line_chart([1.0, last], title="t", dates=["2026-01-01"] * 2))

    assert f">{shown}</text>" in chart
