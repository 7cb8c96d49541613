"""Wareme at the table (the seed's 割目: the wareme seat's gains and losses double): under
rules with wareme the round form asks whose seat it is, the round stores it (FORMATS.md's
per-round ``wareme``) and pays double, and a correction starts from it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from ledger.words import describe_outcome
from tests.factories import create_session, create_user

pytestmark = pytest.mark.django_db
WAREME = {"preset": "club", "wareme": True}
RON = {"kind": "ron", "winners": ["1"], "loser": "2", "han_1": "3", "fu_1": "30"}


@pytest.fixture
def member(client):
    client.force_login(create_user())
    return client


def test_the_form_asks_for_the_wareme_seat_only_under_rules_with_wareme(member):
    with_wareme = create_session(rules=WAREME)
    without = create_session(rules={"preset": "club"})

    asked = member.get(reverse("session-table", args=[with_wareme.pk])).content.decode()
    not_asked = member.get(reverse("session-table", args=[without.pk])).content.decode()

    assert 'name="wareme"' in asked and "Wareme: whose gains and losses double" in asked
    assert 'name="wareme"' not in not_asked


def test_a_round_with_a_wareme_seat_is_stored_with_it_and_paid_double(member):
    session = create_session(rules=WAREME)

    member.post(reverse("round-record", args=[session.pk]), {**RON, "wareme": "1"})

    saved = session.rounds.get()
    assert saved.outcome["wareme"] == 1
    assert saved.deltas == [0, 7_800, -7_800, 0]  # 3,900 doubled


def test_a_round_without_a_wareme_seat_pays_as_usual(member):
    session = create_session(rules=WAREME)

    member.post(reverse("round-record", args=[session.pk]), {**RON, "wareme": ""})

    saved = session.rounds.get()
    assert "wareme" not in saved.outcome
    assert saved.deltas == [0, 3_900, -3_900, 0]


def test_the_edit_page_starts_from_the_stored_wareme_seat(member):
    session = create_session(rules=WAREME)
    member.post(reverse("round-record", args=[session.pk]), {**RON, "wareme": "2"})

    page = member.get(reverse("round-edit", args=[session.pk, 1])).content.decode()

    assert 'name="wareme" value="2" checked' in page


def test_the_round_in_words_names_the_wareme_seat():
    outcome = {"result": "ron", "loser": 2, "wins": [{"winner": 1, "han": 3, "fu": 30}],
               "wareme": 1}  # fmt: skip

    words = describe_outcome(outcome, ["Aki", "Bo", "Chen", "Dai"])

    assert words.endswith("; wareme: Bo")
