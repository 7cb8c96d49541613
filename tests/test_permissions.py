"""Who may do what: (anonymous, table link, member, staff) x (view, record, edit, delete, export, admin)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from ledger.models import Session
from tests.factories import create_session, create_user, draw, ron

pytestmark = pytest.mark.django_db
ROLES = ("anonymous", "table link", "member", "staff")
OK, DENIED = "ok", "denied"
MATRIX = {
    #                      anonymous table link member staff
    "view": (OK, OK, OK, OK),
    "record": (DENIED, OK, OK, OK),
    "edit": (DENIED, OK, OK, OK),
    "edit finished": (DENIED, DENIED, OK, OK),
    "delete": (DENIED, DENIED, OK, OK),
    "export": (OK, OK, OK, OK),
    "admin": (DENIED, DENIED, DENIED, OK),
}
FINISHED = {"preset": "wrc", "game_length": "one_round"}


def _act(client, action: str, session: Session, finished: Session) -> int:
    if action == "view":
        return client.get(reverse("session-history", args=[session.pk])).status_code
    if action == "record":
        return client.post(reverse("round-record", args=[session.pk]), {"kind": "draw"}).status_code
    if action == "edit":
        url = reverse("round-edit", args=[session.pk, 1])
        return client.post(url, {"kind": "draw", "tenpai": ["0"]}).status_code
    if action == "edit finished":
        url = reverse("round-edit", args=[finished.pk, 1])
        return client.post(
            url, {"kind": "ron", "winners": ["2"], "loser": "0", "han_2": "5"}
        ).status_code
    if action == "delete":
        return client.post(reverse("session-delete", args=[session.pk])).status_code
    if action == "export":
        return client.get(reverse("session-export", args=[session.pk])).status_code
    return client.get("/admin/ledger/session/").status_code


def _client_as(client, role: str, sessions: list[Session]):
    if role == "table link":
        for session in sessions:
            client.get(reverse("join-table", args=[session.token]))
    elif role == "member":
        client.force_login(create_user())
    elif role == "staff":
        client.force_login(
            get_user_model().objects.create_superuser("boss", "b@example.org", "pw-1-boss")
        )
    return client


@pytest.mark.parametrize("action", MATRIX)
@pytest.mark.parametrize("role", ROLES)
def test_permission_matrix(client, role, action):
    session = create_session(rounds=[draw(1)])
    finished = create_session(names=("E", "F", "G", "H"), rules=FINISHED, rounds=[ron(1, 0)])
    before = (session.outcomes(), finished.outcomes())
    _client_as(client, role, [session, finished])

    status = _act(client, action, session, finished)

    expected = MATRIX[action][ROLES.index(role)]
    if expected == OK:
        assert status in (200, 302), status
        if action == "admin":
            assert status == 200
    else:
        assert status in (302, 403), status
        if action != "admin":
            assert status == 403
        after = (Session.objects.get(pk=session.pk).outcomes(), finished.outcomes())
        assert after == before
        assert Session.objects.get(pk=session.pk).deleted_at is None


def test_table_links_are_long_random_tokens():
    tokens = {create_session(names=(f"a{i}", f"b{i}", f"c{i}", f"d{i}")).token for i in range(5)}

    assert len(tokens) == 5
    assert all(len(token) >= 32 for token in tokens)


def test_forms_carry_a_csrf_token_and_htmx_sends_it(client):
    client.force_login(create_user())
    session = create_session()

    page = client.get(reverse("session-table", args=[session.pk])).content.decode()

    assert page.count('name="csrfmiddlewaretoken"') >= 2
    assert 'hx-headers=\'{"X-CSRFToken"' in page


def test_posts_without_csrf_token_are_refused():
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(create_user())
    session = create_session()

    response = strict.post(reverse("round-record", args=[session.pk]), {"kind": "draw"})

    assert response.status_code == 403
    assert session.rounds.count() == 0


def test_deploy_check_is_clean_with_production_settings():
    env = {
        "DJANGO_PRODUCTION": "1",
        "SECRET_KEY": "k" * 20 + "-Very_long+random/secret!" + "z" * 30,
        "ALLOWED_HOSTS": "club.example.org",
        "PATH": "/usr/bin:/bin",
    }
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )

    assert done.returncode == 0, done.stdout + done.stderr


def test_production_refuses_to_start_without_a_secret_key():
    done = subprocess.run(
        [sys.executable, "manage.py", "check"],
        capture_output=True,
        text=True,
        env={"DJANGO_PRODUCTION": "1", "PATH": "/usr/bin:/bin"},
        check=False,
    )

    assert done.returncode != 0
    assert "SECRET_KEY must be set in production" in done.stderr
