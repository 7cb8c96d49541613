"""Logging in: failed attempts are limited per client address, across every worker
process, and behind a proxy per client rather than per proxy."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta
from io import StringIO

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.urls import reverse

from ledger.models import LoginFailures
from tests.factories import create_user

pytestmark = pytest.mark.django_db
PASSWORD = "right-password-1"
PROXY = "10.0.0.5"


def _login(client, password: str, **headers: str) -> int:
    data = {"username": "aki", "password": password}
    return client.post(reverse("login"), data, **headers).status_code


@pytest.fixture
def member():
    return create_user(username="aki", password=PASSWORD)


def test_five_failures_refuse_even_the_right_password(client, member):
    assert [_login(client, "wrong") for _ in range(5)] == [200] * 5

    blocked = client.post(reverse("login"), {"username": "aki", "password": PASSWORD})

    assert blocked.status_code == 429
    assert b"Too many failed logins" in blocked.content


def test_the_count_is_shared_by_worker_processes(client, member):
    """Each worker has its own local cache; clearing this process's cache stands for
    the next request reaching another worker."""
    for _ in range(5):
        _login(client, "wrong")
    cache.clear()

    assert _login(client, PASSWORD) == 429
    assert LoginFailures.objects.get(address="127.0.0.1").count == 5


def test_a_successful_login_resets_the_count(client, member):
    for _ in range(4):
        _login(client, "wrong")

    assert _login(client, PASSWORD) == 302
    assert not LoginFailures.objects.exists()


def test_the_refusal_ends_when_the_window_passes(client, member, settings):
    for _ in range(5):
        _login(client, "wrong")
    window = timedelta(seconds=settings.LOGIN_WINDOW_SECONDS)
    LoginFailures.objects.update(since=LoginFailures.objects.get().since - window)

    assert _login(client, "wrong") == 200  # a new window: counted from one again
    assert LoginFailures.objects.get().count == 1
    assert _login(client, PASSWORD) == 302


def test_behind_a_proxy_each_client_has_its_own_count(client, member, settings):
    settings.FORWARDED_PROXIES = 1
    for _ in range(5):
        _login(client, "wrong", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.7")

    assert _login(client, PASSWORD, REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.7") == 429
    assert _login(client, PASSWORD, REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="198.51.100.2") == 302


def test_a_client_cannot_choose_its_address_by_a_forged_header(client, member, settings):
    """The proxy appends the address it saw; what the client wrote before it is ignored."""
    settings.FORWARDED_PROXIES = 1
    for forged in range(5):
        forwarded = f"192.0.2.{forged}, 203.0.113.7"
        _login(client, "wrong", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded)

    assert LoginFailures.objects.get().address == "203.0.113.7"
    assert (
        _login(client, PASSWORD, REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="192.0.2.9, 203.0.113.7")
        == 429
    )


def test_without_proxies_the_header_is_ignored(client, member, settings):
    settings.FORWARDED_PROXIES = 0
    for forged in range(5):
        _login(client, "wrong", HTTP_X_FORWARDED_FOR=f"192.0.2.{forged}")

    assert LoginFailures.objects.get().address == "127.0.0.1"
    assert _login(client, PASSWORD, HTTP_X_FORWARDED_FOR="192.0.2.99") == 429


@pytest.mark.parametrize("forwarded", ["not-an-address", "", " , ", "1" * 200])
def test_a_header_that_is_not_an_address_counts_the_connection(client, member, settings, forwarded):
    settings.FORWARDED_PROXIES = 1

    assert _login(client, "wrong", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded) == 200
    assert LoginFailures.objects.get().address == PROXY


def test_expired_counts_of_other_addresses_are_removed(client, member, settings):
    old = LoginFailures.objects.create(address="192.0.2.1", count=3, since="2020-01-01T00:00Z")

    _login(client, "wrong")

    assert not LoginFailures.objects.filter(pk=old.pk).exists()


def test_a_bad_forwarded_proxies_setting_names_itself():
    env = {**os.environ, "FORWARDED_PROXIES": "one"}
    done = subprocess.run(
        [sys.executable, "manage.py", "check"], env=env, capture_output=True, text=True, check=False
    )

    assert done.returncode != 0
    assert "FORWARDED_PROXIES must be a whole number" in done.stderr
    assert "Traceback" not in done.stderr


def test_backups_leave_login_failures_out(member):
    LoginFailures.objects.create(address="192.0.2.1", since="2026-01-01T00:00Z")
    out = StringIO()
    call_command("backup", stdout=out)

    assert "ledger.loginfailures" not in out.getvalue()
    assert '"auth.user"' in out.getvalue()
