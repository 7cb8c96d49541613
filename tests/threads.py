"""Run work in real threads at the same moment (for the PostgreSQL concurrency tests)."""

from __future__ import annotations

import threading
from collections.abc import Callable

from django.db import connection


def run_together(count: int, work: Callable[[int], object]) -> list[object]:
    """Return what ``work(i)`` returned (or raised) in each of ``count`` threads, all
    started together at a barrier; each thread closes its own database connection."""
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
