"""Corrections in a big club: the write path answers at once and the standings follow.

On a synthetic club of 300 players and 20,000 finished sessions (``generate_club``),
served by gunicorn with a task worker beside it, on SQLite and on PostgreSQL:

- a member deletes and restores the club's first session, and edits a round of an
  old session, five times each, through the API (targets: each under 300 ms median);
- meanwhile another table records a round every quarter second (target: p95 under
  200 ms, every round saved);
- the standings catch up (target: equal to a full rebuild within 30 s of the last change).

Run: ``.venv/bin/python -m bench.writes``. Each database runs in its own process.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from bench._common import standings_snapshot, wait_for
from bench.load import _free_port, _percentile
from bench.standings import _database_url

ROOT = Path(__file__).resolve().parent.parent
PLAYERS, SESSIONS, REPEATS = 300, 20_000, 5
RULES = {"preset": "club", "tobi": "none", "game_length": "east"}


def _call(base: str, method: str, path: str, body: Any = None, token: str = "") -> tuple:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
    request = urllib.request.Request(base + path, data, headers, method=method)
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            status, text = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read()
    return status, json.loads(text or b"null"), time.perf_counter() - started


def _record_meanwhile(base: str, token: str, pk: int, stop: threading.Event, out: list) -> None:
    """Record rounds at another table until told to stop; keep (status, seconds)."""
    number = 1
    while not stop.is_set():
        body = {"round": {"result": "draw", "tenpai": [0, 1, 2, 3], "riichi": []},
                "expected_number": number}  # fmt: skip
        status, _, seconds = _call(base, "POST", f"/api/v1/sessions/{pk}/rounds", body, token)
        out.append((status, seconds))
        number += status == 201
        time.sleep(0.25)


def _corrections(base: str, member: str, first: int, old: int) -> dict[str, list[float]]:
    """Delete and restore the first session and edit a round of an old one, REPEATS times."""
    times: dict[str, list[float]] = {"delete first": [], "restore first": [], "edit old": []}
    for repeat in range(REPEATS):
        status, _, seconds = _call(base, "DELETE", f"/api/v1/sessions/{first}", token=member)
        assert status == 200, status
        times["delete first"].append(seconds)
        time.sleep(1)
        status, _, seconds = _call(base, "POST", f"/api/v1/sessions/{first}/restore", token=member)
        assert status == 200, status
        times["restore first"].append(seconds)
        time.sleep(1)
        _, session, _ = _call(base, "GET", f"/api/v1/sessions/{old}")
        changed = {"result": "draw", "tenpai": list(range(repeat % 4)), "riichi": []}
        body = {"round": session["record"]["rounds"][-1] if repeat % 2 else changed,
                "version": session["version"]}  # fmt: skip
        number = len(session["record"]["rounds"])
        status, answer, seconds = _call(base, "PUT", f"/api/v1/sessions/{old}/rounds/{number}",
                                        body, token=member)  # fmt: skip
        assert status in (200, 422), (status, answer)  # 422: the old last round ends no game
        times["edit old"].append(seconds)
        time.sleep(1)
    return times


def run_one(engine: str) -> None:
    """Fill one database, serve it, and print the figures (in this process)."""
    url = _database_url(engine, SESSIONS)
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "ledger.settings",
           "ALLOWED_HOSTS": "127.0.0.1,localhost"}  # fmt: skip
    os.environ.update({k: env[k] for k in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")})
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([*manage, "generate_club", "--players", str(PLAYERS), "--sessions",
                    str(SESSIONS)], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)  # fmt: skip
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from ledger.models import ApiToken, Session

    member = ApiToken.issue(get_user_model().objects.create_user("keeper"), "bench")[1]
    first = Session.objects.order_by("finished_at", "pk").first().pk
    old = Session.objects.order_by("finished_at", "pk")[SESSIONS // 10].pk
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "ledger.wsgi", "-b",
                               f"127.0.0.1:{port}", "-w", "4", "--threads", "4", "--log-level",
                               "warning"], cwd=ROOT, env=env)  # fmt: skip
    worker = subprocess.Popen([*manage, "db_worker", "--no-reload", "--interval", "0.5"],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL)  # fmt: skip
    try:
        wait_for(base + "/api/v1/standings?scope=all")
        _measure(engine, base, member, first, old)
    finally:
        server.terminate()
        worker.terminate()
        server.wait(timeout=30)
        worker.wait(timeout=60)


def _measure(engine: str, base: str, member: str, first: int, old: int) -> None:
    from ledger.models import Session

    names = ["Table A", "Table B", "Table C", "Table D"]
    _, live, _ = _call(base, "POST", "/api/v1/sessions", {"players": names, "rules": RULES},
                            member)  # fmt: skip
    token = Session.objects.get(pk=live["id"]).token
    stop, recorded = threading.Event(), []
    table = threading.Thread(
        target=_record_meanwhile, args=(base, token, live["id"], stop, recorded)
    )
    table.start()
    times = _corrections(base, member, first, old)
    last_change = time.monotonic()
    stop.set()
    table.join()
    caught_up = _wait_for_standings(last_change)
    saved = Session.objects.get(pk=live["id"]).rounds.count()
    confirmed = sum(1 for status, _ in recorded if status == 201)
    for name, samples in times.items():
        print(f"{engine}: {name}: median {statistics.median(samples) * 1000:.0f} ms, "
              f"max {max(samples) * 1000:.0f} ms")  # fmt: skip
    other = [seconds for _, seconds in recorded]
    print(f"{engine}: another table's rounds meanwhile: {len(other)} sent, {confirmed} confirmed, "
          f"{saved} saved; p50 {statistics.median(other) * 1000:.0f} ms, "
          f"p95 {_percentile(other, 0.95):.0f} ms; 5xx: {sum(s >= 500 for s, _ in recorded)}")  # fmt: skip
    print(f"{engine}: standings caught up {caught_up:.1f} s after the last change; "
          f"{_compare_with_full_rebuild()}")  # fmt: skip


def _wait_for_standings(since: float, timeout: float = 300) -> float:
    from standings.models import PendingRebuild, RebuildLease

    while time.monotonic() - since < timeout:
        busy = RebuildLease.objects.filter(holder__gt="").exists()
        if not PendingRebuild.objects.exists() and not busy:
            break
        time.sleep(0.2)
    return time.monotonic() - since


def _compare_with_full_rebuild() -> str:
    from standings.rebuild import rebuild_everything

    incremental = standings_snapshot()
    started = time.perf_counter()
    rebuild_everything()
    took = time.perf_counter() - started
    return f"equal to a full rebuild: {standings_snapshot() == incremental} (the full rebuild took {took:.0f} s)"


def main() -> None:
    if len(sys.argv) == 2:
        run_one(sys.argv[1])
        return
    for engine in ("sqlite", "postgresql"):
        subprocess.run([sys.executable, "-m", "bench.writes", engine], cwd=ROOT, check=True)


if __name__ == "__main__":
    main()
