"""``manage.py backup [-o FILE]``: a consistent JSON dump of the whole club (its club
nights and tournaments too)."""

from __future__ import annotations

from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser
from django.db import connection, transaction

# What a club is: accounts, the ledger, the standings kept from it and its events.
BACKUP_APPS = ("auth.user", "ledger", "standings", "clubnights")


class Command(BaseCommand):
    help = (
        "Write every player, session, round, standing and event as JSON (restore with `restore`)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--output", "-o", default="-", help="file to write (default: stdout)")

    def handle(self, *args: Any, **options: Any) -> None:
        snapshot = connection.vendor == "postgresql" and not connection.in_atomic_block
        with transaction.atomic():
            if snapshot:  # one snapshot for every table read below
                with connection.cursor() as cursor:
                    cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            call_command(
                "dumpdata",
                *BACKUP_APPS,
                indent=1,
                natural_foreign=False,
                output=None if options["output"] == "-" else options["output"],
                stdout=self.stdout,
            )
