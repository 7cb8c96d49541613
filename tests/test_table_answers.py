"""What the table page's own requests (htmx) answer: the table alone brings the buttons
under the round form, with the version they must send; a refusal is a notice shown at the
top of the page, not an error page in place of the table; and a phone joined through the
table link is never promised an Undo it may not use."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from ledger import writes
from tests.factories import create_session, create_user, draw

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def _join(client, session):
    client.get(reverse("join-table", args=[session.token]))


def _version_in(form_html: str) -> int:
    return int(re.search(r'name="version" value="(\d+)"', form_html).group(1))


def test_a_riichi_answers_with_the_undo_and_end_buttons_of_the_new_version(client):
    session = create_session(rules={"preset": "club"}, rounds=[draw(0)])
    _join(client, session)

    answer = client.post(reverse("riichi", args=[session.pk]), {"seat": 2, "on": "1"}, headers=HTMX)

    session.refresh_from_db()
    page = answer.content.decode()
    actions = re.search(
        r'<div class="table-actions" id="table-actions" hx-swap-oob="true">.*?</div>', page, re.S
    )
    assert actions, "the buttons come with the table, out of band"
    undo = re.search(r"<form[^>]*/undo/.*?</form>", actions.group(0), re.S).group(0)
    end = re.search(r"<form[^>]*/end/.*?</form>", actions.group(0), re.S).group(0)
    assert _version_in(undo) == _version_in(end) == session.version

    answer = client.post(
        reverse("round-undo", args=[session.pk]),
        {"number": 1, "version": _version_in(undo)},
        headers=HTMX,
    )
    assert answer.status_code == 200
    assert session.rounds.count() == 0  # undone on the first tap


def test_the_whole_page_draws_the_buttons_once_and_in_place(client):
    session = create_session(rules={"preset": "club"}, rounds=[draw(0)])
    _join(client, session)

    for url in ("", "?part=table-main"):
        page = client.get(reverse("session-table", args=[session.pk]) + url, headers=HTMX)
        assert page.content.decode().count('id="table-actions"') == 1
        assert "hx-swap-oob" not in page.content.decode()


def test_a_refused_tap_is_a_notice_at_the_top_of_the_page(client):
    session = create_session(rules={"preset": "club"}, rounds=[draw(0)])
    _join(client, session)
    writes.delete_session(session.pk, actor=writes.COMMAND)

    answer = client.post(reverse("riichi", args=[session.pk]), {"seat": 2, "on": "1"}, headers=HTMX)

    assert answer.status_code == 404
    assert answer.headers["HX-Retarget"] == "#page-notice"
    assert answer.headers["HX-Reswap"] == "innerHTML"
    text = answer.content.decode()
    assert "This game was deleted" in text and "<h1>" not in text and "<html" not in text


def test_a_deleted_game_says_so_on_its_own_page(client):
    session = create_session(rules={"preset": "club"})
    writes.delete_session(session.pk, actor=writes.COMMAND)

    page = client.get(reverse("session-table", args=[session.pk]))

    assert page.status_code == 404
    assert "This game was deleted" in page.content.decode()


def test_a_game_deleted_past_restoring_is_simply_not_found(client):
    session = create_session(rules={"preset": "club"})
    type(session).objects.filter(pk=session.pk).update(
        deleted_at=timezone.now() - timezone.timedelta(days=90)
    )

    page = client.get(reverse("session-table", args=[session.pk]))

    assert page.status_code == 404
    assert "This game was deleted" not in page.content.decode()


def test_an_undo_the_table_link_may_not_make_is_refused_above_the_table(client):
    session = create_session(rules={"preset": "club"}, rounds=[draw(0)])
    writes.finish_session(session.pk, actor=writes.COMMAND, version=None)
    _join(client, session)

    answer = client.post(reverse("round-undo", args=[session.pk]), {"number": 1}, headers=HTMX)

    assert answer.status_code == 403
    assert answer.headers["HX-Retarget"] == "#page-notice"
    assert "only a club member can change it" in answer.content.decode()
    assert session.rounds.count() == 1


def test_ending_the_game_promises_undo_to_members_only(client):
    session = create_session(rules={"preset": "club"}, rounds=[draw(0)])
    _join(client, session)
    page = client.get(reverse("session-table", args=[session.pk])).content.decode()
    assert "after that only a club member can change it" in page
    assert "Undo takes it back" not in page

    client.force_login(create_user())
    page = client.get(reverse("session-table", args=[session.pk])).content.decode()
    assert "Undo takes it back" in page


def test_the_saved_toast_of_a_game_ending_round_offers_undo_to_members_only(client):
    session = create_session(rules={"preset": "tenhou"})
    _join(client, session)
    yakuman = {"kind": "ron", "winners": ["1"], "loser": "3", "han_1": "Y1"}  # Dai below zero

    page = client.post(reverse("round-record", args=[session.pk]), yakuman, headers=HTMX)

    text = page.content.decode()
    assert "Round 1 saved" in text and "Game over" in text
    assert "/undo/" not in text


def test_the_offline_queue_and_riichi_buttons_have_the_languages_own_separators(client):
    session = create_session(rules={"preset": "club"})
    _join(client, session)

    page = client.get(reverse("session-table", args=[session.pk]), HTTP_ACCEPT_LANGUAGE="ja")

    text = page.content.decode()
    assert 'data-word-comma="、"' in text  # offline.js lists a queued round's choices with it
    assert 'aria-label="立直（Chen）"' in text
