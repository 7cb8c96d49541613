"""A winning hand and every way to read it: four sets and a pair, seven pairs, or
thirteen orphans, with the winning tile placed in each set that can hold it.

Speed: a suit's readings depend only on its nine counts, so they are computed once
per count vector and kept (``group_readings``); a hand is read by combining the
tables of its three suits and its honors. Sets are interned ``Block`` values, so
reading a hand creates only its ``Reading`` values.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.errors import (
    BadHandError,
    BadWinTileError,
    NotAWinningHandError,
    WrongTileCountError,
)
from scoring.tiles import (
    TERMINALS_AND_HONORS,
    Meld,
    check_copies,
    format_tiles,
    kind,
    parse_tile,
    parse_tiles,
    tile_counts,
    tile_name,
)

SEQUENCE, TRIPLET, QUAD = "sequence", "triplet", "quad"
TANKI, SHANPON, KANCHAN, PENCHAN, RYANMEN = "tanki", "shanpon", "kanchan", "penchan", "ryanmen"
KOKUSHI, KOKUSHI_13 = "kokushi", "kokushi_13"
WAIT_SHAPES = (TANKI, SHANPON, KANCHAN, PENCHAN, RYANMEN, KOKUSHI, KOKUSHI_13)
REGULAR, CHIITOITSU = "regular", "chiitoitsu"
GROUPS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))  # start, end, runs
PAIR = -1  # Reading.win_set when the pair holds the winning tile
NO_PAIR = -1


@dataclass(frozen=True, slots=True)
class Block:
    """One set of a reading: a sequence, triplet or quad, from its lowest kind."""

    kind: str
    tile: int
    is_open: bool = False  # called from a discard (chi, pon, kan, kakan)

    @property
    def kinds(self) -> tuple[int, ...]:
        """Return the kinds of the set's distinct tiles."""
        return (self.tile, self.tile + 1, self.tile + 2) if self.kind == SEQUENCE else (self.tile,)

    def __str__(self) -> str:
        size = {SEQUENCE: 1, TRIPLET: 3, QUAD: 4}[self.kind]
        return format_tiles(tile for tile in self.kinds for _ in range(size))


@functools.cache
def block(set_kind: str, tile: int, is_open: bool = False) -> Block:
    """Return the one shared Block of a kind, lowest tile and openness.

    >>> block(SEQUENCE, 0) is block(SEQUENCE, 0)
    True
    """
    return Block(set_kind, tile, is_open)


def meld_block(meld: Meld) -> Block:
    """Return the set a meld forms."""
    set_kind = QUAD if meld.is_kan else TRIPLET if meld.kind == "pon" else SEQUENCE
    return block(set_kind, meld.first, meld.is_open)


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read a winning hand, with the winning tile placed in one set.

    ``sets`` are the four sets of a regular hand (concealed ones first, then the
    melds), empty for seven pairs and thirteen orphans. ``pairs`` holds the pair
    (seven pairs for chiitoitsu). ``win_set`` indexes the set that holds the
    winning tile, or is ``PAIR``; ``wait`` is the shape the winning tile completed.
    ``is_closed``: no set was called (an ankan keeps the hand closed).
    """

    form: str
    sets: tuple[Block, ...]
    pairs: tuple[int, ...]
    win_tile: int
    win_set: int
    wait: str
    is_closed: bool = True

    @property
    def pair(self) -> int:
        """Return the pair's kind (a regular hand or thirteen orphans)."""
        return self.pairs[0]

    def to_json(self) -> dict[str, Any]:
        """Return the reading as JSON: form, sets, pair(s), winning set and wait."""
        return {
            "form": self.form,
            "sets": [
                {
                    "kind": each.kind,
                    "tiles": str(each),
                    "open": each.is_open,
                    "win": i == self.win_set,
                }
                for i, each in enumerate(self.sets)
            ],
            "pairs": [tile_name(pair) for pair in self.pairs],
            "win": tile_name(self.win_tile),
            "wait": self.wait,
        }


@dataclass(frozen=True)
class Hand:
    """A winning hand: its concealed tiles (the winning tile included) and its melds."""

    concealed: tuple[int, ...]
    win: int
    melds: tuple[Meld, ...] = ()

    def __post_init__(self) -> None:
        expected = 14 - 3 * len(self.melds)
        if len(self.melds) > 4 or len(self.concealed) != expected:
            raise WrongTileCountError(
                f"a winning hand with {len(self.melds)} melds has {max(expected, 2)} concealed "
                f"tiles, not {len(self.concealed)}"
            )
        if kind(self.win) not in {kind(tile) for tile in self.concealed}:
            raise BadWinTileError(f"the winning tile {tile_name(self.win)} is not in the hand")
        check_copies(self.all_tiles)

    @classmethod
    def parse(cls, concealed: str, win: str, melds: Iterable[Meld] = ()) -> Hand:
        """Return the hand of MPSZ concealed tiles, a winning tile and melds.

        >>> Hand.parse("234m406p789s22z", "2z", [Meld.parse("pon", "777z")]).win
        28
        """
        return cls(parse_tiles(concealed), parse_tile(win), tuple(melds))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Hand:
        """Return the hand of a FORMATS.md section 2 object (its hand, win and melds)."""
        melds = data.get("melds", [])
        if not isinstance(melds, list) or not all(isinstance(m, Mapping) for m in melds):
            raise BadHandError("melds must be a list of {kind, tiles} objects")
        return cls.parse(
            _text(data, "hand"),
            _text(data, "win"),
            [Meld.parse(_text(meld, "kind"), _text(meld, "tiles")) for meld in melds],
        )

    @property
    def all_tiles(self) -> tuple[int, ...]:
        """Return the concealed tiles and every meld's tiles."""
        return self.concealed + tuple(tile for meld in self.melds for tile in meld.tiles)

    @property
    def counts(self) -> tuple[int, ...]:
        """Return the concealed tiles as 34 counts."""
        return tile_counts(self.concealed)


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise BadHandError(f"{key} must be a string of MPSZ tiles, not {value!r}")
    return value


def readings(hand: Hand) -> tuple[Reading, ...]:
    """Return every reading of the hand, one per place the winning tile can take.

    >>> [r.wait for r in readings(Hand.parse("11123m456p789s555z", "1m"))]
    ['tanki', 'ryanmen']
    """
    found = read_counts(hand.counts, kind(hand.win), tuple(meld_block(m) for m in hand.melds))
    if not found:
        raise NotAWinningHandError(
            f"{format_tiles(hand.concealed)} is not four sets and a pair, seven pairs "
            "or thirteen orphans"
        )
    return found


def read_counts(
    counts: Sequence[int], win: int, melds: tuple[Block, ...] = ()
) -> tuple[Reading, ...]:
    """Return every reading of concealed counts plus melds won on kind ``win`` (none: ())."""
    found = [
        reading
        for concealed, pair in _regular(counts)
        for reading in _place_win(concealed, melds, pair, win)
    ]
    if not melds:
        found.extend(_special(counts, win))
    return tuple(found)


def is_complete(counts: Sequence[int], melds: int = 0) -> bool:
    """Return whether concealed counts plus ``melds`` sets form a winning hand.

    >>> is_complete(tile_counts(parse_tiles("19m19p19s1234567z1z")))
    True
    """
    if _regular(counts):
        return True
    return melds == 0 and (_is_chiitoitsu(counts) or _kokushi_pair(counts) >= 0)


def _regular(counts: Sequence[int]) -> list[tuple[tuple[Block, ...], int]]:
    found: list[tuple[tuple[Block, ...], int]] = [((), NO_PAIR)]
    for start, end, runs in GROUPS:
        group = group_readings(start, runs, tuple(counts[start:end]))
        if not group:
            return []
        found = [
            (blocks + more, pair if extra == NO_PAIR else extra)
            for blocks, pair in found
            for more, extra in group
            if pair == NO_PAIR or extra == NO_PAIR
        ]
    return [(blocks, pair) for blocks, pair in found if pair != NO_PAIR]


@functools.cache
def group_readings(
    start: int, runs: bool, counts: tuple[int, ...]
) -> tuple[tuple[tuple[Block, ...], int], ...]:
    """Return every reading of one group's counts (a suit from tile ``start``, or the
    honors without ``runs``) as sets plus at most one pair (``NO_PAIR`` if none).

    >>> [[str(b) for b in blocks] for blocks, _ in group_readings(0, True, (3, 3, 3, 0, 0, 0, 0, 0, 0))]
    [['123m', '123m', '123m'], ['111m', '222m', '333m']]
    """
    if sum(counts) % 3 == 1:
        return ()
    found = set(_read_group(list(counts), start, runs, (), NO_PAIR))
    return tuple(sorted(found, key=lambda item: (item[1], [(b.tile, b.kind) for b in item[0]])))


def _read_group(
    counts: list[int], start: int, runs: bool, blocks: tuple[Block, ...], pair: int
) -> Iterable[tuple[tuple[Block, ...], int]]:
    first = next((i for i, count in enumerate(counts) if count), -1)
    if first < 0:
        yield tuple(sorted(blocks, key=lambda b: (b.tile, b.kind))), pair
        return
    takes: list[tuple[tuple[int, ...], Block | None]] = []
    if pair == NO_PAIR and counts[first] >= 2:
        takes.append(((first,) * 2, None))
    if counts[first] >= 3:
        takes.append(((first,) * 3, block(TRIPLET, start + first)))
    if runs and first <= 6 and counts[first + 1] and counts[first + 2]:
        takes.append(((first, first + 1, first + 2), block(SEQUENCE, start + first)))
    for used, taken in takes:
        rest = counts.copy()
        for i in used:
            rest[i] -= 1
        if taken is None:
            yield from _read_group(rest, start, runs, blocks, start + first)
        else:
            yield from _read_group(rest, start, runs, (*blocks, taken), pair)


def _place_win(
    concealed: tuple[Block, ...], melds: tuple[Block, ...], pair: int, win: int
) -> Iterable[Reading]:
    sets = concealed + melds
    closed = not any(each.is_open for each in melds)
    if pair == win:
        yield Reading(REGULAR, sets, (pair,), win, PAIR, TANKI, closed)
    previous = None
    for index, each in enumerate(concealed):
        # Sets are interned and sorted, so a repeated set is the same object as the last.
        if each is previous:
            continue
        previous = each
        shape = _shape_at(each, win)
        if shape is not None:
            yield Reading(REGULAR, sets, (pair,), win, index, shape, closed)


def _shape_at(each: Block, win: int) -> str | None:
    offset = win - each.tile
    if each.kind == TRIPLET:
        return SHANPON if offset == 0 else None
    return _RUN_SHAPES[each.tile % 9][offset] if 0 <= offset <= 2 else None


def win_shapes(blocks: tuple[Block, ...], pair: int, win: int) -> list[str]:
    """Return the wait shape of each place the winning kind takes among sets and pair.

    >>> win_shapes((block(SEQUENCE, 0), block(TRIPLET, 2)), NO_PAIR, 2)
    ['penchan', 'shanpon']
    """
    shapes = [TANKI] if pair == win else []
    shapes.extend(shape for each in blocks if (shape := _shape_at(each, win)) is not None)
    return shapes


def _run_shape(first: int, offset: int) -> str:
    """Return the wait of a run from ``first`` (1-7) won on its tile at ``offset``."""
    if offset == 1:
        return KANCHAN
    edge = (offset == 0 and first == 7) or (offset == 2 and first == 1)
    return PENCHAN if edge else RYANMEN


_RUN_SHAPES = tuple(
    tuple(_run_shape(first, offset) for offset in range(3)) for first in range(1, 8)
)


def _special(counts: Sequence[int], win: int) -> list[Reading]:
    if _is_chiitoitsu(counts):
        pairs = tuple(k for k, count in enumerate(counts) if count)
        return [Reading(CHIITOITSU, (), pairs, win, PAIR, TANKI)]
    pair = _kokushi_pair(counts)
    if pair >= 0:
        return [Reading(KOKUSHI, (), (pair,), win, PAIR, KOKUSHI_13 if pair == win else KOKUSHI)]
    return []


def _is_chiitoitsu(counts: Sequence[int]) -> bool:
    return sum(counts) == 14 and all(count in (0, 2) for count in counts)


def _kokushi_pair(counts: Sequence[int]) -> int:
    """Return the pair of a thirteen-orphans hand, or -1."""
    if sum(counts) != 14 or any(counts[k] == 0 for k in TERMINALS_AND_HONORS):
        return -1
    pairs = [k for k in TERMINALS_AND_HONORS if counts[k] == 2]
    return pairs[0] if len(pairs) == 1 else -1
