"""Seating quality and speed: repeated opponents against a lower bound, East balance, time.

For 16, 40 and 100 players over 8 rounds at tables of four, ``fewest_repeats`` and (for
reference) ``random`` seating each draw several events in which every player checks in for
every round (in a random order), and one event per size in which 3 players arrive for round 3
and 3 others leave after round 6 (so some rounds have players sitting out). Printed: the
event's repeated opponents against the lower bound, after each round and in all; the East
spread; the time per draw (median and max). Goals (issue): at the bound or within 1 of it for
40 players, East spread at most 1, under 1 s per draw for 100 players.
Run: ``.venv/bin/python -m bench.seating``.

Repeated opponents of an event: the sum over its rounds of ``events.seating.repeat_count``,
which counts each pair at a table once for every earlier round in which they already met. A
pair that shares a table in m rounds so adds 0 + 1 + … + (m - 1) = C(m, 2).

Lower bound (``lower_bound``), given who was seated in each round and how many tables there
were. For a player p, let k_p be the table-mates p meets over the event: at least the sum,
over the rounds p was seated, of the round's smallest table size less one. For another player
q, let m_pq be the rounds p and q shared a table and c_pq the rounds both were seated; then
m_pq <= c_pq and the sum over q of m_pq is at least k_p. The least possible sum over q of
C(m_pq, 2) under those constraints, B_p, comes from filling levels, since C(m, 2) grows by
0, 1, 2, … as m grows by one: meet as many others as possible once (cost 0), then as many as
may be met twice a second time (cost 1 each), and so on until k_p meetings are placed. Each
pair's C(m_pq, 2) is counted by both of its players, so the event's repeated opponents are
at least the sum of B_p over the players, halved and rounded up. With everybody seated in r
rounds at tables of four, k = 3r meetings among n - 1 others give
B = (n - 1) C(a, 2) + b a with a, b = divmod(3r, n - 1): for 16 players and 8 rounds, 24 = 15 + 9
meetings cost 9 per player, 72 in all; for 40 and 100 players 24 <= n - 1 and the bound is 0.
``tests/test_seating.py`` checks the bound against every seating of tiny events.

East spread: the most Easts of a player less the fewest, over all players, and (for the event
with late arrivals) over players who were seated in the same number of rounds.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from events.seating import Draw, Method, draw_round, repeat_count

SIZES = (16, 40, 100)
ROUNDS = 8
EVENTS = 5
METHODS: tuple[Method, ...] = ("fewest_repeats", "random")
LATE, EARLY = 3, 3  # players arriving for round 3, players leaving after round 6
LONG = (24, 28)  # a long event of 100: after round 24 no round is free of repeats


@dataclass(frozen=True)
class Event:
    """One event's draws and the time each took (seconds)."""

    rounds: tuple[Draw, ...]
    seconds: tuple[float, ...]


def lower_bound(rounds: Sequence[Draw]) -> int:
    """Return the least repeated opponents of any seating of the same players in the same
    rounds at the same number of tables (see the module's docstring).

    >>> lower_bound([Draw(((1, 2, 3, 4),))] * 2), lower_bound([Draw(((1, 2, 3, 4), (5, 6, 7, 8)))])
    (6, 0)
    """
    rounds_of: defaultdict[int, list[int]] = defaultdict(list)
    mates: Counter[int] = Counter()
    for number, draw in enumerate(rounds):
        smallest = min((len(table) for table in draw.tables), default=1)
        for player in (p for table in draw.tables for p in table):
            rounds_of[player].append(number)
            mates[player] += smallest - 1
    seated = [{p for table in draw.tables for p in table} for draw in rounds]
    total = 0
    for player, numbers in rounds_of.items():
        shared = Counter(q for number in numbers for q in seated[number] if q != player)
        total += _least_cost(mates[player], sorted(shared.values()))
    return (total + 1) // 2


def _least_cost(meetings: int, caps: Sequence[int]) -> int:
    # Level by level: at level L every other player who may still be met (cap > L) is met
    # once more, each such meeting costing L, until all meetings are placed.
    cost, level = 0, 0
    while meetings > 0:
        room = sum(cap > level for cap in caps)
        placed = min(meetings, room)
        cost += placed * level
        meetings -= placed
        level += 1
    return cost


def east_spreads(rounds: Sequence[Draw]) -> tuple[int, int]:
    """Return the East spread over all players, and the largest over players seated in the
    same number of rounds.

    >>> east_spreads([Draw(((1, 2, 3, 4),)), Draw(((1, 2, 3, 4),)), Draw(((2, 1, 3, 4),))])
    (2, 2)
    """
    easts: Counter[int] = Counter(table[0] for draw in rounds for table in draw.tables)
    played: Counter[int] = Counter(p for draw in rounds for table in draw.tables for p in table)
    by_played: defaultdict[int, list[int]] = defaultdict(list)
    for player, count in played.items():
        by_played[count].append(easts[player])
    overall = [easts[p] for p in played]
    return max(overall) - min(overall), max(max(e) - min(e) for e in by_played.values())


def run_event(method: Method, seed: int, attendance: Callable[[int], list[int]]) -> Event:
    """Return the event drawn with ``method`` for the players ``attendance(round)`` gives."""
    rng = random.Random(seed)
    rounds: list[Draw] = []
    seconds = []
    for number in range(1, ROUNDS + 1):
        players = attendance(number)
        rng.shuffle(players)
        started = time.perf_counter()
        rounds.append(draw_round(players, history=rounds, method=method, rng=rng))
        seconds.append(time.perf_counter() - started)
    return Event(tuple(rounds), tuple(seconds))


def repeats_by_round(rounds: Sequence[Draw]) -> list[int]:
    """Return the event's repeated opponents after each round (running totals)."""
    totals, total = [], 0
    for number, draw in enumerate(rounds):
        total += repeat_count(draw, rounds[:number])
        totals.append(total)
    return totals


def _everybody(size: int) -> Callable[[int], list[int]]:
    return lambda number: list(range(size))


def _late_and_early(size: int) -> Callable[[int], list[int]]:
    late, early = range(LATE), range(LATE, LATE + EARLY)

    def attendance(number: int) -> list[int]:
        absent = late if number < 3 else early if number > 6 else range(0)
        return [p for p in range(size) if p not in absent]

    return attendance


@dataclass(frozen=True)
class Row:
    """What one line of the report shows."""

    over_bound: int  # the most an event's repeated opponents exceed its bound
    east_spread: int  # the largest East spread, over all players and same-rounds groups
    slowest: float  # seconds


def _report(size: int, method: Method, label: str, events: Sequence[Event]) -> Row:
    running = [repeats_by_round(e.rounds) for e in events]
    bounds = [[lower_bound(e.rounds[:n]) for n in range(1, ROUNDS + 1)] for e in events]
    gaps = [r[-1] - b[-1] for r, b in zip(running, bounds)]
    worst = max(range(len(events)), key=lambda i: gaps[i])
    by_round = " ".join(f"{r}/{b}" for r, b in zip(running[worst], bounds[worst]))
    spreads = [east_spreads(e.rounds) for e in events]
    seconds = [s for e in events for s in e.seconds]
    totals = " ".join(str(r[-1]) for r in running)
    print(
        f"{size:>4} {method:<14} {label:<12} {totals:<19} {bounds[worst][-1]:>5} {max(gaps):>4}"
        f"  {max(s[0] for s in spreads)} ({max(s[1] for s in spreads)})"
        f"  {statistics.median(seconds) * 1000:6.1f} {max(seconds) * 1000:6.1f}  {by_round}",
        flush=True,
    )
    return Row(max(gaps), max(max(s) for s in spreads), max(seconds))


def main() -> None:
    """Print, per size and method, the repeated opponents, East spread and draw times."""
    print(
        f"seating: {ROUNDS} rounds at tables of four. everybody: {EVENTS} events, all players "
        f"checked in every round; late & early: {LATE} arrive for round 3, {EARLY} leave "
        "after round 6.\nrepeats: each event's repeated opponents; bound: the lower bound (of "
        "the worst event); over: the most an event is over its bound; East: spread over all "
        "players (over players seated in as many rounds); ms: per draw, median and max; "
        "by round: the worst event's running repeats/bound"
    )
    print(
        f"{'':>4} {'method':<14} {'attendance':<12} {'repeats':<19} {'bound':>5} {'over':>4}"
        f"  East  {'median':>6} {'max ms':>6}  by round"
    )
    rows: dict[tuple[int, str, str], Row] = {}
    for size in SIZES:
        for method in METHODS:
            events = [run_event(method, seed, _everybody(size)) for seed in range(EVENTS)]
            rows[size, method, "everybody"] = _report(size, method, "everybody", events)
            late = [run_event(method, 99, _late_and_early(size))]
            rows[size, method, "late"] = _report(size, method, "late & early", late)
    _print_goals(rows)
    print(_long_event())


def _long_event() -> str:
    # The search stops early once a round reaches its own lower bound (every round of the
    # 8-round events of 100 does); late in a long event it rarely can, and runs its budget.
    rng = random.Random(7)
    rounds: list[Draw] = []
    seconds = []
    for number in range(1, LONG[1] + 1):
        started = time.perf_counter()
        rounds.append(draw_round(range(100), history=rounds, method="fewest_repeats", rng=rng))
        if number > LONG[0]:
            seconds.append(time.perf_counter() - started)
    return (
        f"100 players, rounds {LONG[0] + 1}-{LONG[1]} of a long event (the search's whole budget): "
        f"per draw median {statistics.median(seconds) * 1000:.0f} ms, max {max(seconds) * 1000:.0f} ms; "
        f"repeats {repeats_by_round(rounds)[-1]}, bound {lower_bound(rounds)}"
    )


def _print_goals(rows: dict[tuple[int, str, str], Row]) -> None:
    fewest = {key: row for key, row in rows.items() if key[1] == "fewest_repeats"}
    over = max(row.over_bound for key, row in fewest.items() if key[0] == 40)
    spread = max(row.east_spread for row in fewest.values())
    slowest = max(row.slowest for key, row in fewest.items() if key[0] == 100)
    print(
        f"goals (fewest_repeats): 40 players within 1 of the bound: {_yes(over <= 1)} "
        f"(most over {over}); East spread at most 1: {_yes(spread <= 1)} (largest {spread}); "
        f"a draw for 100 players under 1 s: {_yes(slowest < 1)} (slowest {slowest * 1000:.1f} ms)"
    )


def _yes(met: bool) -> str:
    return "met" if met else "MISSED"


if __name__ == "__main__":
    main()
