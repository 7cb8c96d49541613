"""The leaderboard and a player's page, read from the aggregates (``standings.models``):
each player's games, total, places, averages, rates and rating in a scope (all time, a
season, a ruleset, or dates), sorted by any column with ties sharing a rank, and the
yaku a set of games scored. Four-player and three-player games are never mixed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ledger.models import Player
from ledger.numbers import rounded_float
from standings.models import (
    ClubSetting,
    Encounter,
    PlayerGame,
    PlayerGameQuerySet,
    Rating,
    SeasonRating,
    Standing,
)
from standings.scopes import ALL_TIME_KEYS, PLAYER_COUNTS, Scope


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
    """Return a player's numbers over a scope: sums, rates, history, head-to-head (zeros
    where they have no games; averages and rates None where there is nothing to divide)."""
    games = PlayerGame.objects.filter(player=player).in_scope(scope)
    totals = next(iter(games.totals()), None) or _no_totals(player)
    totals["total"] = rounded_float(totals["total"] or 0.0, 1)  # as the leaderboard shows it
    totals["average_result"] = ratio(totals["total"], totals["games"])
    totals["average_place"] = ratio(totals["place_sum"], totals["games"])
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


def _no_totals(player: Player) -> dict[str, Any]:
    """Return the sums of a player without games in scope: zeros, in the shape of
    ``PlayerGameQuerySet.totals``."""
    return {"player_id": player.pk, **dict.fromkeys(SUM_FIELDS, 0), "total": 0.0}


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
