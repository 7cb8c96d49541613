"""Steps the benchmarks that run the app under gunicorn share (not a benchmark itself)."""

from __future__ import annotations

import time
import urllib.request


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
