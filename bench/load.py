"""Load: a club night of 40 tables, 3 devices each, against gunicorn and PostgreSQL.

Each table plays east-only games one after another through the JSON API (a table
link's token), with the players of each new game drawn from one pool of 120, so games
sharing players finish at the same moments. Per table:

- the scorer's phone records each round (``expected_number`` and a request id); 10% of
  its taps are double taps (the same request twice at once), 10% lose their answer and
  are sent again, 5% are sent again one round later (an out-of-order retry);
- a second phone records the same round at the same moment 5% of the time, and
  corrects a past round (``PUT`` with the version it saw) 5% of the time;
- a third device polls the scoreboard (the table page) every second.

A task worker (``manage.py db_worker``) rebuilds the standings meanwhile. Afterwards
every session must hold exactly the rounds its devices were told were saved (with the
corrections they were told were made), none twice; and once the worker is done, the
standings must equal a rebuild from scratch.

Run: ``.venv/bin/python -m bench.load`` (PostgreSQL on 127.0.0.1:5432, trust auth).
Prints requests, 5xx, duplicated rounds, confirmed rounds lost and latency p50/p95.
"""

from __future__ import annotations

import json
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench._common import standings_snapshot, wait_for

TABLES = 40
SECONDS = 45.0
POOL = 120
THINK = (0.5, 2.0)  # seconds between rounds: about 30 times a real table's pace
DB_NAME = "riichi_ledger_load"
RULES = {"preset": "club", "tobi": "none", "game_length": "east"}
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


@dataclass
class Game:
    """What one session's devices were told: its confirmed rounds, by number."""

    pk: int
    token: str
    confirmed: dict[int, dict[str, Any]] = field(default_factory=dict)
    version: int = 0
    finished: bool = False


class Client:
    """One device: JSON requests with a bearer token, timed into ``stats``."""

    def __init__(self, base: str, stats: Stats) -> None:
        self.base, self.stats = base, stats

    def call(self, method: str, path: str, body: Any = None, token: str = "") -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        request = urllib.request.Request(self.base + path, data, headers, method=method)
        started = time.perf_counter()
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, text = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read()
        self.stats.add(status, time.perf_counter() - started)
        try:
            return status, json.loads(text)
        except ValueError:
            return status, None


def _ron(rng: random.Random, dealer: int) -> dict[str, Any]:
    """Return a non-dealer ron: the dealer passes, so every game ends after East 4."""
    winner = rng.choice([s for s in range(4) if s != dealer])
    loser = rng.choice([s for s in range(4) if s != winner])
    han, fu = rng.choice([(1, 30), (2, 30), (3, 40), (4, 30)])
    return {"result": "ron", "loser": loser, "wins": [{"winner": winner, "han": han, "fu": fu}],
            "riichi": []}  # fmt: skip


def _draw(rng: random.Random, dealer: int) -> dict[str, Any]:
    return {"result": "draw", "tenpai": [], "riichi": []}  # all noten: the dealer passes


def _next_round(rng: random.Random, dealer: int) -> dict[str, Any]:
    return _ron(rng, dealer) if rng.random() < 0.75 else _draw(rng, dealer)


class Table:
    """One table's three devices playing games until the evening ends."""

    def __init__(self, base: str, stats: Stats, member: str, index: int) -> None:
        self.scorer, self.second, self.board = (Client(base, stats) for _ in range(3))
        self.member, self.rng, self.games = member, random.Random(index), []
        self.pending_retry: tuple[int, dict[str, Any]] | None = None

    def play(self, deadline: float) -> None:
        while time.monotonic() < deadline:
            game = self._start()
            while not game.finished and time.monotonic() < deadline:
                time.sleep(self.rng.uniform(*THINK))
                self._poll(game)
                self._round(game)
                if self.rng.random() < 0.05 and not game.finished:
                    self._correct(game)

    def _start(self) -> Game:
        names = [f"player {n}" for n in self.rng.sample(range(POOL), 4)]
        status, answer = self.scorer.call(
            "POST", "/api/v1/sessions", {"players": names, "rules": RULES}, self.member
        )
        if status != 201:
            raise RuntimeError(f"could not start a game: {status} {answer}")
        game = Game(answer["id"], _token_of(answer["id"]), version=answer["version"])
        self.games.append(game)
        return game

    def _poll(self, game: Game) -> None:
        self.board.call("GET", f"/api/v1/sessions/{game.pk}")

    def _round(self, game: Game) -> None:
        number = len(game.confirmed) + 1
        dealer = (number - 1) % 4  # non-dealer wins and noten draws: the deal passes each round
        body = {"round": _next_round(self.rng, dealer), "expected_number": number,
                "request_id": uuid.uuid4().hex}  # fmt: skip
        path = f"/api/v1/sessions/{game.pk}/rounds"
        roll = self.rng.random()
        if roll < 0.10:  # a double tap: the same request twice at once
            answers = _together([(self.scorer, body), (self.scorer, body)], path, game.token)
        elif roll < 0.15:  # the second phone records the same round at the same moment
            rival = {**body, "round": _next_round(self.rng, dealer), "request_id": uuid.uuid4().hex}
            answers = _together([(self.scorer, body), (self.second, rival)], path, game.token)
        else:
            answers = [(body, self.scorer.call("POST", path, body, game.token))]
            if roll < 0.25:  # the answer was lost: the phone sends it again
                answers.append((body, self.scorer.call("POST", path, body, game.token)))
        self._send_late_retry(game, path)
        if roll > 0.95:
            self.pending_retry = (game.pk, body)
        for sent, (status, answer) in answers:
            self._take(game, sent, status, answer)

    def _send_late_retry(self, game: Game, path: str) -> None:
        """Send a request of the previous round again, after the round that followed it."""
        if self.pending_retry and self.pending_retry[0] == game.pk:
            status, answer = self.scorer.call("POST", path, self.pending_retry[1], game.token)
            self._take(game, self.pending_retry[1], status, answer)
        self.pending_retry = None

    def _take(self, game: Game, sent: dict[str, Any], status: int, answer: Any) -> None:
        if status != 201:
            return
        number = sent["expected_number"]
        game.confirmed.setdefault(number, sent["round"])
        game.version = max(game.version, answer["version"])
        game.finished = game.finished or answer["state"]["finished"]

    def _correct(self, game: Game) -> None:
        """Change a past ron's han (same winner and discarder: nothing after it moves)."""
        rons = [n for n, r in game.confirmed.items() if r["result"] == "ron"]
        if not rons:
            return
        number = self.rng.choice(rons)
        changed = json.loads(json.dumps(game.confirmed[number]))
        changed["wins"][0]["han"] = self.rng.choice([1, 2, 3, 4])
        changed["wins"][0]["fu"] = 30
        status, answer = self.second.call(
            "PUT", f"/api/v1/sessions/{game.pk}/rounds/{number}",
            {"round": changed, "version": game.version}, game.token,
        )  # fmt: skip
        if status == 200:
            game.confirmed[number] = changed
            game.version = answer["version"]
        elif status == 409:
            game.version = answer["version"]  # seen now: a later correction may go through


def _together(requests: list[tuple[Client, dict]], path: str, token: str) -> list:
    answers: list[Any] = [None] * len(requests)

    def send(index: int) -> None:
        client, body = requests[index]
        answers[index] = (body, client.call("POST", path, body, token))

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(requests))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def _token_of(pk: int) -> str:
    from ledger.models import Session

    return Session.objects.get(pk=pk).token


# --- the evening and its verification --------------------------------------------


def _verify(games: list[Game]) -> tuple[int, int, list[str]]:
    """Return (duplicated rounds, confirmed rounds lost, problems)."""
    from ledger.models import Session

    duplicated = lost = 0
    problems = []
    for game in games:
        stored = Session.objects.get(pk=game.pk).outcomes()
        duplicated += max(0, len(stored) - len(game.confirmed))
        for number, outcome in game.confirmed.items():
            if number > len(stored) or stored[number - 1] != outcome:
                lost += 1
                problems.append(f"session {game.pk}: round {number} is not as confirmed")
        if sorted(game.confirmed) != list(range(1, len(game.confirmed) + 1)):
            problems.append(f"session {game.pk}: confirmed round numbers have gaps")
    return duplicated, lost, problems


def _standings_match_a_full_rebuild(worker: subprocess.Popen, timeout: float = 60) -> str:
    from standings.models import PendingRebuild
    from standings.rebuild import rebuild_everything

    started = time.monotonic()
    while PendingRebuild.objects.exists() and time.monotonic() - started < timeout:
        time.sleep(0.5)
    waited = time.monotonic() - started
    worker.terminate()
    worker.wait(timeout=30)

    incremental = standings_snapshot()
    rebuild_everything()
    full = standings_snapshot()
    for name, mine, theirs in zip(("standings", "ratings", "games"), incremental, full):
        differ = sorted(set(mine) ^ set(theirs))
        if differ:
            print(f"  {name} differ in {len(differ)} rows, e.g. {differ[:4]}")
    same = full == incremental
    return f"standings caught up {waited:.1f} s after play ended; equal to a full rebuild: {same}"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _database_url() -> str:
    for sql in (f"DROP DATABASE IF EXISTS {DB_NAME}", f"CREATE DATABASE {DB_NAME}"):
        subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", sql], check=True)
    return f"postgres://postgres@127.0.0.1:5432/{DB_NAME}"


def _member_token() -> str:
    from django.contrib.auth import get_user_model

    from ledger.models import ApiToken

    user = get_user_model().objects.create_user("organiser", password="load-bench-pw-1")
    return ApiToken.issue(user, "load bench")[1]


def _start(env: dict[str, str], *command: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, *command], cwd=ROOT, env=env)


def main() -> None:
    url = os.environ.get("LOAD_DATABASE_URL") or _database_url()
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "ledger.settings",
           "ALLOWED_HOSTS": "127.0.0.1,localhost"}  # fmt: skip
    os.environ.update({k: env[k] for k in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")})
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    import django

    django.setup()
    member = _member_token()
    port = _free_port()
    server = _start(env, "-m", "gunicorn", "ledger.wsgi", "-b", f"127.0.0.1:{port}", "-w", "4",
                    "--threads", "4", "--log-level", "warning")  # fmt: skip
    worker = _start(env, "manage.py", "db_worker", "--no-reload", "--interval", "0.5")
    base, stats = f"http://127.0.0.1:{port}", Stats()
    tables = [Table(base, stats, member, i) for i in range(TABLES)]
    try:
        wait_for(base + "/api/v1/standings", tries=100, timeout=2)
        started = time.perf_counter()
        _run_all(tables, time.monotonic() + SECONDS)
        elapsed = time.perf_counter() - started
    finally:
        server.terminate()
        server.wait(timeout=30)
    games = [game for table in tables for game in table.games]
    _report(stats, elapsed, games)
    print(_standings_match_a_full_rebuild(worker))


def _run_all(tables: list[Table], deadline: float) -> None:
    def run(table: Table) -> None:
        try:
            table.play(deadline)
        except Exception as error:  # report it; the verification names what it left
            print(f"a table stopped: {error!r}", file=sys.stderr)

    threads = [threading.Thread(target=run, args=(t,)) for t in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000


def _report(stats: Stats, elapsed: float, games: list[Game]) -> None:
    count = len(stats.latencies)
    errors = sum(n for status, n in stats.statuses.items() if status >= 500)
    duplicated, lost, problems = _verify(games)
    rounds = sum(len(g.confirmed) for g in games)
    finished = sum(g.finished for g in games)
    print(f"{TABLES} tables x 3 devices: {len(games)} games ({finished} finished), "
          f"{rounds} rounds confirmed, {count} requests in {elapsed:.1f} s "
          f"({count / elapsed:.0f}/s)")  # fmt: skip
    print(f"statuses: {dict(sorted(stats.statuses.items()))}")
    print(f"5xx: {errors}; duplicated rounds: {duplicated}; confirmed rounds lost: {lost}")
    print(f"latency ms: p50 {statistics.median(stats.latencies) * 1000:.0f}, "
          f"p95 {_percentile(stats.latencies, 0.95):.0f}, "
          f"p99 {_percentile(stats.latencies, 0.99):.0f}")  # fmt: skip
    for problem in problems[:10]:
        print("  " + problem)


if __name__ == "__main__":
    main()
