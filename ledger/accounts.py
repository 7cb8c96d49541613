"""Logging in, with a limit on failed attempts per client address."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import ngettext


def _attempts_key(request: HttpRequest) -> str:
    return f"login-failures:{request.META.get('REMOTE_ADDR', 'unknown')}"


class LoginView(auth_views.LoginView):
    """Django's login, refusing a client address after too many failures (HTTP 429)."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        key = _attempts_key(request)
        if cache.get(key, 0) >= settings.LOGIN_ATTEMPTS:
            minutes = settings.LOGIN_WINDOW_SECONDS // 60
            message = ngettext(
                "Too many failed logins from this device. Try again in %(minutes)s minute.",
                "Too many failed logins from this device. Try again in %(minutes)s minutes.",
                minutes,
            ) % {"minutes": minutes}
            return render(request, "429.html", {"message": message}, status=429)
        response = super().post(request, *args, **kwargs)
        if response.status_code == 200:  # the form was refused
            cache.add(key, 0, settings.LOGIN_WINDOW_SECONDS)
            cache.incr(key)
        else:
            cache.delete(key)
        return response
