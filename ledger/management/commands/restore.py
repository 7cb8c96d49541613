"""``manage.py restore FILE``: rebuild an empty database from a ``backup`` file."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.core.serializers.base import DeserializationError
from django.db import DatabaseError, transaction

from ledger.engine_words import explain
from ledger.models import Player, Session
from ledger.write_steps import DERIVED_FIELDS
from scoring.errors import ScoringError


class Command(BaseCommand):
    help = "Load a backup into an empty database (migrate first); refuses to mix with data."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a JSON file written by `manage.py backup`")

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        _check_backup(path)
        if Session.objects.exists() or Player.objects.exists() or get_user_model().objects.exists():
            raise CommandError("the database is not empty: restore only into a new database")
        with transaction.atomic():  # a refusal below takes back every row loaded
            _load(path)
            for session in Session.objects.prefetch_related("seats__player", "rounds"):
                if problem := _game_problem(session):
                    raise CommandError(
                        f"{path}: session {session.pk}: {problem} Nothing was restored."
                    )
        self.stdout.write(
            f"restored {Player.objects.count()} player(s), {Session.objects.count()} session(s)"
        )


def _load(path: Path) -> None:
    try:
        call_command("loaddata", str(path), verbosity=0)
    except (DatabaseError, DeserializationError) as error:  # a row missing or wrong
        first_line = str(error).splitlines()[0] if str(error) else type(error).__name__
        detail = re.sub(r"^Problem installing fixture '.*?': ", "", first_line)
        raise CommandError(
            f"{path} is not a backup made by manage.py backup: {detail}. Nothing was restored."
        ) from None


# The columns a round stores from the replay, by the replay's name where it differs.
REPLAYED = {field: "round" if field == "label" else field for field in DERIVED_FIELDS}


def _game_problem(session: Session) -> str:
    """Return in words why a game does not replay to the rounds stored ("" when it does)."""
    try:
        replayed = session.replay()["rounds"]
    except ScoringError as error:
        return explain(error, [player.name for player in session.players()])
    rows = sorted(session.rounds.all(), key=lambda row: row.number)
    for row, played in zip(rows, replayed):
        if wrong := [key for key, name in REPLAYED.items() if getattr(row, key) != played[name]]:
            fields = ", ".join(wrong)
            return f"round {row.number}: its {fields} are not what its outcome replays to."
    return ""


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
