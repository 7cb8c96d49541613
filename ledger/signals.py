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

# Sent (with ``session``) inside the transaction of a change that brings a game back into
# play: a finished game whose end is taken back or whose last round is undone or
# corrected, or a deleted game in play restored. A receiver refuses the change by raising
# a ``WriteError`` (an event's table: a player may not be playing at another table).
session_reopened = Signal()
