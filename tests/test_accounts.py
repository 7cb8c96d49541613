"""Logging in: failed attempts are limited per username and per client address
(django-axes), on the club's login page and the admin's, across every worker process,
and behind a proxy per client rather than per proxy."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from axes.models import AccessAttempt
from django.core.cache import cache
from django.core.management import call_command
from django.urls import reverse

from tests.factories import create_user

pytestmark = pytest.mark.django_db
PASSWORD = "right-password-1"
PROXY = "10.0.0.5"


def _login(client, password: str, *, username: str = "aki", path: str = "login", **headers: str):
    data = {"username": username, "password": password}
    url = reverse(path) if path == "login" else path
    return client.post(url, data, **headers).status_code


@pytest.fixture
def member():
    return create_user(username="aki", password=PASSWORD)


@pytest.fixture
def other_member():
    return create_user(username="bo", password=PASSWORD)


def test_five_failures_refuse_even_the_right_password(client, member):
    assert [_login(client, "wrong") for _ in range(5)] == [200] * 4 + [429]

    blocked = client.post(reverse("login"), {"username": "aki", "password": PASSWORD})

    assert blocked.status_code == 429
    assert b"Too many failed logins" in blocked.content


def test_the_lockout_is_said_in_the_visitors_language(client, member):
    for _ in range(5):
        _login(client, "wrong")

    blocked = client.post(
        reverse("login"), {"username": "aki", "password": PASSWORD}, HTTP_ACCEPT_LANGUAGE="ja"
    )

    assert blocked.status_code == 429
    assert "ログイン" in blocked.content.decode()
    assert b"Too many failed logins" not in blocked.content


def test_the_count_is_shared_by_worker_processes(client, member):
    """Each worker has its own local cache; clearing this process's cache stands for
    the next request reaching another worker."""
    for _ in range(5):
        _login(client, "wrong")
    cache.clear()

    assert AccessAttempt.objects.get(username="aki").failures_since_start == 5
    assert _login(client, PASSWORD) == 429


def test_the_admin_login_counts_and_is_refused_too(client, member):
    admin_login = reverse("admin:login")
    for _ in range(5):
        _login(client, "wrong", path=admin_login)

    assert _login(client, PASSWORD, path=admin_login) == 429
    assert _login(client, PASSWORD) == 429  # the club's page shares the count


def test_failures_against_one_account_from_many_addresses_lock_that_account(client, member):
    for forged in range(5):
        _login(client, "wrong", REMOTE_ADDR=f"192.0.2.{forged}")

    assert _login(client, PASSWORD, REMOTE_ADDR="198.51.100.7") == 429


def test_failures_from_one_address_against_many_accounts_lock_that_address(client, member):
    for guess in range(5):
        _login(client, "wrong", username=f"guess{guess}")

    assert _login(client, PASSWORD) == 429
    assert _login(client, PASSWORD, REMOTE_ADDR="198.51.100.7") == 302


def test_logging_into_another_account_resets_nothing(client, member, other_member):
    """A guesser who logs into their own account between guesses keeps their count."""
    for _ in range(4):
        _login(client, "wrong")
        assert _login(client, PASSWORD, username="bo") == 302
        client.logout()

    assert _login(client, "wrong") == 429
    assert _login(client, PASSWORD) == 429


def test_the_refusal_ends_when_the_cool_off_passes(client, member, settings):
    for _ in range(5):
        _login(client, "wrong")
    AccessAttempt.objects.update(attempt_time="2020-01-01T00:00Z")

    assert _login(client, PASSWORD) == 302


def test_unlocking_an_account_by_command(client, member):
    for _ in range(5):
        _login(client, "wrong")

    call_command("axes_reset_username", "aki", verbosity=0)

    assert _login(client, PASSWORD) == 302


def test_behind_a_proxy_each_client_has_its_own_count(client, member, settings):
    settings.FORWARDED_PROXIES = 1
    for guess in range(5):
        _login(client, "wrong", username=f"guess{guess}", REMOTE_ADDR=PROXY,
               HTTP_X_FORWARDED_FOR="203.0.113.7")  # fmt: skip

    assert _login(client, PASSWORD, REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.7") == 429
    assert _login(client, PASSWORD, REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="198.51.100.2") == 302


def test_a_client_cannot_choose_its_address_by_a_forged_header(client, member, settings):
    """The proxy appends the address it saw; what the client wrote before it is ignored."""
    settings.FORWARDED_PROXIES = 1
    for forged in range(5):
        forwarded = f"192.0.2.{forged}, 203.0.113.7"
        _login(client, "wrong", username=f"guess{forged}", REMOTE_ADDR=PROXY,
               HTTP_X_FORWARDED_FOR=forwarded)  # fmt: skip

    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"203.0.113.7"}
    forwarded = "192.0.2.9, 203.0.113.7"
    assert _login(client, PASSWORD, REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded) == 429


def test_without_proxies_the_header_is_ignored(client, member, settings):
    settings.FORWARDED_PROXIES = 0
    for forged in range(5):
        _login(client, "wrong", username=f"guess{forged}", HTTP_X_FORWARDED_FOR=f"192.0.2.{forged}")

    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"127.0.0.1"}
    assert _login(client, PASSWORD, HTTP_X_FORWARDED_FOR="192.0.2.99") == 429


@pytest.mark.parametrize("forwarded", ["not-an-address", "", " , ", "1" * 200])
def test_a_header_that_is_not_an_address_counts_the_connection(client, member, settings, forwarded):
    settings.FORWARDED_PROXIES = 1

    assert _login(client, "wrong", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded) == 200
    assert AccessAttempt.objects.get().ip_address == PROXY


@pytest.mark.parametrize("production", ["", "1"])
def test_no_forwarded_header_is_trusted_unless_configured(production):
    env = {**os.environ, "DJANGO_PRODUCTION": production, "SECRET_KEY": "x" * 50}
    env.pop("FORWARDED_PROXIES", None)
    code = "from django.conf import settings; print(settings.FORWARDED_PROXIES)"
    done = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        env={**env, "DJANGO_SETTINGS_MODULE": "ledger.settings"},
        capture_output=True, text=True, check=True,
    )  # fmt: skip

    assert done.stdout.strip() == "0"


def test_a_bad_forwarded_proxies_setting_names_itself():
    env = {**os.environ, "FORWARDED_PROXIES": "one"}
    done = subprocess.run(
        [sys.executable, "manage.py", "check"], env=env, capture_output=True, text=True, check=False
    )

    assert done.returncode != 0
    assert "FORWARDED_PROXIES must be a whole number" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("path", [reverse("login"), reverse("admin:login")])
def test_a_login_with_a_name_longer_than_any_account_is_refused_and_counted(client, path):
    answers = [
        client.post(path, {"username": "a" * 300, "password": "wrong"}).status_code
        for _ in range(5)
    ]

    assert answers == [200] * 4 + [429]  # refused like any wrong login, then locked


@pytest.mark.parametrize("path", [reverse("login"), reverse("admin:login")])
def test_a_login_with_a_nul_in_its_name_is_refused(client, path):
    answer = client.post(path, {"username": "ak\x00i", "password": "wrong"})

    assert answer.status_code == 200 and "_auth_user_id" not in client.session  # the form again
