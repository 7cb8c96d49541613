"""Tiles in MPSZ notation, and melds (FORMATS.md section 1).

A tile is an int: 0-8 manzu 1-9, 9-17 pinzu, 18-26 souzu, 27-33 honors
(East South West North, White Green Red). Red fives are their own codes,
34 (0m), 35 (0p) and 36 (0s); ``kind`` maps every code to 0..33, which is all
the rules look at. Hands are analysed as 34 counts, one per kind.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable
from dataclasses import dataclass

from scoring.errors import BadMeldError, BadNotationError, shown

KINDS = 34
SUITS = "mpsz"
RED_FIVES = (34, 35, 36)  # 0m 0p 0s
EAST, SOUTH, WEST, NORTH, HAKU, HATSU, CHUN = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (HAKU, HATSU, CHUN)
TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26, *range(27, 34))
_TERMINAL_OR_HONOR = frozenset(TERMINALS_AND_HONORS)
_KIND_OF: tuple[int, ...] = (*range(KINDS), 4, 13, 22)


# A tile's classes as bits, by tile code (red fives too): what a hand's yaku ask of
# its tiles (all simples? a terminal? honors? which suits? all green?) is the OR
# of its tiles' bits.
SIMPLE, TERMINAL, HONOR, NOT_GREEN = 1, 2, 4, 8
SUIT_BITS = (16, 32, 64)
RED = 128  # a red five
GREEN = frozenset((19, 20, 21, 23, 25, HATSU))  # 2s 3s 4s 6s 8s and hatsu


def _kind_bits(tile_kind: int) -> int:
    grade = HONOR if tile_kind >= EAST else TERMINAL if tile_kind % 9 in (0, 8) else SIMPLE
    suit = SUIT_BITS[tile_kind // 9] if tile_kind < EAST else 0
    return grade | suit | (0 if tile_kind in GREEN else NOT_GREEN)


KIND_BITS = tuple(
    _kind_bits(_KIND_OF[tile]) | (RED if tile >= KINDS else 0) for tile in range(KINDS + 3)
)


def tile_bits(tiles: Iterable[int]) -> int:
    """Return the OR of the tiles' class bits.

    >>> tile_bits(parse_tiles("23s")) == SIMPLE | SUIT_BITS[2]
    True
    """
    return functools.reduce(operator.or_, map(KIND_BITS.__getitem__, tiles), 0)


def kind(tile: int) -> int:
    """Return the tile's kind, 0..33: a red five is a five.

    >>> kind(34), kind(4)
    (4, 4)
    """
    return _KIND_OF[tile]


def is_red(tile: int) -> bool:
    """Return whether the tile is a red five."""
    return tile >= KINDS


def is_honor(tile_kind: int) -> bool:
    """Return whether the kind is a wind or a dragon."""
    return tile_kind >= EAST


def is_terminal_or_honor(tile_kind: int) -> bool:
    """Return whether the kind is a 1, a 9 or an honor (yaochuuhai).

    >>> is_terminal_or_honor(8), is_terminal_or_honor(9 + 4)
    (True, False)
    """
    return tile_kind in _TERMINAL_OR_HONOR


def tile_name(tile: int) -> str:
    """Return one tile in MPSZ notation.

    >>> tile_name(27), tile_name(35)
    ('1z', '0p')
    """
    if is_red(tile):
        return "0" + SUITS[tile - RED_FIVES[0]]
    return f"{tile % 9 + 1}{SUITS[tile // 9]}"


def _sort_key(tile: int) -> int:
    return 2 * kind(tile) + (0 if is_red(tile) else 1)


def sort_tiles(tiles: Iterable[int]) -> tuple[int, ...]:
    """Return the tiles in MPSZ order (m, p, s, z; a red five before its plain fives)."""
    return tuple(sorted(tiles, key=_sort_key))


def format_tiles(tiles: Iterable[int]) -> str:
    """Return the tiles in MPSZ notation, sorted, one suit letter per run.

    >>> format_tiles(parse_tiles("11222z789s406p123m"))
    '123m406p789s11222z'
    """
    parts: list[str] = []
    suit = ""
    for tile in sort_tiles(tiles):
        name = tile_name(tile)
        if suit and name[1] != suit:
            parts.append(suit)
        parts.append(name[0])
        suit = name[1]
    return "".join(parts) + suit


def parse_tiles(text: str) -> tuple[int, ...]:
    """Return the tiles of an MPSZ string, sorted; bad notation is an error.

    >>> parse_tiles("55m0m")
    (34, 4, 4)
    """
    if type(text) is not str:
        raise BadNotationError(f"tiles must be MPSZ text, not {shown(text)}")
    tiles: list[int] = []
    digits: list[int] = []
    for char in text.strip():
        if "0" <= char <= "9":  # ASCII digits only: str.isdigit() takes "¹" too
            digits.append(int(char))
        elif char in SUITS:
            if not digits:
                raise BadNotationError(f"suit letter {shown(char)} without digits in {shown(text)}")
            tiles.extend(_tile_code(digit, char, text) for digit in digits)
            digits = []
        else:
            raise BadNotationError(f"unknown character {shown(char)} in tiles {shown(text)}")
    if digits:
        raise BadNotationError(f"digits without a suit letter at the end of {shown(text)}")
    check_copies(tiles)
    return sort_tiles(tiles)


def _tile_code(digit: int, suit: str, text: str) -> int:
    suit_index = SUITS.index(suit)
    if suit == "z" and not 1 <= digit <= 7:
        raise BadNotationError(f"no honor tile {digit}z in {shown(text)} (1z-7z)")
    if digit == 0:
        return RED_FIVES[suit_index]
    return 9 * suit_index + digit - 1


def parse_tile(text: str) -> int:
    """Return the one tile an MPSZ string names.

    >>> parse_tile("7z")
    33
    """
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise BadNotationError(f"expected one tile, not {shown(text)}")
    return tiles[0]


def tile_counts(tiles: Iterable[int]) -> tuple[int, ...]:
    """Return how many of each kind 0..33 the tiles hold.

    >>> tile_counts(parse_tiles("0m5m1z"))[4]
    2
    """
    counts = [0] * KINDS
    for tile in tiles:
        counts[_KIND_OF[tile]] += 1
    return tuple(counts)


def check_copies(tiles: Iterable[int]) -> None:
    """Raise if the tiles hold a fifth copy of a kind or two red fives of a suit."""
    tiles = list(tiles)
    check_tile_codes(tiles)
    counts = tile_counts(tiles)
    over = [tile_name(k) for k, count in enumerate(counts) if count > 4]
    if over:
        raise BadNotationError(f"more than four copies of {', '.join(over)}")
    reds = [tile_name(red) for red in RED_FIVES if tiles.count(red) > 1]
    if reds:
        raise BadNotationError(f"more than one red five {', '.join(reds)}")


def check_tile_codes(tiles: Iterable[object]) -> None:
    """Raise unless every tile is a tile code: a kind 0..33 or a red five 34..36.

    >>> check_tile_codes([0, 36, 37])
    Traceback (most recent call last):
    scoring.errors.BadNotationError: 37 is not a tile code (0 to 36)
    """
    for tile in tiles:
        if type(tile) is not int or not 0 <= tile < len(_KIND_OF):
            raise BadNotationError(f"{shown(tile)} is not a tile code (0 to {len(_KIND_OF) - 1})")


MELD_KINDS = ("chi", "pon", "kan", "ankan", "kakan")
_MELD_SIZES = {"chi": 3, "pon": 3, "kan": 4, "ankan": 4, "kakan": 4}


@dataclass(frozen=True)
class Meld:
    """A called or declared set: chi, pon, kan (open), ankan (closed), kakan (added)."""

    kind: str
    tiles: tuple[int, ...]

    def __post_init__(self) -> None:
        if type(self.kind) is not str or self.kind not in _MELD_SIZES:
            raise BadMeldError(
                f"unknown meld kind {shown(self.kind)}; known: {', '.join(MELD_KINDS)}"
            )
        check_copies(self.tiles)
        if len(self.tiles) != _MELD_SIZES[self.kind]:
            raise BadMeldError(f"a {self.kind} has {_MELD_SIZES[self.kind]} tiles, not {self}")
        kinds = sorted(kind(tile) for tile in self.tiles)
        if self.kind == "chi" and not _is_run(kinds):
            raise BadMeldError(f"a chi is three consecutive tiles of one suit, not {self}")
        if self.kind != "chi" and len(set(kinds)) != 1:
            raise BadMeldError(f"a {self.kind} is {len(kinds)} copies of one tile, not {self}")

    def __str__(self) -> str:
        return f"{self.kind} {format_tiles(self.tiles)}"

    @classmethod
    def parse(cls, meld_kind: str, text: str) -> Meld:
        """Return the meld of a kind and its MPSZ tiles.

        >>> Meld.parse("chi", "3m4m2m").first
        1
        """
        return cls(meld_kind, parse_tiles(text))

    @property
    def is_open(self) -> bool:
        """Return whether the meld was called from a discard (every meld but ankan)."""
        return self.kind != "ankan"

    @property
    def is_kan(self) -> bool:
        """Return whether the meld is a quad."""
        return len(self.tiles) == 4

    @property
    def first(self) -> int:
        """Return the meld's lowest kind (the run's start, or the copied tile)."""
        return min(kind(tile) for tile in self.tiles)

    def to_json(self) -> dict[str, str]:
        """Return the meld as FORMATS.md section 2 writes it."""
        return {"kind": self.kind, "tiles": format_tiles(self.tiles)}


def _is_run(kinds: list[int]) -> bool:
    first = kinds[0]
    return first < EAST and first % 9 <= 6 and kinds == [first, first + 1, first + 2]
