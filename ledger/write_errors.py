"""What a change to a session can run into (the write path's refusals), each with the
HTTP status and code the API answers with and a message in the player's words.
"""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from ledger.change_log import changes_since, count_changes_since, describe_change
from ledger.models import Session


class WriteError(Exception):
    """A change that was not made; ``message`` says why in the player's words."""

    status = 400
    code = "bad_change"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class SessionMissing(WriteError):
    status, code = 404, "not_found"


class RoundMissing(WriteError):
    status, code = 404, "not_found"


class Refused(WriteError):
    """A change that cannot be made as asked: rounds the engine refuses as they would be
    (an impossible round), or a session its rules cannot seat."""

    status, code = 422, "refused"


class RequestReused(WriteError):
    """A request id sent again with another change than the one it made."""

    status, code = 409, "request_reused"


class SeasonClosed(WriteError):
    """A change to a game of a closed season: its standings are final."""

    status, code = 409, "season_closed"

    def __init__(self, season_name: str) -> None:
        super().__init__(gettext(
            "This game is in season %(name)s, which is closed: its standings are final, so "
            "the game can no longer be changed."
        ) % {"name": season_name})  # fmt: skip


class Stale(WriteError):
    """The change was made from an older version of the session."""

    status, code = 409, "stale_version"

    def __init__(self, session: Session, message: str) -> None:
        super().__init__(message)
        self.version = session.version
        self.next_number = session.rounds.count() + 1


def stale_since(session: Session, seen: int | None) -> Stale:
    """Return the refusal of a change made from version ``seen``, naming what changed since."""
    changes = changes_since(session, seen)
    text = gettext("; ").join(describe_change(entry) for entry in changes)
    earlier = count_changes_since(session, seen) - len(changes)
    if earlier > 0:
        text = ngettext(
            "%(count)s earlier change; %(changes)s",
            "%(count)s earlier changes; %(changes)s",
            earlier,
        ) % {
            "count": earlier,
            "changes": text,
        }
    if text:
        message = gettext("Changed in the meantime: %(changes)s. Nothing was saved.") % {
            "changes": text
        }
    else:
        message = gettext("The session changed in the meantime. Nothing was saved.")
    return Stale(session, message)
