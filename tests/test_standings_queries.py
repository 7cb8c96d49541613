"""The leaderboard's query, the same on the page, its JSON and the API: a search and a page
everywhere, bad input refused alike and in words, a page past the end shown as the last
page, and the staff's rating choice going back to the board it was made on."""

from __future__ import annotations

import datetime as dt
import html
import re
from urllib.parse import urlsplit

import pytest
from django.urls import reverse

from ledger import writes
from ledger.players import players_named
from standings.exports import ROWS_PER_PAGE
from tests.factories import create_user, ron

pytestmark = pytest.mark.django_db
ONE_ROUND = {"preset": "wrc", "game_length": "one_round"}
API = "/api/v1/standings"


def _game(names: tuple[str, ...], when: str = "2026-03-01T19:00:00+00:00") -> None:
    """A finished one-round game, the second player winning off the first."""
    moment = dt.datetime.fromisoformat(when)
    new = writes.NewSession(players=players_named(list(names)), rules=ONE_ROUND,
                            rounds=[ron(1, 0)], started_at=moment, finished_at=moment)  # fmt: skip
    writes.create_session(new, actor=writes.COMMAND)


@pytest.fixture
def big_club() -> int:
    """56 players (one game each): two pages of rows."""
    for table in range(14):
        _game(tuple(f"P{table:02}-{seat}" for seat in range(4)))
    return 56


def _rank_of(rows: list[dict], name: str) -> int:
    return next(row["rank"] for row in rows if row["player"] == name)


# --- 1. the API takes the page's search and page ---------------------------------------


def test_the_api_finds_a_player_keeping_the_rank_on_the_whole_board(client, big_club):
    whole = client.get(API, {"scope": "all"}).json()["rows"]

    found = client.get(API, {"scope": "all", "q": "p07-1"})

    assert found.status_code == 200
    assert [(r["player"], r["rank"]) for r in found.json()["rows"]] == [
        ("P07-1", _rank_of(whole, "P07-1"))
    ]
    assert (
        found.json()
        == client.get(reverse("leaderboard-json"), {"scope": "all", "q": "p07-1"}).json()
    )


def test_the_api_pages_the_rows_as_the_page_does(client, big_club):
    query = {"scope": "all", "page": 2}

    api = client.get(API, query).json()
    page = client.get(reverse("leaderboard"), query).content.decode()

    assert len(api["rows"]) == big_club - ROWS_PER_PAGE
    assert api["page"] == {"number": 2, "pages": 2, "asked": 2, "rows_per_page": ROWS_PER_PAGE}
    assert all(f">{row['player']}</a>" in page for row in api["rows"])
    assert len(client.get(API, {"scope": "all"}).json()["rows"]) == big_club  # no page: all
    assert api == client.get(reverse("leaderboard-json"), query).json()


def test_the_api_documents_the_search_and_the_page(client):
    document = client.get("/api/v1/openapi.json").json()

    parameters = document["paths"]["/api/v1/standings"]["get"]["parameters"]
    described = {p["name"]: p.get("description", "") for p in parameters}

    assert "find a player" in described["q"] and "last page" in described["page"]
    assert set(described) >= {"scope", "starts", "ends", "min_games", "sort", "players"}


# --- 2. the page, its JSON and the API refuse the same queries ---------------------------


def test_a_scope_not_offered_lists_the_scopes_and_never_echoes_the_value(client, big_club):
    board = client.get(reverse("leaderboard-json"), {"scope": "\x00<b>"}).json()
    api = client.get(API, {"scope": "\x00<b>"}).json()

    message = board["error"]["message"]
    assert message.startswith("Scope: must be one of: current, all, ")
    assert "\x00" not in message and "<b>" not in message
    assert api["error"]["message"] == message


def test_a_nul_in_the_search_is_refused_everywhere_in_words(client, big_club):
    query = {"scope": "all", "q": "P07\x00"}
    words = "Find a player: Null characters are not allowed."

    page = client.get(reverse("leaderboard"), query)
    board = client.get(reverse("leaderboard-json"), query)
    api = client.get(API, query)

    assert page.status_code == 400 and words in page.content.decode()
    assert board.status_code == 400 and board.json()["error"]["message"] == words
    assert api.status_code == 422 and api.json()["error"]["message"] == words


@pytest.mark.parametrize(
    "query",
    [
        {"q": "\x00"},
        {"q": "x" * 61},
        {"page": "0"},
        {"page": "２"},  # full-width digits: the API cannot read them as a number
        {"min_games": "1."},
        {"min_games": " 1"},
        {"scope": "dates", "starts": "2026-3-1"},
        {"scope": "dates", "starts": "03/01/2026"},
        {"scope": "dates", "starts": "2026-03-01T00:00"},  # a time of day: not a day
        {"scope": "dates", "starts": "1700000000"},
        {"players": "４"},
        {"sort": "bogus"},
    ],
)
def test_the_page_its_json_and_the_api_refuse_the_same_queries(client, big_club, query):
    page = client.get(reverse("leaderboard"), query)
    board = client.get(reverse("leaderboard-json"), query)
    api = client.get(API, query)

    assert (page.status_code, board.status_code, api.status_code) == (400, 400, 422)
    assert b'role="alert"' in page.content
    assert board.json()["error"]["message"] == api.json()["error"]["message"]


@pytest.mark.parametrize(
    "query",
    [{"q": "p07"}, {"page": "1"}, {"min_games": "01"}, {"scope": "dates", "starts": "2026-03-01"},
     {"scope": "all", "starts": "", "ends": "", "min_games": "0", "q": "", "sort": "total"},
     {"sort": "", "players": "", "page": ""}],  # the page's own links send empty ones
)  # fmt: skip
def test_the_page_its_json_and_the_api_take_the_same_queries(client, big_club, query):
    page = client.get(reverse("leaderboard"), query)
    board = client.get(reverse("leaderboard-json"), query)
    api = client.get(API, query)

    assert (page.status_code, board.status_code, api.status_code) == (200, 200, 200)
    assert board.json() == api.json()


# --- 3. the JSON download answers a bad query in the error shape --------------------------


def test_a_bad_query_to_the_json_download_is_answered_in_the_error_shape(client, big_club):
    query = {"scope": "season-999"}

    board = client.get(reverse("leaderboard-json"), query)
    api = client.get(API, query)

    assert board.status_code == 400 and board.json()["error"]["code"] == "bad_query"
    assert board.json()["error"]["message"].startswith("Scope: must be one of: current, all, ")
    assert api.json()["error"]["message"] == board.json()["error"]["message"]


def test_every_problem_of_a_query_is_said_with_its_field_named(client, big_club):
    query = {"scope": "dates", "min_games": "-1", "sort": "__class__"}

    message = client.get(reverse("leaderboard-json"), query).json()["error"]["message"]

    assert "Min. games: Ensure this value is greater than or equal to 0." in message
    assert "Sort by: must be one of: total, " in message
    assert "Give a From date, a To date or both for a date range." in message


@pytest.mark.parametrize(
    ("query", "words"),
    [({"page": "-1"}, "Page: Ensure this value is greater than or equal to 1."),
     ({"min_games": "9" * 30}, "Min. games: Ensure this value is less than or equal to 100000."),
     ({"min_games": "-" + "9" * 30}, "Min. games: Ensure this value is greater than or equal to 0."),
     ({"page": "--1"}, "Page: Enter a whole number.")],
)  # fmt: skip
def test_a_number_past_its_limits_is_refused_naming_the_limit(client, big_club, query, words):
    board = client.get(reverse("leaderboard-json"), query).json()
    api = client.get(API, query).json()

    assert board["error"]["message"] == api["error"]["message"] == words


# --- 4. a page past the end shows the last page ------------------------------------------


@pytest.mark.parametrize("far", [99, "9" * 30])
def test_a_page_past_the_end_shows_the_last_page_and_says_so(client, big_club, far):
    query = {"scope": "all", "page": far}

    page = client.get(reverse("leaderboard"), query).content.decode()
    board = client.get(reverse("leaderboard-json"), query).json()
    api = client.get(API, query).json()

    assert page.count('<tr id="player-') == big_club - ROWS_PER_PAGE
    asked = 99 if far == 99 else 100_000  # any number past the limit asks for the limit
    assert "The board has no such page; here is its last page, page 2." in page
    assert "Page 2 of 2" in page
    assert len(board["rows"]) == big_club - ROWS_PER_PAGE
    assert board["page"] == {
        "number": 2,
        "pages": 2,
        "asked": asked,
        "rows_per_page": ROWS_PER_PAGE,
    }
    assert api == board


def test_a_page_that_exists_says_nothing_more(client, big_club):
    page = client.get(reverse("leaderboard"), {"scope": "all", "page": 2}).content.decode()

    assert "no such page" not in page


def test_the_downloads_of_a_later_page_hold_every_row(client, big_club):
    page = client.get(reverse("leaderboard"), {"scope": "all", "page": 2}).content.decode()

    assert 'leaderboard.json?scope=all"' in page and 'leaderboard.csv?scope=all"' in page


# --- 5. the rating choice goes back to the board it was made on ----------------------------


@pytest.fixture
def staff(client):
    user = create_user()
    user.is_staff = True
    user.save()
    client.force_login(user)
    return user


def _query_to_go_back_to(page: str) -> str:
    return html.unescape(re.search(r'id="rating-query" value="([^"]*)"', page)[1])


def test_choosing_the_rating_goes_back_to_the_board_shown(client, big_club, staff):
    shown = {"scope": "all", "players": "4", "q": "p0", "sort": "games", "page": "2"}
    page = client.get(reverse("leaderboard"), shown).content.decode()

    response = client.post(
        reverse("rating-choice"),
        {"rating_system": "tenhou", "query": _query_to_go_back_to(page)},
    )

    assert response.status_code == 302
    assert response["Location"] == (
        reverse("leaderboard") + "?scope=all&players=4&q=p0&sort=games&page=2"
    )


def test_the_board_a_filter_shows_is_the_one_the_rating_choice_goes_back_to(client, staff):
    filtered = client.get(
        reverse("leaderboard"), {"scope": "all", "q": "Bo"}, headers={"HX-Request": "true"}
    ).content.decode()

    assert 'hx-swap-oob="true"' in filtered
    assert _query_to_go_back_to(filtered) == "scope=all&q=Bo"


@pytest.mark.parametrize(
    "sent",
    [
        "https://evil.example/",
        "//evil.example/standings/",
        "/admin/",
        "?scope=all&next=https://evil.example/",
        "scope=all\r\nLocation: https://evil.example/",
    ],
)
def test_the_rating_choice_goes_back_to_no_other_address(client, staff, sent):
    response = client.post(reverse("rating-choice"), {"rating_system": "tenhou", "query": sent})

    went = urlsplit(response["Location"])
    assert (went.scheme, went.netloc, went.path) == ("", "", reverse("leaderboard"))
    assert "\n" not in response["Location"] and "next" not in response["Location"]


def test_a_rating_choice_without_a_board_goes_to_the_leaderboard(client, staff):
    response = client.post(reverse("rating-choice"), {"rating_system": "tenhou"})

    assert response["Location"] == reverse("leaderboard")
