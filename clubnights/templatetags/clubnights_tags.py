"""The clock of an event's round, shown on its tables' pages and consoles."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils import timezone

from clubnights.models import EventTable

register = template.Library()


@register.inclusion_tag("clubnights/_clock.html")
def event_clock(session: Any, named: bool = True) -> dict[str, Any]:
    """Return the clock of the session's event round, if it has a time limit."""
    table = EventTable.objects.select_related("round__event").filter(session_id=session.pk).first()
    if table is None or not table.round.event.time_limit or session.is_finished:
        return {"ends": None}
    return {**_clock(table), "named": named}


def _clock(table: EventTable) -> dict[str, Any]:
    ends = table.round.ends_at()
    return {
        "ends": ends,
        "ends_iso": ends.isoformat() if ends else "",
        "is_up": ends is not None and ends <= timezone.now(),
        "event": table.round.event,
        "remaining": _minutes_seconds(ends - timezone.now()) if ends else "",
    }


def _minutes_seconds(left: Any) -> str:
    seconds = max(0, int(left.total_seconds()))
    return f"{seconds // 60}:{seconds % 60:02}"
