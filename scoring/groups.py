"""Each group of a hand read alone: a suit's nine counts (or the honors' seven) as sets
(面子) and at most one pair (雀头), the shape of a winning hand in the seed's 日本麻将的规则
(和了: four sets and a pair).

A regular hand is complete when each group reads as sets and exactly one group holds
the pair, so a hand's readings are the choices of one reading per group. A group's
readings depend on its counts alone: they are computed once per count vector and
kept (``group_parts``), each as a ``Part`` with the facts the yaku and fu ask of its
sets and the places a winning tile can take in it. A suit's readings come from the
readings of counts as sets alone (``_sets``, kept too, so hands share what they have
in common), and a hand's text finds a suit's tiles and readings in one table
(``read_group``, per suit's digits).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from scoring.sets import NO_PAIR, PAIR, SEQUENCE, TANKI, TRIPLET, Block, block, wait_shape
from scoring.tiles import SUITS, TERMINALS_AND_HONORS, SuitTiles, suit_tiles

# Each group's first kind, end and whether it has sequences: manzu, pinzu, souzu, honors.
GROUPS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))
GROUP_OF_KIND = tuple(
    group for group, (start, end, _) in enumerate(GROUPS) for _ in range(start, end)
)
# The most count vectors kept per group: a club's hands use a few thousand, and the
# limit keeps input made to fill the tables from taking the server's memory.
TABLE_LIMIT = 50_000
WinPlaces = tuple[tuple[tuple[int, str], ...], ...]


@dataclass(frozen=True, slots=True)
class Part:
    """Sets and at most one pair (of a group's reading, or of the melds), with the facts
    a reading gathers from them.

    Bit k of ``runs`` is set when a sequence starts at kind k, bit k of ``triplets``
    when a triplet or quad of kind k is among the sets; ``twins`` counts pairs of
    identical sequences; ``concealed`` counts the triplets and quads not called;
    ``outside``: every set and the pair hold a terminal or honor. ``wins[offset]``
    lists where kind ``start + offset`` of the group can be the winning tile: (index
    of the set in ``sets``, or ``PAIR``, and the wait shape).
    """

    sets: tuple[Block, ...]
    pair: int  # its kind, or NO_PAIR
    runs: int
    run_count: int
    twins: int
    triplets: int
    concealed: int
    outside: bool
    wins: WinPlaces


Groups = tuple[tuple[Part, ...], ...]  # the readings of each group: m, p, s, z


# The sets of several parts together, their pair and the facts they gather (``Part``'s,
# added up), in this order: what ``join_parts`` returns.
Whole = tuple[tuple[Block, ...], int, int, int, int, int, int, bool]


def make_part(sets: tuple[Block, ...], pair: int = NO_PAIR, start: int = 0, size: int = 0) -> Part:
    """Return the facts of sets and a pair; the ``size`` kinds from ``start`` get their
    win places.

    >>> part = make_part((block(SEQUENCE, 0), block(SEQUENCE, 0)), 8, 0, 9)
    >>> part.twins, part.outside, part.wins[8]
    (1, True, ((-1, 'tanki'),))
    """
    run_tiles = []
    runs = triplets = concealed = 0
    outside = pair == NO_PAIR or pair in _TERMINAL_OR_HONOR
    for each in sets:
        if each.kind == SEQUENCE:
            run_tiles.append(each.tile)
            runs |= 1 << each.tile
        else:
            triplets |= 1 << each.tile
            concealed += not each.is_open
        outside = outside and _is_outside(each)
    run_tiles.sort()
    wins = _win_places(sets, pair, start, size)
    return Part(
        sets, pair, runs, len(run_tiles), _twins(run_tiles), triplets, concealed, outside, wins
    )


_TERMINAL_OR_HONOR = frozenset(TERMINALS_AND_HONORS)


def _is_outside(each: Block) -> bool:
    if each.kind == SEQUENCE:
        return each.tile % 9 in (0, 6)
    return each.tile in _TERMINAL_OR_HONOR


def _twins(run_tiles: list[int]) -> int:
    """Return how many pairs of identical sequences sorted sequence starts hold."""
    twins, index = 0, 0
    while index < len(run_tiles) - 1:
        if run_tiles[index] == run_tiles[index + 1]:
            twins += 1
            index += 2
        else:
            index += 1
    return twins


def _win_places(sets: tuple[Block, ...], pair: int, start: int, size: int) -> WinPlaces:
    """Return, for each of the ``size`` kinds from ``start``, where it can be the
    winning tile: the pair first, then the sets in order (a repeated set once)."""
    if not size:  # a meld's part: no win places
        return ()
    places: list[list[tuple[int, str]]] = [[] for _ in range(size)]
    if start <= pair < start + size:
        places[pair - start].append((PAIR, TANKI))
    for index, each in enumerate(sets):
        if index and sets[index - 1] == each:
            continue  # the same set again: the same wait
        for win in each.kinds:
            shape = wait_shape(each, win)
            if shape is not None:
                places[win - start].append((index, shape))
    return tuple(map(tuple, places))


def join_parts(parts: Iterable[Part]) -> Whole:
    """Return the facts of several parts' sets together (with the pair of the one that
    has one). Their win places are left out: they are each group's own.

    >>> from scoring.sets import QUAD
    >>> sets, pair, runs, run_count, twins, triplets, concealed, outside = join_parts(
    ...     [make_part((block(QUAD, 27),)), make_part((block(SEQUENCE, 0),))])
    >>> concealed, run_count, pair
    (1, 1, -1)
    """
    sets: tuple[Block, ...] = ()
    pair = NO_PAIR
    runs = run_count = twins = triplets = concealed = 0
    outside = True
    for part in parts:
        sets += part.sets
        if part.pair != NO_PAIR:
            pair = part.pair
        runs |= part.runs
        run_count += part.run_count
        twins += part.twins
        triplets |= part.triplets
        concealed += part.concealed
        outside = outside and part.outside
    return sets, pair, runs, run_count, twins, triplets, concealed, outside


@functools.cache
def meld_part(meld: Block) -> Part:
    """Return the part of one meld (melds repeat across hands: each is made once).

    >>> meld_part(block("quad", 27)).concealed
    1
    """
    return make_part((meld,))


@dataclass(frozen=True, slots=True)
class GroupTiles:
    """One suit's digits read (the honors' too): its tiles, and the readings of its group."""

    tiles: SuitTiles  # the tiles, their counts and class bits, and their faults
    parts: tuple[Part, ...]  # none when the tiles have a fault


@functools.lru_cache(maxsize=TABLE_LIMIT)
def read_group(group: int, digits: str) -> GroupTiles:
    """Return the tiles of one group's digits (checked notation, at most a hand's 14) and
    their readings: the one table look-up a hand's text makes per suit.

    >>> [part.twins for part in read_group(0, "112233").parts]
    [1]
    """
    tiles = suit_tiles(SUITS[group], digits)
    return GroupTiles(tiles, () if tiles.is_faulty else group_parts(group, tiles.counts))


def group_tables(counts: tuple[int, ...]) -> Groups:
    """Return the parts of each group of 34 counts (manzu, pinzu, souzu, honors)."""
    return tuple(
        [group_parts(group, counts[start:end]) for group, (start, end, _) in enumerate(GROUPS)]
    )


@functools.lru_cache(maxsize=TABLE_LIMIT)
def group_parts(group: int, counts: tuple[int, ...]) -> tuple[Part, ...]:
    """Return every reading of one group's counts as a ``Part``.

    >>> [part.twins for part in group_parts(0, (2, 2, 2, 0, 0, 0, 0, 0, 0))]
    [1]
    """
    start, _, runs = GROUPS[group]
    return tuple(
        make_part(sets, pair, start, len(counts))
        for sets, pair in group_readings(start, runs, counts)
    )


@functools.lru_cache(maxsize=TABLE_LIMIT)
def group_readings(
    start: int, runs: bool, counts: tuple[int, ...]
) -> tuple[tuple[tuple[Block, ...], int], ...]:
    """Return every reading of one group's counts (a suit from tile ``start``, or the
    honors without ``runs``) as sets plus at most one pair (``NO_PAIR`` if none): with
    3n+2 tiles, each kind of two or more as the pair and the rest as sets.

    >>> [[str(b) for b in sets] for sets, _ in group_readings(0, True, (3, 3, 3, 0, 0, 0, 0, 0, 0))]
    [['123m', '123m', '123m'], ['111m', '222m', '333m']]
    """
    size = sum(counts)
    if size % 3 == 0:
        return tuple([(sets, NO_PAIR) for sets in _sets(start, runs, counts)])
    if size % 3 == 1:
        return ()
    found = []
    for kind, count in enumerate(counts):
        if count >= 2:
            for sets in _sets(start, runs, _less(counts, kind, kind)):
                found.append((sets, start + kind))
    return tuple(sorted(found, key=_reading_order))


def _reading_order(reading: tuple[tuple[Block, ...], int]) -> tuple[int, list[tuple[int, str]]]:
    sets, pair = reading
    return pair, _set_order(sets)


@functools.lru_cache(maxsize=TABLE_LIMIT)
def _sets(start: int, runs: bool, counts: tuple[int, ...]) -> tuple[tuple[Block, ...], ...]:
    """Return every reading of counts as sets alone, each in order of (tile, kind): the
    lowest kind left opens a triplet or a sequence, and the rest is read the same way
    (kept per count vector, so hands share what they have in common)."""
    first = next((index for index, count in enumerate(counts) if count), None)
    if first is None:
        return ((),)
    found = []
    if counts[first] >= 3:
        triplet = block(TRIPLET, start + first)
        for rest in _sets(start, runs, _less(counts, first, first, first)):
            found.append(_in_order(triplet, rest))
    if runs and first <= 6 and counts[first + 1] and counts[first + 2]:
        sequence = block(SEQUENCE, start + first)
        for rest in _sets(start, runs, _less(counts, first, first + 1, first + 2)):
            found.append(_in_order(sequence, rest))
    return tuple(sorted(dict.fromkeys(found), key=_set_order))  # one of each way


def _in_order(first: Block, rest: tuple[Block, ...]) -> tuple[Block, ...]:
    """Return a set with sets of higher or equal tiles, in order of (tile, kind)."""
    return tuple(sorted((first, *rest), key=_block_order))


def _block_order(each: Block) -> tuple[int, str]:
    return each.tile, each.kind


def _set_order(sets: tuple[Block, ...]) -> list[tuple[int, str]]:
    return [_block_order(each) for each in sets]


def _less(counts: tuple[int, ...], *kinds: int) -> tuple[int, ...]:
    """Return the counts less one tile of each of ``kinds``."""
    rest = list(counts)
    for each in kinds:
        rest[each] -= 1
    return tuple(rest)
