"""Seating for club nights and tournaments: who sits at which table, in which seat, each round.

Pure Python, no Django. Players are opaque ids (ints). A round is drawn from the players
checked in for it and the event's earlier rounds (``history``: the ``Draw`` of each round,
East first at each table), by one of four methods:

- ``random``: tables drawn at random.
- ``swiss``: players in order of event standing (best first, ties drawn), four at a time.
- ``fewest_repeats``: as few repeated opponents as the search finds (``repeat_count``).
- ``prescripted``: exactly as an uploaded plan says (``parse_prescript``).

In an event played in teams, ``random`` and ``fewest_repeats`` also keep teammates apart: a
pair of teammates at one table costs as much as a thousand repeated meetings, so teammates
share a table only when their team has more players than there are tables.

When the count does not divide into tables, ``sit_out="rotate"`` sits out those who have sat
out fewest times so far (then those who have played most rounds, then drawn);
``sit_out="sanma"`` (at four-player tables) makes some tables of three instead, which is
possible for every count but 1, 2 and 5 (for those it rotates, and the draw's ``note`` says so).

Seats: at each table East goes to the player who is owed East most, where a player is owed a
quarter of an East for each round played at a table of four (a third at a table of three),
less the Easts they had; South, West and North go to those who sat there least. For ``random``
and ``fewest_repeats`` the tables are also formed so that the players owed East most this
round sit at different tables (one per table) and each of them sits East. Guarantee: in an
event whose tables all have the same size, seated with those two methods, any two players who
were seated in exactly the same rounds have sat East a number of times differing by at most 1
(so, with full attendance and nobody sitting out, every player's Easts are within 1 of every
other's). Players seated in as many rounds, but not the same ones, usually are within 1 too
(in the bench's events with late arrivals they are); with a handful of players whose
attendance changes every round a spread of 2 can happen. Swiss and prescripted tables are
fixed by the standings or the plan, so there only the choice of East within each table is fair.

Everything random goes through the ``rng`` passed in: the same seed gives the same draw.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from events.errors import NotCheckedInError, PrescriptError, SeatingError
from events.grouping import east_designates, group_fewest_repeats, meeting_counts
from events.grouping import repeat_count as _repeat_count
from events.messages import Message, message
from events.prescript import Tables, parse_prescript

__all__ = [
    "Draw",
    "Method",
    "NotCheckedInError",
    "PrescriptError",
    "SeatingError",
    "SitOut",
    "draw_round",
    "parse_prescript",
    "repeat_count",
    "table_sizes",
]

Method = Literal["random", "swiss", "fewest_repeats", "prescripted"]
SitOut = Literal["rotate", "sanma"]
METHODS = ("random", "swiss", "fewest_repeats", "prescripted")

TEAMMATES = 1000  # two teammates at one table cost as much as a thousand repeated meetings
EAST_SHARE = 12  # one East, in twelfths: a round at four earns 3 of them, a round at three 4


@dataclass(frozen=True)
class Draw:
    """One round's seating: ``tables`` in table order, each East, South, West(, North)."""

    tables: Tables
    sitting_out: tuple[int, ...] = ()
    note: Message | None = None  # said when the round could not be seated as asked


def draw_round(
    players: Collection[int],
    *,
    history: Sequence[Draw] = (),
    standings: Mapping[int, float] | None = None,
    method: Method,
    seats: int = 4,
    rng: random.Random,
    sit_out: SitOut = "rotate",
    prescript: Mapping[int, Tables] | None = None,
    teams: Mapping[int, object] | None = None,
) -> Draw:
    """Return the seating of the event's next round (round ``len(history) + 1``).

    ``standings`` (player -> event total; missing players count 0) is read by ``swiss``;
    ``prescript`` (from ``parse_prescript``) by ``prescripted``, whose round seats exactly
    the plan's tables: the checked-in players it leaves out sit out. ``teams`` (player ->
    team; players without one are missing) is read by ``random`` and ``fewest_repeats``,
    which keep teammates at different tables wherever the count of tables allows.

    >>> standings = {player: 10 * player for player in range(1, 10)}
    >>> draw = draw_round(range(1, 10), method="swiss", standings=standings, rng=random.Random(4))
    >>> draw.tables, draw.sitting_out
    (((6, 9, 8, 7), (3, 1, 4, 5)), (2,))
    >>> str(draw_round(range(1, 6), method="random", sit_out="sanma", rng=random.Random(1)).note)
    '5 players cannot all play at tables of four and three, so 1 sits out'
    """
    checked_in = _checked_in(players)
    _check_options(method, seats, sit_out)
    if method == "prescripted":
        return _follow_prescript(checked_in, len(history) + 1, prescript, seats, sit_out)
    sizes = table_sizes(len(checked_in), seats=seats, sit_out=sit_out)
    out = _choose_sitting_out(checked_in, len(checked_in) - sum(sizes), history, rng)
    seated = [p for p in checked_in if p not in out]
    owed = _east_owed(history)
    if method == "swiss":
        groups = _group_swiss(seated, sizes, standings or {}, rng)
    else:
        ranks = _east_ranks(seated, owed, len(sizes))
        earlier = history if method == "fewest_repeats" else ()
        groups = _group_apart(seated, sizes, ranks, _costs(seated, earlier, teams or {}), rng)
    seat_counts = _seat_counts(history)
    tables = tuple(_seat(group, owed, seat_counts, rng) for group in groups)
    return Draw(tables, tuple(sorted(out)), _note(len(checked_in), seats, sit_out, sizes))


def table_sizes(count: int, *, seats: int = 4, sit_out: SitOut = "rotate") -> tuple[int, ...]:
    """Return the sizes of the tables for ``count`` players, largest first; the players
    left over sit out. With ``sit_out="sanma"`` as few tables of three as make everybody
    play, if any do.

    >>> table_sizes(10), table_sizes(10, sit_out="sanma"), table_sizes(5, sit_out="sanma")
    ((4, 4), (4, 3, 3), (4,))
    """
    if sit_out == "sanma" and seats == 4:
        threes = -count % 4
        if count >= 3 * threes:
            return (4,) * ((count - 3 * threes) // 4) + (3,) * threes
    return (seats,) * (count // seats)


def repeat_count(draw: Draw, history: Sequence[Draw]) -> int:
    """Return the draw's repeated opponents: over the pairs at its tables, how many earlier
    rounds of the event each pair already met in (a pair that met twice before counts 2).

    >>> first = Draw(((1, 2, 3, 4),))
    >>> repeat_count(Draw(((1, 2, 5, 6),)), [first]), repeat_count(first, [first, first])
    (1, 12)
    """
    players = sorted({p for table in draw.tables for p in table})
    met = meeting_counts(_earlier_tables(history), players)
    number = {player: i for i, player in enumerate(players)}
    return _repeat_count([[number[p] for p in table] for table in draw.tables], met)


def _checked_in(players: Collection[int]) -> list[int]:
    counts = Counter(players)
    twice = sorted(p for p, n in counts.items() if n > 1)
    if twice:
        raise SeatingError("checked_in_twice", player=twice[0])
    return sorted(counts)


def _check_options(method: str, seats: int, sit_out: str) -> None:
    if method not in METHODS:
        raise SeatingError("unknown_method", method=method, methods=", ".join(METHODS))
    if seats not in (3, 4):
        raise SeatingError("bad_seats", seats=seats)
    if sit_out not in ("rotate", "sanma"):
        raise SeatingError("bad_sit_out", sit_out=sit_out)
    if sit_out == "sanma" and seats == 3:
        raise SeatingError("sanma_needs_four")


def _note(count: int, seats: int, sit_out: str, sizes: Sequence[int]) -> Message | None:
    left = count - sum(sizes)
    if sit_out == "sanma" and left:
        return message("sanma_not_possible", count=count, left=left)
    return None


def _earlier_tables(history: Sequence[Draw]) -> list[tuple[int, ...]]:
    return [table for draw in history for table in draw.tables]


def _choose_sitting_out(
    players: Sequence[int], count: int, history: Sequence[Draw], rng: random.Random
) -> set[int]:
    sat_out = Counter(p for draw in history for p in draw.sitting_out)
    played = Counter(p for table in _earlier_tables(history) for p in table)
    order = list(players)
    rng.shuffle(order)
    order.sort(key=lambda p: (sat_out[p], -played[p]))
    return set(order[:count])


def _east_owed(history: Sequence[Draw]) -> Counter[int]:
    # In twelfths of an East: each round played adds the table's share, each East takes one.
    owed: Counter[int] = Counter()
    for table in _earlier_tables(history):
        for player in table:
            owed[player] += EAST_SHARE // len(table)
        owed[table[0]] -= EAST_SHARE
    return owed


def _east_ranks(seated: Sequence[int], owed: Mapping[int, int], tables: int) -> list[int]:
    # 2: owed more than the table count's worth of others, so must sit East; 1: tied at the
    # cut, so may; 0: may not. Any choice of all 2s and enough 1s are the players owed most.
    if not tables:
        return [0] * len(seated)
    cut = sorted((owed[p] for p in seated), reverse=True)[tables - 1]
    return [2 if owed[p] > cut else int(owed[p] == cut) for p in seated]


def _costs(
    seated: Sequence[int], history: Sequence[Draw], teams: Mapping[int, object]
) -> list[list[int]] | None:
    """Return what each pair of seated players costs at one table: the earlier rounds they
    met in, and TEAMMATES more for teammates; None when nothing costs (a plain random draw)."""
    met = meeting_counts(_earlier_tables(history), seated)
    team = [teams.get(player) for player in seated]
    for i, j in itertools.combinations(range(len(seated)), 2):
        if team[i] is not None and team[i] == team[j]:
            met[i][j] += TEAMMATES
            met[j][i] += TEAMMATES
    return met if any(map(any, met)) else None


def _group_apart(
    seated: Sequence[int],
    sizes: Sequence[int],
    ranks: Sequence[int],
    costs: list[list[int]] | None,
    rng: random.Random,
) -> list[list[int]]:
    """Return the tables of the cheapest layout the search finds (at random when no pair
    costs anything)."""
    if not sizes:
        return []
    if costs is None:
        return _group_random(seated, sizes, ranks, rng)
    return [[seated[i] for i in table] for table in group_fewest_repeats(costs, sizes, ranks, rng)]


def _group_random(
    seated: Sequence[int], sizes: Sequence[int], ranks: Sequence[int], rng: random.Random
) -> list[list[int]]:
    order = list(range(len(seated)))
    rng.shuffle(order)
    easts = east_designates(order, ranks, len(sizes))
    rng.shuffle(easts)
    chosen = set(easts)
    rest = iter([i for i in order if i not in chosen])
    return [
        [seated[i] for i in (east, *itertools.islice(rest, size - 1))]
        for east, size in zip(easts, sizes)
    ]


def _group_swiss(
    seated: Sequence[int], sizes: Sequence[int], standings: Mapping[int, float], rng: random.Random
) -> list[list[int]]:
    order = list(seated)
    rng.shuffle(order)
    order.sort(key=lambda p: -standings.get(p, 0))
    starts = itertools.accumulate(sizes, initial=0)
    return [order[start : start + size] for start, size in zip(starts, sizes)]


def _seat_counts(history: Sequence[Draw]) -> Counter[tuple[int, int]]:
    return Counter(
        (player, seat) for table in _earlier_tables(history) for seat, player in enumerate(table)
    )


def _seat(
    group: Sequence[int],
    owed: Mapping[int, int],
    seat_counts: Mapping[tuple[int, int], int],
    rng: random.Random,
) -> tuple[int, ...]:
    # East to the player owed it most (ties drawn); the other seats to whoever sat there
    # least, over the whole table (the first such order of a drawn order, on a tie).
    order = list(group)
    rng.shuffle(order)
    east = max(order, key=lambda p: owed[p])
    others = [p for p in order if p != east]
    rest = min(
        itertools.permutations(others),
        key=lambda seating: sum(seat_counts[p, seat] for seat, p in enumerate(seating, start=1)),
    )
    return (east, *rest)


def _follow_prescript(
    checked_in: Sequence[int],
    number: int,
    prescript: Mapping[int, Tables] | None,
    seats: int,
    sit_out: str,
) -> Draw:
    if prescript is None or number not in prescript:
        raise SeatingError("plan_has_no_round", round=number)
    tables = tuple(tuple(table) for table in prescript[number])
    allowed = {seats, 3} if sit_out == "sanma" else {seats}
    seated = [p for table in tables for p in table]
    if any(len(table) not in allowed for table in tables) or len(set(seated)) < len(seated):
        raise SeatingError("plan_round_wrong_tables", round=number, seats=seats)
    present = set(checked_in)
    for player in seated:
        if player not in present:
            raise NotCheckedInError(player, number)
    return Draw(tables, tuple(p for p in checked_in if p not in set(seated)))
