"""A club night's draws through the whole write path: lock the event, seat the players
checked in, start every table's session (``writes.create_session``), in one transaction.

For 16, 40 and 100 players checked in, 8 rounds each seated by "fewest repeated opponents"
(each round's games ended before the next draw, which is not timed): the time of a draw,
median and slowest (goal: under 1 s for 100 players), and the queries of the last draw
(with the tables it starts: about 12 a table, most of them ``writes.create_session``'s). SQLite in a temporary file, or the
database of ``DATABASE_URL``.

Run: ``.venv/bin/python -m bench.event_draw``.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROUNDS = 8
COUNTS = (16, 40, 100)


def main() -> int:
    folder = tempfile.mkdtemp(prefix="bench-events-")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{Path(folder) / 'bench.sqlite3'}")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ledger.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from clubnights import service
    from ledger import writes

    vendor = os.environ["DATABASE_URL"].split(":", 1)[0]
    print(f"event draws through the service on {vendor}: {ROUNDS} rounds, fewest_repeats")
    print("players  tables  median ms  max ms  queries")
    for count in COUNTS:
        new = service.NewEvent(name=f"Bench {count}", rules={"preset": "club"},
                               seating="fewest_repeats")  # fmt: skip
        event = service.create_event(new)
        for number in range(count):
            service.check_in(event.pk, name=f"Bench {count} player {number}")
        seconds = []
        for _ in range(ROUNDS):
            with CaptureQueriesContext(connection) as queries:
                started = time.perf_counter()
                event_round = service.draw_round(event.pk, actor=writes.COMMAND)
                seconds.append(time.perf_counter() - started)
            for table in event_round.tables.all():  # one drawn hand, then the game ends
                drawn = {"result": "draw", "tenpai": [], "riichi": []}
                writes.record_round(table.session_id, drawn, actor=writes.COMMAND)
                writes.finish_session(table.session_id, actor=writes.COMMAND, version=None)
        tables = event_round.tables.count()
        median, slowest = statistics.median(seconds) * 1000, max(seconds) * 1000
        print(f"{count:7}  {tables:6}  {median:9.0f}  {slowest:6.0f}  {len(queries):7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
