"""Two devices at one table: concurrent recording never doubles or loses a round.

Each thread has its own database connection; on PostgreSQL the session row is locked
(select_for_update), on SQLite writers take the lock when their transaction begins.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from ledger.models import Round, RoundConflict, Session
from tests.factories import create_session

pytestmark = pytest.mark.django_db(transaction=True)
DRAW = {"result": "draw", "tenpai": [0], "riichi": []}


def _run_together(count: int, work) -> list[object]:
    barrier, results = threading.Barrier(count), [None] * count

    def run(index: int) -> None:
        try:
            barrier.wait()
            results[index] = work(index)
        except Exception as error:
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def test_two_devices_recording_the_same_round_one_wins_the_other_conflicts():
    session = create_session()

    def record(index: int) -> object:
        return Session.objects.get(pk=session.pk).record(
            DRAW, expected_number=1, request_id=f"device-{index}"
        )

    results = _run_together(2, record)

    conflicts = [r for r in results if isinstance(r, RoundConflict)]
    recorded = [r for r in results if isinstance(r, tuple)]
    assert (len(recorded), len(conflicts)) == (1, 1), results
    assert Round.objects.filter(session=session).count() == 1


def test_the_same_request_sent_twice_at_once_records_once():
    session = create_session()

    def record(_: int) -> object:
        return Session.objects.get(pk=session.pk).record(DRAW, expected_number=1, request_id="same")

    results = _run_together(2, record)

    assert all(isinstance(r, tuple) for r in results), results
    assert sorted(created for _, created in results) == [False, True]
    assert Round.objects.filter(session=session).count() == 1


def test_many_devices_appending_without_expectations_leave_no_gaps():
    session = create_session()

    def record(index: int) -> object:
        return Session.objects.get(pk=session.pk).record(DRAW, request_id=f"r{index}")

    results = _run_together(6, record)

    assert all(isinstance(r, tuple) for r in results), results
    numbers = list(Round.objects.filter(session=session).values_list("number", flat=True))
    assert numbers == [1, 2, 3, 4, 5, 6]
    assert Session.objects.get(pk=session.pk).replay()["next"]["honba"] == 6


def test_failed_logins_at_once_are_each_counted():
    """Workers counting failures of one new address at the same moment: the row is
    created once and every failure is added (no lost update, no error)."""
    from ledger.accounts import count_failure
    from ledger.models import LoginFailures

    results = _run_together(4, lambda _: count_failure("203.0.113.7"))

    assert results == [None] * 4
    assert LoginFailures.objects.get(address="203.0.113.7").count == 4
