"""``manage.py export_sessions [ID ...]``: write game records as a JSON array (deleted
sessions are left out)."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from ledger.models import Session
from ledger.players import LARGEST_ID
from ledger.records import export_records


class Command(BaseCommand):
    help = (
        "Export sessions (all, or the given ids) as a JSON array of game records; deleted "
        "sessions are left out (restore one to export it)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("ids", nargs="*", type=int, help="session ids (default: all)")
        parser.add_argument("--output", "-o", default="-", help="file to write (default: stdout)")

    def handle(self, *args: Any, **options: Any) -> None:
        sessions = (
            Session.objects.active().prefetch_related("seats__player", "rounds").order_by("pk")
        )
        if options["ids"]:
            sessions = sessions.filter(pk__in=[pk for pk in options["ids"] if pk <= LARGEST_ID])
            missing = set(options["ids"]) - {s.pk for s in sessions}
            if missing:
                raise CommandError(
                    f"no session with id {', '.join(map(str, sorted(missing)))} "
                    "(or it was deleted: restore it to export it); nothing was written"
                )
        text = json.dumps(export_records(list(sessions)), ensure_ascii=False, indent=2)
        if options["output"] == "-":
            self.stdout.write(text)
        else:
            _write(options["output"], text)


def _write(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text + "\n")
    except OSError as error:
        raise CommandError(f"{path}: cannot write the file ({error.strerror})") from None
