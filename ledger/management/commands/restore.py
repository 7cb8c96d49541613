"""``manage.py restore FILE``: rebuild an empty database from a ``backup`` file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.core.serializers.base import DeserializationError
from django.db import DatabaseError, transaction

from ledger.models import Player, Session


class Command(BaseCommand):
    help = "Load a backup into an empty database (migrate first); refuses to mix with data."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a JSON file written by `manage.py backup`")

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        _check_backup(path)
        if Session.objects.exists() or Player.objects.exists() or get_user_model().objects.exists():
            raise CommandError("the database is not empty: restore only into a new database")
        try:
            with transaction.atomic():
                call_command("loaddata", str(path), verbosity=0)
        except (DatabaseError, DeserializationError) as error:  # a row missing or wrong
            first_line = str(error).splitlines()[0] if str(error) else type(error).__name__
            raise CommandError(
                f"{path}: not a backup that can be loaded ({first_line}); nothing was restored"
            ) from None
        self.stdout.write(
            f"restored {Player.objects.count()} player(s), {Session.objects.count()} session(s)"
        )


def _check_backup(path: Path) -> None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise CommandError(f"{path}: cannot read the file ({error.strerror})") from None
    except (ValueError, RecursionError):  # not UTF-8, not JSON, or JSON too deep to read
        raise CommandError(f"{path}: not a backup (not JSON text)") from None
    if not isinstance(data, list) or not all(
        isinstance(row, dict) and {"model", "fields"} <= set(row) for row in data
    ):
        raise CommandError(f"{path}: not a backup written by `manage.py backup`")
