"""Ledger speed: record a round + re-render the table page, and render the history page.

Targets (issue 6): recording and re-rendering under 50 ms median server time on SQLite
for a 30-round session; history under 100 ms with a query count that does not grow
with the number of rounds. Run: ``.venv/bin/python -m bench`` (or ``-m bench.ledger``).
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from typing import Any

ROUNDS = 30
REPEATS = 40


def _outcome(i: int, dealer: int) -> dict[str, Any]:
    """Return a legal round that keeps the game going (the dealer keeps the deal)."""
    kind = i % 3
    if kind == 0:
        return {"result": "draw", "tenpai": [0, 1, 2, 3], "riichi": []}
    if kind == 1:
        loser = (dealer + 1 + (i // 3) % 3) % 4
        return {
            "result": "ron",
            "loser": loser,
            "wins": [{"winner": dealer, "han": 2, "fu": 30}],
            "riichi": [],
        }
    return {"result": "draw", "tenpai": [dealer], "riichi": [dealer]}


def _setup() -> None:
    db = os.path.join(tempfile.mkdtemp(prefix="ledger-bench-"), "bench.sqlite3")
    os.environ["DATABASE_URL"] = f"sqlite:///{db}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ledger.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _session(rounds: int, names: tuple[str, ...]) -> Any:
    from ledger.models import Player, Session, SessionSeat

    session = Session.objects.create(rules={"preset": "club", "tobi": "none"})
    for seat, name in enumerate(names):
        SessionSeat.objects.create(
            session=session, seat=seat, player=Player.objects.create(name=name)
        )
    session.replace_rounds([_outcome(i, 0) for i in range(rounds)])
    return session


def _median_ms(samples: list[float]) -> str:
    return f"median {statistics.median(samples) * 1000:.1f} ms, max {max(samples) * 1000:.1f} ms"


def main() -> None:
    _setup()
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    session = _session(ROUNDS - 1, ("A", "B", "C", "D"))
    client = Client()
    client.force_login(get_user_model().objects.create_user("bench", password="x-bench-pass"))
    record_url = reverse("round-record", args=[session.pk])
    data = {"kind": "draw", "tenpai": ["0"]}
    record_times = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        response = client.post(record_url, data, headers={"HX-Request": "true"})
        record_times.append(time.perf_counter() - started)
        assert response.status_code == 200 and session.rounds.count() == ROUNDS
        session.replace_rounds(session.outcomes()[:-1])
    print(f"record round {ROUNDS} + re-render table (htmx), SQLite: {_median_ms(record_times)}")

    table_times = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        client.get(reverse("session-table", args=[session.pk]))
        table_times.append(time.perf_counter() - started)
    print(f"table page, {ROUNDS - 1} rounds: {_median_ms(table_times)}")

    session.record(_outcome(ROUNDS - 1, 0))
    history_url = reverse("session-history", args=[session.pk])
    history_times = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        client.get(history_url)
        history_times.append(time.perf_counter() - started)
    small = _session(5, ("E", "F", "G", "H"))
    with CaptureQueriesContext(connection) as few:
        client.get(reverse("session-history", args=[small.pk]))
    with CaptureQueriesContext(connection) as many:
        client.get(history_url)
    print(
        f"history page, {ROUNDS} rounds: {_median_ms(history_times)}; "
        f"queries: {len(few)} for 5 rounds, {len(many)} for {ROUNDS} rounds"
    )


if __name__ == "__main__":
    main()
