"""``manage.py purge_deleted``: remove sessions deleted more than 30 days ago."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from ledger.models import Session


class Command(BaseCommand):
    help = "Remove for good the sessions deleted more than 30 days ago (run it daily)."

    def handle(self, *args: Any, **options: Any) -> None:
        count, _ = Session.objects.expired().delete()
        self.stdout.write(f"removed {count} row(s) of expired deleted sessions")
