"""Which finished sessions a leaderboard counts (``Scope``): all time, a season, a
ruleset or dates, for four-player or three-player games (never both), and the filter
that picks their rows from ``standings.models``.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Q
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext, pgettext

from ledger.models import Ruleset, Season
from ledger.seasons import FIRST_DAY, LAST_DAY, season_on

PLAYER_COUNTS = (4, 3)  # four-player games, three-player games (sanma): never mixed


@dataclass(frozen=True)
class Scope:
    """Which finished sessions a leaderboard counts."""

    kind: str  # all, season, ruleset, dates
    name: str  # the season's or the ruleset's name ("" for the others)
    pk: int | None = None
    starts: dt.date | None = None
    ends: dt.date | None = None
    players: int = 4  # the games of this many players (3: sanma); never both

    @property
    def key(self) -> str:
        """Return the stored scope's key: "all", "season:3", "ruleset:2" for four-player
        games, with "/3p" after it for three-player games ("all/3p")."""
        key = self.kind if self.pk is None else f"{self.kind}:{self.pk}"
        return key if self.players == 4 else f"{key}/{self.players}p"

    @property
    def is_stored(self) -> bool:
        """Return whether its sums are stored (``Standing``): dates are summed when asked."""
        return self.kind != "dates" and self.starts is None and self.ends is None

    @property
    def is_all_time(self) -> bool:
        """Return whether it counts every finished game (as the ratings do)."""
        return self.kind == "all" and not self.has_dates

    @property
    def has_dates(self) -> bool:
        return self.starts is not None or self.ends is not None

    @property
    def label(self) -> str:
        """Return which games it counts, in words of the active language: "All time",
        "Season Winter", "2026-12-04 to …", "Season Winter, 2026-12-02 to …" (all time
        narrowed to dates is named by its dates alone)."""
        if not self.has_dates:
            return _base_words(self)
        dates = gettext("%(starts)s to %(ends)s") % {
            "starts": _day_words(self.starts),
            "ends": _day_words(self.ends),
        }
        if self.kind in ("all", "dates"):
            return dates
        words = pgettext("a scope narrowed to dates", "%(scope)s, %(dates)s")
        return words % {"scope": _base_words(self), "dates": dates}

    def condition(self) -> Q:
        """Return the filter on ``PlayerGame``, ``Encounter`` or ``WinHand`` rows (the
        kind's, the player count's, and the dates' when given: a season's games from a
        date on, say)."""
        kinds = {"season": Q(season_id=self.pk), "ruleset": Q(ruleset_id=self.pk)}
        condition = kinds.get(self.kind, Q()) & Q(player_count=self.players)
        return condition & _date_condition(self.starts, self.ends)


def _base_words(scope: Scope) -> str:
    if scope.kind == "season":
        return gettext("Season %(name)s") % {"name": scope.name}
    if scope.kind == "ruleset":
        return gettext("Ruleset %(name)s") % {"name": scope.name}
    return gettext("All time")  # all, or dates without a date: every game


def _day_words(day: dt.date | None) -> str:
    return date_format(day, "SHORT_DATE_FORMAT") if day else "…"


def _date_condition(starts: dt.date | None, ends: dt.date | None) -> Q:
    """Return the condition of games finished from ``starts`` to ``ends``; a day before
    the ledger's first or after its last is no limit (and, as 0001-01-01 east of UTC or
    9999-12-31 plus a day, no moment a database can hold)."""
    condition = Q()
    zone = timezone.get_current_timezone()
    if starts and starts > FIRST_DAY:
        condition &= Q(finished_at__gte=dt.datetime.combine(starts, dt.time.min, tzinfo=zone))
    if ends and ends < LAST_DAY:
        after = dt.datetime.combine(ends + dt.timedelta(days=1), dt.time.min, tzinfo=zone)
        condition &= Q(finished_at__lt=after)
    return condition


ALL_TIME = Scope("all", "")
ALL_TIME_KEYS = {count: Scope("all", "", players=count).key for count in PLAYER_COUNTS}


def current_season() -> Season | None:
    """Return the season of today, else the latest season that has begun."""
    today = timezone.localdate()
    begun = Season.objects.filter(starts_on__lte=today).order_by("-starts_on")
    return season_on(today) or begun.first()


def season_scope(season: Season) -> Scope:
    return Scope("season", season.name, pk=season.pk)


def ruleset_scope(ruleset: Ruleset) -> Scope:
    return Scope("ruleset", ruleset.name, pk=ruleset.pk)
