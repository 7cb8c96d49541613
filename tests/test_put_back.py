"""Putting back an undone round: Undo on the table page is one tap, so the table then
names the round it took back and offers to record it again, while nothing else has
changed. A mistaken tap never costs a confirmed round."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from ledger import writes
from ledger.models import AuditEntry, Session
from tests.factories import create_session, create_user, draw, ron

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
ONE_ROUND = {"preset": "wrc", "game_length": "one_round"}


def _join(client, session: Session) -> None:
    client.get(reverse("join-table", args=[session.token]))


def _undo(client, session: Session) -> str:
    url = reverse("round-undo", args=[session.pk])
    return client.post(url, {"number": session.rounds.count()}, headers=HTMX).content.decode()


def _put_back_form(page: str) -> dict[str, str]:
    """Return the fields of the page's Put it back form."""
    form = re.search(r'action="/sessions/\d+/put-back/".*?</form>', page, re.S)
    assert form, "no Put it back button"
    return dict(re.findall(r'name="(version|request_id)" value="([^"]*)"', form.group()))


def _put_back(client, session: Session, data: dict[str, str]) -> str:
    url = reverse("round-put-back", args=[session.pk])
    return client.post(url, data, headers=HTMX).content.decode()


def test_a_phone_undoes_a_round_then_puts_it_back(client):
    session = create_session(rounds=[ron(0, 1), ron(2, 3, riichi=[2, 3])])
    before = session.replay()
    _join(client, session)

    page = _undo(client, session)

    assert session.outcomes() == [ron(0, 1)]
    assert "A phone at the table undid round 2: " in page and "Chen" in page
    assert "· Riichi: Chen, Dai" in page  # QA: left out, though the history says it
    assert ">Put it back</button>" in page
    page = _put_back(client, session, _put_back_form(page))

    session.refresh_from_db()
    assert session.replay() == before and session.riichi == []
    assert "Round 2 saved" in page and ">Undo</button>" in page
    assert "· Riichi: Chen, Dai" in page
    assert AuditEntry.objects.filter(session=session).latest("version").action == "record"


def test_every_phone_at_the_table_sees_the_undone_round_until_the_next_change(client):
    session = create_session(rounds=[ron(0, 1), draw(2)])
    writes.undo_round(session.pk, actor=writes.Actor(via="table link"), version=None)
    table = reverse("session-table", args=[session.pk])

    assert "undid round 2: " in client.get(table).content.decode()  # a watcher: no button
    assert "/put-back/" not in client.get(table).content.decode()

    writes.declare_riichi(session.pk, 1, actor=writes.COMMAND, version=None)

    _join(client, session)
    assert "undid round 2" not in client.get(table).content.decode()


def test_a_put_back_after_another_change_is_refused_and_changes_nothing(client):
    session = create_session(rounds=[ron(0, 1), draw(2)])
    _join(client, session)
    form = _put_back_form(_undo(client, session))
    writes.record_round(session.pk, ron(1, 0), actor=writes.COMMAND)

    page = _put_back(client, session, form)
    unchecked = _put_back(client, session, {})  # no version: the last change is checked

    assert session.outcomes() == [ron(0, 1), ron(1, 0)]
    assert "Nothing was put back: " in page
    assert "No undone round can be put back" in unchecked


def test_a_retried_put_back_puts_the_round_back_once(client):
    session = create_session(rounds=[ron(0, 1), draw(2)])
    _join(client, session)
    form = _put_back_form(_undo(client, session))

    first = _put_back(client, session, form)
    again = _put_back(client, session, form)

    assert set(form) == {"version", "request_id"}
    assert session.outcomes() == [ron(0, 1), draw(2)]
    assert "Round 2 saved" in first and "Round 2 saved" in again


def test_the_last_round_of_a_finished_game_undone_by_a_member_goes_back_and_ends_it(client):
    session = create_session(rules=ONE_ROUND, rounds=[ron(1, 0)])
    results = list(session.results.values_list("seat", "score", "place"))
    client.force_login(create_user())

    form = _put_back_form(_undo(client, session))
    session.refresh_from_db()
    assert not session.is_finished
    _put_back(client, session, form)

    session.refresh_from_db()
    assert session.is_finished
    assert list(session.results.values_list("seat", "score", "place")) == results


def test_taking_back_the_end_of_a_game_offers_nothing_to_put_back(client):
    session = create_session(rounds=[ron(0, 1)])
    writes.finish_session(session.pk, actor=writes.COMMAND, version=None)
    client.force_login(create_user())

    page = _undo(client, session)

    assert "The end of the game was taken back." in page and "/put-back/" not in page


def test_a_put_back_without_htmx_shows_the_table_again(client):
    session = create_session(rounds=[ron(0, 1), draw(2)])
    _join(client, session)
    form = _put_back_form(_undo(client, session))

    answer = client.post(reverse("round-put-back", args=[session.pk]), form)

    assert answer.status_code == 302 and answer["Location"] == session.get_absolute_url()
    assert session.outcomes() == [ron(0, 1), draw(2)]


def test_a_watcher_without_the_table_link_cannot_put_a_round_back(client):
    session = create_session(rounds=[ron(0, 1), draw(2)])
    writes.undo_round(session.pk, actor=writes.COMMAND, version=None)

    answer = client.post(reverse("round-put-back", args=[session.pk]), headers=HTMX)

    assert answer.status_code == 403
    assert session.outcomes() == [ron(0, 1)]


def test_the_round_put_back_is_the_round_undone_as_it_was_stored(client):
    session = create_session(rounds=[ron(0, 1)])
    writes.record_round(session.pk, ron(2, 3, riichi=[3, 2]), actor=writes.COMMAND)
    stored = session.outcomes()
    _join(client, session)

    _put_back(client, session, _put_back_form(_undo(client, session)))

    assert session.outcomes() == stored  # the riichi as sent, [3, 2], not merged again


def test_a_chombo_put_back_leaves_no_riichi_declared(client):
    chombo = {"result": "chombo", "player": 1, "riichi": []}
    session = create_session(rules={"preset": "club"}, rounds=[draw(0), chombo])
    _join(client, session)

    _put_back(client, session, _put_back_form(_undo(client, session)))

    session.refresh_from_db()
    assert session.outcomes() == [draw(0), chombo] and session.riichi == []


def test_a_put_back_sent_with_the_id_of_another_change_is_refused(client):
    session = create_session(rounds=[ron(0, 1), draw(2)])
    writes.undo_round(session.pk, actor=writes.COMMAND, version=None, request_id="undo-1")
    _join(client, session)

    page = _put_back(client, session, {"request_id": "undo-1"})

    assert "This form was sent before for another change." in page
    assert session.outcomes() == [ron(0, 1)]


def test_a_phone_puts_back_the_last_round_a_member_undid(client):
    session = create_session(rules=ONE_ROUND, rounds=[ron(1, 0)])
    writes.undo_round(session.pk, actor=writes.Actor(user=create_user()), version=None)
    _join(client, session)

    page = client.get(reverse("session-table", args=[session.pk])).content.decode()
    _put_back(client, session, _put_back_form(page))

    session.refresh_from_db()
    assert session.is_finished and session.outcomes() == [ron(1, 0)]
