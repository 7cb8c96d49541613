"""Logging in: the client address for the limit on failed logins, and the lockout page.

django-axes counts failed logins per username and per client address in the database,
so every worker process of the server sees the same count (settings: ``AXES_*``).
Behind a reverse proxy the client address is read from X-Forwarded-For, but only
when ``FORWARDED_PROXIES`` says how many proxies stand in front: trusting the header
with no proxy would let a guesser forge a new address for every attempt.
"""

from __future__ import annotations

import ipaddress
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import ngettext

ADDRESS_LENGTH = 64
USERNAME_LENGTH = 255  # axes.models.AccessAttempt.username
NO_ADDRESS = "0.0.0.0"  # a request without a connection address (never from a real server)


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
    own = request.META.get("REMOTE_ADDR", "")
    return own if _is_address(own) else NO_ADDRESS


def client_username(request: HttpRequest, credentials: dict[str, Any] | None = None) -> str:
    """Return the username a login tried, as the failed-login count keeps it: cut to the
    length its table holds and without NUL characters (no account has a longer name, and
    PostgreSQL refuses both: a guesser's 300-letter name was a server error)."""
    given = credentials.get("username") if credentials else request.POST.get("username")
    text = given if isinstance(given, str) else ""
    return text.replace("\x00", "")[:USERNAME_LENGTH]


def _is_address(text: str) -> bool:
    if len(text) > ADDRESS_LENGTH:
        return False
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def locked_out(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
    """Answer a login refused after too many failures (429), in the visitor's language."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    message = ngettext(
        "Too many failed logins for this account or from this device. "
        "Try again in %(minutes)s minute.",
        "Too many failed logins for this account or from this device. "
        "Try again in %(minutes)s minutes.",
        minutes,
    ) % {"minutes": minutes}
    return render(request, "429.html", {"message": message}, status=429)
