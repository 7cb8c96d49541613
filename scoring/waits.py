"""Waits of a hand one tile short of winning (the seed's 听牌 page), and shanten.

A regular hand is complete when each suit (and the honors) reads as sets, and
exactly one of them holds the pair, which a group's size fixes (3n+2 tiles). So a
tile can only complete the group it belongs to, and which tiles complete a group,
with which wait shapes, depends on that group's counts alone: ``_group_waits``
keeps that per count vector, and a hand's waits combine four table look-ups.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.errors import WrongTileCountError
from scoring.groups import GROUPS, TABLE_LIMIT, group_readings
from scoring.melds import Meld
from scoring.sanma import check_sanma_tiles
from scoring.sets import KOKUSHI, KOKUSHI_13, TANKI, WAIT_SHAPES, win_shapes
from scoring.tiles import (
    TERMINALS_AND_HONORS,
    check_copies,
    check_tile_codes,
    tile_counts,
    tile_name,
)

_SHAPE_ORDER = {shape: i for i, shape in enumerate(WAIT_SHAPES)}


@dataclass(frozen=True, slots=True)
class Wait:
    """A tile that completes the hand, the shapes it completes, and its unseen copies."""

    tile: int
    shapes: tuple[str, ...]
    remaining: int

    def to_json(self) -> dict[str, Any]:
        """Return the wait as FORMATS.md section 4 writes it."""
        return {
            "tile": tile_name(self.tile),
            "shapes": list(self.shapes),
            "remaining": self.remaining,
        }


@dataclass(frozen=True)
class WaitAnalysis:
    """A hand's shanten and waits.

    ``self_karaten``: the hand's shape waits only on tiles it holds all four of
    (the seed's 自家空听), so it is not tenpai.
    """

    shanten: int
    waits: tuple[Wait, ...]
    self_karaten: bool = False

    @property
    def is_tenpai(self) -> bool:
        """Return whether some tile completes the hand."""
        return bool(self.waits)

    @property
    def is_karaten(self) -> bool:
        """Return whether the hand is tenpai on tiles of which no copy is left (空听)."""
        return self.is_tenpai and all(wait.remaining == 0 for wait in self.waits)

    def to_json(self) -> dict[str, Any]:
        """Return the analysis as FORMATS.md section 4 writes it (plus ``self_karaten``)."""
        return {
            "shanten": self.shanten,
            "tenpai": self.is_tenpai,
            "waits": [wait.to_json() for wait in self.waits],
            "karaten": self.is_karaten,
            "self_karaten": self.self_karaten,
        }


def analyse_waits(
    concealed: Sequence[int],
    melds: Sequence[Meld] = (),
    visible: Sequence[int] = (),
    *,
    players: int = 4,
) -> WaitAnalysis:
    """Return the waits of concealed tiles (13, or 10/7/4/1 beside 1-4 called sets).

    ``melds`` may list the called sets (their tiles are the player's own); when it is
    empty the number of called sets follows from the tile count. ``visible`` tiles
    (discards, others' melds, dora indicators) are not left to draw. With three
    ``players`` (sanma) a tile of 2m-8m is refused: they are not in the set (and a hand
    without them cannot wait on them).

    >>> from scoring.tiles import parse_tiles
    >>> [(tile_name(w.tile), w.shapes) for w in analyse_waits(parse_tiles("3456m456p789s555z")).waits]
    [('3m', ('tanki',)), ('6m', ('tanki',))]
    >>> [tile_name(w.tile) for w in analyse_waits(parse_tiles("11m99m123p456p789s"), players=3).waits]
    ['1m', '9m']
    """
    check_tile_codes(concealed)
    if players == 3:
        check_sanma_tiles([*concealed, *(t for meld in melds for t in meld.tiles), *visible])
    called = _called_sets(len(concealed), melds)
    counts = tile_counts(concealed)
    own, seen = _own_and_seen(concealed, counts, melds, visible)
    shapes = winning_shapes(counts, called)
    waits = tuple(
        Wait(tile, found, 4 - own[tile] - seen[tile])
        for tile, found in shapes.items()
        if own[tile] < 4
    )
    if waits:
        return WaitAnalysis(0, waits)
    return WaitAnalysis(max(shanten(counts, called), 1 if shapes else 0), (), bool(shapes))


def _own_and_seen(
    concealed: Sequence[int], counts: tuple[int, ...], melds: Sequence[Meld], visible: Sequence[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return the player's own counts and the visible counts, after checking for a fifth
    copy or a second red five among them."""
    meld_tiles = [tile for meld in melds for tile in meld.tiles]
    own = tile_counts([*concealed, *meld_tiles]) if melds else counts
    seen = tile_counts(visible) if visible else _NONE_SEEN
    if max(map(int.__add__, own, seen)) > 4 or max([*concealed, *meld_tiles, *visible]) >= 34:
        check_copies([*concealed, *meld_tiles, *visible])
    return own, seen


_NONE_SEEN = (0,) * 34


def _called_sets(tile_count: int, melds: Sequence[Meld]) -> int:
    if tile_count not in (1, 4, 7, 10, 13):
        raise WrongTileCountError(
            f"a hand waiting to win has 13 concealed tiles, or 10/7/4/1 beside called "
            f"sets, not {tile_count}"
        )
    called = (13 - tile_count) // 3
    if melds and len(melds) != called:
        raise WrongTileCountError(
            f"{tile_count} concealed tiles go with {called} melds, not {len(melds)}"
        )
    return called


def winning_shapes(counts: Sequence[int], called: int = 0) -> dict[int, tuple[str, ...]]:
    """Return each kind that completes the concealed counts, with its wait shapes, in
    MPSZ order (a kind the hand holds four of included: it cannot be drawn).

    >>> from scoring.tiles import parse_tiles
    >>> shapes = winning_shapes(tile_counts(parse_tiles("2223m456p789s555z")))
    >>> {tile_name(tile): found for tile, found in shapes.items()}
    {'1m': ('ryanmen',), '3m': ('tanki',), '4m': ('ryanmen',)}
    """
    found: dict[int, set[str]] = {}
    for tile, shapes in _regular_waits(counts):
        found.setdefault(tile, set()).update(shapes)
    if called == 0 and sum(counts) == 13:
        for tile, shape in _special_waits(counts):
            found.setdefault(tile, set()).add(shape)
    return {
        tile: tuple(sorted(found[tile], key=_SHAPE_ORDER.__getitem__)) for tile in sorted(found)
    }


def _regular_waits(counts: Sequence[int]) -> Iterable[tuple[int, tuple[str, ...]]]:
    groups = [(start, runs, tuple(counts[start:end])) for start, end, runs in GROUPS]
    sizes = [sum(group[2]) % 3 for group in groups]
    unread = [
        index
        for index, group in enumerate(groups)
        if sizes[index] == 1 or not group_readings(*group)
    ]
    if len(unread) > 1:
        return
    pair_groups = sizes.count(2)
    for index in unread or range(len(groups)):
        size = sizes[index]
        if pair_groups - (size == 2) + (size == 1) == 1:
            yield from _group_waits(*groups[index])


@functools.lru_cache(maxsize=TABLE_LIMIT)
def _group_waits(
    start: int, runs: bool, counts: tuple[int, ...]
) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """Return the kinds that make one group read as sets (and a pair), with shapes."""
    found = []
    for i in range(len(counts)):
        grown = (*counts[:i], counts[i] + 1, *counts[i + 1 :])
        tile = start + i
        shapes = {
            shape
            for blocks, pair in group_readings(start, runs, grown)
            for shape in win_shapes(blocks, pair, tile)
        }
        if shapes:
            found.append((tile, tuple(sorted(shapes, key=_SHAPE_ORDER.__getitem__))))
    return tuple(found)


def _special_waits(counts: Sequence[int]) -> list[tuple[int, str]]:
    if counts.count(2) == 6 and counts.count(1) == 1:
        return [(counts.index(1), TANKI)]  # six pairs and a single: chiitoitsu
    if sum([counts[tile] for tile in TERMINALS_AND_HONORS]) != 13:
        return []
    missing = [tile for tile in TERMINALS_AND_HONORS if counts[tile] == 0]
    if not missing:
        return [(tile, KOKUSHI_13) for tile in TERMINALS_AND_HONORS]
    if len(missing) == 1 and max(counts) == 2:
        return [(missing[0], KOKUSHI)]
    return []


def shanten(counts: Sequence[int], called: int = 0) -> int:
    """Return how many tiles the hand is from tenpai (0: tenpai), over all three forms.

    >>> from scoring.tiles import parse_tiles
    >>> shanten(tile_counts(parse_tiles("1358m2469p1288s3z")))
    4
    """
    best = _regular_shanten(counts, called)
    if called == 0 and sum(counts) == 13:
        best = min(best, _chiitoitsu_shanten(counts), _kokushi_shanten(counts))
    return best


def _regular_shanten(counts: Sequence[int], called: int) -> int:
    totals = {(0, 0, 0)}
    for start, end, runs in GROUPS:
        options = _partials(runs, tuple(counts[start:end]))
        totals = {
            (m + m2, t + t2, p + p2) for m, t, p in totals for m2, t2, p2 in options if p + p2 <= 1
        }
    return min(_shanten_of(m + called, t, p) for m, t, p in totals)


def _shanten_of(sets: int, partials: int, pair: int) -> int:
    partials = min(partials, 4 - sets)
    return 8 - 2 * sets - partials - pair


@functools.lru_cache(maxsize=TABLE_LIMIT)
def _partials(runs: bool, counts: tuple[int, ...]) -> frozenset[tuple[int, int, int]]:
    """Return the (sets, partial sets, pair) counts one group can be split into."""
    first = next((i for i, count in enumerate(counts) if count), -1)
    if first < 0:
        return frozenset({(0, 0, 0)})
    found: set[tuple[int, int, int]] = set()
    for used, gain in _takes(runs, counts, first):
        rest = list(counts)
        for i in used:
            rest[i] -= 1
        for m, t, p in _partials(runs, tuple(rest)):
            if p + gain[2] <= 1:
                found.add((m + gain[0], t + gain[1], p + gain[2]))
    return frozenset(found)


def _takes(
    runs: bool, counts: tuple[int, ...], i: int
) -> list[tuple[tuple[int, ...], tuple[int, int, int]]]:
    takes: list[tuple[tuple[int, ...], tuple[int, int, int]]] = [((i,), (0, 0, 0))]
    if counts[i] >= 3:
        takes.append(((i, i, i), (1, 0, 0)))
    if counts[i] >= 2:
        takes += [((i, i), (0, 0, 1)), ((i, i), (0, 1, 0))]
    size = len(counts)
    if runs and i + 1 < size and counts[i + 1]:
        takes.append(((i, i + 1), (0, 1, 0)))
        if i + 2 < size and counts[i + 2]:
            takes.append(((i, i + 1, i + 2), (1, 0, 0)))
    if runs and i + 2 < size and counts[i + 2]:
        takes.append(((i, i + 2), (0, 1, 0)))
    return takes


def _chiitoitsu_shanten(counts: Sequence[int]) -> int:
    pairs = sum(1 for count in counts if count >= 2)
    kinds = sum(1 for count in counts if count)
    return 6 - pairs + max(0, 7 - kinds)


def _kokushi_shanten(counts: Sequence[int]) -> int:
    held = [counts[tile] for tile in TERMINALS_AND_HONORS]
    return 13 - sum(1 for count in held if count) - (1 if max(held) >= 2 else 0)
