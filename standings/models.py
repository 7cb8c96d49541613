"""Aggregates of finished sessions for the leaderboard (kept up to date on every change;
``standings.leaderboard`` reads them).

``PlayerGame`` holds one player's numbers in one finished session (place, result,
round statistics, ratings after it); ``Encounter`` one ordered pair of players at
the same table. ``Standing`` sums a player's games over a stored scope (all time, a
season, a ruleset) so the leaderboard reads about 300 rows whatever the club's size;
``Rating`` is each player's current rating. ``standings.rebuild`` rewrites all of
them when a session changes (``standings.rebuild``, off the request).

Four-player and three-player (sanma) games are never mixed: every row carries its
``player_count``, a ``Scope`` (``standings.scopes``) counts one player count (stored
scopes of three-player games have keys ending "/3p"), and each count is rated on its own.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Avg, Count, F, Q, Sum, Window
from django.db.models.functions import RowNumber
from django.utils.translation import gettext_lazy as _

from ledger.models import Player, Ruleset, Season, Session
from ledger.models.club import MOST_GAMES_NEEDED
from standings.ratings import RatingState
from standings.scopes import Scope

RECENT = 20  # results in a leaderboard row's sparkline


class ClubSetting(models.Model):
    """The club's choices for the standings (one row)."""

    class RatingSystem(models.TextChoices):
        OPENSKILL = "openskill", _("OpenSkill (skill ± uncertainty)")
        TENHOU = "tenhou", _("Tenhou R")

    rating_system = models.CharField(
        _("rating shown"),
        max_length=12,
        choices=RatingSystem.choices,
        default=RatingSystem.OPENSKILL,
    )
    min_games = models.PositiveSmallIntegerField(
        _("games needed to be listed"),
        default=5,
        validators=[MaxValueValidator(MOST_GAMES_NEEDED)],
        help_text=_("games a player needs to be listed (a season may set its own)"),
    )

    class Meta:
        verbose_name = _("club setting")
        verbose_name_plural = _("club settings")

    def __str__(self) -> str:
        return f"{self._meta.get_field('rating_system').verbose_name}: {self.get_rating_system_display()}"

    @classmethod
    def current(cls) -> ClubSetting:
        """Return the club's settings (the defaults until someone changes them)."""
        return cls.objects.filter(pk=1).first() or cls(pk=1, min_games=settings.STANDINGS_MIN_GAMES)


class PlayerGameQuerySet(models.QuerySet):
    def in_scope(self, scope: Scope) -> PlayerGameQuerySet:
        return self.filter(scope.condition())

    def chronological(self) -> PlayerGameQuerySet:
        return self.order_by("finished_at", "session_id")

    def totals(self) -> PlayerGameQuerySet:
        """Return one row of leaderboard sums per player."""
        return self.values("player_id").annotate(
            games=Count("id"),
            total=Sum("result"),
            place_sum=Sum("place"),
            firsts=Count("id", filter=Q(place=1)),
            seconds=Count("id", filter=Q(place=2)),
            thirds=Count("id", filter=Q(place=3)),
            fourths=Count("id", filter=Q(place=4)),
            tobis=Count("id", filter=Q(is_tobi=True)),
        )

    def recent_results(self) -> dict[int, list[float]]:
        """Return each player's last results, oldest first (one query)."""
        numbered = self.annotate(
            newest=Window(
                RowNumber(),
                partition_by=[F("player_id")],
                order_by=[F("finished_at").desc(), F("session_id").desc()],
            )
        ).filter(newest__lte=RECENT)
        recent: dict[int, list[tuple[int, float]]] = {}
        for player_id, newest, result in numbered.values_list("player_id", "newest", "result"):
            recent.setdefault(player_id, []).append((newest, result))
        return {pk: [r for _, r in sorted(rows, reverse=True)] for pk, rows in recent.items()}

    def round_totals(self) -> dict[str, Any]:
        """Return the sums of the round statistics over these games (zeros for none)."""
        names = [f.name for f in PlayerGame._meta.fields if f.name in ROUND_COUNTS]
        return self.aggregate(games=Count("id"), **{name: Sum(name, default=0) for name in names})


ROUND_COUNTS = (
    "rounds",
    "dealer_rounds",
    "dealer_kept",
    "wins",
    "tsumo_wins",
    "win_points",
    "deal_ins",
    "deal_in_points",
    "riichi",
    "riichi_wins",
    "draws",
    "draw_tenpai",
    "chombos",
)


class PlayerGame(models.Model):
    """One player's place, result, round statistics and ratings in one finished session."""

    session = models.ForeignKey(Session, related_name="player_games", on_delete=models.CASCADE)
    player = models.ForeignKey(Player, related_name="games", on_delete=models.CASCADE)
    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.SET_NULL)
    ruleset = models.ForeignKey(Ruleset, null=True, blank=True, on_delete=models.SET_NULL)
    finished_at = models.DateTimeField()
    player_count = models.PositiveSmallIntegerField(default=4, help_text="4, or 3 (sanma)")
    seat = models.PositiveSmallIntegerField()
    place = models.PositiveSmallIntegerField()
    score = models.BigIntegerField()
    start_points = models.PositiveIntegerField(help_text="the points each player started with")
    result = models.FloatField()
    is_tobi = models.BooleanField(default=False)
    rounds = models.PositiveIntegerField(default=0)
    dealer_rounds = models.PositiveIntegerField(default=0)
    dealer_kept = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    tsumo_wins = models.PositiveIntegerField(default=0)
    win_points = models.PositiveBigIntegerField(default=0)
    deal_ins = models.PositiveIntegerField(default=0)
    deal_in_points = models.PositiveBigIntegerField(default=0)
    riichi = models.PositiveIntegerField(default=0)
    riichi_wins = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    draw_tenpai = models.PositiveIntegerField(default=0)
    chombos = models.PositiveIntegerField(default=0)
    biggest_win = models.PositiveBigIntegerField(default=0)
    biggest_hand = models.CharField(max_length=40, blank=True)
    yaku = models.JSONField(default=dict, blank=True)
    number = models.PositiveIntegerField(default=0, help_text="the player's nth game")
    mu = models.FloatField(default=0)
    sigma = models.FloatField(default=0)
    tenhou_r = models.FloatField(default=0)

    objects = PlayerGameQuerySet.as_manager()

    class Meta:
        verbose_name = _("player's game")
        verbose_name_plural = _("players' games")
        ordering = ["finished_at", "session_id"]
        constraints = [
            models.UniqueConstraint(fields=["session", "player"], name="one_game_per_player"),
        ]
        indexes = [
            # The board of any date range reads only this index: one player's games in
            # order of time, with what the sums need (no table lookups, no sorting).
            models.Index(
                fields=["player", "finished_at", "place", "result", "is_tobi", "player_count"],
                name="playergame_player_board",
            ),
            models.Index(fields=["finished_at", "session"]),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} in session {self.session_id}: place {self.place}"

    @property
    def rating_state(self) -> RatingState:
        return RatingState(self.mu, self.sigma, self.tenhou_r, self.number)


class EncounterQuerySet(models.QuerySet):
    def in_scope(self, scope: Scope) -> EncounterQuerySet:
        return self.filter(scope.condition())

    def head_to_head(self) -> list[dict[str, Any]]:
        """Return one row per opponent, most games together first, then by name (ignoring
        case)."""
        rows = self.values("opponent_id", "opponent__name").annotate(
            games=Count("id"),
            place_difference=Avg("place_difference"),
            ron_won=Sum("ron_won"),
            ron_lost=Sum("ron_lost"),
        )
        return sorted(rows, key=lambda row: (-row["games"], row["opponent__name"].casefold()))


class Encounter(models.Model):
    """Two players at the same finished session, seen from ``player``."""

    session = models.ForeignKey(Session, related_name="encounters", on_delete=models.CASCADE)
    player = models.ForeignKey(Player, related_name="encounters", on_delete=models.CASCADE)
    opponent = models.ForeignKey(Player, related_name="+", on_delete=models.CASCADE)
    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.SET_NULL)
    ruleset = models.ForeignKey(Ruleset, null=True, blank=True, on_delete=models.SET_NULL)
    finished_at = models.DateTimeField()
    player_count = models.PositiveSmallIntegerField(default=4, help_text="4, or 3 (sanma)")
    place_difference = models.SmallIntegerField(help_text="opponent's place minus player's")
    ron_won = models.PositiveIntegerField(default=0)
    ron_lost = models.PositiveIntegerField(default=0)

    objects = EncounterQuerySet.as_manager()

    class Meta:
        verbose_name = _("head-to-head game")
        verbose_name_plural = _("head-to-head games")
        indexes = [models.Index(fields=["player", "opponent"])]

    def __str__(self) -> str:
        return f"{self.player_id} v {self.opponent_id} in session {self.session_id}"


class WinHandQuerySet(models.QuerySet):
    def in_scope(self, scope: Scope) -> WinHandQuerySet:
        return self.filter(scope.condition())


class WinHand(models.Model):
    """One win of a finished session: the points received, its value and, for a hand
    entered as tiles, its yaku (an empty list when only han/fu or yakuman was given)."""

    session = models.ForeignKey(Session, related_name="win_hands", on_delete=models.CASCADE)
    player = models.ForeignKey(Player, related_name="win_hands", on_delete=models.CASCADE)
    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.SET_NULL)
    ruleset = models.ForeignKey(Ruleset, null=True, blank=True, on_delete=models.SET_NULL)
    finished_at = models.DateTimeField()
    player_count = models.PositiveSmallIntegerField(default=4, help_text="4, or 3 (sanma)")
    points = models.PositiveIntegerField()
    han = models.PositiveSmallIntegerField()
    fu = models.PositiveSmallIntegerField()
    yakuman = models.PositiveSmallIntegerField(default=0, help_text="the multiple; 0: none")
    limit = models.CharField(max_length=10, help_text="none, mangan, … yakuman")
    yaku = models.JSONField(default=list, blank=True, help_text="yaku names; [] when unknown")

    objects = WinHandQuerySet.as_manager()

    class Meta:
        verbose_name = _("winning hand")
        verbose_name_plural = _("winning hands")
        indexes = [
            # The club's histogram of any scope reads only this index.
            models.Index(fields=["finished_at", "limit", "han"], name="winhand_values"),
            models.Index(fields=["player", "finished_at"], name="winhand_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} won {self.points} in session {self.session_id}"


class ClubTally(models.Model):
    """One count of a stored scope for the club page, recounted with its standings:
    games from a starting seat (``kind`` "seat", ``key`` the seat, with the sums of their
    gains (final score minus starting points) and places, and the count of each place),
    wins of a hand value ("value", the histogram's bar), wins with a yaku ("yaku", its
    name) or with known yaku ("known")."""

    scope = models.CharField(max_length=30)
    kind = models.CharField(max_length=5)
    key = models.CharField(max_length=40, blank=True)
    count = models.PositiveIntegerField()
    gain_sum = models.BigIntegerField(default=0)
    place_sum = models.PositiveIntegerField(default=0)
    places = models.JSONField(default=list, blank=True, help_text="1st to 4th, or 3rd (a seat)")

    class Meta:
        verbose_name = _("club count")
        verbose_name_plural = _("club counts")
        constraints = [
            models.UniqueConstraint(fields=["scope", "kind", "key"], name="one_tally_per_key")
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.kind} {self.key}: {self.count}"


class Standing(models.Model):
    """A player's sums over one stored scope (rewritten when their games change)."""

    scope = models.CharField(max_length=30)
    player = models.ForeignKey(Player, related_name="standings", on_delete=models.CASCADE)
    games = models.PositiveIntegerField()
    total = models.FloatField()
    place_sum = models.PositiveIntegerField()
    firsts = models.PositiveIntegerField()
    seconds = models.PositiveIntegerField()
    thirds = models.PositiveIntegerField()
    fourths = models.PositiveIntegerField()
    tobis = models.PositiveIntegerField()
    recent = models.JSONField(default=list, help_text="the last results, oldest first")

    class Meta:
        verbose_name = _("standing")
        verbose_name_plural = _("standings")
        constraints = [
            models.UniqueConstraint(fields=["scope", "player"], name="one_standing_per_scope")
        ]

    def __str__(self) -> str:
        return f"{self.player_id} in {self.scope}: {self.games} games"


class SeasonRating(models.Model):
    """A player's ratings earned in one season, rated from a fresh start as a league does."""

    season = models.ForeignKey(Season, related_name="+", on_delete=models.CASCADE)
    player = models.ForeignKey(Player, related_name="season_ratings", on_delete=models.CASCADE)
    player_count = models.PositiveSmallIntegerField(default=4, help_text="4, or 3 (sanma)")
    mu = models.FloatField()
    sigma = models.FloatField()
    tenhou_r = models.FloatField()
    games = models.PositiveIntegerField()

    class Meta:
        verbose_name = _("season rating")
        verbose_name_plural = _("season ratings")
        constraints = [
            models.UniqueConstraint(
                fields=["season", "player", "player_count"], name="one_rating_per_season"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player_id} in season {self.season_id} ({self.player_count}p): {self.ordinal:.1f}"

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


class Rating(models.Model):
    """A player's current ratings (both systems) in games of one player count: a
    three-player game never moves a four-player rating."""

    player = models.ForeignKey(Player, related_name="ratings", on_delete=models.CASCADE)
    player_count = models.PositiveSmallIntegerField(default=4, help_text="4, or 3 (sanma)")
    mu = models.FloatField()
    sigma = models.FloatField()
    tenhou_r = models.FloatField()
    games = models.PositiveIntegerField()

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [
            models.UniqueConstraint(fields=["player", "player_count"], name="one_rating_per_count")
        ]

    def __str__(self) -> str:
        return f"{self.player_id} ({self.player_count}p): {self.ordinal:.1f}"

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


class PendingRebuild(models.Model):
    """A session whose change the standings have not yet taken in (see ``standings.rebuild``).

    Written in the same transaction as the change, so that no change is forgotten even
    if the server stops before the rebuild runs.
    """

    session = models.OneToOneField(
        Session, primary_key=True, related_name="+", on_delete=models.CASCADE
    )
    marked_at = models.DateTimeField()

    class Meta:
        verbose_name = _("pending standings update")
        verbose_name_plural = _("pending standings updates")

    def __str__(self) -> str:
        return f"session {self.session_id} changed at {self.marked_at:%Y-%m-%d %H:%M:%S}"


class RebuildLease(models.Model):
    """Who is rebuilding the standings, until when (one row: one rebuild at a time)."""

    holder = models.CharField(max_length=64, blank=True)
    until = models.DateTimeField()

    class Meta:
        verbose_name = _("standings update lock")
        verbose_name_plural = _("standings update locks")

    def __str__(self) -> str:
        return f"held by {self.holder or 'nobody'} until {self.until:%H:%M:%S}"
