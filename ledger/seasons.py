"""Seasons are date ranges in the club's time zone: a session belongs to the season its
start date falls in, for new sessions, imports and changed dates alike.

Seasons never overlap (``check_no_overlap``, which the season forms run through
``check_season``); a season without an end runs on from its start. The season form keeps
its days from ``FIRST_DAY`` to ``LAST_DAY``; a season stored with days beyond them (before
they were checked, or through the admin) is read as starting on ``FIRST_DAY``, and one
ending on ``LAST_DAY`` or later as running on.

When a season is made or changed, ``place_sessions`` moves every session into the season
its date falls in, in a few set-based updates, and says which moved so that the standings
are brought up to date.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from ledger.models import Season, Session
from ledger.signals import sessions_moved

# The days a season may start and end on. No game in the ledger is older than 1990 (imports
# refuse older dates); a later end is a slip of the keyboard, and the last day a date can
# hold (9999-12-31) has no day after it to end a range at.
FIRST_DAY = dt.date(1990, 1, 1)
LAST_DAY = dt.date(2999, 12, 31)


def check_season(form: forms.ModelForm, data: dict[str, Any]) -> None:
    """Add the errors of a season form (the seasons page's, the admin's): a start or end
    outside the years a season may use, an end before the start, a range meeting another
    season. The range is compared with the others only when both its days were read and
    are in order (a day refused is missing from ``data``: an end left out would read as a
    season running on, and meet seasons the user never meant)."""
    for name in ("starts_on", "ends_on"):
        day = data.get(name)
        if day is not None and not FIRST_DAY <= day <= LAST_DAY:
            form.add_error(name, gettext(
                "%(field)s: choose a day in the years %(first)s to %(last)s."
            ) % {"field": form.fields[name].label, "first": FIRST_DAY.year,
                 "last": LAST_DAY.year})  # fmt: skip
    starts, ends = data.get("starts_on"), data.get("ends_on")
    if starts is None or form.has_error("starts_on") or form.has_error("ends_on"):
        return
    if ends is not None and ends < starts:
        form.add_error("ends_on", gettext("A season cannot end before it starts."))
    elif problem := check_no_overlap(Season(pk=form.instance.pk, starts_on=starts, ends_on=ends)):
        form.add_error(None, problem)


def local_day(moment: dt.datetime) -> dt.date:
    """Return the day a moment falls on in the club's time zone."""
    return timezone.localtime(moment).date()


def season_on(day: dt.date) -> Season | None:
    """Return the season whose range holds ``day``, if any."""
    holding = Season.objects.filter(starts_on__lte=day).filter(
        Q(ends_on__isnull=True) | Q(ends_on__gte=day)
    )
    return holding.order_by("-starts_on").first()


def season_of(moment: dt.datetime) -> Season | None:
    """Return the season a session started at ``moment`` belongs to."""
    return season_on(local_day(moment))


def overlap_of(season: Season) -> Season | None:
    """Return another season whose range meets this one's, if any."""
    others = Season.objects.exclude(pk=season.pk)
    if season.ends_on is not None:
        others = others.filter(starts_on__lte=season.ends_on)
    return others.filter(Q(ends_on__isnull=True) | Q(ends_on__gte=season.starts_on)).first()


def check_no_overlap(season: Season) -> str:
    """Return why the season cannot be saved as it is (it meets another), or ""."""
    other = overlap_of(season)
    if other is None:
        return ""
    return gettext("This season overlaps season %(name)s (%(range)s): seasons may not overlap.") % {
        "name": other.name,
        "range": f"{other.starts_on} – {other.ends_on or '…'}",
    }


def _start_of(day: dt.date) -> dt.datetime:
    return dt.datetime.combine(day, dt.time.min, tzinfo=timezone.get_current_timezone())


def place_sessions() -> list[int]:
    """Move every session into the season its start date falls in; return those moved."""
    moved: list[int] = []
    with transaction.atomic():
        covered = Q()
        for season in Season.objects.all():
            inside = _inside(season)
            covered |= inside
            moved += _move(Session.objects.filter(inside).exclude(season=season), season)
        outside = Session.objects.exclude(covered) if covered else Session.objects.all()
        moved += _move(outside.filter(season__isnull=False), None)
    if moved:
        sessions_moved.send(sender=Session, session_ids=moved)
    return moved


def _inside(season: Season) -> Q:
    """Return the condition of the sessions started in the season's range (its days read
    between ``FIRST_DAY`` and ``LAST_DAY``: no day beyond them reaches a query)."""
    inside = Q(started_at__gte=_start_of(max(season.starts_on, FIRST_DAY)))
    if season.ends_on is not None and season.ends_on < LAST_DAY:
        inside &= Q(started_at__lt=_start_of(season.ends_on + dt.timedelta(days=1)))
    return inside


def _move(sessions: object, season: Season | None) -> list[int]:
    ids = list(sessions.values_list("pk", flat=True))  # type: ignore[attr-defined]
    if ids:
        Session.objects.filter(pk__in=ids).update(season=season)
    return ids
