"""Fewest repeated opponents: split a round's players into tables so that few pairs meet again.

Players are numbered 0 … n-1 here (``seating`` maps ids to these numbers). ``met[i][j]`` is how
many earlier rounds of the event sat i and j at one table. The repeat count of a round is the
sum of ``met`` over the pairs at its tables: a pair that met once before counts 1, a pair that
met twice before counts 2, a pair meeting for the first time 0.

The search also keeps the rule that makes East fair (see ``seating``): each player has an
East rank, 2 (must sit East this round), 1 (may) or 0 (may not); every table holds at most one
rank-2 player and at least one player of rank 1 or 2.

The search is a tabu search on swaps of two players between tables, started from a greedy
layout and restarted a few times. It is bounded by a number of steps, not by time, so that the
same seed gives the same seating on any machine.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Iterable, Sequence

Met = Sequence[Sequence[int]]

RESTARTS = 3
STEPS = 900  # swaps tried per restart: 100 players take well under a second in all


def meeting_counts(tables: Iterable[Sequence[int]], players: Sequence[int]) -> list[list[int]]:
    """Return ``met``: how many of ``tables`` held ``players[i]`` and ``players[j]`` together.

    >>> meeting_counts([(7, 8, 9, 5), (7, 8, 1, 2)], [7, 8, 9])
    [[0, 2, 1], [2, 0, 1], [1, 1, 0]]
    """
    number = {player: i for i, player in enumerate(players)}
    met = [[0] * len(players) for _ in players]
    for table in tables:
        present = [number[p] for p in table if p in number]
        for i in present:
            for j in present:
                met[i][j] += i != j
    return met


def repeat_count(tables: Iterable[Sequence[int]], met: Met) -> int:
    """Return the round's repeat count: ``met`` summed over the pairs at each table.

    >>> repeat_count([[0, 1, 2]], [[0, 2, 1], [2, 0, 1], [1, 1, 0]])
    4
    """
    return sum(met[a][b] for table in tables for i, a in enumerate(table) for b in table[i + 1 :])


def least_repeats(met: Met, smallest_table: int) -> int:
    """Return a lower bound of any round's repeat count: each player's ``smallest_table - 1``
    least-met others, summed over the players and halved (each pair is counted by both).

    >>> least_repeats([[0, 2, 1], [2, 0, 1], [1, 1, 0]], 3)
    4
    """
    mates = smallest_table - 1
    total = 0
    for i, row in enumerate(met):
        others = [count for j, count in enumerate(row) if j != i]
        total += sum(heapq.nsmallest(mates, others))
    return (total + 1) // 2


def group_fewest_repeats(
    met: Met, sizes: Sequence[int], ranks: Sequence[int], rng: random.Random
) -> list[list[int]]:
    """Return tables of the given sizes (players 0 … n-1) with as few repeats as the search
    finds, keeping the East ranks' rule.

    >>> met = [[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]]
    >>> sorted(sorted(t) for t in group_fewest_repeats(met, [2, 2], [1] * 4, random.Random(1)))
    [[0, 2], [1, 3]]
    """
    floor = least_repeats(met, min(sizes))
    best: list[list[int]] = []
    best_cost = -1
    for _ in range(RESTARTS):
        layout = _Layout(met, _greedy(met, sizes, ranks, rng), ranks)
        tables, cost = _tabu_search(layout, floor, rng)
        if best_cost < 0 or cost < best_cost:
            best, best_cost = tables, cost
        if best_cost <= floor:
            break
    return best


def east_designates(order: Sequence[int], ranks: Sequence[int], count: int) -> list[int]:
    """Return ``count`` players to sit East, one per table: every rank-2 player, then rank-1
    players in the given order.

    >>> east_designates([3, 0, 1, 2], [1, 2, 0, 1], 2)
    [1, 3]
    """
    must = [p for p in order if ranks[p] == 2]
    may = [p for p in order if ranks[p] == 1]
    return sorted(must) + may[: count - len(must)]


def _greedy(
    met: Met, sizes: Sequence[int], ranks: Sequence[int], rng: random.Random
) -> list[list[int]]:
    # One East designate opens each table; then each other player, in random order, joins the
    # open table where they add the fewest repeats (the first such table on a tie).
    order = list(range(len(met)))
    rng.shuffle(order)
    designates = east_designates(order, ranks, len(sizes))
    rng.shuffle(designates)
    tables = [[east] for east in designates]
    chosen = set(designates)
    for player in (p for p in order if p not in chosen):
        open_tables = [t for t, size in zip(tables, sizes) if len(t) < size]
        min(open_tables, key=lambda t: sum(met[player][q] for q in t)).append(player)
    return tables


class _Layout:
    """Tables under search, with each player's repeats at their table (``conflicts``).

    Mutable on purpose: the search changes one layout thousands of times, and a new value
    per swap would cost more than the search itself.
    """

    def __init__(self, met: Met, tables: list[list[int]], ranks: Sequence[int]) -> None:
        self.met, self.tables, self.ranks = met, tables, ranks
        self.where = [0] * len(met)
        for index, table in enumerate(tables):
            for player in table:
                self.where[player] = index
        self.conflicts = [sum(met[p][q] for q in tables[self.where[p]]) for p in range(len(met))]
        self.cost = sum(self.conflicts) // 2
        self.musts = [sum(ranks[p] == 2 for p in t) for t in tables]
        self.eligible = [sum(ranks[p] >= 1 for p in t) for t in tables]

    def swap_delta(self, a: int, b: int) -> int:
        """Return how the repeat count changes if a and b change tables."""
        met, table_a, table_b = self.met, self.tables[self.where[a]], self.tables[self.where[b]]
        b_joins = sum(met[b][q] for q in table_a) - met[b][a]
        a_joins = sum(met[a][q] for q in table_b) - met[a][b]
        return b_joins + a_joins - self.conflicts[a] - self.conflicts[b]

    def allows(self, a: int, b: int) -> bool:
        """Return whether swapping a and b keeps one possible East at each table."""
        rank_a, rank_b = self.ranks[a], self.ranks[b]
        if rank_a == rank_b:
            return True
        must = (rank_b == 2) - (rank_a == 2)
        eligible = (rank_b >= 1) - (rank_a >= 1)
        index_a, index_b = self.where[a], self.where[b]
        return (
            self.musts[index_a] + must <= 1
            and self.musts[index_b] - must <= 1
            and self.eligible[index_a] + eligible >= 1
            and self.eligible[index_b] - eligible >= 1
        )

    def swap(self, a: int, b: int) -> None:
        """Move a to b's table and b to a's, updating the counts."""
        delta, index_a, index_b = self.swap_delta(a, b), self.where[a], self.where[b]
        for player, leaves, joins in ((a, index_a, index_b), (b, index_b, index_a)):
            self.tables[leaves].remove(player)
            self.tables[joins].append(player)
            self.where[player] = joins
            self.musts[leaves] -= self.ranks[player] == 2
            self.musts[joins] += self.ranks[player] == 2
            self.eligible[leaves] -= self.ranks[player] >= 1
            self.eligible[joins] += self.ranks[player] >= 1
        for player in (*self.tables[index_a], *self.tables[index_b]):
            self.conflicts[player] = sum(
                self.met[player][q] for q in self.tables[self.where[player]]
            )
        self.cost += delta


def _tabu_search(layout: _Layout, floor: int, rng: random.Random) -> tuple[list[list[int]], int]:
    # Each step moves one player who has a repeat: the best swap for them that is allowed,
    # even a worse one (that is how the search leaves a local minimum). A player just moved
    # stays put for a few steps, unless moving them gives the best layout yet.
    best, best_cost = [list(t) for t in layout.tables], layout.cost
    frozen_until = [0] * len(layout.where)
    for step in range(STEPS):
        if best_cost <= floor:
            break
        conflicted = [p for p, c in enumerate(layout.conflicts) if c and frozen_until[p] <= step]
        if not conflicted:
            continue
        a = rng.choice(conflicted)
        b = _best_partner(layout, a, frozen_until, step, best_cost, rng)
        if b is None:
            continue
        layout.swap(a, b)
        frozen_until[a] = frozen_until[b] = step + 2 + rng.randrange(len(layout.tables) + 3)
        if layout.cost < best_cost:
            best, best_cost = [list(t) for t in layout.tables], layout.cost
    return best, best_cost


def _best_partner(
    layout: _Layout,
    a: int,
    frozen_until: Sequence[int],
    step: int,
    best_cost: int,
    rng: random.Random,
) -> int | None:
    least, partners = 0, list[int]()
    for b in range(len(layout.where)):
        if layout.where[b] == layout.where[a] or not layout.allows(a, b):
            continue
        delta = layout.swap_delta(a, b)
        if frozen_until[b] > step and layout.cost + delta >= best_cost:
            continue
        if not partners or delta < least:
            least, partners = delta, [b]
        elif delta == least:
            partners.append(b)
    return rng.choice(partners) if partners else None
