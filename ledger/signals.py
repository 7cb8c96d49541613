"""Signals other apps listen to."""

from __future__ import annotations

from django.dispatch import Signal

# Sent (with ``session``) inside the transaction that rewrites a session's rounds and
# results: after recording, editing, deleting or undoing a round, after an import, and
# when a session is deleted or restored.
session_changed = Signal()

# Sent (with ``session_ids``) after sessions moved to another season in one go (a season
# was made or its dates changed): the standings of those sessions are out of date.
sessions_moved = Signal()
