from __future__ import annotations

import dataclasses
from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StandingsConfig(AppConfig):
    name = "standings"
    verbose_name = _("Club standings")

    def ready(self) -> None:
        from django.db.models.signals import post_delete

        from ledger.models import Season
        from ledger.signals import session_changed, sessions_moved

        session_changed.connect(_on_session_changed, dispatch_uid="standings-refresh")
        sessions_moved.connect(_on_sessions_moved, dispatch_uid="standings-moved")
        post_delete.connect(_on_season_deleted, sender=Season, dispatch_uid="standings-season")


def _on_session_changed(sender: Any, session: Any, **kwargs: Any) -> None:
    """Mark the session and queue a rebuild, inside the change's transaction: the
    mark commits with the change, and the rebuild runs off the request."""
    from standings.rebuild import mark_changed
    from standings.tasks import rebuild_standings

    if mark_changed(session):
        rebuild_standings.enqueue()


def _on_sessions_moved(sender: Any, session_ids: list[int], **kwargs: Any) -> None:
    """Mark sessions that moved to another season, and queue one rebuild."""
    from standings.rebuild import mark_sessions
    from standings.tasks import rebuild_standings

    if mark_sessions(session_ids):
        rebuild_standings.enqueue()


def _on_season_deleted(sender: Any, instance: Any, **kwargs: Any) -> None:
    """Delete the sums kept for a deleted season's scopes (its games are placed again and
    rebuilt by ``sessions_moved``; these rows would otherwise stay until a full rebuild)."""
    from standings.models import ClubTally, Standing
    from standings.scopes import season_scope

    four = season_scope(instance)
    scopes = [four.key, dataclasses.replace(four, players=3).key]
    Standing.objects.filter(scope__in=scopes).delete()
    ClubTally.objects.filter(scope__in=scopes).delete()
