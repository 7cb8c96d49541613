"""``manage.py compiletranslations``: build locale/*/LC_MESSAGES/django.mo from the .po files."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from ledger.translations import compile_all


class Command(BaseCommand):
    help = "Compile the .po catalogs into .mo files in pure Python (no GNU gettext needed)."
    requires_system_checks: list[str] = []

    def handle(self, *args: Any, **options: Any) -> None:
        for language, count in compile_all():
            self.stdout.write(f"{language}: {count} translated message(s) compiled")
