"""The club page, the wins behind it, a player's achievements and the printable standings
(issue 19, items 7 and 8). Every figure below is counted by hand from the rounds."""

from __future__ import annotations

import datetime as dt
import doctest

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ledger import writes
from ledger.models import Session
from standings import club
from standings.club import Cell, club_report
from standings.models import WinHand
from standings.rebuild import rebuild_everything
from standings.scopes import ALL_TIME, Scope
from tests.factories import create_session, rewrite_rounds, ron
from tests.test_standings import EAST, GAME_A, GAME_B

pytestmark = pytest.mark.django_db
ONE_ROUND = {"preset": "wrc", "game_length": "one_round"}
YAKUMAN = {"result": "ron", "loser": 1, "wins": [{"winner": 0, "yakuman": 1}], "riichi": []}
# Aki yakuman from Bo, then three rounds; Bo busts (see test_standings' tobi test).
YAKUMAN_GAME = [YAKUMAN, ron(1, 2), ron(2, 3), ron(3, 0), ron(0, 1, han=1, fu=30)]
PINFU = {"hand": "12223m456p234789s", "win": "4s"}


def tile_win(*, riichi: bool) -> dict:
    seats = [0] if riichi else []
    return {"result": "ron", "loser": 2, "wins": [{"winner": 0, "hand": PINFU}], "riichi": seats}


def finish_at(session: Session, when: dt.datetime) -> None:
    Session.objects.filter(pk=session.pk).update(finished_at=when)


@pytest.fixture
def two_games():
    return create_session(rules=EAST, rounds=GAME_A), create_session(rules=EAST, rounds=GAME_B)


def cells(report):
    names = [player.name for player in report["players"]]
    return {
        (player.name, names[i]): cell
        for player, row in report["matrix"]
        for i, cell in enumerate(row)
        if cell is not None
    }


# --- the wins -----------------------------------------------------------------------


def test_each_win_of_a_session_is_stored_with_its_value(two_games):
    game_a, _ = two_games

    wins = WinHand.objects.filter(session=game_a).order_by("pk")

    # Bo 5,200 from Chen; Dai tsumo 2,300 (1,100 + 600 + 600, honba); Chen 2,900; Aki 1,300
    assert [(w.player.name, w.points, w.han, w.fu, w.limit) for w in wins] == [
        ("Aki", 1300, 1, 30, "none"),
        ("Bo", 5200, 3, 40, "none"),
        ("Chen", 2900, 2, 30, "none"),
        ("Dai", 2300, 2, 30, "none"),
    ]
    assert all(w.yaku == [] for w in wins)  # han/fu only: no yaku known


def test_a_hand_entered_as_tiles_keeps_its_yaku():
    session = create_session(rules=EAST, rounds=[tile_win(riichi=True), *GAME_B])

    win = WinHand.objects.exclude(yaku=[]).get(session=session)

    assert (win.player.name, win.yaku, win.han, win.fu) == ("Aki", ["riichi", "pinfu"], 2, 30)


def test_wins_are_rewritten_when_a_session_is_corrected_deleted_and_restored():
    session = create_session(rules=EAST, rounds=GAME_B)
    assert WinHand.objects.filter(session=session).count() == 4

    rewrite_rounds(session, [ron(3, 0, han=5, fu=30), *GAME_B[1:]])
    assert WinHand.objects.get(session=session, player__name="Dai", points=8000).limit == "mangan"
    assert WinHand.objects.filter(session=session, points=5200).count() == 0

    writes.delete_session(session.pk, actor=writes.COMMAND)
    assert not WinHand.objects.filter(session=session).exists()

    writes.restore_session(session.pk, actor=writes.COMMAND)
    assert WinHand.objects.filter(session=session).count() == 4


def test_a_rebuild_from_scratch_writes_the_same_wins(two_games):
    before = sorted(WinHand.objects.values_list("session_id", "player_id", "points", "limit"))
    WinHand.objects.all().delete()

    rebuild_everything()

    assert sorted(WinHand.objects.values_list("session_id", "player_id", "points", "limit")) == (
        before
    )


# --- the club's picture -------------------------------------------------------------


def test_the_matrix_counts_games_place_difference_and_ron_points(two_games):
    report = club_report(ALL_TIME, min_games=1)
    found = cells(report)

    assert [p.name for p in report["players"]] == ["Aki", "Bo", "Chen", "Dai"]  # 2 games each
    # Aki v Chen: places 3 v 4, then 4 v 3; Aki took 1,300 + 2,000 from Chen, paid 2,900
    assert found["Aki", "Chen"] == Cell(games=2, place_difference=0.0, ron_won=3300)
    assert found["Chen", "Aki"] == Cell(games=2, place_difference=0.0, ron_won=2900)
    # Bo v Chen: 1 v 4, then 2 v 3; Bo took 5,200 from Chen in game A
    assert found["Bo", "Chen"] == Cell(games=2, place_difference=2.0, ron_won=5200)
    # Dai v Aki: 2 v 3, then 1 v 4; Dai took 5,200 from Aki in game B
    assert found["Dai", "Aki"] == Cell(games=2, place_difference=2.0, ron_won=5200)
    assert found["Aki", "Dai"] == Cell(games=2, place_difference=-2.0, ron_won=0)
    assert len(found) == 12  # no player against themselves


def test_the_matrix_lists_only_the_most_active_players_over_the_threshold(two_games):
    create_session(names=("Aki", "Eri", "Fumi", "Gen"), rules=EAST, rounds=GAME_B)

    report = club_report(ALL_TIME, min_games=2, size=3)
    regulars = club_report(ALL_TIME, min_games=2)  # Eri, Fumi and Gen have one game

    assert [p.name for p in report["players"]] == ["Aki", "Bo", "Chen"]  # Aki 3, then by name
    assert cells(report)["Aki", "Bo"].games == 2
    assert [p.name for p in regulars["players"]] == ["Aki", "Bo", "Chen", "Dai"]


def test_places_and_gains_by_starting_seat(two_games):
    seats = club_report(ALL_TIME, min_games=1)["seats"]

    # From 30,000: seat 0 (Aki) 26,300 3rd and 25,800 4th; seat 1 (Bo) 35,600 1st and
    # 30,000 2nd; seat 2 (Chen) 24,300 and 28,000; seat 3 (Dai) 33,800 and 36,200.
    assert [(s.seat, s.games, s.average_gain, s.average_place, s.places) for s in seats] == [
        (0, 2, -3950, 3.5, (0, 0, 1, 1)),
        (1, 2, 2800, 1.5, (1, 1, 0, 0)),
        (2, 2, -3850, 3.5, (0, 0, 1, 1)),
        (3, 2, 5000, 1.5, (1, 1, 0, 0)),
    ]


TENHOU_EAST = {"preset": "tenhou", "game_length": "east"}  # 25,000 points to start


@pytest.mark.parametrize("scope", [ALL_TIME, Scope("dates", "Dates", starts=dt.date(2000, 1, 1))])
def test_seats_compare_gains_across_rulesets_with_other_starting_points(two_games, scope):
    """The same two games again under a ruleset starting at 25,000: every final score is
    5,000 lower, so the gains, and each seat's average, stay the same."""
    create_session(rules=TENHOU_EAST, rounds=GAME_A)
    create_session(rules=TENHOU_EAST, rounds=GAME_B)

    seats = club_report(scope, min_games=1)["seats"]

    assert [(s.seat, s.games, s.average_gain) for s in seats] == [
        (0, 4, -3950),
        (1, 4, 2800),
        (2, 4, -3850),
        (3, 4, 5000),
    ]


def test_the_histogram_puts_each_win_in_its_han_or_limit(two_games):
    create_session(rules=EAST, rounds=YAKUMAN_GAME)
    create_session(rules=EAST, rounds=[ron(3, 0, han=5, fu=30), *GAME_B[1:]])

    values = dict(club_report(ALL_TIME, min_games=1)["hand_values"])

    # Game A: 1,300 (1 han), 2,300 and 2,900 (2 han), 5,200 (3 han); game B: two of
    # 1 han, one of 2 and one of 3. The yakuman game: a yakuman, 3 han 40 fu ×3, 1 han.
    # The last game: a mangan (5 han), then 1, 2 and 1 han.
    assert values == {
        "1": 3 + 1 + 2,
        "2": 3 + 1,
        "3": 2 + 3,
        "4": 0,
        "mangan": 1,
        "haneman": 0,
        "baiman": 0,
        "sanbaiman": 0,
        "yakuman": 1,
    }


def test_yaku_frequencies_count_only_hands_entered_as_tiles():
    create_session(rules=EAST, rounds=[tile_win(riichi=True), *GAME_B])
    create_session(rules=EAST, rounds=[tile_win(riichi=False), *GAME_B])

    report = club_report(ALL_TIME, min_games=1)

    assert report["yaku"] == [("pinfu", 2), ("riichi", 1)]
    assert report["known_hands"] == 2 and report["wins"] == 10


def test_stored_tallies_equal_the_sums_over_a_date_range_covering_everything(two_games):
    create_session(rules=EAST, rounds=[tile_win(riichi=True), *GAME_B])
    everything = Scope("dates", "Dates", starts=dt.date(2000, 1, 1))
    keys = ("seats", "hand_values", "wins", "yaku", "known_hands")

    stored, summed = club_report(ALL_TIME, min_games=1), club_report(everything, min_games=1)

    assert {key: stored[key] for key in keys} == {key: summed[key] for key in keys}
    assert stored["known_hands"] == 1 and stored["wins"] == 13


def test_the_club_page_shows_the_matrix_seats_histogram_and_yaku(client, two_games):
    create_session(rules=EAST, rounds=[tile_win(riichi=True), *GAME_B])

    page = client.get(reverse("club-page"), {"scope": "all", "min_games": 1}).content.decode()

    assert 'id="club-matrix"' in page and 'class="matrix"' in page
    assert "<b>3</b><span" in page  # Aki and Bo met three times
    assert 'data-seat="0"><th scope="row">East (first dealer)</th>' in page
    # North, Dai's seat: +3,800 and +6,200, then 5,500 from Aki and 1,000 from Bo
    assert '<td class="num gain">+5,500</td>' in page
    assert 'class="bar-chart"' in page and "Mangan" in page and "Pinfu" in page


def test_the_leaderboard_links_the_club_page_and_the_print_page(client, two_games):
    page = client.get(reverse("leaderboard"), {"scope": "all"}).content.decode()

    assert 'href="/standings/club/?scope=all"' in page
    assert 'href="/standings/print/?scope=all"' in page


def _random_club(players: int, sessions: int) -> None:
    names = [f"P{i}" for i in range(players)]
    for n in range(sessions):
        table = tuple(names[(n + k * 3) % players] for k in range(4))
        create_session(names=table, rules=EAST, rounds=[tile_win(riichi=n % 2 == 0), *GAME_B])


def _club_page_queries(client, query) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(reverse("club-page"), query).status_code == 200
    return len(queries)


@pytest.mark.parametrize("query", [{"scope": "all"}, {"scope": "dates", "starts": "2000-01-01"}])
def test_the_club_page_reads_as_many_queries_however_big_the_club(client, query):
    query = {**query, "min_games": 1}
    _random_club(players=5, sessions=2)
    small = _club_page_queries(client, query)

    _random_club(players=13, sessions=12)
    big = _club_page_queries(client, query)

    assert small == big


# --- achievements -------------------------------------------------------------------


def _achievement(page: str, name: str) -> str:
    return page.split(f'data-achievement="{name}">')[1].split("</div>")[0]


def test_the_first_yakuman_is_the_earliest_with_its_session(client):
    later = create_session(rules=EAST, rounds=YAKUMAN_GAME)
    first = create_session(rules=EAST, rounds=YAKUMAN_GAME)
    finish_at(later, dt.datetime(2026, 5, 2, 12, tzinfo=dt.UTC))
    finish_at(first, dt.datetime(2026, 4, 1, 12, tzinfo=dt.UTC))
    rebuild_everything()
    aki = first.players()[0]

    page = client.get(reverse("player-stats", args=[aki.pk])).content.decode()

    found = _achievement(page, "first-yakuman")
    assert f'href="/sessions/{first.pk}/"' in found and "2026-04-01" in found


def test_most_wins_in_a_night_counts_by_the_clubs_local_date(client, settings):
    settings.TIME_ZONE = "Asia/Tokyo"
    games = [create_session(rules=EAST, rounds=rounds) for rounds in (GAME_A, GAME_B, GAME_B)]
    # Aki wins once in each; in Tokyo: 23:00 on 1 March, then 01:00 and 19:00 on 2 March
    for session, hour in zip(games, (14, 16, 34)):
        finish_at(session, dt.datetime(2026, 3, 1, tzinfo=dt.UTC) + dt.timedelta(hours=hour))
    rebuild_everything()
    aki = games[0].players()[0]

    page = client.get(reverse("player-stats", args=[aki.pk])).content.decode()

    assert "2 <small>(2026-03-02)</small>" in _achievement(page, "best-night")


def test_the_longest_top_two_streak_with_its_dates(client):
    order = [GAME_A, GAME_B, None, GAME_A, GAME_A, GAME_A]  # Bo 1, 2, 4th, then 1, 1, 1
    start = dt.datetime(2026, 6, 1, 12, tzinfo=dt.UTC)
    for day, rounds in enumerate(order):
        if rounds is None:  # Bo in seat 0 of game B: fourth
            session = create_session(names=("Bo", "Aki", "Chen", "Dai"), rules=EAST, rounds=GAME_B)
        else:
            session = create_session(rules=EAST, rounds=rounds)
        finish_at(session, start + dt.timedelta(days=day))
    rebuild_everything()
    bo = session.players()[1]

    page = client.get(reverse("player-stats", args=[bo.pk])).content.decode()

    found = _achievement(page, "top-two-streak")
    assert "3 games" in found and "2026-06-04 – 2026-06-06" in found


def test_club_doctests_pass():
    assert doctest.testmod(club).failed == 0


# --- the printable standings --------------------------------------------------------


def test_the_print_page_lists_every_player_over_the_threshold(client):
    for n in range(14):  # 56 players with one game each: more than a leaderboard page
        names = tuple(f"Player {n * 4 + seat:02}" for seat in range(4))
        create_session(names=names, rules=ONE_ROUND, rounds=[ron(1, 0)])
    create_session(names=("Player 00", "Player 01", "Player 02", "Player 03"),
                   rules=ONE_ROUND, rounds=[ron(1, 0)])  # fmt: skip

    everyone = client.get(reverse("print-page"), {"scope": "all", "min_games": 1})
    regulars = client.get(reverse("print-page"), {"scope": "all", "min_games": 2})

    page = everyone.content.decode()
    assert all(f"Player {n:02}</td>" in page for n in range(56))
    assert page.count('<td class="name">') == 56
    assert regulars.content.decode().count('<td class="name">') == 4
    assert "@page" not in page  # the print rules live in the stylesheet (CSP)
    assert "All time" in page and "Riichi ledger" in page
