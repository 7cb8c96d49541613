"""Who may do what to an event: members create events and check players in; the member who
created an event and the club's staff manage it (check out, draw, finish); anyone reads it,
and anyone with the event's check-in link (its QR code at the door) checks themselves in."""

from __future__ import annotations

from typing import Any

from clubnights.models import Event


def is_member(user: Any) -> bool:
    return bool(user is not None and getattr(user, "is_authenticated", False))


def can_manage(user: Any, event: Event) -> bool:
    """Return whether this user may draw rounds, check players out and finish the event."""
    return is_member(user) and (user.is_staff or event.created_by_id == user.pk)
