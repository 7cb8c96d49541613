"""Standings speed: leaderboard and player page on a synthetic club, SQLite and PostgreSQL.

The club page and the print page (issue 19, items 7 and 8) are timed beside them.
Targets (issues 7 and 19): with 300 players and 20,000 finished sessions the leaderboard
(a season, all time, a date range over the middle half of the games) renders under
150 ms median with a fixed number of queries, a player page under
150 ms, and the leaderboard at 20,000 sessions takes at most twice its time at
2,000. Each (database, size) runs in its own process on a fresh database filled
by ``manage.py generate_club`` (PostgreSQL databases are named by ``BENCH_DATABASE``,
default ``standings_bench``, and the size). Run: ``.venv/bin/python -m bench.standings``.
"""

from __future__ import annotations

import datetime as dt
import os
import statistics
import subprocess
import sys
import tempfile
import time

PLAYERS = 300
SIZES = (2_000, 20_000)
REPEATS = 30
POSTGRES = "postgres://postgres@127.0.0.1:5432/"


def _database_url(engine: str, size: int) -> str:
    if engine == "sqlite":
        folder = tempfile.mkdtemp(prefix="standings-bench-")
        return f"sqlite:///{os.path.join(folder, 'bench.sqlite3')}"
    import psycopg

    name = f"{os.environ.get('BENCH_DATABASE', 'standings_bench')}_{size}"  # one per checkout
    with psycopg.connect(POSTGRES + "postgres", autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {name}")
        connection.execute(f"CREATE DATABASE {name}")
    return POSTGRES + name


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def _time(client, url: str) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for _ in range(3):
        assert client.get(url).status_code == 200, url
    samples = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        client.get(url)
        samples.append(time.perf_counter() - started)
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    return _median_ms(samples), len(queries)


def run_one(engine: str, size: int) -> None:
    """Fill one database and print the timings of the pages (in this process)."""
    os.environ["DATABASE_URL"] = _database_url(engine, size)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ledger.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.utils import timezone

    from ledger.models import Player

    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    call_command("generate_club", players=PLAYERS, sessions=size, verbosity=0)
    filled = time.perf_counter() - started
    client = Client()
    player = Player.objects.order_by("pk")[PLAYERS // 2]
    starts, ends = _middle_half()
    recent = (timezone.localdate() - dt.timedelta(days=90)).isoformat()
    pages = {
        "leaderboard (current season)": "/standings/",
        "leaderboard (all time)": "/standings/?scope=all",
        f"leaderboard (dates {starts} to {ends})": f"/standings/?scope=dates&starts={starts}&ends={ends}",
        "player statistics page": f"/standings/players/{player.pk}/",
        "ledger player page": f"/players/{player.pk}/",
        "club page (current season)": "/standings/club/",
        "club page (all time)": "/standings/club/?scope=all",
        "club page (last 90 days)": f"/standings/club/?scope=dates&starts={recent}",
        "print page (current season)": "/standings/print/",
    }
    print(f"{engine}, {size:,} sessions (generated in {filled:.0f} s):", flush=True)
    for label, url in pages.items():
        median, queries = _time(client, url)
        print(f"  {label}: median {median:.1f} ms, {queries} queries", flush=True)


def _middle_half() -> tuple[str, str]:
    """Return the dates around the middle half of the club's finished games (a date
    range, which is summed when asked rather than read from stored sums)."""
    from standings.models import PlayerGame

    times = PlayerGame.objects.order_by("finished_at").values_list("finished_at", flat=True)
    count = times.count()
    return str(times[count // 4].date()), str(times[3 * count // 4].date())


def main() -> None:
    for engine in ("sqlite", "postgres"):
        for size in SIZES:
            command = [sys.executable, "-m", "bench.standings", engine, str(size)]
            subprocess.run(command, check=False)


if __name__ == "__main__":
    if len(sys.argv) == 3:
        run_one(sys.argv[1], int(sys.argv[2]))
    else:
        main()
