"""Ledger speed: record a round + re-render the table page, and render the history page.

Targets (issue 6): recording and re-rendering under 50 ms median server time on SQLite
for a 30-round session; history under 100 ms with a query count that does not grow
with the number of rounds. Issue 18: no page of one session over 200 ms however it was
filled; the longest record the engine takes holds 200 rounds, so the pages of a
200-round session are timed too. Run: ``.venv/bin/python -m bench.ledger``.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from typing import Any

ROUNDS = 30
REPEATS = 40
LONGEST = 200  # the most rounds a record may hold (scoring.game.MAX_ROUNDS)


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
    from ledger import writes
    from ledger.models import Session
    from ledger.players import players_named

    new = writes.NewSession(
        players=players_named(list(names)),
        rules={"preset": "club", "tobi": "none"},
        rounds=[_outcome(i, 0) for i in range(rounds)],
    )
    return Session.objects.get(pk=writes.create_session(new, actor=writes.COMMAND).pk)


def _undo(session: Any) -> None:
    from ledger import writes

    writes.undo_round(session.pk, actor=writes.COMMAND, version=None)


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
        _undo(session)
    print(f"record round {ROUNDS} + re-render table (htmx), SQLite: {_median_ms(record_times)}")

    table_times = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        client.get(reverse("session-table", args=[session.pk]))
        table_times.append(time.perf_counter() - started)
    print(f"table page, {ROUNDS - 1} rounds: {_median_ms(table_times)}")

    from ledger import writes

    writes.record_round(session.pk, _outcome(ROUNDS - 1, 0), actor=writes.COMMAND)
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
    longest = _session(LONGEST, ("I", "J", "K", "L"))
    for name in ("session-table", "session-history", "session-export"):
        url = reverse(name, args=[longest.pk])
        samples = []
        for _ in range(REPEATS // 4):
            started = time.perf_counter()
            assert client.get(url).status_code == 200
            samples.append(time.perf_counter() - started)
        print(f"{name} of a {LONGEST}-round session: {_median_ms(samples)}")


if __name__ == "__main__":
    main()
