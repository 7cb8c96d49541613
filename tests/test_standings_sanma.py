"""Three-player games (sanma) in the standings (issue 20 item 3): never mixed with
four-player games; boards, ratings and statistics per player count."""

from __future__ import annotations

import csv
import io
import random

import pytest
from django.urls import reverse
from django.utils import translation

from ledger import writes
from ledger.models import Player, Season, Session
from standings.club import club_report
from standings.models import (
    ClubTally,
    Encounter,
    PlayerGame,
    Rating,
    SeasonRating,
    Standing,
    WinHand,
)
from standings.ratings import RatingState
from standings.rebuild import rebuild_everything, rebuild_pending
from standings.rerate import rate_in_order
from standings.scopes import Scope
from standings.templatetags.standings_tags import decimal
from tests.factories import create_session, ron
from tests.test_rebuild import DATABASE_TASKS

pytestmark = pytest.mark.django_db

YONMA = {"preset": "wrc", "game_length": "one_round"}
SANMA = {"preset": "club_sanma", "game_length": "one_round"}
TABLE_OF_FOUR = ("Aki", "Bo", "Chen", "Dai")
TABLE_OF_THREE = ("Aki", "Bo", "Eri")


def four_player_game(names=TABLE_OF_FOUR, winner=1, loser=0):
    return create_session(names=names, rules=YONMA, rounds=[ron(winner, loser)])


def three_player_game(names=TABLE_OF_THREE, winner=2, loser=0):
    return create_session(names=names, rules=SANMA, rounds=[ron(winner, loser)])


@pytest.fixture
def both(db):
    """Aki and Bo play one four-player and one three-player game; Eri only sanma."""
    return four_player_game(), three_player_game()


def board(client, **query):
    response = client.get(reverse("leaderboard-json"), {"scope": "all", **query})
    assert response.status_code == 200, response.content
    return response.json()


def test_a_three_player_session_is_finished_with_three_results(both):
    _, sanma = both
    sanma.refresh_from_db()

    assert sanma.status == Session.Status.FINISHED
    assert sanma.results.count() == 3
    games = PlayerGame.objects.filter(session=sanma)
    assert sorted(games.values_list("place", flat=True)) == [1, 2, 3]
    assert set(games.values_list("player_count", flat=True)) == {3}
    assert Encounter.objects.filter(session=sanma).count() == 6  # ordered pairs of three
    assert set(WinHand.objects.filter(session=sanma).values_list("player_count", flat=True)) == {3}


def test_sessions_made_through_the_write_path_count_on_the_board_of_their_count(client, db):
    names = ("Aki", "Bo", "Eri", "Fumi")
    players = [Player.objects.create(name=name) for name in names]
    for table, rules, round_ in ((players, YONMA, ron(3, 0)), (players[:3], SANMA, ron(2, 1))):
        new = writes.NewSession(players=table, rules=rules)
        session = writes.create_session(new, actor=writes.COMMAND)
        writes.record_round(session.pk, round_, actor=writes.COMMAND)

    four, three = board(client)["rows"], board(client, players=3)["rows"]

    assert sorted(row["player"] for row in four) == sorted(names)
    assert sorted(row["player"] for row in three) == ["Aki", "Bo", "Eri"]
    assert {row["player"]: row["first_rate"] for row in three}["Eri"] == 1.0
    assert {row["player"]: row["first_rate"] for row in four}["Fumi"] == 1.0


# Checked by hand (club_sanma, 35,000 start, tsumo loss, 2,000 noten for three):
# E1 Bo (riichi) rons Aki 3 han 40 fu: 5,200; E2 Eri tsumo 2 han 30 fu off Bo's deal:
# 500 / 1,000, no north share; E3 only Aki tenpai: +2,000, −1,000 each; the game ends.
# Bo 38,200 (1st), Eri 35,500 (2nd), Aki 31,300 (3rd).
SANMA_EAST = [
    ron(1, 0, riichi=[1]),
    {"result": "tsumo", "winner": 2, "han": 2, "fu": 30, "riichi": []},
    {"result": "draw", "tenpai": [0], "riichi": []},
]


def test_round_statistics_of_a_three_player_game_match_a_hand_count(client, db):
    rules = {"preset": "club_sanma", "game_length": "east"}
    session = create_session(names=TABLE_OF_THREE, rules=rules, rounds=SANMA_EAST)
    games = {g.player.name: g for g in PlayerGame.objects.filter(session=session)}

    aki, bo, eri = games["Aki"], games["Bo"], games["Eri"]
    assert [(g.place, g.score) for g in (bo, eri, aki)] == [(1, 38200), (2, 35500), (3, 31300)]
    assert all(g.rounds == 3 and g.draws == 1 for g in games.values())
    assert (bo.wins, bo.win_points, bo.riichi, bo.riichi_wins) == (1, 5200, 1, 1)
    assert (eri.tsumo_wins, eri.win_points) == (1, 1500)
    assert (aki.deal_ins, aki.deal_in_points, aki.draw_tenpai) == (1, 5200, 1)
    assert [g.dealer_rounds for g in (aki, bo, eri)] == [1, 1, 1]
    assert sum(g.dealer_kept for g in games.values()) == 0
    page = client.get(reverse("player-stats", args=[aki.player_id])).content.decode()
    assert 'Deal-in rate</th><td class="num">33.3%' in page


def test_a_player_of_both_counts_is_on_two_separate_boards(client, both):
    four = board(client)
    three = board(client, players=3)

    assert four["player_count"] == 4 and three["player_count"] == 3
    assert four["player_counts"] == three["player_counts"] == [4, 3]
    assert sorted(row["player"] for row in four["rows"]) == ["Aki", "Bo", "Chen", "Dai"]
    assert sorted(row["player"] for row in three["rows"]) == ["Aki", "Bo", "Eri"]
    assert all(row["games"] == 1 for row in four["rows"] + three["rows"])
    for row in three["rows"]:  # three places, no 4th
        assert row["fourth_rate"] is None
        assert row["first_rate"] + row["second_rate"] + row["third_rate"] == 1
        assert 1 <= row["average_place"] <= 3
    assert sum(row["first_rate"] for row in four["rows"]) == 1


def test_stored_standings_are_kept_apart_by_player_count(both):
    aki = {s.scope: s for s in Standing.objects.filter(player__name="Aki")}

    assert set(aki) == {"all", "all/3p"}
    assert aki["all"].games == aki["all/3p"].games == 1
    assert aki["all/3p"].fourths == 0
    assert aki["all/3p"].firsts + aki["all/3p"].seconds + aki["all/3p"].thirds == 1
    assert not Standing.objects.filter(player__name="Eri", scope="all").exists()


def test_a_three_player_game_does_not_move_a_four_player_rating(db):
    four_player_game()
    before = Rating.objects.get(player__name="Aki", player_count=4)

    three_player_game()

    after = Rating.objects.get(player__name="Aki", player_count=4)
    assert (after.mu, after.sigma, after.tenhou_r, after.games) == (
        before.mu,
        before.sigma,
        before.tenhou_r,
        before.games,
    )
    sanma = Rating.objects.get(player__name="Aki", player_count=3)
    assert sanma.games == 1 and sanma.mu != after.mu  # rated from a fresh start
    assert PlayerGame.objects.get(player__name="Aki", player_count=3).number == 1


def test_three_player_tenhou_r_uses_three_bases_from_a_fresh_start(db):
    session = three_player_game()

    by_place = {g.place: g.tenhou_r for g in PlayerGame.objects.filter(session=session)}

    assert by_place == {1: 1530.0, 2: 1500.0, 3: 1470.0}  # +30, 0, −30 at an even table


def test_rating_in_order_keeps_the_counts_apart():
    games = [
        PlayerGame(session_id=1, player_id=pk, player_count=4, place=place)
        for pk, place in ((1, 1), (2, 2), (3, 3), (4, 4))
    ] + [
        PlayerGame(session_id=2, player_id=pk, player_count=3, place=place)
        for pk, place in ((1, 3), (2, 2), (5, 1))
    ]
    states: dict = {}

    rate_in_order(games, states)

    assert states[1, 4].tenhou_r == 1530.0 and states[1, 4].games == 1
    assert states[1, 3].tenhou_r == 1470.0 and states[1, 3].games == 1
    assert states[1, 3].mu < RatingState().mu < states[1, 4].mu


def test_the_switch_appears_only_when_the_club_has_both_counts(client, db):
    four_player_game()
    page = client.get(reverse("leaderboard"), {"scope": "all"}).content.decode()
    assert 'id="players-switch"' not in page

    three_player_game()
    page = client.get(reverse("leaderboard"), {"scope": "all"}).content.decode()
    switch = page.split('id="players-switch"')[1].split("</nav>")[0]
    assert "4 players" in switch and "3 players" in switch
    assert 'data-players="4" href="?scope=all&amp;players=4" class="button" aria-current' in switch
    assert 'data-players="3" href="?scope=all&amp;players=3"' in switch
    assert 'name="players" value="4"' in page  # the filters keep the count shown


def test_the_three_player_board_has_three_place_columns(client, both):
    four = client.get(reverse("leaderboard"), {"scope": "all"}).content.decode()
    three = client.get(reverse("leaderboard"), {"scope": "all", "players": "3"}).content.decode()

    assert "sort=fourth_rate" in four and "sort=fourth_rate" not in three
    sorted_by_fourths = board(client, players=3, sort="fourth_rate")["rows"]
    by_total = board(client, players=3)["rows"]
    assert sorted_by_fourths == by_total and len(by_total) == 3  # no 4th place: by total
    assert [row["rank"] for row in by_total] == [1, 2, 3]
    eri_row = three.split('id="player-')[-1].split("</tr>")[0]
    assert ">Eri</a>" in three and eri_row.count("%</td>") == 4  # 1st, 2nd, 3rd and tobi
    assert "three-player games" in three.split('id="leaderboard-table"')[1]


def test_a_sanma_only_club_sees_its_three_player_board_without_a_switch(client, db):
    three_player_game()

    page = client.get(reverse("leaderboard"), {"scope": "all"}).content.decode()
    data = board(client)

    assert data["player_count"] == 3 and len(data["rows"]) == 3
    assert 'id="players-switch"' not in page and ">Eri</a>" in page


@pytest.mark.parametrize("value", ["5", "abc", "3.5", "-4", "0"])
def test_a_bad_player_count_is_refused_with_a_message(client, db, value):
    aki = PlayerGame.objects.filter(session=four_player_game(), seat=0).get().player_id
    query = {"players": value}
    for name in ("leaderboard", "club-page", "print-page"):
        response = client.get(reverse(name), query)
        assert response.status_code == 400
        assert "Choose 4 players or 3 players." in response.content.decode()
    for name in ("leaderboard-json", "leaderboard-csv"):
        response = client.get(reverse(name), query)
        assert response.status_code == 400 and "players" in response.json()["errors"]
    player_page = client.get(reverse("player-stats", args=[aki]), query)
    assert player_page.status_code == 400
    assert "Choose 4 players or 3 players." in player_page.content.decode()
    sessions = client.get(reverse("player-sessions-json", args=[aki]), query)
    assert sessions.status_code == 400 and "players" in sessions.json()["errors"]
    api = client.get("/api/v1/standings", query)
    assert api.status_code in (400, 422)


def test_the_player_page_shows_one_count_at_a_time(client, both):
    aki = PlayerGame.objects.filter(player__name="Aki").first().player
    eri = PlayerGame.objects.filter(player__name="Eri").first().player

    four = client.get(reverse("player-stats", args=[aki.pk])).content.decode()
    three = client.get(reverse("player-stats", args=[aki.pk]), {"players": 3}).content.decode()
    eri_page = client.get(reverse("player-stats", args=[eri.pk])).content.decode()

    assert 'id="players-switch"' in four and 'id="players-switch"' not in eri_page
    assert four.count('class="place-bars"') == 1
    bars = three.split('class="place-bars"')[1].split("</svg>")[0]
    assert bars.count("<rect") == 3  # 1st, 2nd and 3rd only
    assert eri_page.split('class="place-bars"')[1].split("</svg>")[0].count("<rect") == 3
    h2h = three.split('id="head-to-head"')[1]
    assert ">Eri</a>" in h2h and ">Chen</a>" not in h2h
    rating = Rating.objects.get(player=aki, player_count=3)
    shown = three.split('id="all-time-rating"')[1].split("</div>")[0]
    assert f"<dd>{decimal(rating.ordinal, 1)} <small>" in shown


def test_the_club_page_counts_each_player_count_apart(client, both):
    three = club_report(Scope("all", "", players=3), min_games=1)
    four = club_report(Scope("all", "", players=4), min_games=1)

    assert [line.seat for line in three["seats"]] == [0, 1, 2]
    assert all(len(line.places) == 3 and sum(line.places) == 1 for line in three["seats"])
    assert [line.seat for line in four["seats"]] == [0, 1, 2, 3]
    assert {p.name for p in three["players"]} == {"Aki", "Bo", "Eri"}
    assert three["wins"] == four["wins"] == 1
    cells = [cell for _, row in three["matrix"] for cell in row if cell]
    assert len(cells) == 6 and all(cell.games == 1 for cell in cells)
    page = client.get(reverse("club-page"), {"scope": "all", "players": 3}).content.decode()
    seats = page.split('id="club-seats"')[1].split("</section>")[0]
    assert 'data-seat="3"' not in seats and seats.count("<tr data-seat") == 3
    assert "4th" not in seats
    tallies = ClubTally.objects.filter(scope="all/3p", kind="seat")
    assert tallies.count() == 3 and all(len(t.places) == 3 for t in tallies)


def test_the_print_page_and_exports_carry_the_count(client, both):
    aki = PlayerGame.objects.filter(player__name="Aki").first().player_id
    page = client.get(reverse("print-page"), {"scope": "all", "players": 3}).content.decode()
    text = client.get(reverse("leaderboard-csv"), {"scope": "all", "players": 3})
    sessions = client.get(reverse("player-sessions-csv", args=[aki]), {"players": 3})

    assert "4th" not in page.split("<thead>")[1].split("</thead>")[0] and ">Eri<" in page
    rows = list(csv.DictReader(io.StringIO(text.content.decode("utf-8-sig"))))
    assert sorted(row["player"] for row in rows) == ["Aki", "Bo", "Eri"]
    assert all(row["fourth_rate"] == "" for row in rows)
    games = list(csv.DictReader(io.StringIO(sessions.content.decode("utf-8-sig"))))
    assert [row["player_count"] for row in games] == ["3"]
    assert games[0]["players"] == "Aki / Bo / Eri"
    api = client.get(f"/api/v1/players/{aki}/stats", {"players": 3}).json()
    assert api["player_count"] == 3 and len(api["totals"]["places"]) == 3
    assert (
        client.get("/api/v1/standings", {"scope": "all", "players": 3}).json()["player_count"] == 3
    )


def test_season_ratings_are_kept_apart_by_player_count(both):
    season = Season.objects.create(name="Now", starts_on="2020-01-01")
    Session.objects.update(season=season)
    rebuild_everything()

    counts = SeasonRating.objects.filter(season=season, player__name="Aki")

    assert sorted(counts.values_list("player_count", "games")) == [(3, 1), (4, 1)]
    assert Standing.objects.filter(scope=f"season:{season.pk}/3p").count() == 3


def test_the_player_summary_card_shows_both_counts(client, both):
    aki = PlayerGame.objects.filter(player__name="Aki").first().player_id

    card = client.get(reverse("player-detail", args=[aki])).content.decode()

    summary = card.split('id="player-summary"')[1].split("</section>")[0]
    assert 'data-players="4"' in summary and 'data-players="3"' in summary


def test_the_switch_is_translated(client, both):
    with translation.override("ja"):
        page = client.get(
            reverse("leaderboard"), {"scope": "all"}, headers={"accept-language": "ja"}
        )
    text = page.content.decode()
    assert "3人打ち" in text and "4人打ち" in text


# --- rebuilds -------------------------------------------------------------------------


def _snapshot() -> dict[str, list]:
    return {
        "games": sorted(PlayerGame.objects.values_list(
            "session_id", "player_id", "player_count", "place", "mu", "sigma", "tenhou_r",
            "number")),
        "encounters": sorted(Encounter.objects.values_list(
            "session_id", "player_id", "opponent_id", "player_count", "place_difference")),
        "standings": sorted(Standing.objects.values_list(
            "scope", "player_id", "games", "total", "place_sum", "firsts", "fourths", "recent")),
        "ratings": sorted(Rating.objects.values_list(
            "player_id", "player_count", "mu", "sigma", "tenhou_r", "games")),
        "wins": sorted(WinHand.objects.values_list("session_id", "player_count", "points")),
        "tallies": sorted(ClubTally.objects.values_list(
            "scope", "kind", "key", "count", "gain_sum", "place_sum", "places")),
        "season ratings": sorted(SeasonRating.objects.values_list(
            "season_id", "player_id", "player_count", "mu", "sigma", "tenhou_r", "games")),
    }  # fmt: skip


def _mixed_club(rng: random.Random) -> list[Session]:
    season = Season.objects.create(name="Now", starts_on="2020-01-01")
    names = ["Aki", "Bo", "Chen", "Dai", "Eri"]
    sessions = []
    for _ in range(10):
        size = rng.choice([3, 4])
        table = tuple(rng.sample(names, size))
        winner = rng.randrange(size)
        rounds = [ron(winner, (winner + rng.randrange(1, size)) % size, han=rng.randint(1, 4))]
        rules = SANMA if size == 3 else YONMA
        session = create_session(names=table, rules=rules, rounds=rounds)
        if rng.random() < 0.5:
            Session.objects.filter(pk=session.pk).update(season=season)
            writes.undo_round(session.pk, actor=writes.COMMAND, version=None)
            writes.record_round(session.pk, rounds[0], actor=writes.COMMAND)
        sessions.append(session)
    return sessions


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_incremental_rebuilds_of_both_counts_equal_a_rebuild_from_scratch(settings, seed):
    settings.TASKS = DATABASE_TASKS  # queued: the worker's rebuild, taken in below
    rng = random.Random(seed)
    sessions = _mixed_club(rng)
    rebuild_pending()
    for session in rng.sample(sessions, 5):
        version = Session.objects.get(pk=session.pk).version
        if rng.random() < 0.5:
            writes.delete_session(session.pk, actor=writes.COMMAND, version=version)
        else:
            writes.undo_round(session.pk, actor=writes.COMMAND, version=version)
        if rng.random() < 0.5:
            rebuild_pending()
    rebuild_pending()
    incremental = _snapshot()

    rebuild_everything()

    assert _snapshot() == incremental
    assert {row[2] for row in incremental["games"]} <= {3, 4}


def test_the_last_three_player_game_gone_takes_its_standings_and_ratings(settings, both):
    settings.TASKS = DATABASE_TASKS
    _, sanma = both
    version = Session.objects.get(pk=sanma.pk).version

    writes.delete_session(sanma.pk, actor=writes.COMMAND, version=version)
    rebuild_pending()

    assert not Standing.objects.filter(scope="all/3p").exists()
    assert not Rating.objects.filter(player_count=3).exists()
    assert Rating.objects.filter(player_count=4).count() == 4
    rebuild_everything()
    assert not Standing.objects.filter(scope__endswith="/3p").exists()
    assert not ClubTally.objects.filter(scope__endswith="/3p").exists()


# --- the migration --------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_the_four_player_ratings():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    ledger = ("ledger", "0014_player_names_in_any_case")  # its players as they were then
    before = [("standings", "0007_club_tallies"), ledger]
    after = [("standings", "0008_per_player_count"), ledger]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    player = old.get_model("ledger", "Player").objects.create(name="Aki")
    old.get_model("standings", "Rating").objects.create(
        player=player, mu=30.0, sigma=5.0, tenhou_r=1600.0, games=12
    )

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(after)

    new = executor.loader.project_state(after).apps
    rating = new.get_model("standings", "Rating").objects.get(player_id=player.pk)
    assert (rating.player_count, rating.mu, rating.tenhou_r, rating.games) == (4, 30.0, 1600.0, 12)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_filters_applied_in_place_update_the_switch(client, both):
    query = {"scope": "all", "min_games": "1", "players": "3"}

    fragment = client.get(reverse("leaderboard"), query, headers={"HX-Request": "true"})

    text = fragment.content.decode()
    assert text.lstrip().startswith('<section id="leaderboard-table">')
    assert 'hx-swap-oob="true"' in text
    assert 'href="?scope=all&amp;min_games=1&amp;players=4"' in text


def test_a_change_to_a_three_player_game_re_rates_only_three_player_games(
    settings, monkeypatch, both
):
    from standings import rerate

    settings.TASKS = DATABASE_TASKS
    _, sanma = both
    Session.objects.filter(pk=sanma.pk).update(finished_at="2000-01-01T00:00:00Z")  # earliest
    rated: list[int] = []
    update = rerate._update_ratings
    monkeypatch.setattr(
        rerate,
        "_update_ratings",
        lambda games: (rated.extend(g.player_count for g in games), update(games)),
    )
    four_before = sorted(Rating.objects.filter(player_count=4).values_list("mu", "tenhou_r"))

    version = Session.objects.get(pk=sanma.pk).version
    writes.replace_round(sanma.pk, 1, ron(0, 1), actor=writes.COMMAND, version=version)
    rebuild_pending()

    assert PlayerGame.objects.filter(session=sanma).first().finished_at.year == 2000
    assert rated and set(rated) == {3}
    assert (
        sorted(Rating.objects.filter(player_count=4).values_list("mu", "tenhou_r")) == four_before
    )
    assert Rating.objects.get(player__name="Aki", player_count=3).tenhou_r == 1530.0
