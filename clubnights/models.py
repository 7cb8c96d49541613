"""Club nights, league days and tournaments: who came, each round's tables and their sessions.

Only ``clubnights.service`` changes these rows (check-ins, draws, the end of an event), under
a lock on the event row; the sessions of a round are started through ``ledger.writes``.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from events.messages import Message
from ledger.models import Player, Ruleset, Session, new_token
from scoring.rules import Rules


class Event(models.Model):
    """An evening, a league day or a tournament played under one ruleset."""

    class Kind(models.TextChoices):
        CLUB_NIGHT = "club_night", _("club night")
        LEAGUE_DAY = "league_day", _("league day")
        TOURNAMENT = "tournament", _("tournament")

    class Seating(models.TextChoices):
        RANDOM = "random", _("random")
        SWISS = "swiss", _("Swiss, by standing")
        FEWEST_REPEATS = "fewest_repeats", _("fewest repeated opponents")
        PRESCRIPTED = "prescripted", _("from a seating plan")

    class TimeUp(models.TextChoices):
        FINISH_HAND = "finish_hand", _("finish the hand being played, then the game ends")
        ONE_MORE_HAND = "one_more_hand", _("play one more hand after this one, then the game ends")
        NO_RENCHAN = "no_renchan", _("the dealer no longer keeps the deal; play to the last round")

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        FINISHED = "finished", _("finished")

    name = models.CharField(_("name"), max_length=80)
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices, default=Kind.CLUB_NIGHT)
    rules = models.JSONField(
        _("rules"), help_text=_("the rules JSON every table plays under (a copy)")
    )
    ruleset = models.ForeignKey(
        Ruleset, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=_("ruleset")
    )
    sanma_rules = models.JSONField(
        _("rules for tables of three"),
        null=True,
        blank=True,
        help_text=_(
            "three-player rules for tables of three when the players of a four-player "
            "event do not divide by four (null: those left over sit out)"
        ),
    )
    hanchan_count = models.PositiveSmallIntegerField(
        _("number of rounds"),
        null=True,
        blank=True,
        help_text=_("rounds of the event (blank: open-ended)"),
    )
    seating = models.CharField(
        _("seating"), max_length=16, choices=Seating.choices, default=Seating.RANDOM
    )
    prescript = models.TextField(
        _("seating plan"), blank=True, help_text=_("the seating plan (CSV) when prescripted")
    )
    time_limit = models.PositiveSmallIntegerField(
        _("time limit"),
        null=True,
        blank=True,
        help_text=_("minutes per round (blank: no clock)"),
    )
    time_up = models.CharField(
        _("when time is up"), max_length=16, choices=TimeUp.choices, default=TimeUp.FINISH_HAND
    )
    has_teams = models.BooleanField(_("played in teams"), default=False)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.OPEN
    )
    checkin_token = models.CharField(
        _("check-in link key"), max_length=64, unique=True, default=new_token
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    version = models.PositiveIntegerField(
        _("version"), default=0, help_text=_("bumped by every change")
    )

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(hanchan_count__isnull=True) | Q(hanchan_count__gte=1),
                name="event_plays_at_least_one_hanchan",
            )
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("event-detail", args=[self.pk])

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def seats(self) -> int:
        """Return the players at each table the event's rules seat: 4, or 3 for sanma."""
        return Rules.from_json(self.rules, check=False).players

    def rules_for(self, seats: int) -> dict[str, Any]:
        """Return the rules a table of ``seats`` players plays under."""
        if seats == self.seats or self.sanma_rules is None:
            return dict(self.rules)
        return dict(self.sanma_rules)


class Team(models.Model):
    event = models.ForeignKey(
        Event, related_name="teams", on_delete=models.CASCADE, verbose_name=_("event")
    )
    name = models.CharField(_("name"), max_length=60)

    class Meta:
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(  # "Red Dragons" and "red dragons" are one team
                "event", Lower("name"), name="one_team_per_name_in_event"
            )
        ]

    def __str__(self) -> str:
        return self.name


class EventPlayer(models.Model):
    """A player's check-in: in the next draw while arrived and not left."""

    event = models.ForeignKey(
        Event, related_name="entries", on_delete=models.CASCADE, verbose_name=_("event")
    )
    player = models.ForeignKey(
        Player, related_name="event_entries", on_delete=models.PROTECT, verbose_name=_("player")
    )
    team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=_("team")
    )
    arrived_at = models.DateTimeField(_("arrived"))
    left_at = models.DateTimeField(_("left"), null=True, blank=True)

    class Meta:
        verbose_name = _("check-in")
        verbose_name_plural = _("check-ins")
        ordering = ["arrived_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_entry_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} · {self.event}"

    @property
    def is_present(self) -> bool:
        return self.left_at is None


class EventRound(models.Model):
    """One round of an event: its tables were drawn and their sessions started together."""

    event = models.ForeignKey(
        Event, related_name="rounds", on_delete=models.CASCADE, verbose_name=_("event")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    started_at = models.DateTimeField(_("started"))
    sitting_out = models.JSONField(
        _("sitting out"), default=list, help_text=_("ids of the players who sat out")
    )
    note = models.JSONField(
        _("seating note"),
        default=dict,
        blank=True,
        help_text=_(
            "the seating engine's note on the round: its code and values, worded when shown"
        ),
    )

    class Meta:
        verbose_name = _("event round")
        verbose_name_plural = _("event rounds")
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_event_round_per_number"),
        ]

    def __str__(self) -> str:
        number = pgettext("a round of an event: its tables play one game", "Round %(number)s")
        return f"{self.event} · {number % {'number': self.number}}"

    def note_text(self) -> str:
        """Return the seating engine's note on this round in the active language, or ""."""
        from clubnights.words import say  # the words need the glossary, loaded with the apps

        if not self.note.get("code"):
            return ""
        return say(Message(self.note["code"], tuple(self.note.get("values", {}).items())))

    def ends_at(self) -> datetime | None:
        """Return when the round's time is up (None without a clock)."""
        limit = self.event.time_limit
        return self.started_at + timedelta(minutes=limit) if limit else None


class EventTable(models.Model):
    """A table of a round and the session played at it."""

    round = models.ForeignKey(
        EventRound, related_name="tables", on_delete=models.CASCADE, verbose_name=_("event round")
    )
    number = models.PositiveSmallIntegerField(_("table number"))
    session = models.OneToOneField(
        Session, related_name="event_table", on_delete=models.CASCADE, verbose_name=_("session")
    )

    class Meta:
        verbose_name = _("event table")
        verbose_name_plural = _("event tables")
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_table_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.round} · {gettext('Table %(number)s') % {'number': self.number}}"
