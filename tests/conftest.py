"""Suite-wide fixtures."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.utils import translation
from hypothesis import settings

# No hypothesis example may fail for taking long: a loaded machine (CI running the suite
# beside other work) is slow, and speed is measured by the benchmarks, never by tests.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")


IMMEDIATE_TASKS = {
    "default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend", "QUEUES": []}
}


@pytest.fixture(autouse=True)
def _tasks_run_at_once(settings: Any) -> None:
    """Run background tasks (the standings rebuild) as they are queued, inside the change.

    Tests of the queue itself switch to the database backend (``tests/test_rebuild.py``).
    """
    settings.TASKS = IMMEDIATE_TASKS


@pytest.fixture(autouse=True)
def _every_player_listed(settings: Any) -> None:
    """List players from their first game: tests play a few games, not a season.

    ``tests/test_standings.py`` checks the club's real default of 5 games.
    """
    settings.STANDINGS_MIN_GAMES = 1


@pytest.fixture(autouse=True)
def _no_language_left_over() -> Iterator[None]:
    """Start each test in the default language: a request through the test client leaves
    its language active in this thread (LocaleMiddleware activates it and nothing undoes
    that), so a test after a Japanese page would read Japanese messages."""
    yield
    translation.deactivate()


@pytest.fixture(scope="session", autouse=True)
def _end_stray_connections(django_db_setup: None, django_db_blocker: object) -> Iterator[None]:
    """End connections that server threads of live-server tests left open.

    On PostgreSQL an open connection keeps the test database from being dropped at the
    end of the run; this teardown runs just before pytest-django drops it.
    """
    yield
    with django_db_blocker.unblock():  # type: ignore[attr-defined]
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )


@pytest.fixture
def host(client: Any) -> Any:
    """A club member, logged in on the test client (an event's host)."""
    from tests.factories import create_user

    user = create_user(username="host")
    client.force_login(user)
    return user


@pytest.fixture
def fresh_door() -> None:
    """The event door's check-in rate limit unspent (it is kept in the cache)."""
    cache.clear()
