"""Who changes a session and each change in words, as the audit log keeps them: a
member, a phone at the table, the API, an import or a command (``Actor``), and lines
such as "Chen recorded round 5" for the history, the stale-change refusal and the
phones that catch up (``describe_change``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext

from ledger.models import AuditEntry, Player, Session


@dataclass(frozen=True)
class Actor:
    """Who makes a change, as the audit log records it."""

    user: Any = None  # the member logged in, or None
    via: str = "command"  # member login, table link, API token, import, command
    player: Player | None = None  # the player holding the phone, when they said so


def describe_via(via: str) -> str:
    """Return how a change came in, in words (for changes made without a login)."""
    words = {
        "table link": gettext("a phone at the table"),
        "API token": gettext("the API"),
        "import": gettext("an import"),
    }
    return words.get(via, gettext("the server"))


COMMAND = Actor()


LISTED_CHANGES = 10


def last_change(session: Session) -> AuditEntry | None:
    """Return the session's latest change (None before any)."""
    return session.audit.select_related("user", "player").order_by("-version", "-pk").first()


def last_undo(session: Session) -> AuditEntry | None:
    """Return the undo of a round when it is the session's last change (its round can be
    put back), else None."""
    last = last_change(session)
    if last is None or last.action != "undo" or last.before is None:
        return None
    return last


def changes_since(session: Session, version: int | None) -> list[AuditEntry]:
    """Return the latest changes after ``version`` (after the start when it is None), at
    most ``LISTED_CHANGES`` of them, oldest first."""
    entries = session.audit.select_related("user", "player").order_by("-version", "-pk")
    if version is not None:
        entries = entries.filter(version__gt=version)
    return list(entries[:LISTED_CHANGES])[::-1]


def count_changes_since(session: Session, version: int | None) -> int:
    """Return how many changes were made after ``version`` (after the start when None)."""
    entries = session.audit.all()
    return entries.filter(version__gt=version).count() if version is not None else entries.count()


def describe_who(entry: AuditEntry) -> str:
    """Return who made a change: the player holding the phone, the member, or the way in."""
    if entry.player_id:
        return entry.player.name
    return str(entry.user) if entry.user_id else describe_via(entry.via)


def change_sentence(entry: AuditEntry) -> str:
    """Return one change in words that start a sentence: "A phone at the table undid
    round 2" (a name stays as written: "member undid round 2")."""
    text = describe_change(entry)
    return text if entry.player_id or entry.user_id else capfirst(text)


def describe_change(entry: AuditEntry) -> str:
    """Return one change in words: "Chen recorded round 5"."""
    who = describe_who(entry)
    number = entry.round_number
    words = {
        "start": gettext("%(who)s started the game"),
        "import": gettext("%(who)s imported the game"),
        "new table link": gettext("%(who)s made a new table link"),
        "record": gettext("%(who)s recorded round %(number)s"),
        "edit": gettext("%(who)s changed round %(number)s"),
        "delete": gettext("%(who)s deleted round %(number)s"),
        "undo": gettext("%(who)s undid round %(number)s"),
        "finish": gettext("%(who)s ended the game"),
        "resume": gettext("%(who)s took back the end of the game"),
        "riichi": gettext("%(who)s declared riichi for %(player)s"),
        "riichi back": gettext("%(who)s took back the riichi of %(player)s"),
        "delete session": gettext("%(who)s deleted the session"),
        "restore session": gettext("%(who)s restored the session"),
    }
    text = words.get(entry.action, gettext("%(who)s changed the session"))
    player = (entry.after or {}).get("player", "") if isinstance(entry.after, dict) else ""
    return text % {"who": who, "number": number, "player": player}
