"""Aggregates of finished sessions for the leaderboard (kept up to date on every change).

``PlayerGame`` holds one player's numbers in one finished session (place, result,
round statistics, ratings after it); ``Encounter`` one ordered pair of players at
the same table. ``Standing`` sums a player's games over a stored scope (all time, a
season, a ruleset) so the leaderboard reads about 300 rows whatever the club's size;
``Rating`` is each player's current rating. ``refresh_session`` rewrites all of
this for one session when the ledger sends ``session_changed``.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from django.db import models, transaction
from django.db.models import Avg, Count, F, Q, Sum, Window
from django.db.models.functions import RowNumber
from django.utils import timezone

from ledger.models import Player, Ruleset, Season, Session
from standings.ratings import RatingState, rate_game
from standings.stats import Line, game_lines

RECENT = 20  # results in a leaderboard row's sparkline


class ClubSetting(models.Model):
    """The club's choices for the standings (one row)."""

    class RatingSystem(models.TextChoices):
        OPENSKILL = "openskill", "OpenSkill (skill ± uncertainty)"
        TENHOU = "tenhou", "Tenhou R"

    rating_system = models.CharField(
        max_length=12, choices=RatingSystem.choices, default=RatingSystem.OPENSKILL
    )

    def __str__(self) -> str:
        return f"rating shown: {self.get_rating_system_display()}"

    @classmethod
    def current(cls) -> ClubSetting:
        """Return the club's settings (the defaults until someone changes them)."""
        return cls.objects.filter(pk=1).first() or cls(pk=1)


@dataclass(frozen=True)
class Scope:
    """Which finished sessions a leaderboard counts."""

    kind: str  # all, season, ruleset, dates
    label: str
    pk: int | None = None
    starts: dt.date | None = None
    ends: dt.date | None = None

    @property
    def key(self) -> str:
        """Return the stored scope's key ("all", "season:3", "ruleset:2")."""
        return self.kind if self.pk is None else f"{self.kind}:{self.pk}"

    @property
    def is_stored(self) -> bool:
        return self.kind != "dates"

    def condition(self) -> Q:
        """Return the filter on ``PlayerGame`` or ``Encounter`` rows."""
        if self.kind == "season":
            return Q(season_id=self.pk)
        if self.kind == "ruleset":
            return Q(ruleset_id=self.pk)
        if self.kind == "dates":
            return _date_condition(self.starts, self.ends)
        return Q()


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


def current_season() -> Season | None:
    """Return the open season running today, else the latest open one."""
    today = timezone.localdate()
    open_seasons = Season.objects.filter(is_closed=False, starts_on__lte=today)
    running = open_seasons.filter(Q(ends_on__isnull=True) | Q(ends_on__gte=today))
    return running.order_by("-starts_on").first() or open_seasons.order_by("-starts_on").first()


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
    seat = models.PositiveSmallIntegerField()
    place = models.PositiveSmallIntegerField()
    score = models.IntegerField()
    result = models.FloatField()
    is_tobi = models.BooleanField(default=False)
    rounds = models.PositiveIntegerField(default=0)
    dealer_rounds = models.PositiveIntegerField(default=0)
    dealer_kept = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    tsumo_wins = models.PositiveIntegerField(default=0)
    win_points = models.PositiveIntegerField(default=0)
    deal_ins = models.PositiveIntegerField(default=0)
    deal_in_points = models.PositiveIntegerField(default=0)
    riichi = models.PositiveIntegerField(default=0)
    riichi_wins = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    draw_tenpai = models.PositiveIntegerField(default=0)
    chombos = models.PositiveIntegerField(default=0)
    biggest_win = models.PositiveIntegerField(default=0)
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
            models.Index(fields=["player", "finished_at"]),
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
    place_difference = models.SmallIntegerField(help_text="opponent's place minus player's")
    ron_won = models.PositiveIntegerField(default=0)
    ron_lost = models.PositiveIntegerField(default=0)

    objects = EncounterQuerySet.as_manager()

    class Meta:
        indexes = [models.Index(fields=["player", "opponent"])]

    def __str__(self) -> str:
        return f"{self.player_id} v {self.opponent_id} in session {self.session_id}"


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

    @classmethod
    def rewrite(cls, scope: Scope, player_ids: Iterable[int] | None = None) -> None:
        """Recount the players' rows of a stored scope (every player when None)."""
        games = PlayerGame.objects.in_scope(scope)
        standings = cls.objects.filter(scope=scope.key)
        if player_ids is not None:
            games, standings = (
                games.filter(player_id__in=player_ids),
                standings.filter(player_id__in=player_ids),
            )
        recent = games.recent_results()
        standings.delete()
        cls.objects.bulk_create(
            cls(scope=scope.key, recent=recent.get(row["player_id"], []), **row)
            for row in games.totals()
        )


class Rating(models.Model):
    """A player's current ratings (both systems)."""

    player = models.OneToOneField(
        Player, primary_key=True, related_name="rating", on_delete=models.CASCADE
    )
    mu = models.FloatField()
    sigma = models.FloatField()
    tenhou_r = models.FloatField()
    games = models.PositiveIntegerField()

    def __str__(self) -> str:
        return f"{self.player_id}: {self.ordinal:.1f}"

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def scopes_of(rows: Iterable[dict[str, Any]]) -> set[Scope]:
    """Return the stored scopes that count games with these season and ruleset ids."""
    scopes = {ALL_TIME}
    for row in rows:
        if row["season_id"]:
            scopes.add(Scope("season", "", pk=row["season_id"]))
        if row["ruleset_id"]:
            scopes.add(Scope("ruleset", "", pk=row["ruleset_id"]))
    return scopes


def refresh_session(session: Session) -> None:
    """Rewrite a session's games, encounters, the standings and ratings they touch."""
    with transaction.atomic():
        before = list(
            PlayerGame.objects.filter(session_id=session.pk).values(
                "player_id", "season_id", "ruleset_id", "finished_at"
            )
        )
        PlayerGame.objects.filter(session_id=session.pk).delete()
        Encounter.objects.filter(session_id=session.pk).delete()
        games = session_games(session)
        PlayerGame.objects.bulk_create(games)
        Encounter.objects.bulk_create(encounters(games))
        after = [
            {"player_id": g.player_id, "season_id": g.season_id, "ruleset_id": g.ruleset_id}
            for g in games
        ]
        player_ids = {row["player_id"] for row in before + after}
        if not player_ids:  # a session in progress that never counted
            return
        for scope in scopes_of(before + after):
            Standing.rewrite(scope, player_ids)
        starts = [row["finished_at"] for row in before] + [g.finished_at for g in games]
        if starts:
            rerate(since=(min(starts), session.pk), also=player_ids)


def session_games(session: Session) -> list[PlayerGame]:
    """Return the unsaved games of a finished session (none while in progress or deleted)."""
    if session.status != Session.Status.FINISHED or session.deleted_at is not None:
        return []
    game = session.game()
    results = {r.seat: r for r in session.results.all()}
    if game.settlement is None or len(results) != 4:
        return []
    return build_games(session, game_lines(game), results, ended_by=session.ended_by)


def build_games(
    session: Session, lines: list[Line], results: dict[int, Any], *, ended_by: str
) -> list[PlayerGame]:
    """Return one ``PlayerGame`` per seat from the lines and the stored results."""
    low = min(r.score for r in results.values())
    games = [
        PlayerGame(
            session=session,
            player_id=results[seat].player_id,
            season_id=session.season_id,
            ruleset_id=session.ruleset_id,
            finished_at=session.finished_at,
            seat=seat,
            place=results[seat].place,
            score=results[seat].score,
            result=results[seat].result,
            is_tobi=results[seat].score < 0
            or (ended_by == "tobi" and results[seat].score == low <= 0),
            yaku=dict(line.yaku),
            **{name: getattr(line, name) for name in (*ROUND_COUNTS, "biggest_win")},
            biggest_hand=line.biggest_hand,
        )
        for seat, line in enumerate(lines)
    ]
    for game, line in zip(games, lines):
        game.ron_from = line.ron_from  # for the encounters; not stored on the game
    return games


def encounters(games: list[PlayerGame]) -> list[Encounter]:
    """Return the twelve ordered pairs of a session's four games."""
    by_seat = {g.seat: g for g in games}
    return [
        Encounter(
            session_id=mine.session_id,
            player_id=mine.player_id,
            opponent_id=theirs.player_id,
            season_id=mine.season_id,
            ruleset_id=mine.ruleset_id,
            finished_at=mine.finished_at,
            place_difference=theirs.place - mine.place,
            ron_won=mine.ron_from.get(theirs.seat, 0),
            ron_lost=theirs.ron_from.get(mine.seat, 0),
        )
        for mine in games
        for theirs in by_seat.values()
        if theirs is not mine
    ]


def rerate(*, since: tuple[dt.datetime, int] | None = None, also: Iterable[int] = ()) -> None:
    """Replay the ratings of every game from ``since`` (finished_at, session id) on.

    Only the games at or after ``since`` are rated again, starting from each
    player's ratings after their last earlier game; ``also`` names players whose
    current rating must be rewritten even if they have no later game.
    """
    later = PlayerGame.objects.chronological()
    earlier = PlayerGame.objects.all()
    if since is not None:
        at, pk = since
        after = Q(finished_at__gt=at) | Q(finished_at=at, session_id__gte=pk)
        later, earlier = later.filter(after), earlier.exclude(after)
    changed = list(later.select_for_update() if since else later)
    player_ids = {g.player_id for g in changed} | set(also)
    states = last_states(earlier.filter(player_id__in=player_ids)) if since else {}
    rate_in_order(changed, states)
    PlayerGame.objects.bulk_update(changed, ["mu", "sigma", "tenhou_r", "number"], batch_size=500)
    store_ratings({pk: states[pk] for pk in player_ids if pk in states}, player_ids)


def last_states(games: PlayerGameQuerySet) -> dict[int, RatingState]:
    """Return each player's ratings after their last game among ``games``."""
    last = games.annotate(
        newest=Window(
            RowNumber(),
            partition_by=[F("player_id")],
            order_by=[F("finished_at").desc(), F("session_id").desc()],
        )
    ).filter(newest=1)
    return {g.player_id: g.rating_state for g in last.only("player_id", *RATING_FIELDS)}


RATING_FIELDS = ("mu", "sigma", "tenhou_r", "number")


def rate_in_order(games: list[PlayerGame], states: dict[int, RatingState]) -> list[PlayerGame]:
    """Rate chronological games (four per session) in place; update ``states``."""
    for _, group in groupby(games, key=lambda g: g.session_id):
        table = list(group)
        before = [states.get(g.player_id, RatingState()) for g in table]
        for game, state in zip(table, rate_game(before, [g.place for g in table])):
            game.mu, game.sigma, game.tenhou_r, game.number = (
                state.mu,
                state.sigma,
                state.tenhou_r,
                state.games,
            )
            states[game.player_id] = state
    return games


def store_ratings(states: dict[int, RatingState], player_ids: Iterable[int]) -> None:
    """Rewrite the current ratings of ``player_ids`` (removing those without games)."""
    Rating.objects.filter(player_id__in=list(player_ids)).delete()
    Rating.objects.bulk_create(
        Rating(player_id=pk, mu=s.mu, sigma=s.sigma, tenhou_r=s.tenhou_r, games=s.games)
        for pk, s in states.items()
    )


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
    place_counts: tuple[int, int, int, int]
    place_sum: int
    tobis: int
    recent: list[float]
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
    def fourth_rate(self) -> float:
        return self.place_rates[3]

    @property
    def tobi_rate(self) -> float:
        return self.tobis / self.games


def _rating_of(player: Player, system: str) -> tuple[float | None, float | None]:
    rating = getattr(player, "rating", None)
    if rating is None:
        return None, None
    if system == ClubSetting.RatingSystem.TENHOU:
        return rating.tenhou_r, None
    return rating.ordinal, rating.sigma


def _row(player: Player, sums: dict[str, Any], recent: list[float], system: str) -> Row:
    rating, uncertainty = _rating_of(player, system)
    counts = (sums["firsts"], sums["seconds"], sums["thirds"], sums["fourths"])
    return Row(
        player=player,
        games=sums["games"],
        total=round(sums["total"] or 0.0, 1),
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
    """Return the ranked rows of a scope: two queries for any number of players or games."""
    if scope.is_stored:
        standings = Standing.objects.filter(scope=scope.key, games__gte=max(min_games, 1))
        rows = [
            _row(s.player, {f: getattr(s, f) for f in SUM_FIELDS}, s.recent, system)
            for s in standings.select_related("player", "player__rating")
        ]
    else:
        games = PlayerGame.objects.in_scope(scope)
        sums = [row for row in games.totals() if row["games"] >= max(min_games, 1)]
        players = Player.objects.select_related("rating").in_bulk([r["player_id"] for r in sums])
        recent = games.filter(player_id__in=players).recent_results()
        rows = [
            _row(players[r["player_id"]], r, recent.get(r["player_id"], []), system) for r in sums
        ]
    return rank(rows, sort, descending)


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


def player_report(player: Player, scope: Scope) -> dict[str, Any]:
    """Return a player's numbers over a scope: sums, rates, history, head-to-head."""
    games = PlayerGame.objects.filter(player=player).in_scope(scope)
    totals = next(iter(games.totals()), None)
    if totals:
        totals["average_result"] = totals["total"] / totals["games"]
        totals["average_place"] = totals["place_sum"] / totals["games"]
        totals["places"] = [totals[k] for k in ("firsts", "seconds", "thirds", "fourths")]
    sums = games.round_totals()
    history = list(
        games.chronological().values_list(
            "finished_at", "result", "mu", "sigma", "tenhou_r", "place"
        )
    )
    biggest = games.filter(biggest_win__gt=0).order_by("-biggest_win", "finished_at").first()
    head_to_head = list(Encounter.objects.filter(player=player).in_scope(scope).head_to_head())
    return {
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
