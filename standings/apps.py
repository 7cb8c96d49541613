from __future__ import annotations

from typing import Any

from django.apps import AppConfig


class StandingsConfig(AppConfig):
    name = "standings"
    verbose_name = "Club standings"

    def ready(self) -> None:
        from ledger.signals import session_changed

        session_changed.connect(_on_session_changed, dispatch_uid="standings-refresh")


def _on_session_changed(sender: Any, session: Any, **kwargs: Any) -> None:
    from standings.models import refresh_session

    refresh_session(session)
