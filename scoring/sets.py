"""The sets of a winning hand (面子: sequences, triplets, quads) and the wait shape each
place of the winning tile makes: the seed's 听牌 page (钓 tanki: the pair, 碰 shanpon:
a triplet, 嵌 kanchan: a sequence's middle, 边 penchan: a 12 or 89 edge) and the
ryanmen of 符數的計算 item 3 (an open two-sided wait).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from scoring.melds import Meld
from scoring.tiles import format_tiles

SEQUENCE, TRIPLET, QUAD = "sequence", "triplet", "quad"
TANKI, SHANPON, KANCHAN, PENCHAN, RYANMEN = "tanki", "shanpon", "kanchan", "penchan", "ryanmen"
KOKUSHI, KOKUSHI_13 = "kokushi", "kokushi_13"
WAIT_SHAPES = (TANKI, SHANPON, KANCHAN, PENCHAN, RYANMEN, KOKUSHI, KOKUSHI_13)
PAIR = -1  # the place of a winning tile in the pair, where a set's index would be
NO_PAIR = -1  # the pair of sets that have none


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
    """Return the one shared Block of a kind, lowest tile and openness (sets repeat
    in every hand, so each is made once).

    >>> block(SEQUENCE, 0) is block(SEQUENCE, 0)
    True
    """
    return Block(set_kind, tile, is_open)


def meld_block(meld: Meld) -> Block:
    """Return the set a meld forms.

    >>> meld_block(Meld.parse("pon", "777z"))
    Block(kind='triplet', tile=33, is_open=True)
    """
    set_kind = QUAD if meld.is_kan else TRIPLET if meld.kind == "pon" else SEQUENCE
    return block(set_kind, meld.first, meld.is_open)


def wait_shape(each: Block, win: int) -> str | None:
    """Return the wait a set makes when kind ``win`` completes it, or None if it cannot.

    >>> wait_shape(block(SEQUENCE, 0), 2), wait_shape(block(SEQUENCE, 1), 2)
    ('penchan', 'kanchan')
    """
    offset = win - each.tile
    if each.kind == TRIPLET:
        return SHANPON if offset == 0 else None
    if each.kind == QUAD or not 0 <= offset <= 2:
        return None  # a quad is never completed by the winning tile (it is a meld)
    return _RUN_SHAPES[each.tile % 9][offset]


def _run_shape(first: int, offset: int) -> str:
    """Return the wait of a sequence from ``first`` (1-7) won on its tile at ``offset``."""
    if offset == 1:
        return KANCHAN
    edge = (offset == 0 and first == 7) or (offset == 2 and first == 1)
    return PENCHAN if edge else RYANMEN


_RUN_SHAPES = tuple(
    tuple(_run_shape(first, offset) for offset in range(3)) for first in range(1, 8)
)


def win_shapes(blocks: tuple[Block, ...], pair: int, win: int) -> list[str]:
    """Return the wait shape of each place the winning kind takes among sets and pair.

    >>> win_shapes((block(SEQUENCE, 0), block(TRIPLET, 2)), NO_PAIR, 2)
    ['penchan', 'shanpon']
    """
    shapes = [TANKI] if pair == win else []
    shapes.extend(shape for each in blocks if (shape := wait_shape(each, win)) is not None)
    return shapes
