"""Sessions and their rounds: a round is an event, and a session's state is always the
engine's replay of its rounds (``Session.replay``). Only ``ledger.writes`` changes a
session: it rewrites the derived columns of ``Round`` and the stored ``Result`` rows from
that replay in the same transaction as the change, and bumps ``Session.version``."""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ledger import glossary
from ledger.models.club import Player, Ruleset, Season
from scoring.game import Replay, replay
from scoring.rules import Rules

SEATS = (0, 1, 2, 3)


def _iso(moment: Any) -> str:
    """Return a moment as ISO 8601 with the club's offset (2026-12-01T19:30:00+09:00)."""
    return timezone.localtime(moment).isoformat(timespec="seconds") if moment else ""


def new_token() -> str:
    """Return an unguessable token for a table link."""
    return secrets.token_urlsafe(24)


RESTORE_DAYS = 30


class SessionQuerySet(models.QuerySet["Session"]):
    def active(self) -> SessionQuerySet:
        """Return the sessions that are not deleted."""
        return self.filter(deleted_at__isnull=True)

    def restorable(self) -> SessionQuerySet:
        """Return the deleted sessions that may still be restored."""
        return self.filter(deleted_at__gte=timezone.now() - timedelta(days=RESTORE_DAYS))

    def expired(self) -> SessionQuerySet:
        """Return the deleted sessions past the time they could be restored."""
        return self.filter(deleted_at__lt=timezone.now() - timedelta(days=RESTORE_DAYS))


class Session(models.Model):
    """One game at one table, played under a copy of its rules."""

    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", _("in progress")
        FINISHED = "finished", _("finished")

    rules = models.JSONField(
        _("rules"), help_text=_("the rules JSON the game is played under (a copy)")
    )
    ruleset = models.ForeignKey(
        Ruleset, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=_("ruleset")
    )
    season = models.ForeignKey(
        Season, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=_("season")
    )
    table_name = models.CharField(_("table"), max_length=40, blank=True)
    venue = models.CharField(_("venue"), max_length=60, blank=True)
    notes = models.TextField(_("notes"), blank=True)
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.IN_PROGRESS
    )
    ended_by = models.CharField(_("ended by"), max_length=20, blank=True)
    ended_early = models.CharField(
        _("ended early"),
        max_length=20,
        blank=True,
        help_text=_("agreement or time_limit: the table ended the game"),
    )
    started_at = models.DateTimeField(_("started"), default=timezone.now)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    token = models.CharField(_("table link key"), max_length=64, unique=True, default=new_token)
    penalties = models.JSONField(_("penalties"), default=list, blank=True)
    deleted_at = models.DateTimeField(
        _("deleted"), null=True, blank=True, help_text=_("restorable for 30 days")
    )
    version = models.PositiveIntegerField(
        _("version"), default=0, help_text=_("bumped by every change")
    )
    riichi = models.JSONField(
        _("riichi this hand"),
        default=list,
        blank=True,
        help_text=_("seats that declared riichi in the hand being played"),
    )
    fingerprint = models.CharField(
        _("fingerprint"),
        max_length=64,
        blank=True,
        db_index=True,
        help_text=_("its players, rounds and scores now"),
    )
    source_kind = models.CharField(
        _("imported from"),
        max_length=20,
        blank=True,
        help_text=_("tenhou or mahjongsoul: imported from an online log"),
    )
    source_id = models.CharField(
        _("online game id"), max_length=100, blank=True, help_text=_("the online log's game id")
    )
    source_fingerprint = models.CharField(
        _("imported log's fingerprint"),
        max_length=64,
        blank=True,
        db_index=True,
        help_text=_("the log's fingerprint as imported"),
    )

    objects = SessionQuerySet.as_manager()

    class Meta:
        verbose_name = _("session")
        verbose_name_plural = _("sessions")
        ordering = ["-started_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["source_kind", "source_id"],
                condition=~Q(source_id=""),
                name="one_session_per_online_log",
            ),
            # Two requests importing the same game at once: the second insert waits for
            # the first and fails, as the check before it cannot see an uncommitted game.
            models.UniqueConstraint(
                fields=["source_fingerprint"],
                condition=~Q(source_fingerprint=""),
                name="one_session_per_imported_game",
            ),
        ]

    def __str__(self) -> str:
        names = " / ".join(seat.player.name for seat in self.ordered_seats())
        return f"{self.started_at:%Y-%m-%d} {names}"

    def get_absolute_url(self) -> str:
        return reverse("session-table", args=[self.pk])

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    def engine_rules(self) -> Rules:
        return Rules.from_json(self.rules, check=False)  # as saved (see Ruleset's)

    def ordered_seats(self) -> list[SessionSeat]:
        """Return the seats by starting seat, four or three (uses a prefetch if there is one)."""
        return sorted(self.seats.all(), key=lambda seat: seat.seat)

    def seat_numbers(self) -> range:
        """Return the starting seats: 0-3, or 0-2 at a table of three (sanma)."""
        return range(len(self.ordered_seats()))

    def players(self) -> list[Player]:
        return [seat.player for seat in self.ordered_seats()]

    def outcomes(self) -> list[dict[str, Any]]:
        return [r.outcome for r in sorted(self.rounds.all(), key=lambda r: r.number)]

    def to_record(self, outcomes: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """Return the session as a game record (FORMATS.md section 3)."""
        record: dict[str, Any] = {
            "rules": self.rules,
            "players": [player.name for player in self.players()],
            "rounds": self.outcomes() if outcomes is None else outcomes,
        }
        if self.penalties:
            record["penalties"] = self.penalties
        if self.ended_early:
            record["ended_early"] = self.ended_early
        record.update(self._dates_and_labels())
        if source := self.source():
            record["source"] = source
        return record

    def source(self) -> dict[str, str] | None:
        """Return where the game was imported from (the record's ``source``): the site,
        and the log's id when the log gave one; None for a game played here."""
        if not self.source_kind:
            return None
        source = {"kind": self.source_kind, "id": self.source_id}
        return {key: value for key, value in source.items() if value}

    def export_record(self) -> dict[str, Any]:
        """Return the game record with the session's id and fingerprint, so that an
        importer can tell the game is already here."""
        return {**self.to_record(), "session": {"id": self.pk, "fingerprint": self.fingerprint}}

    def _dates_and_labels(self) -> dict[str, str]:
        """Return the record's optional dates (ISO 8601 with the club's offset) and labels."""
        finished = self.finished_at if self.is_finished else None  # kept while reopened
        found = {"started": _iso(self.started_at), "finished": _iso(finished)}
        found |= {"venue": self.venue, "table": self.table_name}
        return {key: value for key, value in found.items() if value}

    def game(self, outcomes: list[dict[str, Any]] | None = None) -> Replay:
        """Return the engine's replay of the rounds (raises ScoringError if impossible)."""
        return replay(self.to_record(outcomes), check_rules=False)  # rules as saved

    def replay(self, outcomes: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """Return the replay result JSON of FORMATS.md section 3."""
        return self.game(outcomes).to_json()


class SessionSeat(models.Model):
    session = models.ForeignKey(
        Session, related_name="seats", on_delete=models.CASCADE, verbose_name=_("session")
    )
    seat = models.PositiveSmallIntegerField(
        _("starting seat"), choices=[(s, str(s)) for s in SEATS]
    )
    player = models.ForeignKey(
        Player, related_name="seats", on_delete=models.PROTECT, verbose_name=_("player")
    )

    class Meta:
        verbose_name = _("session seat")
        verbose_name_plural = _("session seats")
        ordering = ["session", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["session", "seat"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["session", "player"], name="one_seat_per_player"),
            models.CheckConstraint(condition=Q(seat__lte=3), name="seat_is_0_to_3"),
        ]

    def __str__(self) -> str:
        wind = glossary.seat_wind("ESWN"[self.seat])  # the starting seat's wind
        return f"{self.player} ({wind})"


class Round(models.Model):
    """One finished round: the outcome as recorded, and what the engine derived."""

    session = models.ForeignKey(
        Session, related_name="rounds", on_delete=models.CASCADE, verbose_name=_("session")
    )
    number = models.PositiveIntegerField(_("number"))
    outcome = models.JSONField(_("outcome"))
    label = models.CharField(_("round name"), max_length=4)
    dealer = models.PositiveSmallIntegerField(_("dealer's seat"))
    honba = models.PositiveIntegerField(_("honba"))
    riichi_sticks = models.PositiveIntegerField(_("riichi sticks"))
    deltas = models.JSONField(_("point changes"))
    scores = models.JSONField(_("scores after"))
    recorded_at = models.DateTimeField(_("recorded"), auto_now_add=True)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="one_round_per_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_numbers_start_at_1"),
        ]

    def __str__(self) -> str:
        number = gettext("Round %(number)s") % {"number": self.number}
        return f"{number} ({glossary.round_name(self.label)})"


class Result(models.Model):
    """A player's settled result in a finished session (for the leaderboard)."""

    session = models.ForeignKey(
        Session, related_name="results", on_delete=models.CASCADE, verbose_name=_("session")
    )
    seat = models.PositiveSmallIntegerField(_("starting seat"))
    player = models.ForeignKey(
        Player, related_name="results", on_delete=models.PROTECT, verbose_name=_("player")
    )
    score = models.BigIntegerField(_("final score"))
    place = models.PositiveSmallIntegerField(_("place"))
    result = models.FloatField(_("result"))

    class Meta:
        verbose_name = _("result")
        verbose_name_plural = _("results")
        ordering = ["session", "place"]
        constraints = [
            models.UniqueConstraint(fields=["session", "seat"], name="one_result_per_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.player} · {self.session}"  # the admin's title of the row
