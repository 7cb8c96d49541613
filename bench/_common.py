"""Steps the benchmarks that run the app under gunicorn share (not a benchmark itself)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def wait_for(url: str, *, tries: int = 150, timeout: float = 5) -> None:
    """Return once the server answers ``url``; stop the benchmark if it never does."""
    for _ in range(tries):
        try:
            urllib.request.urlopen(url, timeout=timeout).read()
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("gunicorn did not start")


def standings_snapshot() -> tuple:
    """Return the derived rows an incremental rebuild must leave as a full one would."""
    from standings.models import PlayerGame, Rating, Standing

    return (
        sorted(Standing.objects.values_list("scope", "player_id", "games", "total")),
        sorted(Rating.objects.values_list("player_id", "mu", "sigma", "tenhou_r", "games")),
        sorted(PlayerGame.objects.values_list("session_id", "player_id", "number", "mu")),
    )


def sqlite_app(prefix: str) -> dict[str, str]:
    """Set this process up as the app on a fresh SQLite database (tasks run at once) and
    return the environment a server for it is started with."""
    folder = tempfile.mkdtemp(prefix=f"{prefix}-bench-")
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3",
           "DJANGO_SETTINGS_MODULE": "ledger.settings",
           "TASKS_BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}  # fmt: skip
    os.environ.update(env)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    import django

    django.setup()
    return env
