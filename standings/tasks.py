"""Background work of the standings, run by the task worker (``manage.py db_worker``)."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone
from django_tasks import default_task_backend, task

from standings.rebuild import rebuild_pending

RETRY = dt.timedelta(seconds=5)


@task()
def rebuild_standings() -> int:
    """Take every marked change into the standings and ratings; return the sessions done."""
    done = rebuild_pending()
    if done is None and default_task_backend.supports_defer:
        # Another rebuild was running: look again once it is surely done with its marks.
        rebuild_standings.using(run_after=timezone.now() + RETRY).enqueue()
    return done or 0
