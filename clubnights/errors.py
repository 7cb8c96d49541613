"""What a change to an event can run into (``clubnights.service`` and its helpers raise
these; the pages and the API answer each with its status and code)."""

from __future__ import annotations

from ledger.write_errors import WriteError


class EventError(WriteError):
    """A change to an event that was not made; ``message`` says why."""

    status, code = 422, "refused"


class EventMissing(EventError):
    status, code = 404, "not_found"


class StillPlaying(EventError):
    """The next round cannot be drawn, nor the event finished, while tables play."""

    status, code = 409, "round_in_progress"


class EventFinished(EventError):
    """A finished event's games stay as they ended: none comes back into play."""

    status, code = 409, "event_finished"


class TeamKept(EventError):
    """A player who has played keeps their team: their results count for it."""

    status, code = 409, "team_kept"
