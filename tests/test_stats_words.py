"""The standings' and the preview's words (QA findings): a limit hand entered without fu,
the game numbers under a short chart, nuki dora in a sanma preview, and what the club
page's yaku frequencies count."""

from __future__ import annotations

import doctest
import re

import pytest
from django.urls import reverse
from django.utils import translation

from ledger import glossary
from ledger.words import dora_words
from standings import charts
from standings.models import PlayerGame
from tests.factories import create_session, create_user, ron
from tests.test_club import tile_win
from tests.test_standings import EAST, GAME_B, chart_axis

ONE_ROUND = {"preset": "wrc", "game_length": "one_round"}
SANMA = {"preset": "tenhou_sanma"}
THREE = ("Aki", "Bo", "Chen")
HTMX = {"HX-Request": "true"}


def biggest_hand(han: int, fu: int) -> str:
    session = create_session(rules=ONE_ROUND, rounds=[ron(0, 1, han=han, fu=fu)])
    return PlayerGame.objects.get(session=session, player__name="Aki").biggest_hand


# --- 1. a limit hand entered by its han alone -------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("han", "fu", "label"),
    [
        (6, 0, "haneman, 6 han"),
        (5, 0, "mangan, 5 han"),
        (13, 0, "yakuman, 13 han"),
        (3, 70, "mangan, 3 han 70 fu"),
        (3, 40, "3 han 40 fu"),
    ],
)
def test_a_hand_entered_without_fu_is_labelled_without_fu(han, fu, label):
    assert biggest_hand(han, fu) == label


@pytest.mark.parametrize("label", ["haneman, 6 han", "haneman, 6 han 0 fu"])
def test_a_label_without_fu_is_shown_in_words_in_every_language(label):
    for language in ("en", "zh-hans", "ja"):
        with translation.override(language):
            words = glossary.hand_label(label)
            limit, han = glossary.limit_name("haneman"), glossary.han_fu(6)

        assert limit in words and han in words and words.index(limit) < words.index(han)
        assert "haneman" not in words and "fu" not in words and "0" not in words


@pytest.mark.django_db
def test_the_player_page_shows_the_biggest_hand_without_fu(client):
    session = create_session(rules=ONE_ROUND, rounds=[ron(0, 1, han=6, fu=0)])
    aki = PlayerGame.objects.get(session=session, player__name="Aki").player

    page = client.get(reverse("player-stats", args=[aki.pk]), {"scope": "all"}).content.decode()

    assert "(Haneman, 6 han, " in page and "0 fu" not in page


# --- 2. the game numbers under a player's chart --------------------------------------------


def game_axis(count: int) -> list[str]:
    with translation.override("en"):
        chart = str(charts.line_chart([1.0] * count, title="t", dates=["2026-01-01"] * count))
    return chart_axis(chart, "x")


def test_a_chart_of_one_game_numbers_game_one_only():
    assert game_axis(1) == ["1"]


@pytest.mark.parametrize(
    ("count", "numbers"),
    [
        (2, ["1", "2"]),
        (3, ["1", "2", "3"]),
        (7, ["1", "2", "4", "6"]),
        (20, ["1", "5", "10", "15", "20"]),
    ],
)
def test_a_chart_numbers_whole_games_up_to_the_last(count, numbers):
    assert game_axis(count) == numbers


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5, 9, 11, 37, 120, 999])
def test_no_game_number_is_past_the_last_game(count):
    numbers = [int(text.replace(",", "")) for text in game_axis(count)]

    assert numbers[0] == 1 and numbers == sorted(set(numbers)) and numbers[-1] <= count


def test_the_charts_examples_hold():
    assert doctest.testmod(charts).failed == 0


# --- 3. nuki dora in a three-player preview ------------------------------------------------


def test_nuki_are_named_apart_from_the_other_dora():
    with translation.override("en"):
        assert dora_words({"dora": 1, "aka": 1, "ura": 0, "nuki": 2}) == ["dora 2", "nuki 2"]
        assert dora_words({"dora": 0, "aka": 0, "ura": 0, "nuki": 1}) == ["nuki 1"]
        assert dora_words({"dora": 1, "aka": 0, "ura": 0}) == ["dora 1"]


@pytest.fixture
def sanma_table(client, db):
    client.force_login(create_user())
    return client, create_session(names=THREE, rules=SANMA)


def preview(client, session, data) -> str:
    response = client.post(reverse("round-preview", args=[session.pk]), data, headers=HTMX)
    assert response.status_code == 200
    return response.content.decode()


def test_the_preview_of_a_hand_from_tiles_names_its_nuki(sanma_table):
    client, session = sanma_table
    data = {"kind": "tsumo", "winner": "1", "tiles": "123p456p789s11z222z", "win_tile": "1z",
            "nuki": "2"}  # fmt: skip

    with translation.override("en"):
        html = preview(client, session, data)

    reading = re.search(r'class="hand-text muted">Bo: ([^<]+)</p>', html)[1]
    assert reading == "Menzen tsumo + Yakuhai: seat wind + nuki 2 = 4 han 40 fu, mangan"


def test_the_preview_of_a_checklist_names_its_nuki(sanma_table):
    client, session = sanma_table
    data = {"kind": "tsumo", "winner": "0", "by": "yaku", "yaku": ["riichi", "menzen_tsumo"],
            "riichi": ["0"], "yaku_nuki": "1", "yaku_dora": "1", "fu": "30"}  # fmt: skip

    with translation.override("en"):
        html = preview(client, session, data)

    assert "Aki: Riichi + Menzen tsumo + dora 1 + nuki 1 = 4 han 30 fu" in html


# --- 4. what the club page's yaku frequencies count ----------------------------------------


def club_page(client) -> str:
    page = client.get(reverse("club-page"), {"scope": "all", "min_games": 1}).content.decode()
    return page.split('id="club-yaku"', 1)[1].split("</section>", 1)[0]


@pytest.mark.django_db
def test_the_club_page_says_which_wins_have_known_yaku(client):
    create_session(rules=EAST, rounds=[tile_win(riichi=True), *GAME_B])

    section = club_page(client)

    assert "Only wins whose yaku are known are counted: 1 win, entered tile by tile" in section
    assert "Wins entered only as han and fu" in section and "entered as tiles" not in section


@pytest.mark.django_db
def test_the_club_page_says_why_no_yaku_are_known(client):
    create_session(rules=EAST, rounds=GAME_B)

    section = club_page(client)

    assert "entered tile by tile or by ticking its yaku, so no yaku are known" in section


@pytest.mark.django_db
def test_a_win_given_by_its_ticked_yaku_counts_as_known(client):
    checklist = {"winner": 0, "han": 3, "fu": 30, "yaku": ["riichi", "pinfu"]}
    win = {"result": "ron", "loser": 2, "wins": [checklist], "riichi": [0]}
    create_session(rules=EAST, rounds=[win, *GAME_B])

    section = club_page(client)

    assert "Only wins whose yaku are known are counted: 1 win" in section
