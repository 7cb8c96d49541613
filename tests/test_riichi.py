"""Riichi when it is declared: the stick goes on the table at once, the round carries it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from ledger import change_log
from ledger.models import AuditEntry, Session
from tests.factories import create_session, create_user, ron

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def phone(client):
    """A phone that joined the table by its link."""
    session = create_session(rules={"preset": "club"})
    client.get(reverse("join-table", args=[session.token]))
    return client, session


def _declare(client, session, seat: int, on: str = "1"):
    return client.post(reverse("riichi", args=[session.pk]), {"seat": seat, "on": on}, headers=HTMX)


def test_a_declared_riichi_puts_the_stick_on_the_table_at_once(phone):
    client, session = phone

    response = _declare(client, session, 2).content.decode()

    assert 'id="sticks">1<' in response
    assert 'data-score="24000"' in response  # Chen's 25,000 less the stick
    assert 'aria-label="Riichi Chen"' in response and 'aria-pressed="true"' in response
    assert Session.objects.get(pk=session.pk).riichi == [2]


def test_the_round_carries_the_declared_riichi_without_re_entry(phone):
    client, session = phone
    _declare(client, session, 2)

    client.post(reverse("round-record", args=[session.pk]),
                {"kind": "ron", "winners": ["2"], "loser": "1", "han_2": "1", "fu_2": "30"})  # fmt: skip

    session = Session.objects.get(pk=session.pk)
    assert session.outcomes()[-1]["riichi"] == [2] and session.riichi == []
    assert session.replay()["rounds"][0]["deltas"] == [0, -1000, 1000, 0]


def test_a_riichi_can_be_taken_back_until_the_round_is_recorded(phone):
    client, session = phone
    _declare(client, session, 1)

    _declare(client, session, 1, on="0")

    assert Session.objects.get(pk=session.pk).riichi == []
    assert [e.action for e in AuditEntry.objects.filter(session=session).order_by("version")][-2:] == [
        "riichi", "riichi back"]  # fmt: skip


def test_a_riichi_under_1000_points_is_refused_naming_the_player(client):
    rounds = [
        {"result": "ron", "loser": 3, "wins": [{"winner": 0, "han": 5}]},  # Dai: 13,000 left
        ron(0, 3, han=4, fu=30),  # a dealer 11,600 and 300 for the honba: 1,100 left
        {"result": "tsumo", "winner": 0, "han": 1, "fu": 30},  # 500 and 200: Dai has 400
    ]
    session = create_session(rules={"preset": "club"}, rounds=rounds)
    client.get(reverse("join-table", args=[session.token]))

    response = _declare(client, session, 3).content.decode()

    assert "Dai cannot declare riichi with 400 points (under 1,000)." in response
    assert Session.objects.get(pk=session.pk).riichi == []


def test_undo_puts_the_undone_rounds_riichi_back_on_the_table(phone):
    client, session = phone
    _declare(client, session, 0)
    client.post(reverse("round-record", args=[session.pk]), {"kind": "draw", "tenpai": ["0"]})

    client.post(reverse("round-undo", args=[session.pk]), {"number": "1"})

    session = Session.objects.get(pk=session.pk)
    assert session.rounds.count() == 0 and session.riichi == [0]


def test_a_chombo_gives_the_declared_sticks_back(phone):
    client, session = phone
    _declare(client, session, 1)

    client.post(
        reverse("round-record", args=[session.pk]), {"kind": "chombo", "chombo_player": "3"}
    )

    session = Session.objects.get(pk=session.pk)
    assert "riichi" not in session.outcomes()[-1] and session.riichi == []


def test_the_change_log_names_the_player_holding_the_phone(phone):
    client, session = phone
    client.post(reverse("choose-holder", args=[session.pk]), {"seat": "2"})

    client.post(reverse("round-record", args=[session.pk]), {"kind": "draw", "tenpai": ["0"]})

    entry = AuditEntry.objects.get(session=session, action="record")
    assert entry.player.name == "Chen"
    assert change_log.describe_change(entry) == "Chen recorded round 1"


def test_the_phone_holder_is_drawn_at_the_bottom(phone):
    client, session = phone

    page = client.post(reverse("choose-holder", args=[session.pk]), {"seat": "2"}, headers=HTMX)

    html = page.content.decode()
    bottom = html.split("seat-bottom")[1].split("</div>")[0]
    assert 'data-seat="2"' in bottom and "Chen’s phone" in html
    right = html.split("seat-right")[1][:80]
    assert 'data-seat="3"' in right  # the next player in turn sits to the right


def test_members_may_declare_riichi_too_and_viewers_may_not(client):
    session = create_session()

    assert _declare(client, session, 1).status_code == 403
    client.force_login(create_user())
    assert _declare(client, session, 1).status_code == 200
    assert Session.objects.get(pk=session.pk).riichi == [1]
