"""A request the database could not serve at that moment answers 503 "busy, try again",
never a 500: two transactions waiting on each other (PostgreSQL ends one as a deadlock),
or a lock held too long. The transaction that failed was rolled back (every write of a
session is one transaction), and the same request sent again is served as usual.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext

from ledger.api.middleware import API_PREFIX

# PostgreSQL's codes: deadlock detected, serialization failure, lock not available.
BUSY_STATES = frozenset(("40P01", "40001", "55P03"))


def is_busy(error: BaseException) -> bool:
    """Return whether a database error says "try again" rather than "this is wrong"."""
    if getattr(error.__cause__, "sqlstate", None) in BUSY_STATES:
        return True
    return "database is locked" in str(error)  # SQLite, after its timeout


class BusyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, error: Exception) -> HttpResponse | None:
        if not isinstance(error, OperationalError) or not is_busy(error):
            return None
        message = gettext("The server was busy and could not finish this request; try again.")
        if request.path.startswith(API_PREFIX):
            body = {"error": {"code": "busy", "message": message}}
            return HttpResponse(
                json.dumps(body, ensure_ascii=False),
                status=503,
                content_type="application/json; charset=utf-8",
                headers={"Retry-After": "1"},
            )
        response = render(request, "503.html", {"message": message}, status=503)
        response["Retry-After"] = "1"
        return response
