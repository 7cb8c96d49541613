"""``manage.py rebuild_standings``: recompute every game, standing and rating from the sessions."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from standings.rebuild import rebuild_everything


class Command(BaseCommand):
    help = "Recompute the standings and ratings of every session from its rounds."

    def handle(self, *args: Any, **options: Any) -> None:
        count = rebuild_everything()
        self.stdout.write(f"rebuilt the standings from {count:,} session(s)")
