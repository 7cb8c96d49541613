"""Seasons are date ranges in the club's time zone: a session belongs to the season its
start date falls in, for new sessions, imports and changed dates alike.

Open seasons never overlap (``check_no_overlap``, which the season forms run through
``check_season``); a season without an end runs on from its start. A closed season takes
no more games, so a new season may start on its days (on the day it was closed, say).
The season form keeps its days from ``FIRST_DAY`` to ``LAST_DAY``; a season stored with
days beyond them (before they were checked, or through the admin) is read as starting on
``FIRST_DAY``, and one ending on ``LAST_DAY`` or later as running on.

When a season is made or changed, ``place_sessions`` moves every session into the season
its date falls in, in a few set-based updates, and says which moved so that the standings
are brought up to date.

A closed season is final (``close_season``): the games it holds when it is closed stay in
it and no other game joins it, so its standings are kept as they were. Games still being
played then leave it; a game started or imported later on one of its days belongs to no
season; and its games can no longer be changed (``closed_season``, which every write
checks in ``ledger.write_steps`` and the pages use to offer no change).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.db import transaction
from django.db.models import Q, QuerySet
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
    outside the years a season may use, an end before the start, an open season's range
    meeting another open season's. The range is compared with the others only when both
    its days were read and are in order (a day refused is missing from ``data``: an end left out would read as a
    season running on, and meet seasons the user never meant)."""
    for name in ("starts_on", "ends_on"):
        day = data.get(name)
        if day is not None and not FIRST_DAY <= day <= LAST_DAY:
            form.add_error(name, gettext(
                "%(field)s: choose a day in the years %(first)s to %(last)s."
            ) % {"field": form.fields[name].label, "first": FIRST_DAY.year,
                 "last": LAST_DAY.year})  # fmt: skip
    _check_name(form, data.get("name"))
    starts, ends = data.get("starts_on"), data.get("ends_on")
    if starts is None or form.has_error("starts_on") or form.has_error("ends_on"):
        return
    if _redates_closed(form.instance, data, starts, ends):
        form.add_error(None, gettext(
            "A closed season keeps the days it was closed with: its games stay as they were. "
            "Untick “closed” to reopen it first."
        ))  # fmt: skip
        return
    if ends is not None and ends < starts:
        form.add_error("ends_on", gettext("A season cannot end before it starts."))
        return
    # only a season closed before this change may meet others: one being made or closed
    # now takes the games of its days first (``close_season``)
    closed = form.instance.is_closed and data.get("is_closed", True)
    season = Season(pk=form.instance.pk, starts_on=starts, ends_on=ends, is_closed=closed)
    if problem := check_no_overlap(season):
        form.add_error(None, problem)


def _check_name(form: forms.ModelForm, name: str | None) -> None:
    """Refuse a season named as another in all but case ("winter" beside "Winter"): the
    two would read as one in the lists that offer them."""
    if not name or form.has_error("name"):
        return
    # first(): seasons stored before this check may hold the name in two cases already
    same = Season.objects.exclude(pk=form.instance.pk).filter(name__iexact=name).first()
    if same is not None:
        form.add_error("name", gettext("There is already a season named “%(name)s”.")
                       % {"name": same.name})  # fmt: skip


def _redates_closed(
    season: Season, data: dict[str, Any], starts: dt.date, ends: dt.date | None
) -> bool:
    """Whether the change moves the days of a season that was closed and stays closed
    (its games stay where closing it left them: new days would not hold them)."""
    if season.pk is None or not data.get("is_closed", True):
        return False
    kept = Season.objects.filter(pk=season.pk, is_closed=True).values_list("starts_on", "ends_on")
    return kept.exists() and (starts, ends) != kept.get()


def local_day(moment: dt.datetime) -> dt.date:
    """Return the day a moment falls on in the club's time zone."""
    return timezone.localtime(moment).date()


def season_on(day: dt.date) -> Season | None:
    """Return the open season whose range holds ``day``, if any (the season a game of that
    day joins: a closed season takes no more games)."""
    return _seasons_on(day, closed=False).first()


def season_of(moment: dt.datetime) -> Season | None:
    """Return the season a session started at ``moment`` joins, locked until the
    transaction ends: a season being closed meanwhile is closed before the session joins
    it (and the session then joins none) or after (and the closing sees it)."""
    return _seasons_on(local_day(moment), closed=False).select_for_update(no_key=True).first()


def closed_season(session: Session) -> Season | None:
    """Return the session's season if it is closed (its games are final), else None."""
    season = session.season
    return season if season is not None and season.is_closed else None


def closed_season_of(session: Session) -> Season | None:
    """Return the closed season whose days hold a session of no season, if any (a game
    imported on those days: it counts in no season)."""
    if session.season_id is not None:
        return None
    return _seasons_on(local_day(session.started_at), closed=True).first()


def _seasons_on(day: dt.date, *, closed: bool) -> QuerySet[Season]:
    """Return the open (or closed) seasons whose range holds ``day``, latest first."""
    holding = Season.objects.filter(is_closed=closed, starts_on__lte=day).filter(
        Q(ends_on__isnull=True) | Q(ends_on__gte=day)
    )
    return holding.order_by("-starts_on")


def overlap_of(season: Season) -> Season | None:
    """Return another open season whose range meets this open season's, if any (a closed
    season takes no more games: its days may be another's)."""
    if season.is_closed:
        return None
    others = Season.objects.filter(is_closed=False).exclude(pk=season.pk)
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
    """Move every session into the open season its start date falls in; return those
    moved. The games of a closed season stay where they are, and none joins it."""
    moved: list[int] = []
    with transaction.atomic():
        movable = Session.objects.exclude(season__is_closed=True)
        covered = Q()
        for season in Season.objects.filter(is_closed=False):
            inside = _inside(season)
            covered |= inside
            moved += _move(movable.filter(inside).exclude(season=season), season)
        outside = movable.exclude(covered) if covered else movable
        moved += _move(outside.filter(season__isnull=False), None)
    _announce(moved)
    return moved


def close_season(season: Season) -> list[Session]:
    """Close the season: it ends today (or on its end, if that came first), the sessions
    of its days are placed a last time, and the games still being played leave it, so its
    standings are final. Return the games that left it."""
    today = timezone.localdate()
    season.ends_on = max(min(season.ends_on or today, today), season.starts_on)
    with transaction.atomic():
        # A game joining it now joins first (it locks the season too); a change to one
        # of its games being made now is made first, and any later one sees the season
        # closed (each write locks its session, then reads the season). "No key": the
        # results a write adds may still refer to the season meanwhile.
        Season.objects.select_for_update(no_key=True).filter(pk=season.pk).first()
        list(Session.objects.select_for_update().filter(season=season).values_list("pk"))
        season.save(update_fields=["ends_on"])
        place_sessions()  # the games of its days, as any change of its range would
        season.is_closed = True
        season.save(update_fields=["is_closed"])
        unfinished = list(
            season.session_set.exclude(status=Session.Status.FINISHED).order_by("started_at")
        )
        _move(season.session_set.filter(pk__in=[each.pk for each in unfinished]), None)
        _announce([each.pk for each in unfinished])
    return unfinished


def _announce(moved: list[int]) -> None:
    if moved:
        sessions_moved.send(sender=Session, session_ids=moved)


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
