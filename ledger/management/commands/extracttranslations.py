"""``manage.py extracttranslations``: merge newly marked messages into the .po files."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from ledger.translations import LANGUAGES, update_catalog


class Command(BaseCommand):
    help = (
        "Find the messages marked for translation in templates and Python code and merge "
        "them into locale/<language>/LC_MESSAGES/django.po (translations are kept)."
    )
    requires_system_checks: list[str] = []

    def handle(self, *args: Any, **options: Any) -> None:
        for language in LANGUAGES:
            count, untranslated = update_catalog(language)
            self.stdout.write(f"{language}: {count} message(s), {untranslated} untranslated")
