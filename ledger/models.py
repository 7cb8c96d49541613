"""The club's data: players, rulesets, seasons, sessions and their rounds.

A round is an event: a session's state is always the engine's replay of its
rounds (``Session.replay``). The derived columns of ``Round`` and the stored
``Result`` rows are rewritten from that replay in the same transaction as any
change to the rounds.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from ledger.signals import session_changed
from scoring.game import Replay, replay
from scoring.rules import PRESETS, Rules

SEATS = (0, 1, 2, 3)


def new_token() -> str:
    """Return an unguessable token for a table link."""
    return secrets.token_urlsafe(24)


class Player(models.Model):
    name = models.CharField(max_length=60, unique=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("player-detail", args=[self.pk])


class Ruleset(models.Model):
    """A club's named rules: a rules JSON as the engine reads it."""

    name = models.CharField(max_length=60, unique=True)
    rules = models.JSONField(default=dict)
    description = models.TextField(blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def engine_rules(self) -> Rules:
        """Return the engine's rules value."""
        return Rules.from_json(self.rules)


def preset_choices() -> list[tuple[str, str]]:
    """Return the engine's presets as form choices."""
    return [(name, name) for name in PRESETS]


class Season(models.Model):
    name = models.CharField(max_length=60, unique=True)
    starts_on = models.DateField()
    ends_on = models.DateField(null=True, blank=True)
    is_closed = models.BooleanField(default=False)

    class Meta:
        ordering = ["-starts_on"]
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_on__isnull=True) | Q(ends_on__gte=models.F("starts_on")),
                name="season_ends_after_it_starts",
            )
        ]

    def __str__(self) -> str:
        return self.name


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
        IN_PROGRESS = "in_progress", "in progress"
        FINISHED = "finished", "finished"

    rules = models.JSONField(help_text="the rules JSON the game is played under (a copy)")
    ruleset = models.ForeignKey(Ruleset, null=True, blank=True, on_delete=models.SET_NULL)
    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.SET_NULL)
    table_name = models.CharField(max_length=40, blank=True)
    notes = models.TextField(blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_PROGRESS)
    ended_by = models.CharField(max_length=20, blank=True)
    started_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    token = models.CharField(max_length=64, unique=True, default=new_token)
    penalties = models.JSONField(default=list, blank=True)
    deleted_at = models.DateTimeField(null=True, blank=True, help_text="restorable for 30 days")

    objects = SessionQuerySet.as_manager()

    class Meta:
        ordering = ["-started_at"]

    def __str__(self) -> str:
        names = " / ".join(seat.player.name for seat in self.ordered_seats())
        return f"{self.started_at:%Y-%m-%d} {names}"

    def get_absolute_url(self) -> str:
        return reverse("session-table", args=[self.pk])

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    def engine_rules(self) -> Rules:
        return Rules.from_json(self.rules)

    def ordered_seats(self) -> list[SessionSeat]:
        """Return the four seats by starting seat (uses a prefetch when there is one)."""
        return sorted(self.seats.all(), key=lambda seat: seat.seat)

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
        return record

    def game(self, outcomes: list[dict[str, Any]] | None = None) -> Replay:
        """Return the engine's replay of the rounds (raises ScoringError if impossible)."""
        return replay(self.to_record(outcomes))

    def replay(self, outcomes: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """Return the replay result JSON of FORMATS.md section 3."""
        return self.game(outcomes).to_json()

    def record(
        self,
        outcome: dict[str, Any],
        *,
        expected_number: int | None = None,
        request_id: str = "",
    ) -> tuple[Round, bool]:
        """Append a finished round; return it and whether it is new.

        A retried request (same ``request_id``) returns the round it recorded the first
        time, and False; a round that is no longer the next one (``expected_number``) is a
        ``RoundConflict``. The session row is locked while the round is written.
        """
        with transaction.atomic():
            session = Session.objects.select_for_update().get(pk=self.pk)
            done = session.rounds.filter(request_id=request_id).first() if request_id else None
            if done is not None:
                return done, False
            number = session.rounds.count() + 1
            if expected_number is not None and expected_number != number:
                raise RoundConflict(number)
            state = session.replay([*session.outcomes(), outcome])
            try:
                with transaction.atomic():
                    saved = session.rounds.create(
                        number=number,
                        outcome=outcome,
                        request_id=request_id,
                        **_derived(state, -1),
                    )
            except IntegrityError:
                raise RoundConflict(number) from None
            session._store(state)
            return saved, True

    def soft_delete(self) -> None:
        """Hide the session and its results; it can be restored for 30 days."""
        with transaction.atomic():
            session = Session.objects.select_for_update().get(pk=self.pk)
            session.deleted_at = timezone.now()
            session.save(update_fields=["deleted_at"])
            session.results.all().delete()
            session_changed.send(sender=Session, session=session)

    def restore(self) -> None:
        """Bring a deleted session back, with its results replayed."""
        with transaction.atomic():
            session = Session.objects.select_for_update().get(pk=self.pk)
            if session.deleted_at is None:
                return
            if session.deleted_at < timezone.now() - timedelta(days=RESTORE_DAYS):
                raise ValueError(f"session {session.pk} was deleted over {RESTORE_DAYS} days ago")
            session.deleted_at = None
            session.save(update_fields=["deleted_at"])
            session._store(session.replay())

    def undo(self, number: int | None = None) -> Round:
        """Remove the last round, which must be round ``number`` when it is given."""
        with transaction.atomic():
            session = Session.objects.select_for_update().get(pk=self.pk)
            last = session.rounds.order_by("-number").first()
            if last is None:
                raise RoundConflict(1, "there is no round to undo")
            if number is not None and number != last.number:
                raise RoundConflict(last.number + 1, f"round {number} is not the last round")
            session.replace_rounds(session.outcomes()[:-1])
            return last

    def replace_rounds(self, outcomes: list[dict[str, Any]]) -> dict[str, Any]:
        """Replace the rounds by ``outcomes`` and rewrite what derives from them.

        Rounds whose outcome is unchanged keep their row (and request id); the
        replay must accept every round, else nothing changes.
        """
        with transaction.atomic():
            session = Session.objects.select_for_update().get(pk=self.pk)
            state = session.replay(outcomes)
            session._rewrite_rounds(outcomes, state)
            session._store(state)
            return state

    def _rewrite_rounds(self, outcomes: list[dict[str, Any]], state: dict[str, Any]) -> None:
        old = {r.number: r for r in self.rounds.all()}
        self.rounds.filter(number__gt=len(outcomes)).delete()
        changed, created = [], []
        for index, outcome in enumerate(outcomes):
            row = old.get(index + 1) or Round(session=self, number=index + 1)
            if row.outcome != outcome:
                row.request_id = ""
            row.outcome = outcome
            for name, value in _derived(state, index).items():
                setattr(row, name, value)
            (changed if row.pk else created).append(row)
        Round.objects.bulk_update(changed, ["outcome", "request_id", *DERIVED_FIELDS])
        Round.objects.bulk_create(created)

    def _store(self, state: dict[str, Any]) -> None:
        """Save status and results from a replay (inside the caller's transaction)."""
        if self.deleted_at is not None:
            raise ValueError(f"session {self.pk} is deleted; restore it first")
        self._store_status(state)
        session_changed.send(sender=Session, session=self)

    def _store_status(self, state: dict[str, Any]) -> None:
        self.results.all().delete()
        if state.get("finished"):
            self.status, self.ended_by = self.Status.FINISHED, state.get("ended_by", "")
            self.finished_at = self.finished_at or timezone.now()
            self._store_results(state["final"])
        else:
            self.status, self.ended_by, self.finished_at = self.Status.IN_PROGRESS, "", None
        self.save(update_fields=["status", "ended_by", "finished_at"])

    def _store_results(self, final: dict[str, Any]) -> None:
        Result.objects.bulk_create(
            Result(
                session=self,
                seat=seat.seat,
                player=seat.player,
                score=final["scores"][seat.seat],
                place=final["places"][seat.seat],
                result=final["results"][seat.seat],
            )
            for seat in self.ordered_seats()
        )


class RoundConflict(Exception):
    """The round a device meant to record is no longer the next one."""

    def __init__(self, next_number: int, message: str = "") -> None:
        super().__init__(
            message or f"round {next_number - 1} was already recorded by another device"
        )
        self.next_number = next_number


DERIVED_FIELDS = ("label", "dealer", "honba", "riichi_sticks", "deltas", "scores")


def _derived(state: dict[str, Any], index: int) -> dict[str, Any]:
    played = state["rounds"][index]
    return {
        "label": played["round"],
        "dealer": played["dealer"],
        "honba": played["honba"],
        "riichi_sticks": played["riichi_sticks"],
        "deltas": played["deltas"],
        "scores": played["scores"],
    }


class SessionSeat(models.Model):
    session = models.ForeignKey(Session, related_name="seats", on_delete=models.CASCADE)
    seat = models.PositiveSmallIntegerField(choices=[(s, str(s)) for s in SEATS])
    player = models.ForeignKey(Player, related_name="seats", on_delete=models.PROTECT)

    class Meta:
        ordering = ["session", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["session", "seat"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["session", "player"], name="one_seat_per_player"),
            models.CheckConstraint(condition=Q(seat__lte=3), name="seat_is_0_to_3"),
        ]

    def __str__(self) -> str:
        return f"{self.player} (seat {self.seat})"


class Round(models.Model):
    """One finished round: the outcome as recorded, and what the engine derived."""

    session = models.ForeignKey(Session, related_name="rounds", on_delete=models.CASCADE)
    number = models.PositiveIntegerField()
    outcome = models.JSONField()
    label = models.CharField(max_length=4)
    dealer = models.PositiveSmallIntegerField()
    honba = models.PositiveIntegerField()
    riichi_sticks = models.PositiveIntegerField()
    deltas = models.JSONField()
    scores = models.JSONField()
    request_id = models.CharField(max_length=64, blank=True, help_text="the recording device's id")
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="one_round_per_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_numbers_start_at_1"),
            models.UniqueConstraint(
                fields=["session", "request_id"],
                condition=~Q(request_id=""),
                name="one_round_per_request",
            ),
        ]

    def __str__(self) -> str:
        return f"round {self.number} ({self.label})"


class Result(models.Model):
    """A player's settled result in a finished session (for the leaderboard)."""

    session = models.ForeignKey(Session, related_name="results", on_delete=models.CASCADE)
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, related_name="results", on_delete=models.PROTECT)
    score = models.IntegerField()
    place = models.PositiveSmallIntegerField()
    result = models.FloatField()

    class Meta:
        ordering = ["session", "place"]
        constraints = [
            models.UniqueConstraint(fields=["session", "seat"], name="one_result_per_seat"),
        ]


class AuditEntry(models.Model):
    """Who changed a session's rounds, when, and what they were before and after."""

    session = models.ForeignKey(Session, related_name="audit", on_delete=models.CASCADE)
    at = models.DateTimeField(auto_now_add=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    via = models.CharField(max_length=20, help_text="member login, table link or command")
    action = models.CharField(max_length=20)
    round_number = models.PositiveIntegerField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]


class LoginFailures(models.Model):
    """Failed logins from one client address since the first of them.

    Kept in the database, not in a process's memory, so the limit holds across all
    the server's worker processes (``ledger.accounts``).
    """

    address = models.CharField(max_length=64, unique=True)
    count = models.PositiveIntegerField(default=1)
    since = models.DateTimeField(db_index=True)

    class Meta:
        verbose_name = verbose_name_plural = "login failures"

    def __str__(self) -> str:
        return f"{self.address}: {self.count} since {self.since:%Y-%m-%d %H:%M}"
