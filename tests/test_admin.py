"""The Django admin shows what the write path owns and never changes it; a ruleset's
rules are checked there as the new-session form checks them."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from ledger.models import Round, Ruleset, Season, Session
from tests.factories import create_session, draw

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    user = get_user_model().objects.create_superuser("boss", password="pw-for-tests-1")
    client.force_login(user)
    return client


def test_a_session_is_shown_but_its_rules_cannot_be_changed_to_fit_other_seats(admin_client):
    session = create_session(rules={"preset": "tenhou"}, rounds=[draw(0)])
    url = f"/admin/ledger/session/{session.pk}/change/"
    page = admin_client.get(url)
    assert page.status_code == 200
    assert b"tenhou" in page.content
    assert b'name="_save"' not in page.content

    answer = admin_client.post(url, {"rules": '{"preset": "tenhou_sanma"}'})
    assert answer.status_code == 403
    assert Session.objects.get(pk=session.pk).rules == {"preset": "tenhou"}


@pytest.mark.parametrize(
    "path",
    ["session", "round", "result", "sessionseat", "auditentry"],
)
def test_the_write_paths_rows_cannot_be_added_or_deleted_in_the_admin(admin_client, path):
    create_session(rounds=[draw(0)])
    assert admin_client.get(f"/admin/ledger/{path}/").status_code == 200
    assert admin_client.get(f"/admin/ledger/{path}/add/").status_code == 403
    first = Round.objects.first()
    assert first is not None
    if path == "round":
        answer = admin_client.post(f"/admin/ledger/round/{first.pk}/delete/", {"post": "yes"})
        assert answer.status_code == 403
        assert Round.objects.filter(pk=first.pk).exists()


def test_a_ruleset_with_a_bad_option_is_refused_in_words(admin_client):
    answer = admin_client.post(
        "/admin/ledger/ruleset/add/",
        {"name": "Club nights", "rules": '{"preset": "club", "kiriage": "often"}'},
    )
    assert answer.status_code == 200  # the form again, with its error
    assert "Kiriage mangan is on or off (true or false)" in answer.content.decode()
    assert not Ruleset.objects.filter(name="Club nights").exists()


def test_a_ruleset_with_good_rules_is_saved(admin_client):
    answer = admin_client.post(
        "/admin/ledger/ruleset/add/",
        {"name": "Club nights", "rules": '{"preset": "club", "kiriage": true}'},
    )
    assert answer.status_code == 302
    assert Ruleset.objects.get(name="Club nights").rules == {"preset": "club", "kiriage": True}


@pytest.mark.parametrize(
    ("starts", "ends", "field"),
    [("2026-01-01", "9999-12-31", "Ends on"), ("1900-04-01", "", "Starts on")],
)
def test_a_season_outside_the_years_a_season_may_use_is_refused_in_the_admin(
    admin_client, starts, ends, field
):
    answer = admin_client.post(
        "/admin/ledger/season/add/", {"name": "Far", "starts_on": starts, "ends_on": ends}
    )
    assert answer.status_code == 200  # the form again, with its error
    assert f"{field}: choose a day in the years 1990 to 2999." in answer.content.decode()
    assert not Season.objects.exists()


def test_a_season_in_range_is_saved_in_the_admin(admin_client):
    answer = admin_client.post(
        "/admin/ledger/season/add/", {"name": "Spring", "starts_on": "2026-03-01", "ends_on": ""}
    )
    assert answer.status_code == 302
    assert Season.objects.get().name == "Spring"
