"""A winning hand and every way to read it: four sets and a pair, seven pairs, or
thirteen orphans, with the winning tile placed in each set that can hold it.

Speed: a suit's readings depend only on its nine counts, so they are computed once
per count vector and kept (``group_parts``), each with the facts the yaku ask of its
sets (bit masks of sequence starts and triplet kinds, identical sequences, ...) and
the places a winning tile can take in it. A hand is read by combining the parts of
its three suits, its honors and its melds: masks are ORed and counts added, so
reading a hand creates only its readings' tuples. Sets are interned ``Block``
values.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from scoring.errors import (
    BadHandError,
    BadWinTileError,
    NotAWinningHandError,
    WrongTileCountError,
    shown,
)
from scoring.tiles import (
    KINDS,
    TERMINALS_AND_HONORS,
    Meld,
    check_copies,
    check_tile_codes,
    format_tiles,
    kind,
    parse_tile,
    parse_tiles,
    tile_bits,
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


class Reading(NamedTuple):
    """One way to read a winning hand, with the winning tile placed in one set.

    ``sets`` are the four sets of a regular hand (concealed ones first, then the
    melds), empty for seven pairs and thirteen orphans. ``pairs`` holds the pair
    (seven pairs for chiitoitsu). ``win_set`` indexes the set that holds the
    winning tile, or is ``PAIR``; ``wait`` is the shape the winning tile completed.
    ``is_closed``: no set was called (an ankan keeps the hand closed).

    The other fields are what the yaku look at, gathered when the reading is made
    (a regular reading only): bit k of ``runs`` is set when a sequence starts at
    kind k, bit k of ``triplets`` when a triplet or quad of kind k is among the
    sets; ``twins`` counts pairs of identical sequences; ``concealed`` counts the
    triplets and quads not called (one a ron completed still counts here);
    ``outside``: every set and the pair hold a terminal or honor. The scorer takes
    the same fields as a plain tuple (``ReadingFields``, made by ``read_parts``);
    ``readings`` names them.
    """

    form: str
    sets: tuple[Block, ...]
    pairs: tuple[int, ...]
    win_tile: int
    win_set: int
    wait: str
    is_closed: bool = True
    runs: int = 0
    run_count: int = 0
    twins: int = 0
    triplets: int = 0
    concealed: int = 0
    outside: bool = False

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


# A reading's fields, as an exact tuple: what ``read_parts`` makes and the scorer
# takes. A ``Reading`` is one, with names; the scorer unpacks its readings, and
# read_parts makes plain tuples, since the interpreter unpacks only exact tuples on
# its quick path (and a named tuple's field reads in about 207 instructions).
ReadingFields = tuple[
    str, tuple[Block, ...], tuple[int, ...], int, int, str, bool, int, int, int, int, int, bool
]
# The fields read alone (Final, so that mypy knows each field's type).
READING_FORM: Final = 0
READING_WAIT: Final = 5
READING_IS_CLOSED: Final = 6


# The sets (and pair) of one group's reading, or of a hand's melds, with the facts a
# ``Reading`` gathers from them: (blocks, pair, runs, run_count, twins, triplets,
# concealed, outside, wins, quads), as ``make_part`` makes them. ``wins[offset]``
# lists where the kind ``start + offset`` of the group can be the winning tile:
# (index of the set in ``blocks`` or ``PAIR``, wait shape). Speed: a plain tuple,
# not a named tuple: _regular unpacks five per hand, and the interpreter unpacks
# only exact tuples on its quick path (about 350 instructions for ten fields, not
# 900).
Part = tuple[
    tuple[Block, ...],  # blocks
    int,  # pair: its kind, or NO_PAIR
    int,  # runs: bit k set when a sequence starts at kind k
    int,  # run_count
    int,  # twins
    int,  # triplets: bit k set for a triplet or quad of kind k
    int,  # concealed: triplets and quads not called
    bool,  # outside
    tuple[tuple[tuple[int, str], ...], ...],  # wins
    int,  # quads
]
# The fields read alone (Final, so that mypy knows each field's type).
PART_PAIR: Final = 1
PART_WINS: Final = 8
PART_QUADS: Final = 9


def make_part(
    blocks: tuple[Block, ...], pair: int = NO_PAIR, start: int = 0, size: int = 0
) -> Part:
    """Return the facts of sets and a pair; the ``size`` kinds from ``start`` get their
    win places.

    >>> _, _, _, _, twins, _, _, outside, wins, _ = make_part(
    ...     (block(SEQUENCE, 0), block(SEQUENCE, 0)), 8, 0, 9)
    >>> twins, outside, wins[8]
    (1, True, ((-1, 'tanki'),))
    """
    run_tiles = sorted(each.tile for each in blocks if each.kind == SEQUENCE)
    triplets = [each for each in blocks if each.kind != SEQUENCE]
    return (
        blocks,
        pair,
        sum({1 << tile for tile in run_tiles}),
        len(run_tiles),
        _twins(run_tiles),
        sum(1 << each.tile for each in triplets),
        sum(1 for each in triplets if not each.is_open),
        (pair == NO_PAIR or pair in _TERMINAL_OR_HONOR) and all(map(_is_outside, blocks)),
        _win_places(blocks, pair, start, size),
        sum(1 for each in triplets if each.kind == QUAD),
    )


_TERMINAL_OR_HONOR = frozenset(TERMINALS_AND_HONORS)


def _is_outside(each: Block) -> bool:
    if each.kind == SEQUENCE:
        return each.tile % 9 in (0, 6)
    return each.tile in _TERMINAL_OR_HONOR


def _twins(run_tiles: list[int]) -> int:
    """Return how many pairs of identical sequences sorted run starts hold."""
    twins, index = 0, 0
    while index < len(run_tiles) - 1:
        if run_tiles[index] == run_tiles[index + 1]:
            twins += 1
            index += 2
        else:
            index += 1
    return twins


def _win_places(
    blocks: tuple[Block, ...], pair: int, start: int, size: int
) -> tuple[tuple[tuple[int, str], ...], ...]:
    """Return, for each of the ``size`` kinds from ``start``, where it can be the
    winning tile: the pair first, then the sets in order (one pass over the sets)."""
    if not size:  # a meld's part: no win places
        return ()
    places: list[list[tuple[int, str]]] = [[] for _ in range(size)]
    if start <= pair < start + size:
        places[pair - start].append((PAIR, TANKI))
    previous = None
    for index, each in enumerate(blocks):
        # Sets are interned and sorted, so a repeated set is the same object as the last.
        if each is previous:
            continue
        previous = each
        for win in each.kinds:
            shape = _shape_at(each, win)
            if shape is not None:
                places[win - start].append((index, shape))
    return tuple(map(tuple, places))


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
        check_tile_codes((*self.concealed, self.win))
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

    def to_json(self) -> dict[str, Any]:
        """Return the hand, win and melds of a FORMATS.md section 2 object.

        >>> Hand.parse("234m406p789s22z", "2z", [Meld.parse("pon", "777z")]).to_json()
        {'hand': '234m406p789s22z', 'win': '2z', 'melds': [{'kind': 'pon', 'tiles': '777z'}]}
        """
        return {
            "hand": format_tiles(self.concealed),
            "win": tile_name(self.win),
            "melds": [meld.to_json() for meld in self.melds],
        }

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

    # Speed: what the scorer asks of a hand is worked out once and kept with it.

    @functools.cached_property
    def all_tiles(self) -> tuple[int, ...]:
        """Return the concealed tiles and every meld's tiles."""
        if not self.melds:
            return self.concealed
        return self.concealed + tuple(tile for meld in self.melds for tile in meld.tiles)

    @functools.cached_property
    def counts(self) -> tuple[int, ...]:
        """Return the concealed tiles as 34 counts."""
        return tile_counts(self.concealed)

    @functools.cached_property
    def all_counts(self) -> tuple[int, ...]:
        """Return all the tiles, melds included, as 34 counts."""
        return tile_counts(self.all_tiles) if self.melds else self.counts

    @functools.cached_property
    def groups(self) -> Groups:
        """Return the parts of each group of the concealed counts."""
        return group_tables(self.counts)

    @functools.cached_property
    def tile_bits(self) -> int:
        """Return the OR of the class bits of all the tiles (``scoring.tiles.KIND_BITS``)."""
        return tile_bits(self.all_tiles)

    @functools.cached_property
    def meld_part(self) -> Part:
        """Return the sets of the melds and their facts."""
        return meld_part(tuple(meld_block(meld) for meld in self.melds)) if self.melds else NO_MELDS

    @property
    def quads(self) -> int:
        """Return how many kans the melds hold."""
        return self.meld_part[PART_QUADS]


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise BadHandError(f"{key} must be a string of MPSZ tiles, not {shown(value)}")
    return value


def readings(hand: Hand) -> tuple[Reading, ...]:
    """Return every reading of the hand, one per place the winning tile can take.

    >>> [r.wait for r in readings(Hand.parse("11123m456p789s555z", "1m"))]
    ['tanki', 'ryanmen']
    """
    found = read_parts(hand.counts, kind(hand.win), hand.meld_part, hand.groups)
    if not found:
        raise NotAWinningHandError(
            f"{format_tiles(hand.concealed)} is not four sets and a pair, seven pairs "
            "or thirteen orphans"
        )
    return tuple(map(Reading._make, found))


def read_parts(
    counts: Sequence[int], win: int, melds: Part, groups: Groups | None = None
) -> tuple[ReadingFields, ...]:
    """Return the fields of every reading of concealed counts plus the melds' part, won
    on kind ``win`` (``groups``: the parts of each group of the counts, when already
    looked up).

    >>> counts = tile_counts(parse_tiles("11123m456p789s555z"))
    >>> [Reading._make(fields).wait for fields in read_parts(counts, 0, NO_MELDS)]
    ['tanki', 'ryanmen']
    """
    if type(counts) is not tuple:
        counts = tuple(counts)
    found = _regular(groups or group_tables(counts), win, melds)
    if not melds[0]:  # no melds' blocks
        # Speed: most hands hold a single tile of some kind, found in a few steps,
        # before two counts over all 34 kinds.
        if 1 not in counts and counts.count(2) == 7 and counts.count(0) == KINDS - 7:
            pairs = tuple(k for k, count in enumerate(counts) if count)
            found.append((CHIITOITSU, (), pairs, win, PAIR, TANKI, True, 0, 0, 0, 0, 0, False))
        elif not found:
            pair = _kokushi_pair(counts)
            if pair >= 0:
                wait = KOKUSHI_13 if pair == win else KOKUSHI
                found.append((KOKUSHI, (), (pair,), win, PAIR, wait, True, 0, 0, 0, 0, 0, False))
    return tuple(found)


def is_complete(counts: Sequence[int], melds: int = 0) -> bool:
    """Return whether concealed counts plus ``melds`` sets form a winning hand.

    >>> is_complete(tile_counts(parse_tiles("19m19p19s1234567z1z")))
    True
    """
    if _choices(group_tables(tuple(counts))):
        return True
    return melds == 0 and (_is_chiitoitsu(counts) or _kokushi_pair(counts) >= 0)


TABLE_LIMIT = 50_000
Choice = tuple[Part, Part, Part, Part]
Groups = tuple[tuple[Part, ...], tuple[Part, ...], tuple[Part, ...], tuple[Part, ...]]


def group_tables(counts: tuple[int, ...]) -> Groups:
    """Return the parts of each group of 34 counts (manzu, pinzu, souzu, honors)."""
    return (
        _MANZU.get(counts[0:9]) or group_parts(0, True, counts[0:9]),
        _PINZU.get(counts[9:18]) or group_parts(9, True, counts[9:18]),
        _SOUZU.get(counts[18:27]) or group_parts(18, True, counts[18:27]),
        _HONORS.get(counts[27:34]) or group_parts(27, False, counts[27:34]),
    )


def _choices(groups: Groups) -> list[Choice]:
    """Return every choice of one reading per group that reads the counts as sets and
    exactly one pair (usually one choice)."""
    m, p, s, z = groups
    if not (m and p and s and z):
        return []
    pairs = (m[0][PART_PAIR] >= 0) + (p[0][PART_PAIR] >= 0) + (s[0][PART_PAIR] >= 0)
    if pairs + (z[0][PART_PAIR] >= 0) != 1:
        return []
    if len(m) == len(p) == len(s) == len(z) == 1:
        return [(m[0], p[0], s[0], z[0])]
    return list(itertools.product(m, p, s, z))


def _regular(groups: Groups, win: int, melds: Part) -> list[ReadingFields]:
    """Return the four-sets-and-a-pair readings of the groups' parts with the melds'
    part, won on kind ``win``: one per choice of a part per group and place of the
    winning tile."""
    try:  # Speed: the usual hand reads one way per group; unpacking checks that at once
        (m,), (p,), (s,), (z,) = groups
    except ValueError:
        choices: Iterable[Choice] = _choices(groups)
    else:
        choices = ((m, p, s, z),)
    group = GROUP_OF_KIND[win]
    offset = win - GROUPS[group][0]
    melded, _, meld_runs, meld_count, _, meld_triplets, meld_concealed, meld_outside, _, _ = melds
    closed = meld_concealed == len(melded)
    found: list[ReadingFields] = []
    for choice in choices:
        # Speed: each part is unpacked once (an exact tuple: the quick path).
        m, p, s, z = choice
        m_sets, m_pair, m_runs, m_count, m_twins, m_triplets, _, m_outside, _, _ = m
        p_sets, p_pair, p_runs, p_count, p_twins, p_triplets, _, p_outside, _, _ = p
        s_sets, s_pair, s_runs, s_count, s_twins, s_triplets, _, s_outside, _, _ = s
        z_sets, z_pair, _, _, _, z_triplets, _, z_outside, _, _ = z
        if (m_pair >= 0) + (p_pair >= 0) + (s_pair >= 0) + (z_pair >= 0) != 1:
            return found  # one choice is enough: each group's tile count decides its pair
        triplets = m_triplets | p_triplets | s_triplets | z_triplets
        concealed = triplets.bit_count() + meld_concealed
        triplets |= meld_triplets
        suits = m_sets + p_sets + s_sets
        sets = suits + z_sets + melded
        pairs = (m_pair + p_pair + s_pair + z_pair + 3,)  # one is the pair, three NO_PAIR
        runs = m_runs | p_runs | s_runs | meld_runs
        count = m_count + p_count + s_count + meld_count
        twins = m_twins + p_twins + s_twins
        outside = m_outside and p_outside and s_outside and z_outside and meld_outside
        for index, shape in choice[group][PART_WINS][offset]:
            if index != PAIR and group:  # an index among the group's sets, made one among all
                if group == 1:
                    index += len(m_sets)
                else:
                    index += len(m_sets) + len(p_sets) if group == 2 else len(suits)
            found.append(
                (
                    REGULAR,
                    sets,
                    pairs,
                    win,
                    index,
                    shape,
                    closed,
                    runs,
                    count,
                    twins,
                    triplets,
                    concealed,
                    outside,
                )
            )
    return found


GROUP_OF_KIND = tuple(
    index for index, (start, end, _) in enumerate(GROUPS) for _ in range(start, end)
)
NO_MELDS = make_part(())


def meld_part(melds: tuple[Block, ...]) -> Part:
    """Return the facts of a hand's melds (their part's ``concealed`` counts its ankan).

    >>> meld_part((block(QUAD, 27), block(SEQUENCE, 0, True)))[PART_QUADS]
    1
    """
    return join_parts([single_meld_part(each) for each in melds])


@functools.cache
def single_meld_part(meld: Block) -> Part:
    """Return the part of one meld."""
    return make_part((meld,))


def join_parts(parts: Sequence[Part]) -> Part:
    """Return the melds' parts as one part (``twins`` stay 0: they count only on a
    closed hand, where every meld is an ankan)."""
    if not parts:
        return NO_MELDS
    joined = parts[0]
    for part in parts[1:]:
        blocks, _, runs, run_count, _, triplets, concealed, outside, _, quads = joined
        (
            more,
            _,
            more_runs,
            more_count,
            _,
            more_triplets,
            more_concealed,
            more_outside,
            _,
            more_quads,
        ) = part
        joined = (
            blocks + more,
            NO_PAIR,
            runs | more_runs,
            run_count + more_count,
            0,
            triplets | more_triplets,
            concealed + more_concealed,
            outside and more_outside,
            (),
            quads + more_quads,
        )
    return joined


def group_parts(start: int, runs: bool, counts: tuple[int, ...]) -> tuple[Part, ...]:
    """Return every reading of one group's counts as a ``Part``, as ``group_readings``.

    >>> [twins for _, _, _, _, twins, *_ in group_parts(0, True, (2, 2, 2, 0, 0, 0, 0, 0, 0))]
    [1]
    """
    table = _PARTS[start].get(counts)
    if table is None:
        table = tuple(
            make_part(blocks, pair, start, len(counts))
            for blocks, pair in group_readings(start, runs, counts)
        )
        if len(_PARTS[start]) < TABLE_LIMIT:
            _PARTS[start][counts] = table
    return table


# Speed: the hot path looks a group's parts up by its counts alone, in one dict per group.
# A club's hands use a few thousand count vectors per group; the limit only keeps
# input made to fill the tables from taking the server's memory.
_MANZU: dict[tuple[int, ...], tuple[Part, ...]] = {}
_PINZU: dict[tuple[int, ...], tuple[Part, ...]] = {}
_SOUZU: dict[tuple[int, ...], tuple[Part, ...]] = {}
_HONORS: dict[tuple[int, ...], tuple[Part, ...]] = {}
_PARTS = {0: _MANZU, 9: _PINZU, 18: _SOUZU, 27: _HONORS}


@functools.lru_cache(maxsize=TABLE_LIMIT)
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
    for first, count in enumerate(counts):  # noqa: B007 (the first kind left; no generator)
        if count:
            break
    else:
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


def _is_chiitoitsu(counts: Sequence[int]) -> bool:
    """Return whether 34 counts are seven different pairs."""
    return list(counts).count(2) == 7 and sum(counts) == 14


def _kokushi_pair(counts: Sequence[int]) -> int:
    """Return the pair of a thirteen-orphans hand, or -1."""
    if sum(counts) != 14 or any(counts[k] == 0 for k in TERMINALS_AND_HONORS):
        return -1
    pairs = [k for k in TERMINALS_AND_HONORS if counts[k] == 2]
    return pairs[0] if len(pairs) == 1 else -1
