"""Logging in, with a limit on failed attempts per client address.

The failures are counted in the database (``LoginFailures``), so every worker
process of the server sees the same count. Behind a reverse proxy the client
address is read from X-Forwarded-For (``settings.FORWARDED_PROXIES``); without
that, every client would share the proxy's address and one guesser would lock
the whole club out.
"""

from __future__ import annotations

import ipaddress
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import ngettext

from ledger.models import LoginFailures


def client_address(request: HttpRequest) -> str:
    """Return the address of the client: the one the outermost of
    ``FORWARDED_PROXIES`` proxies saw, or the connection's own.

    Proxies append the address they saw to X-Forwarded-For, so the client's is the
    entry that many places from the end; entries before it are the client's own
    claims and are not trusted.
    """
    proxies = settings.FORWARDED_PROXIES
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if proxies and forwarded:
        entries = [entry.strip() for entry in forwarded.split(",")]
        address = entries[-min(proxies, len(entries))]
        if _is_address(address):
            return address
    return (request.META.get("REMOTE_ADDR") or "unknown")[:ADDRESS_LENGTH]


ADDRESS_LENGTH = LoginFailures._meta.get_field("address").max_length or 64


def _is_address(text: str) -> bool:
    if len(text) > ADDRESS_LENGTH:
        return False
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _window_start() -> Any:
    return timezone.now() - timedelta(seconds=settings.LOGIN_WINDOW_SECONDS)


def is_blocked(address: str) -> bool:
    """Return whether the address failed ``LOGIN_ATTEMPTS`` times in the current window."""
    return LoginFailures.objects.filter(
        address=address, since__gt=_window_start(), count__gte=settings.LOGIN_ATTEMPTS
    ).exists()


def count_failure(address: str) -> None:
    """Count a failed login from the address; windows that have passed are forgotten."""
    LoginFailures.objects.filter(since__lte=_window_start()).delete()
    row, created = LoginFailures.objects.get_or_create(
        address=address, defaults={"since": timezone.now()}
    )
    if not created:
        LoginFailures.objects.filter(pk=row.pk).update(count=F("count") + 1)


class LoginView(auth_views.LoginView):
    """Django's login, refusing a client address after too many failures (HTTP 429)."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        address = client_address(request)
        if is_blocked(address):
            minutes = settings.LOGIN_WINDOW_SECONDS // 60
            message = ngettext(
                "Too many failed logins from this device. Try again in %(minutes)s minute.",
                "Too many failed logins from this device. Try again in %(minutes)s minutes.",
                minutes,
            ) % {"minutes": minutes}
            return render(request, "429.html", {"message": message}, status=429)
        response = super().post(request, *args, **kwargs)
        if response.status_code == 200:  # the form was refused
            count_failure(address)
        else:
            LoginFailures.objects.filter(address=address).delete()
        return response
