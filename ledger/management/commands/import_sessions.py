"""``manage.py import_sessions FILE``: import game records, all or nothing."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from ledger.records import RecordError, describe_skipped, import_records


class Command(BaseCommand):
    help = "Import game records (one record or a JSON array of them); a bad file writes nothing."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="path of a JSON file, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        data = _load(options["file"])
        try:
            done = import_records(data)
        except RecordError as error:
            raise CommandError(
                f"{options['file']}: {_sentence(str(error))} Nothing was imported."
            ) from None
        for sentence in describe_skipped(done):
            self.stdout.write(sentence)
        if not done.sessions:
            self.stdout.write("Nothing was imported: every game is already here.")
            return
        ids = ", ".join(str(s.pk) for s in done.sessions)
        self.stdout.write(f"imported {len(done.sessions)} session(s): {ids}")


def _sentence(text: str) -> str:
    """Return the text ending as a sentence does (some refusals end with a full stop)."""
    return text if text.endswith((".", "!", "?")) else text + "."


def _load(path: str) -> Any:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise CommandError(f"{path}: cannot read the file ({error.strerror})") from None
    except UnicodeDecodeError:
        raise CommandError(f"{path}: the file is not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise CommandError(f"{path}: not valid JSON: {error.msg} at line {error.lineno}") from None
    except (RecursionError, ValueError):
        raise CommandError(
            f"{path}: JSON that nests too deeply or holds a number too long"
        ) from None
