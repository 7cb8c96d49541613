"""Load: 40 tables recording at once against gunicorn and PostgreSQL.

Each table is a thread with its own cookie jar, joined through the table link. 10% of
record requests are sent twice (a retry after a lost answer, same request id) and 5%
are also sent by a second device at the same table (another request id, same expected
round number). Afterwards every session's stored rounds must be exactly the intended
ones, numbered without gaps, with the stored scores equal to the engine's replay.

Run: ``.venv/bin/python -m bench.load`` (PostgreSQL on 127.0.0.1:5432, trust auth).
Prints throughput, latency percentiles, the 5xx count and the verification.
"""

from __future__ import annotations

import http.cookiejar
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

TABLES = 40
SECONDS = 40.0
ROUNDS_PER_TABLE = 25
# Seconds a table takes between two rounds. A real table needs minutes; a second or two
# keeps all 40 tables recording at once, about 25 times the pace of a busy club night.
THINK = (0.5, 2.5)
DB_NAME = "riichi_ledger_load"
RULES = {"preset": "club", "tobi": "none"}
ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, status: int, seconds: float) -> None:
        with self.lock:
            self.latencies.append(seconds)
            self.statuses[status] = self.statuses.get(status, 0) + 1


class Device:
    """One phone at a table: a cookie jar that joined through the table link."""

    def __init__(self, base: str, token: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.opener.open(f"{base}/join/{token}/", timeout=30).read()

    def csrf(self) -> str:
        return next(c.value for c in self.jar if c.name == "csrftoken")

    def post(self, path: str, data: dict[str, Any], stats: Stats) -> int:
        body = urllib.parse.urlencode(data, doseq=True).encode()
        request = urllib.request.Request(
            f"{self.base}{path}",
            data=body,
            method="POST",
            headers={"X-CSRFToken": self.csrf(), "HX-Request": "true", "Referer": self.base},
        )
        started = time.perf_counter()
        try:
            with self.opener.open(request, timeout=30) as response:
                response.read()
                status = response.status
        except urllib.error.HTTPError as error:
            error.read()
            status = error.code
        stats.add(status, time.perf_counter() - started)
        return status


def _next_outcome(rng: random.Random, dealer: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Return a round (as the engine records it) and the form that enters it."""
    others = [seat for seat in range(4) if seat != dealer]
    roll = rng.random()
    if roll < 0.4:
        winner, loser = rng.sample(range(4), 2)
        han, fu = rng.choice([(1, 30), (2, 30), (3, 40), (4, 30)])
        outcome = {
            "result": "ron",
            "loser": loser,
            "wins": [{"winner": winner, "han": han, "fu": fu}],
            "riichi": [],
        }
        form = {
            "kind": "ron",
            "winners": [winner],
            "loser": loser,
            f"han_{winner}": han,
            f"fu_{winner}": fu,
        }
    elif roll < 0.7:
        winner = rng.randrange(4)
        outcome = {"result": "tsumo", "winner": winner, "han": 3, "fu": 30, "riichi": [winner]}
        form = {"kind": "tsumo", "winner": winner, "han": 3, "fu": 30, "riichi": [winner]}
    else:
        tenpai = sorted([*rng.sample(others, rng.randrange(3)), dealer])
        outcome = {"result": "draw", "tenpai": tenpai, "riichi": []}
        form = {"kind": "draw", "tenpai": tenpai}
    return outcome, form


def _legal_outcome(
    rng: random.Random, intended: list[dict[str, Any]], dealer: int
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Return a next round the engine accepts (riichi needs 1,000 points, and so on)."""
    from scoring.errors import ScoringError
    from scoring.game import replay

    while True:
        outcome, form = _next_outcome(rng, dealer)
        try:
            replay({"rules": RULES, "rounds": [*intended, outcome]})
        except ScoringError:
            continue
        return outcome, form


def _play_table(
    base: str, session: dict[str, Any], stats: Stats, deadline: float, seed: int
) -> list[dict[str, Any]]:
    from scoring.game import replay

    rng = random.Random(seed)
    phone, second = Device(base, session["token"]), Device(base, session["token"])
    path = f"/sessions/{session['pk']}/rounds/"
    intended: list[dict[str, Any]] = []
    while len(intended) < ROUNDS_PER_TABLE and time.monotonic() < deadline:
        time.sleep(rng.uniform(*THINK))
        state = replay({"rules": RULES, "rounds": intended}).to_json()
        if state.get("finished"):
            break
        outcome, form = _legal_outcome(rng, intended, state["next"]["dealer"])
        data = {**form, "expected_number": len(intended) + 1, "request_id": uuid.uuid4().hex}
        roll = rng.random()
        if roll < 0.05:  # a second device records the same round at the same moment
            rival = {**data, "request_id": uuid.uuid4().hex}
            threads = [
                threading.Thread(target=d.post, args=(path, x, stats))
                for d, x in ((phone, data), (second, rival))
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        else:
            phone.post(path, data, stats)
            if roll < 0.15:  # the answer was lost: the phone sends it again
                phone.post(path, data, stats)
        intended.append(outcome)
    return intended


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _database_url() -> str:
    subprocess.run(
        ["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", f"DROP DATABASE IF EXISTS {DB_NAME}"],
        check=True,
    )
    subprocess.run(
        ["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", f"CREATE DATABASE {DB_NAME}"],
        check=True,
    )
    return f"postgres://postgres@127.0.0.1:5432/{DB_NAME}"


def _create_sessions(count: int) -> list[dict[str, Any]]:
    from ledger.models import Player, Session, SessionSeat

    sessions = []
    for table in range(count):
        session = Session.objects.create(rules=RULES, table_name=f"T{table + 1}")
        for seat in range(4):
            player = Player.objects.create(name=f"t{table}-p{seat}")
            SessionSeat.objects.create(session=session, seat=seat, player=player)
        sessions.append({"pk": session.pk, "token": session.token})
    return sessions


def _verify(sessions: list[dict[str, Any]], intended: list[list[dict[str, Any]]]) -> list[str]:
    from ledger.models import Round, Session

    problems = []
    for info, wanted in zip(sessions, intended):
        session = Session.objects.get(pk=info["pk"])
        rows = list(Round.objects.filter(session=session).order_by("number"))
        if [r.number for r in rows] != list(range(1, len(rows) + 1)):
            problems.append(f"session {session.pk}: gaps in round numbers")
        if [r.outcome for r in rows] != wanted:
            problems.append(
                f"session {session.pk}: {len(rows)} rounds stored, {len(wanted)} intended"
            )
        played = session.replay()["rounds"]
        if [r.scores for r in rows] != [p["scores"] for p in played]:
            problems.append(f"session {session.pk}: stored scores differ from the replay")
    return problems


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000


def main() -> None:
    url = os.environ.get("LOAD_DATABASE_URL") or _database_url()
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_SETTINGS_MODULE": "ledger.settings",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
    }
    os.environ.update(
        {k: env[k] for k in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE", "ALLOWED_HOSTS")}
    )
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    import django

    django.setup()
    sessions = _create_sessions(TABLES)
    port = _free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "ledger.wsgi",
            "-b",
            f"127.0.0.1:{port}",
            "-w",
            "4",
            "--threads",
            "4",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(base)
        stats, results = Stats(), [[] for _ in sessions]
        deadline = time.monotonic() + SECONDS
        started = time.perf_counter()

        def run(index: int) -> None:
            try:
                results[index] = _play_table(base, sessions[index], stats, deadline, seed=index)
            except Exception as error:  # report, and let the verification name the table
                print(f"table {index + 1}: {error!r}", file=sys.stderr)

        threads = [threading.Thread(target=run, args=(i,)) for i in range(len(sessions))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - started
    finally:
        server.terminate()
        server.wait(timeout=30)
    _report(stats, elapsed, sessions, results)


def _wait_for(base: str) -> None:
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/", timeout=2).read()
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("gunicorn did not start")


def _report(
    stats: Stats,
    elapsed: float,
    sessions: list[dict[str, Any]],
    results: list[list[dict[str, Any]]],
) -> None:
    count = len(stats.latencies)
    errors = sum(n for status, n in stats.statuses.items() if status >= 500)
    print(
        f"{len(sessions)} tables, {sum(map(len, results))} rounds intended, "
        f"{count} record requests in {elapsed:.1f} s = {count / elapsed:.0f} requests/s"
    )
    print(
        f"latency ms: median {statistics.median(stats.latencies) * 1000:.0f}, "
        f"p95 {_percentile(stats.latencies, 0.95):.0f}, p99 {_percentile(stats.latencies, 0.99):.0f}"
    )
    print(f"statuses: {dict(sorted(stats.statuses.items()))}; 5xx: {errors}")
    problems = _verify(sessions, results)
    print(
        "verification: every session holds exactly its intended rounds, no gaps, "
        "scores match the replay"
        if not problems
        else "verification FAILED:\n  " + "\n  ".join(problems)
    )


if __name__ == "__main__":
    main()
