"""A request the database could not serve at that moment answers 503, never a 500."""

from __future__ import annotations

import json

import pytest
from django.db import OperationalError
from django.test import RequestFactory

from ledger.busy import BusyMiddleware, is_busy

pytestmark = pytest.mark.django_db


class Deadlock(Exception):
    sqlstate = "40P01"  # as psycopg names PostgreSQL's "deadlock detected"


def _database_error(cause: Exception | None, text: str = "") -> OperationalError:
    error = OperationalError(text)
    error.__cause__ = cause
    return error


def _answer(path: str, error: Exception):
    middleware = BusyMiddleware(lambda request: None)
    return middleware.process_exception(RequestFactory().post(path), error)


def test_a_deadlock_on_a_page_is_a_busy_page_to_try_again():
    response = _answer("/sessions/1/rounds/", _database_error(Deadlock()))

    assert response.status_code == 503 and response["Retry-After"] == "1"
    assert "try again" in response.content.decode()


def test_a_deadlock_in_the_api_is_the_api_error_busy():
    response = _answer("/api/v1/sessions", _database_error(Deadlock()))

    assert response.status_code == 503
    assert json.loads(response.content)["error"]["code"] == "busy"


def test_sqlite_timing_out_on_its_lock_is_busy_too():
    assert is_busy(_database_error(None, "database is locked"))


@pytest.mark.parametrize(
    "error", [_database_error(None, "no such table: ledger_session"), ValueError("deadlock")]
)
def test_other_errors_are_left_to_the_server_error_page(error):
    assert _answer("/api/v1/sessions", error) is None
