"""A winning hand (FORMATS.md section 2: ``hand``, ``win`` and ``melds``) and every way
to read it: four sets and a pair, seven pairs (七对子) or thirteen orphans (国士无双),
the winning shapes of the seed's 日本麻将的规则 (和了), with the winning tile placed in
each set that can hold it (the seed's 听牌 page). Each group's readings come from the
per-group tables of ``scoring.groups``; a hand's are the choices of one per group.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from scoring.errors import (
    BadHandError,
    BadWinTileError,
    NotAWinningHandError,
    WrongTileCountError,
    shown,
)
from scoring.groups import (
    GROUP_OF_KIND,
    GROUPS,
    Groups,
    Part,
    group_tables,
    join_parts,
    meld_part,
    read_group,
)
from scoring.melds import Meld
from scoring.sets import KOKUSHI, KOKUSHI_13, NO_PAIR, PAIR, TANKI, Block, meld_block
from scoring.tiles import (
    SUITS,
    TERMINALS_AND_HONORS,
    check_counts,
    check_tile_codes,
    checked_counts,
    counts_with,
    format_tiles,
    join_suits,
    kind,
    parse_tile,
    parse_tiles,
    suit_digits,
    suit_tiles,
    tile_bits,
    tile_name,
)

GROUP_NUMBERS = range(len(GROUPS))  # manzu, pinzu, souzu, honors
REGULAR, CHIITOITSU = "regular", "chiitoitsu"  # the forms of a reading; and KOKUSHI


class Hand(NamedTuple):
    """A winning hand: its concealed tiles (the winning tile included) and its melds,
    with what its checks counted, kept as the scorer asks for them several times: the
    concealed tiles' counts by kind, all the tiles (the melds' too) with their counts and
    class bits (``scoring.tiles.KIND_BITS``), and the readings of each group of the
    concealed tiles (``scoring.groups``). ``Hand.of``, ``Hand.parse`` and
    ``Hand.from_json`` check a hand and count it; its repr shows its tiles only.
    """

    concealed: tuple[int, ...]
    win: int
    melds: tuple[Meld, ...]
    counts: tuple[int, ...]  # of the concealed tiles, by kind 0..33
    all_tiles: tuple[int, ...]  # the melds' too
    all_counts: tuple[int, ...]
    tile_bits: int
    groups: Groups  # each group's readings: manzu, pinzu, souzu, honors

    @classmethod
    def of(cls, concealed: Iterable[int], win: int, melds: Iterable[Meld] = ()) -> Hand:
        """Return the hand of tile codes, checked and counted.

        >>> Hand.of((0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 31, 31, 31), 27).counts[31]
        3
        """
        concealed, melds = tuple(concealed), tuple(melds)
        _check_tile_count(len(concealed), len(melds))
        counts, bits = checked_counts(concealed)
        check_tile_codes((win,))
        all_tiles, all_counts, all_bits = _with_melds(concealed, win, melds, counts, bits)
        if not melds:  # else _with_melds checked the copies of every tile
            check_counts(counts, concealed)
        return cls(
            concealed, win, melds, counts, all_tiles, all_counts, all_bits, group_tables(counts)
        )

    @classmethod
    def parse(cls, concealed: str, win: str, melds: Iterable[Meld] = ()) -> Hand:
        """Return the hand of MPSZ concealed tiles, a winning tile and melds (the text's
        suits are read with their groups' readings, a table look-up per suit).

        >>> Hand.parse("234m406p789s22z", "2z", [Meld.parse("pon", "777z")]).win
        28
        """
        digits, melds = suit_digits(concealed), tuple(melds)
        _check_size(digits, len(melds))
        m, p, s, z = map(read_group, GROUP_NUMBERS, digits)  # each suit's tiles and readings
        tiles, counts, bits = join_suits((m.tiles, p.tiles, s.tiles, z.tiles))
        groups = (m.parts, p.parts, s.parts, z.parts)
        win_tile = parse_tile(win)
        all_tiles, all_counts, all_bits = _with_melds(tiles, win_tile, melds, counts, bits)
        return cls(tiles, win_tile, melds, counts, all_tiles, all_counts, all_bits, groups)

    def __repr__(self) -> str:
        return f"Hand(concealed={self.concealed!r}, win={self.win!r}, melds={self.melds!r})"

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
        melds = _meld_objects(data)
        concealed, win = _text(data, "hand"), _text(data, "win")
        return cls.parse(concealed, win, _read_melds(melds))

    @property
    def quads(self) -> int:
        """Return how many kans the melds hold."""
        quads = 0
        for meld in self.melds:
            quads += meld.is_kan
        return quads


@functools.cache
def _meld_part(meld: Meld) -> Part:
    """Return the part of a meld's set (melds repeat across hands: each is made once)."""
    return meld_part(meld_block(meld))


@functools.cache
def _meld(meld_kind: str, tiles: tuple[int, ...]) -> Meld:
    """Return the meld of a kind and its tiles (``Meld.parse`` once the tiles are read;
    melds repeat across hands, so each is checked once)."""
    return Meld(meld_kind, tiles)


def _meld_objects(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """Return the meld objects of a FORMATS.md section 2 object, checked to be a list of
    objects."""
    melds = data.get("melds", [])
    if not isinstance(melds, list):
        raise BadHandError("melds must be a list of {kind, tiles} objects")
    for meld in melds:
        if not isinstance(meld, Mapping):
            raise BadHandError("melds must be a list of {kind, tiles} objects")
    return melds


def _read_melds(melds: list[Mapping[str, Any]]) -> list[Meld]:
    """Return the melds of meld objects, each a kind and its MPSZ tiles."""
    found = []
    for meld in melds:
        found.append(_meld(_text(meld, "kind"), parse_tiles(_text(meld, "tiles"))))
    return found


def _with_melds(
    concealed: tuple[int, ...],
    win: int,
    melds: tuple[Meld, ...],
    counts: tuple[int, ...],
    bits: int,
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Return all the tiles, their counts and class bits, once the winning tile (a tile
    code) is checked to be among the concealed tiles and the melds (each checked alone)
    to leave no fifth copy or second red five."""
    if not counts[kind(win)]:
        raise BadWinTileError(f"the winning tile {tile_name(win)} is not in the hand")
    if not melds:
        return concealed, counts, bits
    meld_tiles = tuple([tile for meld in melds for tile in meld.tiles])
    all_tiles, all_counts = concealed + meld_tiles, counts_with(counts, meld_tiles)
    check_counts(all_counts, all_tiles)
    return all_tiles, all_counts, bits | tile_bits(meld_tiles)


def _check_size(digits: tuple[str, ...], melds: int) -> None:
    """Raise unless the suits' digits (a digit a tile) are as many tiles as a winning hand
    with ``melds`` melds holds, naming a fifth copy or a second red five first."""
    m, p, s, z = digits
    size = len(m) + len(p) + len(s) + len(z)
    if size != 14 - 3 * melds:
        join_suits([suit_tiles(suit, each) for suit, each in zip(SUITS, digits)])
        _check_tile_count(size, melds)


def _check_tile_count(concealed: int, melds: int) -> None:
    expected = 14 - 3 * melds
    if melds > 4 or concealed != expected:
        raise WrongTileCountError(
            f"a winning hand with {melds} melds has {max(expected, 2)} concealed "
            f"tiles, not {concealed}"
        )


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise BadHandError(f"{key} must be a string of MPSZ tiles, not {shown(value)}")
    return value


class Reading(NamedTuple):
    """One way to read a winning hand, with the winning tile placed in one set.

    ``sets`` are the four sets of a regular hand (concealed ones first, then the
    melds), empty for seven pairs and thirteen orphans. ``pairs`` holds the pair
    (seven pairs for chiitoitsu). ``win_set`` indexes the set that holds the
    winning tile, or is ``PAIR``; ``wait`` is the shape the winning tile completed.
    ``is_closed``: no set was called (an ankan keeps the hand closed).

    The other fields are the facts of the sets (``scoring.groups.Part``) the yaku
    look at, for a regular reading: the sequences' starts (``runs``, a bit per
    kind), their count and identical pairs (``twins``), the triplets' and quads'
    kinds (``triplets``, a bit per kind), how many were not called (``concealed``;
    one a ron completed still counts here), and whether every set and the pair
    hold a terminal or honor (``outside``).
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


def readings(hand: Hand) -> tuple[Reading, ...]:
    """Return every reading of the hand, one per place the winning tile can take: the
    regular ones, then seven pairs; thirteen orphans when neither.

    >>> [r.wait for r in readings(Hand.parse("11123m456p789s555z", "1m"))]
    ['tanki', 'ryanmen']
    >>> [r.form for r in readings(Hand.parse("223344m556677p11z", "1z"))]
    ['regular', 'chiitoitsu']
    """
    win = kind(hand.win)
    melds = tuple(map(_meld_part, hand.melds))
    found = _regular(hand.groups, win, melds)
    if not melds:  # seven pairs and thirteen orphans are closed hands
        found += _closed_forms(hand.counts, win, has_regular=bool(found))
    if not found:
        raise NotAWinningHandError(
            f"{format_tiles(hand.concealed)} is not four sets and a pair, seven pairs "
            "or thirteen orphans"
        )
    return tuple(found)


def _closed_forms(counts: tuple[int, ...], win: int, *, has_regular: bool) -> list[Reading]:
    """Return the seven-pairs reading of 34 concealed counts won on kind ``win``, or
    when there is no regular one the thirteen-orphans reading, if the hand has it."""
    if _is_chiitoitsu(counts):
        pairs = tuple([each for each, count in enumerate(counts) if count])
        return [Reading(CHIITOITSU, (), pairs, win, PAIR, TANKI)]
    pair = -1 if has_regular else _kokushi_pair(counts)
    if pair >= 0:
        return [Reading(KOKUSHI, (), (pair,), win, PAIR, KOKUSHI_13 if pair == win else KOKUSHI)]
    return []


def _regular(groups: Groups, win: int, melds: tuple[Part, ...]) -> list[Reading]:
    """Return the four-sets-and-a-pair readings: one per choice of a reading per group
    and place of the winning tile in its group (the melds' sets come last)."""
    group = GROUP_OF_KIND[win]
    places = win - GROUPS[group][0]
    is_closed = True  # every meld (if any) is an ankan
    for part in melds:
        is_closed = is_closed and part.concealed == 1
    found = []
    for choice in _choices(groups):
        sets, pair, runs, run_count, twins, triplets, concealed, outside = join_parts(
            choice + melds
        )
        before = 0  # the sets of the groups before the winning tile's
        for part in choice[:group]:
            before += len(part.sets)
        for index, wait in choice[group].wins[places]:
            win_set = PAIR if index == PAIR else before + index
            found.append(
                Reading(
                    REGULAR,
                    sets,
                    (pair,),
                    win,
                    win_set,
                    wait,
                    is_closed,
                    runs,
                    run_count,
                    twins,
                    triplets,
                    concealed,
                    outside,
                )
            )
    return found


def _choices(groups: Sequence[tuple[Part, ...]]) -> Iterable[tuple[Part, ...]]:
    """Return every choice of one reading per group, if each group reads as sets and
    exactly one holds the pair (a group's tile count decides whether it does)."""
    pairs = 0
    for parts in groups:
        if not parts:
            return ()
        pairs += parts[0].pair != NO_PAIR
    return itertools.product(*groups) if pairs == 1 else ()


def is_complete(counts: Sequence[int], melds: int = 0) -> bool:
    """Return whether concealed counts plus ``melds`` sets form a winning hand.

    >>> from scoring.tiles import tile_counts
    >>> is_complete(tile_counts(parse_tiles("19m19p19s1234567z1z")))
    True
    """
    if any(_choices(group_tables(tuple(counts)))):
        return True
    return melds == 0 and (_is_chiitoitsu(counts) or _kokushi_pair(counts) >= 0)


def _is_chiitoitsu(counts: Sequence[int]) -> bool:
    """Return whether 34 counts are seven different pairs."""
    return counts.count(2) == 7 and sum(counts) == 14


def _kokushi_pair(counts: Sequence[int]) -> int:
    """Return the pair of a thirteen-orphans hand, or -1."""
    if sum(counts) != 14 or any(counts[k] == 0 for k in TERMINALS_AND_HONORS):
        return -1
    pairs = [k for k in TERMINALS_AND_HONORS if counts[k] == 2]
    return pairs[0] if len(pairs) == 1 else -1
