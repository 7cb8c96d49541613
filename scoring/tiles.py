"""Tiles in MPSZ notation (FORMATS.md section 1); melds are in ``scoring.melds``.

A tile is an int: 0-8 manzu 1-9, 9-17 pinzu, 18-26 souzu, 27-33 honors
(East South West North, White Green Red). Red fives are their own codes,
34 (0m), 35 (0p) and 36 (0s); ``kind`` maps every code to 0..33, which is all
the rules look at. Hands are analysed as 34 counts, one per kind.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.errors import BadNotationError, shown

KINDS = 34
SUITS = "mpsz"
RED_FIVES = (34, 35, 36)  # 0m 0p 0s
EAST, SOUTH, WEST, NORTH, HAKU, HATSU, CHUN = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (HAKU, HATSU, CHUN)
TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26, *range(27, 34))
_TERMINAL_OR_HONOR = frozenset(TERMINALS_AND_HONORS)
KIND_OF: tuple[int, ...] = (*range(KINDS), 4, 13, 22)  # each tile code's kind: kind(tile)


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
    _kind_bits(KIND_OF[tile]) | (RED if tile >= KINDS else 0) for tile in range(KINDS + 3)
)


def tile_bits(tiles: Iterable[int]) -> int:
    """Return the OR of the tiles' class bits.

    >>> tile_bits(parse_tiles("23s")) == SIMPLE | SUIT_BITS[2]
    True
    """
    bits = 0
    for tile in tiles:
        bits |= KIND_BITS[tile]
    return bits


def kind(tile: int) -> int:
    """Return the tile's kind, 0..33: a red five is a five.

    >>> kind(34), kind(4)
    (4, 4)
    """
    return KIND_OF[tile]


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


# Each tile code's place in MPSZ order: by kind, a red five just before its plain fives.
SORT_ORDER = tuple(2 * KIND_OF[tile] + (tile < KINDS) for tile in range(KINDS + 3))


def sort_tiles(tiles: Iterable[int]) -> tuple[int, ...]:
    """Return the tiles in MPSZ order (m, p, s, z; a red five before its plain fives)."""
    return tuple(sorted(tiles, key=SORT_ORDER.__getitem__))


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

    A short text (a winning tile, a meld, the indicators) is read once and kept.

    The text is cut at its suit letters: each piece before a letter is the digits of
    that run. The first fault in reading order is named: a character that is
    neither a digit nor a suit letter, a letter without digits, an honor digit
    outside 1-7, digits after the last letter; then every kind with a fifth copy,
    or else every suit with a second red five.

    >>> parse_tiles("55m0m")
    (34, 4, 4)
    """
    if type(text) is not str:
        raise BadNotationError(f"tiles must be MPSZ text, not {shown(text)}")
    if len(text) <= SHORT_TEXT:
        return _kept_text(text)
    return _read_text(text)


SHORT_TEXT = 5  # "0555p", the longest meld


def _read_text(text: str) -> tuple[int, ...]:
    tiles, _, _ = join_suits(
        [suit_tiles(suit, digits) for suit, digits in zip(SUITS, suit_digits(text))]
    )
    return tiles


_kept_text = functools.lru_cache(maxsize=4096)(_read_text)


def suit_digits(text: str) -> tuple[str, ...]:
    """Return the digits of each suit of MPSZ text, in MPSZ order ("" for a suit it
    lacks), or raise the first fault of notation.

    >>> suit_digits(" 5z123m1m ")
    ('1231', '', '', '5')
    """
    if type(text) is not str:
        raise BadNotationError(f"tiles must be MPSZ text, not {shown(text)}")
    notation = text.strip()
    suits = _MPSZ.fullmatch(notation) or _MPSZ.fullmatch(_in_mpsz_order(notation, text))
    assert suits is not None  # text in MPSZ order always matches
    return suits.groups(default="")


def join_suits(suits: Sequence[SuitTiles]) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Return the tiles of the four suits' readings (m, p, s, z) together, their counts by
    kind and their class bits, or raise if a suit holds a fifth copy of a kind or two red
    fives."""
    m, p, s, z = suits
    if m.is_faulty or p.is_faulty or s.is_faulty or z.is_faulty:
        _copies_fault(m, p, s, z)
    return (  # the suits in MPSZ order, each sorted, so counts are by kind
        m.tiles + p.tiles + s.tiles + z.tiles,
        m.counts + p.counts + s.counts + z.counts,
        m.bits | p.bits | s.bits | z.bits,
    )


def _copies_fault(*suits: SuitTiles) -> None:
    """Raise naming every kind with a fifth copy, or else every second red five."""
    over = [kind for found in suits for kind in found.over]
    if over:
        raise BadNotationError(f"more than four copies of {', '.join(over)}")
    reds = [found.red for found in suits if found.red]
    raise BadNotationError(f"more than one red five {', '.join(reds)}")


def _in_mpsz_order(notation: str, text: str) -> str:
    """Return MPSZ notation with each suit's runs joined, in MPSZ order ("5z123m1m" is
    "1231m5z"), or raise the first fault of text that is not MPSZ."""
    if not _NOTATION.fullmatch(notation):
        _notation_fault(notation, text)
    digits = dict.fromkeys(SUITS, "")
    for run, suit in _RUN.findall(notation):
        digits[suit] += run
    return "".join(run + suit for suit, run in digits.items() if run)


# MPSZ notation: runs of ASCII digits, each before its suit letter (honors 1z-7z).
_NOTATION = re.compile(r"(?:[0-9]+[mps]|[1-7]+z)*")
# The same notation with each suit at most once, in MPSZ order, as hands are written:
# one match gives each suit's digits.
_MPSZ = re.compile(r"(?:([0-9]+)m)?(?:([0-9]+)p)?(?:([0-9]+)s)?(?:([1-7]+)z)?")
_RUN = re.compile(r"([0-9]+)([mpsz])")
_SUIT_LETTER = re.compile(f"([{SUITS}])")


def _notation_fault(notation: str, text: str) -> None:
    """Raise the first fault of notation that is not MPSZ, in reading order."""
    *runs, rest = _SUIT_LETTER.split(notation)
    for run, suit in zip(runs[::2], runs[1::2]):
        if not _NOTATION.fullmatch(run + suit):
            _run_fault(run, suit, text)
    _run_fault(rest, "", text)


def _run_fault(digits: str, suit: str, text: str) -> None:
    """Raise the fault of a piece of text before a suit letter (``suit``), or after
    the last one (``suit`` empty)."""
    for char in digits:
        if char not in "0123456789":  # ASCII digits only: str.isdigit() takes "¹" too
            raise BadNotationError(f"unknown character {shown(char)} in tiles {shown(text)}")
    if not suit:
        raise BadNotationError(f"digits without a suit letter at the end of {shown(text)}")
    if not digits:
        raise BadNotationError(f"suit letter {shown(suit)} without digits in {shown(text)}")
    digit = next(digit for digit in digits if digit not in "1234567")
    raise BadNotationError(f"no honor tile {digit}z in {shown(text)} (1z-7z)")


# The tile code of each digit before each suit letter: 0 is the red five of a suit,
# and the honors are 1z-7z only.
TILE_OF_DIGIT = {
    suit: {
        str(digit): RED_FIVES[index] if digit == 0 else 9 * index + digit - 1
        for digit in (range(1, 8) if suit == "z" else range(10))
    }
    for index, suit in enumerate(SUITS)
}


@dataclass(frozen=True, slots=True)
class SuitTiles:
    """The tiles of one suit's digits, sorted, their counts and class bits, and what they
    hold too many of."""

    tiles: tuple[int, ...]
    over: tuple[str, ...]  # the kinds of which it holds more than four copies
    red: str  # its red five if it holds more than one, else ""
    counts: tuple[int, ...]  # of each of the suit's kinds: 9, or 7 honors
    bits: int  # the OR of the tiles' class bits
    is_faulty: bool  # it holds a fifth copy or a second red five


SUIT_LIMIT = 4 * 9  # more tiles of one suit always hold a fifth copy


def suit_tiles(suit: str, digits: str) -> SuitTiles:
    """Return the tiles of one suit's digits (checked notation) and their faults.

    >>> found = suit_tiles("p", "5505")
    >>> found.tiles, found.counts
    ((35, 13, 13, 13), (0, 0, 0, 0, 4, 0, 0, 0, 0))
    """
    if len(digits) > SUIT_LIMIT:
        return _read_suit(suit, digits)  # never a hand's, a meld's or an indicator's: not kept
    return _kept_suit(suit, digits)


def _read_suit(suit: str, digits: str) -> SuitTiles:
    codes = TILE_OF_DIGIT[suit]
    tiles = sort_tiles([codes[digit] for digit in digits])
    start = 9 * SUITS.index(suit)
    suit_counts = tile_counts(tiles)[start : start + (7 if suit == "z" else 9)]
    over = tuple(tile_name(start + k) for k, count in enumerate(suit_counts) if count > 4)
    red = "0" + suit if digits.count("0") > 1 else ""
    return SuitTiles(tiles, over, red, suit_counts, tile_bits(tiles), bool(over or red))


# Each suit's digits read once: a batch's hands, melds and indicators repeat them.
_kept_suit = functools.lru_cache(maxsize=8192)(_read_suit)


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
        counts[KIND_OF[tile]] += 1
    return tuple(counts)


def counts_with(counts: tuple[int, ...], tiles: Iterable[int]) -> tuple[int, ...]:
    """Return 34 counts with the tiles added.

    >>> counts_with(tile_counts(parse_tiles("5m")), parse_tiles("0m5m"))[4]
    3
    """
    more = list(counts)
    for tile in tiles:
        more[KIND_OF[tile]] += 1
    return tuple(more)


def checked_counts(tiles: Iterable[object]) -> tuple[tuple[int, ...], int]:
    """Return how many of each kind 0..33 the tiles hold and the OR of their class bits,
    raising unless every tile is a tile code (naming the first that is not).

    >>> counts, bits = checked_counts(parse_tiles("0m5m"))
    >>> counts[4], bits & RED == RED
    (2, True)
    """
    counts = [0] * KINDS
    bits = 0
    for tile in tiles:
        if type(tile) is not int or not 0 <= tile < len(KIND_OF):
            raise BadNotationError(f"{shown(tile)} is not a tile code (0 to {len(KIND_OF) - 1})")
        counts[KIND_OF[tile]] += 1
        bits |= KIND_BITS[tile]
    return tuple(counts), bits


def check_copies(tiles: Iterable[int]) -> None:
    """Raise if the tiles hold a fifth copy of a kind or two red fives of a suit."""
    tiles = tuple(tiles)
    check_tile_codes(tiles)
    check_counts(tile_counts(tiles), tiles)


def check_counts(counts: Sequence[int], tiles: Sequence[int]) -> None:
    """Raise if tile codes (and their counts by kind) hold a fifth copy of a kind or two
    red fives of a suit, naming every kind at fault.

    >>> check_counts(tile_counts([4, 4, 34, 34]), [4, 4, 34, 34])
    Traceback (most recent call last):
    scoring.errors.BadNotationError: more than one red five 0m
    """
    if max(counts) > 4:
        over = [tile_name(k) for k, count in enumerate(counts) if count > 4]
        raise BadNotationError(f"more than four copies of {', '.join(over)}")
    if tiles and max(tiles) >= KINDS:  # the red fives are the highest codes
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
        if type(tile) is not int or not 0 <= tile < len(KIND_OF):
            raise BadNotationError(f"{shown(tile)} is not a tile code (0 to {len(KIND_OF) - 1})")
