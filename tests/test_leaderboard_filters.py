"""The leaderboard's filters as a person uses them: errors shown where the filters put
their answer, a search that finds nobody says so, a search typed with extra or wide spaces
finds the player, any page past the end shows the last page, a new order starts at page 1."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.factories import create_session, ron

EAST = {"preset": "wrc", "game_length": "east"}
NAMES = ("Ann Lee", "Bo", "Chen", "Dai")


@pytest.fixture
def club(db):
    rounds = [ron(3, 0), ron(3, 1, han=1, fu=30), ron(0, 2, han=2, fu=30), ron(1, 0, han=1, fu=30)]
    return [create_session(names=NAMES, rules=EAST, rounds=rounds) for _ in range(2)]


def board(client, **query):
    return client.get(reverse("leaderboard"), {"scope": "all", "min_games": 1, **query})


def table_part(response) -> str:
    """Return the part of the page that a filter applied in place replaces."""
    page = response.content.decode()
    return page[page.index('<section id="leaderboard-table">') :]


@pytest.mark.parametrize(
    "query, error",
    [
        ({"scope": "dates"}, "Give a From date, a To date or both for a date range."),
        ({"scope": "dates", "starts": "2026-05-01", "ends": "2026-04-01"}, "From"),
    ],
)
def test_a_filter_applied_in_place_shows_its_error(client, club, query, error):
    response = client.get(reverse("leaderboard"), query, headers={"HX-Request": "true"})

    assert response.status_code == 400
    assert error in table_part(response)


def test_a_search_that_finds_nobody_says_so(client, club):
    page = board(client, q="zzz").content.decode()

    assert "No player on this board has a name holding “zzz”." in page
    assert "or more finished games" not in page


@pytest.mark.parametrize("typed", ["Ann  Lee", " ann\u3000lee ", "Ann\u200b Lee", "ＡＮＮ ＬＥＥ"])
def test_a_search_typed_with_extra_or_wide_spaces_finds_the_player(client, club, typed):
    page = board(client, q=typed).content.decode()

    assert 'title="Ann Lee"' in page or ">Ann Lee<" in page
    assert "No player on this board" not in page


@pytest.mark.parametrize("asked", ["2", "100000", "999999", "9" * 30])
def test_any_page_past_the_end_shows_the_last_page(client, club, asked):
    response = board(client, page=asked)

    assert response.status_code == 200
    assert "here is its last page, page 1." in response.content.decode()


def test_a_new_order_starts_at_page_one(client, club):
    page = board(client, page="2", sort="games").content.decode()

    sort_links = re.findall(r'href="\?([^"]*sort=[a-z_]+)"', page)
    assert sort_links and not [link for link in sort_links if "page=" in link]


def test_no_threshold_is_not_called_at_least_0_games(client, club):
    page = board(client, min_games=0).content.decode()

    assert "4 players ·" in page or "4 players " in page
    assert "at least 0" not in page


def test_the_trend_says_a_loss_with_a_real_minus_sign(client, club):
    page = board(client).content.decode()

    titles = re.findall(r"<title>Running result over the last 2 games: ([^<]+)</title>", page)
    assert titles and any(title.startswith("\u2212") for title in titles)
    assert not [title for title in titles if title.startswith("-")]
