"""Aggregates of finished sessions for the leaderboard (kept up to date on every change).

``PlayerGame`` holds one player's numbers in one finished session (place, result,
round statistics, ratings after it); ``Encounter`` one ordered pair of players at
the same table. ``Standing`` sums a player's games over a stored scope (all time, a
season, a ruleset) so the leaderboard reads about 300 rows whatever the club's size;
``Rating`` is each player's current rating. ``standings.rebuild`` rewrites all of
them when a session changes (``standings.rebuild``, off the request).

Four-player and three-player (sanma) games are never mixed: every row carries its
``player_count``, a ``Scope`` counts one player count (stored scopes of three-player
games have keys ending "/3p"), and each count is rated on its own.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Avg, Count, F, Q, Sum, Window
from django.db.models.functions import RowNumber
from django.utils import timezone

from ledger.models import Player, Ruleset, Season, Session
from ledger.numbers import rounded_float
from standings.ratings import RatingState

RECENT = 20  # results in a leaderboard row's sparkline
PLAYER_COUNTS = (4, 3)  # four-player games, three-player games (sanma): never mixed


class ClubSetting(models.Model):
    """The club's choices for the standings (one row)."""

    class RatingSystem(models.TextChoices):
        OPENSKILL = "openskill", "OpenSkill (skill ± uncertainty)"
        TENHOU = "tenhou", "Tenhou R"

    rating_system = models.CharField(
        max_length=12, choices=RatingSystem.choices, default=RatingSystem.OPENSKILL
    )
    min_games = models.PositiveSmallIntegerField(
        default=5, help_text="games a player needs to be listed (a season may set its own)"
    )

    def __str__(self) -> str:
        return f"rating shown: {self.get_rating_system_display()}"

    @classmethod
    def current(cls) -> ClubSetting:
        """Return the club's settings (the defaults until someone changes them)."""
        return cls.objects.filter(pk=1).first() or cls(pk=1, min_games=settings.STANDINGS_MIN_GAMES)


@dataclass(frozen=True)
class Scope:
    """Which finished sessions a leaderboard counts."""

    kind: str  # all, season, ruleset, dates
    label: str
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

    def condition(self) -> Q:
        """Return the filter on ``PlayerGame``, ``Encounter`` or ``WinHand`` rows (the
        kind's, the player count's, and the dates' when given: a season's games from a
        date on, say)."""
        kinds = {"season": Q(season_id=self.pk), "ruleset": Q(ruleset_id=self.pk)}
        condition = kinds.get(self.kind, Q()) & Q(player_count=self.players)
        return condition & _date_condition(self.starts, self.ends)


def _date_condition(starts: dt.date | None, ends: dt.date | None) -> Q:
    condition = Q()
    zone = timezone.get_current_timezone()
    if starts:
        condition &= Q(finished_at__gte=dt.datetime.combine(starts, dt.time.min, tzinfo=zone))
    if ends and ends < dt.date.max:  # no day after the last one: no end at all
        after = dt.datetime.combine(ends + dt.timedelta(days=1), dt.time.min, tzinfo=zone)
        condition &= Q(finished_at__lt=after)
    return condition


ALL_TIME = Scope("all", "All time")
ALL_TIME_KEYS = {count: Scope("all", "", players=count).key for count in PLAYER_COUNTS}


def current_season() -> Season | None:
    """Return the season of today, else the latest season that has begun."""
    from ledger.seasons import season_on

    today = timezone.localdate()
    begun = Season.objects.filter(starts_on__lte=today).order_by("-starts_on")
    return season_on(today) or begun.first()


def season_scope(season: Season) -> Scope:
    return Scope("season", f"Season {season.name}", pk=season.pk)


def ruleset_scope(ruleset: Ruleset) -> Scope:
    return Scope("ruleset", f"Ruleset {ruleset.name}", pk=ruleset.pk)


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
        """Return the sums of the round statistics over these games."""
        names = [f.name for f in PlayerGame._meta.fields if f.name in ROUND_COUNTS]
        return self.aggregate(games=Count("id"), **{name: Sum(name) for name in names})


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
        """Return one row per opponent, most games together first."""
        rows = self.values("opponent_id", "opponent__name").annotate(
            games=Count("id"),
            place_difference=Avg("place_difference"),
            ron_won=Sum("ron_won"),
            ron_lost=Sum("ron_lost"),
        )
        return sorted(rows, key=lambda row: (-row["games"], row["opponent__name"]))


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
    scores and places and the count of each place), wins of a hand value ("value", the
    histogram's bar), wins with a yaku ("yaku", its name) or with known yaku ("known")."""

    scope = models.CharField(max_length=30)
    kind = models.CharField(max_length=5)
    key = models.CharField(max_length=40, blank=True)
    count = models.PositiveIntegerField()
    score_sum = models.BigIntegerField(default=0)
    place_sum = models.PositiveIntegerField(default=0)
    places = models.JSONField(default=list, blank=True, help_text="1st to 4th, or 3rd (a seat)")

    class Meta:
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

    def __str__(self) -> str:
        return f"session {self.session_id} changed at {self.marked_at:%Y-%m-%d %H:%M:%S}"


class RebuildLease(models.Model):
    """Who is rebuilding the standings, until when (one row: one rebuild at a time)."""

    holder = models.CharField(max_length=64, blank=True)
    until = models.DateTimeField()

    def __str__(self) -> str:
        return f"held by {self.holder or 'nobody'} until {self.until:%H:%M:%S}"


def yaku_counts(games: PlayerGameQuerySet) -> list[tuple[str, int]]:
    """Return yaku and how often they appeared, most frequent first."""
    counts: Counter[str] = Counter()
    for yaku in games.exclude(yaku={}).values_list("yaku", flat=True):
        counts.update(yaku)
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


@dataclass
class Row:
    """One leaderboard line."""

    player: Player
    games: int
    total: float
    place_counts: tuple[int, ...]  # 1st to 4th, or to 3rd in three-player games
    place_sum: int
    tobis: int
    recent: list[float] | None  # None until ``with_recent`` reads them
    rating: float | None
    uncertainty: float | None
    rank: int = 0

    @property
    def name(self) -> str:
        return self.player.name

    @property
    def average_result(self) -> float:
        return self.total / self.games

    @property
    def average_place(self) -> float:
        return self.place_sum / self.games

    @property
    def place_rates(self) -> list[float]:
        return [count / self.games for count in self.place_counts]

    @property
    def first_rate(self) -> float:
        return self.place_rates[0]

    @property
    def second_rate(self) -> float:
        return self.place_rates[1]

    @property
    def third_rate(self) -> float:
        return self.place_rates[2]

    @property
    def fourth_rate(self) -> float | None:
        """Return the share of 4th places (None in three-player games: there is no 4th)."""
        return self.place_rates[3] if len(self.place_counts) > 3 else None

    @property
    def tobi_rate(self) -> float:
        return self.tobis / self.games


def _rating_of(rating: Any, system: str) -> tuple[float | None, float | None]:
    if rating is None:
        return None, None
    if system == ClubSetting.RatingSystem.TENHOU:
        return rating.tenhou_r, None
    return rating.ordinal, rating.sigma


PLACE_SUMS = ("firsts", "seconds", "thirds", "fourths")


def place_counts(sums: dict[str, Any], players: int) -> tuple[int, ...]:
    """Return the counts of each place, 1st to last (three places in three-player games)."""
    return tuple(sums[name] for name in PLACE_SUMS[:players])


def _row(
    player: Player,
    sums: dict[str, Any],
    recent: list[float],
    system: str,
    rating: Any,
    players: int,
) -> Row:
    rating, uncertainty = _rating_of(rating, system)
    counts = place_counts(sums, players)
    return Row(
        player=player,
        games=sums["games"],
        total=rounded_float(sums["total"] or 0.0, 1),
        place_counts=counts,
        place_sum=sums["place_sum"],
        tobis=sums["tobis"],
        recent=recent,
        rating=rating,
        uncertainty=uncertainty,
    )


SUM_FIELDS = ("games", "total", "place_sum", "firsts", "seconds", "thirds", "fourths", "tobis")


def leaderboard(
    scope: Scope, *, min_games: int, sort: str, descending: bool, system: str
) -> list[Row]:
    """Return the ranked rows of a scope: a few queries for any number of players or games.

    A stored scope reads its ``Standing`` rows; a scope with dates sums its games in one
    aggregate query (their recent results are filled in for the rows shown, by
    ``with_recent``). A season's rows carry the ratings earned in that season.
    """
    least = max(min_games, 1)
    if scope.is_stored:
        standings = Standing.objects.filter(scope=scope.key, games__gte=least).select_related(
            "player"
        )
        sums = [({f: getattr(s, f) for f in SUM_FIELDS}, s.player, s.recent) for s in standings]
    else:
        totals = [
            row for row in PlayerGame.objects.in_scope(scope).totals() if row["games"] >= least
        ]
        players = Player.objects.in_bulk([row["player_id"] for row in totals])
        sums = [(row, players[row["player_id"]], None) for row in totals]
    ratings = ratings_for(scope, [player.pk for _, player, _ in sums])
    rows = [_row(player, row, recent or [], system, ratings.get(player.pk), scope.players)
            for row, player, recent in sums]  # fmt: skip
    for row, (_, _, recent) in zip(rows, sums):
        row.recent = recent  # None: not read yet (see with_recent)
    return rank(rows, sort, descending)


def ratings_for(scope: Scope, player_ids: list[int]) -> dict[int, Any]:
    """Return the ratings a scope's board shows: earned in the season, else all-time, in
    games of the scope's player count."""
    found: Any
    if scope.kind == "season":
        found = SeasonRating.objects.filter(season_id=scope.pk, player_id__in=player_ids)
    else:
        found = Rating.objects.filter(player_id__in=player_ids)
    return {rating.player_id: rating for rating in found.filter(player_count=scope.players)}


def player_counts(player: Player | None = None) -> list[int]:
    """Return the player counts of the finished games counted (the club's, or one
    player's), four first: [4], [3], [4, 3] or [] (one query, on the standings' index)."""
    standings = Standing.objects.all() if player is None else player.standings.all()
    keys = standings.filter(scope__in=ALL_TIME_KEYS.values()).values_list("scope", flat=True)
    found = set(keys.order_by().distinct())
    return [count for count in PLAYER_COUNTS if ALL_TIME_KEYS[count] in found]


def with_recent(rows: list[Row], scope: Scope) -> list[Row]:
    """Fill in the recent results of the rows shown (for a scope summed when asked)."""
    missing = [row for row in rows if row.recent is None]
    if missing:
        games = PlayerGame.objects.in_scope(scope).filter(
            player_id__in=[row.player.pk for row in missing]
        )
        recent = games.recent_results()
        for row in missing:
            row.recent = recent.get(row.player.pk, [])
    return rows


def rank(rows: list[Row], sort: str, descending: bool) -> list[Row]:
    """Sort rows best first by ``sort`` (ties: higher total, more games, then name) and rank them.

    Tied values share a rank (1, 2, 2, 4); unrated players come last on rating.
    """

    def value(row: Row) -> Any:
        if sort == "name":
            return row.name.casefold()
        found = getattr(row, sort)
        if found is None:
            return float("-inf") if descending else float("inf")
        return round(found, 6)

    def key(row: Row) -> tuple[Any, ...]:
        primary = value(row)
        if sort != "name":
            primary = -primary if descending else primary
        return (primary, -row.total, -row.games, row.name.casefold(), row.player.pk)

    ordered = sorted(rows, key=key)
    for position, row in enumerate(ordered, start=1):
        previous = ordered[position - 2] if position > 1 else None
        same = previous is not None and value(previous) == value(row)
        row.rank = previous.rank if same and previous else position
    return ordered


def ratio(part: int | None, whole: int | None) -> float | None:
    """Return part / whole, or None when there is nothing to divide."""
    return part / whole if whole and part is not None else None


def player_ratings(player: Player) -> dict[int, Rating]:
    """Return a player's current ratings by player count (one query): a player has one
    for each count they have finished games of."""
    return {rating.player_count: rating for rating in player.ratings.all()}


def counts_of(ratings: dict[int, Rating]) -> list[int]:
    """Return the player counts of a player's ratings, four first."""
    return [count for count in PLAYER_COUNTS if count in ratings]


def player_report(
    player: Player, scope: Scope, ratings: dict[int, Rating] | None = None
) -> dict[str, Any]:
    """Return a player's numbers over a scope: sums, rates, history, head-to-head."""
    games = PlayerGame.objects.filter(player=player).in_scope(scope)
    totals = next(iter(games.totals()), None)
    if totals:
        totals["average_result"] = totals["total"] / totals["games"]
        totals["average_place"] = totals["place_sum"] / totals["games"]
        totals["places"] = list(place_counts(totals, scope.players))
    sums = games.round_totals()
    history = list(
        games.chronological().values_list(
            "finished_at", "result", "mu", "sigma", "tenhou_r", "place"
        )
    )
    biggest = games.filter(biggest_win__gt=0).order_by("-biggest_win", "finished_at").first()
    head_to_head = list(Encounter.objects.filter(player=player).in_scope(scope).head_to_head())
    season_rating = None
    if scope.kind == "season":
        season_rating = SeasonRating.objects.filter(
            season_id=scope.pk, player=player, player_count=scope.players
        ).first()
    return {
        "season_rating": season_rating,
        "rating": (player_ratings(player) if ratings is None else ratings).get(scope.players),
        "totals": totals,
        "sums": sums,
        "rates": _rates(sums),
        "history": history,
        "biggest": biggest,
        "yaku": yaku_counts(games),
        "head_to_head": head_to_head,
    }


def _rates(sums: dict[str, Any]) -> dict[str, float | None]:
    return {
        "win_rate": ratio(sums["wins"], sums["rounds"]),
        "tsumo_share": ratio(sums["tsumo_wins"], sums["wins"]),
        "deal_in_rate": ratio(sums["deal_ins"], sums["rounds"]),
        "riichi_rate": ratio(sums["riichi"], sums["rounds"]),
        "riichi_success": ratio(sums["riichi_wins"], sums["riichi"]),
        "average_win": ratio(sums["win_points"], sums["wins"]),
        "average_deal_in": ratio(sums["deal_in_points"], sums["deal_ins"]),
        "dealer_kept": ratio(sums["dealer_kept"], sums["dealer_rounds"]),
        "draw_tenpai": ratio(sums["draw_tenpai"], sums["draws"]),
    }
