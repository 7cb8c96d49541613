"""The draw form's "Riichi player found noten" section on the table page: drawn for every
seat under ``riichi_noten`` "chombo", shown for the riichi declared (table.js shows it
for a riichi tapped later, with no new form), and never on the edit page. A finished
game's undo says what it takes back, and its leftover sticks where they went."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.factories import create_session, create_user, draw, ron

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def _draw_form(client, session):
    client.get(reverse("join-table", args=[session.token]))
    return client.get(reverse("session-table", args=[session.pk]) + "?kind=draw").content.decode()


def _opening_tag(page, pattern):
    return re.search(rf"<[^>]*{pattern}[^>]*>", page).group(0)


def test_without_riichi_the_chombo_buttons_are_drawn_hidden_for_every_seat(client):
    session = create_session(rules={"preset": "club"})

    page = _draw_form(client, session)

    assert " hidden" in _opening_tag(page, "data-riichi-noten")
    for seat in range(4):
        assert " hidden" in _opening_tag(page, f'data-riichi-seat="{seat}"')
    assert 'name="chombo_instead" value="2"' in page


def test_a_declared_riichi_shows_its_own_chombo_button_only(client):
    session = create_session(rules={"preset": "club"})
    client.get(reverse("join-table", args=[session.token]))
    client.post(reverse("riichi", args=[session.pk]), {"seat": 2, "on": "1"}, headers=HTMX)

    page = _draw_form(client, session)

    assert " hidden" not in _opening_tag(page, "data-riichi-noten")
    assert " hidden" not in _opening_tag(page, 'data-riichi-seat="2"')
    assert " hidden" in _opening_tag(page, 'data-riichi-seat="3"')


def test_the_edit_page_offers_no_chombo_instead_of_its_draw(client):
    session = create_session(rules={"preset": "club"}, rounds=[draw(0)])
    client.force_login(create_user())

    page = client.get(reverse("round-edit", args=[session.pk, 1])).content.decode()

    assert 'name="kind"' in page
    assert "data-riichi-noten" not in page
    assert 'name="chombo_instead"' not in page


def test_a_game_ended_by_its_last_round_offers_to_undo_that_round(client):
    rounds = [ron(1, 0), ron(2, 1), ron(3, 2), draw(0)]
    session = create_session(rules={"preset": "wrc", "game_length": "east"}, rounds=rounds)
    client.force_login(create_user())

    page = client.get(reverse("session-table", args=[session.pk])).content.decode()

    assert "Game over" in page
    assert ">Undo last round</button>" in page
    assert "Take back the end of the game" not in page


def test_a_game_ended_early_offers_to_take_the_end_back(client):
    session = create_session(rules={"preset": "wrc"}, rounds=[draw(0)])
    client.force_login(create_user())
    client.post(reverse("end-game", args=[session.pk]))

    page = client.get(reverse("session-table", args=[session.pk])).content.decode()

    assert ">Take back the end of the game</button>" in page
    question = "Take back the end of the game? Play goes on from where it stopped."
    assert f'data-confirm="{question}"' in page
    assert "Undo last round" not in page


def test_sticks_no_one_receives_at_the_end_are_said_to_be_lost(client):
    rounds = [ron(1, 0), ron(2, 1), ron(3, 2), draw(0, riichi=(0,))]
    session = create_session(rules={"preset": "wrc", "game_length": "east"}, rounds=rounds)

    page = client.get(reverse("session-table", args=[session.pk])).content.decode()

    assert "Riichi sticks left on the table at the end: 1 · lost</p>" in page
    assert re.search(r'<p class="counter"[^>]* hidden>', page)
