"""The club's whole picture over a scope, and a player's achievements.

``club_report`` reads a fixed number of queries whatever the club's size: the most
active players (``Standing``) and their matrix (``Encounter``), then the seats, hand
values and yaku: from ``ClubTally`` for a stored scope (recounted with its standings,
``store_tallies``), else summed from ``PlayerGame`` and ``WinHand`` over the dates.
``achievements`` adds two queries to a player's page.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.db.models import Avg, Count, F, Q, Sum
from django.db.models.functions import Lower, TruncDate
from django.utils import timezone

from ledger.models import Player
from standings.models import ClubTally, Encounter, PlayerGame, Standing, WinHand
from standings.scopes import Scope

MATRIX_SIZE = 8  # the most active players in the head-to-head matrix
LIMIT_BUCKETS = ("mangan", "haneman", "baiman", "sanbaiman", "yakuman")
HAND_BUCKETS = ("1", "2", "3", "4", *LIMIT_BUCKETS)  # han below mangan, then the limits
TOP_TWO = 2


def hand_bucket(limit: str, han: int) -> str:
    """Return the histogram bar of a win: its limit, else its han (1 to 4).

    >>> hand_bucket("none", 3), hand_bucket("mangan", 4), hand_bucket("yakuman", 0)
    ('3', 'mangan', 'yakuman')
    """
    return limit if limit in LIMIT_BUCKETS else str(min(max(han, 1), 4))


@dataclass(frozen=True)
class Cell:
    """What one player did against one opponent: ``place_difference`` is the opponent's
    place minus the player's, averaged; ``ron_won`` what the player took from them by ron."""

    games: int
    place_difference: float
    ron_won: int


@dataclass(frozen=True)
class SeatLine:
    """The games played from one starting seat (0: the first dealer). ``average_gain`` is
    the final score minus the starting points, averaged: games of rulesets that start
    with 25,000 and 30,000 points compare."""

    seat: int
    games: int
    average_gain: float
    average_place: float
    places: tuple[int, ...]  # 1st to 4th, or to 3rd in three-player games

    @property
    def shown_gain(self) -> int:
        """Return the average gain as the page shows it: whole points."""
        return round(self.average_gain)

    @property
    def place_rates(self) -> list[float]:
        return [count / self.games for count in self.places]


def most_active(scope: Scope, *, min_games: int, size: int = MATRIX_SIZE) -> list[Player]:
    """Return the players with the most games in scope (at least ``min_games``), most first
    (as many: by name, ignoring case)."""
    least = max(min_games, 1)
    if scope.is_stored:
        rows = Standing.objects.filter(scope=scope.key, games__gte=least)
        found = rows.order_by("-games", Lower("player__name"), "player_id").select_related("player")
        return [standing.player for standing in found[:size]]
    counts = (
        PlayerGame.objects.in_scope(scope)
        .values("player_id")
        .annotate(games=Count("id"))
        .filter(games__gte=least)
        .order_by("-games", Lower("player__name"), "player_id")[:size]
    )
    ids = [row["player_id"] for row in counts]
    players = Player.objects.in_bulk(ids)
    return [players[pk] for pk in ids]


def matrix(scope: Scope, players: list[Player]) -> list[tuple[Player, list[Cell | None]]]:
    """Return one row per player: their cell against each player in turn (None: never met,
    or themselves)."""
    ids = [player.pk for player in players]
    rows = (
        Encounter.objects.in_scope(scope)
        .filter(player_id__in=ids, opponent_id__in=ids)
        .values("player_id", "opponent_id")
        .annotate(games=Count("id"), place_difference=Avg("place_difference"), ron=Sum("ron_won"))
    )
    cells = {
        (row["player_id"], row["opponent_id"]): Cell(
            row["games"], row["place_difference"], row["ron"] or 0
        )
        for row in rows
    }
    return [(player, [cells.get((player.pk, pk)) for pk in ids]) for player in players]


def seat_lines(scope: Scope) -> list[SeatLine]:
    """Return the places and average gain of the games played from each starting seat."""
    places = range(1, scope.players + 1)
    rows = (
        PlayerGame.objects.in_scope(scope)
        .values("seat")
        .annotate(
            games=Count("id"),
            average_gain=Avg(F("score") - F("start_points")),
            average_place=Avg("place"),
            **{f"p{n}": Count("id", filter=Q(place=n)) for n in places},
        )
        .order_by("seat")
    )
    return [
        SeatLine(
            seat=row["seat"],
            games=row["games"],
            average_gain=row["average_gain"],
            average_place=row["average_place"],
            places=tuple(row[f"p{n}"] for n in places),
        )
        for row in rows
    ]


def hand_values(scope: Scope) -> list[tuple[str, int]]:
    """Return how many wins fall in each bar of the hand-value histogram, in bar order."""
    counts: Counter[str] = Counter()
    grouped = WinHand.objects.in_scope(scope).values("limit", "han").annotate(wins=Count("id"))
    for row in grouped.order_by():
        counts[hand_bucket(row["limit"], row["han"])] += row["wins"]
    return [(bucket, counts[bucket]) for bucket in HAND_BUCKETS]


def yaku_frequencies(scope: Scope) -> tuple[list[tuple[str, int]], int]:
    """Return each yaku and the wins it was part of (most frequent first), and the number
    of wins whose yaku are known: entered as tiles, or by their yaku on the checklist (a
    win given as han/fu or yakuman alone names none)."""
    counts: Counter[str] = Counter()
    known = 0
    for yaku in WinHand.objects.in_scope(scope).exclude(yaku=[]).values_list("yaku", flat=True):
        counts.update(set(yaku))
        known += 1
    return sorted(counts.items(), key=lambda item: (-item[1], item[0])), known


def club_report(scope: Scope, *, min_games: int, size: int = MATRIX_SIZE) -> dict[str, Any]:
    """Return the club's picture over a scope (three to five queries, whatever its size)."""
    players = most_active(scope, min_games=min_games, size=size)
    if scope.is_stored:
        seats, values, (yaku, known) = read_tallies(scope)
    else:
        seats, values, (yaku, known) = (
            seat_lines(scope),
            hand_values(scope),
            yaku_frequencies(scope),
        )
    return {
        "players": players,
        "matrix": matrix(scope, players) if players else [],
        "seats": seats,
        "hand_values": values,
        "wins": sum(count for _, count in values),
        "yaku": yaku,
        "known_hands": known,
    }


def count_tallies(scope: Scope) -> list[ClubTally]:
    """Return the club page's counts of a scope, summed from its games and wins (unsaved)."""
    rows = [
        ClubTally(scope=scope.key, kind="seat", key=str(line.seat), count=line.games,
                  gain_sum=round(line.average_gain * line.games),
                  place_sum=round(line.average_place * line.games), places=list(line.places))
        for line in seat_lines(scope)
    ]  # fmt: skip
    rows += [
        ClubTally(scope=scope.key, kind="value", key=bucket, count=count)
        for bucket, count in hand_values(scope)
        if count
    ]
    yaku, known = yaku_frequencies(scope)
    rows += [ClubTally(scope=scope.key, kind="yaku", key=name, count=n) for name, n in yaku]
    if known:  # an empty scope keeps no rows (a rebuild from scratch leaves none either)
        rows.append(ClubTally(scope=scope.key, kind="known", key="", count=known))
    return rows


def read_tallies(
    scope: Scope,
) -> tuple[list[SeatLine], list[tuple[str, int]], tuple[list[tuple[str, int]], int]]:
    """Return the seats, hand values and yaku of a stored scope from its tallies (one query)."""
    tallies = list(ClubTally.objects.filter(scope=scope.key))
    seats = sorted(
        (
            SeatLine(int(t.key), t.count, t.gain_sum / t.count, t.place_sum / t.count,
                     tuple(t.places))  # type: ignore[arg-type]
            for t in tallies
            if t.kind == "seat" and t.count
        ),
        key=lambda line: line.seat,
    )  # fmt: skip
    values = {t.key: t.count for t in tallies if t.kind == "value"}
    yaku = sorted(((t.key, t.count) for t in tallies if t.kind == "yaku"),
                  key=lambda item: (-item[1], item[0]))  # fmt: skip
    known = sum(t.count for t in tallies if t.kind == "known")
    return seats, [(bucket, values.get(bucket, 0)) for bucket in HAND_BUCKETS], (yaku, known)


# --- achievements -----------------------------------------------------------------


@dataclass(frozen=True)
class Streak:
    """The longest run of games finished first or second, and its first and last dates."""

    games: int
    starts: dt.datetime | None = None
    ends: dt.datetime | None = None


def top_two_streak(places: list[tuple[dt.datetime, int]]) -> Streak:
    """Return the longest run of top-two places in chronological (date, place) pairs
    (the earliest such run when two are as long).

    >>> at = dt.datetime(2026, 1, 1)
    >>> top_two_streak([(at, 1), (at, 2), (at, 3), (at, 2)]).games
    2
    """
    best, run_start, run = Streak(0), None, 0
    for at, place in places:
        if place > TOP_TWO:
            run = 0
            continue
        run_start = at if run == 0 else run_start
        run += 1
        if run > best.games:
            best = Streak(run, run_start, at)
    return best


def achievements(player: Player, scope: Scope, history: list[tuple[Any, ...]]) -> dict[str, Any]:
    """Return a player's first yakuman, most wins in one club night (a local date in the
    club's time zone) and longest top-two streak in scope (two queries; the streak comes
    from ``history``, the player's games as ``player_report`` reads them)."""
    wins = WinHand.objects.filter(player=player).in_scope(scope)
    yakuman = wins.filter(limit="yakuman").order_by("finished_at", "session_id").first()
    zone = timezone.get_current_timezone()
    nights = (
        wins.annotate(night=TruncDate("finished_at", tzinfo=zone))
        .values("night")
        .annotate(wins=Count("id"))
        .order_by("-wins", "night")
    )
    night = nights.first()
    return {
        "first_yakuman": yakuman,
        "best_night": night,
        "streak": top_two_streak([(row[0], row[5]) for row in history]),
    }
